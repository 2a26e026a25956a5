"""Reads for the maps to look at: each one a MapData (umpire.printing.map_drawing) holding just what its
viewer may see, so the screen's SVG and the table pack's paper draw the same facts.

Secrecy is decided here, once: a table's map shows what that table's umpire may see, the Empire's shows
each umpire only his own tables' forces and letters, and the projector's shows geography alone.
"""

from collections import Counter, defaultdict, deque
from dataclasses import dataclass

from django.db.models import Prefetch, Q

from mail.models import Letter, LetterStep
from mail.selectors import get_post_scope
from regions.models import Fleet, Force, MapPoint, MapRoute
from umpire.follow_up_selectors import access_console_table, is_control
from umpire.models import Region, Route
from umpire.printing.map_drawing import Link, MapData, Marker, Place, Way
from umpire.selectors import access_event, get_tables_kept_or_watched
from warfare.models import Battle, BattleForce, Siege
from warfare.selectors import get_fight_scope

# the battles still on the table: those confirmed or called off are over
IN_PROGRESS = (Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)
NON_ROMAN = "Non-Roman"
# a legion sworn to no claimant yet: its side is still to be won
UNSWORN = "Unsworn"


def key(point_id):
    """A place's key in the drawing: its map point's id (names repeat across events, ids never)."""
    return f"p{point_id}"


# ---- access ---------------------------------------------------------------------------------------


def access_table_map(user, slug, pk):
    """The table, if its console is this user's to read; else 404: who reads a console reads its map."""
    return access_console_table(user, slug, pk)


def access_empire_map(user, slug):
    """The event, to any of its umpires; what the map shows him is his (empire_map_data)."""
    return access_event(user, slug)


# ---- one table ------------------------------------------------------------------------------------


def table_map_data(region, *, user=None):
    """The map of one table: its map points and the routes among them, each route crossing to another
    table drawn to its far end, and what stands at its points (forces, fleets, sieges, battles in
    progress). What the table's umpire may see; with `user`, battles narrowed to those he may see (the
    Non-Roman World umpire watching a table sees none of its Roman drafts)."""
    event = region.event
    points = list(map_points(event).filter(province__region=region))
    ways, far = table_ways(region, points)
    markers = (
        *force_markers(forces_at(event).filter(province__region=region)),
        *fleet_markers(Fleet.objects.filter(event=event, base__region=region)),
        *siege_markers(Siege.objects.filter(region=region, state=Siege.State.ACTIVE)),
        *battle_markers(battles_in_progress(region, user)),
    )
    return MapData(
        title=f"{region.name}: the map",
        tables=table_names(event),
        places=tuple(place(p) for p in [*points, *far] if p.is_placed),
        ways=ways,
        markers=markers,
        unplaced=tuple(p.name for p in points if not p.is_placed),
    )


def map_points(event):
    return MapPoint.objects.filter(event=event).select_related("province__region").order_by("name")


def table_names(event):
    """Every map table, in its order round the hall: a table keeps its colour on every map."""
    return tuple(Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).values_list("name", flat=True))


def place(point):
    return Place(
        key=key(point.pk),
        name=point.name,
        kind=point.kind,
        table=point.province.region.name,
        longitude=point.longitude,
        latitude=point.latitude,
        fortified=bool(point.fortification),
    )


def table_ways(region, points):
    """The routes touching the table's points, and the far ends of those that cross to another table."""
    ids = {p.pk for p in points}
    routes = routes_of(region.event).filter(Q(one__in=ids) | Q(other__in=ids))
    far = {}
    for route in routes:
        for end in (route.one, route.other):
            if end.pk not in ids:
                far[end.pk] = end
    return tuple(way(route) for route in routes), sorted(far.values(), key=lambda p: p.name)


def routes_of(event):
    return MapRoute.objects.filter(event=event).select_related("one__province__region", "other__province__region")


def way(route):
    return Way(
        one=key(route.one_id),
        other=key(route.other_id),
        kind=route.kind,
        designated=route.designated,
        crossing=route.crosses_table,
    )


# ---- what stands at the points ----------------------------------------------------------------------


