"""A province's quarterly statement on paper: for the procurator, who is "entirely responsible for
the handling of money relating to the province", and for an audit, since "Rome may call for an
audit at any time, and could send a consul to inspect the provincial accounts" (VIII. PROVINCIAL
GOVERNMENT & TAXATION).

Who confirmed it, the statement's lines with their rules and its balance, the bills it raised and
the arrears of earlier quarters with whether each is paid and what is still owed, the treasury's
transactions of the quarter from the balance brought forward, and a line for the auditor. The
caller builds the sheet from the records; this module only draws it.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from umpire.printing.styles import (
    BODY,
    FONT_BOLD,
    HEADING,
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

TITLE_TEXT = "Quarterly statement"
AUDIT = '"Rome may call for an audit at any time" (VIII. PROVINCIAL GOVERNMENT & TAXATION).'
# Tighter than the house heading, so an ordinary quarter, audit line and all, fits one page; kept
# with the table it heads, never alone at a page's foot.
SECTION = ParagraphStyle("section", parent=HEADING, spaceBefore=8, spaceAfter=4, keepWithNext=1)

GridRow = tuple[str | Paragraph | list[Paragraph], ...]  # a row of a grid: text, a paragraph, or paragraphs


@dataclass(frozen=True)
class StatementLine:
    label: str  # "Income of Achaea", "Upkeep of Legio II Augusta"
    talents: int  # signed: income positive, costs negative
    rule: str  # the handbook section it comes from


@dataclass(frozen=True)
class BillLine:
    what: str
    talents: int
    status: str  # "paid by transaction #12", "unpaid"
    paid: bool


@dataclass(frozen=True)
class BillGroup:
    """This quarter's bills, or the arrears of an earlier quarter."""

    heading: str  # "Arrears from September 68: 123 talents"
    bills: tuple[BillLine, ...]


@dataclass(frozen=True)
class OwedLine:
    label: str  # "Owed in all", "Still owed at the end of turn 6 (February 69)"
    talents: int


@dataclass(frozen=True)
class LedgerLine:
    """One transaction of the treasury, as the treasury sees it."""

    number: int
    turn: str  # "4 (Dec 68)"
    why: str
    talents: int  # in (positive) or out (negative)
    notes: str  # "entered by control; a shipment; reversed by #14"


@dataclass(frozen=True)
class TaxStatementSheet:
    event_name: str
    province: str
    table: str  # the map table it is on
    tax_turn: str  # "Turn 4, December 68"
    governor: str
    procurator: str
    revenue_to: str  # who the Region umpire hands the revenue to
    lines: tuple[StatementLine, ...]
    balance: int  # due to Rome when positive, owed by Rome when negative
    balance_words: str  # "9 talents due to Rome"
    bill_groups: tuple[BillGroup, ...]  # this quarter's bills first, then the arrears, oldest first
    owed: tuple[OwedLine, ...]  # the sums: bills, arrears, owed, paid, still owed (last)
    quarter: str  # "turns 4 to 6 (December 68 to February 69)"
    brought_forward: int  # the treasury's balance before the quarter began
    transactions: tuple[LedgerLine, ...]
    closing_label: str  # "Held at the end of turn 6", "Held now, turn 5"
    closing_balance: int
    confirmed: str  # "Confirmed by control at 11:05 ...", or "Not yet confirmed"
    printed: str  # "Printed on turn 5, January 69"


def signed(talents: int) -> str:
    return f"{talents:+d}" if talents else "0"


def facts(sheet: TaxStatementSheet) -> Table:
    """When and who: the tax turn and table on the left; governor, procurator and payee on the right."""
    left = (("Tax turn", sheet.tax_turn), ("Table", sheet.table), ("Printed", sheet.printed))
    right = (("Governor", sheet.governor), ("Procurator", sheet.procurator), ("Revenue to", sheet.revenue_to))
    return facts_table(left, right)


def grid(
    data: Sequence[GridRow], widths: Sequence[str], *, numbers: Iterable[int] = (), total_rows: Iterable[int] = ()
) -> SplittingTable:
    """A ruled table in the house style, `numbers` columns right-aligned, `total_rows` shaded; it
    runs on across pages however many bills or transactions a quarter has."""
    table = SplittingTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(TABLE_STYLE)
    table.setStyle([("ALIGN", (column, 0), (column, -1), "RIGHT") for column in numbers])
    for row in total_rows:
        table.setStyle(
            [
                ("FONT", (0, row), (-1, row), FONT_BOLD),
                ("BACKGROUND", (0, row), (-1, row), SHADE),
                ("LINEABOVE", (0, row), (-1, row), 1.5, "black"),
            ]
        )
    return table


