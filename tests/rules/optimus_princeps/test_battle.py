"""8 The Field of Battle beyond the worked examples: crushing, the Phase 4 results, pursuit, field forts, the
tacit truce, the leaders' fate, and the readings the resolver shows."""

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


def roman(tactic="general_attack", count=5, **more):
    return {
        "people": "roman",
        "tactic": tactic,
        "units": band("Cohort", count),
        "leaders": [{"name": "Legate", "strategic": 30, "attached_to": "Cohort 0"}],
        **more,
    }


def dacian(tactic="general_attack", count=5, **more):
    return {
        "people": "dacian",
        "tactic": tactic,
        "units": band("Band", count, rank="barbarian"),
        "leaders": [{"name": "Chief", "strategic": 30, "attached_to": "Band 0"}],
        **more,
    }


def test_ten_times_the_sp_crushes_and_the_crushed_leader_meets_his_fate():
    """8.1: "The opposing force is eliminated. Booty is automatically taken"; 9.11.3: his unit gone, a 2 captures
    the chief."""
    defender = {
        "people": "dacian",
        "units": band("Band", 1, sp=1, rank="barbarian"),
        "leaders": [{"name": "Chief", "strategic": 6, "attached_to": "Band 0"}],
    }
    result = run("battle", {"attacker": roman(count=5), "defender": defender}, [2])
    assert result.outcome["end"] == "crushing" and result.outcome["booty"] == "attacker"
    assert result.outcome["defender"]["sp_left"] == 0
    assert result.outcome["defender"]["leaders"] == [{"name": "Chief", "fate": "captured"}]


def test_a_captured_supreme_leader_is_put_to_death():
    result = run("leader_fate", {"name": "Decebalus", "supreme": True}, [3])
    assert result.outcome == {"name": "Decebalus", "fate": "put to death"}
    assert run("leader_fate", {"name": "Decebalus"}, [4]).outcome["fate"] == "killed"


# Phase 1: no missile units. Phase 2: the Romans' five cohorts roll 6 (10 HDC), the Dacians' 1s. Phase 3: all 1s.
WIN_PHASE_2 = [6] * 5 + [1] * 5 + [1] * 10


def test_frontal_attack_beating_general_attack_destroys_the_loser_but_the_fort_shelters_five_sp():
    """8.2 Phase 4 Table: Frontal beats General "LD"; 8.5: a fort shelters 5 SP from "unfortunate tactics"."""
    forts = {**roman("general_attack"), "forts": 1, "sheltered": ["Cohort 1", "Cohort 2"]}
    result = run("battle", {"attacker": dacian("frontal_attack"), "defender": forts}, [6] * 5 + [1] * 5 + [1] * 10)
    assert result.outcome["phase_4"] == "loser destroyed" and result.outcome["loser"] == "defender"
    left = {u["name"] for u in result.outcome["defender"]["units"] if u["sp"]}
    assert left == {"Cohort 1", "Cohort 2"}


def test_the_fort_shelters_at_most_five_sp_three_of_them_legions():
    forts = {**roman(), "forts": 1, "sheltered": ["Cohort 1", "Cohort 2", "Cohort 3"]}
    with pytest.raises(RulesError, match="shelter at most 5 SP"):
        run("battle", {"attacker": dacian(), "defender": forts})


def test_dissuasion_against_dissuasion_is_a_tacit_truce_with_no_booty():
    result = run("battle", {"attacker": roman("dissuasion"), "defender": dacian("dissuasion")}, WIN_PHASE_2)
    assert (result.outcome["end"], result.outcome["booty"], result.outcome["pursuit"]) == ("tacit truce", None, False)
    assert result.outcome["retreat"] == {"side": "attacker", "attrition": True}


def test_equal_hdc_ends_the_combat_and_the_attacker_retreats():
    result = run("battle", {"attacker": roman(), "defender": dacian()}, [1] * 20)
    assert result.outcome["end"] == "drawn" and result.outcome["winner"] is None
    assert result.outcome["retreat"] == {"side": "attacker", "attrition": True}


