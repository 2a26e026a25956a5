"""The tax turn statement (VII. REVENUES; VIII. EXPENDITURE): drawn up once per province and
tax turn, through the clock, with the handbook's figures."""
import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import CostOwed, Force, Province, RevenueDisruption, TaxStatement
from regions.services.taxes import do_confirm_statement, do_run_tax_turn, draw_up_statement
from tests.regions.forces_builders import legion
from umpire import clockwork
from umpire.models import AuditEntry

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"
SEPTEMBER, DECEMBER, MARCH = 1, 4, 7  # AD69 starts in September 68: turn 1


@pytest.fixture
def demo(ad69):
    call_command("loaddata", "ad69_demo_forces", verbosity=0)
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
    assert [(item["label"], item["talents"]) for item in lines] == [("Income of Achaea", 10),
                                                                     ("Provincial government", -1)]
    assert balance(lines) == 9


def test_achaea_in_march_also_pays_its_roads(ad69):
    assert balance(draw_up_statement(achaea(ad69), MARCH)) == 10 - 1 - 1


def test_disruption_reduces_income_from_its_turn(ad69):
    RevenueDisruption.objects.create(event=ad69, province=achaea(ad69), turn_from=DECEMBER, reduction_talents=4,
                                     reason="Looting by pirates")
    assert balance(draw_up_statement(achaea(ad69), SEPTEMBER)) == 9
    assert balance(draw_up_statement(achaea(ad69), DECEMBER)) == 10 - 4 - 1


def test_province_with_large_forces_is_owed_by_rome(demo):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    britannia = statement(demo, "Britannia", SEPTEMBER)
    # 40 income - 1 government - (42 + 40 + 41) upkeep of its three legions
    assert britannia.income == 40 and britannia.balance == -84


def test_non_roman_forces_cost_the_province_nothing(demo):
    do_run_tax_turn(demo, SEPTEMBER, actor=None)
    judea = statement(demo, "Judea", SEPTEMBER)
    assert not any("rebels" in item["label"] for item in judea.lines)


def test_raising_costs_fall_due_on_the_next_tax_turn_once(ad69):
    """VIII. RAISING TROOPS: raised in October, paid in December; raised in December, raising and
    upkeep together in December; then settled."""
    force = legion(ad69, "Legio Nova", "Achaea", [(LEV, 4, False)], aquila=False)
    CostOwed.objects.create(event=ad69, force=force, what="Raising 2 raw levies in October", talents=4, turn=2)
    CostOwed.objects.create(event=ad69, force=force, what="Raising 2 raw levies in December", talents=4,
                            turn=DECEMBER)
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
    britain = Force.objects.get(name="Legio II Augusta")
    CostOwed.objects.create(event=demo, force=britain, what="Raising", talents=2, turn=1)
    with CaptureQueriesContext(connection) as world:
        do_run_tax_turn(demo, SEPTEMBER, actor=None)
    region = achaea(demo).region
    for i in range(5):
        Province.objects.create(event=demo, name=f"Extra {i}", region=region, income_per_quarter=10, road_cost=1,
                                province_type=Province.Type.SENATORIAL)
        force = legion(demo, f"Legio Extra {i}", f"Extra {i}", [(LEG, 5, False), (AUX, 5, False)])
        CostOwed.objects.create(event=demo, force=force, what="Raising", talents=2, turn=DECEMBER)
    with CaptureQueriesContext(connection) as bigger:
        assert len(do_run_tax_turn(demo, DECEMBER, actor=None)) == 46
    assert len(bigger) == len(world)


def test_clock_draws_up_december_statements_as_turn_4_starts(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    for _ in range(2):
        clockwork.do_skip_turn(ad69, actor=None)
    assert not TaxStatement.objects.exists()
    clockwork.do_skip_turn(ad69, actor=None)  # turn 3 ends: December, turn 4, is a tax turn
    assert TaxStatement.objects.filter(turn=DECEMBER).count() == 41
    assert set(TaxStatement.objects.values_list("turn", flat=True)) == {DECEMBER}


def test_a_year_of_tax_turns_on_the_demo_world(demo):
    do_run_tax_turn(demo, 1, actor=None)  # no turn ends before the first: drawn up by hand
    clockwork.do_start_clock(demo, actor=None)
    for _ in range(12):  # turns 1..12 end; the clock stands at turn 13
        clockwork.do_skip_turn(demo, actor=None)
    assert sorted(set(TaxStatement.objects.values_list("turn", flat=True))) == [1, 4, 7, 10, 13]
    assert TaxStatement.objects.count() == 5 * 41
    # Achaea: income 10, road 1, no forces. Sep, Dec, Jun: 10 - 1 = 9; March: 10 - 1 - 1 road = 8.
    assert [statement(demo, "Achaea", t).balance for t in (1, 4, 7, 10, 13)] == [9, 9, 8, 9, 9]
    # Britannia: income 40, road 4. Upkeep: II Augusta 10 + 4×4 + 4×3 + 2×2 = 42; IX Hispana
    # 10 + 3×4 + 4×3 + 3×2 = 40; XX Valeria Victrix 10 + 4×4 + 5×3 = 41; 123 in all.
    # Sep, Dec, Jun: 40 - 1 - 123 = -84 (owed by Rome); March: -84 - 4 road = -88.
    assert [statement(demo, "Britannia", t).balance for t in (1, 4, 7, 10, 13)] == [-84, -84, -88, -84, -84]


def test_confirming_a_statement_marks_it_and_audits(ad69, control):
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    confirmed = do_confirm_statement(statement(ad69, "Achaea", SEPTEMBER), actor=control)
    assert confirmed.confirmed_by == control and confirmed.confirmed_at is not None
    assert AuditEntry.objects.filter(action="tax_statement.confirmed", actor=control).count() == 1
    with pytest.raises(ValidationError):
        do_confirm_statement(confirmed, actor=control)
