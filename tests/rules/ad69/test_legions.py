"""Legions: limits, raising, upkeep and upgrading (VIII. RAISING TROOPS; IX. LIMITATIONS, UPGRADING)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.ad69.legions import (
    CostDue,
    RaiseInput,
    UpgradeInput,
    UpgradeKind,
    UpgradeOrder,
    UpkeepInput,
    costs_due,
    raise_troops,
    upgrade,
    upkeep,
)
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure

A = TroopType.AUXILIARY


def legion(name="Legion XLV", *, aquila=True, **units):
    """A legion from counts by type: legion(legionary=3, auxiliary=2, raw_levy=10)."""
    return Force(name, tuple(Troops(TroopType(kind), n) for kind, n in units.items()), aquila)


def as_json(force):
    return {
        "name": force.name,
        "aquila": force.aquila,
        "troops": [{"type": t.type.value, "count": t.count, "veteran": t.veteran} for t in force.troops],
    }


def texts(result, kind="step"):
    return [line.text for line in result.working if line.kind == kind]


def troops_of(outcome):
    return {(t["type"], t["veteran"]): t["count"] for t in outcome["composition"]["troops"]}


def test_upgrading_example_xlv_legion():
    """IX. UPGRADING EXAMPLE: maint 48 CV 46; upgrade for 32 to maint 45 CV 50; 10 levies for 20 to 65 and 70."""
    xlv = legion(legionary=3, auxiliary=2, raw_levy=10)
    before = run_procedure("ad69.upkeep", {"legions": [as_json(xlv)]}, EnteredDice([]))
    assert before.outcome["total"] == 48
    assert texts(before) == [
        "Legion XLV: 1 Aquila × 10 = 10",
        "Legion XLV: 3 legionary × 4 = 12",
        "Legion XLV: 2 auxiliary × 3 = 6",
        "Legion XLV: 10 raw levy × 2 = 20",
        "Legion XLV: upkeep 48 talents a quarter",
        "Upkeep due on the tax turn: 48 talents",
    ]
    valued = run_procedure("ad69.combat_value", {"force": as_json(xlv)}, EnteredDice([]))
    assert valued.outcome["combat_value"] == 46
    assert texts(valued) == [
        "Legion XLV: 3 legionary × 6 = 18",
        "Legion XLV: 2 auxiliary × 4 = 8",
        "Legion XLV: 10 raw levy × 2 = 20",
        "Legion XLV: combat value 46",
    ]
    month = run_procedure(
        "ad69.upgrade",
        {
            "legion": as_json(xlv),
            "standing_still": True,
            "orders": [
                {"kind": "levies_to_auxiliaries", "count": 5},
                {"kind": "auxiliaries_to_legionaries", "count": 2},
            ],
        },
        EnteredDice([]),
    )
    assert (month.outcome["cost"], month.outcome["months"]) == (32, 1)
    assert troops_of(month.outcome) == {("legionary", False): 5, ("auxiliary", False): 5}
    assert (month.outcome["upkeep_after"], month.outcome["combat_value_after"]) == (45, 50)
    assert texts(month)[-7:] == [
        "Legion XLV: 1 Aquila × 10 = 10",
        "Legion XLV: 5 legionary × 4 = 20",
        "Legion XLV: 5 auxiliary × 3 = 15",
        "Legion XLV: upkeep 45 talents a quarter",
        "Legion XLV: 5 legionary × 6 = 30",
        "Legion XLV: 5 auxiliary × 4 = 20",
        "Legion XLV: combat value 50",
    ]
    assert texts(month)[:6] == [
        "10 raw levy → 5 auxiliary",
        "Legion XLV: 5 auxiliary × 4 = 20",
        "2 auxiliary → 2 legionary",
        "Legion XLV: 2 legionary × 6 = 12",
        "Legion XLV is within the limits: 5/5 legionary, 5/5 auxiliary, 0/10 raw levy",
        "Upgrading cost: 32 talents; done in 1 month",
    ]
    upgraded = {"name": "Legion XLV", "aquila": True, "troops": month.outcome["composition"]["troops"]}
    recruited = run_procedure("ad69.raise_troops", {"legion": upgraded, "raw_levies": 10}, EnteredDice([]))
    assert recruited.outcome["cost"] == 20
    assert (recruited.outcome["upkeep_after"], recruited.outcome["combat_value_after"]) == (65, 70)
    assert texts(recruited)[-9:] == [
        "Legion XLV: 1 Aquila × 10 = 10",
        "Legion XLV: 5 legionary × 4 = 20",
        "Legion XLV: 5 auxiliary × 3 = 15",
        "Legion XLV: 10 raw levy × 2 = 20",
        "Legion XLV: upkeep 65 talents a quarter",
        "Legion XLV: 5 legionary × 6 = 30",
        "Legion XLV: 5 auxiliary × 4 = 20",
        "Legion XLV: 10 raw levy × 2 = 20",
        "Legion XLV: combat value 70",
    ]


def test_raising_troops_example_five_and_five_costs_45_with_its_aquila():
    """VIII. RAISING TROOPS: '5 legionary and 5 auxilliary vexillations would cost 45': 35 + the Aquila's 10,
    as the UPGRADING EXAMPLE's 1 Aquila 10 + 20 + 15 = 45 shows."""
    result = upkeep(UpkeepInput((legion(legionary=5, auxiliary=5),)), EnteredDice([]))
    assert result.outcome["total"] == 45
    without_eagle = upkeep(UpkeepInput((legion(aquila=False, legionary=5, auxiliary=5),)), EnteredDice([]))
    assert without_eagle.outcome["total"] == 35


