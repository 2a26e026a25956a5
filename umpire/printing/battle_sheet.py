"""The pre-filled battle sheet, for a table whose tablet has died (X. COMBAT RESOLUTION).

Both sides with their forces, combat values and the modifiers that stand for the whole battle;
four empty rows to write each round's dice in; the battle results table, the factors that change
from round to round, the losses and the risk to characters printed on it, so the umpire needs
nothing else. The caller works out every figure from the engine; this module only draws it.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from umpire.printing.styles import (
    BODY,
    CELL,
    FONT_BOLD,
    FRAME_HEIGHT_LEAST,
    FRAME_WIDTH_LEAST,
    SHADE,
    SMALL,
    TABLE_STYLE,
    SplittingTable,
    TableCommand,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
)

TITLE_TEXT = "Battle sheet"
ROUNDS = 4  # "A battle can only last for a maximum of 4 rounds of combat"
ROUND_COLUMNS = (
    "#",
    "Stances A / B",
    "A d12",
    "A factors",
    "A total",
    "B d12",
    "B factors",
    "B total",
    "Difference",
    "Result",
    "Commanders' d6",
)
ROUND_WIDTHS = ("5%", "10%", "6%", "9%", "7%", "6%", "9%", "7%", "11%", "16%", "14%")
ROUND_ROW_HEIGHT = 22  # points: room to write dice and sums by hand
# The rules quoted at the foot: small, so the sheet stays one page on A4 and Letter alike.
FINE = ParagraphStyle("fine", parent=SMALL, fontSize=8, leading=10)
# Two columns side by side fit the narrower paper's frame, and no taller than the shorter's.
COLUMN_WIDTH = 0.49 * FRAME_WIDTH_LEAST
NONE = "none"  # a list with nothing in it: a table cannot be drawn without a row


@dataclass(frozen=True)
class ForceLine:
    name: str  # "Legion XLV"
    units: str  # "5 legionaries, 5 auxiliaries, Aquila"
    combat_value: int


@dataclass(frozen=True)
class SideSheet:
    label: str  # "Side A"
    commander: str  # "Bigius Diccus"
    forces: tuple[ForceLine, ...]
    combat_value: int
    standing: tuple[tuple[str, int], ...]  # the factors that hold all battle, as (text, value)

    @property
    def standing_total(self) -> int:
        return sum(value for _, value in self.standing)


@dataclass(frozen=True)
class BattleSheet:
    title: str  # "Battle at Cremona"
    facts: tuple[tuple[str, str], ...]  # left column: table, province, place
    when: tuple[tuple[str, str], ...]  # right column: turn, month, printed
    sides: tuple[SideSheet, SideSheet]
    round_factors: tuple[tuple[str, int], ...]  # the factors that change from round to round
    results: tuple[str, ...]  # the battle results table's rows, as the handbook words them
    rules: tuple[tuple[str, str], ...]  # (heading, text): losses, victory, risk to characters


def signed(value: int) -> str:
    return f"{value:+d}"


def side_table(side: SideSheet) -> Table:
    """One side: its forces with their combat values, then the standing factors and their sum."""
    data: list[tuple[str | Paragraph, str | Paragraph, str]] = [
        (heading_cell(f"{side.label}: {side.commander}"), "", "CV")
    ]
    data += [
        (paragraph(force.name, SMALL), paragraph(force.units, SMALL), str(force.combat_value)) for force in side.forces
    ]
    data.append(("Combat value of the side", "", str(side.combat_value)))
    data += [(paragraph(text, SMALL), "", signed(value)) for text, value in side.standing]
    data.append(("Standing factors", "", signed(side.standing_total)))
    forces_end = len(side.forces)
    table = SplittingTable(data, colWidths=("36%", "48%", "16%"), repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle(
        [
            ("ALIGN", (2, 0), (2, -1), "RIGHT"),
            ("SPAN", (0, 0), (1, 0)),
            *[("SPAN", (0, row), (1, row)) for row in range(forces_end + 1, len(data))],
            *shaded(forces_end + 1),
            *shaded(len(data) - 1),
        ]
    )
    return table


def heading_cell(text: str) -> Paragraph:
    """A table's heading that wraps in its column rather than run off the page."""
    return Paragraph(f"<b>{escape(text)}</b>", CELL)


def shaded(row: int) -> list[TableCommand]:
    return [("FONT", (0, row), (-1, row), FONT_BOLD), ("BACKGROUND", (0, row), (-1, row), SHADE)]


