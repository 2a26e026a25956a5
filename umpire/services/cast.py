"""The cast from Control's spreadsheet: each character's sheet (role, class, starting table, wealth,
personal income, support, Military Skill, his briefing's notes) and who plays whom.

`preview_cast` reads the world and says of every row whether it is new, changed (which fields, old ->
new), unchanged or refused, and why. `do_import_cast` applies a file with no refused row as one audited
action, "cast.import", whose steps are the records it saved: the undo page takes the whole import back
(a character it created is removed again). Rows not in the file are left alone: an import never
deletes. `export_cast` writes the same format, so a file exported and imported again changes nothing.
"""

import re
from collections.abc import Iterable, Iterator, Mapping
from copy import copy
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ForeignKey, Model, TextChoices

from umpire.cast_sheets import (
    CHARACTER_COLUMNS,
    CHARACTERS,
    PLAYER_COLUMNS,
    PLAYERS,
    CastSheets,
    Sheet,
    SheetRow,
    plain,
    read_cast,
    write_csv,
    write_xlsx,
)
from umpire.events import WorldChanged, control_group, publish_on_commit
from umpire.models import AuditEntry, Briefing, CareerRank, Character, Event, Player, Region, SocialClass

from .audit import Actor, record_audit, steps_of
from .records import do_save_record

NEW, CHANGED, UNCHANGED, REFUSED = "new", "changed", "unchanged", "refused"
IMPORT = "cast.import"
DEMO_CAST = settings.BASE_DIR / "fixtures" / "ad69_demo_cast.csv"
WHOLE_NUMBER = re.compile(r"[+-]?\d{1,12}")
TITLES = {column.key: column.title for column in (*CHARACTER_COLUMNS, *PLAYER_COLUMNS)}
# a model field's name -> the column it is read from, for the words of a refusal and of a change
FIELD_COLUMNS = {
    "location": "starting_table",
    "travelling_to": "starting_table",
    "notes": "notes",
    "character": "character",
    "is_demo": "demo figures",
}
# checked against the world read once (World), not by a query a row as a model's own foreign key check would
RESOLVED = {
    "umpire.character": ["event", "location", "travelling_to", "career_rank"],
    "umpire.player": ["event", "character"],
}


@dataclass(frozen=True)
class FieldChange:
    column: str
    old: str
    new: str


@dataclass(frozen=True)
class RowPreview:
    sheet: str
    number: int
    name: str
    status: str
    changes: tuple[FieldChange, ...] = ()
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class CastPreview:
    rows: tuple[RowPreview, ...]

    def count(self, status: str) -> int:
        return sum(1 for row in self.rows if row.status == status)

    @property
    def counts(self) -> dict[str, int]:
        return {status: self.count(status) for status in (NEW, CHANGED, UNCHANGED, REFUSED)}

    @property
    def refused(self) -> list[RowPreview]:
        return [row for row in self.rows if row.status == REFUSED]

    @property
    def changes_anything(self) -> bool:
        return any(row.status in (NEW, CHANGED) for row in self.rows)


@dataclass
class World:
    """What the rows are read against, fetched once: the event's tables, characters, their briefings and
    players, and the career ladders; and the characters the file itself brings."""

    event: Event
    tables: dict[str, Region]
    characters: dict[str, Character]
    briefings: dict[int, Briefing]
    players: dict[str, Player]
    ranks: dict[str, CareerRank]
    in_file: dict[str, tuple[Character, bool]] = field(default_factory=dict)  # name -> (character, refused)

    @classmethod
    def of(cls, event: Event) -> "World":
        characters = Character.objects.filter(event=event).select_related("location", "career_rank")
        return cls(
            event=event,
            tables=by_name(Region.objects.filter(event=event)),
            characters=by_name(characters),
            briefings={b.character_id: b for b in Briefing.objects.filter(character__event=event)},
            players=by_name(Player.objects.filter(event=event).select_related("character")),
            ranks=by_name(CareerRank.objects.all()),
        )


