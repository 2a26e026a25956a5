"""The quarterly statement on paper (VIII. PROVINCIAL GOVERNMENT & TAXATION), read back with pypdf."""

from dataclasses import replace
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from umpire.printing.tax_statement import (
    BillGroup,
    BillLine,
    LedgerLine,
    OwedLine,
    StatementLine,
    TaxStatementSheet,
    tax_statement_pdf,
)

REVENUE = "VII. REVENUES, PROVINCIAL REVENUE"
GOVERNMENT = "VIII. EXPENDITURE, INFRASTRUCTURE COSTS (Provincial Government)"
RAISING = "VIII. EXPENDITURE, RAISING TROOPS"


def britannia_in_september(**changes):
    """Britannia's three legions cost more than its income: Rome owes it. 40 income - 1 government -
    42 - 40 - 41 upkeep = 84 owed by Rome. The government bill is paid; the legions' upkeep is not."""
    sheet = TaxStatementSheet(
        event_name="AD69: The Year of the Four Emperors",
        province="Britannia",
        table="Northern",
        tax_turn="Turn 1, September 68",
        governor="Trebellius Maximus",
        procurator="Julius Classicianus",
        revenue_to="Julius Classicianus",
        lines=(
            StatementLine("Income of Britannia", 40, REVENUE),
            StatementLine("Provincial government", -1, GOVERNMENT),
            StatementLine("Upkeep of Legio II Augusta", -42, RAISING),
            StatementLine("Upkeep of Legio IX Hispana", -40, RAISING),
            StatementLine("Upkeep of Legio XX Valeria Victrix", -41, RAISING),
        ),
        balance=-84,
        balance_words="84 talents owed by Rome",
        bill_groups=(
            BillGroup(
                "This quarter's bills: 43 talents",
                (
                    BillLine("Provincial government", 1, "paid by transaction #12 on turn 1", True),
                    BillLine("Upkeep of Legio II Augusta", 42, "unpaid", False),
                ),
            ),
        ),
        owed=(
            OwedLine("This quarter's bills", 43),
            OwedLine("Arrears from earlier quarters", 0),
            OwedLine("Owed in all", 43),
            OwedLine("Paid so far, on turn 2 (October 68)", 1),
            OwedLine("Still owed now, on turn 2 (October 68)", 42),
        ),
        quarter="turns 1 to 3 (September 68 to November 68)",
        brought_forward=5,
        transactions=(
            LedgerLine(11, "1 (Sep 68)", "Britannia's revenue for tax turn 1", 40, "entered by region-northern"),
            LedgerLine(
                12,
                "1 (Sep 68)",
                "Paid from Treasury of Britannia: Provincial government",
                -1,
                "entered by region-northern",
            ),
            LedgerLine(
                13,
                "2 (Oct 68)",
                "Pay & supply for the Ninth",
                -30,
                "entered by region-northern; a shipment: may be intercepted",
            ),
        ),
        closing_label="Held now, turn 2",
        closing_balance=14,
        confirmed="Confirmed by region-northern on 2 December 2026 at 11:04: 40 talents handed to Julius Classicianus.",
        printed="On turn 2, October 68",
    )
    return replace(sheet, **changes)


def pages(pdf):
    return PdfReader(BytesIO(pdf)).pages


def text_of(pdf):
    return " ".join(" ".join(page.extract_text().split()) for page in pages(pdf))


def test_britannia_owed_by_rome_prints_every_line_with_its_rule_and_the_balance():
    text = text_of(tax_statement_pdf(britannia_in_september()))
    assert "Britannia Quarterly statement" in text
    assert f"Income of Britannia {REVENUE} +40" in text
    assert "Upkeep of Legio IX Hispana VIII. EXPENDITURE, RAISING TROOPS -40" in text
    assert "Balance: 84 talents owed by Rome -84" in text


def test_the_facts_name_the_tax_turn_the_governor_and_the_procurator():
    text = text_of(tax_statement_pdf(britannia_in_september()))
    for fact in (
        "Tax turn Turn 1, September 68",
        "Governor Trebellius Maximus",
        "Table Northern",
        "Procurator Julius Classicianus",
        "Revenue to Julius Classicianus",
    ):
        assert fact in text, fact


def test_bills_say_which_are_paid_and_shout_the_unpaid():
    text = text_of(tax_statement_pdf(britannia_in_september()))
    assert "This quarter's bills: 43 talents Provincial government paid by transaction #12 on turn 1 1" in text
    assert "Upkeep of Legio II Augusta UNPAID 42" in text


def britannia_in_december(**changes):
    """September's upkeep of the three legions, 42 + 40 + 41 = 123 talents, still unpaid in December,
    and the Ninth's paid during December's quarter."""
    arrears = BillGroup(
        "Arrears from September 68: 123 talents",
        (
            BillLine("Upkeep of Legio II Augusta", 42, "unpaid", False),
            BillLine("Upkeep of Legio IX Hispana", 40, "paid by transaction #20 on turn 5", True),
            BillLine("Upkeep of Legio XX Valeria Victrix", 41, "unpaid", False),
        ),
    )
    december = BillGroup("This quarter's bills: 1 talent", (BillLine("Provincial government", 1, "unpaid", False),))
    owed = (
        OwedLine("This quarter's bills", 1),
        OwedLine("Arrears from earlier quarters", 123),
        OwedLine("Owed in all", 124),
        OwedLine("Paid by the end of turn 6 (February 69)", 40),
        OwedLine("Still owed at the end of turn 6 (February 69)", 84),
    )
    return britannia_in_september(
        **{"tax_turn": "Turn 4, December 68", "bill_groups": (december, arrears), "owed": owed, **changes}
    )


