"""The map on paper: every point, every force's name and the lists after the map read back from the PDF,
drawn from the same data as the screen's SVG (tests/maps/test_svg.py builds it)."""

from io import BytesIO

from pypdf import PdfReader

from tests.maps.test_svg import MARKERS, PLACES, data
from umpire.printing.map_drawing import MapData, Marker, Place
from umpire.printing.map_page import map_page_pdf

from .paper import ink_outside_margins


def pages_of(pdf):
    return [page for page in PdfReader(BytesIO(pdf)).pages]


def text_of(pdf):
    return "\n".join(page.extract_text() for page in pages_of(pdf))


def test_the_map_is_a_landscape_page_with_its_title():
    pdf = map_page_pdf(data(), event_name="AD69 at Leeds")
    first = pages_of(pdf)[0]
    assert first.mediabox.width > first.mediabox.height
    assert "The Rhine" in first.extract_text() and "AD69 at Leeds" in first.extract_text()


def test_every_point_and_every_marker_is_on_the_map_page_itself():
    first = pages_of(map_page_pdf(data(), event_name="AD69"))[0].extract_text()
    for place in PLACES:
        assert place.name in first
    for marker in MARKERS:
        assert marker.label in first


def test_the_lists_after_the_map_give_each_force_its_point_side_and_strength():
    later = "\n".join(page.extract_text() for page in pages_of(map_page_pdf(data(), event_name="AD69"))[1:])
    assert "Forces and fleets by point" in later
    assert "Legio V Alaudae" in later and "8 vexillations" in later and "Vitellius" in later
    assert "Classis Germanica" in later
    assert "Sieges and battles in progress" in later
    assert "Siege of Mogontiacum" in later and "Battle at Augusta Treverorum" in later
    assert "Points on this map" in later
    for place in PLACES:
        assert place.name in later


def test_points_not_yet_placed_are_listed_and_not_drawn():
    lost = Place("9", "Castra Incognita", "fortress", "Northern", None, None, fortified=True)
    pdf = map_page_pdf(data(places=(*PLACES, lost), unplaced=("Ad Novas",)), event_name="AD69")
    text = text_of(pdf)
    assert "Not yet placed on the map" in text
    assert "Castra Incognita" in text and "Ad Novas" in text
    assert "Castra Incognita" not in pages_of(pdf)[0].extract_text()


def test_the_key_names_each_table_by_its_colour_when_there_are_two():
    first = pages_of(map_page_pdf(data(), event_name="AD69"))[0].extract_text()
    assert "river valley" in first and "designated crossing" in first and "Roman miles" in first
    assert "Northern" in first and "Gaul" in first


def test_nothing_on_the_map_is_printed_outside_the_margins():
    crowded = data(
        markers=(
            *MARKERS,
            *(
                Marker("3", "force", f"Vexillatio {n} of the legion stationed far to the east", "Otho")
                for n in range(6)
            ),
        )
    )
    assert ink_outside_margins(map_page_pdf(crowded, event_name="AD69", page_size="Letter")) == []


def test_an_empty_map_prints_a_page():
    pdf = map_page_pdf(MapData(title="Nowhere yet", tables=(), places=()), event_name="AD69")
    assert len(pages_of(pdf)) == 1 and "Nowhere yet" in text_of(pdf)
