"""The readings of the points the rulebook leaves open (the extraction's A1-A3, A5, A10, A27, A32), each with
its default and its other reading; constructed cases, not from the text."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def notes(result):
    return " ".join(line.text for line in result.working if line.kind == "note")


def band(prefix, count, sp=2, **more):
    return [{"name": f"{prefix} {i}", "kind": "infantry", "sp": sp, **more} for i in range(count)]


def army(people, tactic, prefix, **unit):
    return {
        "people": people,
        "tactic": tactic,
        "units": band(prefix, 5, **unit),
        "leaders": [{"name": "Leader", "strategic": 30, "attached_to": f"{prefix} 0"}],
    }


def test_a1_the_cap_of_nine_is_the_season_s_or_counts_the_whole_year():
    """A1: a 4 gives 5 AP; read as the year, 6 AP earlier this year leave room for 3."""
    assert run("action_points", {"side": "roman", "ap_earlier_this_year": 6}, [4]).outcome["ap"] == 5
    year = run("action_points", {"side": "roman", "ap_earlier_this_year": 6, "options": {"turn": "year"}}, [4])
    assert year.outcome["ap"] == 3 and "Reading A1: the turn is the year" in notes(year)


def test_a2_a_leader_ap_burnt_doing_nothing():
    case = {"side": "barbarian", "ap_left": 2, "action": {"action": "Do nothing"}, "leader_ap": True}
    burnt = run("spend_ap", case)
    assert burnt.outcome["ap_spent"] == 0 and "Reading A2" in notes(burnt)
    with pytest.raises(RulesError, match="Reading A2: a Leader AP must be used for an action"):
        run("spend_ap", {**case, "options": {"burn_leader_ap": False}})


def test_a3_an_autumn_freeze_stops_the_fleets_and_the_danube_unless_read_otherwise():
    frozen = run("seasonal_event", {"season": "autumn"}, [1]).outcome
    assert frozen == {"season": "autumn", "effect": "rivers are frozen", "danube_frozen": True, "sailing_stopped": True}
    other = {"frozen_stops_sailing": False, "danube_freezes": False, "until_next_roll": True}
    autumn = run("seasonal_event", {"season": "autumn", "options": other}, [1])
    assert (autumn.outcome["danube_frozen"], autumn.outcome["sailing_stopped"]) == (False, False)
    assert "until the next season's roll" in notes(autumn)
    winter = run("seasonal_event", {"season": "winter", "options": other}, [2]).outcome
    assert winter["sailing_stopped"] is True  # §5.2.2: "In winter, if the river is frozen, sailing is impossible"


def test_a5_already_moved_counts_the_most_moved_unit_or_the_leader():
    case = {"side": "roman", "season": "summer", "sp": 4, "moves_before": 2, "leader_moves_before": 1}
    most = run("attrition", case, [3])
    leader = run("attrition", {**case, "options": {"moves": "leader"}}, [3])
    assert (most.outcome["result"], leader.outcome["result"]) == (1, 2)
    with pytest.raises(RulesError, match="Reading A5"):
        run("attrition", {**case, "leader_moves_before": None, "options": {"moves": "leader"}}, [3])


def test_a10_under_night_battle_the_tactics_apply_only_if_the_ranged_battle_is_the_pitched_battle():
    """Frontal Attack gives the heavy cohorts +1: 5 + 1 = 6 hits once a SP; without it, 5 meets the DF 5 and
    doubles (§10.1)."""
    case = {
        "attacker": army("roman", "frontal_attack", "Cohort", heavy=True),
        "defender": army("dacian", "general_attack", "Band", rank="barbarian"),
        "night_battle": True,
    }
    pitched = run("battle", case, [5] * 40)
    missile = run("battle", {**case, "options": {"ranged_battle": "missile_phase"}}, [5] * 40)
    assert (pitched.outcome["defender"]["hdc_suffered"], missile.outcome["defender"]["hdc_suffered"]) == (10, 20)
    assert "under Night battle no tactic is revealed or applied" in notes(missile)


def test_a27_artillery_deployed_is_for_the_defence_unless_the_9_5_example_is_followed():
    case = {"side": "roman", "stratagem": "Artillery deployed", "ap_left": 5, "attacking": True}
    with pytest.raises(RulesError, match="in defense only"):
        run("stratagem", case)
    attacking = run("stratagem", {**case, "options": {"artillery": "attack_too"}})
    assert attacking.outcome["ap_spent"] == 2 and "Reading A27" in notes(attacking)


def test_a32_a_share_with_no_unit_of_its_type_falls_freely_or_is_not_taken():
    """Envelopment sends 50% of the losses to cavalry (§8.2); the Dacians have none. The Romans' 6s put 10 HDC."""
    case = {
        "attacker": army("roman", "general_attack", "Cohort"),
        "defender": army("dacian", "envelopment", "Band", rank="barbarian"),
    }
    dice = [6] * 5 + [1] * 35
    free = run("battle", case, dice)
    spared = run("battle", {**case, "options": {"unmet_share": "not_taken"}}, dice)
    assert sum(u["hdc"] for u in free.outcome["defender"]["units"]) == 10
    assert sum(u["hdc"] for u in spared.outcome["defender"]["units"]) == 5
    assert "no cavalry left for 5 of the share: they are not taken" in notes(spared)


def test_a33_tapae_is_a_rural_region_with_a_fortress_unless_read_as_inhabited():
    """A33: S1 puts the Dacians "in Dacian inhabited regions of your choice, and in Tapae"."""
    tapae = {"name": "Tapae", "defensive_value": 2, "garrison_value": 8}
    case = {"region": tapae, "sp": 12, "leader": True}
    with pytest.raises(RulesError, match="Reading A33: Tapae is a rural region"):
        run("invasion", case, [1])
    inhabited = run("invasion", {**case, "options": {"tapae": "inhabited"}}, [1])
    assert inhabited.outcome["losses"] == 3 and "Reading A33: Tapae is an inhabited region" in notes(inhabited)
    siege = {"region": tapae, "marker": 0, "besieging_sp": 9, "peoples": ["roman"], "ap": 1}
    with pytest.raises(RulesError, match="Reading A33"):
        run("siege_action", siege, [6])
    with pytest.raises(RulesError, match="Reading A33"):
        run("siege_declare", {"region": tapae, "sp": 9, "ap": 1})


def test_a34_the_garrison_cap_holds_within_the_walls_so_besiegers_may_exceed_it():
    case = {"region": {"name": "Apulum", "garrison_value": 6}, "sp": 7, "ap": 1}
    declared = run("siege_declare", case)
    assert declared.outcome["besieged"] and "Reading A34" in notes(declared)
    with pytest.raises(RulesError, match="Reading A34: no more than 6 SP may be in the region"):
        run("siege_declare", {**case, "options": {"garrison_cap": "region"}})
