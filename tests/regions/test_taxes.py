"""The tax turn statement (VII. REVENUES; VIII. EXPENDITURE): drawn up once per province and
tax turn, through the clock, with the handbook's figures."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Bill, CostOwed, Force, Province, RevenueDisruption, TaxStatement, Transaction
from regions.services.books import OPENING, PUBLIC_WORKS, TAXPAYERS, imperial_treasury, outside, treasury_of
from regions.services.forces import do_order_upgrade, do_raise_levies
from regions.services.ledger import do_reverse, do_transfer, get_balance, get_balances
from regions.services.taxes import (
    do_confirm_statement,
    do_pay_bills,
    do_run_tax_turn,
    do_set_revenue_disruption,
    draw_up_statement,
    revenue_recipient,
    unpaid_troops,
)
from tests.demo_data import load_demo_forces
from tests.regions.forces_builders import legion
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.models import AuditEntry, Character, Region

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"
SEPTEMBER, DECEMBER, MARCH = 1, 4, 7  # AD69 starts in September 68: turn 1


@pytest.fixture
def demo(ad69):
    load_demo_forces()
    return ad69


def achaea(event):
    return Province.objects.get(event=event, name="Achaea")


def balance(lines):
    return sum(item["talents"] for item in lines)


def statement(event, name, turn):
    return TaxStatement.objects.get(event=event, province__name=name, turn=turn)


def test_raising_troops_example_legion_upkeep_is_45_a_quarter(ad69):
    """VIII. RAISING TROOPS: "a legion of 5 legionary and 5 auxilliary vexillations would cost 45
    per quarter to maintain" (its Aquila's 10 included: 10 + 5×4 + 5×3)."""
    legion(ad69, "Legio Exempli", "Achaea", [(LEG, 5, False), (AUX, 5, False)])
    lines = draw_up_statement(achaea(ad69), SEPTEMBER)
    assert {"label": "Upkeep of Legio Exempli", "talents": -45, "rule": "VIII. EXPENDITURE, RAISING TROOPS"} in lines
    assert balance(lines) == 10 - 1 - 45


def test_achaea_in_september_owes_income_less_government(ad69):
    lines = draw_up_statement(achaea(ad69), SEPTEMBER)
    assert [(item["label"], item["talents"]) for item in lines] == [
        ("Income of Achaea", 10),
        ("Provincial government", -1),
    ]
    assert balance(lines) == 9


def test_achaea_in_march_also_pays_its_roads(ad69):
    assert balance(draw_up_statement(achaea(ad69), MARCH)) == 10 - 1 - 1


def test_disruption_reduces_income_from_its_turn(ad69):
    RevenueDisruption.objects.create(
        event=ad69, province=achaea(ad69), turn_from=DECEMBER, reduction_talents=4, reason="Looting by pirates"
    )
    assert balance(draw_up_statement(achaea(ad69), SEPTEMBER)) == 9
    assert balance(draw_up_statement(achaea(ad69), DECEMBER)) == 10 - 4 - 1


def test_province_with_large_forces_is_owed_by_rome(demo):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    britannia = statement(demo, "Britannia", SEPTEMBER)
    # 40 income - 1 government - (42 + 40 + 41) upkeep of its three legions - 20 for the Classis Britannica
    assert britannia.income == 40 and britannia.balance == -104


def test_non_roman_forces_cost_the_province_nothing(demo):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    judea = statement(demo, "Judea", SEPTEMBER)
    assert not any("rebels" in item["label"] for item in judea.lines)


def test_raising_costs_fall_due_on_the_next_tax_turn_once(ad69):
    """VIII. RAISING TROOPS: raised in October, paid in December; raised in December, raising and
    upkeep together in December; then settled."""
    force = legion(ad69, "Legio Nova", "Achaea", [(LEV, 4, False)], aquila=False)
    CostOwed.objects.create(event=ad69, force=force, what="Raising 2 raw levies in October", talents=4, turn=2)
    CostOwed.objects.create(event=ad69, force=force, what="Raising 2 raw levies in December", talents=4, turn=DECEMBER)
    do_run_tax_turn(ad69, DECEMBER, actor=None)
    # 10 - 1 government - 4×2 upkeep - 4 - 4 raising
    assert statement(ad69, "Achaea", DECEMBER).balance == -7
    assert not CostOwed.objects.filter(settled=False).exists()
    do_run_tax_turn(ad69, MARCH, actor=None)
    assert statement(ad69, "Achaea", MARCH).balance == 10 - 1 - 1 - 8