def test_upkeep_adds_naval_fleets_at_20():
    result = upkeep(UpkeepInput((legion(legionary=5, auxiliary=5),), naval_fleets=2), EnteredDice([]))
    assert (result.outcome["naval_fleets"], result.outcome["total"]) == (40, 85)
    assert "Naval fleets: 2 naval fleet × 20 = 40" in texts(result)


def test_praetorians_cost_6_a_quarter():
    result = upkeep(UpkeepInput((legion("Praetorian Guard", aquila=False, praetorian=10),)), EnteredDice([]))
    assert result.outcome["total"] == 60


def test_a_barbarian_warband_has_no_upkeep_and_is_refused_by_name():
    horde = Force("Euphoric's horde", (Troops(TroopType.BARBARIAN_WARBAND, 20),))
    with pytest.raises(RulesError, match="barbarian warband is not a legion's unit") as refusal:
        upkeep(UpkeepInput((legion(legionary=1), horde)), EnteredDice([]))
    assert refusal.value.field == "legions.1.troops.0.type"


def test_an_unknown_troop_type_is_refused_by_name():
    data = {"legions": [{"name": "Legion XLV", "troops": [{"type": "cavalry", "count": 2}]}]}
    with pytest.raises(RulesError, match="'cavalry' is not one of legionary") as refusal:
        run_procedure("ad69.upkeep", data, EnteredDice([]))
    assert refusal.value.field == "legions.0.troops.0.type"


def test_a_negative_strength_is_refused_by_name():
    data = {"legion": {"name": "Legion XLV", "troops": [{"type": "legionary", "count": -1}]}, "raw_levies": 2}
    with pytest.raises(RulesError, match="must be 0 or more, not -1") as refusal:
        run_procedure("ad69.raise_troops", data, EnteredDice([]))
    assert refusal.value.field == "legion.troops.0.count"


def test_a_sixth_legionary_vexillation_is_refused_naming_it():
    orders = (UpgradeOrder(UpgradeKind.AUXILIARIES_TO_LEGIONARIES, 1),)
    case = UpgradeInput(legion(legionary=5, auxiliary=3), orders, standing_still=True)
    with pytest.raises(
        RulesError,
        match=r"6 legionary vexillations \(praetorians included\): no. 6 is refused, "
        r"a legion may hold at most 5",
    ) as refusal:
        upgrade(case, EnteredDice([]))
    assert refusal.value.field == "orders.0.count"


def test_the_limits_are_5_legionary_5_auxiliary_10_raw_levies():
    with pytest.raises(RulesError, match="11 raw levy vexillations") as refusal:
        raise_troops(RaiseInput(legion(raw_levy=9), raw_levies=2), EnteredDice([]))
    assert refusal.value.field == "raw_levies"
    with pytest.raises(RulesError, match="6 auxiliary vexillations") as refusal:
        upgrade(
            UpgradeInput(
                legion(auxiliary=5, raw_levy=2),
                (UpgradeOrder(UpgradeKind.LEVIES_TO_AUXILIARIES, 1),),
                standing_still=True,
            ),
            EnteredDice([]),
        )
    assert refusal.value.field == "orders.0.count"


def test_raw_levies_cost_2_each_and_fight_the_turn_they_are_raised():
    result = raise_troops(RaiseInput(legion(legionary=5), raw_levies=4), EnteredDice([]))
    assert (result.outcome["cost"], result.outcome["levies_fight_this_turn"]) == (8, True)
    assert troops_of(result.outcome) == {("legionary", False): 5, ("raw_levy", False): 4}


def test_a_new_aquila_costs_50_and_a_legion_has_only_one():
    result = raise_troops(
        RaiseInput(legion("Legion I Adiutrix", aquila=False), raw_levies=10, aquila=True), EnteredDice([])
    )
    assert result.outcome["cost"] == 70 and result.outcome["composition"]["aquila"] is True
    with pytest.raises(RulesError, match="already has its Aquila") as refusal:
        raise_troops(RaiseInput(legion(), aquila=True), EnteredDice([]))
    assert refusal.value.field == "aquila"