def forces_at(event):
    return (
        Force.objects.filter(event=event)
        .select_related("sworn_to", "province__region")
        .prefetch_related("troops")
        .order_by("name")
    )


def force_markers(forces):
    """A marker for each force; one standing at no map point yet is listed with no place."""
    return tuple(
        Marker(
            place=key(f.map_point_id) if f.map_point_id else "",
            kind="force",
            label=f.name,
            side=side_of(f),
            strength=strength_of(f),
        )
        for f in forces
    )


def side_of(force):
    if force.is_non_roman:
        return NON_ROMAN
    return force.sworn_to.name if force.sworn_to_id else UNSWORN


def units_of(force):
    return sum(troops.count for troops in force.troops.all())


def strength_of(force):
    n = units_of(force)
    return f"{n} unit{'' if n == 1 else 's'}"


def fleet_markers(fleets):
    """A fleet stands at its station; one lost with all hands is no longer on the map."""
    return tuple(
        Marker(
            place=key(f.station_id) if f.station_id else "",
            kind="fleet",
            label=f.name,
            strength=f.get_state_display(),
        )
        for f in fleets.exclude(state=Fleet.State.LOST).order_by("name")
    )


def siege_markers(sieges):
    """A siege at its map point, else where its first besieger stands, else listed with no place."""
    sieges = sieges.prefetch_related(Prefetch("besiegers", queryset=Force.objects.order_by("name")))
    return tuple(
        Marker(
            place=first_point(s.map_point_id, (f.map_point_id for f in s.besiegers.all())),
            kind="siege",
            label=f"Siege of {s.place}",
            strength=f"strength ×{s.multiplier}",
        )
        for s in sieges.order_by("place", "pk")
    )


def battles_in_progress(region, user):
    battles = Battle.objects.filter(region=region, state__in=IN_PROGRESS)
    if user is not None:
        battles = battles.filter(get_fight_scope(user, region.event).visible())
    fought = BattleForce.objects.select_related("force").order_by("side", "pk")
    return battles.prefetch_related(Prefetch("forces", queryset=fought)).order_by("pk")


def battle_markers(battles):
    """A battle at its map point, else where its first force stands, else listed with no place."""
    return tuple(
        Marker(
            place=first_point(b.map_point_id, (bf.force.map_point_id for bf in b.forces.all() if bf.force)),
            kind="battle",
            label=b.title,
            strength=b.get_state_display(),
        )
        for b in battles
    )


def first_point(own, others):
    for point_id in (own, *others):
        if point_id:
            return key(point_id)
    return ""


# ---- the whole Empire ----------------------------------------------------------------------------


def empire_map_data(event, *, user):
    """Every table coloured, with its points and routes; the forces as one marker per map point with a
    count (Control: all; another umpire: those at his own tables alone); and the links between tables,
    each with the letters in transit along it that `user` may see."""
    control = is_control(user, event)
    forces = forces_at(event).filter(map_point__isnull=False)
    if not control:
        forces = forces.filter(province__region__in=get_tables_kept_or_watched(user, event))
    return MapData(
        title=f"{event.name}: the Empire",
        tables=table_names(event),
        places=tuple(place(p) for p in map_points(event) if p.is_placed),
        ways=tuple(way(route) for route in routes_of(event)),
        markers=forces_by_point(forces),
        links=table_links(event, letters_in_transit(event, user)),
        unplaced=tuple(p.name for p in map_points(event).filter(longitude__isnull=True)),
    )


def forces_by_point(forces):
    """One marker per map point: how many forces stand there, their side (or "Mixed"), their units."""
    at = defaultdict(list)
    for force in forces:
        at[force.map_point_id].append(force)
    return tuple(point_marker(point_id, standing) for point_id, standing in at.items())


def point_marker(point_id, forces):
    sides = {side_of(f) for f in forces}
    n, units = len(forces), sum(units_of(f) for f in forces)
    return Marker(
        place=key(point_id),
        kind="force",
        label=f"{n} force{'' if n == 1 else 's'}" if n > 1 else forces[0].name,
        side=sides.pop() if len(sides) == 1 else "Mixed",
        strength=f"{units} unit{'' if units == 1 else 's'}",
    )


