"""Undo: Control takes back an audited action with a compensating one.

History is never rewritten. The undo adds its own entry ("audit.undo", pointing at the entry
it undoes) and every change it makes is audited as usual, marked as part of the undo. An
action is undone at most once: a second undo of it returns the first. It is refused, with
the reason, when it is itself an undo, when it was one step of a larger action, when its
kind is never undone from the log, or while a later change to the same records stands.
"""

from collections.abc import Iterable
from typing import cast

from django.apps import apps
from django.contrib.admin.utils import NestedObjects
from django.core.exceptions import ValidationError
from django.db import IntegrityError, router, transaction
from django.db.models import Model, Q, QuerySet

from umpire.events import ActionUndone, control_group, publish_on_commit
from umpire.models import AuditEntry
from umpire.undo import Restorer, compensation_of, refusal_of, restorer_of

from .audit import Actor, Snapshot, compensating, record_audit, snapshot, steps_of
from .records import do_delete_record, do_save_record

LATER_SHOWN = 5
AUDIT_FILING = (AuditEntry.tables.through, AuditEntry.characters.through)


def do_undo(entry: AuditEntry, *, actor: Actor, reason: str) -> AuditEntry:
    """Undo the action `entry` records; returns the undo's own entry."""
    if not reason or not reason.strip():
        raise ValidationError({"reason": "Say why the action is undone: the log keeps it."})
    try:
        with transaction.atomic():
            return undo(entry, actor=actor, reason=reason.strip())
    except IntegrityError:
        # another click undid it between our check and our write: that undo stands
        existing = undo_of(entry)
        if existing is None:
            raise
        return existing


def undo_of(entry: AuditEntry) -> AuditEntry | None:
    return AuditEntry.objects.filter(compensates=entry, action=AuditEntry.UNDO).first()


def undo(entry: AuditEntry, *, actor: Actor, reason: str) -> AuditEntry:
    entry = AuditEntry.objects.select_for_update(of=("self",)).select_related("event").get(pk=entry.pk)
    existing = undo_of(entry)
    if existing is not None:
        return existing
    check_may_undo(entry)
    with compensating(entry):
        undo_entry = record_audit(
            event=entry.event,
            actor=actor,
            action=AuditEntry.UNDO,
            target=entry,
            before={"action": entry.action, "target": entry.target_label},
            reason=reason,
        )
        with steps_of(undo_entry):
            compensate(entry, actor=actor, reason=f"undo of #{entry.pk}: {reason}")
    if entry.event_id:
        publish_on_commit(
            [control_group(entry.event_id)],
            ActionUndone(entry_id=entry.pk, undo_id=undo_entry.pk, action=entry.action, label=entry.target_label),
        )
    return undo_entry


def why_not(entry: AuditEntry) -> str:
    """The reason an undo of `entry` would be refused now, or "" if it would be done; for the
    page that asks Control to confirm it."""
    try:
        check_may_undo(entry)
    except ValidationError as refusal:
        return " ".join(refusal.messages)
    return ""


def check_may_undo(entry: AuditEntry) -> None:
    if entry.action == AuditEntry.UNDO or entry.compensates_id:
        raise ValidationError(f"#{entry.pk} is itself part of an undo: an undo is final. Do the action again instead.")
    if entry.part_of is not None:
        raise ValidationError(
            f"#{entry.pk} is one step of #{entry.part_of_id} ({entry.part_of.action}): undo that action whole instead."
        )
    why = refusal_of(entry.action) if compensation_of(entry.action) is None else None
    if why:
        raise ValidationError(f"{entry.action} is not undone from the log: {why}")
    later = list(later_changes(entry)[:LATER_SHOWN])
    if later:
        named = "; ".join(f"#{e.pk} {e.action} of {e.target_label}" for e in later)
        raise ValidationError(f"Later changes depend on #{entry.pk}: {named}. Undo those first.")