def test_running_the_tax_turn_twice_draws_up_once(ad69):
    assert len(do_run_tax_turn(ad69, SEPTEMBER, actor=None)) == 41
    before = list(TaxStatement.objects.values_list("pk", "balance"))
    assert do_run_tax_turn(ad69, SEPTEMBER, actor=None) == []
    assert list(TaxStatement.objects.values_list("pk", "balance")) == before
    assert AuditEntry.objects.filter(action="tax_turn.drawn_up").count() == 1


def test_only_a_tax_turn_has_a_statement(ad69):
    with pytest.raises(ValidationError):
        do_run_tax_turn(ad69, 2, actor=None)


def test_tax_turn_queries_do_not_grow_with_provinces(demo):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)  # the first tells the tables: their sequences begin
    britain = Force.objects.get(name="Legio II Augusta")
    CostOwed.objects.create(event=demo, force=britain, what="Raising", talents=2, turn=DECEMBER)
    with CaptureQueriesContext(connection) as world:
        do_run_tax_turn(demo, DECEMBER, actor=None)
    region = achaea(demo).region
    for i in range(5):
        Province.objects.create(
            event=demo,
            name=f"Extra {i}",
            region=region,
            income_per_quarter=10,
            road_cost=1,
            province_type=Province.Type.SENATORIAL,
        )
        force = legion(demo, f"Legio Extra {i}", f"Extra {i}", [(LEG, 5, False), (AUX, 5, False)])
        CostOwed.objects.create(event=demo, force=force, what="Raising", talents=2, turn=MARCH)
    with CaptureQueriesContext(connection) as bigger:
        assert len(do_run_tax_turn(demo, MARCH, actor=None)) == 46
    assert round_trips(bigger) == round_trips(world)


def round_trips(captured):
    """The queries, a bulk insert counted once however many chunks SQLite's limit of 999
    parameters a query splits it into (PostgreSQL sends it whole)."""
    kinds = []
    for query in captured.captured_queries:
        kind = query["sql"].split(" VALUES ")[0] if query["sql"].startswith("INSERT") else query["sql"]
        if not (kinds and kind.startswith("INSERT") and kinds[-1] == kind):
            kinds.append(kind)
    return len(kinds)


