"""Codes that open pages without a login: revoked and reissued in one step."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from umpire.events import AccessRevoked, display_group, publish_on_commit
from umpire.models import AccessCode, Event

from .audit import Actor, record_audit


def do_reissue_display_code(event: Event, *, actor: Actor, now: datetime | None = None) -> AccessCode:
    """Revoke every projector code of `event` and issue one new one; a projector still open with
    a revoked code is told, on commit, and closes."""
    with transaction.atomic():
        revoked = AccessCode.objects.filter(event=event, kind=AccessCode.Kind.DISPLAY, revoked_at__isnull=True)
        count = revoked.update(revoked_at=now or timezone.now())
        access = AccessCode.objects.create(event=event, kind=AccessCode.Kind.DISPLAY)
        record_audit(
            event=event,
            actor=actor,
            action="access_code.reissue_display",
            target=access,
            reason=f"{count} earlier display code(s) revoked",
        )
        if count:
            publish_on_commit([display_group(event.pk)], AccessRevoked(kind="display"))
    return access
