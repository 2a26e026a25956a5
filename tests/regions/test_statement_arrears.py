"""A quarterly statement's arrears (VIII. PROVINCIAL GOVERNMENT & TAXATION; VIII. RAISING TROOPS):
the bills still unpaid from earlier tax turns, by quarter, with sums that add up, as they stood at
the statement's tax turn, on the treasury's page and on paper alike."""

import io
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from regions.models import Bill, Province, TaxStatement
from regions.printing import get_statement_sheet
from regions.services.books import OPENING, imperial_treasury, outside, treasury_of
from regions.services.ledger import do_reverse, do_transfer
from regions.services.taxes import do_confirm_statement, do_pay_bills, do_run_tax_turn
from regions.statement_selectors import get_bills_owed, province_bills_until
from tests.demo_data import load_demo_forces
from umpire import clockwork
from umpire.models import GameClock

SEPTEMBER, DECEMBER, MARCH = 1, 4, 7  # AD69's first three tax turns: September 68, December 68, March 69
LEGIONS = ("Upkeep of Legio II Augusta", "Upkeep of Legio IX Hispana", "Upkeep of Legio XX Valeria Victrix")


def britannia(event):
    return Province.objects.get(event=event, name="Britannia")


def statement(event, turn):
    return TaxStatement.objects.get(province=britannia(event), turn=turn)


def bill(event, what, turn):
    return Bill.objects.get(statement=statement(event, turn), what=what)


def to_turn(event, turn):
    GameClock.objects.filter(event=event).update(turn=turn)


def draw_up(event, turn):
    to_turn(event, turn)
    do_run_tax_turn(event, turn, actor=None)


def pay(event, bills, source, turn):
    to_turn(event, turn)
    return do_pay_bills(bills, source=source, actor=None)


@pytest.fixture
def september_unpaid(ad69, control):
    """Britannia in September 68: the revenue handed out, its government and the Classis Britannica
    paid from its treasury, its three legions' upkeep (42 + 40 + 41 = 123 talents) left unpaid.
    Rome holds 1,000 talents to pay them with later."""
    load_demo_forces()
    clockwork.do_start_clock(ad69, actor=None)  # the books open and September's statements are drawn up
    do_transfer(source=outside(ad69, OPENING), target=imperial_treasury(ad69), talents=1000, why="Jupiter", actor=None)
    september = do_confirm_statement(statement(ad69, SEPTEMBER), actor=control)
    paid_now = september.bills.exclude(what__in=LEGIONS)
    do_pay_bills(paid_now, source=treasury_of(september.province), actor=None)
    return ad69


def owed(event, turn, now):
    return get_bills_owed(statement(event, turn), province_bills_until(statement(event, turn)), now)


def sums(bills_owed):
    return {line.label: line.talents for line in bills_owed.totals}


def test_decembers_statement_carries_septembers_unpaid_upkeep_as_arrears(september_unpaid):
    draw_up(september_unpaid, DECEMBER)
    december = owed(september_unpaid, DECEMBER, now=DECEMBER)
    this_quarter, arrears = december.groups
    assert arrears.words == "Arrears from September 68: 123 talents"
    assert [(line.bill.what, line.bill.talents, line.status) for line in arrears.bills] == [
        ("Upkeep of Legio II Augusta", 42, "unpaid"),
        ("Upkeep of Legio IX Hispana", 40, "unpaid"),
        ("Upkeep of Legio XX Valeria Victrix", 41, "unpaid"),
    ]
    # December: 1 government + 42 + 40 + 41 upkeep + 20 for the Classis Britannica = 144
    assert this_quarter.words == "This quarter's bills: 144 talents"
    assert sums(december) == {
        "This quarter's bills": 144,
        "Arrears from earlier quarters": 123,
        "Owed in all": 267,
        "Paid so far, on turn 4 (December 68)": 0,
        "Still owed now, on turn 4 (December 68)": 267,
    }


