"""The Legion Status Chart the handbook promises every legate, one legion a page.

IX. WARFARE, UPGRADING: "Legionary Legates will be given a chart to help keep track of the
status of units under the control of their Legion." The composition table follows the
UPGRADING EXAMPLE's layout (Unit | Maint cost | Combat Value), with each line split into
normal and veteran vexillations; maintenance is per quarter, as in VIII. RAISING TROOPS.
Upkeep and raising bills of past tax turns left unpaid are boxed under the limits, and take the
room of as many of the ruled rows below, in which the legate keeps the legion's changes by hand
until the next printing: a legion always prints on one page.

The caller builds each sheet (counts, costs and combat values already worked out); this
module only draws it.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, ListFlowable, PageBreak, Paragraph, Spacer, Table

from umpire.printing.styles import (
    BODY,
    FONT,
    FONT_BOLD,
    FRAME_PADDING,
    MARGIN,
    PAGE_SIZES,
    SHADE,
    TABLE_STYLE,
    SplittingTable,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
    wrapped,
)
from umpire.rules.ad69.legions import RAISING_TROOPS, UNPAID_TROOPS

TITLE_TEXT = "Legion Status Chart"
# The legion's eagle: a counter, but not a vexillation, and the handbook gives its combat
# value as "n.a.".
EAGLE = "Aquila"

COMPOSITION_COLUMNS = ("Unit", "Normal", "Veteran", "Maint cost/qtr", "Combat value")
# Shares of the frame's width, so both tables fit A4 and Letter alike.
COMPOSITION_WIDTHS = ("24%", "14%", "15%", "24%", "23%")

HAND_COLUMNS = ("Turn", "Month", "Leg.", "Aux.", "Levies", "Vet.", "Upgrades\nordered", "Upkeep\npaid", "Notes")
HAND_WIDTHS = ("7%", "10%", "7%", "7%", "9%", "7%", "20%", "11%", "22%")
HAND_ROW_HEIGHT = 20  # points, about 7 mm: room to write in with a pen, and ten rows fit on Letter
HAND_HEADER_SIZE = 10  # the count columns are too narrow for the table's 13 pt headers

UNPAID_SPACE = 8  # points above the unpaid box
A4_FRAME_WIDTH = PAGE_SIZES["A4"][0] - 2 * (MARGIN + FRAME_PADDING)

Row = tuple[str | Paragraph, str, str, str, str]  # a line of the composition table


@dataclass(frozen=True)
class TroopLine:
    label: str  # "Legionaries", "Auxiliaries", "Raw levies", "Praetorians", "Aquila"
    normal: int  # units not veteran
    veteran: int  # veteran units
    combat_value: int  # this line's combat value (normal and veteran together), 0 for the Aquila
    upkeep: int  # this line's upkeep per quarter in talents


@dataclass(frozen=True)
class LegionStatusSheet:
    event_name: str
    legion: str  # "Legion XV Apollinaris"
    legate: str  # "" if none
    army_commander: str
    allegiance: str  # claimant sworn to, "" if none
    location: str  # "Pannonia (Illyria table)"
    status: str  # "Standing", "Marching", ...
    as_at: str  # "Turn 3, November 68"
    lines: tuple[TroopLine, ...]
    combat_value: int
    combat_value_if_veteran: int
    upkeep_per_quarter: int
    limits: str  # "5 legionary + 5 auxiliary + 10 raw levy vexillations at most"
    upgrades_in_progress: tuple[str, ...] = ()  # "2 levies → 1 auxiliary, ready at the end of turn 4"
    owed: tuple[str, ...] = ()  # costs recorded but not yet paid
    unpaid: tuple[str, ...] = ()  # upkeep and raising bills of tax turns gone by, left unpaid
    blank_rows: int = 10


def composition_table(sheet: LegionStatusSheet) -> Table:
    """The handbook's table, a line per troop type, then TOTAL and the combat value if all veteran.

    TOTAL counts vexillations, so not the eagle; its upkeep and combat value are the sheet's own.
    """
    data = [COMPOSITION_COLUMNS, *map(troop_row, sheet.lines), total_row(sheet), if_veteran_row(sheet)]
    table = SplittingTable(data, colWidths=COMPOSITION_WIDTHS)
    table.setStyle(TABLE_STYLE)
    total, if_veteran = len(data) - 2, len(data) - 1
    table.setStyle(
        [
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("FONT", (0, total), (-1, total), FONT_BOLD),
            ("BACKGROUND", (0, total), (-1, total), SHADE),
            ("LINEABOVE", (0, total), (-1, total), 1.5, "black"),
            ("SPAN", (0, if_veteran), (3, if_veteran)),
            ("ALIGN", (0, if_veteran), (0, if_veteran), "RIGHT"),
        ]
    )
    return table


def troop_row(line: TroopLine) -> Row:
    combat_value = "n.a." if line.label == EAGLE else str(line.combat_value)
    return (wrapped(line.label), str(line.normal), str(line.veteran), str(line.upkeep), combat_value)


def total_row(sheet: LegionStatusSheet) -> Row:
    vexillations = [line for line in sheet.lines if line.label != EAGLE]
    return (
        "TOTAL",
        str(sum(line.normal for line in vexillations)),
        str(sum(line.veteran for line in vexillations)),
        str(sheet.upkeep_per_quarter),
        str(sheet.combat_value),
    )


def if_veteran_row(sheet: LegionStatusSheet) -> Row:
    """Its label spans the first four columns, so the figure sits under the combat values."""
    return ("Combat value if all veteran", "", "", "", str(sheet.combat_value_if_veteran))


def pending_block(sheet: LegionStatusSheet) -> list[Flowable]:
    """Upgrades in progress and costs owed, side by side; nothing if there are none."""
    columns: list[list[Flowable]] = [
        [Paragraph(f"<b>{title}</b>", BODY), bullet_list(items)]
        for title, items in (("Upgrades in progress", sheet.upgrades_in_progress), ("Costs owed", sheet.owed))
        if items
    ]
    if not columns:
        return []
    table = SplittingTable([columns], colWidths=[f"{100 / len(columns)}%"] * len(columns))
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, BODY.fontSize),  # else the cells name Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return [Spacer(0, 8), table]


def unpaid_box(sheet: LegionStatusSheet) -> Table:
    """The unpaid bills, boxed under a heavy rule so the legate cannot miss them, with the handbook's warning."""
    box = SplittingTable(
        [
            [Paragraph("<b>UNPAID upkeep and raising</b>", BODY)],
            [bullet_list(sheet.unpaid)],
            [paragraph(f"“{UNPAID_TROOPS}” ({RAISING_TROOPS.source})")],
        ],
        colWidths=["100%"],
    )
    box.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, BODY.fontSize),  # else the cells name Helvetica
            ("BOX", (0, 0), (-1, -1), 2, "black"),
            ("TOPPADDING", (0, 0), (-1, -1), 2),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ]
    )
    return box


