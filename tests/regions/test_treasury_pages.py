"""The treasury pages over HTTP (VII. REVENUES, VIII. EXPENDITURE): who may see and move whose money,
every change through its service with the balances checked, refusals that change nothing, the
index's query count, and the quarterly statement on paper."""

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from regions.models import (
    Account,
    Bill,
    Posting,
    Province,
    RevenueDisruption,
    Spending,
    TaxStatement,
    Transaction,
    Venue,
)
from regions.services.books import OPENING, do_open_books, imperial_treasury, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer, get_balance, get_balances
from regions.services.taxes import do_run_tax_turn, unpaid_troops
from tests.demo_data import load_demo_forces
from tests.regions.forces_builders import legion
from tests.regions.refusals import refused, refused_panel
from umpire.models import Character, GameClock, Region, Role

SEPTEMBER = 1  # AD69's first turn, a tax turn


@pytest.fixture
def books(ad69):
    """The books open and the September statements drawn up, as on the first tax turn."""
    do_open_books(ad69, actor=None)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    return ad69


@pytest.fixture
def demo_books(ad69):
    """The same, with the demo order of battle: legions to pay, and provinces Rome must pay for."""
    load_demo_forces()
    do_open_books(ad69, actor=None)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    return ad69


@pytest.fixture
def senate_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.SENATE)


def province(event, name):
    return Province.objects.get(event=event, name=name)


def achaea(event):
    """At the Illyria table; governed by Cornelius Blasio, who is there, with no procurator."""
    return province(event, "Achaea")


def statement_of(event, name, turn=SEPTEMBER):
    return TaxStatement.objects.get(event=event, province__name=name, turn=turn)


def url(event, path=""):
    return f"/events/{event.slug}/treasury/{path}"


def province_url(place, action=""):
    return url(place.event, f"provinces/{place.pk}/{action + '/' if action else ''}")


def statement_pdf_url(place, turn=SEPTEMBER):
    return url(place.event, f"provinces/{place.pk}/statement-{turn}.pdf")


def squeezed(response):
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


def page(client, address):
    response = client.get(address)
    assert response.status_code == 200, address
    return squeezed(response)


def post(client, address, data=None, *, back=None):
    """POST a form and follow it back to its page; the page's text, spaces squeezed."""
    response = client.post(address, {**(data or {}), **({"back": back} if back else {})}, follow=True)
    assert response.status_code == 200, address
    return squeezed(response)


def ledger_state():
    return Transaction.objects.count(), Posting.objects.count(), Account.objects.count()


def confirm_achaea(client, event):
    return post(client, url(event, f"statements/{statement_of(event, 'Achaea').pk}/confirm/"))


# ---- who sees what ---------------------------------------------------------------------------


def pages_of(event):
    blasio = Character.objects.get(event=event, name="Cornelius Blasio")
    return {
        "index": url(event),
        "province": province_url(achaea(event)),
        "purse": url(event, f"purses/{blasio.pk}/"),
        "statement": statement_pdf_url(achaea(event)),
    }


@pytest.mark.parametrize("which", ["index", "province", "purse", "statement"])
def test_each_page_opens_for_control_and_for_the_umpire_of_its_table(client, books, control, illyria_umpire, which):
    for user in (control, illyria_umpire):
        client.force_login(user)
        assert client.get(pages_of(books)[which]).status_code == 200, (which, user)


@pytest.mark.parametrize("which", ["province", "purse", "statement"])
def test_the_umpire_of_another_table_gets_404(client, books, gaul_umpire, which):
    client.force_login(gaul_umpire)
    assert client.get(pages_of(books)[which]).status_code == 404


@pytest.mark.parametrize("which", ["index", "province", "purse", "statement"])
def test_a_logged_out_visitor_is_sent_to_log_in_and_sees_nothing(client, books, which):
    response = client.get(pages_of(books)[which])
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_a_non_roman_world_umpire_keeps_no_accounts(client, books, make_umpire):
    client.force_login(make_umpire(books, Role.NON_ROMAN_WORLD))
    assert client.get(url(books)).status_code == 404


def test_rome_is_open_to_control_and_the_senate_umpire_only(client, books, control, senate_umpire, illyria_umpire):
    for user, status in ((control, 200), (senate_umpire, 200), (illyria_umpire, 404)):
        client.force_login(user)
        assert client.get(url(books, "rome/")).status_code == status, user


