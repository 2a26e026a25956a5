"""The map laid out for drawing: where each map point, route, marker and link between tables falls on a
page or a screen, and where each name is written. Pure: the console's SVG and the table pack's PDF page both
draw from one layout, so the map on the tablet and the map on paper never disagree.

Positions are longitude and latitude, projected equirectangularly with the longitudes narrowed by the
cosine of the middle latitude (the Empire spans 20 to 55 degrees north, where a plain plate carrée
stretches Britannia to twice its width), then fitted to the box with its proportions kept.
"""

import math
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

# One colour a table, by its place round the hall: the Okabe-Ito palette, told apart by the colour-blind.
TABLE_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")
# A side's markers, dark enough to carry white marks and to tell from the pale table colours beneath them.
SIDE_COLOURS = ("#8E1B1B", "#1B3F8E", "#2E6B1F", "#6B1F6B", "#7A5210", "#1F6B6B", "#3A3A3A")
NO_SIDE_COLOUR = "#FFFFFF"
# The map's inks, on the screen and on paper alike.
ROAD_COLOUR = "#5A4632"
RIVER_COLOUR = "#1F6FB4"
INK = "#1A1A1A"
SIEGE_COLOUR = "#8E1B1B"
BATTLE_COLOUR = "#C00000"
# room left round the drawing for labels, as a share of the box
MARGIN = 0.06
# A name's width, as a share of its font size per letter: the average of a sans-serif face, near enough to
# keep names apart without measuring glyphs (the paper and the browser use different fonts anyway).
LETTER_WIDTH = 0.55
KM_PER_DEGREE_OF_LATITUDE = 111.2
KM_PER_ROMAN_MILE = 1.48

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Place:
    """A map point to draw. A point Control has not placed yet has no longitude or latitude: it is not drawn,
    and the layout lists it with the unplaced."""

    key: str
    name: str
    kind: str
    table: str
    longitude: float | None
    latitude: float | None
    fortified: bool = False


@dataclass(frozen=True)
class Way:
    """A route between two places, by their keys: `designated` a designated crossing between areas,
    `crossing` one that leaves its table."""

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
    """A place where it falls, with its name's anchor: `anchor` is "start", "end" or "middle" of the text."""

    place: Place
    x: float
    y: float
    colour: str
    label_x: float = 0.0
    label_y: float = 0.0
    anchor: str = "start"


@dataclass(frozen=True)
class DrawnWay:
    way: Way
    x1: float
    y1: float
    x2: float
    y2: float
    one_name: str = ""
    other_name: str = ""


@dataclass(frozen=True)
class DrawnMarker:
    marker: Marker
    x: float
    y: float
    place_name: str = ""
    colour: str = NO_SIDE_COLOUR
    anchor: str = "start"


@dataclass(frozen=True)
class DrawnLink:
    link: Link
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Layout:
    """The map fitted to a box. `text_size` is the size names are written at (and markers' step below their
    place); `units_per_km` draws the scale."""

    data: MapData
    width: float
    height: float
    places: tuple[DrawnPlace, ...] = ()
    ways: tuple[DrawnWay, ...] = ()
    markers: tuple[DrawnMarker, ...] = ()
    links: tuple[DrawnLink, ...] = ()
    colours: dict[str, str] = field(default_factory=dict)
    text_size: float = 10.0
    units_per_km: float = 0.0
    unplaced: tuple[str, ...] = ()


def table_colours(tables: tuple[str, ...]) -> dict[str, str]:
    return {table: TABLE_COLOURS[i % len(TABLE_COLOURS)] for i, table in enumerate(tables)}


def side_colour(side: str) -> str:
    """A side keeps its colour on every map and on paper, whoever else is drawn beside it."""
    if not side:
        return NO_SIDE_COLOUR
    return SIDE_COLOURS[zlib.crc32(side.encode()) % len(SIDE_COLOURS)]


def is_placed(place: Place) -> bool:
    return place.longitude is not None and place.latitude is not None


def lay_out(data: MapData, *, width: float, height: float, marker_step: float | None = None) -> Layout:
    """Fit the places to a `width` by `height` box (y downwards, as SVG and a flipped PDF canvas draw). Names
    are written `marker_step` high, and markers stand that far apart; by default a 75th of the box's width,
    which a tablet shows at a readable size when the map fills its screen."""
    marker_step = marker_step or round(max(width, height) / 75, 1)
    colours = table_colours(data.tables)
    placed = [p for p in data.places if is_placed(p)]
    project, units_per_degree = projection(placed, width, height)
    spots = [(p, project(p)) for p in placed]
    labels = placed_labels([(p.name, xy) for p, xy in spots], width, height, marker_step)
    places = tuple(
        DrawnPlace(p, x, y, colours.get(p.table, TABLE_COLOURS[-1]), *label)
        for (p, (x, y)), label in zip(spots, labels)
    )
    at = {drawn.place.key: (drawn.x, drawn.y) for drawn in places}
    names = {drawn.place.key: drawn.place.name for drawn in places}
    ways = tuple(
        DrawnWay(w, *at[w.one], *at[w.other], names[w.one], names[w.other])
        for w in data.ways
        if w.one in at and w.other in at
    )
    return Layout(
        data=data,
        width=width,
        height=height,
        places=places,
        ways=ways,
        markers=stacked(data.markers, at, names, marker_step, width),
        links=linked(data.links, places),
        colours=colours,
        text_size=marker_step,
        units_per_km=units_per_degree / KM_PER_DEGREE_OF_LATITUDE,
        unplaced=data.unplaced + tuple(p.name for p in data.places if not is_placed(p)),
    )


