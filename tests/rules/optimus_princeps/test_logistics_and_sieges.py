"""6 Logistics (attrition, supply), 7 Interception and 9 Engineering (sieges, sortie, disengagement)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def modifiers(result):
    return {line.text: line.value for line in result.working if line.kind == "modifier"}


# ---- 6.1 attrition ----------------------------------------------------------------------------------------


def test_winter_costs_a_roman_2_and_a_barbarian_1():
    roman = run("attrition", {"side": "roman", "season": "winter", "sp": 5}, [3])
    barbarian = run("attrition", {"side": "barbarian", "season": "winter", "sp": 5}, [3])
    assert (roman.outcome["hdc"], barbarian.outcome["hdc"]) == (1, 0)


def test_one_cavalry_sp_for_two_infantry_sp_fords_the_river():
    """5.1.6 and 6.1.1: "if there is 1 SP of cavalry per 2 SP of infantry, the army does not suffer the
    river-crossing attrition penalty"."""
    case = {"side": "roman", "season": "summer", "sp": 9, "major_rivers": 1, "cavalry_sp": 3, "infantry_sp": 6}
    assert "major river crossed" not in modifiers(run("attrition", case, [2]))
    short = run("attrition", {**case, "cavalry_sp": 2, "infantry_sp": 7}, [2])
    assert modifiers(short)["major river crossed"] == -2


def test_the_route_reading_counts_each_link_or_once():
    case = {"side": "roman", "season": "summer", "sp": 4, "paths": 2}
    assert modifiers(run("attrition", case, [6]))["along a path"] == -4
    once = run("attrition", {**case, "options": {"route": "once_per_move"}}, [6])
    assert modifiers(once)["along a path"] == -2


def test_the_stack_size_reading_may_leave_out_hdc_sp():
    case = {"side": "roman", "season": "summer", "sp": 16, "hdc_sp": 6}
    assert modifiers(run("attrition", case, [6]))["stack of 16 SP (more than 15)"] == -2
    good = run("attrition", {**case, "options": {"stack_counts_hdc": False}}, [6])
    assert not any(text.startswith("stack") for text in modifiers(good))


def test_a_unit_moving_alone_rolls_no_attrition():
    result = run("attrition", {"side": "roman", "season": "winter", "sp": 2, "unit_alone": True})
    assert result.outcome == {"rolled": False, "hdc": 0, "eliminated": 0} and not result.dice


def test_unsupplied_losses_are_hdc_or_eliminated_by_reading_a8():
    case = {"side": "roman", "season": "summer", "sp": 4, "cause": "supply"}
    assert run("attrition", case, [1]).outcome["hdc"] == 1
    removed = run("attrition", {**case, "options": {"supply_losses": "eliminated"}}, [1])
    assert (removed.outcome["hdc"], removed.outcome["eliminated"]) == (0, 1)


# ---- 6.2 supply -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case, unsupplied",
    [
        ({"single_unit": True}, 0),
        ({"place": "off_map_box"}, 0),
        ({"place": "friendly_inhabited", "garrison_value": 12}, 0),
        ({"place": "friendly_inhabited", "garrison_value": 8}, 4),
        ({"place": "friendly_inhabited", "garrison_value": 8, "options": {"over_garrison": "whole_army"}}, 12),
        ({"place": "friendly_inhabited", "garrison_value": 16, "pillaged": True}, 12),
        ({"impedimenta": True}, 0),
        ({"impedimenta": True, "season": "winter"}, 12),
        ({"place": "friendly_inhabited", "garrison_value": 16, "besieged": True, "river_fleet": True}, 0),
        ({"place": "friendly_inhabited", "garrison_value": 16, "captured_from_enemy": True}, 12),
    ],
)
def test_supply(case, unsupplied):
    """6.2: single units and off-map boxes; friendly inhabited regions up to their Garrison Value (A7); Roman
    impedimenta and river fleets but not in winter; besieged, pillaged or captured regions supply nobody."""
    data = {"side": "roman", "season": "summer", "sp": 12, **case}
    assert run("supply", data).outcome["unsupplied_sp"] == unsupplied


def test_a_barbarian_army_is_not_supplied_by_an_impedimenta():
    assert (
        run("supply", {"side": "barbarian", "season": "summer", "sp": 5, "impedimenta": True}).outcome["unsupplied_sp"]
        == 5
    )


# ---- 7 interception ---------------------------------------------------------------------------------------


def test_a_dummy_is_removed_and_a_leader_alone_is_captured():
    assert run("interception", {"defending_sp": 0, "dummy": True}).outcome["dummy_removed"]
    assert run("interception", {"defending_sp": 0, "leader_alone": True}).outcome["leader_captured"]


