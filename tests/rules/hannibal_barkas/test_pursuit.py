"""5.9 Pursuit (L505-509): leaders' pursuit abilities and effects that join units to the pursuit. Neither is
printed in the rulebook, so every vector is constructed, not from the text; Example 6 (L452-460) is the base."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import battle
from umpire.rules.registry import run_procedure

from .test_battle import EX6_A, EX6_B, EX6_DICE

A = {"name": "A", "units": {"cavalry": 1, "heavy_infantry": 2}}
B = {"name": "B", "units": {"heavy_infantry": 3}, "withdraw_after_round": 1}
QUIET_ROUND = [1, 1, 1, 1, 1, 1]  # A's cavalry, A's 2 heavy infantry, B's 3 heavy infantry: no hits


def run(data, dice):
    assert battle.battle_procedure
    entered = EnteredDice(dice)
    result = run_procedure("hannibal_barkas.battle", data, entered)
    assert entered.unused == [], "every die entered is used"
    return result


def dice_lines(result):
    return [(line.text, line.value) for line in result.working if line.kind == "die"][-3:]


def test_an_effect_joins_infantry_and_a_leader_adds_to_the_rolls():
    """L505: an effect joins 2 heavy infantry; L509: a leader's ability +1 to hit. Cavalry 8+ becomes 7+,
    heavy infantry 7+ becomes 6+: [7, 6, 5] takes 2 of B's heavy infantry."""
    leader = {"name": "Maharbal", "command": 0, "pursuit_ability": True, "pursuit_modifier": 1}
    effect = {"card": "Chase them down", "joins": "heavy_infantry", "joins_number": 2}
    result = run(
        {"attacker": {**A, "leaders": [leader], "pursuit_effects": [effect]}, "defender": B}, QUIET_ROUND + [7, 6, 5]
    )
    assert dice_lines(result) == [
        ("d10 for A cavalry 1 to hit (7+)", 7),
        ("d10 for A heavy infantry 1 to hit (6+)", 6),
        ("d10 for A heavy infantry 2 to hit (6+)", 5),
    ]
    assert result.outcome["defender"]["lost_in_pursuit"]["heavy_infantry"] == 2
    assert ("modifier", "Maharbal: +1 to hit in the pursuit", 1) in [
        (line.kind, line.text, line.value) for line in result.working
    ]


def test_an_effect_joins_no_more_units_than_the_army_has():
    effect = {"card": "Chase them down", "joins": "heavy_infantry", "joins_number": 5}
    result = run({"attacker": {**A, "pursuit_effects": [effect]}, "defender": B}, QUIET_ROUND + [1, 1, 1])
    assert "Chase them down: 5 heavy infantry may join; 2 are there" in [line.text for line in result.working]


def test_a_leader_whose_pursuit_ability_is_not_entered_stops_the_battle_naming_the_cell():
    """L509: "leaders who have special abilities that apply in a pursuit" — their texts are not printed."""
    leader = {"name": "Maharbal", "command": 0, "pursuit_ability": True}
    with pytest.raises(RulesError) as refusal:
        run({"attacker": {**EX6_A, "leaders": [leader]}, "defender": EX6_B}, EX6_DICE[:-2])
    assert refusal.value.field == "attacker.leaders.0.pursuit_modifier"
    assert "Leader cards" in str(refusal.value)


def test_an_effect_that_joins_units_must_say_how_many():
    effect = {"card": "Chase them down", "joins": "light_infantry"}
    with pytest.raises(RulesError) as refusal:
        run({"attacker": {**EX6_A, "pursuit_effects": [effect]}, "defender": EX6_B}, EX6_DICE[:-2])
    assert refusal.value.field == "attacker.pursuit_effects.0.joins_number"


def test_an_effect_cannot_join_the_cavalry_that_pursue_already():
    effect = {"card": "Chase them down", "joins": "cavalry", "joins_number": 1}
    with pytest.raises(RulesError) as refusal:
        run({"attacker": {**EX6_A, "pursuit_effects": [effect]}, "defender": EX6_B}, EX6_DICE[:-2])
    assert refusal.value.field == "attacker.pursuit_effects.0.joins"


def test_example_6_is_unchanged_by_a_leader_without_a_pursuit_ability():
    """Example 6 (L452-460) with a leader of Command 0 whose card has no pursuit ability: the same pursuit."""
    result = run({"attacker": {**EX6_A, "leaders": [{"name": "Cartalon", "command": 0}]}, "defender": EX6_B}, EX6_DICE)
    assert result.outcome["defender"]["lost_in_pursuit"]["heavy_infantry"] == 1