def test_a_bill_paid_in_the_quarter_counts_as_paid_and_drops_off_later_arrears(september_unpaid):
    draw_up(september_unpaid, DECEMBER)
    ninth = bill(september_unpaid, "Upkeep of Legio IX Hispana", SEPTEMBER)
    payment = pay(september_unpaid, [ninth], imperial_treasury(september_unpaid), DECEMBER + 1)
    december = owed(september_unpaid, DECEMBER, now=DECEMBER + 1)
    assert december.groups[1].words == "Arrears from September 68: 123 talents"  # brought forward as it stood
    assert december.groups[1].bills[1].status == f"paid by transaction #{payment.pk} on turn 5"
    assert sums(december)["Paid so far, on turn 5 (January 69)"] == 40
    assert sums(december)["Still owed now, on turn 5 (January 69)"] == 227
    draw_up(september_unpaid, MARCH)
    march = owed(september_unpaid, MARCH, now=MARCH)
    assert [group.words for group in march.groups] == [
        "This quarter's bills: 148 talents",  # December's 144 and March's roads, 4
        "Arrears from September 68: 83 talents",  # the Second and the Twentieth; the Ninth is paid
        "Arrears from December 68: 144 talents",
    ]
    assert sums(march)["Owed in all"] == 148 + 83 + 144


def test_an_earlier_statement_printed_later_shows_its_quarter_as_it_stood(september_unpaid):
    draw_up(september_unpaid, DECEMBER)
    ninth = bill(september_unpaid, "Upkeep of Legio IX Hispana", SEPTEMBER)
    payment = pay(september_unpaid, [ninth], imperial_treasury(september_unpaid), DECEMBER + 1)
    to_turn(september_unpaid, MARCH)
    september = owed(september_unpaid, SEPTEMBER, now=MARCH)
    statuses = {line.bill.what: line.status for line in september.groups[0].bills}
    assert statuses["Upkeep of Legio IX Hispana"] == (
        f"unpaid at the end of turn 3; paid since, by transaction #{payment.pk} on turn 5"
    )
    assert sums(september) == {
        "This quarter's bills": 144,
        "Arrears from earlier quarters": 0,
        "Owed in all": 144,
        "Paid by the end of turn 3 (November 68)": 21,  # the government and the fleet
        "Still owed at the end of turn 3 (November 68)": 123,
    }
    december = owed(september_unpaid, DECEMBER, now=MARCH)
    assert sums(december)["Paid by the end of turn 6 (February 69)"] == 40


def test_a_reversed_payment_is_arrears_of_the_statements_after_the_reversal_only(september_unpaid):
    augusta = bill(september_unpaid, "Upkeep of Legio II Augusta", SEPTEMBER)
    payment = pay(september_unpaid, [augusta], imperial_treasury(september_unpaid), SEPTEMBER + 1)
    draw_up(september_unpaid, DECEMBER)
    to_turn(september_unpaid, DECEMBER + 1)
    reversal = do_reverse(payment, why="paid from the wrong chest", actor=None)
    draw_up(september_unpaid, MARCH)
    december = owed(september_unpaid, DECEMBER, now=MARCH)
    assert december.groups[1].words == "Arrears from September 68: 81 talents"  # paid when December began
    march = owed(september_unpaid, MARCH, now=MARCH)
    september_arrears = march.groups[1]
    assert september_arrears.words == "Arrears from September 68: 123 talents"
    assert september_arrears.bills[0].status == f"unpaid: its payment #{payment.pk} was reversed by #{reversal.pk}"
    september = owed(september_unpaid, SEPTEMBER, now=MARCH)
    assert september.groups[0].bills[1].status == (
        f"paid by transaction #{payment.pk} on turn 2; reversed since, by #{reversal.pk} on turn 5"
    )


def test_a_province_that_pays_its_bills_has_no_arrears(ad69, control):
    clockwork.do_start_clock(ad69, actor=None)
    achaea = TaxStatement.objects.get(province__name="Achaea", turn=SEPTEMBER)
    do_pay_bills(
        achaea.bills.all(), source=treasury_of(do_confirm_statement(achaea, actor=control).province), actor=None
    )
    draw_up(ad69, DECEMBER)
    december = TaxStatement.objects.get(province__name="Achaea", turn=DECEMBER)
    bills_owed = get_bills_owed(december, province_bills_until(december), DECEMBER)
    assert [group.words for group in bills_owed.groups] == ["This quarter's bills: 1 talent"]
    assert sums(bills_owed)["Arrears from earlier quarters"] == 0