def table_links(event, letters):
    """The links between tables, each with how many of `letters` (table-to-table legs) run along it."""
    routes = list(Route.objects.filter(event=event).select_related("one", "other"))
    counted = count_along(routes, letters)
    return tuple(
        Link(one=r.one.name, other=r.other.name, kind=r.kind, letters=counted[frozenset((r.one_id, r.other_id))])
        for r in routes
    )


def count_along(routes, legs):
    """How many legs pass along each link, each leg taking the fewest links between its ends."""
    neighbours = defaultdict(set)
    for r in routes:
        neighbours[r.one_id].add(r.other_id)
        neighbours[r.other_id].add(r.one_id)
    counted = Counter()
    for start, end in legs:
        path = fewest_links(neighbours, start, end)
        counted.update(frozenset(pair) for pair in zip(path, path[1:], strict=False))
    return counted


def fewest_links(neighbours, start, end):
    """The tables from `start` to `end` by the fewest links, or () if none join them."""
    came_from = {start: None}
    queue = deque([start])
    while queue:
        table = queue.popleft()
        if table == end:
            path = []
            while table is not None:
                path.append(table)
                table = came_from[table]
            return tuple(reversed(path))
        for there in sorted(neighbours[table]):
            if there not in came_from:
                came_from[there] = table
                queue.append(there)
    return ()


def letters_in_transit(event, user):
    """The (from table, to table) of each letter between tables that `user` may see (Control: all; another
    umpire: those to or from his tables): sent on in simulated transit, or in a courier's hand while he
    travels. Where it set out from is the table of its last step."""
    scope = get_post_scope(user, event)
    letters = Letter.objects.filter(event=event, state__in=(Letter.State.IN_TRANSIT, Letter.State.CARRIED))
    last_step = LetterStep.objects.filter(table__isnull=False).order_by("at", "pk")
    letters = letters.select_related("courier").prefetch_related(Prefetch("steps", queryset=last_step))
    legs = []
    for letter in letters:
        steps = list(letter.steps.all())
        start = steps[-1].table_id if steps else letter.origin_id
        end = bound_for(letter)
        if end and start != end and scope.sees_letter(letter):
            legs.append((start, end))
    return legs


def bound_for(letter):
    """The table a letter between tables is going to: its destination, or where its courier travels."""
    if letter.state == Letter.State.IN_TRANSIT:
        return letter.destination_id
    courier = letter.courier
    travelling = courier is not None and courier.location_id is None
    return courier.travelling_to_id if travelling else None


# ---- the projector -------------------------------------------------------------------------------


def projector_map_data(event):
    """The hall's map: the tables, their points and routes, the links between them. Nothing of forces,
    letters or battles: the projector shows only what Control publishes, and geography is public."""
    routes = Route.objects.filter(event=event).select_related("one", "other")
    return MapData(
        title=f"{event.name}: the Empire",
        tables=table_names(event),
        places=tuple(place(p) for p in map_points(event) if p.is_placed),
        ways=tuple(way(route) for route in routes_of(event)),
        links=tuple(Link(one=r.one.name, other=r.other.name, kind=r.kind) for r in routes),
    )


# ---- the same facts as a list ------------------------------------------------------------------------


@dataclass(frozen=True)
class PointFacts:
    name: str
    table: str
    markers: tuple


@dataclass(frozen=True)
class MapFacts:
    """What the drawing shows, in words: what stands at each point, what stands nowhere on the map yet,
    and the points not yet placed."""

    at_points: tuple
    off_the_map: tuple
    unplaced: tuple


def get_map_facts(data):
    names = {p.key: p for p in data.places}
    by_place = defaultdict(list)
    for marker in data.markers:
        by_place[marker.place if marker.place in names else ""].append(marker)
    at_points = tuple(
        PointFacts(names[k].name, names[k].table, tuple(ms))
        for k, ms in sorted(by_place.items(), key=lambda item: names[item[0]].name if item[0] else "")
        if k
    )
    return MapFacts(at_points, tuple(by_place.get("", ())), data.unplaced)