def test_starting_the_clock_draws_up_the_first_statements_and_december_follows(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    assert TaxStatement.objects.filter(turn=SEPTEMBER).count() == 41
    for _ in range(2):
        clockwork.do_skip_turn(ad69, actor=None)
    assert not TaxStatement.objects.filter(turn=DECEMBER).exists()
    clockwork.do_skip_turn(ad69, actor=None)  # turn 3 ends: December, turn 4, is a tax turn
    assert TaxStatement.objects.filter(turn=DECEMBER).count() == 41
    assert set(TaxStatement.objects.values_list("turn", flat=True)) == {SEPTEMBER, DECEMBER}


def test_a_year_of_tax_turns_on_the_demo_world(demo, control):
    """Turns 1 to 13, September 68 to September 69: five tax turns. Achaea keeps its revenue and
    pays its own bills; Britannia's legions and fleet are paid by Rome."""
    clockwork.do_start_clock(demo, actor=None)  # the books open and September's statements are drawn up
    jupiter = imperial_treasury(demo)
    do_transfer(
        source=outside(demo, OPENING), target=jupiter, talents=1000, why="The treasury of Jupiter", actor=control
    )
    for turn in range(1, 14):
        if turn in (1, 4, 7, 10, 13):
            settle_quarter(demo, turn, control, jupiter)
        if turn < 13:
            clockwork.do_skip_turn(demo, actor=None)
    assert sorted(set(TaxStatement.objects.values_list("turn", flat=True))) == [1, 4, 7, 10, 13]
    assert TaxStatement.objects.count() == 5 * 41
    # Achaea: income 10, road 1, no forces. Sep, Dec, Jun: 10 - 1 = 9; March: 10 - 1 - 1 road = 8.
    assert [statement(demo, "Achaea", t).balance for t in (1, 4, 7, 10, 13)] == [9, 9, 8, 9, 9]
    # Britannia: income 40, road 4. Upkeep: II Augusta 10 + 4×4 + 4×3 + 2×2 = 42; IX Hispana
    # 10 + 3×4 + 4×3 + 3×2 = 40; XX Valeria Victrix 10 + 4×4 + 5×3 = 41; the Classis Britannica 20;
    # 143 in all. Sep, Dec, Jun: 40 - 1 - 143 = -104 (owed by Rome); March: -104 - 4 road = -108.
    assert [statement(demo, "Britannia", t).balance for t in (1, 4, 7, 10, 13)] == [-104, -104, -108, -104, -104]
    # The treasuries: Achaea 5 × 10 in, 5 × 1 government and 1 road out: 44. Britannia 5 × 40 in,
    # 5 × 1 + 4 out: 191. Jupiter 1000 less five quarters of Britannia's 143 upkeep: 285.
    assert get_balances([treasury_of(achaea(demo)), treasury_of(britannia(demo)), jupiter]) == {
        treasury_of(achaea(demo)): 44,
        treasury_of(britannia(demo)): 191,
        jupiter: 285,
    }
    assert not unpaid_troops(demo).filter(statement__province__name="Britannia").exists()


def settle_quarter(event, turn, umpire, rome):
    """The Region umpires hand out the revenue; each province pays its government and roads;
    Rome pays Britannia's troops."""
    for name in ("Achaea", "Britannia"):
        province_statement = do_confirm_statement(statement(event, name, turn), actor=umpire)
        bills = province_statement.bills.all()
        do_pay_bills(
            bills.filter(kind__in=[Bill.Kind.GOVERNMENT, Bill.Kind.ROADS]),
            source=treasury_of(province_statement.province),
            actor=umpire,
        )
        if name == "Britannia":
            do_pay_bills(bills.filter(kind=Bill.Kind.UPKEEP), source=rome, actor=umpire)


def britannia(event):
    return Province.objects.get(event=event, name="Britannia")


def test_confirming_hands_the_revenue_to_the_governor_of_a_province_without_a_procurator(ad69, control):
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    confirmed = do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control)
    assert confirmed.confirmed_by == control and confirmed.confirmed_at is not None
    assert confirmed.handed_to == "Cornelius Blasio"
    assert get_balance(treasury_of(achaea(ad69))) == 10
    assert confirmed.revenue.postings.get(amount=-10).account.name == TAXPAYERS
    assert AuditEntry.objects.filter(action="tax_statement.confirmed", actor=control).count() == 1
    with pytest.raises(ValidationError, match="already confirmed"):
        do_confirm_statement(confirmed, actor=control)
    assert get_balance(treasury_of(achaea(ad69))) == 10


def test_a_confirmation_undone_takes_the_revenue_back_and_the_statement_waits_again(ad69, control):
    from umpire.services.undo import do_undo

    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control)
    do_undo(AuditEntry.objects.get(action="tax_statement.confirmed"), actor=control, reason="handed to the wrong man")
    waiting = statement(ad69, "Achaea", SEPTEMBER)
    assert (waiting.confirmed_at, waiting.revenue, waiting.handed_to) == (None, None, "")
    assert get_balance(treasury_of(achaea(ad69))) == 0
    assert do_confirm_statement(waiting, actor=control).handed_to == "Cornelius Blasio"


def test_the_procurator_receives_the_revenue_before_the_governor(ad69, control):
    province = achaea(ad69)
    procurator = Character.objects.create(
        event=ad69,
        name="Publius Nummularius",
        role=Character.Role.PROCURATOR,
        social_class="equestrian",
        location=province.region,
    )
    Province.objects.filter(pk=province.pk).update(procurator=procurator)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    assert do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control).handed_to == "Publius Nummularius"


