"""The extraction's six derived vectors D1-D6 (shared/rules/002_optimus_princeps.md §5, "⊕ not in the text"):
constructed, not from the text. Each is built from stated rules, for regression."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def modifiers(result):
    return [(line.text, line.value) for line in result.working if line.kind == "modifier"]


@pytest.mark.parametrize("roll, booty, ap, spent", [(1, 7, 9, 7), (6, 5, 9, 5), (4, 2, 7, 2)])
def test_d1_action_points_with_booty_never_pass_nine(roll, booty, ap, spent):
    """Constructed, not from the text (D1): 1 gives 3 AP, +7 Booty capped at 9; 6 gives 6, +5 Booty: 9, 2 wasted
    under the default reading."""
    result = run("action_points", {"side": "roman", "booty_spent": booty}, [roll])
    assert (result.outcome["ap"], result.outcome["booty_spent"]) == (ap, spent)


def test_d1_the_refused_reading_spends_only_the_booty_that_fits():
    """Constructed, not from the text (D1, the other reading): 6 AP and 5 Booty offered: 3 spent, 2 kept."""
    case = {"side": "barbarian", "booty_spent": 5, "options": {"over_cap": "refused"}}
    assert run("action_points", case, [6]).outcome == {"side": "barbarian", "ap": 9, "booty_spent": 3}


D2 = {"side": "barbarian", "season": "winter", "sp": 16, "moves_before": 1, "major_rivers": 1, "paths": 1}


def test_d2_attrition_minus_eight_needs_control_s_row_for_minus_four():
    """Constructed, not from the text (D2): a barbarian army of 16 SP crossing the Danube along a path in winter,
    on its second move: -1 -2 -1 -2 -2 = -8; a 4 makes -4, a row the text leaves as "..."."""
    with pytest.raises(RulesError, match=r"the Attrition Table has no row for -4 .*Control enters it") as missing:
        run("attrition", D2, [4])
    assert missing.value.field == "lower_rows"
    result = run("attrition", {**D2, "lower_rows": [{"result": -4, "hdc": 4}]}, [4])
    assert sum(value for _, value in modifiers(result)) == -8
    assert (result.outcome["result"], result.outcome["hdc"]) == (-4, 4)


def test_d2_two_booty_bring_it_to_minus_two():
    """Constructed, not from the text (D2): spending 2 Booty: -2, 2 SP HDC, on the printed table."""
    result = run("attrition", {**D2, "booty_spent": 2}, [4])
    assert (result.outcome["result"], result.outcome["hdc"]) == (-2, 2)


D3 = {
    "region": {"name": "Moesian city", "defensive_value": 2, "garrison_value": 8},
    "besieging_sp": 12,
    "peoples": ["roman"],
    "artillery_sp": 1,
    "artillery_counters": 1,
    "defenders_good": 1,
    "ap": 3,
}


def test_d3_the_third_siege_action_fails_on_five_and_the_fourth_takes_the_city():
    """Constructed, not from the text (D3): marker 2, 1 artillery, DV 2, 1 defender SP: 5 + 2 + 1 - 2 - 1 = 5,
    the marker turns to 3; the next 5 makes 6 and the city surrenders."""
    third = run("siege_action", {**D3, "marker": 2}, [5])
    assert third.outcome == {"result": 5, "surrenders": False, "marker": 3, "defenders_eliminated": 0, "ap_left": 2}
    fourth = run("siege_action", {**D3, "marker": 3}, [5])
    assert fourth.outcome["surrenders"] and fourth.outcome["defenders_eliminated"] == 1


def test_d4_tribute_in_a_rich_roman_region_gives_three_booty_and_a_1_is_a_revolt():
    """Constructed, not from the text (D4): Roman inhabited region, GV 12, summer, 5 + 2 + 1 = 8: "8+" 3 Booty;
    a natural 1 sparks a revolt, the re-roll (4) the SP put out of action."""
    case = {"looting": "tribute", "ground": "inhabited", "season": "summer", "roman_region": True, "garrison_value": 12}
    assert run("harvest", case, [5]).outcome["booty"] == 3
    revolt = run("harvest", case, [1, 4])
    assert (revolt.outcome["revolt"], revolt.outcome["hdc"], revolt.outcome["booty"]) == (True, 4, 0)


def test_d5_the_supreme_leader_after_a_victory_with_one_booty_recruits_three():
    """Constructed, not from the text (D5): 4 + 1 + 1 + 1 = 7: "7+" 3 SP."""
    case = {"side": "barbarian", "supreme_leader": True, "won_last_battle": True, "booty_spent": 1, "sp_available": 6}
    assert run("recruit", case, [4]).outcome == {"result": 7, "sp": 3, "ranks_recovered": 0}


def d6_battle(terrain):
    romans = {
        "people": "roman",
        "tactic": "general_attack",
        "units": [{"name": f"Cohort {i}", "kind": "infantry", "sp": 2} for i in range(6)],
    }
    dacians = {
        "people": "dacian",
        "tactic": "dissuasion",
        "retreat_after_phase": 1,
        "precautions": True,
        "leaders": [{"name": "Diegis", "strategic": 12}],
        "units": [{"name": f"Band {i}", "kind": "infantry", "sp": 2, "rank": "barbarian"} for i in range(6)],
    }
    return {"attacker": romans, "defender": dacians, "terrain": terrain}


@pytest.mark.parametrize("terrain, roll, retreats", [("plains", 4, True), ("plains", 3, False), ("mountain", 3, True)])
def test_d6_precautions_make_the_orderly_retreat_a_4_plus_and_a_3_plus_in_mountains(terrain, roll, retreats):
    """Constructed, not from the text (D6): a Dacian defender with Dissuasion and Precautions (at Tapae, a rural
    region carrying a fortress, A33) retreats in order on 4+, 3+ in mountain or forest. No unit fires in Phase 1,
    so the first die is the retreat's."""
    dice = [roll] + [1] * 40
    result = run("battle", d6_battle(terrain), dice)
    assert (result.outcome["end"] == "orderly retreat") is retreats
    if retreats:
        assert result.outcome["winner"] == "attacker" and result.outcome["booty"] == "attacker"