def by_name(records: Iterable[Any]) -> dict[str, Any]:
    return {key(record.name): record for record in records}


def key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass
class Planned:
    preview: RowPreview
    records: list[Model]  # saved in this order when the import is applied


# ---- the preview ---------------------------------------------------------------------------------


def preview_cast(event: Event, sheets: CastSheets) -> CastPreview:
    """Every row of the file as new, changed, unchanged or refused, with the reasons: a pure read."""
    return CastPreview(tuple(planned.preview for planned in plan_cast(event, sheets, demo=False)))


def plan_cast(event: Event, sheets: CastSheets, *, demo: bool) -> list[Planned]:
    world = World.of(event)
    plans = list(plan_sheet(sheets.characters, world, demo)) if sheets.characters else []
    if sheets.players:
        plans += plan_sheet(sheets.players, world, demo)
    return plans


def plan_sheet(sheet: Sheet, world: World, demo: bool) -> Iterator[Planned]:
    twice = named_twice(sheet)
    for row in sheet.rows:
        reasons = [twice[key(row.cells["name"])]] if key(row.cells["name"]) in twice else []
        if sheet.kind == CHARACTERS:
            yield plan_character(sheet, row, world, reasons, demo)
        else:
            yield plan_player(row, world, reasons)


def named_twice(sheet: Sheet) -> dict[str, str]:
    """A name on two rows of one sheet refuses both: which one was meant is Control's to say."""
    rows: dict[str, list[int]] = {}
    for row in sheet.rows:
        rows.setdefault(key(row.cells["name"]), []).append(row.number)
    noun = "character" if sheet.kind == CHARACTERS else "player"
    return {
        name: f"a {noun} named twice in the {sheet.kind} sheet (rows {', '.join(map(str, numbers))})"
        for name, numbers in rows.items()
        if name and len(numbers) > 1
    }


def plan_character(sheet: Sheet, row: SheetRow, world: World, reasons: list[str], demo: bool) -> Planned:
    cells = {column: plain(text) for column, text in row.cells.items()}
    found = world.characters.get(key(cells["name"]))
    character = copy(found) if found else Character(event=world.event)
    briefing = copy(world.briefings.get(character.pk)) if found and character.pk in world.briefings else None
    values: dict[str, Any] = {
        "name": cells["name"],
        "role": choice(Character.Role, cells["role"], "role", reasons),
        "social_class": choice(SocialClass, cells["social_class"], "social_class", reasons),
        "location": known(world.tables, cells["starting_table"], "starting_table", "table", reasons),
        "wealth": whole(cells["wealth"], "wealth", reasons),
        "support": whole(cells["support"], "support", reasons),
        "military_skill": whole(cells["military_skill"], "military_skill", reasons),
    }
    if sheet.has("career_rank"):
        values["career_rank"] = known(world.ranks, cells["career_rank"], "career_rank", "career rank", reasons)
    told = {"personal_income": whole(cells["personal_income"], "personal_income", reasons), "notes": cells["notes"]}
    if sheet.has("objectives"):
        told["objectives"] = cells["objectives"]
    changes = set_values(character, values)
    briefing, briefing_changes = briefed(character, briefing, told)
    changes += briefing_changes
    changes += demo_flag(character, demo, bool(changes))
    reasons += invalid(character, exclude=[name for name, value in values.items() if value is NOT_READ])
    if briefing is not None:
        reasons += invalid(briefing)
    world.in_file[key(cells["name"])] = (character, bool(reasons))
    records = [character, *([briefing] if briefing is not None and briefing_changes else [])]
    return planned(row, CHARACTERS, cells["name"], found is None, changes, reasons, records)


def plan_player(row: SheetRow, world: World, reasons: list[str]) -> Planned:
    cells = {column: plain(text) for column, text in row.cells.items()}
    found = world.players.get(key(cells["name"]))
    player = copy(found) if found else Player(event=world.event)
    character = cast_as(world, cells["character"], reasons)
    values = {"name": cells["name"], "contact": cells["contact"], "character": character, "team": cells["team"]}
    changes = set_values(player, values)
    reasons += invalid(player)
    return planned(row, PLAYERS, cells["name"], found is None, changes, reasons, [player])


