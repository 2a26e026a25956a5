"""Control's settings for the event's post: how mail is carried, whether players may track their
letters, and how long a letter may stand still before Control hears of it."""

from django.db import transaction

from umpire.models import Event
from umpire.services.audit import Actor, record_audit, snapshot

from ..models import PostOffice
from .post import post_office


def do_set_post_office(
    event: Event, *, carriage: str, players_may_track: bool, stuck_after_minutes: int, actor: Actor
) -> PostOffice:
    """Changed between turns as Control sees fit; letters already in transit keep their due turn."""
    with transaction.atomic():
        office = PostOffice.objects.select_for_update().get(pk=post_office(event).pk)
        before = snapshot(office)
        office.carriage, office.players_may_track, office.stuck_after_minutes = (
            carriage,
            players_may_track,
            stuck_after_minutes,
        )
        office.full_clean()
        office.save()
        record_audit(
            event=event, actor=actor, action="post.settings", target=office, before=before, after=snapshot(office)
        )
    return office