# ---- the page and the paper agree ----------------------------------------------------------------


class StatementTables(HTMLParser):
    """The rows of a province page's bills-and-arrears and sums tables, each row its cells' text."""

    def __init__(self):
        super().__init__()
        self.tables, self.row, self.cell = [], None, None

    def handle_starttag(self, tag, attrs):
        classes = dict(attrs).get("class") or ""
        if tag == "table":
            self.tables.append((classes, []))
        elif tag == "tr" and self.tables:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1][1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def first_table(html, css):
    """The rows of the page's first table of class `css`: the statement of this tax turn's."""
    parser = StatementTables()
    parser.feed(html)
    return next(rows for classes, rows in parser.tables if css in classes.split())


def pdf_text(pdf):
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_treasury_page_and_the_printed_statement_agree_figure_by_figure(client, september_unpaid, control):
    """December's statement in January, with September's legions unpaid and the Ninth's paid since."""
    event = september_unpaid
    draw_up(event, DECEMBER)
    pay(event, [bill(event, "Upkeep of Legio IX Hispana", SEPTEMBER)], imperial_treasury(event), DECEMBER + 1)
    client.force_login(control)
    province = britannia(event)
    html = client.get(f"/events/{event.slug}/treasury/provinces/{province.pk}/").content.decode()
    pdf = client.get(f"/events/{event.slug}/treasury/provinces/{province.pk}/statement-{DECEMBER}.pdf")
    text = pdf_text(pdf.content)
    page_sums = first_table(html, "owed-totals")
    assert page_sums == [
        ["This quarter's bills", "144"],
        ["Arrears from earlier quarters", "123"],
        ["Owed in all", "267"],
        ["Paid so far, on turn 5 (January 69)", "40"],
        ["Still owed now, on turn 5 (January 69)", "227"],
    ]
    for label, figure in page_sums:
        assert f"{label} {figure}" in text, label
    groups, bills = [], []
    for row in first_table(html, "bills-owed")[1:]:  # below the header
        (groups if len(row) == 1 else bills).append(row)
    assert [heading for (heading,) in groups] == [
        "This quarter's bills: 144 talents",
        "Arrears from September 68: 123 talents",
    ]
    assert ["Upkeep of Legio II Augusta", "42", "unpaid"] in bills
    for heading, *_ in groups:
        assert heading in text, heading
    for what, talents, status in bills:
        printed_status = status if status.startswith("paid") else status.replace("unpaid", "UNPAID", 1)
        assert f"{what} {printed_status} {talents}" in text, what


def test_the_sheet_and_the_page_read_one_selector(september_unpaid):
    """The printed sheet's groups and sums are the selector's, word for word."""
    draw_up(september_unpaid, DECEMBER)
    december = statement(september_unpaid, DECEMBER)
    sheet = get_statement_sheet(december)
    bills_owed = owed(september_unpaid, DECEMBER, now=DECEMBER)
    assert [group.heading for group in sheet.bill_groups] == [group.words for group in bills_owed.groups]
    assert [(line.label, line.talents) for line in sheet.owed] == [(o.label, o.talents) for o in bills_owed.totals]


def test_the_province_page_queries_do_not_grow_with_its_quarters(client, september_unpaid, control):
    client.force_login(control)
    address = f"/events/{september_unpaid.slug}/treasury/provinces/{britannia(september_unpaid).pk}/"
    draw_up(september_unpaid, DECEMBER)
    client.get(address)  # the first page reads the event's setting, kept for the pages after it
    with CaptureQueriesContext(connection) as one_earlier:
        assert client.get(address).status_code == 200
    draw_up(september_unpaid, MARCH)
    with CaptureQueriesContext(connection) as two_earlier:
        assert client.get(address).status_code == 200
    assert len(two_earlier) == len(one_earlier)
