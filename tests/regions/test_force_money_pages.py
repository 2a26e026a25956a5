"""Money on the forces pages: unpaid troops flagged to their table's umpire until their bills are
paid, and the orders that take or spend money on the spot (VII. Loot, VIII. Bribery)."""

import io
import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from regions.models import Bill, Bribe, Fleet, Force, Transaction
from regions.services.books import OPENING, PLUNDER, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer, get_balance
from regions.services.plunder import do_offer_bribe
from regions.services.taxes import do_pay_bills, do_run_tax_turn
from tests.demo_data import load_demo_forces
from tests.regions.forces_builders import legion
from tests.regions.refusals import refused, refused_panel
from tests.regions.test_forces import state_of_everything
from umpire.models import AuditEntry, Character, GameClock, ProcedureRun

LEG, AUX = "legionary", "auxiliary"
SEPTEMBER, DECEMBER = 1, 4  # the first two tax turns
WARNING = (
    "Troops who are not maintained may refuse to move or fight, or change sides, disperse or start a "
    "rebellion of their own."
)


@pytest.fixture
def taxed(ad69):
    """The demo order of battle in October 68, September's tax turn over: every Roman force's
    upkeep is a bill, unpaid."""
    load_demo_forces()
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    GameClock.objects.filter(event=ad69).update(turn=SEPTEMBER + 1)
    return ad69


@pytest.fixture
def xiii(taxed):
    """Legio XIII Gemina, at Poetovio in Pannonia: the Illyria table."""
    return Force.objects.get(event=taxed, name="Legio XIII Gemina")


@pytest.fixture
def commanded(ad69):
    """Legion XLV at the Illyria table, under its governor Tampius Flavianus, who takes what it loots."""
    return legion(ad69, "Legion XLV", "Pannonia", [(LEG, 3, False), (AUX, 2, False)], legate="Tampius Flavianus")


def character(event, name):
    return Character.objects.get(event=event, name=name)


@pytest.fixture
def bribers(commanded):
    """Tuscus Caecina and Marcus Otho come to the Illyria table, where Legion XLV stands: their purses
    are then its umpire's to pay from."""
    Character.objects.filter(event=commanded.event, name__in=["Tuscus Caecina", "Marcus Otho"]).update(
        location=commanded.province.region
    )


def squeezed(response):
    return re.sub(r"\s+", " ", response.content.decode())


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return squeezed(response)


def post(client, url, data):
    response = client.post(url, data, follow=True)
    assert response.status_code == 200, url
    return squeezed(response).replace("&#x27;", "'")


def force_url(force, action=""):
    return f"/events/ad69/forces/{force.pk}/{action + '/' if action else ''}"


def card(text, kind, pk):
    """One force's or fleet's card on the forces page."""
    return re.search(rf'<article class="{kind}-card[^"]*" id="{kind}-{pk}">.*?</article>', text).group(0)


def table_box(text, table_name):
    found = re.search(
        rf'<div class="unpaid-box" id="unpaid-\d+"> <h3>Unpaid troops at {table_name}</h3>.*?</div>', text
    )
    return found.group(0) if found else ""


