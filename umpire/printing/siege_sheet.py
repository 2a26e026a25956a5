"""The siege on paper (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES): the pre-filled
sheet a table without a tablet runs its siege from, and the finished record of every month.

The sheet carries the place and its multiplier, both sides' values and the factors that stand, empty
rows for the months, the siege results table and the rules of losses and reduction, so the umpire
needs nothing else; after it, each month already worked with both sides as they stood then. The
record carries each month's work as the engine gave it: the sides as they stood, dice, working line
by line with its rule, losses, and the end. The caller works out every figure; this module draws.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer, Table

from .battle_sheet import ForceLine, heading_cell, listed, rules_block, side_by_side, titled
from .styles import (
    BODY,
    FONT_BOLD,
    HEADING,
    SHADE,
    SMALL,
    TABLE_STYLE,
    SplittingTable,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
)

SHEET_TITLE = "Siege sheet"
RECORD_TITLE = "Siege record"
# Two header rows: each side's three columns under its name, the other columns spanning both rows.
MONTH_GROUPS = ("Turn", "Work", "Besiegers", "", "", "Garrison", "", "", "Difference", "Result", "Losses, multiplier")
MONTH_COLUMNS = ("", "", "d12", "+ factors", "= total", "d12", "+ factors", "= total", "", "", "")
MONTH_WIDTHS = ("6%", "11%", "7%", "8%", "7%", "7%", "8%", "7%", "11%", "12%", "16%")
MONTH_ROW_HEIGHT = 20  # points: room to write dice and sums by hand
FINE = ParagraphStyle("siege-fine", parent=SMALL, fontSize=8, leading=10)


@dataclass(frozen=True)
class SideOnSheet:
    label: str  # "Besiegers", "Garrison"
    forces: tuple[ForceLine, ...]
    value_label: str  # what the side's value is: "Combat value (raw levies do not assault)"
    value: int
    factors: tuple[tuple[str, str], ...]  # (factor, its value as written: "+10", "+2 or 0")


@dataclass(frozen=True)
class SidesAsTheyStood:
    """Both sides as a month's work found them: said in a line, then drawn (None: not recorded)."""

    note: str  # "As they stood when the month's work was adjudicated: multiplier 5, ..."
    sides: tuple[SideOnSheet, SideOnSheet] | None


@dataclass(frozen=True)
class MonthOnSheet:
    heading: str  # "Turn 3, November 68: Assault"
    stood: SidesAsTheyStood
    result: tuple[str, ...]  # what the work gave, and its losses


@dataclass(frozen=True)
class SiegeSheet:
    title: str  # "Siege of Cremona"
    facts: tuple[tuple[str, str], ...]  # left column: table, province, kind of place, begun
    state: tuple[tuple[str, str], ...]  # right column: turn now, multiplier, engines, capacity
    sides: tuple[SideOnSheet, SideOnSheet]
    results: tuple[str, ...]  # the siege results table's rows, as the handbook words them
    rules: tuple[tuple[str, str], ...]  # (heading, text): losses, reduction, engines
    empty_months: int
    months: tuple[MonthOnSheet, ...] = ()  # the months already worked, after the sheet's own page


@dataclass(frozen=True)
class MonthOnRecord:
    heading: str  # "Turn 3, November 68: Assault"
    stood: SidesAsTheyStood
    dice: str  # "d12 10 for the attackers' siege roll; d12 3 ...: entered at the table"
    working: tuple[tuple[str, str, str], ...]  # (text, value, rule)
    losses: tuple[str, ...]


@dataclass(frozen=True)
class SiegeRecord:
    title: str
    facts: tuple[tuple[str, str], ...]
    state: tuple[tuple[str, str], ...]
    months: tuple[MonthOnRecord, ...]
    end: str


# ---- the sheet -------------------------------------------------------------------------------------


