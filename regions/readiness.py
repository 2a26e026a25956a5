"""The map's check for game day (umpire.readiness): demo forces and fleets still in the world
(fixtures/ad69_demo_forces.json marks them), since the handbook's force lists are not in our copy."""

from django.urls import reverse

from umpire.models import Event
from umpire.readiness import Missing, register_check

from .models import Fleet, Force


def demo_forces(event: Event) -> list[Missing]:
    if not event.is_megagame:
        return []
    forces_page = reverse("regions:forces", args=[event.slug])
    forces = Force.objects.filter(event=event, is_demo=True).only("name")
    fleets = Fleet.objects.filter(event=event, is_demo=True).only("name")
    return [
        Missing("Demo data", f"{force} is a demo force, not your order of battle.", f"{forces_page}#force-{force.pk}")
        for force in forces
    ] + [
        Missing("Demo data", f"{fleet} is a demo fleet, not your order of battle.", f"{forces_page}#fleet-{fleet.pk}")
        for fleet in fleets
    ]


def register() -> None:
    register_check("regions.demo_forces", demo_forces)