def pdf_text(client, force):
    response = client.get(force_url(force) + "status.pdf")
    assert response["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)


def pay_upkeep(force):
    """The procurator pays the force's upkeep from its province's treasury, funded for it first."""
    bill = Bill.objects.get(force=force, kind=Bill.Kind.UPKEEP)
    treasury = treasury_of(bill.statement.province)
    do_transfer(source=outside(force.event, OPENING), target=treasury, talents=bill.talents, why="Funds", actor=None)
    do_pay_bills([bill], source=treasury, actor=None)


def fund(account, talents):
    do_transfer(source=outside(account.event, OPENING), target=account, talents=talents, why="Funds", actor=None)


# ---- unpaid troops -------------------------------------------------------------------------------


def test_an_unpaid_legion_is_flagged_on_the_forces_page_until_its_upkeep_is_paid(client, xiii, illyria_umpire):
    upkeep = Bill.objects.get(force=xiii, kind=Bill.Kind.UPKEEP).talents
    client.force_login(illyria_umpire)
    text = page(client, "/events/ad69/forces/")
    assert f"<strong>UNPAID</strong> {upkeep} talents for September 68" in card(text, "force", xiii.pk)
    box = table_box(text, "Illyria")
    assert f"{xiii.name}</a>: <strong>{upkeep} talents</strong> for September 68" in box
    assert WARNING in box

    pay_upkeep(xiii)
    text = page(client, "/events/ad69/forces/")
    assert "UNPAID" not in card(text, "force", xiii.pk)
    assert xiii.name not in table_box(text, "Illyria")


def test_the_box_lists_only_its_own_tables_units(client, xiii, illyria_umpire):
    client.force_login(illyria_umpire)
    text = page(client, "/events/ad69/forces/")
    assert "Legio XIII Gemina" in table_box(text, "Illyria")
    assert "Legio I Italica" not in table_box(text, "Illyria") and "Legio I Italica" in table_box(text, "Gaul")


def test_paid_up_troops_show_no_flag_and_no_box(client, ad69, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = page(client, "/events/ad69/forces/")
    assert 'class="unpaid-flag"' not in text and 'class="unpaid-box"' not in text


def test_the_legion_page_flags_its_unpaid_bills_until_they_are_paid(client, xiii, gaul_umpire):
    bill = Bill.objects.get(force=xiii, kind=Bill.Kind.UPKEEP)
    client.force_login(gaul_umpire)  # every umpire may look
    text = page(client, force_url(xiii))
    assert f"UNPAID: {bill.talents} talents owed for September 68" in text
    assert f"Upkeep of Legio XIII Gemina: <strong>{bill.talents} talents</strong>, tax turn 1 (Pannonia)" in text
    assert WARNING in text

    pay_upkeep(xiii)
    assert 'id="unpaid"' not in page(client, force_url(xiii))


def test_an_unpaid_fleet_is_flagged_on_its_card_and_its_page(client, taxed, illyria_umpire):
    moesica = Fleet.objects.get(event=taxed, name="Classis Moesica")
    upkeep = Bill.objects.get(fleet=moesica, kind=Bill.Kind.UPKEEP).talents
    client.force_login(illyria_umpire)
    assert f"<strong>UNPAID</strong> {upkeep} talents for September 68" in card(
        page(client, "/events/ad69/forces/"), "fleet", moesica.pk
    )
    assert f"UNPAID: {upkeep} talents owed for September 68" in page(client, f"/events/ad69/fleets/{moesica.pk}/")


def test_during_its_tax_turn_upkeep_is_due_not_yet_unpaid(client, xiii, illyria_umpire):
    GameClock.objects.filter(event=xiii.event).update(turn=SEPTEMBER)
    client.force_login(illyria_umpire)
    assert "UNPAID" not in card(page(client, "/events/ad69/forces/"), "force", xiii.pk)


def test_two_quarters_unpaid_are_summed_and_both_named(client, xiii, illyria_umpire):
    do_run_tax_turn(xiii.event, DECEMBER, actor=None)
    GameClock.objects.filter(event=xiii.event).update(turn=DECEMBER + 1)
    total = sum(Bill.objects.filter(force=xiii).values_list("talents", flat=True))
    client.force_login(illyria_umpire)
    assert f"<strong>UNPAID</strong> {total} talents for September 68, December 68" in card(
        page(client, "/events/ad69/forces/"), "force", xiii.pk
    )


def test_the_pages_refresh_when_troops_go_unpaid_or_are_paid(client, xiii, illyria_umpire):
    client.force_login(illyria_umpire)
    for url in ["/events/ad69/forces/", force_url(xiii)]:
        refresh = re.search(r'data-refresh="([^"]*)"', page(client, url)).group(1).split()
        assert {"troops.unpaid", "statement.changed", "ledger.changed"} <= set(refresh)


def test_forces_page_query_count_does_not_grow_with_more_unpaid_legions(client, taxed, illyria_umpire):
    client.force_login(illyria_umpire)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, "/events/ad69/forces/")
        return len(captured)

    page(client, "/events/ad69/forces/")  # the first page reads the event's setting, kept for the pages after it
    baseline = queries()
    for n, province in enumerate(["Pannonia", "Moesia", "Italia", "Belgica"]):
        legion(taxed, f"Legion {n}", province, [(LEG, 2, True), (AUX, 3, False)])
    do_run_tax_turn(taxed, DECEMBER, actor=None)  # every unit two quarters unpaid, the new ones one
    assert Bill.objects.filter(force__name="Legion 3").exists()
    assert queries() == baseline


def test_the_legion_status_chart_shows_the_unpaid_upkeep(client, xiii, illyria_umpire):
    bill = Bill.objects.get(force=xiii, kind=Bill.Kind.UPKEEP)
    client.force_login(illyria_umpire)
    text = " ".join(pdf_text(client, xiii).split())
    assert "UNPAID upkeep and raising" in text
    assert f"{bill.talents} talents: Upkeep of Legio XIII Gemina (tax turn 1, September 68)" in text
    assert "page 1 of 1" in text

    pay_upkeep(xiii)
    assert "UNPAID" not in pdf_text(client, xiii)


# ---- demanding tribute and looting -----------------------------------------------------------------


def test_a_paid_demand_puts_the_tribute_in_the_legates_purse(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(client, force_url(commanded, "demand-tribute"), {"town": "Siscia", "dice": "5,4"})
    assert (
        "Legion XLV at Siscia: the demand succeeds (score 5): the town pays tribute. "
        "4 talents paid into Purse of Tampius Flavianus." in text
    )
    assert "d6 for tribute from Siscia: 4" in text  # the working
    assert get_balance(purse_of(character(commanded.event, "Tampius Flavianus"))) == 4
    assert ProcedureRun.objects.get(procedure="ad69.demand_tribute").outcome["talents"] == 4
    assert '<li class="warning">' not in text  # no looting, no rebellion test


def test_a_refused_demand_looted_warns_of_the_rebellion_test(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(
        client,
        force_url(commanded, "demand-tribute"),
        {"town": "Siscia", "legions_present": 1, "loot_if_refused": "on", "dice": "2,3"},
    )
    assert (
        "the demand fails (score 2): the army loots the town. 3 talents paid into Purse of Tampius Flavianus." in text
    )
    assert '<li class="warning">Siscia was looted: the Region umpire must now test for rebellion in Pannonia.' in text


def test_a_refused_demand_takes_nothing(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(client, force_url(commanded, "demand-tribute"), {"town": "Siscia", "dice": "1"})
    assert "the demand fails (score 1). Nothing is taken." in text
    assert not Transaction.objects.filter(why__contains="Siscia").exists()


def test_looting_a_town_pays_the_legate_and_warns_of_the_rebellion_test(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(client, force_url(commanded, "loot"), {"town": "Mursa", "dice": "2"})
    assert "Legion XLV at Mursa: the town is looted. 2 talents paid into Purse of Tampius Flavianus." in text
    assert "Mursa was looted: the Region umpire must now test for rebellion in Pannonia." in text
    assert get_balance(outside(commanded.event, PLUNDER)) == -2
    assert AuditEntry.objects.filter(action="plunder.looted", target_id=str(commanded.pk)).exists()


def test_the_console_rolls_when_no_dice_are_entered(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(client, force_url(commanded, "loot"), {"town": "Mursa"})
    run = ProcedureRun.objects.get(procedure="ad69.loot")
    assert run.rolled_by_console and f"{run.outcome['talents']} talents paid into Purse of Tampius Flavianus" in text


@pytest.mark.parametrize(
    "action, data, message",
    [
        ("demand-tribute", {"town": "", "dice": "5,4"}, "Town or city: This field is required."),
        ("demand-tribute", {"town": "Siscia", "dice": "7,4"}, "Dice, row 1: die 1 (the demand on Siscia) is a d6"),
        (
            "demand-tribute",
            {"town": "Siscia", "dice": "5,4,2"},
            "Dice, row 3: 3 dice entered, but the procedure rolled 2: die 3 and after are not its.",
        ),
        ("demand-tribute", {"town": "Siscia", "dice": "five"}, "Dice from the table: 'five' is not a list"),
        ("demand-tribute", {"town": "Siscia", "legions_present": 0}, "Legions present: Ensure this value is greater"),
        ("loot", {"town": "Mursa", "dice": "4"}, "Dice, row 1: die 1 (loot from Mursa) is a d3: 4 is not on it."),
    ],
)
def test_bad_demands_and_lootings_are_refused_by_name_and_change_nothing(
    client, commanded, illyria_umpire, action, data, message
):
    client.force_login(illyria_umpire)
    before = state_of_everything()
    text = refused(client, force_url(commanded, action), data)
    assert f'<li class="error">{message}' in text
    assert state_of_everything() == before
    assert not Transaction.objects.exists() and not ProcedureRun.objects.exists()
    panel = refused_panel(text)  # the order as typed, its problem beside the field
    assert f'action="{force_url(commanded, action)}"' in panel
    field = message.split(":")[0].split(",")[0]
    problem = message if field == "Dice" else message.split(": ", 1)[1]
    assert re.search(rf"<ul class=\"errorlist\"[^>]*><li>{re.escape(problem)}.*?</ul> <label[^>]*>{field}", panel)
    assert f'name="town" value="{data["town"]}"' in panel or not data["town"]


def test_a_legion_without_legate_or_commander_is_offered_no_plunder(client, xiii, illyria_umpire):
    client.force_login(illyria_umpire)
    text = page(client, force_url(xiii))
    assert "Not now: no army commander or legate to receive the talents" in text
    text = refused(client, force_url(xiii, "loot"), {"town": "Poetovio", "dice": "2"})
    assert '<li class="error">Force: Legio XIII Gemina has no commander to receive the loot' in text
    assert "Not now: no army commander or legate to receive the talents" in text  # the page as it stands


# ---- bribery ----------------------------------------------------------------------------------------


def bribe(client, force, briber, talents, purpose="Stay in camp when Otho's legions march", send=post):
    return send(
        client,
        force_url(force, "bribe"),
        {"briber": character(force.event, briber).pk, "talents": talents, "purpose": purpose},
    )


def test_a_bribe_is_paid_from_the_purse_and_the_standing_shows_who_prevails(client, commanded, illyria_umpire, bribers):
    """VIII. Bribery: Legion XLV has 5 vexillations; 12 talents is 2 a vexillation, 9 only 1."""
    caecina, otho = character(commanded.event, "Tuscus Caecina"), character(commanded.event, "Marcus Otho")
    fund(purse_of(caecina), 20), fund(purse_of(otho), 20)
    client.force_login(illyria_umpire)
    text = bribe(client, commanded, "Tuscus Caecina", 12)
    assert "Tuscus Caecina bribes Legion XLV with 12 talents from his purse, to: Stay in camp" in text
    assert get_balance(purse_of(caecina)) == 8
    text = bribe(client, commanded, "Marcus Otho", 9, "Desert to Otho")
    assert '<td>Tuscus Caecina</td><td class="num">12</td><td class="num"><strong>2</strong></td>' in text
    assert '<td>Marcus Otho</td><td class="num">9</td><td class="num"><strong>1</strong></td><td>Desert to Otho' in text
    assert "Tuscus Caecina’s bribe prevails." in text
    assert "Marcus Otho: 9 talents ÷ 5 vexillations = 1.80, rounded down: 1" in text  # the engine's working


def test_equal_bribes_are_shown_as_a_tie(client, commanded, illyria_umpire, bribers):
    for name in ("Tuscus Caecina", "Marcus Otho"):
        fund(purse_of(character(commanded.event, name)), 10)
    client.force_login(illyria_umpire)
    bribe(client, commanded, "Tuscus Caecina", 10)
    assert "A tie at the top: neither bribe prevails." in bribe(client, commanded, "Marcus Otho", 10)


def test_no_bribe_this_turn_says_so(client, commanded, illyria_umpire):
    client.force_login(illyria_umpire)
    assert "No one has bribed Legion XLV this turn." in page(client, force_url(commanded))


@pytest.mark.parametrize(
    "talents, purpose, message",
    [
        (5, "", "Purpose: Say exactly what the troops are bribed to do (VIII. Bribery)."),
        (5, "   ", "Purpose: Say exactly what the troops are bribed to do (VIII. Bribery)."),
        (0, "Stay in camp", "Talents: Ensure this value is greater than or equal to 1."),
        (50, "Stay in camp", "Paid from: Purse of Tuscus Caecina holds 20 talents; it cannot pay 50."),
    ],
)
def test_bad_bribes_are_refused_by_name_and_change_nothing(
    client, commanded, illyria_umpire, bribers, talents, purpose, message
):
    fund(purse_of(character(commanded.event, "Tuscus Caecina")), 20)
    client.force_login(illyria_umpire)
    before = state_of_everything(), Transaction.objects.count()
    text = bribe(client, commanded, "Tuscus Caecina", talents, purpose, send=refused)
    assert f'<li class="error">{message}' in text
    field, problem = message.split(": ", 1)
    field = "Briber" if field == "Paid from" else field  # the purse paying is the briber's
    panel = refused_panel(text)
    assert re.search(rf"<ul class=\"errorlist\"[^>]*><li>{re.escape(problem)}</li></ul> <label[^>]*>{field}", panel)
    assert f"{purpose.strip()}</textarea>" in panel and f'name="talents" value="{talents}"' in panel
    assert (state_of_everything(), Transaction.objects.count()) == before
    assert not Bribe.objects.exists()


def test_the_briber_list_offers_only_the_purses_the_umpire_keeps(client, commanded, illyria_umpire, bribers):
    """Gaul's men are not Illyria's umpire's to spend: the list names those at his table alone."""
    client.force_login(illyria_umpire)
    text = page(client, force_url(commanded))
    briber = re.search(r'<select name="briber".*?</select>', text, re.S).group(0)
    assert "Tuscus Caecina" in briber and "Marcus Otho" in briber
    assert "Aulius Vitellius" not in briber  # at the Northern table


def test_a_bribe_from_another_tables_purse_is_refused_by_name_and_changes_nothing(client, commanded, illyria_umpire):
    """The issue's case: a bribe posted with a Northern character's id spends nothing of his."""
    vitellius = character(commanded.event, "Aulius Vitellius")
    fund(purse_of(vitellius), 20)
    client.force_login(illyria_umpire)
    before = state_of_everything(), Transaction.objects.count(), AuditEntry.objects.count()
    text = bribe(client, commanded, "Aulius Vitellius", 5, send=refused)
    assert '<li class="error">Briber: Choose a briber at your tables: the bribe is paid from his purse.' in text
    assert (state_of_everything(), Transaction.objects.count(), AuditEntry.objects.count()) == before
    assert get_balance(purse_of(vitellius)) == 20 and not Bribe.objects.exists()


def test_the_bribe_service_refuses_a_purse_the_umpire_does_not_keep(commanded, illyria_umpire):
    """Not only the form: the ledger itself takes money only out of an account the actor keeps."""
    vitellius = character(commanded.event, "Aulius Vitellius")
    fund(purse_of(vitellius), 20)
    before = Transaction.objects.count(), AuditEntry.objects.count()
    with pytest.raises(ValidationError) as refused:
        do_offer_bribe(commanded, briber=vitellius, talents=5, purpose="Desert", actor=illyria_umpire)
    assert refused.value.message_dict == {
        "paid_from": [
            "Purse of Aulius Vitellius is not an account you keep: money leaves only an account at your tables."
        ]
    }
    assert (Transaction.objects.count(), AuditEntry.objects.count()) == before
    assert not Bribe.objects.exists()


# ---- who may give these orders ---------------------------------------------------------------------------


def test_a_region_umpire_of_another_table_gets_404_and_changes_nothing(client, commanded, gaul_umpire):
    fund(purse_of(character(commanded.event, "Tuscus Caecina")), 20)
    client.force_login(gaul_umpire)
    text = page(client, force_url(commanded))
    assert "Demand tribute" not in text and "Bribes this turn" not in text
    before = state_of_everything(), Transaction.objects.count()
    for action, data in [
        ("demand-tribute", {"town": "Siscia", "dice": "5,4"}),
        ("loot", {"town": "Mursa"}),
        ("bribe", {"briber": character(commanded.event, "Tuscus Caecina").pk, "talents": 5, "purpose": "Stay in camp"}),
    ]:
        assert client.post(force_url(commanded, action), data).status_code == 404, action
    assert (state_of_everything(), Transaction.objects.count()) == before
    assert not ProcedureRun.objects.exists() and not Bribe.objects.exists()