def planned(
    row: SheetRow, sheet: str, name: str, new: bool, changes: list[FieldChange], reasons: list[str], records: list
) -> Planned:
    status = REFUSED if reasons else NEW if new else CHANGED if changes else UNCHANGED
    preview = RowPreview(sheet, row.number, name, status, tuple(changes), tuple(dict.fromkeys(reasons)))
    return Planned(preview, records if status in (NEW, CHANGED) else [])


class NotRead:
    """A cell that could not be read: the field keeps its value and the row is refused."""

    def __repr__(self) -> str:
        return "not read"


NOT_READ: Any = NotRead()


def choice(choices: type[TextChoices], text: str, column: str, reasons: list[str]) -> Any:
    if not text:
        reasons.append(f"{TITLES[column]}: it is required")
        return NOT_READ
    for value, label in choices.choices:
        if key(text) in (key(value), key(str(label))):
            return value
    known_ones = ", ".join(str(label) for _, label in choices.choices)
    reasons.append(f"{TITLES[column]}: unknown “{text}” (one of {known_ones})")
    return NOT_READ


def known(records: Mapping[str, Any], text: str, column: str, noun: str, reasons: list[str]) -> Any:
    """A table or career rank by its name; blank is none (a character not placed, or without a rank)."""
    if not text:
        return None
    if key(text) in records:
        return records[key(text)]
    names = ", ".join(record.name for record in records.values())
    reasons.append(f"{TITLES[column]}: unknown {noun} “{text}” (the {noun}s are {names})")
    return NOT_READ


def whole(text: str, column: str, reasons: list[str]) -> Any:
    """A whole number; blank is not set."""
    if not text:
        return None
    if not WHOLE_NUMBER.fullmatch(text):
        reasons.append(f"{TITLES[column]}: “{text}” is not a whole number")
        return NOT_READ
    return int(text)


def cast_as(world: World, name: str, reasons: list[str]) -> Any:
    """The character a player plays: one of the event's, or one the file's Characters sheet brings."""
    if not name:
        return None
    in_file = world.in_file.get(key(name))
    if in_file is not None:
        character, refused = in_file
        if refused and character.pk is None:
            reasons.append(f"character: “{name}” is refused in the Characters sheet")
            return NOT_READ
        return character
    if key(name) in world.characters:
        return world.characters[key(name)]
    reasons.append(f"character: unknown character “{name}”: neither the event's nor in the Characters sheet")
    return NOT_READ


def set_values(record: Model, values: Mapping[str, Any]) -> list[FieldChange]:
    """Set the fields that were read, and say which change, in the sheet's words."""
    changes = []
    for name, value in values.items():
        if value is NOT_READ:
            continue
        old = getattr(record, name)
        if same(old, value):
            continue
        changes.append(FieldChange(column_title(name), shown(record, name, old), shown(record, name, value)))
        setattr(record, name, value)
    return changes


def same(old: object, new: object) -> bool:
    if isinstance(new, str):
        return text_of(old) == text_of(new)
    if isinstance(new, Model) or isinstance(old, Model):
        return getattr(old, "pk", None) == getattr(new, "pk", None) and new is not None and old is not None
    return old == new


def text_of(value: object) -> str:
    """Text as the cast compares it: the line endings and the spaces round it are a spreadsheet's, not the text's."""
    return str(value or "").replace("\r\n", "\n").strip()


def shown(record: Model, name: str, value: object) -> str:
    if value is None or value == "":
        return "(blank)"
    if isinstance(value, Model):
        return str(value)
    model_field = record._meta.get_field(name)
    labels = dict(getattr(model_field, "choices", None) or ())
    return str(labels.get(value, value))


def column_title(name: str) -> str:
    column = FIELD_COLUMNS.get(name, name)
    return TITLES.get(column, column.replace("_", " "))