def test_sp_beyond_the_garrison_value_fight_outside_the_walls_first():
    """7.2 and 9.2.2: "Excess SP are considered to be outside the fortifications"."""
    result = run("interception", {"defending_sp": 10, "inhabited_region": True, "garrison_value": 6})
    assert (result.outcome["battle_sp"], result.outcome["inside_walls"]) == (4, 6)


def test_unrevealed_army_costs_1d6_less_the_commander_s_bonus():
    result = run("unrevealed_contact", {"roman_commander_tb": 1, "roman_good_sp": 3}, [4])
    assert result.outcome == {"hdc": 3, "fights": False}
    assert run("unrevealed_contact", {"roman_commander_tb": 2, "roman_good_sp": 3}, [1]).outcome["hdc"] == 0


# ---- 9 engineering -----------------------------------------------------------------------------------------

REGION = {"name": "Tibiscum", "defensive_value": 2, "garrison_value": 8}


def test_declaring_a_siege_needs_a_leader_an_ap_and_more_sp_than_the_garrison_value():
    assert run("siege_declare", {"region": REGION, "sp": 9, "ap": 1}).outcome["marker"] == 0
    with pytest.raises(RulesError, match="cannot initiate one"):
        run("siege_declare", {"region": REGION, "sp": 9, "ap": 1, "leader": False})
    with pytest.raises(RulesError, match="not more than the Garrison Value 8"):
        run("siege_declare", {"region": REGION, "sp": 8, "ap": 1})


def test_german_and_sarmatian_besiegers_slow_the_siege_once_or_per_people():
    case = {"region": REGION, "marker": 0, "besieging_sp": 9, "peoples": ["german", "sarmatian"], "ap": 1}
    once = run("siege_action", case, [6])
    assert once.outcome["result"] == 3
    each = run("siege_action", {**case, "options": {"slow_besiegers": "per_people"}}, [6])
    assert each.outcome["result"] == 2


def test_artillery_counts_per_sp_or_per_counter():
    case = {
        "region": {**REGION, "defensive_value": 0},
        "marker": 0,
        "besieging_sp": 9,
        "peoples": ["roman"],
        "artillery_sp": 2,
        "artillery_counters": 1,
        "ap": 1,
    }
    assert run("siege_action", case, [3]).outcome["result"] == 5
    assert run("siege_action", {**case, "options": {"artillery": "per_counter"}}, [3]).outcome["result"] == 4


def test_disengagement_keeps_the_siege_with_more_than_the_garrison_value_left():
    case = {"region": REGION, "besieging_sp": 20, "left_behind": 8}
    assert not run("disengagement", case).outcome["siege_holds"]
    assert run("disengagement", {**case, "options": {"keepers": "as_many_as_gv"}}).outcome["siege_holds"]
    assert run("disengagement", {**case, "left_behind": 9}).outcome == {
        "siege_holds": True,
        "fighting_sp": 11,
        "keeping_siege_sp": 9,
    }


SORTIE = {
    "sortie": {
        "units": [{"name": "Falx", "kind": "infantry", "sp": 2, "destruction": [4, 5], "rank": "barbarian"}],
        "leaders": [{"name": "Diegis", "strategic": 10, "tactical": 1, "attached_to": "Falx"}],
    },
    "response": {"units": [{"name": "Legio", "kind": "infantry", "sp": 3, "rank": "legion"}]},
    "besieging_leader_sv": 12,
}


def test_a_sortie_is_one_phase_the_besieged_s_df_not_doubling():
    """9.6: the sortie's Falx rolls 3 + 1 = 4, its DF: a hit, not doubled (2 HDC); the legion's 5 doubles (6),
    the Falx is eliminated and Diegis with it is killed (a 4)."""
    result = run("sortie", SORTIE, [3, 5, 4])
    assert result.outcome["broke_through"] == []
    assert result.outcome["sortie"]["leaders"] == [{"name": "Diegis", "fate": "killed"}]
    assert "sortie Falx: 3 +1 = 4, DF hits only: 2 HDC" in [line.text for line in result.working]


def test_the_answer_to_a_sortie_is_matched_by_units_or_by_sp():
    case = {
        **SORTIE,
        "response": {"units": SORTIE["response"]["units"] + [{"name": "Ala", "kind": "cavalry", "sp": 1}]},
    }
    with pytest.raises(RulesError, match="at most as many units as sortie"):
        run("sortie", case)
    with pytest.raises(RulesError, match="at most as many SP as sortie"):
        run("sortie", {**SORTIE, "options": {"matching": "sp"}})