def unpaid_block(sheet: LegionStatusSheet) -> list[Flowable]:
    return [Spacer(0, UNPAID_SPACE), unpaid_box(sheet)] if sheet.unpaid else []


def rows_given_to_unpaid(sheet: LegionStatusSheet) -> int:
    """The hand rows the unpaid box takes the room of, so that a legion still fits one page: the
    box's height at A4's frame width (the narrower, so the taller), in rows."""
    if not sheet.unpaid:
        return 0
    _, height = unpaid_box(sheet).wrap(A4_FRAME_WIDTH, 10_000)
    return math.ceil((height + UNPAID_SPACE) / HAND_ROW_HEIGHT)


def bullet_list(items: Iterable[str]) -> ListFlowable:
    return ListFlowable(
        [paragraph(item) for item in items],
        bulletType="bullet",
        start="•",
        bulletFontName=FONT,
        bulletFontSize=BODY.fontSize,
        leftIndent=14,
    )


def hand_table(blank_rows: int) -> Table:
    """Empty ruled rows for the legate's pen, header repeated if they run onto another page."""
    data: list[tuple[str, ...] | list[str]] = [HAND_COLUMNS, *([""] * len(HAND_COLUMNS) for _ in range(blank_rows))]
    table = SplittingTable(
        data, colWidths=HAND_WIDTHS, rowHeights=[None] + [HAND_ROW_HEIGHT] * blank_rows, repeatRows=1
    )
    table.setStyle(TABLE_STYLE)
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, HAND_HEADER_SIZE),
            ("ALIGN", (0, 0), (-1, 0), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, 0), 3),
            ("RIGHTPADDING", (0, 0), (-1, 0), 3),
            ("TOPPADDING", (0, 0), (-1, 0), 2),
            ("BOTTOMPADDING", (0, 0), (-1, 0), 3),
        ]
    )
    return table


def hand_section(blank_rows: int) -> list[Flowable]:
    if blank_rows <= 0:
        return []
    return [Spacer(0, 10), Paragraph("<b>Kept by hand</b>", BODY), Spacer(0, 4), hand_table(blank_rows)]


def facts(sheet: LegionStatusSheet) -> Table:
    """Who commands the legion and whom it serves on the left; where, what and when on the right."""
    left = (("Legate", sheet.legate), ("Army commander", sheet.army_commander), ("Sworn to", sheet.allegiance))
    right = (("Location", sheet.location), ("Status", sheet.status), ("As at", sheet.as_at))
    return facts_table(left, right)


def sheet_story(sheet: LegionStatusSheet) -> list[Flowable]:
    """One legion's page: name, facts, composition, limits, what is unpaid and pending, and rows to write in."""
    return [
        masthead(sheet.legion, TITLE_TEXT),
        facts(sheet),
        Spacer(0, 10),
        composition_table(sheet),
        Spacer(0, 6),
        Paragraph(f"<b>Limits:</b> {escape(sheet.limits)}", BODY),
        *unpaid_block(sheet),
        *pending_block(sheet),
        *hand_section(sheet.blank_rows - rows_given_to_unpaid(sheet)),
    ]


def legion_status_pdf(sheets: Sequence[LegionStatusSheet], *, page_size: str = "A4") -> bytes:
    """The charts for `sheets`, one legion a page, as PDF bytes on "A4" or "Letter" paper.

    A whole table's legions go in one call, so they print as one pack; the running header
    names the first sheet's event. No sheets, or any other page size, is a ValueError.
    """
    if not sheets:
        raise ValueError("no legions to print")
    story = sheet_story(sheets[0])
    for sheet in sheets[1:]:
        story += [PageBreak(), *sheet_story(sheet)]
    return build_pdf(story, title=TITLE_TEXT, event_name=sheets[0].event_name, page_size=page_size)
