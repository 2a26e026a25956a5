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
    assert result.outcome["sacking_counts"] == {"sp_put_out_of_action": 10, "sp_eliminated": 0, "annihilated": False}
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


# ---- 8.3: the combat ends when one side is eliminated ----------------------------------------------------

# A skirmish (8 SP against 2): the Romans' four units roll 6 in Phase 2, 8 HDC on the Dacians' 2 SP; the band
# rolls 1. Phase 1 has no missile unit, so these five dice are the whole battle.
SKIRMISH = {
    "attacker": {
        "people": "roman",
        "units": band("Cohort", 3) + [{"name": "Ala", "kind": "cavalry", "sp": 2}],
        "leaders": [{"name": "Legate", "strategic": 12}],
    },
    "defender": {"people": "dacian", "units": band("Band", 1, rank="barbarian")},
}


def test_the_combat_ends_when_the_enemy_is_eliminated_with_no_more_dice_and_no_pursuit():
    """8.3: "There are therefore several ways for combat to end: - elimination of the enemy; …" and "The side
    that remains in occupation of the field is the winner of the battle." The band is gone after Phase 2: no
    Phase 3 is fought, no Phase 4 tally, and the Ala does not pursue an army that is not there (Phase 5)."""
    result = run("battle", SKIRMISH, [6, 6, 6, 6, 1])
    out = result.outcome
    assert (out["end"], out["winner"], out["loser"], out["phase_4"], out["pursuit"], out["booty"]) == (
        "elimination",
        "attacker",
        "defender",
        None,
        False,
        "attacker",
    )
    assert len(result.dice) == 5 and out["retreat"] is None
    texts = [line.text for line in result.working]
    assert "Phase 3: Last Attacks" not in texts and "Phase 5: Pursuit" not in texts
    assert (
        "defender (dacian) is eliminated in Phase 2: the combat ends; attacker (roman) remains in occupation of "
        "the field and wins, with no Phase 4 and no pursuit"
    ) in texts


def test_an_eliminated_army_counts_for_booty_only_the_hdc_its_sp_could_take():
    """11.1: "Count the number of the defeated side's SP put out of action"; of the 8 HDC the band's 2 SP take 4
    (an HDC each, then a second eliminates it, §10.2): the other 4 fall on nobody and put no SP out of action.
    11.3: "Enemy army annihilated: +1"."""
    result = run("battle", SKIRMISH, [6, 6, 6, 6, 1])
    assert result.outcome["defender"]["hdc_suffered"] == 4
    assert result.outcome["sacking_counts"] == {"sp_put_out_of_action": 4, "sp_eliminated": 2, "annihilated": True}
    assert "4 HDC scored beyond defender (dacian)'s last SP put no SP out of action" in notes(result)


def test_a_pitched_battle_ends_at_the_elimination_before_phase_3_and_the_phase_4_table():
    """8.3 "elimination of the enemy": the Romans' five cohorts roll 5, their Destruction Factor, and double: 20
    HDC on the Dacians' 10 SP eliminate them in Phase 2 (§10.1, §10.2); the chief with Band 0 is killed on a 4
    (§9.11.3). Frontal Attack would have destroyed a General Attack loser on the Phase 4 table: it is not read."""
    case = {"attacker": roman("frontal_attack"), "defender": dacian("general_attack")}
    result = run("battle", case, [5] * 5 + [1] * 5 + [4])
    out = result.outcome
    assert (out["type"], out["end"], out["winner"], out["phase_4"], out["pursuit"]) == (
        "pitched",
        "elimination",
        "attacker",
        None,
        False,
    )
    assert out["defender"]["leaders"] == [{"name": "Chief", "fate": "killed"}]
    assert (out["defender"]["sp_eliminated"], out["defender"]["hdc_suffered"], len(result.dice)) == (10, 20, 11)
    assert not [line for line in result.working if line.kind == "table"]


def test_both_armies_eliminated_in_the_same_phase_leave_no_winner_and_no_booty():
    """8.2: the phases are simultaneous, so both sides may be eliminated by the same phase. 8.3: "The side that
    remains in occupation of the field is the winner of the battle": none remains, so neither wins; the reading
    is shown in the working."""
    case = {
        "attacker": {"people": "roman", "units": band("Cohort", 1, sp=1)},
        "defender": {"people": "dacian", "units": band("Band", 1, sp=1, rank="barbarian")},
    }
    result = run("battle", case, [5, 5])
    out = result.outcome
    assert (out["end"], out["winner"], out["loser"], out["booty"], out["retreat"]) == (
        "elimination",
        None,
        None,
        None,
        None,
    )
    assert "sacking_counts" not in out and len(result.dice) == 2
    assert "Both eliminated at once: no side remains in occupation of the field" in notes(result)


def test_a_truce_or_retreat_asked_for_after_the_elimination_is_not_reached():
    """8.3.1 and 8.3.2 come "at the end of" a phase; the combat ended with the band eliminated in Phase 2, so the
    truce agreed for Phase 2 and the retreat asked for after Phase 3 never come, and no retreat die is rolled."""
    case = {**SKIRMISH, "truce_after_phase": 2}
    case["defender"] = {**SKIRMISH["defender"], "retreat_after_phase": 3}
    result = run("battle", case, [6, 6, 6, 6, 1])
    assert result.outcome["end"] == "elimination" and len(result.dice) == 5
    assert "The tacit truce agreed for the end of Phase 2 is not reached" in notes(result)
    assert "defender (dacian)'s orderly retreat after Phase 3 is not attempted" in notes(result)


def test_a_retreat_a_pitched_battle_does_not_allow_is_refused_before_any_die():
    """8.3.2: in a pitched battle only "a defending player who chose the Dissuasion tactic may attempt an orderly
    retreat": refused as typed, before any die, not only if the battle lasts until that phase."""
    with pytest.raises(RulesError, match="only a defender who chose Dissuasion") as refused:
        run("battle", {"attacker": roman(retreat_after_phase=3), "defender": dacian()})
    assert refused.value.field == "attacker.retreat_after_phase"
