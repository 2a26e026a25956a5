"""The map laid out for drawing: where each map point, route, marker and link between tables falls on a
page or a screen. Pure: the console's SVG and the table pack's PDF page both draw from one layout, so the
map on the tablet and the map on paper never disagree.

Positions are longitude and latitude, projected equirectangularly with the longitudes narrowed by the
cosine of the middle latitude (the Empire spans 20 to 55 degrees north, where a plain plate carrée
stretches Britannia to twice its width), then fitted to the box with its proportions kept.
"""

import math
from dataclasses import dataclass, field

# One colour a table, by its place round the hall: the Okabe-Ito palette, told apart by the colour-blind.
TABLE_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")
# room left round the drawing for labels, as a share of the box
MARGIN = 0.06


@dataclass(frozen=True)
class Place:
    """A map point to draw."""

    key: str
    name: str
    kind: str
    table: str
    longitude: float
    latitude: float
    fortified: bool = False


@dataclass(frozen=True)
class Way:
    """A route between two places, by their keys."""

    one: str
    other: str
    kind: str
    designated: bool = False
    crossing: bool = False


@dataclass(frozen=True)
class Marker:
    """Something standing at a place: a force, a fleet, a siege or a battle in progress."""

    place: str
    kind: str
    label: str
    side: str = ""
    strength: str = ""


@dataclass(frozen=True)
class Link:
    """A link between two tables, with the letters in transit along it."""

    one: str
    other: str
    kind: str
    letters: int = 0


@dataclass(frozen=True)
class MapData:
    """What one viewer may see of the map: the places and ways of his tables, and what stands there."""

    title: str
    tables: tuple[str, ...]
    places: tuple[Place, ...]
    ways: tuple[Way, ...] = ()
    markers: tuple[Marker, ...] = ()
    links: tuple[Link, ...] = ()
    unplaced: tuple[str, ...] = ()


@dataclass(frozen=True)
class DrawnPlace:
    place: Place
    x: float
    y: float
    colour: str


@dataclass(frozen=True)
class DrawnWay:
    way: Way
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class DrawnMarker:
    marker: Marker
    x: float
    y: float


@dataclass(frozen=True)
class DrawnLink:
    link: Link
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Layout:
    data: MapData
    width: float
    height: float
    places: tuple[DrawnPlace, ...] = ()
    ways: tuple[DrawnWay, ...] = ()
    markers: tuple[DrawnMarker, ...] = ()
    links: tuple[DrawnLink, ...] = ()
    colours: dict[str, str] = field(default_factory=dict)


def table_colours(tables: tuple[str, ...]) -> dict[str, str]:
    return {table: TABLE_COLOURS[i % len(TABLE_COLOURS)] for i, table in enumerate(tables)}


def lay_out(data: MapData, *, width: float, height: float, marker_step: float = 10.0) -> Layout:
    """Fit the places to a `width` by `height` box (y downwards, as SVG and a flipped PDF canvas draw)."""
    colours = table_colours(data.tables)
    project = projection(data.places, width, height)
    places = tuple(DrawnPlace(p, *project(p), colours.get(p.table, TABLE_COLOURS[-1])) for p in data.places)
    at = {drawn.place.key: (drawn.x, drawn.y) for drawn in places}
    ways = tuple(DrawnWay(w, *at[w.one], *at[w.other]) for w in data.ways if w.one in at and w.other in at)
    return Layout(
        data=data,
        width=width,
        height=height,
        places=places,
        ways=ways,
        markers=stacked(data.markers, at, marker_step),
        links=linked(data.links, places),
        colours=colours,
    )


def projection(places, width, height):
    """The function from a place to its (x, y) in the box."""
    if not places:
        return lambda place: (width / 2, height / 2)
    west, east = min(p.longitude for p in places), max(p.longitude for p in places)
    south, north = min(p.latitude for p in places), max(p.latitude for p in places)
    narrowing = math.cos(math.radians((north + south) / 2))
    span_x, span_y = max((east - west) * narrowing, 1e-6), max(north - south, 1e-6)
    inner_w, inner_h = width * (1 - 2 * MARGIN), height * (1 - 2 * MARGIN)
    scale = min(inner_w / span_x, inner_h / span_y)
    left = (width - span_x * scale) / 2
    top = (height - span_y * scale) / 2

    def project(place):
        return (
            round(left + (place.longitude - west) * narrowing * scale, 1),
            round(top + (north - place.latitude) * scale, 1),
        )

    return project


def stacked(markers, at, step):
    """Markers at the same place stand in a column below it, so none hides another."""
    drawn, count = [], {}
    for marker in markers:
        if marker.place not in at:
            continue
        x, y = at[marker.place]
        n = count[marker.place] = count.get(marker.place, 0) + 1
        drawn.append(DrawnMarker(marker, x, round(y + n * step, 1)))
    return tuple(drawn)


def linked(links, places):
    """A link between tables is drawn between the middles of their places."""
    middles = {}
    for table in {p.place.table for p in places}:
        points = [(p.x, p.y) for p in places if p.place.table == table]
        middles[table] = (
            round(sum(x for x, _ in points) / len(points), 1),
            round(sum(y for _, y in points) / len(points), 1),
        )
    return tuple(
        DrawnLink(link, *middles[link.one], *middles[link.other])
        for link in links
        if link.one in middles and link.other in middles
    )
