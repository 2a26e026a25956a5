"""The advanced rules (XII): devastation, cut-off cities, the proconsulate and the dictatorship."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.advanced import DICTATOR_ARMY  # importing it registers the procedures
from umpire.rules.registry import run_procedure


def run(key, data, dice=()):
    return run_procedure(f"hannibal_barkas.{key}", data, EnteredDice(list(dice)))


@pytest.mark.parametrize("units, loot", [(3, 1), (5, 1), (9, 1), (10, 2)])
def test_devastation_loot(units, loot):
    """12.1 mini-vector: 3 / 5 / 9 / 10 devastating units take 1 / 1 / 1 / 2 Talents."""
    outcome = run("devastate", {"region": "Etruria", "infantry": units, "province_income": 4}).outcome
    assert (outcome["talents"], outcome["tokens"]) == (loot, loot)


def test_devastation_loot_is_capped_by_the_province_income():
    outcome = run("devastate", {"region": "Etruria", "infantry": 15, "province_income": 2}).outcome
    assert outcome["talents"] == 2


def test_other_reading_caps_the_loot_over_the_whole_stage():
    data = {
        "region": "Etruria",
        "cavalry": 5,
        "province_income": 2,
        "looted_this_stage": 2,
        "options": {"cap": "whole_stage"},
    }
    assert run("devastate", data).outcome["talents"] == 0
    assert run("devastate", dict(data, options={"cap": "each_devastation"})).outcome["talents"] == 1


def test_gallic_tribes_cannot_be_devastated():
    with pytest.raises(RulesError) as refusal:
        run("devastate", {"region": "Boii", "infantry": 5, "province_income": 1, "gallic_tribe": True})
    assert refusal.value.field == "gallic_tribe"


def test_devastation_needs_the_province_income():
    with pytest.raises(RulesError) as refusal:
        run("devastate", {"region": "Etruria", "infantry": 5})
    assert refusal.value.field == "province_income"


def test_devastation_tokens_in_the_economy_phase():
    data = {"territories": [{"territory": "Etruria", "tokens": 3}, {"territory": "Umbria", "tokens": 3}]}
    assert run("devastation_in_economy", data).outcome == {"income_lost": 6, "vp": 3, "tokens_removed": 6}
    assert run("devastation_in_economy", dict(data, options={"token_count": "per_territory"})).outcome["vp"] == 2


@pytest.mark.parametrize("units, income", [(5, 5), (1, 9), (8, 5), (0, 10)])
def test_cutting_off_rome(units, income):
    """12.2 mini-vector: Rome (income 10) with 5 enemy units is down to 5; with 1, to 9."""
    assert run("cut_off_city", {"city": "Roma", "income": 10, "enemy_units": units}).outcome["income"] == income


def test_cut_off_odd_income_readings():
    """12.2 for income 3: half rounded up is 2 (the default); a reduction of at most half rounded up leaves 1."""
    data = {"city": "Capua", "income": 3, "enemy_units": 3}
    assert run("cut_off_city", data).outcome["income"] == 2
    assert run("cut_off_city", dict(data, options={"rounding": "reduction_rounded_up"})).outcome["income"] == 1


def test_cut_off_needs_the_city_income():
    with pytest.raises(RulesError, match="the city card of Capua: its income is not in the rulebook"):
        run("cut_off_city", {"city": "Capua", "income": None, "enemy_units": 2})


@pytest.mark.parametrize("roll, kept", [(6, True), (5, False)])
def test_proconsul_roll(roll, kept):
    """12.3 mini-vector: 6 extends, 5 does not."""
    assert run("proconsulate", {"consul": "Consul I"}, [roll]).outcome == {"extended": kept, "roll": roll}


def test_only_one_extension_is_tried():
    with pytest.raises(RulesError):
        run("proconsulate", {"consul": "Consul II", "already_tried": True}, [9])


def test_a_consul_defending_a_besieged_city_stays_without_a_roll():
    assert run("proconsulate", {"consul": "Consul I", "defending_besieged_city": True}).outcome["extended"] is True


def test_dictator_after_a_defeat_in_italy_costing_5_vp():
    data = {
        "consuls": ["Consul I", "Consul II"],
        "dictator": "Consul II",
        "in_italy": True,
        "battle_vp": 3,
        "leader_vp": 2,
    }
    outcome = run("dictatorship", data).outcome
    assert outcome["stages"] == 3 and outcome["command_bonus"] == 1 and outcome["extra_vp_if_killed"] == 2
    assert outcome["army"] == DICTATOR_ARMY.as_dict() and DICTATOR_ARMY.total == 13
    with pytest.raises(RulesError, match="at least 5"):
        run("dictatorship", dict(data, options={"measure": "battle_vp"}))
