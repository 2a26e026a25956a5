"""Writes of the maps to look at: whether the projector shows the map. Control's editor of the map's points
and routes keeps its own services, beside the data, in regions."""

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.events import event_group, publish_on_commit
from umpire.models import Event
from umpire.services.audit import Actor, record_audit

from .events import ProjectorMapSwitched


def do_show_projector_map(event: Event, *, shown: bool, actor: Actor) -> Event:
    """Switch the projector's map on or off. Off by default: the hall sees the map only once Control
    chooses, and then only its geography (maps.selectors.projector_map_data)."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.projector_map == shown:
            state = "on" if shown else "off"
            raise ValidationError({"shown": f"The projector's map is already {state}."})
        before = {"projector_map": event.projector_map}
        event.projector_map = shown
        event.full_clean()
        event.save(update_fields=["projector_map"])
        record_audit(
            event=event,
            actor=actor,
            action="event.projector_map",
            target=event,
            before=before,
            after={"projector_map": shown},
        )
        publish_on_commit([event_group(event.pk)], ProjectorMapSwitched(shown=shown))
    return event
