"""The cast page's changes: a character's sheet (his record and his briefing's figures and notes, as one
action), and the players in the hall who play the characters.

A sheet is saved as one audited action whose own entry comes first and names what changed; the
character's and his briefing's records are its steps (`steps_of`), so the undo page takes the whole
sheet back and never half of it.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import Briefing, Character, Player

from .audit import Actor, record_audit, steps_of
from .records import do_delete_record, do_save_record

CHARACTER_FIELDS = ("name", "role", "social_class", "career_rank", "location", "wealth", "support", "military_skill")
BRIEFING_FIELDS = ("personal_income", "notes", "objectives")
SHEET_FIELDS = CHARACTER_FIELDS + BRIEFING_FIELDS
# the figures his briefing prints: once Control sets any of them, they are his own and no longer demo data
FIGURES = ("wealth", "personal_income", "support", "military_skill")
SHEET_SAVED = "character_sheet.saved"


def do_save_sheet(character: Character, *, actor: Actor, **fields: Any) -> Character:
    """Set the named fields of his sheet (any of SHEET_FIELDS), his briefing created if he has none yet.

    Invalid input raises a ValidationError keyed by field and writes nothing; a sheet saved as it
    was writes nothing either.
    """
    check_sheet_fields(fields)
    with transaction.atomic():
        character = Character.objects.select_for_update(of=("self",)).select_related("event").get(pk=character.pk)
        briefing = Briefing.objects.filter(character=character).first() or Briefing(character=character)
        before = sheet_of(character, briefing)
        set_sheet(character, briefing, fields)
        after = sheet_of(character, briefing)
        if before == after:
            return character
        check_sheet(character, briefing)
        entry = record_audit(
            event=character.event, actor=actor, action=SHEET_SAVED, target=character, before=before, after=after
        )
        with steps_of(entry):  # the undo puts back his record and his briefing together
            do_save_record(character, actor=actor)
            if briefing.pk is not None or briefing_has_content(briefing):
                do_save_record(briefing, actor=actor)
    return character


def check_sheet_fields(fields: dict[str, Any]) -> None:
    unknown = sorted(set(fields) - set(SHEET_FIELDS))
    if unknown:
        raise ValidationError({name: "A character's sheet has no such field." for name in unknown})


def set_sheet(character: Character, briefing: Briefing, fields: dict[str, Any]) -> None:
    figures_before = {name: figure_of(character, briefing, name) for name in FIGURES}
    for name, value in fields.items():
        setattr(character if name in CHARACTER_FIELDS else briefing, name, value)
    if any(figure_of(character, briefing, name) != was for name, was in figures_before.items()):
        character.is_demo = False


def figure_of(character: Character, briefing: Briefing, name: str) -> Any:
    return getattr(briefing if name in BRIEFING_FIELDS else character, name)


def sheet_of(character: Character, briefing: Briefing) -> dict[str, Any]:
    """What the sheet shows, as the audit keeps it: a summary, not a whole record (it holds no "id"),
    so the undo puts back the steps' records and not this."""
    return {
        **{field.attname: getattr(character, field.attname) for field in sheet_model_fields()},
        "is_demo": character.is_demo,
        **{name: getattr(briefing, name) for name in BRIEFING_FIELDS},
    }


def sheet_model_fields() -> list[Any]:
    return [Character._meta.get_field(name) for name in CHARACTER_FIELDS]


def check_sheet(character: Character, briefing: Briefing) -> None:
    """Both records validated before either is written, every problem named at once; a name taken is
    said of the name, not of the record (the model's constraint names no field)."""
    errors: dict[str, list[str]] = {}
    if name_taken(Character, character):
        errors["name"] = [f"Another character is already called {character.name}."]
    for record, exclude in ((character, None), (briefing, ["character"])):
        try:
            record.full_clean(exclude=exclude, validate_constraints=not errors)
        except ValidationError as refusal:
            for name, messages in refusal.message_dict.items():
                errors.setdefault(name, []).extend(messages)
    if errors:
        raise ValidationError(errors)


def name_taken(model: type[Character] | type[Player], record: Character | Player) -> bool:
    return model.objects.filter(event_id=record.event_id, name=record.name).exclude(pk=record.pk).exists()


def briefing_has_content(briefing: Briefing) -> bool:
    return briefing.personal_income is not None or bool(briefing.notes) or bool(briefing.objectives)


# ---- the players ---------------------------------------------------------------------------------


def do_save_player(player: Player, *, actor: Actor) -> Player:
    """Add or correct a player in the hall (his name, contact, team and the character he plays)."""
    player.name = (player.name or "").strip()
    player.contact = (player.contact or "").strip()
    player.team = (player.team or "").strip()
    if player.name and name_taken(Player, player):
        raise ValidationError({"name": f"A player called {player.name} is already in the cast."})
    return do_save_record(player, actor=actor)


def do_remove_player(player: Player, *, actor: Actor) -> None:
    """He no longer plays: his row goes, audited; the character he played stays, to be cast again."""
    do_delete_record(player, actor=actor)
