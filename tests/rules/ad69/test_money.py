"""Demanding tribute and looting (VII. REVENUES, Loot); bribery (VIII. EXPENDITURE, Bribery)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.money import (
    Bribe,
    BriberyInput,
    DemandInput,
    LootInput,
    bribery,
    bribery_value,
    demand_tribute,
    loot,
)
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.registry import run_procedure


def lines(result):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind != "note"]


def test_a_demand_on_4_pays_1d6_talents():
    result = run_procedure("ad69.demand_tribute", {"town": "Cremona", "legions_present": 1}, EnteredDice([4, 5]))
    assert result.outcome == {"score": 4, "paid": True, "looted": False, "talents": 5, "rebellion_test": False}
    assert lines(result) == [
        ("die", "d6 for the demand on Cremona", 4),
        ("table", "Demand for tribute: 4 or more: the town pays (score 4)", True),
        ("die", "d6 for tribute from Cremona", 5),
        ("step", "Cremona pays 5 talents", 5),
    ]


def test_each_legion_after_the_first_adds_1_to_the_demand():
    result = demand_tribute(DemandInput("Cremona", legions_present=3), EnteredDice([2, 6]))
    assert (result.outcome["score"], result.outcome["paid"], result.outcome["talents"]) == (4, True, 6)
    assert ("modifier", "+1 for each legion present after the first (3 legions)", 2) in lines(result)


def test_a_refused_demand_pays_nothing():
    result = demand_tribute(DemandInput("Cremona", legions_present=1), EnteredDice([3]))
    assert result.outcome == {"score": 3, "paid": False, "looted": False, "talents": 0, "rebellion_test": False}


def test_a_refused_demand_can_turn_to_loot_and_a_rebellion_test():
    result = demand_tribute(DemandInput("Cremona", 1, province="Italia", loot_if_refused=True), EnteredDice([1, 3]))
    assert result.outcome == {"score": 1, "paid": False, "looted": True, "talents": 3, "rebellion_test": True}
    assert ("die", "d3 for loot from Cremona", 3) in lines(result)
    assert "The Region Control umpire must test for rebellion in Italia" in result.working[-1].text


def test_looting_yields_1d3_talents_and_flags_a_rebellion_test():
    result = run_procedure("ad69.loot", {"town": "Cremona", "province": "Italia"}, EnteredDice([2]))
    assert result.outcome == {"talents": 2, "rebellion_test": True, "province": "Italia"}
    assert result.dice[0].sides == 3


def test_loot_dice_out_of_range_are_refused():
    with pytest.raises(DiceError, match=r"is a d3: 4 is not on it") as refusal:
        loot(LootInput("Cremona"), EnteredDice([4]))
    assert refusal.value.field == "dice.0"


def test_a_demand_needs_a_legion():
    with pytest.raises(RulesError, match="must be 1 or more, not 0") as refusal:
        run_procedure("ad69.demand_tribute", {"town": "Cremona", "legions_present": 0}, EnteredDice([4]))
    assert refusal.value.field == "legions_present"


def test_bribery_example_duplicitius_fails():
    """VIII. Bribery: 18 talents on the Guard's 10 vexillations is worth 1; Diccius's 40 is worth 4 and wins."""
    data = {
        "unit": "Praetorian Guard",
        "vexillations": 10,
        "bribes": [{"briber": "Duplicitius Caddus", "talents": 18}, {"briber": "Diccius Dastardus", "talents": 40}],
    }
    result = run_procedure("ad69.bribery", data, EnteredDice([]))
    assert result.outcome == {
        "values": {"Duplicitius Caddus": 1, "Diccius Dastardus": 4},
        "winner": "Diccius Dastardus",
        "tied": False,
    }
    assert lines(result) == [
        ("step", "Duplicitius Caddus: 18 talents ÷ 10 vexillations = 1.80, rounded down: 1", 1),
        ("step", "Diccius Dastardus: 40 talents ÷ 10 vexillations = 4.00, rounded down: 4", 4),
        ("choice", "Diccius Dastardus's bribe prevails, value 4", 4),
    ]


def test_bribery_example_twenty_talents_would_have_been_worth_2():
    assert bribery_value(20, 10) == 2


def test_less_than_a_talent_per_vexillation_is_ineffective():
    result = bribery(BriberyInput("Legion XLV", 10, (Bribe("Flatulius Butus", 9),)), EnteredDice([]))
    assert result.outcome == {"values": {"Flatulius Butus": 0}, "winner": None, "tied": False}
    assert "(less than 1: ineffective)" in result.working[0].text


def test_equal_bribes_cancel_out():
    bribes = (Bribe("Otho", 30), Bribe("Vitellius", 39))
    result = bribery(BriberyInput("Praetorian Guard", 10, bribes), EnteredDice([]))
    assert result.outcome == {"values": {"Otho": 3, "Vitellius": 3}, "winner": None, "tied": True}
    assert ("choice", "Otho and Vitellius tie at 3: neither bribe prevails", 3) in lines(result)


def test_a_briber_named_twice_is_refused():
    with pytest.raises(RulesError) as refusal:
        bribery(BriberyInput("Guard", 10, (Bribe("Otho", 30), Bribe("Otho", 40))), EnteredDice([]))
    assert refusal.value.field == "bribes.1.briber"


@given(st.integers(0, 5000), st.integers(0, 500), st.integers(1, 100))
def test_bribery_value_is_monotone_in_talents(talents, more, vexillations):
    assert bribery_value(talents, vexillations) <= bribery_value(talents + more, vexillations)


@given(st.integers(0, 5000), st.integers(1, 100))
def test_bribery_value_is_the_whole_talents_per_vexillation(talents, vexillations):
    value = bribery_value(talents, vexillations)
    assert value * vexillations <= talents < (value + 1) * vexillations


@given(st.integers(1, 6), st.integers(1, 10))
def test_a_demand_succeeds_exactly_when_the_die_plus_extra_legions_reach_4(die, legions):
    outcome = demand_tribute(DemandInput("Cremona", legions), EnteredDice([die, 1])).outcome
    assert outcome["paid"] == (die + legions - 1 >= 4)
