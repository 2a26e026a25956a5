"""A map on paper (issue 33): a table's map, or the whole empire's, on A4 or Letter turned landscape, drawn
from the same Layout as the console's SVG (map_drawing.py), so the paper and the tablet agree. The first
page is the map with its key; the pages after it list what a map cannot say in its space: the forces and
fleets at each point with their side and strength, the sieges and battles in progress, every point with
its kind and table, and the points Control has not placed yet.

Names on the map may overprint where a table is crowded; the lists after it print every one whole.
"""

from collections.abc import Sequence
from io import BytesIO

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, PageBreak, Paragraph, SimpleDocTemplate, Spacer

from umpire.printing.map_drawing import (
    BATTLE_COLOUR,
    INK,
    RIVER_COLOUR,
    ROAD_COLOUR,
    SIEGE_COLOUR,
    DrawnMarker,
    DrawnPlace,
    DrawnWay,
    Layout,
    MapData,
    Marker,
    lay_out,
    marker_text,
    scale_bar,
)
from umpire.printing.styles import (
    FONT,
    HEADING,
    MARGIN,
    NumberedCanvas,
    masthead,
    page_size_named,
    paragraph,
    ruled_table,
    running_header,
)

MAP_TITLE = "Map"
# Names on the map: smaller than a sheet's body text, as on any printed map, but read at arm's length.
MAP_TEXT = 9


def map_page_pdf(data: MapData, *, event_name: str, page_size: str = "A4") -> bytes:
    """The map and its lists as PDF bytes, on "A4" or "Letter" paper turned landscape."""
    buffer = BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=landscape(page_size_named(page_size)),
        title=f"{MAP_TITLE} — {event_name}",
        initialFontName=FONT,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
    )
    header = running_header(MAP_TITLE, event_name)
    doc.build(map_story(data), onFirstPage=header, onLaterPages=header, canvasmaker=NumberedCanvas)
    return buffer.getvalue()


def map_story(data: MapData) -> list[Flowable]:
    story: list[Flowable] = [masthead(data.title, MAP_TITLE), Spacer(0, 4), MapDrawing(data)]
    lists = [*forces_part(data), *events_part(data), *points_part(data), *unplaced_part(data)]
    return story + [PageBreak(), *lists] if lists else story


class MapDrawing(Flowable):
    """The map, fitted to the room left on its page."""

    def __init__(self, data: MapData) -> None:
        super().__init__()
        self.data = data
        self.layout = lay_out(data, width=1, height=1)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.layout = lay_out(self.data, width=availWidth, height=availHeight, marker_step=MAP_TEXT)
        return availWidth, availHeight

    def draw(self) -> None:
        draw_map(self.canv, self.layout)


def draw_map(canvas: Canvas, layout: Layout) -> None:
    """Links under routes under places under markers, clipped to the map's box; y turned upwards."""
    canvas.saveState()
    frame = canvas.beginPath()
    frame.rect(0, 0, layout.width, layout.height)
    canvas.clipPath(frame, stroke=1, fill=0)
    flip = layout.height
    for link in layout.links:
        draw_link(canvas, flip, link.x1, link.y1, link.x2, link.y2, link.link.letters)
    for way in layout.ways:
        draw_way(canvas, flip, way)
    for place in layout.places:
        draw_place(canvas, flip, place)
    for marker in layout.markers:
        draw_marker(canvas, flip, marker)
    draw_key(canvas, layout)
    canvas.restoreState()


def draw_link(canvas: Canvas, flip: float, x1: float, y1: float, x2: float, y2: float, letters: int) -> None:
    canvas.setStrokeColor(colors.HexColor("#9A9A9A"))
    canvas.setLineWidth(2)
    canvas.setDash(8, 4)
    canvas.line(x1, flip - y1, x2, flip - y2)
    canvas.setDash()
    if letters > 0:
        mx, my = (x1 + x2) / 2, flip - (y1 + y2) / 2
        canvas.setFillColor(colors.white)
        canvas.circle(mx, my, MAP_TEXT, stroke=1, fill=1)
        canvas.setFillColor(colors.HexColor(INK))
        canvas.setFont(FONT, MAP_TEXT)
        canvas.drawCentredString(mx, my - MAP_TEXT * 0.35, str(letters))