def statement_table(sheet: TaxStatementSheet) -> SplittingTable:
    """Each line with its rule and talents, figures at the right as in an account; the balance in
    words across the foot."""
    rows: list[GridRow] = [("Line", "Rule", "Talents")]
    rows += [(paragraph(line.label), paragraph(line.rule, SMALL), signed(line.talents)) for line in sheet.lines]
    rows.append((paragraph(f"Balance: {sheet.balance_words}"), "", signed(sheet.balance)))
    table = grid(rows, ("47%", "39%", "14%"), numbers=(2,), total_rows=(len(rows) - 1,))
    table.setStyle([("SPAN", (0, len(rows) - 1), (1, len(rows) - 1))])
    return table


def bills_table(sheet: TaxStatementSheet) -> SplittingTable | Paragraph:
    """Each quarter's bills under its heading, this quarter's first, with whether each is paid; at
    the foot, their sums down to what is still owed. Figures at the right, as in an account."""
    groups = [group for group in sheet.bill_groups if group.bills]
    if not groups:
        return paragraph("No bills: nothing to pay this quarter, and nothing unpaid from earlier quarters.")
    rows: list[GridRow] = [("Bill", "Paid", "Talents")]
    headings = []
    for group in groups:
        headings.append(len(rows))
        rows.append((Paragraph(f"<b>{escape(group.heading)}</b>", BODY), "", ""))
        rows += [
            (paragraph(bill.what), paragraph(bill.status if bill.paid else shout(bill.status)), str(bill.talents))
            for bill in group.bills
        ]
    foot = len(rows)
    sums, still_owed = sheet.owed[:-1], sheet.owed[-1:]
    rows += [(paragraph(line.label), "", str(line.talents)) for line in sums]
    rows += [(Paragraph(f"<b>{escape(line.label)}</b>", BODY), "", str(line.talents)) for line in still_owed]
    table = grid(rows, ("48%", "38%", "14%"), numbers=(2,), total_rows=range(len(rows) - len(still_owed), len(rows)))
    table.setStyle([command for row in headings for command in heading_row(row)])
    table.setStyle([("SPAN", (0, row), (1, row)) for row in range(foot, len(rows))])
    table.setStyle([("LINEABOVE", (0, row), (-1, row), 1.5, "black") for row in range(foot, len(rows))[:1]])
    return table


def shout(status: str) -> str:
    """An unpaid bill's first word in capitals, so it stands out: "UNPAID at the end of turn 3"."""
    first, space, rest = status.partition(" ")
    return f"{first.upper()}{space}{rest}"


def heading_row(row: int) -> list[TableCommand]:
    return [("SPAN", (0, row), (-1, row)), ("BACKGROUND", (0, row), (-1, row), SHADE)]


def ledger_table(sheet: TaxStatementSheet) -> SplittingTable:
    """The treasury over the quarter: brought forward, each transaction in or out, and what it holds."""
    rows: list[GridRow] = [
        ("#", "Turn", "Why", "In", "Out"),
        ("", "", paragraph("Brought forward"), str(sheet.brought_forward), ""),
    ]
    rows += [
        (
            str(line.number),
            line.turn,
            why_cell(line),
            str(line.talents) if line.talents > 0 else "",
            str(-line.talents) if line.talents < 0 else "",
        )
        for line in sheet.transactions
    ]
    rows.append(("", "", paragraph(sheet.closing_label), str(sheet.closing_balance), ""))
    return grid(rows, ("8%", "17%", "51%", "12%", "12%"), numbers=(0, 3, 4), total_rows=(len(rows) - 1,))


def why_cell(line: LedgerLine) -> Paragraph | list[Paragraph]:
    return [paragraph(line.why), paragraph(line.notes, SMALL)] if line.notes else paragraph(line.why)


def audit_block() -> KeepTogether:
    """Room for Rome's auditor to sign, with the rule that may bring him."""
    return KeepTogether(
        [
            Paragraph(f"<b>Audit:</b> for the procurator, and for Rome: {escape(AUDIT)}", BODY),
            Spacer(0, 10),
            paragraph("Audited by ______________________________   on turn ________"),
        ]
    )


def section(title: str, flowable: Flowable) -> list[Flowable]:
    return [Paragraph(escape(title), SECTION), flowable]


def tax_statement_pdf(sheet: TaxStatementSheet, *, page_size: str = "A4") -> bytes:
    """One province's statement for one tax turn as PDF bytes on "A4" or "Letter" paper; any other
    page size is a ValueError."""
    story: list[Flowable] = [
        masthead(sheet.province, TITLE_TEXT),
        facts(sheet),
        Spacer(0, 4),
        Paragraph(f"<b>Confirmation:</b> {escape(sheet.confirmed)}", BODY),
        *section("Statement", statement_table(sheet)),
        *section("Bills and arrears", bills_table(sheet)),
        *section(f"Treasury, {sheet.quarter}", ledger_table(sheet)),
        Spacer(0, 8),
        audit_block(),
    ]
    return build_pdf(
        story,
        title=f"{TITLE_TEXT}: {sheet.province}, {sheet.tax_turn}",
        event_name=sheet.event_name,
        page_size=page_size,
    )
