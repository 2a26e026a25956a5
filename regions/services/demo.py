"""The demo data of AD69, loaded and adopted as the event's own: the demo order of battle
(fixtures/ad69_demo_forces.json) and the demo map (fixtures/ad69_demo_map.geojson).

The handbook's lists of forces and its maps are missing from our copy, so a Control team may run the
day with the demo forces, fleets and map: adopting them says so, and the readiness check stops listing
them as demo data. Each adoption is one audited action, its steps each record's flag, so the undo page
puts them all back at once.
"""

from copy import copy

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import AuditEntry, Event
from umpire.services.audit import Actor, record_audit, steps_of
from umpire.services.records import do_save_record

from ..models import Fleet, Force, MapPoint, MapRoute
from .map import do_import_map, publish_map_changed, saved

DEMO_MAP = settings.BASE_DIR / "fixtures" / "ad69_demo_map.geojson"


def do_adopt_demo_forces(event: Event, *, actor: Actor) -> AuditEntry:
    """Clear the demo flag of every force and fleet of the event; refused when none is demo."""
    with transaction.atomic():
        forces = list(Force.objects.select_for_update().filter(event=event, is_demo=True))
        fleets = list(Fleet.objects.select_for_update().filter(event=event, is_demo=True))
        if not forces and not fleets:
            raise ValidationError("No force or fleet of this event is demo data: there is nothing to adopt.")
        entry = record_audit(
            event=event,
            actor=actor,
            action="regions.demo_forces.adopt",
            target=event,
            after={"forces": len(forces), "fleets": len(fleets)},
            reason="the demo order of battle adopted as the event's own",
        )
        with steps_of(entry):
            for force in forces:
                force.is_demo = False
                do_save_record(force, actor=actor)
            for fleet in fleets:
                fleet.is_demo = False
                do_save_record(fleet, actor=actor)
    return entry


def do_load_demo_map(event: Event, *, actor: Actor) -> AuditEntry:
    """The demo map's points and routes, through the same import as Control's own map file, every one flagged
    demo; one audited action. The demo forces stand at its points, so it is loaded before them."""
    return do_import_map(
        event,
        DEMO_MAP.read_text(encoding="utf-8"),
        format="geojson",
        actor=actor,
        as_demo=True,
        reason=f"demo map loaded from fixtures/{DEMO_MAP.name}",
    )


def do_adopt_demo_map(event: Event, *, actor: Actor) -> AuditEntry:
    """Clear the demo flag of every map point and route of the event; refused when none is demo. Each flag is
    a step audited as the map editor audits a point or route it saves, and the map's screens hear one change."""
    with transaction.atomic():
        points = list(MapPoint.objects.select_for_update().filter(event=event, is_demo=True))
        routes = list(
            MapRoute.objects.select_for_update(of=("self",))
            .select_related("one", "other")
            .filter(event=event, is_demo=True)
        )
        if not points and not routes:
            raise ValidationError("No map point or route of this event is demo data: there is nothing to adopt.")
        entry = record_audit(
            event=event,
            actor=actor,
            action="regions.demo_map.adopt",
            target=event,
            after={"points": len(points), "routes": len(routes)},
            reason="the demo map adopted as the event's own",
        )
        with steps_of(entry):
            for record, action in [(p, "map_point.saved") for p in points] + [(r, "map_route.saved") for r in routes]:
                record.event = event  # one event for all, not fetched again for each record's audit
                stored = copy(record)
                record.is_demo = False
                saved(record, action, stored, actor=actor, reason="the demo map adopted")
        publish_map_changed(event, "adopted", "map", entry.pk, f"{len(points)} points and {len(routes)} routes")
    return entry
