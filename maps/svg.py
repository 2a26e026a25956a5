"""The map drawn for the screen: one self-contained SVG from a Layout (umpire/printing/map_drawing.py), built
as a string with every name escaped (names come from Control's data and imported files). Nothing is fetched:
the hall has no internet, so the SVG brings no fonts, tiles or scripts, only shapes and the browser's own
sans-serif. Presentation is in attributes, not in a sheet, so the same markup reads the same when it is saved
on its own; the classes and data attributes are for the page's script and tests.
"""

from html import escape

from django.utils.safestring import SafeString, mark_safe

from umpire.printing.map_drawing import (
    BATTLE_COLOUR,
    INK,
    RIVER_COLOUR,
    ROAD_COLOUR,
    SIEGE_COLOUR,
    DrawnLink,
    DrawnMarker,
    DrawnPlace,
    DrawnWay,
    Layout,
    marker_text,
    scale_bar,
)

LINK_COLOUR = "#7F7F7F"
SEA = "#F4F1E8"


def map_svg(layout: Layout, *, label: str, legend: bool = True) -> SafeString:
    """The whole map: links under routes under places under markers, then the legend and scale."""
    size = layout.text_size
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n(layout.width)} {n(layout.height)}" '
        f'role="img" aria-label="{e(label)}" class="map" font-family="sans-serif" font-size="{n(size)}">',
        f"<title>{e(label)}</title>",
        f'<rect class="map-ground" width="{n(layout.width)}" height="{n(layout.height)}" fill="{SEA}"/>',
        '<g class="map-links">',
        *(link_svg(link, size) for link in layout.links),
        "</g>",
        f'<g class="map-routes" stroke-linecap="round" stroke-width="{n(size * 0.2)}">',
        *(way_svg(way, size) for way in layout.ways),
        "</g>",
        f'<g class="map-points" stroke="{INK}" stroke-width="{n(size * 0.12)}">',
        *(place_svg(place, size) for place in layout.places),
        "</g>",
        f'<g class="map-markers" font-size="{n(size * 0.85)}">',
        *(marker_svg(marker, size) for marker in layout.markers),
        "</g>",
    ]
    if legend:
        parts.append(legend_svg(layout))
    parts.append("</svg>")
    return mark_safe("".join(parts))  # noqa: S308 - every piece of text above is escaped by e()


def e(text: object) -> str:
    return escape(str(text), quote=True)