def draw_way(canvas: Canvas, flip: float, drawn: DrawnWay) -> None:
    """A road solid and brown, a river valley dashed and blue, a designated crossing twice as thick and a
    crossing between tables barred across its middle."""
    way = drawn.way
    canvas.setStrokeColor(colors.HexColor(RIVER_COLOUR if way.kind == "river" else ROAD_COLOUR))
    canvas.setLineWidth(3 if way.designated else 1.3)
    canvas.setDash(*((5, 3) if way.kind == "river" else ()))
    canvas.line(drawn.x1, flip - drawn.y1, drawn.x2, flip - drawn.y2)
    canvas.setDash()
    if way.crossing:
        mx, my = (drawn.x1 + drawn.x2) / 2, (drawn.y1 + drawn.y2) / 2
        dx, dy = drawn.x2 - drawn.x1, drawn.y2 - drawn.y1
        length = max((dx * dx + dy * dy) ** 0.5, 1e-6)
        ux, uy = -dy / length * 5, dx / length * 5
        canvas.setStrokeColor(colors.HexColor(INK))
        canvas.setLineWidth(2)
        canvas.line(mx - ux, flip - (my - uy), mx + ux, flip - (my + uy))


def draw_place(canvas: Canvas, flip: float, drawn: DrawnPlace) -> None:
    """A circle in its table's colour; a fortified place a square, and a port ringed in blue."""
    place, x, y = drawn.place, drawn.x, flip - drawn.y
    r = {"city": 4.5, "fortress": 4, "port": 3.5, "town": 3.2, "way_station": 2.2}.get(place.kind, 3.2)
    canvas.setStrokeColor(colors.HexColor(INK))
    canvas.setFillColor(colors.HexColor(drawn.colour))
    canvas.setLineWidth(0.8)
    if place.fortified:
        canvas.rect(x - r, y - r, 2 * r, 2 * r, stroke=1, fill=1)
    else:
        canvas.circle(x, y, r, stroke=1, fill=1)
    if place.kind == "port":
        canvas.setStrokeColor(colors.HexColor(RIVER_COLOUR))
        canvas.circle(x, y, r * 1.7, stroke=1, fill=0)
    canvas.setFillColor(colors.HexColor(INK))
    canvas.setFont(FONT, MAP_TEXT)
    written(canvas, drawn.label_x, flip - drawn.label_y, place.name, drawn.anchor)


def written(canvas: Canvas, x: float, y: float, text: str, anchor: str) -> None:
    if anchor == "end":
        canvas.drawRightString(x, y, text)
    elif anchor == "middle":
        canvas.drawCentredString(x, y, text)
    else:
        canvas.drawString(x, y, text)


def draw_marker(canvas: Canvas, flip: float, drawn: DrawnMarker) -> None:
    x, y, h, kind = drawn.x, flip - drawn.y, 3.2, drawn.marker.kind
    canvas.setLineWidth(0.8)
    canvas.setStrokeColor(colors.HexColor(INK))
    canvas.setFillColor(colors.HexColor(drawn.colour))
    if kind == "force":
        canvas.rect(x - 1.5 * h, y - h, 3 * h, 2 * h, stroke=1, fill=1)
        canvas.setStrokeColor(colors.white)
        canvas.line(x - 1.5 * h, y - h, x + 1.5 * h, y + h)
        canvas.line(x - 1.5 * h, y + h, x + 1.5 * h, y - h)
    elif kind == "fleet":
        hull = canvas.beginPath()
        hull.moveTo(x - 1.6 * h, y + 0.6 * h)
        hull.lineTo(x + 1.6 * h, y + 0.6 * h)
        hull.lineTo(x + h, y - h)
        hull.lineTo(x - h, y - h)
        hull.close()
        canvas.drawPath(hull, stroke=1, fill=1)
    elif kind == "siege":
        canvas.setStrokeColor(colors.HexColor(SIEGE_COLOUR))
        canvas.setLineWidth(1.5)
        canvas.setDash(2, 2)
        canvas.circle(x, y, h * 1.2, stroke=1, fill=0)
        canvas.setDash()
    else:
        canvas.setStrokeColor(colors.HexColor(BATTLE_COLOUR))
        canvas.setLineWidth(2)
        canvas.line(x - h, y - h, x + h, y + h)
        canvas.line(x - h, y + h, x + h, y - h)
    canvas.setFillColor(colors.HexColor(INK))
    canvas.setFont(FONT, MAP_TEXT * 0.85)
    offset = MAP_TEXT if drawn.anchor == "start" else -MAP_TEXT
    written(canvas, x + offset, y - MAP_TEXT * 0.3, marker_text(drawn.marker), drawn.anchor)


