"""P25 card effects known from the rulebook (5.7 Example 8; 1.3.1 STORM)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import battle, cards
from umpire.rules.registry import run_procedure
from umpire.rules.schema import parse


def test_example_8_the_effect_chain_leaves_only_ambush():
    """5.7 Example 8: A's Ambush, B's Convenient terrain, A's Smile of the gods negating it; B plays no more.
    Only Ambush takes effect. The example does not say who defends; the engine does not police the order
    of play (the defender may play first, 5.2) and notes it."""
    assert cards.effect_chain
    plays = [
        {"card": "ambush", "played_by": "attacker"},
        {"card": "convenient_terrain", "played_by": "defender"},
        {"card": "smile_of_the_gods", "played_by": "attacker", "cancels": 1},
    ]
    result = run_procedure("hannibal_barkas.effect_chain", {"plays": plays}, EnteredDice([]))
    assert [s["card"] for s in result.outcome["standing"]] == ["ambush", "smile_of_the_gods"]
    assert [(line.text, line.value) for line in result.working if line.kind == "step"] == [
        ("Play 2: smile of the gods (attacker) takes effect", True),
        ("Play 1: convenient terrain (defender) is negated", False),
        ("Play 0: ambush (attacker) takes effect", True),
    ]


def test_smile_of_the_gods_must_answer_the_opponent():
    plays = [
        {"card": "ambush", "played_by": "attacker"},
        {"card": "smile_of_the_gods", "played_by": "attacker", "cancels": 0},
    ]
    with pytest.raises(RulesError) as error:
        run_procedure("hannibal_barkas.effect_chain", {"plays": plays}, EnteredDice([]))
    assert error.value.field == "plays.1.cancels"


def test_ambush_needs_its_to_hit_number_entered():
    with pytest.raises(RulesError) as error:
        run_procedure(
            "hannibal_barkas.card_attack",
            {"attack": {"by": "attacker"}, "target": {"heavy_infantry": 3}},
            EnteredDice([]),
        )
    assert error.value.field == "attack.needs" and "not in the rulebook" in error.value.message


def test_example_8_ambush_before_round_1_without_command():
    """Ambush rolling as heavy infantry (7+, Control's entry): 4 rolls, no re-roll though a leader is there;
    the losses are removed before round 1 and count in the battle."""
    data = {
        "attacker": {"name": "A", "units": {"heavy_infantry": 1}, "leaders": [{"name": "L", "command": 2}]},
        "defender": {"name": "B", "units": {"heavy_infantry": 2, "light_infantry": 1}},
        "card_attacks": [{"by": "attacker", "as_unit": "heavy_infantry"}],
    }
    entered = EnteredDice([7, 2, 10, 1, 8, 1])  # Ambush: 2 hits (one a 10); then round 1: A's HI 8, B's HI 1
    result = battle.battle_procedure(parse(battle.BattleInput, data), entered)
    assert entered.unused == []
    assert result.outcome["round_log"][0]["after"]["defender"]["heavy_infantry"] == 0
    assert result.outcome["defender"]["lost_total"] == 3 and result.outcome["winner"] == "attacker"
    assert result.outcome["rounds"] == 1
    assert not any("re-roll" in line.text for line in result.working)


def test_convenient_terrain_negates_the_first_two_hits_of_the_round():
    data = {
        "attacker": {"name": "A", "units": {"heavy_infantry": 3}},
        "defender": {
            "name": "B",
            "units": {"heavy_infantry": 3},
            "negations": [{"round": 1}],
            "withdraw_after_round": 1,
        },
    }
    result = run_procedure("hannibal_barkas.battle", data, EnteredDice([10, 7, 8, 1, 1, 1]))
    heavy = result.outcome["round_log"][0]["attacks"][2]["attacker"]
    assert (heavy["hits"], heavy["criticals"]) == (1, 0)
    assert result.outcome["defender"]["lost_total"] == 1


@pytest.mark.parametrize("open_sea, sunk", [(False, 1), (True, 3)])
def test_storm_sinks_on_8_or_5_at_open_sea(open_sea, sunk):
    result = run_procedure("hannibal_barkas.storm", {"ships": 3, "open_sea": open_sea}, EnteredDice([8, 5, 6]))
    assert result.outcome == {"sunk": sunk, "afloat": 3 - sunk}