def test_the_senate_umpire_keeps_the_senators_purses_but_no_province(client, books, senate_umpire):
    client.force_login(senate_umpire)
    senator = Character.objects.get(event=books, name="Titus Vinius")  # in the Senate room
    assert client.get(url(books, f"purses/{senator.pk}/")).status_code == 200
    assert client.get(province_url(achaea(books))).status_code == 404


# ---- the index -------------------------------------------------------------------------------


def test_index_shows_each_province_with_this_tax_turns_statement_the_umpires_table_first(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    text = page(client, url(books))
    illyria, gaul = (Region.objects.get(event=books, name=name).pk for name in ("Illyria", "Gaul"))
    assert text.index(f'<section class="table-books mine" id="table-{illyria}">') < text.index(
        f'<section class="table-books" id="table-{gaul}">'
    )
    row = re.search(rf'<tr id="province-{achaea(books).pk}">(.*?)</tr>', text).group(1)
    assert f'href="{province_url(achaea(books))}"' in row  # his: a link
    assert "9 talents due to Rome" in row and "not confirmed" in row  # 10 income - 1 government
    britannia = re.search(rf'<tr id="province-{province(books, "Britannia").pk}">(.*?)</tr>', text).group(1)
    assert "href" not in britannia  # another table's: no link
    assert "Imperial Treasury<strong>0</strong>" in text


def test_index_lists_the_purses_the_umpire_keeps(client, books, illyria_umpire, senate_umpire):
    blasio, vinius = (Character.objects.get(event=books, name=n) for n in ("Cornelius Blasio", "Titus Vinius"))
    client.force_login(illyria_umpire)
    text = page(client, url(books))
    assert f'href="{url(books, f"purses/{blasio.pk}/")}"' in text and f'id="purse-{vinius.pk}"' not in text
    client.force_login(senate_umpire)
    text = page(client, url(books))
    assert f'href="{url(books, f"purses/{vinius.pk}/")}"' in text and f'id="purse-{blasio.pk}"' not in text


def test_index_lists_the_troops_unpaid_with_their_table(client, demo_books, control):
    GameClock.objects.filter(event=demo_books).update(turn=SEPTEMBER + 1)  # the tax turn is over
    client.force_login(control)
    text = page(client, url(demo_books))
    unpaid = text[text.index('id="unpaid-troops"') : text.index("<section")]
    assert "<strong>Illyria</strong></td><td>Upkeep of Legio XIII Gemina</td>" in unpaid
    assert "<strong>Northern</strong></td><td>Upkeep of Legio II Augusta</td>" in unpaid


def test_index_pages_refresh_live_on_money_statements_spending_unpaid_troops_and_the_clock(client, books, control):
    client.force_login(control)
    text = page(client, url(books))
    assert f'data-socket="/ws/events/{books.pk}/"' in text
    assert 'data-refresh="ledger.changed statement.changed spending.changed troops.unpaid clock.changed"' in text


def test_index_query_count_does_not_grow_with_the_provinces(client, books, control):
    GameClock.objects.filter(event=books).update(turn=SEPTEMBER + 1)  # the tax turn is over: troops unpaid
    client.force_login(control)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, url(books))
        return len(captured)

    page(client, url(books))  # the first page reads the event's setting, kept for the pages after it
    baseline = queries()
    region, opening = achaea(books).region, outside(books, OPENING)
    for n in range(5):
        extra = Province.objects.create(
            event=books,
            name=f"Extra {n}",
            region=region,
            income_per_quarter=10,
            road_cost=1,
            province_type=Province.Type.SENATORIAL,
        )
        legion(books, f"Legio Extra {n}", extra.name, [("legionary", 2, False)])
        do_transfer(source=opening, target=treasury_of(extra), talents=5, why="seed", actor=None)
    do_run_tax_turn(books, SEPTEMBER, actor=None)  # draws up only the new provinces' statements
    assert unpaid_troops(books).filter(statement__province__name__startswith="Extra").count() == 5
    assert queries() == baseline


# ---- confirming the statement ------------------------------------------------------------------