def side_by_side(left: Flowable | list[Flowable], right: Flowable | list[Flowable]) -> list[Flowable]:
    """Two flowables in two columns, with a gutter between them; one under the other when either
    column is taller than a page, which two columns side by side could never split evenly across."""
    left, right = as_list(left), as_list(right)
    if max(height_of(left), height_of(right)) > FRAME_HEIGHT_LEAST:
        return [*left, Spacer(0, 6), *right]
    table = SplittingTable([(left, "", right)], colWidths=("49%", "2%", "49%"))
    table.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return [table]


def as_list(column: Flowable | list[Flowable]) -> list[Flowable]:
    return column if isinstance(column, list) else [column]


def height_of(column: list[Flowable]) -> float:
    """The column's height in points, set in half the narrower paper's frame."""
    return sum(flowable.wrap(COLUMN_WIDTH, FRAME_HEIGHT_LEAST)[1] for flowable in column)


def rounds_table() -> Table:
    """Four empty rows, one per round, each tall enough to write in."""
    header = [paragraph(column, SMALL) for column in ROUND_COLUMNS]
    data: list[list[Paragraph] | tuple[str, ...]] = [header] + [
        (str(number),) + ("",) * (len(ROUND_COLUMNS) - 1) for number in range(1, ROUNDS + 1)
    ]
    table = SplittingTable(data, colWidths=ROUND_WIDTHS, rowHeights=[None] + [ROUND_ROW_HEIGHT] * ROUNDS, repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle(
        [
            ("ALIGN", (0, 1), (0, -1), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, 0), 3),
            ("RIGHTPADDING", (0, 0), (-1, 0), 3),
        ]
    )
    return table


def factors_table(factors: Iterable[tuple[str, int]]) -> Table:
    rows = [(paragraph(text, SMALL), signed(value)) for text, value in factors] or [(paragraph(NONE, SMALL), "")]
    table = SplittingTable(rows, colWidths=("80%", "20%"))
    table.setStyle(TABLE_STYLE)
    table.setStyle([("ALIGN", (1, 0), (1, -1), "RIGHT")])
    return table


def listed(lines: Iterable[str]) -> Table:
    rows = [(paragraph(line, SMALL),) for line in lines] or [(paragraph(NONE, SMALL),)]
    table = SplittingTable(rows, colWidths=("100%",))
    table.setStyle(TABLE_STYLE)
    return table


def titled(title: str, flowable: Flowable) -> list[Flowable]:
    return [Paragraph(f"<b>{escape(title)}</b>", BODY), Spacer(0, 2), flowable]


def rules_block(rule: tuple[str, str]) -> list[Flowable]:
    heading, text = rule
    return [Paragraph(f"<b>{escape(heading)}</b>", SMALL), paragraph(text, FINE), Spacer(0, 3)]


def reference(sheet: BattleSheet) -> list[Flowable]:
    """What the umpire looks up while filling the rounds in: the results table and the first rule
    (the losses) on the left; the round's factors and the other rules on the right."""
    first, others = sheet.rules[:1], sheet.rules[1:]
    left: list[Flowable] = [
        *titled("Battle results, by the difference", listed(sheet.results)),
        Spacer(0, 6),
        *[part for rule in first for part in rules_block(rule)],
    ]
    right: list[Flowable] = [
        *titled("Factors that change each round", factors_table(sheet.round_factors)),
        Spacer(0, 6),
        *[part for rule in others for part in rules_block(rule)],
    ]
    return side_by_side(left, right)


def sheet_story(sheet: BattleSheet) -> list[Flowable]:
    """The sides, the rounds to fill in, then everything the umpire looks up while filling them."""
    side_a, side_b = sheet.sides
    return [
        masthead(sheet.title, TITLE_TEXT),
        facts_table(sheet.facts, sheet.when),
        Spacer(0, 8),
        *side_by_side(side_table(side_a), side_table(side_b)),
        Spacer(0, 6),
        *titled("Rounds", rounds_table()),
        Spacer(0, 8),
        *reference(sheet),
    ]


def battle_sheet_pdf(sheet: BattleSheet, *, event_name: str, page_size: str = "A4") -> bytes:
    """The battle sheet as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(
        sheet_story(sheet), title=f"{TITLE_TEXT}: {sheet.title}", event_name=event_name, page_size=page_size
    )
