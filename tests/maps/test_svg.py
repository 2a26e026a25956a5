"""The map's SVG against the data it draws: every place and route once with its data attributes, markers
and links, names escaped, and nothing drawn that the data does not hold. No database: a MapData is built
here as the selectors would build it."""

import re
import xml.etree.ElementTree as ET

from maps.svg import map_svg
from umpire.printing.map_drawing import Link, MapData, Marker, Place, Way, lay_out

SVG = "{http://www.w3.org/2000/svg}"

PLACES = (
    Place("1", "Vetera", "fortress", "Northern", 6.45, 51.66, fortified=True),
    Place("2", "Colonia Agrippina", "city", "Northern", 6.96, 50.94, fortified=True),
    Place("3", "Mogontiacum", "fortress", "Northern", 8.27, 50.00, fortified=True),
    Place("4", "Augusta Treverorum", "city", "Gaul", 6.64, 49.75),
    Place("5", "Durocortorum", "town", "Gaul", 4.03, 49.26),
    Place("6", "Gesoriacum", "port", "Gaul", 1.61, 50.73),
    Place("7", "Ad Fines", "way_station", "Gaul", 5.2, 49.5),
)
WAYS = (
    Way("1", "2", "river"),
    Way("2", "3", "road"),
    Way("3", "4", "road", designated=True, crossing=True),
    Way("4", "5", "road"),
    Way("5", "6", "river", designated=True),
    Way("5", "7", "road"),
)
MARKERS = (
    Marker("1", "force", "Legio V Alaudae", side="Vitellius", strength="8 vexillations"),
    Marker("1", "force", "Legio XV Primigenia", side="Vitellius", strength="6 vexillations"),
    Marker("6", "fleet", "Classis Germanica", side="Vitellius", strength="12 squadrons"),
    Marker("3", "siege", "Siege of Mogontiacum"),
    Marker("4", "battle", "Battle at Augusta Treverorum"),
)
LINKS = (Link("Northern", "Gaul", "land", letters=3), Link("Gaul", "Northern", "sea", letters=0))


def data(**changes):
    fields = dict(
        title="The Rhine", tables=("Northern", "Gaul"), places=PLACES, ways=WAYS, markers=MARKERS, links=LINKS
    )
    fields.update(changes)
    return MapData(**fields)


def drawn(map_data=None, label="The Rhine map", **kwargs):
    svg = map_svg(lay_out(map_data or data(), width=1000, height=700), label=label, **kwargs)
    return svg, ET.fromstring(svg)


def by_class(root, tag, name):
    return [el for el in root.iter(SVG + tag) if name in el.get("class", "").split()]


def test_the_svg_is_self_contained_with_its_box_and_label():
    svg, root = drawn()
    assert root.tag == SVG + "svg"
    assert root.get("viewBox") == "0 0 1000 700"
    assert root.get("role") == "img"
    assert root.get("aria-label") == "The Rhine map"
    assert not re.search(r"(href|src)=|url\(|<script|@import", svg)


def test_every_place_is_drawn_once_with_its_name_table_and_kind():
    _, root = drawn()
    points = by_class(root, "g", "map-point")
    assert sorted(p.get("data-point") for p in points) == sorted(p.name for p in PLACES)
    tables = {p.get("data-point"): p.get("data-table") for p in points}
    assert tables["Vetera"] == "Northern" and tables["Durocortorum"] == "Gaul"
    classes = {p.get("data-point"): p.get("class").split() for p in points}
    assert "kind-way-station" in classes["Ad Fines"]
    assert "kind-port" in classes["Gesoriacum"]
    assert "fortified" in classes["Vetera"]
    assert "fortified" not in classes["Durocortorum"]
    for point in points:
        assert [t.text for t in point.iter(SVG + "text")] == [point.get("data-point")]


def test_a_fortified_place_is_a_square_and_an_open_one_a_circle_in_its_tables_colour():
    _, root = drawn()
    points = {p.get("data-point"): p for p in by_class(root, "g", "map-point")}
    vetera, durocortorum = points["Vetera"], points["Durocortorum"]
    assert vetera.find(SVG + "rect") is not None and vetera.find(SVG + "circle") is None
    assert durocortorum.find(SVG + "circle") is not None and durocortorum.find(SVG + "rect") is None
    assert vetera.find(SVG + "rect").get("fill") != durocortorum.find(SVG + "circle").get("fill")


def test_every_route_is_drawn_once_by_its_ends_and_kind():
    _, root = drawn()
    names = {p.key: p.name for p in PLACES}
    routes = by_class(root, "line", "map-route")
    assert sorted(r.get("data-route") for r in routes) == sorted(f"{names[w.one]}|{names[w.other]}" for w in WAYS)
    classes = {r.get("data-route"): r.get("class").split() for r in routes}
    assert classes["Vetera|Colonia Agrippina"] == ["map-route", "river"]
    assert classes["Colonia Agrippina|Mogontiacum"] == ["map-route", "road"]
    assert classes["Mogontiacum|Augusta Treverorum"] == ["map-route", "road", "designated", "crossing"]
    assert classes["Durocortorum|Gesoriacum"] == ["map-route", "river", "designated"]