def draw_key(canvas: Canvas, layout: Layout) -> None:
    """The key in the bottom left corner: the kinds of route, a fortified place, each table's colour where
    the map has more than one table, and a scale in Roman miles."""
    tables = list(layout.colours.items()) if len(layout.colours) > 1 else []
    rows = 4 + len(tables)
    line = MAP_TEXT * 1.3
    miles, length = scale_bar(layout, share=0.15)
    x, top = 6.0, 6 + line * (rows + 1)
    width = max(150.0, length + 70, *(stringWidth(t, FONT, MAP_TEXT) + 40 for t, _ in tables))
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(colors.HexColor(INK))
    canvas.setLineWidth(0.5)
    canvas.rect(2, 2, width, top, stroke=1, fill=1)
    canvas.setFont(FONT, MAP_TEXT)
    y = top - line + 2
    for name, colour, thickness, dash in (
        ("road", ROAD_COLOUR, 1.3, ()),
        ("river valley", RIVER_COLOUR, 1.3, (5, 3)),
        ("designated crossing", ROAD_COLOUR, 3, ()),
    ):
        canvas.setStrokeColor(colors.HexColor(colour))
        canvas.setLineWidth(thickness)
        canvas.setDash(*dash)
        canvas.line(x, y + 3, x + 24, y + 3)
        canvas.setDash()
        key_text(canvas, x + 30, y, name)
        y -= line
    swatch(canvas, x + 9, y, "#FFFFFF", square=True)
    key_text(canvas, x + 30, y, "fortified place")
    for table, colour in tables:
        y -= line
        swatch(canvas, x + 9, y, colour, square=False)
        key_text(canvas, x + 30, y, table)
    if miles:
        y -= line
        canvas.setStrokeColor(colors.HexColor(INK))
        canvas.setLineWidth(1)
        canvas.lines([(x, y + 6, x, y), (x, y, x + length, y), (x + length, y, x + length, y + 6)])
        key_text(canvas, x + length + 6, y, f"{miles} Roman miles")


def key_text(canvas: Canvas, x: float, y: float, text: str) -> None:
    canvas.setFillColor(colors.HexColor(INK))
    canvas.drawString(x, y, text)


def swatch(canvas: Canvas, x: float, y: float, colour: str, *, square: bool) -> None:
    canvas.setStrokeColor(colors.HexColor(INK))
    canvas.setLineWidth(0.8)
    canvas.setFillColor(colors.HexColor(colour))
    if square:
        canvas.rect(x - 3.5, y, 7, 7, stroke=1, fill=1)
    else:
        canvas.circle(x, y + 3.5, 3.5, stroke=1, fill=1)


# ---- the lists after the map ------------------------------------------------------------------


def point_names(data: MapData) -> dict[str, str]:
    return {place.key: place.name for place in data.places}


def at_points(data: MapData, kinds: Sequence[str]) -> list[tuple[str, Marker]]:
    """The markers of `kinds` by the name of their point, sorted by it."""
    names = point_names(data)
    found = [(names.get(m.place, m.place), m) for m in data.markers if m.kind in kinds]
    return sorted(found, key=lambda pair: pair[0])


def forces_part(data: MapData) -> list[Flowable]:
    rows = [
        (point, marker.label, marker.side or "–", marker.strength or "–")
        for point, marker in at_points(data, ("force", "fleet"))
    ]
    if not rows:
        return []
    return [
        Paragraph("Forces and fleets by point", HEADING),
        ruled_table(("Point", "Force or fleet", "Side", "Strength"), rows, ("25%", "35%", "20%", "20%")),
        Spacer(0, 12),
    ]


def events_part(data: MapData) -> list[Flowable]:
    rows = [(point, marker.kind, marker.label) for point, marker in at_points(data, ("siege", "battle"))]
    if not rows:
        return []
    return [
        Paragraph("Sieges and battles in progress", HEADING),
        ruled_table(("Point", "What", "Name"), rows, ("30%", "15%", "55%")),
        Spacer(0, 12),
    ]


def points_part(data: MapData) -> list[Flowable]:
    rows = [
        (place.name, place.kind.replace("_", " ") + (", fortified" if place.fortified else ""), place.table)
        for place in sorted(data.places, key=lambda p: p.name)
    ]
    if not rows:
        return []
    return [
        Paragraph("Points on this map", HEADING),
        ruled_table(("Point", "Kind", "Table"), rows, ("40%", "25%", "35%")),
        Spacer(0, 12),
    ]


def unplaced_part(data: MapData) -> list[Flowable]:
    names = list(data.unplaced) + [p.name for p in data.places if p.longitude is None or p.latitude is None]
    if not names:
        return []
    return [
        Paragraph("Not yet placed on the map", HEADING),
        paragraph("Control has not given these points a position, so the map does not show them: " + "; ".join(names)),
    ]