def projection(places: Sequence[Place], width: float, height: float) -> tuple[Callable[[Place], Point], float]:
    """The function from a place to its (x, y) in the box, and the box's units to a degree of latitude."""
    if not places:
        return (lambda place: (width / 2, height / 2)), 0.0
    longitudes = [float(p.longitude or 0) for p in places]
    latitudes = [float(p.latitude or 0) for p in places]
    west, east, south, north = min(longitudes), max(longitudes), min(latitudes), max(latitudes)
    narrowing = math.cos(math.radians((north + south) / 2))
    span_x, span_y = max((east - west) * narrowing, 1e-6), max(north - south, 1e-6)
    inner_w, inner_h = width * (1 - 2 * MARGIN), height * (1 - 2 * MARGIN)
    scale = min(inner_w / span_x, inner_h / span_y)
    if len(places) == 1:  # one point: no span to fit, so a scale that shows a province round it
        scale = min(inner_w, inner_h) / 4
    left = (width - span_x * scale) / 2
    top = (height - span_y * scale) / 2

    def project(place: Place) -> Point:
        return (
            round(left + (float(place.longitude or 0) - west) * narrowing * scale, 1),
            round(top + (north - float(place.latitude or 0)) * scale, 1),
        )

    return project, scale


def label_box(name: str, x: float, y: float, anchor: str, size: float) -> Box:
    """The box a name written at (x, y) covers: (left, top, right, bottom), y the text's baseline."""
    width = LETTER_WIDTH * size * len(name)
    left = {"start": x, "end": x - width}.get(anchor, x - width / 2)
    return (left, y - size * 0.8, left + width, y + size * 0.25)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def placed_labels(
    spots: Sequence[tuple[str, Point]], width: float, height: float, size: float
) -> list[tuple[float, float, str]]:
    """Each name beside its point, to the right, left or above it, whichever first clears the names already
    written and the other points and stays on the page; failing all, to the right (a crowded map overprints
    rather than dropping a name). Markers stand below a point, so no name is written there."""
    gap = size * 0.6
    dots: list[Box] = [(x - gap, y - gap, x + gap, y + gap) for _, (x, y) in spots]
    written: list[Box] = []
    labels = []
    for index, (name, (x, y)) in enumerate(spots):
        candidates = [
            (x + gap, y + size * 0.35, "start"),
            (x - gap, y + size * 0.35, "end"),
            (x, y - gap - size * 0.3, "middle"),
        ]
        chosen = next(
            (c for c in candidates if clear(label_box(name, *c, size), written, dots, index, width, height)),
            candidates[0],
        )
        written.append(label_box(name, *chosen, size))
        labels.append((round(chosen[0], 1), round(chosen[1], 1), chosen[2]))
    return labels


def clear(box: Box, written: Iterable[Box], dots: Sequence[Box], own: int, width: float, height: float) -> bool:
    if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
        return False
    if any(overlaps(box, other) for other in written):
        return False
    return not any(overlaps(box, dot) for i, dot in enumerate(dots) if i != own)


def stacked(
    markers: Iterable[Marker], at: dict[str, Point], names: dict[str, str], step: float, width: float
) -> tuple[DrawnMarker, ...]:
    """Markers at the same place stand in a column below it, so none hides another; a marker near the right
    edge has its words to its left."""
    drawn: list[DrawnMarker] = []
    count: dict[str, int] = {}
    for marker in markers:
        if marker.place not in at:
            continue
        x, y = at[marker.place]
        n = count[marker.place] = count.get(marker.place, 0) + 1
        room = x + step * (0.9 + LETTER_WIDTH * 0.85 * len(marker_text(marker)))
        anchor = "end" if room > width else "start"
        drawn.append(
            DrawnMarker(marker, x, round(y + n * step * 1.2, 1), names[marker.place], side_colour(marker.side), anchor)
        )
    return tuple(drawn)


def marker_text(marker: Marker) -> str:
    """What is written beside a marker: its name, and its strength where it has one."""
    return f"{marker.label} ({marker.strength})" if marker.strength else marker.label


def linked(links: Iterable[Link], places: Sequence[DrawnPlace]) -> tuple[DrawnLink, ...]:
    """A link between tables is drawn between the middles of their places."""
    sums: dict[str, list[float]] = {}
    for p in places:
        total = sums.setdefault(p.place.table, [0.0, 0.0, 0.0])
        total[0] += p.x
        total[1] += p.y
        total[2] += 1
    middles = {table: (round(x / n, 1), round(y / n, 1)) for table, (x, y, n) in sums.items()}
    return tuple(
        DrawnLink(link, *middles[link.one], *middles[link.other])
        for link in links
        if link.one in middles and link.other in middles
    )


def scale_bar(layout: Layout, *, share: float = 0.2) -> tuple[int, float]:
    """A round number of Roman miles near `share` of the map's width, and its length in the box: (miles,
    length); (0, 0) where the map has no span to measure."""
    if layout.units_per_km <= 0:
        return 0, 0.0
    units_per_mile = layout.units_per_km * KM_PER_ROMAN_MILE
    wanted = layout.width * share / units_per_mile
    magnitude = 10 ** math.floor(math.log10(wanted))
    miles = max(m * magnitude for m in (1, 2, 5) if m * magnitude <= wanted)
    return int(miles), round(miles * units_per_mile, 1)