@pytest.mark.parametrize(
    "province, recipient",
    [
        ("City of Rome", "The Senate of Rome"),  # governed by the Senate
        ("Alpes Poeninae", "The Senate of Rome"),  # controlled from Italia
        ("Cyprus", "Licinius Mucianus"),  # ruled from Syria
        ("Thracia", "Claudius Julianus"),  # (proc): the procurator acts as governor
    ],
)
def test_who_receives_the_revenue(ad69, province, recipient):
    assert str(revenue_recipient(Province.objects.get(event=ad69, name=province))) == recipient


def test_the_revenue_waits_for_a_recipient_away_from_his_table(ad69, control):
    elsewhere = Region.objects.get(event=ad69, name="Spain")
    Character.objects.filter(event=ad69, name="Cornelius Blasio").update(location=elsewhere)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    with pytest.raises(ValidationError, match="Cornelius Blasio is at the Spain table"):
        do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control)
    assert not Transaction.objects.exists() and statement(ad69, "Achaea", SEPTEMBER).confirmed_at is None


def test_a_province_with_no_one_to_receive_its_revenue_is_refused(ad69, control):
    Province.objects.filter(event=ad69, name="Achaea").update(governor=None)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    with pytest.raises(ValidationError, match="no procurator and no governor"):
        do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control)


def test_each_cost_on_a_statement_is_a_bill(demo):
    do_run_tax_turn(demo, MARCH, actor=None)
    bills = statement(demo, "Britannia", MARCH).bills.order_by("pk")
    assert [(b.kind, b.what, b.talents) for b in bills] == [
        ("government", "Provincial government", 1),
        ("roads", "Roads (payable every March)", 4),
        ("upkeep", "Upkeep of Legio II Augusta", 42),
        ("upkeep", "Upkeep of Legio IX Hispana", 40),
        ("upkeep", "Upkeep of Legio XX Valeria Victrix", 41),
        ("upkeep", "Upkeep of Classis Britannica", 20),
    ]
    assert bills.get(what="Upkeep of Classis Britannica").fleet.name == "Classis Britannica"


def test_bills_are_paid_together_or_not_at_all(demo, control):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    britain = statement(demo, "Britannia", SEPTEMBER)
    do_confirm_statement(britain, actor=control)
    treasury = treasury_of(britain.province)
    before = (Transaction.objects.count(), list(Bill.objects.values_list("pk", "paid_by")))
    with pytest.raises(ValidationError, match="Treasury of Britannia holds 40 talents; it cannot pay 143"):
        do_pay_bills(britain.bills.filter(kind=Bill.Kind.UPKEEP), source=treasury, actor=control)
    assert (Transaction.objects.count(), list(Bill.objects.values_list("pk", "paid_by"))) == before
    payment = do_pay_bills(britain.bills.filter(kind=Bill.Kind.GOVERNMENT), source=treasury, actor=control)
    assert get_balance(treasury) == 39 and get_balance(outside(demo, PUBLIC_WORKS)) == 1
    with pytest.raises(ValidationError, match=f"already paid, by transaction #{payment.pk}"):
        do_pay_bills(britain.bills.filter(kind=Bill.Kind.GOVERNMENT), source=treasury, actor=control)


def test_a_reversed_payment_leaves_the_troops_unpaid_again(demo, control):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    augusta = Bill.objects.get(what="Upkeep of Legio II Augusta", statement__turn=SEPTEMBER)
    rome = imperial_treasury(demo)
    do_transfer(source=outside(demo, OPENING), target=rome, talents=100, why="deposit", actor=control)
    october = SEPTEMBER + 1
    assert not unpaid_troops(demo, as_of=SEPTEMBER).exists()  # due during the tax turn, not yet unpaid
    assert unpaid_troops(demo, as_of=october).filter(pk=augusta.pk).exists()
    payment = do_pay_bills([augusta], source=rome, actor=control)
    assert not unpaid_troops(demo, as_of=october).filter(pk=augusta.pk).exists()
    do_reverse(payment, why="paid from the wrong chest", actor=control)
    assert unpaid_troops(demo, as_of=october).filter(pk=augusta.pk).exists()