def test_the_region_umpire_hands_out_the_revenue_and_confirms(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    text = page(client, province_url(achaea(books)))
    assert "Hand out 10 talents to Cornelius Blasio and confirm" in text
    text = confirm_achaea(client, books)
    assert "Achaea's statement for tax turn 1 is confirmed: 10 talents handed to Cornelius Blasio." in text
    statement = statement_of(books, "Achaea")
    assert statement.confirmed_by == illyria_umpire and statement.handed_to == "Cornelius Blasio"
    assert get_balance(treasury_of(achaea(books))) == 10
    assert "Treasury<strong>10</strong>" in text and "Hand out" not in text


def test_the_revenue_waits_while_the_recipient_is_at_another_table(client, books, illyria_umpire):
    Character.objects.filter(event=books, name="Cornelius Blasio").update(
        location=Region.objects.get(event=books, name="Gaul")
    )
    client.force_login(illyria_umpire)
    before = ledger_state()
    text = refused(client, url(books, f"statements/{statement_of(books, 'Achaea').pk}/confirm/"))
    assert "<h1>Achaea</h1>" in text  # the province's page as it stands, no step marked: a button keeps nothing
    assert "data-current-step" not in text
    assert '<li class="error">Statement: Cornelius Blasio is at the Gaul table, not at Illyria' in text
    assert "Cannot confirm yet: Cornelius Blasio is at the Gaul table" in text
    assert ledger_state() == before and statement_of(books, "Achaea").confirmed_at is None


def test_the_umpire_of_another_table_cannot_confirm(client, books, gaul_umpire):
    client.force_login(gaul_umpire)
    assert client.post(url(books, f"statements/{statement_of(books, 'Achaea').pk}/confirm/")).status_code == 404
    assert statement_of(books, "Achaea").confirmed_at is None


# ---- paying the bills --------------------------------------------------------------------------


def test_paying_a_bill_from_the_treasury(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    treasury = treasury_of(achaea(books))
    bill = Bill.objects.get(statement=statement_of(books, "Achaea"))
    text = post(client, province_url(achaea(books), "pay-bills"), {"bills": [bill.pk], "paid_from": treasury.pk})
    bill.refresh_from_db()
    assert f"1 bill(s) paid from Treasury of Achaea: 1 talent, transaction #{bill.paid_by_id}." in text
    assert get_balance(treasury) == 9
    assert f"paid by transaction #{bill.paid_by_id}" in text


def test_a_treasury_that_cannot_cover_the_bills_pays_none(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    treasury = treasury_of(achaea(books))  # not confirmed: it holds nothing
    bill = Bill.objects.get(statement=statement_of(books, "Achaea"))
    before = ledger_state()
    text = refused(client, province_url(achaea(books), "pay-bills"), {"bills": [bill.pk], "paid_from": treasury.pk})
    assert '<li class="error">From: Treasury of Achaea holds 0 talents; it cannot pay 1.' in text
    assert ledger_state() == before
    # the service's "source" is the form's "Pay from": the problem stands beside it, the bill still ticked
    panel = refused_panel(text)
    assert re.search(
        r'<ul class="errorlist" id="[^"]*paid_from_error"><li>Treasury of Achaea holds 0 talents; it cannot pay 1.'
        r"</li></ul> <label for=\"[^\"]*paid_from\">Pay from",
        panel,
    )
    assert re.search(rf'value="{bill.pk}"[^>]*checked', panel)
    bill.refresh_from_db()
    assert bill.paid_by is None


def test_bills_cannot_be_paid_from_another_tables_treasury(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    britannia = treasury_of(province(books, "Britannia"))
    do_transfer(source=outside(books, OPENING), target=britannia, talents=50, why="test money", actor=None)
    bill = Bill.objects.get(statement=statement_of(books, "Achaea"))
    before = ledger_state()
    text = refused(client, province_url(achaea(books), "pay-bills"), {"bills": [bill.pk], "paid_from": britannia.pk})
    assert '<li class="error">Pay from: Select a valid choice.' in text
    assert "Select a valid choice." in refused_panel(text)
    assert ledger_state() == before


# ---- moving money ------------------------------------------------------------------------------


def test_a_transfer_to_a_purse_not_yet_opened_as_a_shipment(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    treasury = treasury_of(achaea(books))
    legate = Character.objects.get(event=books, name="Flavius Vespasianus")
    assert not Account.objects.filter(character=legate).exists()
    text = post(
        client,
        url(books, f"accounts/{treasury.pk}/transfer/"),
        {"to": f"character:{legate.pk}", "talents": 7, "why": "Pay for the Judaean war", "shipment": "on"},
    )
    entry = Transaction.objects.latest("pk")
    assert (
        f"7 talents sent from Treasury of Achaea to Purse of Flavius Vespasianus, a shipment that may be "
        f"intercepted: transaction #{entry.pk}."
    ) in text
    assert get_balance(treasury) == 3 and get_balance(purse_of(legate)) == 7 and entry.shipment
    rows = re.findall(r'<tr id="transaction-(\d+)"', text)
    assert rows == [str(entry.pk), str(entry.pk - 1)]  # newest first
    assert "Shipment: may be intercepted" in text


def test_a_transfer_from_an_account_out_of_scope_is_404_and_writes_nothing(client, books, gaul_umpire):
    client.force_login(gaul_umpire)
    treasury = treasury_of(achaea(books))
    before = ledger_state()
    response = client.post(
        url(books, f"accounts/{treasury.pk}/transfer/"), {"to": "imperial", "talents": 1, "why": "theft"}
    )
    assert response.status_code == 404 and ledger_state() == before


def test_a_transfer_of_more_than_the_account_holds_is_refused(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    treasury = treasury_of(achaea(books))
    before = ledger_state()
    text = refused(
        client,
        url(books, f"accounts/{treasury.pk}/transfer/"),
        {"to": "imperial", "talents": 5, "why": "tribute", "back": province_url(achaea(books))},
    )
    assert '<li class="error">From: Treasury of Achaea holds 0 talents; it cannot pay 5.' in text
    assert "<h1>Achaea</h1>" in text  # back on the page the form was on
    assert ledger_state() == before
    panel = refused_panel(text)  # the account itself cannot pay: said at the form's head, what was typed kept
    assert '<ul class="errorlist nonfield"><li>From: Treasury of Achaea holds 0 talents; it cannot pay 5.' in panel
    assert 'name="talents" value="5"' in panel and 'name="why" value="tribute"' in panel
    assert '<option value="imperial" selected>' in panel


def test_a_transfer_without_a_reason_names_the_field(client, books, control):
    client.force_login(control)
    before = ledger_state()
    text = refused(
        client,
        url(books, f"accounts/{imperial_treasury(books).pk}/transfer/"),
        {"to": "senate", "talents": 5, "why": ""},
    )
    assert '<li class="error">Why: This field is required.' in text
    assert ledger_state() == before
    assert "<h1>Rome's treasuries</h1>" in text  # the Imperial Treasury's page
    panel = refused_panel(text)
    assert "<h3>Send money from Imperial Treasury (Temple of Jupiter)</h3>" in panel
    assert re.search(
        r'<ul class="errorlist" id="[^"]*-why_error"><li>This field is required.</li></ul> <label[^>]*>Why', panel
    )


def test_a_refused_panel_comes_back_to_its_page_not_to_the_address_it_posted_to(client, books, control):
    """The page is drawn at the order's address: its forms must still come back to the page itself."""
    client.force_login(control)
    rome_page = url(books, "rome/")
    senate = Account.objects.get(event=books, kind=Account.Kind.SENATE_TREASURY)
    text = refused(
        client,
        url(books, f"accounts/{senate.pk}/transfer/"),
        {"to": "imperial", "talents": 1, "why": "", "back": rome_page},
    )
    assert text.count("data-current-step") == 1 and "<h3>Send money from Treasury of the Senate</h3>" in refused_panel(
        text
    )
    assert set(re.findall(r'name="back" value="([^"]*)"', text)) == {rome_page}


def test_control_reverses_a_transaction_and_no_one_else_may(client, books, control, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    revenue = statement_of(books, "Achaea").revenue
    assert client.post(url(books, f"transactions/{revenue.pk}/reverse/"), {"why": "mistake"}).status_code == 404
    client.force_login(control)
    text = post(
        client,
        url(books, f"transactions/{revenue.pk}/reverse/"),
        {"why": "wrong province"},
        back=province_url(achaea(books)),
    )
    reversal = Transaction.objects.get(reverses=revenue)
    assert f"Transaction #{revenue.pk} is reversed by #{reversal.pk}." in text
    assert reversal.why == f"Reversal of #{revenue.pk}: wrong province"
    assert get_balance(treasury_of(achaea(books))) == 0
    assert f"reversed by #{reversal.pk}" in text


def test_control_records_an_intercepted_shipment(client, books, control, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    treasury = treasury_of(achaea(books))
    shipment = do_transfer(
        source=treasury, target=imperial_treasury(books), talents=9, why="due to Rome", actor=control, shipment=True
    )
    assert (
        client.post(
            url(books, f"transactions/{shipment.pk}/intercept/"), {"to": "senate", "why": "pirates"}
        ).status_code
        == 404
    )
    client.force_login(control)
    assert "Intercept #" in page(client, province_url(achaea(books)))
    text = post(
        client,
        url(books, f"transactions/{shipment.pk}/intercept/"),
        {"to": f"province:{achaea(books).pk}", "why": "recovered by the governor's men"},
        back=province_url(achaea(books)),
    )
    seizure = Transaction.objects.get(seizes=shipment)
    assert f"Shipment #{shipment.pk} was intercepted: #{seizure.pk} takes its talents to Treasury of Achaea." in text
    assert get_balances([treasury, imperial_treasury(books)]) == {treasury: 10, imperial_treasury(books): 0}
    assert f"intercepted: #{seizure.pk}" in text
    before = ledger_state()
    text = refused(client, url(books, f"transactions/{shipment.pk}/intercept/"), {"to": "senate", "why": "again"})
    assert "was already intercepted" in text and ledger_state() == before


# ---- disruption --------------------------------------------------------------------------------


def test_the_region_umpire_sets_a_disruption_from_a_tax_turn(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(
        client,
        province_url(achaea(books), "disruption"),
        {"turn_from": 4, "reduction_talents": 4, "reason": "Looting by pirates"},
    )
    assert "Achaea's revenue is cut by 4 talents a quarter from turn 4 (December 68)." in text
    assert RevenueDisruption.objects.get(province=achaea(books)).reduction_talents == 4
    assert "From tax turn 4: −4 talents a quarter – Looting by pirates" in text


def test_a_disruption_on_a_month_that_is_no_tax_turn_is_refused(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    text = refused(
        client,
        province_url(achaea(books), "disruption"),
        {"turn_from": 2, "reduction_talents": 4, "reason": "Rebellion"},
    )
    assert '<li class="error">From tax turn: Select a valid choice. 2 is not one of the available choices.' in text
    assert not RevenueDisruption.objects.exists()
    panel = refused_panel(text)
    assert "<h3>Revenue disrupted</h3>" in panel and 'name="reason" value="Rebellion"' in panel


# ---- bread and circuses ------------------------------------------------------------------------


@pytest.fixture
def odeon(books):
    return Venue.objects.create(
        event=books, name="Odeon of Corinth", kind=Venue.Kind.ENTERTAINMENT_VENUE, province=achaea(books)
    )


def test_a_circus_show_in_a_province_costs_half(client, books, illyria_umpire, odeon):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    treasury = treasury_of(achaea(books))
    assert "Circus show: 5 talents, 1 month" in page(client, province_url(achaea(books)))
    text = post(
        client,
        province_url(achaea(books), "spend"),
        {
            "item": "circus_show",
            "multiples": 1,
            "months": 0,
            "venue": odeon.pk,
            "paid_from": treasury.pk,
            "description": "Chariot races",
        },
    )
    spending = Spending.objects.get(item="circus_show")
    assert spending.talents == 5 and spending.venue == odeon
    assert "Circus show in Achaea: 5 talents, paid from Treasury of Achaea; ready at the end of turn 1" in text
    assert get_balance(treasury) == 5


def test_a_show_without_a_venue_is_refused_and_nothing_is_paid(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    before = ledger_state()
    text = refused(
        client,
        province_url(achaea(books), "spend"),
        {"item": "circus_show", "multiples": 1, "months": 0, "paid_from": treasury_of(achaea(books)).pk},
    )
    assert '<li class="error">Venue: A circus show needs an entertainment venue' in text
    assert ledger_state() == before and not Spending.objects.exists()
    panel = refused_panel(text)  # the service's refusal beside the field it names, the item still chosen
    assert re.search(
        r'<ul class="errorlist"[^>]*><li>A circus show needs an entertainment venue[^<]*</li></ul> <label[^>]*>Venue',
        panel,
    )
    assert '<option value="circus_show" selected>' in panel


def test_the_corn_dole_in_rome_is_paid_once_a_quarter(client, books, control, senate_umpire):
    client.force_login(control)
    post(client, url(books, "rome/deposit/"), {"to": "imperial", "talents": 1000, "why": "The temple's hoard"})
    jupiter = imperial_treasury(books)
    assert get_balance(jupiter) == 1000
    client.force_login(senate_umpire)
    text = page(client, url(books, "rome/"))
    assert "NOT PAID" in text and "very likely to result in unrest" in text
    rome = province(books, "City of Rome")
    text = post(client, province_url(rome, "corn-dole"), {"paid_from": jupiter.pk}, back=url(books, "rome/"))
    assert "The corn dole in City of Rome is paid: 20 talents from Imperial Treasury (Temple of Jupiter)." in text
    assert "NOT PAID" not in text and "The corn dole is paid for this quarter: 20 talents on turn 1" in text
    assert get_balance(jupiter) == 980
    text = refused(client, province_url(rome, "corn-dole"), {"paid_from": jupiter.pk, "back": url(books, "rome/")})
    assert "was already paid on turn 1" in text and get_balance(jupiter) == 980
    assert "<h1>Rome's treasuries</h1>" in text and "<h3>Corn dole in Rome</h3>" in refused_panel(text)


def test_only_control_deposits_from_outside_the_game(client, books, senate_umpire):
    client.force_login(senate_umpire)
    before = ledger_state()
    response = client.post(url(books, "rome/deposit/"), {"to": "imperial", "talents": 1000, "why": "forgery"})
    assert response.status_code == 404 and ledger_state() == before


def test_the_rome_page_shows_the_provinces_due_and_owed_with_totals(client, demo_books, control):
    september = TaxStatement.objects.filter(event=demo_books, turn=SEPTEMBER)
    client.force_login(control)
    text = page(client, url(demo_books, "rome/"))
    due = sum(s.balance for s in september if s.balance > 0)
    owed = -sum(s.balance for s in september if s.balance < 0)
    assert due and owed
    assert f'Total</td><td class="num">{due}</td><td>talents due to Rome' in text
    assert f'Total</td><td class="num">{owed}</td><td>talents owed by Rome' in text
    britannia = september.get(province__name="Britannia")
    assert f'Britannia</td><td class="num owed">{-britannia.balance}</td>' in text
    assert 'Achaea</td><td class="num due">9</td>' in text


def test_control_opens_the_books(client, ad69, control):
    client.force_login(control)
    assert "Open the books" in page(client, url(ad69, "rome/"))
    text = post(client, url(ad69, "rome/open-books/"))
    assert "The books are open" in text and "Open the books" not in text
    assert Account.objects.filter(event=ad69, kind=Account.Kind.PROVINCE_TREASURY).count() == 41


def test_control_draws_up_the_first_tax_turns_statements(client, ad69, control):
    client.force_login(control)
    assert "Draw up the statements for tax turn 1 (September 68)" in page(client, url(ad69))
    text = post(client, url(ad69, "draw-up/"))
    assert "41 statement(s) drawn up for tax turn 1 (September 68)." in text
    assert TaxStatement.objects.filter(event=ad69, turn=1).count() == 41


# ---- the quarterly statement on paper ----------------------------------------------------------


def pdf_text(response):
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(response.content)).pages)


def test_the_printed_statement_carries_its_figures(client, books, illyria_umpire):
    client.force_login(illyria_umpire)
    confirm_achaea(client, books)
    bill = Bill.objects.get(statement=statement_of(books, "Achaea"))
    post(
        client,
        province_url(achaea(books), "pay-bills"),
        {"bills": [bill.pk], "paid_from": treasury_of(achaea(books)).pk},
    )
    bill.refresh_from_db()
    text = pdf_text(client.get(statement_pdf_url(achaea(books))))
    for figure in [
        "Achaea",
        "Quarterly statement",
        "Turn 1, September 68",
        "Cornelius Blasio",
        "Income of Achaea VII. REVENUES, PROVINCIAL REVENUE +10",
        "Provincial government VIII.",
        "Balance: 9 talents due to Rome +9",
        f"paid by transaction #{bill.paid_by_id}",
        "Brought forward 0",
        "Held now, turn 1 9",
        "Confirmed by region-illyria",
        "10 talents handed to Cornelius Blasio",
        "Rome may call for an audit at any time",
    ]:
        assert figure in text, figure


def test_a_statement_not_drawn_up_has_no_paper(client, books, control):
    client.force_login(control)
    assert client.get(statement_pdf_url(achaea(books), 4)).status_code == 404