def test_a_river_valley_is_blue_and_dashed_and_a_designated_crossing_thicker():
    _, root = drawn()
    routes = {r.get("data-route"): r for r in by_class(root, "line", "map-route")}
    river, road = routes["Vetera|Colonia Agrippina"], routes["Colonia Agrippina|Mogontiacum"]
    assert river.get("stroke-dasharray") and not road.get("stroke-dasharray")
    assert river.get("stroke") != road.get("stroke")
    designated = routes["Mogontiacum|Augusta Treverorum"]
    assert float(designated.get("stroke-width")) > float(
        root.find(f".//{SVG}g[@class='map-routes']").get("stroke-width")
    )
    # the crossing between tables gets its mark across the road, and only that one
    assert len(by_class(root, "line", "map-crossing-mark")) == 1


def test_every_marker_says_its_kind_name_place_side_and_strength():
    _, root = drawn()
    markers = by_class(root, "g", "map-marker")
    assert [(m.get("data-kind"), m.get("data-name"), m.get("data-place")) for m in markers] == [
        ("force", "Legio V Alaudae", "Vetera"),
        ("force", "Legio XV Primigenia", "Vetera"),
        ("fleet", "Classis Germanica", "Gesoriacum"),
        ("siege", "Siege of Mogontiacum", "Mogontiacum"),
        ("battle", "Battle at Augusta Treverorum", "Augusta Treverorum"),
    ]
    title = markers[0].find(SVG + "title").text
    assert "Legio V Alaudae" in title and "Vitellius" in title and "8 vexillations" in title


def test_markers_at_one_place_stand_apart():
    _, root = drawn()
    vetera = [m for m in by_class(root, "g", "map-marker") if m.get("data-place") == "Vetera"]
    heights = {m.find(SVG + "rect").get("y") for m in vetera}
    assert len(heights) == 2


def test_a_link_between_tables_carries_its_letters():
    _, root = drawn()
    links = {(g.get("data-tables"), g.get("class")): g for g in by_class(root, "g", "map-link")}
    busy, quiet = links[("Northern|Gaul", "map-link land")], links[("Gaul|Northern", "map-link sea")]
    assert busy.get("data-letters") == "3"
    assert [t.text for t in busy.iter(SVG + "text")] == ["3"]
    assert quiet.get("data-letters") == "0"
    assert list(quiet.iter(SVG + "text")) == []


def test_a_link_to_a_table_not_on_the_map_is_not_drawn():
    _, root = drawn(data(links=(Link("Northern", "Egypt", "land", letters=2),)))
    assert by_class(root, "g", "map-link") == []


def test_a_point_with_no_position_is_not_drawn_but_listed_as_unplaced():
    lost = Place("9", "Castra Incognita", "fortress", "Northern", None, None, fortified=True)
    layout = lay_out(data(places=(*PLACES, lost), ways=(*WAYS, Way("1", "9", "road"))), width=1000, height=700)
    assert "Castra Incognita" in layout.unplaced
    svg = map_svg(layout, label="map")
    assert "Castra Incognita" not in svg
    assert len(by_class(ET.fromstring(svg), "line", "map-route")) == len(WAYS)


def test_hostile_names_are_escaped_everywhere():
    hostile = '<script>alert("x")</script>'
    places = (
        Place("1", hostile, "town", "<b>Table</b>", 6.0, 50.0),
        Place("2", "Bonna & Co", "town", "<b>Table</b>", 7.0, 51.0),
    )
    map_data = MapData(
        title="t",
        tables=("<b>Table</b>",),
        places=places,
        ways=(Way("1", "2", "road"),),
        markers=(Marker("1", "force", hostile, side='"side"', strength="<8>"),),
    )
    svg, root = drawn(map_data, label=hostile)
    assert "<script" not in svg and "<b>" not in svg
    point = by_class(root, "g", "map-point")[0]
    assert point.get("data-point") == hostile and point.get("data-table") == "<b>Table</b>"
    assert root.get("aria-label") == hostile
    assert by_class(root, "line", "map-route")[0].get("data-route") == f"{hostile}|Bonna & Co"
    assert by_class(root, "g", "map-marker")[0].get("data-name") == hostile


def test_an_empty_map_is_still_a_drawing():
    _, root = drawn(MapData(title="Nothing yet", tables=(), places=()))
    assert by_class(root, "g", "map-point") == []


def test_the_legend_has_a_scale_in_roman_miles_and_can_be_left_off():
    svg, root = drawn()
    assert by_class(root, "g", "map-legend") and "Roman miles" in svg
    _, bare = drawn(legend=False)
    assert by_class(bare, "g", "map-legend") == []