def test_the_table_hears_of_its_unpaid_troops_when_the_tax_turn_ends(demo, django_capture_on_commit_callbacks):
    clockwork.do_start_clock(demo, actor=None)
    northern = britannia(demo).region
    with listen([f"table-{northern.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            clockwork.do_skip_turn(demo, actor=None)  # September, a tax turn, ends with nothing paid
        messages = heard()
    unpaid = [m["event"] for m in messages.get(f"table-{northern.pk}", []) if m["event"]["type"] == "troops.unpaid"]
    assert len(unpaid) == 1 and "Upkeep of Legio II Augusta" in unpaid[0]["bills"]
    assert AuditEntry.objects.filter(action="troops.unpaid").count() == 1


def test_a_cost_run_up_in_a_drawn_quarter_is_billed_at_once(ad69, control):
    """VIII. RAISING TROOPS: the raising cost falls in the month raised; the upkeep waits for the
    next tax turn (raised in October, upkeep in December)."""
    clockwork.do_start_clock(ad69, actor=None)
    clockwork.do_skip_turn(ad69, actor=None)  # October
    force = legion(ad69, "Legio Nova", "Achaea", [(LEV, 4, False)], aquila=False)
    do_raise_levies(force, count=2, actor=control)
    bill = Bill.objects.get(kind=Bill.Kind.RAISING)
    assert (bill.statement.turn, bill.talents, bill.force) == (SEPTEMBER, 4, force)
    assert not CostOwed.objects.filter(settled=False).exists()
    for _ in range(2):
        clockwork.do_skip_turn(ad69, actor=None)
    december = statement(ad69, "Achaea", DECEMBER)
    assert [(b.kind, b.talents) for b in december.bills.all()] == [("government", 1), ("upkeep", 12)]


def test_the_upgrading_example_costs_are_billed_to_its_province(ad69, control):
    """IX. UPGRADING EXAMPLE: the XLV Legion's upgrade costs 32 and its ten new levies 20; its
    upkeep goes from 48 to 65 a quarter once they are done."""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 3, False), (AUX, 2, False), (LEV, 10, False)])
    clockwork.do_start_clock(ad69, actor=None)
    september = statement(ad69, "Pannonia", SEPTEMBER)
    assert september.bills.get(kind=Bill.Kind.UPKEEP).talents == 48
    do_order_upgrade(
        xlv,
        orders=[{"kind": "levies_to_auxiliaries", "count": 5}, {"kind": "auxiliaries_to_legionaries", "count": 2}],
        actor=control,
    )
    clockwork.do_skip_turn(ad69, actor=None)
    do_raise_levies(xlv, count=10, actor=control)
    assert sorted(september.bills.filter(kind=Bill.Kind.RAISING).values_list("talents", flat=True)) == [20, 32]
    for _ in range(2):
        clockwork.do_skip_turn(ad69, actor=None)
    assert statement(ad69, "Pannonia", DECEMBER).bills.get(kind=Bill.Kind.UPKEEP).talents == 65


def test_a_disruption_is_set_for_a_tax_turn_with_a_reason(ad69, control):
    with pytest.raises(ValidationError, match="not a tax turn"):
        do_set_revenue_disruption(achaea(ad69), turn_from=2, reduction_talents=4, reason="war", actor=control)
    with pytest.raises(ValidationError, match="Say what disrupts"):
        do_set_revenue_disruption(achaea(ad69), turn_from=DECEMBER, reduction_talents=4, reason=" ", actor=control)
    assert not RevenueDisruption.objects.exists()
    do_set_revenue_disruption(achaea(ad69), turn_from=DECEMBER, reduction_talents=4, reason="rebellion", actor=control)
    assert balance(draw_up_statement(achaea(ad69), DECEMBER)) == 10 - 4 - 1
    assert AuditEntry.objects.filter(action="revenue.disrupted").count() == 1
    from umpire.services.undo import do_undo

    do_undo(AuditEntry.objects.get(action="revenue.disrupted"), actor=control, reason="the rebellion was put down")
    assert balance(draw_up_statement(achaea(ad69), DECEMBER)) == 10 - 1