def later_changes(entry: AuditEntry) -> QuerySet[AuditEntry]:
    """Changes since `entry` to any record it changed, that stand: not undone, not an undo's
    own work, not a step of `entry` itself."""
    steps = all_steps(entry)
    records = Q()
    for step in [entry, *steps] if puts_back_its_own_record(entry) else steps:
        records |= Q(target_type=step.target_type, target_id=step.target_id)
    return (
        AuditEntry.objects.filter(records, Q(event_id=entry.event_id), pk__gt=entry.pk)  # Q: no event, event_id IS NULL
        .exclude(pk__in=[step.pk for step in steps])
        .filter(compensates__isnull=True)
        .exclude(compensations__action=AuditEntry.UNDO)
        .exclude(part_of__compensations__action=AuditEntry.UNDO)
        .order_by("pk")
        .distinct()
    )


def puts_back_its_own_record(entry: AuditEntry) -> bool:
    """Whether undoing `entry` touches its own target, not only its steps' records: not so for an action
    that only names its steps (a cast's import filed under its event), so a later change to that target
    (the event's public address) is no reason to refuse it."""
    special = compensation_of(entry.action)
    return special not in (None, restore_with_steps) or kept_whole(entry) or not entry.parts.exists()


def all_steps(entry: AuditEntry) -> list[AuditEntry]:
    """The action's steps, and theirs in turn (a battle's force losses, and the bills a loss ran up)."""
    steps = list(entry.parts.all())
    return [found for step in steps for found in (step, *all_steps(step))]


def compensate(entry: AuditEntry, *, actor: Actor, reason: str) -> None:
    """The action's own compensation if it has one; else its record and its steps put back as they
    were (`restore_with_steps`)."""
    special = compensation_of(entry.action) or restore_with_steps
    special(entry, actor=actor, reason=reason)


def restore_with_steps(entry: AuditEntry, *, actor: Actor, reason: str) -> None:
    """The action's record and each of its steps put back, the last written first (a step written
    before its action, as a reign a proclamation ended, after it); a step with a compensation of its
    own (money, by its reversing transaction) undone that way."""
    parts = list(entry.parts.all())
    for step in sorted([entry, *parts], key=lambda found: -found.pk):
        special = compensation_of(step.action)
        if step == entry:
            if kept_whole(entry) or not parts:  # an action that only names its steps (plunder) has nothing more
                restore(step, actor=actor, reason=reason)
        elif special is None or special is restore_with_steps or step.parts.exists():
            restore_with_steps(step, actor=actor, reason=reason)
        else:
            special(step, actor=actor, reason=reason)


def restore(step: AuditEntry, *, actor: Actor, reason: str) -> None:
    model = model_of(step)
    before, after = full_snapshot(step, step.before), full_snapshot(step, step.after)
    if before is not None and after is not None:
        put_back(step, model, before, after, actor=actor, reason=reason)
    elif after is not None:
        uncreate(step, model, after, actor=actor, reason=reason)
    elif before is not None:
        recreate(step, model, before, actor=actor, reason=reason)
    else:
        raise ValidationError(
            f"#{step.pk} ({step.action}) kept no record of {step.target_label} before and after, "
            "so it cannot be put back from the log: correct it by hand."
        )


def kept_whole(step: AuditEntry) -> bool:
    return full_snapshot(step, step.before) is not None or full_snapshot(step, step.after) is not None


def model_of(step: AuditEntry) -> type[Model]:
    try:
        return apps.get_model(step.target_type)
    except (LookupError, ValueError):
        raise ValidationError(f"#{step.pk} concerns a {step.target_type}, which the console no longer has.") from None


def full_snapshot(step: AuditEntry, values: object) -> Snapshot | None:
    """The audit's before or after, if it is a whole record of the target (not a summary)."""
    if isinstance(values, dict) and str(values.get("id")) == step.target_id:
        return values
    return None


