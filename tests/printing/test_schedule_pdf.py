"""The printable turn schedule, read back with pypdf: the AD69 turn table on A4 and Letter."""

from datetime import datetime
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from umpire.calendar import is_road_cost_month, turn_schedule
from umpire.printing.schedule import ScheduleRow, ScheduleSheet, turn_schedule_pdf

EVENT_NAME = "AD69: The Year of the Four Emperors"


def schedule_sheet(number_of_turns=21, note=""):
    """The AD69 turn table: from 11:00, 20-minute turns, starting September 68."""
    turns = turn_schedule(
        first_turn_starts=datetime(2026, 12, 5, 11, 0),
        turn_minutes=20,
        number_of_turns=number_of_turns,
        start_year=68,
        start_month=9,
    )
    rows = tuple(
        ScheduleRow(
            turn=t.turn,
            starts=f"{t.starts:%H:%M}",
            ends=f"{t.ends:%H:%M}",
            month=str(t.month),
            tax_turn=t.tax_turn,
            road_cost=is_road_cost_month(t.month),
        )
        for t in turns
    )
    return ScheduleSheet(event_name=EVENT_NAME, turn_minutes=20, rows=rows, note=note)


def pages(pdf):
    return PdfReader(BytesIO(pdf)).pages


def text_of(pdf):
    return "\n".join(page.extract_text() for page in pages(pdf))


def test_ad69_schedule_lists_every_turn_with_its_time_month_and_notes():
    text = text_of(turn_schedule_pdf(schedule_sheet(note="Lunch is served during turn 9.")))

    assert "Turn schedule" in text
    assert EVENT_NAME in text
    assert "11:00–11:20" in text
    assert "17:40–18:00" in text
    assert "September 68" in text
    assert "May 70" in text
    assert text.count("Tax Turn") == 7
    assert text.count("Road costs due") == 2
    assert "Lunch is served during turn 9." in text
    assert "page 1 of 1" in text


def test_march_tax_turns_carry_both_notes():
    sheet = schedule_sheet()
    march = [row for row in sheet.rows if row.road_cost]

    assert [(row.turn, row.month, row.tax_turn) for row in march] == [
        (7, "March 69", True),
        (19, "March 70", True),
    ]
    assert "March 69\nTax Turn\nRoad costs due" in text_of(turn_schedule_pdf(sheet))


def test_event_name_with_markup_characters_prints_as_written():
    sheet = ScheduleSheet(event_name="Rome & <Provinces>", turn_minutes=20, rows=(), note="Ask <Control> & wait")
    text = text_of(turn_schedule_pdf(sheet))

    assert "Rome & <Provinces>" in text
    assert "Ask <Control> & wait" in text


@pytest.mark.parametrize(("page_size", "expected"), [("A4", A4), ("Letter", LETTER)])
def test_page_size_by_name(page_size, expected):
    sheet = schedule_sheet(note="Turns run to the bell; Control may pause the clock for a battle.")
    (page,) = pages(turn_schedule_pdf(sheet, page_size=page_size))  # AD69 fits one sheet of either

    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(expected)


def test_unknown_page_size_is_refused_naming_the_allowed_ones():
    with pytest.raises(ValueError, match="A4, Letter"):
        turn_schedule_pdf(schedule_sheet(), page_size="A3")


def test_long_schedule_runs_to_several_pages_with_the_header_row_repeated():
    pdf_pages = pages(turn_schedule_pdf(schedule_sheet(number_of_turns=300)))
    first, second = pdf_pages[0].extract_text(), pdf_pages[1].extract_text()

    assert len(pdf_pages) > 2
    assert f"page 1 of {len(pdf_pages)}" in first
    assert f"page 2 of {len(pdf_pages)}" in second
    assert second.startswith(f"Turn schedule — {EVENT_NAME}\nTurn\nTime\nGame month\nNotes\n")


def test_uses_only_the_embedded_dejavu_fonts():
    fonts = {
        font["/BaseFont"].split("+")[-1]
        for page in pages(turn_schedule_pdf(schedule_sheet()))
        for font in page["/Resources"]["/Font"].values()
    }

    assert fonts == {"DejaVuSans", "DejaVuSans-Bold"}
