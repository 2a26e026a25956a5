"""Writing the audit log; called by every service inside its transaction."""

import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeAlias, overload

from django.contrib.auth.models import AnonymousUser, User
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model

from umpire.models import AuditEntry, Event, GameClock
from umpire.whereabouts import get_whereabouts

# Who does a change: an umpire, or the console itself (None).
Actor: TypeAlias = User | None
# A record's stored fields as the audit keeps them (`snapshot`): attname -> JSON-safe value.
Snapshot: TypeAlias = dict[str, Any]

# the entry being undone while its compensation runs: every entry written meanwhile points to it
_undoing: ContextVar[AuditEntry | None] = ContextVar("undoing", default=None)
# the action whose steps are being written: each step's entry points to it, to be undone with it
_steps_of: ContextVar[AuditEntry | None] = ContextVar("steps_of", default=None)
# the entries written for an action whose own entry comes last, to be made its steps then
_gathered: ContextVar[list[AuditEntry] | None] = ContextVar("gathered", default=None)


@overload
def snapshot(instance: Model) -> Snapshot: ...
@overload
def snapshot(instance: None) -> None: ...
@overload
def snapshot(instance: Model | None) -> Snapshot | None: ...


def snapshot(instance: Model | None) -> Snapshot | None:
    """The stored fields of a model instance, as JSON-safe values; a file (a print run's merged PDF, on disk) is
    the paper's, not the record's history, and is left out: an undo must not bring back a row naming a file
    already removed."""
    if instance is None:
        return None
    values = {
        field.attname: getattr(instance, field.attname)
        for field in instance._meta.concrete_fields
        if field.get_internal_type() not in ("BinaryField", "FileField")
    }
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def record_audit(
    *,
    event: Event | None,
    actor: User | AnonymousUser | None,
    action: str,
    target: Model,
    before: object = None,
    after: object = None,
    reason: str = "",
) -> AuditEntry:
    """Add the audit entry of one change, stamped with the wall clock and the game date, and filed
    under the tables and characters it concerns (umpire.whereabouts)."""
    turn, game_date = _game_date(event)
    entry = AuditEntry.objects.create(
        event=event,
        actor=actor if isinstance(actor, User) else None,  # a visitor with no login is no account
        actor_name=_actor_name(actor),
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk or ""),
        target_label=str(target)[:200],
        game_turn=turn,
        game_date=game_date,
        before=before,
        after=after,
        reason=reason,
        compensates=_undoing.get(),
        part_of=_steps_of.get(),
    )
    _file_under(entry, *get_whereabouts(target, before=before, after=after))
    gathered = _gathered.get()
    if gathered is not None:
        gathered.append(entry)
    return entry


def _file_under(entry: AuditEntry, tables: Iterable[int], characters: Iterable[int]) -> None:
    if tables:
        entry.tables.set(tables)
    if characters:
        entry.characters.set(characters)


@contextmanager
def compensating(entry: AuditEntry) -> Iterator[None]:
    """Mark every entry written inside the block as part of the undo of `entry`."""
    token = _undoing.set(entry)
    try:
        yield
    finally:
        _undoing.reset(token)


@contextmanager
def steps_of(entry: AuditEntry) -> Iterator[None]:
    """Mark every entry written inside the block as one step of the action `entry` records, so
    that the action is undone whole and none of its steps alone."""
    token = _steps_of.set(entry)
    try:
        yield
    finally:
        _steps_of.reset(token)


@contextmanager
def gathering_steps() -> Iterator[list[AuditEntry]]:
    """For an action whose own entry is written last, its after being the whole change (a force's
    order): collect the entries written inside the block, for `adopt_steps` to make them its steps."""
    found: list[AuditEntry] = []
    token = _gathered.set(found)
    try:
        yield found
    finally:
        _gathered.reset(token)


def adopt_steps(entry: AuditEntry, gathered: Iterable[AuditEntry]) -> None:
    """Make the gathered entries steps of `entry`, in the same transaction that wrote them all, so
    the action is never seen without its steps. An entry already a step of an enclosing action (a
    battle's) becomes a step of `entry`, which is itself that action's step."""
    (
        AuditEntry.objects.filter(pk__in=[step.pk for step in gathered], part_of=entry.part_of_id)
        .exclude(pk=entry.pk)
        .update(part_of=entry)
    )


def _actor_name(actor: User | AnonymousUser | None) -> str:
    if actor is None:
        return "system"
    return actor.get_username() or "anonymous"


def _game_date(event: Event | None) -> tuple[int | None, str]:
    if event is None:
        return None, ""
    turn = GameClock.objects.filter(event=event).values_list("turn", flat=True).first()
    if turn is None:
        return None, ""
    return turn, str(event.game_month(turn))
