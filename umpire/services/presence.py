"""Where the players are: checked out of one table, travelling, checked in at the next.

VI. COMMUNICATIONS: "Players are not free to move around the hall but must move from table to
table by the geographical links shown." A player is at a table (`location`) or on his way to one
(`travelling_to`), never both; the tables check him out and in. Who may do so at which table is
`umpire.selectors.can_move_player`'s answer; these services check only the facts.
"""

from typing import NoReturn

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from umpire.events import CharacterMoved, control_group, publish_on_commit, table_group
from umpire.models import Character, Region
from umpire.selectors import get_linked_tables

from .audit import Actor, Snapshot, record_audit, snapshot


def do_check_out(
    character: Character, *, to_table: Region, actor: Actor, from_table: Region | None = None
) -> Character:
    """He leaves his table for `to_table`, a table linked to it by a route.

    `from_table` is the table the umpire sees him at: if he has left it since, nothing happens.
    """
    with transaction.atomic():
        character = _locked(character)
        check_may_leave(character, to_table, from_table)
        before, left = snapshot(character), character.location
        character.location, character.travelling_to, character.left_table_at = None, to_table, timezone.now()
        _save_and_announce(character, "checked_out", before, left, to_table, actor=actor)
    return character


def do_check_in(character: Character, *, at_table: Region, actor: Actor) -> Character:
    """He arrives at `at_table`: the table he set out for, or any table if Control is placing him."""
    with transaction.atomic():
        character = _locked(character)
        check_may_arrive(character, at_table)
        before = snapshot(character)
        character.location, character.travelling_to, character.left_table_at = at_table, None, None
        _save_and_announce(character, "checked_in", before, None, at_table, actor=actor)
    return character


def check_may_leave(character: Character, to_table: Region, from_table: Region | None = None) -> None:
    """Refuse, naming the tables, unless he stands at a table linked to `to_table`."""
    _check_alive(character)
    if character.travelling_to_id:
        _refuse(f"{character} is already travelling to {character.travelling_to}: check him in there first.")
    if character.location_id is None:
        _refuse(f"{character} is at no table: Control checks him in at one first.")
    if from_table is not None and from_table.pk != character.location_id:
        _refuse(f"{character} is no longer at {from_table}: he is {character.whereabouts}.")
    _check_linked(character, character.location, to_table)


def check_may_arrive(character: Character, at_table: Region) -> None:
    """Refuse unless he is on his way to `at_table`, or at no table at all (Control placing him)."""
    _check_alive(character)
    if character.location_id == at_table.pk:
        _refuse(f"{character} is already at {at_table}.")
    if character.location_id:
        _refuse(f"{character} is at {character.location}: check him out of it before he arrives anywhere else.")
    if character.travelling_to_id not in (None, at_table.pk):
        _refuse(
            f"{character} set out for {character.travelling_to}, not {at_table}: "
            f"check him in at {character.travelling_to}."
        )


def _check_alive(character: Character) -> None:
    if character.died_turn is not None:
        _refuse(f"{character} fell in turn {character.died_turn}: the dead do not travel.")


def _check_linked(character: Character, table: Region | None, to_table: Region) -> None:
    linked = get_linked_tables(table)
    if to_table not in linked:
        choices = ", ".join(str(t) for t in linked) or "nowhere"
        raise ValidationError(
            {"to_table": f"{table} and {to_table} are not linked: from {table} {character} can go to {choices}."}
        )


def _refuse(message: str) -> NoReturn:
    raise ValidationError({"character": message})


def _locked(character: Character) -> Character:
    # `of` keeps the lock off the nullable tables joined in, which PostgreSQL refuses to lock
    rows = Character.objects.select_for_update(of=("self",)).select_related("event", "location", "travelling_to")
    return rows.get(pk=character.pk)


def _save_and_announce(
    character: Character, verb: str, before: Snapshot, from_table: Region | None, to_table: Region, *, actor: Actor
) -> None:
    character.full_clean()
    character.save()
    record_audit(
        event=character.event,
        actor=actor,
        action=f"character.{verb}",
        target=character,
        before=before,
        after=snapshot(character),
        reason=character.whereabouts,
    )
    tables = sorted({to_table.pk, from_table.pk if from_table else to_table.pk})
    groups = [control_group(character.event_id)] + [table_group(pk) for pk in tables]
    state = "travelling" if character.is_travelling else "at_table"
    publish_on_commit(
        groups,
        CharacterMoved(
            character_id=character.pk,
            name=character.name,
            from_table_id=from_table.pk if from_table else None,
            to_table_id=to_table.pk,
            state=state,
        ),
    )
