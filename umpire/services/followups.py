"""Follow-ups between tables: sent by any umpire, acknowledged by the receiving table or Control.

"Legion XV lost half its strength in Gaul, tell Germania Superior." A follow-up carries a link to
the record it concerns and stays open until its receiver acknowledges it. It is heard only by the
receiving table and Control (`FollowUpChanged`), never by the hall.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from umpire.events import FollowUpChanged, control_group, publish_on_commit, table_group
from umpire.follow_up_selectors import can_acknowledge, check_about, get_tables_kept, is_control
from umpire.models import Event, FollowUp, Region
from umpire.permissions import Perm
from umpire.selectors import can, get_turn

from .audit import Actor, record_audit, snapshot


def do_send_follow_up(
    event: Event,
    *,
    text: str,
    actor: Actor,
    to_table: Region | None = None,
    to_control: bool = False,
    from_table: Region | None = None,
    about: Model | None = None,
) -> FollowUp:
    """Send `text` to `to_table` or to Control, about `about`: a record of `event` the sender may see."""
    check_may_send(actor, event, from_table)
    follow_up = FollowUp(
        event=event,
        sent_by=actor,
        from_table=from_table,
        to_table=to_table,
        to_control=to_control,
        text=text.strip(),
        turn=get_turn(event),
    )
    if about is not None:
        _link_about(follow_up, about, actor)
    with transaction.atomic():
        follow_up.full_clean()
        follow_up.save()
        record_audit(
            event=event,
            actor=actor,
            action="follow_up.sent",
            target=follow_up,
            after=snapshot(follow_up),
            reason=follow_up.text,
        )
        _announce(follow_up, "sent")
    return follow_up


def do_acknowledge_follow_up(follow_up: FollowUp, *, actor: Actor) -> FollowUp:
    """The receiver has read it and acted: it leaves the open list. Only once."""
    with transaction.atomic():
        follow_up = _locked(follow_up)
        check_may_acknowledge(actor, follow_up)
        before = snapshot(follow_up)
        follow_up.acknowledged_by, follow_up.acknowledged_at = actor, timezone.now()
        follow_up.save(update_fields=["acknowledged_by", "acknowledged_at"])
        record_audit(
            event=follow_up.event,
            actor=actor,
            action="follow_up.acknowledged",
            target=follow_up,
            before=before,
            after=snapshot(follow_up),
        )
        _announce(follow_up, "acknowledged")
    return follow_up


def check_may_send(actor: Actor, event: Event, from_table: Region | None) -> None:
    """Any umpire sends; from a table he keeps (Control from any)."""
    if not can(actor, event, Perm.SEND_FOLLOW_UPS):
        raise ValidationError("Only the event's umpires send follow-ups.")
    if from_table is not None and not is_control(actor, event) and from_table.pk not in get_tables_kept(actor, event):
        raise ValidationError({"from_table": f"You do not keep {from_table}: send it from your own table."})


def check_may_acknowledge(actor: Actor, follow_up: FollowUp) -> None:
    if not can_acknowledge(actor, follow_up):
        who = "Control" if follow_up.to_control else f"{follow_up.to_table}'s umpire or Control"
        raise ValidationError(f"Only {who} may acknowledge this follow-up.")
    if not follow_up.is_open:
        at = timezone.localtime(follow_up.acknowledged_at)
        raise ValidationError(f"This follow-up was already acknowledged by {follow_up.acknowledged_by} at {at:%H:%M}.")


def _link_about(follow_up: FollowUp, record: Model, actor: Actor) -> None:
    check_about(actor, follow_up.event, f"{record._meta.label_lower}:{record.pk}")
    follow_up.about = record
    follow_up.about_label = str(record)[:200]
    follow_up.about_url = record.get_absolute_url() if hasattr(record, "get_absolute_url") else ""


def _locked(follow_up: FollowUp) -> FollowUp:
    # `of` keeps the lock off the nullable tables joined in, which PostgreSQL refuses to lock
    rows = FollowUp.objects.select_for_update(of=("self",)).select_related("event", "to_table", "acknowledged_by")
    return rows.get(pk=follow_up.pk)


def _announce(follow_up: FollowUp, action: str) -> None:
    groups = [control_group(follow_up.event_id)]
    if follow_up.to_table_id:
        groups.append(table_group(follow_up.to_table_id))
    publish_on_commit(
        groups,
        FollowUpChanged(
            action=action,
            follow_up_id=follow_up.pk,
            to_table_id=follow_up.to_table_id,
            to_control=follow_up.to_control,
            text=follow_up.text,
            about_label=follow_up.about_label,
        ),
    )