def n(value: float) -> str:
    """A coordinate in the fewest characters: the map's weight on a tablet is mostly numbers."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def way_svg(drawn: DrawnWay, size: float) -> str:
    way = drawn.way
    classes = " ".join(
        ["map-route", way.kind] + (["designated"] if way.designated else []) + (["crossing"] if way.crossing else [])
    )
    colour = RIVER_COLOUR if way.kind == "river" else ROAD_COLOUR
    style = f'stroke="{colour}"'
    if way.kind == "river":
        style += f' stroke-dasharray="{n(size * 0.6)} {n(size * 0.4)}" stroke-linecap="butt"'
    if way.designated:
        style += f' stroke-width="{n(size * 0.45)}"'
    line = (
        f'<line class="{classes}" data-route="{e(drawn.one_name)}|{e(drawn.other_name)}" '
        f'x1="{n(drawn.x1)}" y1="{n(drawn.y1)}" x2="{n(drawn.x2)}" y2="{n(drawn.y2)}" {style}/>'
    )
    if not way.crossing:
        return line
    # A crossing to another table gets a bar across its middle, the mark of a border post on the tables.
    return line + crossing_mark(drawn, size)


def crossing_mark(drawn: DrawnWay, size: float) -> str:
    mx, my = (drawn.x1 + drawn.x2) / 2, (drawn.y1 + drawn.y2) / 2
    dx, dy = drawn.x2 - drawn.x1, drawn.y2 - drawn.y1
    length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
    # across the route: its direction turned a quarter
    ux, uy = -dy / length * size * 0.6, dx / length * size * 0.6
    return (
        f'<line class="map-crossing-mark" x1="{n(mx - ux)}" y1="{n(my - uy)}" x2="{n(mx + ux)}" y2="{n(my + uy)}" '
        f'stroke="{INK}" stroke-width="{n(size * 0.25)}"/>'
    )


def place_svg(drawn: DrawnPlace, size: float) -> str:
    place = drawn.place
    kind = place.kind.replace("_", "-")
    fortified = " fortified" if place.fortified else ""
    return (
        f'<g class="map-point kind-{e(kind)}{fortified}" data-point="{e(place.name)}" data-table="{e(place.table)}">'
        f"<title>{e(place.name)} ({e(place.kind.replace('_', ' '))}{', fortified' if place.fortified else ''}, "
        f"{e(place.table)})</title>"
        f"{place_shape(drawn, size)}"
        f'<text x="{n(drawn.label_x)}" y="{n(drawn.label_y)}" text-anchor="{drawn.anchor}" fill="{INK}" '
        f'stroke="#FFF" stroke-width="{n(size * 0.3)}" paint-order="stroke">{e(place.name)}</text></g>'
    )


# A point's size by its kind: a way-station is a dot beside a city.
RADIUS = {"city": 0.55, "fortress": 0.5, "port": 0.45, "town": 0.4, "way_station": 0.28}


def place_shape(drawn: DrawnPlace, size: float) -> str:
    """A circle in its table's colour; a fortified place a square, and a port a ring round its dot."""
    r = RADIUS.get(drawn.place.kind, 0.4) * size
    x, y, fill = drawn.x, drawn.y, drawn.colour
    if drawn.place.fortified:
        shape = f'<rect x="{n(x - r)}" y="{n(y - r)}" width="{n(2 * r)}" height="{n(2 * r)}" fill="{fill}"/>'
    else:
        shape = f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="{fill}"/>'
    if drawn.place.kind == "port":
        shape += f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r * 1.6)}" fill="none" stroke="{RIVER_COLOUR}"/>'
    return shape


def marker_svg(drawn: DrawnMarker, size: float) -> str:
    marker = drawn.marker
    said = ", ".join(part for part in (marker.label, marker.side, marker.strength) if part)
    text_x = drawn.x + size * 0.9 if drawn.anchor == "start" else drawn.x - size * 0.9
    return (
        f'<g class="map-marker" data-kind="{e(marker.kind)}" data-name="{e(marker.label)}" '
        f'data-place="{e(drawn.place_name)}"><title>{e(said)}</title>{marker_glyph(drawn, size)}'
        f'<text x="{n(text_x)}" y="{n(drawn.y + size * 0.3)}" text-anchor="{drawn.anchor}" fill="{INK}" stroke="#FFF" '
        f'stroke-width="{n(size * 0.25)}" paint-order="stroke">{e(marker_text(marker))}</text></g>'
    )


def marker_glyph(drawn: DrawnMarker, size: float) -> str:
    """A force the map symbol of a unit (a box crossed through), a fleet a hull, a siege a ring, a battle two
    crossed swords; forces and fleets in their side's colour."""
    x, y, h = drawn.x, drawn.y, size * 0.35
    kind = drawn.marker.kind
    if kind == "force":
        w = h * 1.5
        return (
            f'<rect x="{n(x - w)}" y="{n(y - h)}" width="{n(2 * w)}" height="{n(2 * h)}" fill="{drawn.colour}" '
            f'stroke="{INK}" stroke-width="{n(size * 0.1)}"/>'
            f'<path d="M{n(x - w)} {n(y - h)}L{n(x + w)} {n(y + h)}M{n(x - w)} {n(y + h)}L{n(x + w)} {n(y - h)}" '
            f'stroke="#FFF" stroke-width="{n(size * 0.08)}"/>'
        )
    if kind == "fleet":
        return (
            f'<path d="M{n(x - 1.6 * h)} {n(y - h * 0.6)}H{n(x + 1.6 * h)}L{n(x + h)} {n(y + h)}H{n(x - h)}Z" '
            f'fill="{drawn.colour}" stroke="{INK}" stroke-width="{n(size * 0.1)}"/>'
        )
    if kind == "siege":
        return (
            f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(h * 1.2)}" fill="none" stroke="{SIEGE_COLOUR}" '
            f'stroke-width="{n(size * 0.2)}" stroke-dasharray="{n(size * 0.2)}"/>'
        )
    return (
        f'<path d="M{n(x - h)} {n(y - h)}L{n(x + h)} {n(y + h)}M{n(x - h)} {n(y + h)}L{n(x + h)} {n(y - h)}" '
        f'stroke="{BATTLE_COLOUR}" stroke-width="{n(size * 0.25)}" stroke-linecap="round"/>'
    )


