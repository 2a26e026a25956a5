"""The demo order of battle (fixtures/ad69_demo_forces.json), adopted as the event's own.

The handbook's lists of forces are missing from our copy, so a Control team may run the day with
the demo forces and fleets: adopting them says so, and the readiness check stops listing them as
demo data. One audited action, its steps each force's and fleet's flag, so the undo page puts
them all back at once; each step tells Control's screens, as any record's change does.
"""

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import AuditEntry, Event
from umpire.services.audit import Actor, record_audit, steps_of
from umpire.services.records import do_save_record

from ..models import Fleet, Force


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
