"""Adding, editing and removing records of the world: what the admin's forms call.

Game actions get services of their own in the apps that own them; these cover
the plain set-up and correction of tables, provinces, characters and the like.
"""

from typing import TypeVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, ProtectedError

from umpire.events import WorldChanged, control_group, publish_on_commit, table_group
from umpire.models import Event, GameClock, Region

from .audit import Actor, Snapshot, record_audit, snapshot

M = TypeVar("M", bound=Model)


def do_save_record(instance: M, *, actor: Actor, reason: str = "") -> M:
    """Validate and store one record, auditing the change; invalid input changes nothing."""
    with transaction.atomic():
        stored = _locked_copy(instance)
        instance.full_clean()
        instance.save()
        before, after = snapshot(stored), snapshot(instance)
        if before != after:
            verb = "update" if stored else "create"
            _audit_and_publish(instance, verb, before, after, actor=actor, reason=reason)
    return instance


def do_save_event(event: Event, *, actor: Actor, reason: str = "") -> Event:
    """An event is stored with its game clock: a new one gets its clock, scheduled at turn 1, in
    the same transaction, so its clock desk and its tables' consoles have a clock to show."""
    with transaction.atomic():
        do_save_record(event, actor=actor, reason=reason)
        GameClock.objects.get_or_create(event=event)
    return event


def do_delete_record(instance: Model, *, actor: Actor, reason: str = "") -> None:
    """Remove one record, auditing it; a record others still need is refused, naming them."""
    try:
        with transaction.atomic():
            before = snapshot(instance)
            _audit_and_publish(instance, "delete", before, None, actor=actor, reason=reason)
            instance.delete()
    except ProtectedError as refusal:
        users = ", ".join(sorted({str(obj) for obj in refusal.protected_objects})[:5])
        raise ValidationError(f"{instance} cannot be removed while these still refer to it: {users}.") from refusal


def _locked_copy(instance: M) -> M | None:
    if instance.pk is None:
        return None
    return type(instance)._default_manager.select_for_update().filter(pk=instance.pk).first()


def _audit_and_publish(
    instance: Model, verb: str, before: Snapshot | None, after: Snapshot | None, *, actor: Actor, reason: str
) -> None:
    event = event_of(instance)
    label = instance._meta.label_lower
    record_audit(
        event=event,
        actor=actor,
        action=f"{label}.{verb}",
        target=instance,
        before=before,
        after=after,
        reason=reason,
    )
    if event is not None:
        change = WorldChanged(action=verb, model=label, record_id=str(instance.pk), label=str(instance))
        publish_on_commit(groups_for(instance, event), change)


def event_of(instance: Model) -> Event | None:
    if isinstance(instance, Event):
        return instance if instance.pk else None
    return getattr(instance, "event", None) if getattr(instance, "event_id", None) else None


def groups_for(instance: Model, event: Event) -> list[str]:
    """Control always hears of a change; a table hears of changes to what is on it."""
    groups = [control_group(event.pk)]
    if isinstance(instance, Region):
        groups.append(table_group(instance.pk))
    for field in ("region_id", "location_id"):
        region_id = getattr(instance, field, None)
        if region_id:
            groups.append(table_group(region_id))
    return groups