def link_svg(drawn: DrawnLink, size: float) -> str:
    link = drawn.link
    head = (
        f'<g class="map-link {e(link.kind)}" data-tables="{e(link.one)}|{e(link.other)}" data-letters="{link.letters}">'
        f'<line x1="{n(drawn.x1)}" y1="{n(drawn.y1)}" x2="{n(drawn.x2)}" y2="{n(drawn.y2)}" stroke="{LINK_COLOUR}" '
        f'stroke-width="{n(size * 0.3)}" stroke-dasharray="{n(size)} {n(size * 0.5)}" opacity="0.6"/>'
    )
    if link.letters <= 0:
        return head + "</g>"
    mx, my = (drawn.x1 + drawn.x2) / 2, (drawn.y1 + drawn.y2) / 2
    noun = "letter" if link.letters == 1 else "letters"
    return (
        head + f"<title>{link.letters} {noun} in transit between {e(link.one)} and {e(link.other)}</title>"
        f'<circle cx="{n(mx)}" cy="{n(my)}" r="{n(size * 0.9)}" fill="#FFF" stroke="{LINK_COLOUR}"/>'
        f'<text x="{n(mx)}" y="{n(my + size * 0.35)}" text-anchor="middle" fill="{INK}">{link.letters}</text></g>'
    )


def legend_svg(layout: Layout) -> str:
    """The key in the bottom left corner: the two kinds of route, a designated crossing, a fortified place, and
    a scale in Roman miles."""
    s = layout.text_size
    x, y = s, layout.height - s * 5.2
    rows = [
        ("road", f'stroke="{ROAD_COLOUR}" stroke-width="{n(s * 0.2)}"'),
        (
            "river valley",
            f'stroke="{RIVER_COLOUR}" stroke-width="{n(s * 0.2)}" stroke-dasharray="{n(s * 0.6)} {n(s * 0.4)}"',
        ),
        ("designated crossing", f'stroke="{ROAD_COLOUR}" stroke-width="{n(s * 0.45)}"'),
    ]
    miles, length = scale_bar(layout, share=0.15)
    width = max(s * 11, length + s * 7)
    parts = [
        f'<g class="map-legend" font-size="{n(s * 0.8)}" fill="{INK}">',
        f'<rect x="{n(x - s * 0.5)}" y="{n(y - s)}" width="{n(width)}" height="{n(s * 5.6)}" fill="#FFF" opacity="0.85"/>',
    ]
    for i, (name, style) in enumerate(rows):
        row_y = y + i * s
        parts.append(
            f'<line x1="{n(x)}" y1="{n(row_y - s * 0.3)}" x2="{n(x + s * 2)}" y2="{n(row_y - s * 0.3)}" {style}/>'
        )
        parts.append(f'<text x="{n(x + s * 2.5)}" y="{n(row_y)}">{name}</text>')
    row_y = y + 3 * s
    r = s * 0.3
    parts.append(
        f'<rect x="{n(x + s - r)}" y="{n(row_y - s * 0.3 - r)}" width="{n(2 * r)}" height="{n(2 * r)}" fill="#FFF" stroke="{INK}"/>'
        f'<text x="{n(x + s * 2.5)}" y="{n(row_y)}">fortified place</text>'
    )
    if miles:
        bar_y = y + 4 * s
        parts.append(
            f'<path class="map-scale" d="M{n(x)} {n(bar_y - s * 0.5)}v{n(s * 0.4)}h{n(length)}v{n(-s * 0.4)}" fill="none" '
            f'stroke="{INK}" stroke-width="{n(s * 0.12)}"/>'
            f'<text x="{n(x + length + s * 0.5)}" y="{n(bar_y)}">{miles} Roman miles</text>'
        )
    parts.append("</g>")
    return "".join(parts)