def briefed(
    character: Character, briefing: Briefing | None, told: Mapping[str, Any]
) -> tuple[Briefing | None, list[FieldChange]]:
    """His briefing with what the row tells of it; none is made for a row that tells nothing."""
    if briefing is None:
        if all(value in (None, "", NOT_READ) for value in told.values()):
            return None, []
        briefing = Briefing(character=character)
    return briefing, set_values(briefing, told)


def demo_flag(character: Character, demo: bool, changed: bool) -> list[FieldChange]:
    """A character the demo cast loads is flagged as demo data; one whose figures Control's own cast
    changes is his no more."""
    if character.is_demo == demo or not (demo or changed):
        return []
    return set_values(character, {"is_demo": demo})


def invalid(record: Model, *, exclude: Iterable[str] = ()) -> list[str]:
    """The model's own refusals (a skill below 0, a rank of the other class, a name too long), in the
    sheet's words. Uniqueness is the file's own check (named twice), made without a query a row."""
    unchecked = [*exclude, *RESOLVED.get(record._meta.label_lower, ["character"])]
    try:
        record.full_clean(exclude=unchecked, validate_unique=False, validate_constraints=False)
    except ValidationError as refusal:
        return [f"{column_title(name)}: {' '.join(messages)}" for name, messages in refusal.message_dict.items()]
    return []


# ---- applying ------------------------------------------------------------------------------------


def do_import_cast(
    event: Event, sheets: CastSheets, *, actor: Actor, demo: bool = False, reason: str = ""
) -> AuditEntry:
    """Apply a cast file: one transaction, one audited action whose steps are every record saved, so it is
    undone whole. Checked again here, since the world may have changed since the preview; a file with any
    refused row, or one that changes nothing, is refused and nothing is written."""
    with transaction.atomic():
        plans = plan_cast(event, sheets, demo=demo)
        check_applicable(CastPreview(tuple(plan.preview for plan in plans)))
        counts = CastPreview(tuple(plan.preview for plan in plans)).counts
        entry = record_audit(
            event=event,
            actor=actor,
            action=IMPORT,
            target=event,
            after={"rows": counts, "demo": demo},
            reason=reason or f"cast imported: {summary(counts)}",
        )
        with steps_of(entry):
            for plan in plans:
                for record in plan.records:
                    do_save_record(relinked(record), actor=actor, reason=f"cast import #{entry.pk}")
        publish_on_commit(
            [control_group(event.pk)],
            WorldChanged(action="import", model="umpire.character", record_id=str(entry.pk), label=summary(counts)),
        )
    return entry


def relinked(record: Model) -> Model:
    """A briefing or player whose character the import has just created takes his new id: Django validates the
    id, which was empty when the row was read, not the object it has since saved."""
    for model_field in record._meta.concrete_fields:
        if (
            isinstance(model_field, ForeignKey)
            and model_field.is_cached(record)
            and getattr(record, model_field.attname) is None
        ):
            related = model_field.get_cached_value(record)
            if related is not None:
                setattr(record, model_field.name, related)
    return record


def check_applicable(preview: CastPreview) -> None:
    refused = preview.refused
    if refused:
        raise ValidationError(
            {
                "file": [
                    f"{row.sheet}, row {row.number} ({row.name or 'no name'}): {'; '.join(row.reasons)}."
                    for row in refused
                ]
                + [f"Fix the {len(refused)} refused row{'s' if len(refused) > 1 else ''} and upload the file again."]
            }
        )
    if not preview.changes_anything:
        raise ValidationError({"file": "The file changes nothing: every row is as the event already has it."})


def summary(counts: Mapping[str, int]) -> str:
    return f"{counts[NEW]} new, {counts[CHANGED]} changed, {counts[UNCHANGED]} unchanged"