def stored(step: AuditEntry, model: type[Model]) -> Model:
    instance = model._default_manager.filter(pk=step.target_id).first()
    if instance is None:
        raise ValidationError(f"{step.target_label} is no longer there: #{step.pk} cannot be undone.")
    return instance


def uncreate(step: AuditEntry, model: type[Model], after: Snapshot, *, actor: Actor, reason: str) -> None:
    instance = stored(step, model)
    now = snapshot(instance)
    check_unchanged(step, now, after, [key for key in now if key in after])
    check_nothing_hangs_on(step, instance)
    do_delete_record(instance, actor=actor, reason=reason)


def check_nothing_hangs_on(step: AuditEntry, instance: Model) -> None:
    """Removing a record must take nothing else with it (a mood's history, a force's bills): what its
    removal would delete, beyond the record's own parts, is named and the undo refused. The log's filing of
    its entries under a table or character it removes is no record of the game: the entries stay."""
    restorer = restorer_of(step.target_type)
    own = {type(instance), *(restorer.parts if restorer else ()), *AUDIT_FILING}
    collector = NestedObjects(using=router.db_for_write(type(instance)))  # the admin's: it counts every row
    collector.collect([instance])
    others = {
        model._meta.verbose_name: len(found)
        # django-stubs keys model_objs by str; Django keys it by the model class
        for model, found in cast(dict[type[Model], set[Model]], collector.model_objs).items()
        if model not in own and found
    }
    if others:
        named = ", ".join(f"{name}: {count}" for name, count in sorted(others.items()))
        raise ValidationError(
            f"Records hang on {step.target_label} since #{step.pk} ({named}), which removing "
            "it would delete: undo refused."
        )


def recreate(step: AuditEntry, model: type[Model], before: Snapshot, *, actor: Actor, reason: str) -> None:
    """The record as it was before its removal; a state kept beside its fields (a force's units) is
    written back by its restorer once the record is there again."""
    if model._default_manager.filter(pk=step.target_id).exists():
        raise ValidationError(f"{step.target_label} is there again: #{step.pk} cannot be undone.")
    instance = model()
    set_fields(instance, before)
    do_save_record(instance, actor=actor, reason=reason)
    restorer = restorer_of(step.target_type)
    beside = {key: value for key, value in before.items() if key not in snapshot(instance)}
    if restorer is not None and beside:
        restorer.write(instance, beside, actor=actor, reason=reason)


def put_back(
    step: AuditEntry, model: type[Model], before: Snapshot, after: Snapshot, *, actor: Actor, reason: str
) -> None:
    """Write back what the action changed, of the state the audit keeps (a summary the action
    added beside it is the log's, not the record's)."""
    instance = stored(step, model)
    restorer = restorer_of(step.target_type) or Restorer(read=snapshot, write=save_fields)
    now = restorer.read(instance)
    changed = [key for key in now if key != "id" and before.get(key) != after.get(key)]
    check_unchanged(step, now, after, changed)
    restorer.write(instance, {key: before.get(key) for key in changed}, actor=actor, reason=reason)


def check_unchanged(step: AuditEntry, now: Snapshot, after: Snapshot, keys: Iterable[str]) -> None:
    """The record must still be as the action left it, in what the action changed: otherwise
    something unaudited changed it since, and putting it back would undo that too."""
    drifted = [key for key in keys if now.get(key) != after.get(key)]
    if drifted:
        raise ValidationError(f"{step.target_label} has changed since #{step.pk} ({', '.join(drifted)}): undo refused.")


def save_fields(instance: Model, values: Snapshot, *, actor: Actor, reason: str) -> None:
    set_fields(instance, values)
    do_save_record(instance, actor=actor, reason=reason)


def set_fields(instance: Model, values: Snapshot) -> None:
    """Set the stored fields named in `values` (attnames, as the audit keeps them)."""
    fields = {field.attname: field for field in instance._meta.concrete_fields}
    for key, value in values.items():
        if key in fields:
            setattr(instance, key, None if value is None else fields[key].to_python(value))
