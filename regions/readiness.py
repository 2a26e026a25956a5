"""The map's checks for game day (umpire.readiness): demo forces and fleets still in the world
(fixtures/ad69_demo_forces.json marks them), since the handbook's force lists are not in our copy; the
map itself (fixtures/ad69_demo_map.geojson, demo too, the handbook's maps being missing as well), or no map
at all, and its points not yet placed; and fortunes not yet in their purses, which every briefing would
print as an empty purse."""

from django.db.models import Count, Q
from django.urls import reverse

from umpire.models import Event
from umpire.readiness import Missing, register_check

from .models import Fleet, Force, MapPoint, MapRoute
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


def demo_map(event: Event) -> list[Missing]:
    """One line for the whole demo map, not one a point: it is adopted, or replaced, whole."""
    if not event.is_megagame:
        return []
    points = MapPoint.objects.filter(event=event, is_demo=True).count()
    routes = MapRoute.objects.filter(event=event, is_demo=True).count()
    if not points and not routes:
        return []
    return [
        Missing(
            "Demo data",
            f"The map's {plural(points, 'point')} and {plural(routes, 'route')} are demo data, not the "
            "handbook's maps: adopt them as the event's own, or import your own map over them.",
            f"{reverse('regions:forces', args=[event.slug])}#demo-map",
        )
    ]


def map_not_ready(event: Event) -> list[Missing]:
    """No map at all, where no force can march nor any table see where anything is; and each point named but
    not yet placed, which no table's map can draw."""
    if not event.is_megagame:
        return []
    points = MapPoint.objects.filter(event=event).aggregate(
        total=Count("pk"), unplaced=Count("pk", filter=Q(longitude__isnull=True))
    )
    if not points["total"]:
        return [
            Missing(
                "Map",
                "The event has no map: no force can march and no table's map shows anything. Import the map, "
                "or add its points and routes.",
                reverse("maps:edit", args=[event.slug]),
            )
        ]
    if not points["unplaced"]:
        return []
    unplaced = (
        MapPoint.objects.filter(event=event, longitude__isnull=True)
        .select_related("province")
        .only("name", "province__name")
    )
    return [
        Missing(
            "Map",
            f"{point} ({point.province}) is not placed on the map yet: give its longitude and latitude.",
            reverse("maps:edit-point", args=[event.slug, point.pk]),
        )
        for point in unplaced
    ]


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


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
    register_check("regions.demo_map", demo_map)
    register_check("regions.map", map_not_ready)
    register_check("regions.purses", fortunes_not_paid)