def test_pursuit_rolls_the_winner_s_commanded_cavalry_and_half_falls_on_infantry():
    """8.2 Phase 5: "Only the winner's cavalry fights again … 50% of losses are to be taken from infantry"."""
    attacker = roman()
    attacker["units"] = attacker["units"] + [{"name": "Ala", "kind": "cavalry", "sp": 2}]
    # Phase 2: 12 HDC on the Dacians' 10 SP eliminate Band 0 and the Chief with it is killed (a 4); all HDC, the
    # Dacians do not roll in Phase 3; then the Ala pursues with a 6.
    dice = [6] * 6 + [1] * 5 + [4] + [1] * 6 + [6]
    result = run("battle", {"attacker": attacker, "defender": dacian("frontal_attack")}, dice)
    assert result.outcome["pursuit"] and result.outcome["winner"] == "attacker"
    assert result.outcome["defender"]["leaders"] == [{"name": "Chief", "fate": "killed"}]
    assert "defender (dacian) must take 1 of 2 losses from infantry (50%, rounded up)" in [
        line.text for line in result.working
    ]


def test_the_winner_without_a_leader_does_not_pursue():
    attacker = {**roman(), "leaders": [], "tactic": "general_attack"}
    result = run("battle", {"attacker": attacker, "defender": dacian()}, WIN_PHASE_2)
    assert not result.outcome["pursuit"] and "An army without a leader cannot perform pursuit" in notes(result)


def test_a_leaderless_army_may_not_choose_frontal_attack():
    with pytest.raises(RulesError, match="only choose Dissuasion or General Attack"):
        run("battle", {"attacker": {**roman("frontal_attack"), "leaders": []}, "defender": dacian()})


def test_only_a_dissuasion_defender_may_retreat_in_order_in_a_pitched_battle():
    with pytest.raises(RulesError, match="only a defender who chose Dissuasion"):
        run("battle", {"attacker": roman(), "defender": dacian(retreat_after_phase=2)}, [1] * 10)


def test_a_truce_agreed_after_phase_2_ends_the_battle_before_phase_3():
    result = run("battle", {"attacker": roman(), "defender": dacian(), "truce_after_phase": 2}, [1] * 10)
    assert result.outcome["end"] == "tacit truce" and len(result.dice) == 10


def test_the_side_that_inflicted_more_may_switch_to_general_attack_and_phase_4_reads_it():
    """8.2 Phase 3 and A13: the Romans switch from Dissuasion to General Attack, which destroys a loser in
    Dissuasion (LD) where Dissuasion against Dissuasion would have been a truce."""
    case = {"attacker": roman("dissuasion", switch_to_general_attack=True), "defender": dacian("dissuasion")}
    assert run("battle", case, WIN_PHASE_2).outcome["phase_4"] == "loser destroyed"
    chosen = {**case, "options": {"switch_changes_phase_4": False}}
    assert run("battle", chosen, WIN_PHASE_2).outcome["phase_4"] == "tacit truce"


def test_a_victorious_attacker_that_moves_on_takes_no_booty():
    case = {"attacker": roman(), "defender": dacian(), "attacker_continues_moving": True}
    result = run("battle", case, WIN_PHASE_2)
    assert result.outcome["winner"] == "attacker" and result.outcome["booty"] is None


def test_the_booty_counts_follow_the_loser_s_losses():
    result = run("battle", {"attacker": roman(), "defender": dacian()}, WIN_PHASE_2)
    assert result.outcome["sacking_counts"] == {"sp_put_out_of_action": 10, "sp_eliminated": 0}
    assert result.outcome["retreat"] == {"side": "defender", "attrition": True, "may_enter_walls": False}


def test_a_skirmish_has_no_tactics_and_the_reading_a12_decides_its_pursuit():
    attacker = {
        "people": "roman",
        "units": band("Cohort", 3) + [{"name": "Ala", "kind": "cavalry", "sp": 2}],
        "leaders": [{"name": "Legate", "strategic": 12}],
    }
    defender = {"people": "dacian", "units": band("Band", 3, rank="barbarian")}
    dice = [6] * 4 + [1] * 3 + [1] * 7 + [1]
    assert run("battle", {"attacker": attacker, "defender": defender}, dice).outcome["pursuit"]
    off = {"attacker": attacker, "defender": defender, "options": {"skirmish_pursuit": False}}
    result = run("battle", off, dice)
    assert not result.outcome["pursuit"] and "Reading A12: no pursuit after a skirmish" in notes(result)
