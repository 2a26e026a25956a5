"""Rome's news put in the Acta Diurna by the umpire who chooses to (senate.models.acta): an appointment,
the mob's mood as it stands, a sign of the gods. Each is printed once, in the words he gives; each is
audited and told to the Senate room, Control and the whole event (the gazette's page and the hall's
display refresh themselves). Undoing the audit entry takes the item out of the gazette again.
"""

from django.core.exceptions import ValidationError
from django.db.transaction import atomic
from django.utils import timezone

from regions.services.engine import current_turn
from umpire.events import event_group, publish_on_commit
from umpire.models import Event
from umpire.services.audit import Actor, record_audit, snapshot

from ..events_sessions import ActaPublished
from ..models.acta import ActaItem
from ..models.mob import Mood, MoodEntry
from ..models.offices import Appointment
from .rooms import senate_groups


def do_publish_appointment(appointment: Appointment, *, headline: str, details: str = "", actor: Actor) -> ActaItem:
    """An appointment told to the hall, while its holder still holds the office."""
    with atomic():
        appointment = Appointment.objects.select_for_update().get(pk=appointment.pk)
        if ActaItem.objects.filter(appointment=appointment).exists():
            raise ValidationError({"__all__": f"{appointment.character}'s appointment is already in the Acta Diurna."})
        check_still_holds(appointment)
        return publish(
            appointment.event, ActaItem.Kind.APPOINTMENT, headline, details, actor=actor, appointment=appointment
        )


def check_still_holds(appointment: Appointment) -> None:
    """Old news of an office is not printed as new: a later appointment to it has superseded it."""
    later = (
        Appointment.objects.filter(
            event=appointment.event,
            office=appointment.office,
            province=appointment.province,
            force=appointment.force,
            pk__gt=appointment.pk,
        )
        .select_related("character")
        .last()
    )
    if later is not None:
        raise ValidationError(
            {
                "__all__": f"{appointment.character} is no longer {appointment.post}: "
                f"{later.character} was appointed in turn {later.turn}."
            }
        )


def do_publish_mood(reading: MoodEntry, *, headline: str, details: str = "", actor: Actor) -> ActaItem:
    """The mob's mood as it stood after `reading`, the last line of its history the umpire saw: refused if
    the mob has moved since, so the gazette never prints a mood that is not the mob's."""
    with atomic():
        mood = Mood.objects.select_for_update(of=("self",)).select_related("event").get(pk=reading.mood_id)
        latest = mood.entries.order_by("pk").last()
        if latest is not None and latest.pk != reading.pk:
            raise ValidationError(
                {
                    "__all__": f"{mood} has moved since (turn {latest.turn}: {latest.change:+d}, {latest.reason}): "
                    "publish its mood as it stands now."
                }
            )
        if ActaItem.objects.filter(mood_entry=reading).exists():
            raise ValidationError(
                {"__all__": f"{mood} has not moved since its mood was put in the Acta Diurna: there is no news."}
            )
        return publish(mood.event, ActaItem.Kind.MOOD, headline, details, actor=actor, mood_entry=reading)


def do_publish_sign(event: Event, *, headline: str, details: str = "", actor: Actor) -> ActaItem:
    """A sign of the gods (XI. GODS OF ROME: "The Gods Are Real"): the umpires' word, in their words."""
    with atomic():
        turn = current_turn(event)
        if ActaItem.objects.filter(
            event=event, kind=ActaItem.Kind.SIGN, turn=turn, headline__iexact=(headline or "").strip()
        ).exists():
            raise ValidationError({"headline": f"That sign is already in the Acta Diurna for turn {turn}."})
        return publish(event, ActaItem.Kind.SIGN, headline, details, actor=actor)


def publish(
    event: Event, kind: str, headline: str, details: str, *, actor: Actor, **told: Appointment | MoodEntry
) -> ActaItem:
    """Write the item, audited, and tell the gazette's readers once it is committed."""
    if not (headline or "").strip():
        raise ValidationError({"headline": "Give the headline: the Acta Diurna prints nothing without one."})
    item = ActaItem(
        event=event,
        kind=kind,
        headline=headline.strip(),
        details=(details or "").strip(),
        turn=current_turn(event),
        published_at=timezone.now(),
        published_by=actor if actor is not None and actor.is_authenticated else None,
        **told,
    )
    item.full_clean()
    item.save()
    record_audit(event=event, actor=actor, action=f"senate.{kind}_published", target=item, after=snapshot(item))
    publish_on_commit(
        senate_groups(event) + [event_group(event.pk)], ActaPublished(kind, item.pk, item.headline, to_projector=False)
    )
    return item
