"""The one-page reference card for a table: combat values per troop type, the battle factors,
and the battle and siege results tables (X. COMBAT RESOLUTION). The caller passes the rows,
worded as the handbook words them; this module only draws them."""

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from umpire.printing.styles import (
    BODY,
    FONT,
    FONT_BOLD,
    HEADING,
    TABLE_STYLE,
    TITLE,
    SplittingTable,
    TableCommand,
    build_pdf,
    wrapped,
)

TITLE_TEXT = "Reference card"
# Smaller than the other sheets so the four tables share one page of A4 or Letter.
CARD_FONT_SIZE = 11
SECTION = ParagraphStyle("card-section", parent=HEADING, fontSize=13, leading=16, spaceBefore=4, spaceAfter=4)
CARD_CELL = ParagraphStyle("card-cell", fontName=FONT, fontSize=CARD_FONT_SIZE, leading=CARD_FONT_SIZE * 1.2)
CARD_TABLE: list[TableCommand] = [
    ("FONT", (0, 0), (-1, -1), FONT, CARD_FONT_SIZE),
    ("FONT", (0, 0), (-1, 0), FONT_BOLD, CARD_FONT_SIZE),
    ("TOPPADDING", (0, 0), (-1, -1), 2),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
]


@dataclass(frozen=True)
class CombatValueRow:
    troop_type: str
    normal: int
    veteran: int


@dataclass(frozen=True)
class ReferenceCard:
    combat_values: tuple[CombatValueRow, ...]
    battle_factors: tuple[tuple[str, str], ...]  # (factor, as written: "+5", "-2")
    battle_results: tuple[str, ...]  # the bands' labels: "+7 or more: enemy defeated outright"
    siege_results: tuple[str, ...]


def card_table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], widths: Sequence[str]) -> SplittingTable:
    """The header as the table sets it, and each row's cells wrapping in their columns."""
    data = [list(header), *([wrapped(cell, CARD_CELL) for cell in row] for row in rows)]
    table = SplittingTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle(CARD_TABLE)
    return table


def section(heading: str, table: SplittingTable) -> KeepTogether:
    """A heading kept on the page with its table."""
    return KeepTogether([Paragraph(heading, SECTION), table])


def card_story(card: ReferenceCard) -> list[Flowable]:
    values = [(row.troop_type, str(row.normal), str(row.veteran)) for row in card.combat_values]
    factors = [(factor, value) for factor, value in card.battle_factors]
    return [
        Paragraph(TITLE_TEXT, TITLE),
        Paragraph("Battle: each side rolls a d12 and adds its factors; the difference reads the results table.", BODY),
        Spacer(0, 4),
        section("Combat values", card_table(("Troop type", "Normal", "Veteran"), values, ("60%", "20%", "20%"))),
        section("Battle factors", card_table(("Factor", "Value"), factors, ("85%", "15%"))),
        section("Battle results", card_table(("Difference: result",), [(r,) for r in card.battle_results], ("100%",))),
        section("Siege results", card_table(("Difference: result",), [(r,) for r in card.siege_results], ("100%",))),
    ]


def reference_card_pdf(card: ReferenceCard, *, event_name: str, page_size: str = "A4") -> bytes:
    return build_pdf(card_story(card), title=TITLE_TEXT, event_name=event_name, page_size=page_size)
