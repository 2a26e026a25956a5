"""The printable turn schedule: every turn's wall-clock time and game month, tax turns shaded.

The handbook's turn table (IV. THE TURN) for the umpires' and players' tables. The caller
builds the sheet, e.g. from `umpire.calendar.turn_schedule`; this module only draws it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Paragraph, Spacer

from umpire.printing.styles import BODY, HEADING, SHADE, TABLE_STYLE, TITLE, SplittingTable, build_pdf, wrapped

TITLE_TEXT = "Turn schedule"
COLUMNS = ("Turn", "Time", "Game month", "Notes")
# Shares of the frame's width, so the table fits A4 and Letter alike; Notes gets the most.
COLUMN_WIDTHS = ("12%", "26%", "28%", "34%")


@dataclass(frozen=True)
class ScheduleRow:
    turn: int
    starts: str
    ends: str
    month: str
    tax_turn: bool
    road_cost: bool


@dataclass(frozen=True)
class ScheduleSheet:
    event_name: str
    turn_minutes: int
    rows: tuple[ScheduleRow, ...]
    note: str = ""


def row_notes(row: ScheduleRow) -> str:
    """What the Notes cell says: "Tax Turn", "Road costs due" (March), both on two lines, or nothing."""
    notes = [text for text, due in (("Tax Turn", row.tax_turn), ("Road costs due", row.road_cost)) if due]
    return "\n".join(notes)


def schedule_table(rows: Sequence[ScheduleRow]) -> SplittingTable:
    """The table, header repeated on every page, tax-turn rows shaded."""
    header = [str(column) for column in COLUMNS]
    data = [header] + [
        [str(row.turn), *map(wrapped, (f"{row.starts}–{row.ends}", row.month, row_notes(row)))] for row in rows
    ]
    table = SplittingTable(data, colWidths=COLUMN_WIDTHS, repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle([("ALIGN", (0, 0), (0, -1), "CENTER")])
    # Data row i is table row i + 1, below the header.
    table.setStyle([("BACKGROUND", (0, i), (-1, i), SHADE) for i, row in enumerate(rows, 1) if row.tax_turn])
    return table


def shading(rows: tuple[ScheduleRow, ...]) -> str:
    """Said only of a game that has tax turns: a board game's schedule shades none."""
    return "; tax turns are shaded" if any(row.tax_turn for row in rows) else ""


def turn_schedule_pdf(sheet: ScheduleSheet, *, page_size: str = "A4") -> bytes:
    """The turn schedule as PDF bytes on "A4" or "Letter" paper; any other size is a ValueError."""
    story: list[Flowable] = [
        Paragraph(TITLE_TEXT, TITLE),
        Paragraph(escape(sheet.event_name), HEADING),
        Paragraph(f"{len(sheet.rows)} turns of {sheet.turn_minutes} minutes{shading(sheet.rows)}.", BODY),
        Spacer(0, 10),
        schedule_table(sheet.rows),
    ]
    if sheet.note:
        story += [Spacer(0, 12), Paragraph(escape(sheet.note), BODY)]
    return build_pdf(story, title=TITLE_TEXT, event_name=sheet.event_name, page_size=page_size)
