"""The rules desk's case filled from the event's records, so the umpire types what the console does not know.

Two sources. The clock: an AD69 procedure's month starts as the event's month now, with a line saying so and
which tables are in winter (`with_the_clock`); the umpire may still change it. The records: an app registers a
case picker for a kind of input (`register_case_picker`): the picks it offers ("Legion XIV Gemina", "Marcus
Antonius Primus") and how a pick fills an object of that kind (its troops, its commander's Military Skill).
Picking and pressing "Fill in" (`fill_from_records`) rewrites only the picked groups of the form as sent, from
the records, and shows them for the umpire to change before he runs the case. A pick fills once: the form comes
back with it cleared, so filling another group never undoes what the umpire changed in this one."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.http import QueryDict

from umpire.models import GameClock, Region
from umpire.rules.registry import Procedure
from umpire.rules_forms import MISSING, CaseGroup, Offers, Source, input_kinds, pattern, walk

MONTH = "month"  # an AD69 input named so is the month of the year, 1 (January) to 12


@dataclass(frozen=True)
class Pick:
    """One choice a picker offers: its name, its label, and the event's records to pick from as (id, words)."""

    name: str
    label: str
    options: Callable[[Any], list[tuple[str, str]]]


# fill(event, {pick name: the record's id}, the group's values) -> (its values filled, notes in words);
# it raises ValidationError, in words, for a record it cannot use (a commander whose skill is missing)
Fill = Callable[[Any, Mapping[str, str], dict[str, Any]], tuple[dict[str, Any], list[str]]]


@dataclass(frozen=True)
class CasePicker:
    ruleset: str
    kind: type  # the rules input dataclass it fills, as umpire.rules.ad69.forces.Force
    picks: tuple[Pick, ...]
    fill: Fill


CASE_PICKERS: dict[type, CasePicker] = {}


def register_case_picker(kind: type, *, ruleset: str, picks: tuple[Pick, ...], fill: Fill) -> None:
    """Offer `picks` on every input of `kind` in `ruleset`'s procedures at an event of that ruleset; apps
    register in ready()."""
    CASE_PICKERS[kind] = CasePicker(ruleset, kind, picks, fill)


def get_offers(event: Any, proc: Procedure) -> Offers:
    """The picks offered on `proc`'s inputs at `event`, each with the event's records (a query per pick)."""
    if event.ruleset != proc.ruleset:
        return {}
    kinds = set(input_kinds(proc.input_type).values())
    return {
        picker.kind: [(pick.name, pick.label, pick.options(event)) for pick in picker.picks]
        for picker in CASE_PICKERS.values()
        if picker.ruleset == proc.ruleset and picker.kind in kinds
    }


class FillRefused(Exception):
    def __init__(self, errors: dict[str, str]) -> None:
        super().__init__(errors)
        self.errors = errors


def fill_from_records(
    event: Any, proc: Procedure, posted: QueryDict, build: Callable[[Source], CaseGroup]
) -> tuple[Source, list[str]]:
    """The form's source with each picked group filled from the records, and what was filled, in words.
    Inner groups first (a force picked in a side, then the side), each read from the form as it stands once
    the ones inside it are filled. Raises FillRefused with the errors by path, and then fills nothing."""
    kinds = input_kinds(proc.input_type)
    picked = [group for group in groups(build(Source(posted=posted))) if any(pick.value for pick in group.picks)]
    filled: dict[str, Any] = {}
    notes: list[str] = []
    for path in sorted((group.path for group in picked), key=lambda path: path.count("."), reverse=True):
        source = Source(posted=posted, filled=filled)
        group = next(group for group in groups(build(source)) if group.path == path)
        values, said = fill_group(event, CASE_PICKERS[kinds[pattern(path)]], group, chosen(posted, group))
        filled = {inner: v for inner, v in filled.items() if not inner.startswith(f"{path}.")} | {path: values}
        notes += said
    return Source(posted=posted, filled=filled), notes


def groups(form: CaseGroup) -> list[CaseGroup]:
    return [node for _, node in walk(form) if isinstance(node, CaseGroup)]


def chosen(posted: QueryDict, group: CaseGroup) -> dict[str, str]:
    return {pick.name.rsplit(".", 1)[1]: value for pick in group.picks if (value := posted.get(pick.name, ""))}


def fill_group(
    event: Any, picker: CasePicker, group: CaseGroup, picks: Mapping[str, str]
) -> tuple[dict[str, Any], list[str]]:
    errors: dict[str, str] = {}
    values = group.read(errors)
    if errors:
        raise FillRefused(errors)
    try:
        return picker.fill(event, picks, {} if values is MISSING else values)
    except ValidationError as refusal:
        raise FillRefused({group.path: " ".join(refusal.messages)}) from refusal


# ---- the clock ------------------------------------------------------------------------------------------


def with_the_clock(event: Any, proc: Procedure, description: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An AD69 procedure's month inputs start as the event's month now, with a line saying so and where it is
    winter by the event's tables (IX. WEATHER); the umpire may still change them."""
    clock = GameClock.objects.filter(event=event).first()
    if clock is None or not (event.is_megagame and proc.ruleset == event.ruleset):
        return description
    month = clock.month()
    note = f"{month} by the event's clock (turn {clock.turn}). {winter_now(event, month)}"
    for entry in month_inputs(description):
        entry["default"], entry["note"] = month.month, note
    return description


def month_inputs(description: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for entry in description:
        if entry["type"] == "object":
            found += month_inputs(entry["fields"])
        elif entry["name"] == MONTH and entry["type"] == "integer":
            found.append(entry)
    return found


def winter_now(event: Any, month: Any) -> str:
    """Where it is winter this month, by the tables' winters as Control set them."""
    tables = list(Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE))
    on_land = [table.name for table in tables if table.in_winter(month)]
    at_sea = [table.name for table in tables if table.in_winter(month, at_sea=True)]
    return f"Winter on land: {', '.join(on_land) or 'nowhere'}; at sea: {', '.join(at_sea) or 'nowhere'}."