def side_table(side: SideOnSheet) -> Table:
    """A side's forces and value, then the factors that stand for its d12."""
    data: list[tuple[str | Paragraph, str | Paragraph, str | Paragraph]] = [(heading_cell(side.label), "", "Value")]
    data += [
        (paragraph(force.name, SMALL), paragraph(force.units, SMALL), str(force.combat_value)) for force in side.forces
    ] or [(paragraph("no units", SMALL), "", "")]
    data.append((paragraph(side.value_label, SMALL), "", str(side.value)))
    value_row = len(data) - 1
    data += [(paragraph(text, SMALL), "", paragraph(value, SMALL)) for text, value in side.factors]
    table = SplittingTable(data, colWidths=("30%", "51%", "19%"), repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle(
        [
            ("ALIGN", (2, 0), (2, -1), "RIGHT"),
            ("SPAN", (0, 0), (1, 0)),
            *[("SPAN", (0, row), (1, row)) for row in range(value_row, len(data))],
            ("FONT", (0, value_row), (-1, value_row), FONT_BOLD),
            ("BACKGROUND", (0, value_row), (-1, value_row), SHADE),
        ]
    )
    return table


def months_table(rows: int) -> Table:
    header = [[paragraph(text, SMALL) for text in columns] for columns in (MONTH_GROUPS, MONTH_COLUMNS)]
    data: list[list[Paragraph] | tuple[str, ...]] = [*header, *[("",) * len(MONTH_COLUMNS) for _ in range(rows)]]
    spanning = [column for column, text in enumerate(MONTH_COLUMNS) if not text]
    table = SplittingTable(
        data, colWidths=MONTH_WIDTHS, rowHeights=[None, None] + [MONTH_ROW_HEIGHT] * rows, repeatRows=2
    )
    table.setStyle(TABLE_STYLE)
    table.setStyle(
        [
            ("LEFTPADDING", (0, 0), (-1, 1), 3),
            ("RIGHTPADDING", (0, 0), (-1, 1), 3),
            ("SPAN", (2, 0), (4, 0)),
            ("SPAN", (5, 0), (7, 0)),
            ("LINEBELOW", (0, 1), (-1, 1), 1.5, "black"),
            *[("SPAN", (column, 0), (column, 1)) for column in spanning],
        ]
    )
    return table


def reference(sheet: SiegeSheet) -> list[Flowable]:
    """The results table with the shorter rules under it on the left; the first rule, the losses, on
    the right: balanced so the sheet stays one page."""
    first, others = sheet.rules[:1], sheet.rules[1:]
    left: list[Flowable] = [
        *titled("Siege results: besiegers' total less the garrison's", listed(sheet.results)),
        Spacer(0, 6),
        *[part for rule in others for part in rules_block(rule)],
    ]
    return side_by_side(left, [part for rule in first for part in rules_block(rule)])


def stood_story(stood: SidesAsTheyStood) -> list[Flowable]:
    story: list[Flowable] = [paragraph(stood.note, SMALL), Spacer(0, 2)]
    if stood.sides is not None:
        besiegers, garrison = stood.sides
        story += side_by_side(side_table(besiegers), side_table(garrison))
    return story


def worked_month_story(month: MonthOnSheet) -> list[Flowable]:
    """A month worked, kept on one page: it is short, and its heading names what the tables are."""
    lines = [paragraph(line, BODY) for line in month.result]
    return [
        KeepTogether([paragraph(month.heading, HEADING), *stood_story(month.stood), Spacer(0, 3), *lines]),
        Spacer(0, 8),
    ]


def sheet_story(sheet: SiegeSheet) -> list[Flowable]:
    """The sheet's own page (the sides now, empty months, what the umpire looks up), then the months
    already worked, each with the sides as they stood."""
    besiegers, garrison = sheet.sides
    story = [
        masthead(sheet.title, SHEET_TITLE),
        facts_table(sheet.facts, sheet.state),
        Spacer(0, 8),
        *side_by_side(side_table(besiegers), side_table(garrison)),
        Spacer(0, 6),
        *titled("Months: one piece of work each", months_table(sheet.empty_months)),
        Spacer(0, 8),
        *reference(sheet),
    ]
    if sheet.months:
        story += [PageBreak(), Paragraph("<b>The months worked, as they were fought</b>", HEADING)]
        story += [part for month in sheet.months for part in worked_month_story(month)]
    return story


def siege_sheet_pdf(sheet: SiegeSheet, *, event_name: str, page_size: str = "A4") -> bytes:
    """The pre-filled siege sheet as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(
        sheet_story(sheet), title=f"{SHEET_TITLE}: {sheet.title}", event_name=event_name, page_size=page_size
    )


# ---- the record ------------------------------------------------------------------------------------


def working_table(lines: Iterable[tuple[str, str, str]]) -> Table:
    rows: list[tuple[str | Paragraph, str, str | Paragraph]] = [("Working", "Value", "Rule")] + [
        (paragraph(text, SMALL), value, paragraph(rule, FINE)) for text, value, rule in lines
    ]
    table = SplittingTable(rows, colWidths=("58%", "10%", "32%"), repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle([("ALIGN", (1, 0), (1, -1), "RIGHT")])
    return table


def month_story(month: MonthOnRecord) -> list[Flowable]:
    story: list[Flowable] = [
        KeepTogether([paragraph(month.heading, HEADING), *stood_story(month.stood)]),
        Spacer(0, 3),
        paragraph(f"Dice: {month.dice}", BODY),
        Spacer(0, 3),
        working_table(month.working),
    ]
    if month.losses:
        story += [Spacer(0, 3), paragraph("Losses", BODY), listed(month.losses)]
    return story + [Spacer(0, 8)]


def record_story(record: SiegeRecord) -> list[Flowable]:
    story: list[Flowable] = [
        masthead(record.title, RECORD_TITLE),
        facts_table(record.facts, record.state),
        Spacer(0, 8),
    ]
    for month in record.months:
        story += month_story(month)
    if not record.months:
        story.append(paragraph("No month's work yet.", BODY))
    return story + [Paragraph("<b>The end</b>", HEADING), paragraph(record.end, BODY)]


def siege_record_pdf(record: SiegeRecord, *, event_name: str, page_size: str = "A4") -> bytes:
    """The finished siege record as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(
        record_story(record), title=f"{RECORD_TITLE}: {record.title}", event_name=event_name, page_size=page_size
    )