def test_only_the_first_word_of_an_unpaid_bills_status_is_shouted():
    late = BillLine(
        "Upkeep of Legio IX Hispana", 40, "unpaid at the end of turn 3; paid since, by #20 on turn 5", False
    )
    sheet = britannia_in_september(bill_groups=(BillGroup("This quarter's bills: 40 talents", (late,)),))
    assert "UNPAID at the end of turn 3; paid since, by #20 on turn 5 40" in text_of(tax_statement_pdf(sheet))


def test_arrears_follow_this_quarters_bills_under_their_quarter():
    text = text_of(tax_statement_pdf(britannia_in_december()))
    assert "This quarter's bills: 1 talent Provincial government UNPAID 1" in text
    assert "Arrears from September 68: 123 talents Upkeep of Legio II Augusta UNPAID 42" in text
    assert "Upkeep of Legio IX Hispana paid by transaction #20 on turn 5 40" in text
    assert text.index("This quarter's bills: 1 talent") < text.index("Arrears from September 68")


def test_the_sums_of_the_bills_end_in_what_is_still_owed():
    text = text_of(tax_statement_pdf(britannia_in_december()))
    assert (
        "This quarter's bills 1 Arrears from earlier quarters 123 Owed in all 124 "
        "Paid by the end of turn 6 (February 69) 40 Still owed at the end of turn 6 (February 69) 84"
    ) in text


def test_the_treasury_runs_from_brought_forward_to_its_balance():
    text = text_of(tax_statement_pdf(britannia_in_september()))
    assert "Treasury, turns 1 to 3 (September 68 to November 68)" in text
    assert "Brought forward 5" in text
    assert "11 1 (Sep 68) Britannia's revenue for tax turn 1 entered by region-northern 40" in text
    assert "13 2 (Oct 68) Pay & supply for the Ninth" in text  # "&" printed as written
    assert "a shipment: may be intercepted 30" in text
    assert "Held now, turn 2 14" in text


def test_confirmation_and_the_audit_from_rome():
    text = text_of(tax_statement_pdf(britannia_in_september()))
    assert "Confirmation: Confirmed by region-northern on 2 December 2026 at 11:04" in text
    assert "Rome may call for an audit at any time" in text and "Audited by" in text
    unconfirmed = text_of(tax_statement_pdf(britannia_in_september(confirmed="Not yet confirmed.")))
    assert "Confirmation: Not yet confirmed." in unconfirmed


def test_a_quiet_quarter_fits_two_pages_and_no_heading_ends_a_page():
    """The bills' sums made the quarter longer than a page: it breaks between sections, each
    heading kept with the table under it."""
    quarter = pages(tax_statement_pdf(britannia_in_september()))
    assert len(quarter) == 2
    for page in quarter:
        last_line = page.extract_text().strip().splitlines()[-2]  # above the "page X of Y" footer
        assert not last_line.startswith(("Statement", "Bills and arrears", "Treasury")), last_line


def test_a_statement_without_bills_or_arrears_says_so_and_sums_nothing():
    text = text_of(tax_statement_pdf(britannia_in_september(bill_groups=(BillGroup("This quarter's bills: 0", ()),))))
    assert "No bills: nothing to pay this quarter, and nothing unpaid from earlier quarters." in text
    assert "Owed in all" not in text


@pytest.mark.parametrize("size, box", [("A4", A4), ("Letter", LETTER)])
def test_prints_on_a4_and_letter(size, box):
    page = pages(tax_statement_pdf(britannia_in_september(), page_size=size))[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(box)


def test_an_unknown_page_size_is_refused():
    with pytest.raises(ValueError, match="unknown page size"):
        tax_statement_pdf(britannia_in_september(), page_size="A3")


def test_a_quarter_of_hundreds_of_long_bills_runs_on_across_pages():
    """Bill names as long as a bill may have (200 characters), a disruption's reason as long as a
    reason may be (1,000), and arrears from every quarter of a long game: nothing fails to print."""
    name = "Upkeep of Legio VI Victrix, Ædui and Ĳssel " * 7
    arrears = tuple(
        BillGroup(
            f"Arrears from quarter {q}: 4200 talents",
            tuple(BillLine(name[:200], 42, "unpaid", False) for _ in range(100)),
        )
        for q in range(5)
    )
    reason = "Revolt of the Iceni, looting of Camulodunum and Londinium; " * 17
    sheet = britannia_in_december(bill_groups=arrears)
    sheet = replace(sheet, lines=(*sheet.lines, StatementLine(f"Revenue disrupted: {reason[:1000]}", -10, REVENUE)))
    pdf = tax_statement_pdf(sheet)
    text = text_of(pdf)
    assert len(pages(pdf)) > 10
    assert text.count("Arrears from quarter") == 5 and "Still owed at the end of turn 6 (February 69) 84" in text


def test_a_quarter_named_with_markup_prints_as_typed():
    """The treasury's heading names the quarter in the console's words; a "<" in them is text, not a tag."""
    text = text_of(tax_statement_pdf(britannia_in_september(quarter="turns 1 to 3 <? & <b>")))
    assert "Treasury, turns 1 to 3 <? & <b>" in text