def do_load_demo_cast(event: Event, *, actor: Actor) -> AuditEntry:
    """The demo cast (fixtures/ad69_demo_cast.csv): every AD69 character's figures, flagged as demo data
    as the demo forces are, through the same import as Control's own cast, as one audited action."""
    sheets = read_cast(DEMO_CAST.read_bytes(), DEMO_CAST.name)
    return do_import_cast(
        event, sheets, actor=actor, demo=True, reason=f"demo cast loaded from fixtures/{DEMO_CAST.name}"
    )


# ---- export and the template ---------------------------------------------------------------------

XLSX, CSV = "xlsx", "csv"


def export_cast(event: Event, file_format: str = XLSX, kind: str = CHARACTERS) -> bytes:
    """The event's cast in the import's own format: XLSX with both sheets, or one sheet (`kind`) as CSV."""
    return as_file(cast_sheets(event), file_format, kind)


def cast_template(event: Event, file_format: str = XLSX, kind: str = CHARACTERS) -> bytes:
    """The headers and one example row of each sheet, its table one of the event's."""
    table = Region.objects.filter(event=event).values_list("name", flat=True).first() or ""
    example = {
        "name": "Gaius Exemplus",
        "role": str(Character.Role.LEGIONARY_LEGATE.label),
        "social_class": str(SocialClass.SENATOR.label),
        "starting_table": table,
        "wealth": "20",
        "personal_income": "2",
        "support": "1",
        "military_skill": "1",
        "notes": "An example row: replace it with your own cast.",
        "career_rank": "",
        "objectives": "",
    }
    # a Players sheet on its own names one of the event's characters; in the workbook, the example beside it
    cast_as = example["name"] if file_format == XLSX else first_character(event) or example["name"]
    player = {"name": "Alex Example", "contact": "alex@example.org", "character": cast_as, "team": "Flavians"}
    sheets = CastSheets(
        characters=Sheet(CHARACTERS, tuple(c.key for c in CHARACTER_COLUMNS), (SheetRow(2, example),)),
        players=Sheet(PLAYERS, tuple(c.key for c in PLAYER_COLUMNS), (SheetRow(2, player),)),
    )
    return as_file(sheets, file_format, kind)


def first_character(event: Event) -> str | None:
    return Character.objects.filter(event=event).values_list("name", flat=True).first()


def as_file(sheets: CastSheets, file_format: str, kind: str) -> bytes:
    if file_format == XLSX:
        return write_xlsx(sheets)
    sheet = sheets.characters if kind == CHARACTERS else sheets.players
    assert sheet is not None  # both are always built
    return write_csv(sheet)


def cast_sheets(event: Event) -> CastSheets:
    characters = Character.objects.filter(event=event).select_related("location", "career_rank", "briefing")
    players = Player.objects.filter(event=event).select_related("character")
    return CastSheets(
        characters=Sheet(
            CHARACTERS,
            tuple(column.key for column in CHARACTER_COLUMNS),
            tuple(SheetRow(number, character_cells(c)) for number, c in enumerate(characters, start=2)),
        ),
        players=Sheet(
            PLAYERS,
            tuple(column.key for column in PLAYER_COLUMNS),
            tuple(SheetRow(number, player_cells(p)) for number, p in enumerate(players, start=2)),
        ),
    )


def character_cells(character: Character) -> dict[str, str]:
    briefing = getattr(character, "briefing", None)
    return {
        "name": character.name,
        "role": character.get_role_display(),
        "social_class": character.get_social_class_display(),
        "starting_table": character.location.name if character.location else "",
        "wealth": number(character.wealth),
        "personal_income": number(briefing.personal_income if briefing else None),
        "support": number(character.support),
        "military_skill": number(character.military_skill),
        "notes": briefing.notes if briefing else "",
        "career_rank": character.career_rank.name if character.career_rank else "",
        "objectives": briefing.objectives if briefing else "",
    }


def player_cells(player: Player) -> dict[str, str]:
    character = player.character.name if player.character else ""
    return {"name": player.name, "contact": player.contact, "character": character, "team": player.team}


def number(value: int | None) -> str:
    return "" if value is None else str(value)
