"""Control's announcements to the hall: drafted, then published to the projector, or withdrawn."""

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from umpire.events import AnnouncementChanged, event_group, publish_on_commit
from umpire.models import Announcement, Event
from umpire.selectors import get_showing_announcements

from .audit import Actor, record_audit, snapshot


def do_draft_announcement(event: Event, *, text: str, actor: Actor) -> Announcement:
    with transaction.atomic():
        announcement = Announcement(event=event, text=text.strip())
        announcement.full_clean()
        announcement.save()
        record_audit(
            event=event, actor=actor, action="announcement.draft", target=announcement, after=snapshot(announcement)
        )
    return announcement


def do_publish_announcement(announcement: Announcement, *, actor: Actor, now: datetime | None = None) -> Announcement:
    """Show a drafted announcement on every screen of the hall."""
    return _change(announcement, "publish", actor=actor, published_at=now or timezone.now(), withdrawn_at=None)


def do_withdraw_announcement(announcement: Announcement, *, actor: Actor, now: datetime | None = None) -> Announcement:
    if not announcement.is_showing:
        raise ValidationError("That announcement is not showing.")
    return _change(announcement, "withdraw", actor=actor, withdrawn_at=now or timezone.now())


def _change(announcement: Announcement, verb: str, *, actor: Actor, **fields: datetime | None) -> Announcement:
    with transaction.atomic():
        announcement = Announcement.objects.select_for_update().get(pk=announcement.pk)
        before = snapshot(announcement)
        for name, value in fields.items():
            setattr(announcement, name, value)
        announcement.save()
        record_audit(
            event=announcement.event,
            actor=actor,
            action=f"announcement.{verb}",
            target=announcement,
            before=before,
            after=snapshot(announcement),
        )
        showing = AnnouncementChanged(showing=get_showing_announcements(announcement.event))
        publish_on_commit([event_group(announcement.event_id)], showing)
    return announcement