def test_raising_nothing_is_refused():
    with pytest.raises(RulesError) as refusal:
        raise_troops(RaiseInput(legion(legionary=2)), EnteredDice([]))
    assert refusal.value.field == "raw_levies"


def test_upgrades_only_while_the_legion_stands_still():
    orders = (UpgradeOrder(UpgradeKind.LEVIES_TO_AUXILIARIES, 1),)
    with pytest.raises(RulesError, match="only while standing still") as refusal:
        upgrade(UpgradeInput(legion(raw_levy=2), orders), EnteredDice([]))
    assert refusal.value.field == "standing_still"


def test_praetorians_take_no_time_but_only_in_rome_with_the_emperors_approval():
    orders = (UpgradeOrder(UpgradeKind.LEGIONARIES_TO_PRAETORIANS, 2),)
    with pytest.raises(RulesError, match="only in Rome, with the Emperor's approval") as refusal:
        upgrade(UpgradeInput(legion(legionary=5), orders, standing_still=True), EnteredDice([]))
    assert refusal.value.field == "in_rome_with_emperors_approval"
    result = upgrade(
        UpgradeInput(legion(legionary=5), orders, standing_still=True, in_rome_with_emperors_approval=True),
        EnteredDice([]),
    )
    assert (result.outcome["cost"], result.outcome["months"]) == (16, 0)
    assert troops_of(result.outcome) == {("legionary", False): 3, ("praetorian", False): 2}


def test_an_upgrade_takes_only_units_held_at_the_start_of_the_month():
    """The 5 auxiliaries made from levies this month cannot also be made legionaries this month."""
    orders = (
        UpgradeOrder(UpgradeKind.LEVIES_TO_AUXILIARIES, 5),
        UpgradeOrder(UpgradeKind.AUXILIARIES_TO_LEGIONARIES, 3),
    )
    with pytest.raises(RulesError, match="3 legionary need 3 auxiliary vexillations, but Legion XLV has 2") as refusal:
        upgrade(UpgradeInput(legion(auxiliary=2, raw_levy=10), orders, standing_still=True), EnteredDice([]))
    assert refusal.value.field == "orders.1.count"


def test_two_levies_make_one_auxiliary():
    orders = (UpgradeOrder(UpgradeKind.LEVIES_TO_AUXILIARIES, 2),)
    with pytest.raises(RulesError, match="2 auxiliary need 4 raw levy vexillations") as refusal:
        upgrade(UpgradeInput(legion(raw_levy=3), orders, standing_still=True), EnteredDice([]))
    assert refusal.value.field == "orders.0.count"


def test_veterans_upgraded_stay_veterans():
    veteran = Force("Legion XLV", (Troops(A, 2, veteran=True), Troops(A, 1)), True)
    orders = (UpgradeOrder(UpgradeKind.AUXILIARIES_TO_LEGIONARIES, 2, veterans=True),)
    result = upgrade(UpgradeInput(veteran, orders, standing_still=True), EnteredDice([]))
    assert troops_of(result.outcome) == {("legionary", True): 2, ("auxiliary", False): 1}
    assert result.outcome["combat_value_after"] == 24


def test_costs_due_raised_in_october_pays_upkeep_in_december():
    assert costs_due(10, 2, 2) == (CostDue(10, "raising cost", 2), CostDue(12, "upkeep", 2))


def test_costs_due_raised_in_december_pays_both_in_december():
    assert costs_due(12, 2, 2) == (CostDue(12, "raising cost", 2), CostDue(12, "upkeep", 2))


def test_costs_due_refuses_a_month_that_is_not_one():
    with pytest.raises(RulesError) as refusal:
        costs_due(13, 2, 2)
    assert refusal.value.field == "month_raised"


@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 10), st.booleans())
def test_upkeep_is_the_sum_of_the_table_prices(legionaries, auxiliaries, levies, aquila):
    force = legion(aquila=aquila, legionary=legionaries, auxiliary=auxiliaries, raw_levy=levies)
    total = upkeep(UpkeepInput((force,)), EnteredDice([])).outcome["total"]
    assert total == 10 * aquila + 4 * legionaries + 3 * auxiliaries + 2 * levies


@given(st.integers(0, 10), st.integers(0, 5), st.integers(1, 5))
def test_an_accepted_upgrade_never_leaves_a_legion_over_its_limits(levies, auxiliaries, made):
    orders = (UpgradeOrder(UpgradeKind.LEVIES_TO_AUXILIARIES, made),)
    try:
        result = upgrade(
            UpgradeInput(legion(auxiliary=auxiliaries, raw_levy=levies), orders, standing_still=True), EnteredDice([])
        )
    except RulesError as refusal:
        assert refusal.field == "orders.0.count"
        return
    held = troops_of(result.outcome)
    assert held.get(("auxiliary", False), 0) <= 5 and held.get(("raw_levy", False), 0) == levies - 2 * made
