"""The map's checks for game day (umpire.readiness): demo forces and fleets still in the world
(fixtures/ad69_demo_forces.json marks them), since the handbook's force lists are not in our copy; and
fortunes not yet in their purses, which every briefing would print as an empty purse."""

from django.urls import reverse

from umpire.models import Event
from umpire.readiness import Missing, register_check

from .models import Fleet, Force
from .services.books import fortunes_not_in_purses


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


def fortunes_not_paid(event: Event) -> list[Missing]:
    """The books open by themselves on the eve of the game; a briefing printed before shows an empty purse."""
    if not event.is_megagame:
        return []
    rome = reverse("regions:treasury-rome", args=[event.slug])
    return [
        Missing(
            "Purses",
            f"{character}'s fortune ({character.wealth} talents) is not in his purse yet: open the books "
            "before printing his briefing, or it shows an empty purse.",
            rome,
        )
        for character in fortunes_not_in_purses(event).only("name", "wealth")
    ]


def register() -> None:
    register_check("regions.demo_forces", demo_forces)
    register_check("regions.purses", fortunes_not_paid)
