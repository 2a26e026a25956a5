"""The province record sheet and time track (V. GAME LAYOUT: each area has a Time Track and a
record sheet): the province's standing figures, then one row per game turn, tax turns shaded,
with empty columns for the umpire's notes. One province a page."""

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, PageBreak, Spacer, Table

from umpire.printing.styles import SHADE, TABLE_STYLE, SplittingTable, build_pdf, facts_table, masthead, wrapped

TITLE_TEXT = "Province record"
TRACK_COLUMNS = ("Turn", "Month", "Tax", "Forces", "Events", "Notes")
# Shares of the frame's width, so the track fits A4 and Letter alike; the notes get the most.
TRACK_WIDTHS = ("9%", "24%", "9%", "18%", "18%", "22%")
TRACK_ROW_HEIGHT = 20  # points: room to write by hand


@dataclass(frozen=True)
class TrackTurn:
    turn: int
    month: str  # "October 68"
    tax_turn: bool


@dataclass(frozen=True)
class ProvinceSheet:
    province: str
    table: str
    province_type: str
    income_per_quarter: int
    road_cost: int
    governor: str
    procurator: str
    turns: tuple[TrackTurn, ...]


def province_facts(sheet: ProvinceSheet) -> Table:
    return facts_table(
        (
            ("Table", sheet.table),
            ("Type", sheet.province_type),
            ("Income", f"{sheet.income_per_quarter} talents a quarter"),
        ),
        (
            ("Governor", sheet.governor),
            ("Procurator", sheet.procurator),
            ("Road cost", f"{sheet.road_cost} talent{'' if sheet.road_cost == 1 else 's'} each March"),
        ),
    )


def time_track(turns: Sequence[TrackTurn]) -> SplittingTable:
    """The track, its header on every page, tax-turn rows shaded."""
    data = [list(TRACK_COLUMNS)] + [
        [str(t.turn), wrapped(t.month), "Tax" if t.tax_turn else "", "", "", ""] for t in turns
    ]
    # At least a row's room to write in, and more for a month that wraps.
    table = SplittingTable(
        data, colWidths=TRACK_WIDTHS, repeatRows=1, minRowHeights=[0] + [TRACK_ROW_HEIGHT] * len(turns)
    )
    table.setStyle(TABLE_STYLE)
    # Data row i is table row i, below the header.
    table.setStyle([("BACKGROUND", (0, i), (-1, i), SHADE) for i, t in enumerate(turns, 1) if t.tax_turn])
    return table


def sheet_story(sheet: ProvinceSheet) -> list[Flowable]:
    return [masthead(sheet.province, TITLE_TEXT), province_facts(sheet), Spacer(0, 10), time_track(sheet.turns)]


def province_sheets_pdf(sheets: Sequence[ProvinceSheet], *, event_name: str, page_size: str = "A4") -> bytes:
    """The record sheets for `sheets`, each province on a fresh page; no sheets is a ValueError."""
    if not sheets:
        raise ValueError("no provinces to print")
    story = sheet_story(sheets[0])
    for sheet in sheets[1:]:
        story += [PageBreak(), *sheet_story(sheet)]
    return build_pdf(story, title=TITLE_TEXT, event_name=event_name, page_size=page_size)
