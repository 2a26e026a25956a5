"""The quarterly statement on paper (VIII. PROVINCIAL GOVERNMENT & TAXATION), read back with pypdf."""

from dataclasses import replace
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from umpire.printing.tax_statement import (
    BillLine,
    LedgerLine,
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
        bills=(
            BillLine("Provincial government", 1, "paid by transaction #12", True),
            BillLine("Upkeep of Legio II Augusta", 42, "unpaid", False),
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
    assert "Provincial government 1 paid by transaction #12" in text
    assert "Upkeep of Legio II Augusta 42 UNPAID" in text


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


def test_a_quiet_quarter_fits_one_page():
    assert len(pages(tax_statement_pdf(britannia_in_september()))) == 1


def test_a_statement_without_bills_says_so():
    text = text_of(tax_statement_pdf(britannia_in_september(bills=())))
    assert "No bills: nothing to pay this quarter." in text


@pytest.mark.parametrize("size, box", [("A4", A4), ("Letter", LETTER)])
def test_prints_on_a4_and_letter(size, box):
    page = pages(tax_statement_pdf(britannia_in_september(), page_size=size))[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(box)


def test_an_unknown_page_size_is_refused():
    with pytest.raises(ValueError, match="unknown page size"):
        tax_statement_pdf(britannia_in_september(), page_size="A3")
