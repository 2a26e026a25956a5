"""P8 land battle, with the rulebook's Examples 6, 7 and 9 (V. Battles)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import battle
from umpire.rules.registry import run_procedure

EX6_A = {"name": "A", "units": {"light_infantry": 2, "heavy_infantry": 3, "cavalry": 3}}
EX6_B = {"name": "B", "units": {"light_infantry": 1, "heavy_infantry": 2, "cavalry": 1}, "withdraw_after_round": 1}
EX6_DICE = [5, 9, 7, 7, 1, 6, 8, 2, 7, 10, 10, 6, 8, 4]


def run(data, dice):
    assert battle.battle_procedure  # registers hannibal_barkas.battle
    entered = EnteredDice(dice)
    result = run_procedure("hannibal_barkas.battle", data, entered)
    assert entered.unused == [], "every die entered is used"
    return result


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def units(**counts):
    return {
        "light_infantry": 0,
        "heavy_infantry": 0,
        "cavalry": 0,
        "elephants": 0,
        "gallic_infantry": 0,
        "gallic_cavalry": 0,
        "ships": 0,
        **counts,
    }


def test_example_6_land_battle_without_leaders():
    """5.5 Example 6: B loses LI, cavalry (A's 10), HI; withdraws; A's pursuit [8, 4] takes the last HI.
    4 eliminated: no VP."""
    result = run({"attacker": EX6_A, "defender": EX6_B}, EX6_DICE)
    out = result.outcome
    assert (out["winner"], out["end"], out["rounds"], out["battle_vp"]) == ("attacker", "eliminated_in_pursuit", 1, 0)
    assert out["attacker"]["left"] == units(light_infantry=1, heavy_infantry=3, cavalry=2)
    assert out["attacker"]["lost"] == units(light_infantry=1, cavalry=1)
    assert out["defender"]["lost"] == units(light_infantry=1, heavy_infantry=2, cavalry=1)
    assert out["defender"]["lost_in_pursuit"] == units(heavy_infantry=1)
    assert lines(result, "die", "choice") == [
        ("die", "d10 for A light infantry 1 to hit (9+)", 5),
        ("die", "d10 for A light infantry 2 to hit (9+)", 9),
        ("die", "d10 for B light infantry 1 to hit (9+)", 7),
        ("choice", "B picks B's light infantry to eliminate", "light_infantry"),
        ("die", "d10 for A cavalry 1 to hit (8+)", 7),
        ("die", "d10 for A cavalry 2 to hit (8+)", 1),
        ("die", "d10 for A cavalry 3 to hit (8+)", 6),
        ("die", "d10 for B cavalry 1 to hit (8+)", 8),
        ("choice", "A picks A's light infantry to eliminate", "light_infantry"),
        ("die", "d10 for A heavy infantry 1 to hit (7+)", 2),
        ("die", "d10 for A heavy infantry 2 to hit (7+)", 7),
        ("die", "d10 for A heavy infantry 3 to hit (7+)", 10),
        ("die", "d10 for B heavy infantry 1 to hit (7+)", 10),
        ("die", "d10 for B heavy infantry 2 to hit (7+)", 6),
        ("choice", "A picks B's cavalry to eliminate", "cavalry"),
        ("choice", "B picks B's heavy infantry to eliminate", "heavy_infantry"),
        ("choice", "B picks A's cavalry to eliminate", "cavalry"),
        ("choice", "B withdraws", "defender"),
        ("die", "d10 for A cavalry 1 to hit (8+)", 8),
        ("die", "d10 for A cavalry 2 to hit (8+)", 4),
        ("choice", "B picks B's heavy infantry to eliminate", "heavy_infantry"),
    ]
    assert ("step", "A: 4 enemy units eliminated, +1 VP per full 5: 0 VP", 0) in lines(result, "step")


def test_example_7_command_2_rerolls_a_cavalry_and_an_infantry_die():
    """5.6 Example 7: A's Command 2 re-rolls one failed cavalry die (5: miss) and the failed HI 2 (8: hit).
    B's 3 units all fall in the heavy infantry attack: no pursuit, 4 eliminated, 0 VP."""
    attacker = {
        **EX6_A,
        "leaders": [{"name": "A's leader", "command": 2}],
        "command_plan": [
            {"round": 1, "phase": "cavalry_and_elephants", "rerolls": 1},
            {"round": 1, "phase": "heavy_and_gallic_infantry", "rerolls": 1},
        ],
    }
    result = run({"attacker": attacker, "defender": EX6_B}, [5, 9, 7, 7, 1, 6, 5, 8, 2, 7, 10, 8, 10, 6])
    out = result.outcome
    assert (out["winner"], out["end"], out["battle_vp"]) == ("attacker", "eliminated", 0)
    assert out["defender"]["lost_total"] == 4 and out["defender"]["lost_in_pursuit"] == units()
    assert ("modifier", "A: A's leader, Command 2", 2) in lines(result, "modifier")
    rerolls = [line for line in lines(result, "choice", "die") if "re-roll" in line[1]]
    assert rerolls == [
        ("choice", "Command: re-roll A cavalry 1's failed 7", 7),
        ("die", "d10 for re-roll of A cavalry 1 (8+)", 5),
        ("choice", "Command: re-roll A heavy infantry 1's failed 2", 2),
        ("die", "d10 for re-roll of A heavy infantry 1 (7+)", 8),
    ]
    assert not any("pursues" in text for _, text, _ in lines(result, "step"))


def test_command_without_a_plan_goes_on_the_first_failed_dice():
    """With no plan, Command 2 is spent at once in the light infantry attack (5 re-rolled), then on the
    first failed cavalry die: the greedy default, not Example 7's choice."""
    attacker = {**EX6_A, "leaders": [{"name": "L", "command": 2}]}
    result = run({"attacker": attacker, "defender": EX6_B}, [5, 9, 1, 7, 7, 1, 6, 1, 8, 2, 7, 10, 10, 6, 8, 4])
    assert [t for k, t, v in lines(result, "choice") if "re-roll" in t] == [
        "Command: re-roll A light infantry 1's failed 5",
        "Command: re-roll A cavalry 1's failed 7",
    ]


def test_example_9_elephants_and_fear_of_horses():
    """5.8 Example 9: 2 elephants hit B twice (B gives up 1 LI and 1 cavalry); 2 of B's 3 cavalry are set
    aside; the third, though chosen as a loss, still rolls (losses are removed together, 5.5): its 10 takes
    an elephant. After round 1 B has 2 cavalry, 5 HI, 2 LI. In round 2 one elephant sets aside one cavalry and
    the other fights. This reading makes the example's counts consistent (the transcriber thought not)."""
    attacker = {"name": "A", "units": {"elephants": 2, "heavy_infantry": 2}, "withdraw_after_round": 2}
    defender = {
        "name": "B",
        "units": {"cavalry": 3, "heavy_infantry": 5, "light_infantry": 3},
        "losses_chosen": [{"round": 1, "phase": "cavalry_and_elephants", "kinds": ["light_infantry", "cavalry"]}],
    }
    round_1 = [1, 1, 1, 10, 1, 1, 1, 1, 1, 1, 1]  # B's LI miss; B's cavalry 10; all heavy infantry miss
    round_2 = [1] * 10  # B's 2 LI, B's 1 cavalry, A's 2 HI, B's 5 HI
    pursuit = [1, 1]  # A withdraws: B's 2 cavalry pursue
    result = run({"attacker": attacker, "defender": defender}, round_1 + round_2 + pursuit)
    log = result.outcome["round_log"]
    assert log[0]["after"]["defender"] == units(cavalry=2, heavy_infantry=5, light_infantry=2)
    assert log[0]["after"]["attacker"] == units(elephants=1, heavy_infantry=2)
    mounted_1, mounted_2 = log[0]["attacks"][1], log[1]["attacks"][1]
    assert mounted_1["attacker"]["automatic"] == 2 and mounted_1["defender"]["dice"] == [10]
    assert mounted_1["defender"]["lost"] == units(light_infantry=1, cavalry=1)
    assert mounted_2["defender"]["dice"] == [1] and mounted_2["attacker"]["automatic"] == 1
    steps = [t for k, t, v in lines(result, "step") if "set aside" in t]
    assert steps == [
        "B: 2 cavalry set aside for fear of 2 elephant(s) (they may still be lost)",
        "B: 1 cavalry set aside for fear of 1 elephant(s) (they may still be lost)",
    ]
    assert result.outcome["winner"] == "defender" and result.outcome["end"] == "withdrew"


def test_own_elephants_frighten_own_horses_only_as_an_option():
    data = {
        "attacker": {"name": "A", "units": {"elephants": 1, "cavalry": 1}, "withdraw_after_round": 1},
        "defender": {"name": "B", "units": {"heavy_infantry": 1}},
    }
    default = run(data, [1])  # A's cavalry; the elephant's hit ends B before its heavy infantry rolls
    assert default.outcome["round_log"][0]["attacks"][1]["attacker"]["dice"] == [1]
    option = run({**data, "options": {"own_elephants_frighten": True}}, [])
    assert option.outcome["round_log"][0]["attacks"][1]["attacker"]["dice"] == []
    assert any("1 cavalry set aside" in t for k, t, v in lines(option, "step"))
    assert "Reading used: only the enemy's elephants frighten a side's cavalry" in [
        t for _, t, _ in lines(default, "note")
    ]
    assert "Reading used: a side's own elephants frighten its cavalry too" in [t for _, t, _ in lines(option, "note")]


@pytest.mark.parametrize("reading, mounted, heavy", [("cavalry", [9], []), ("with_gallic_infantry", [], [9])])
def test_gallic_cavalry_attacks_with_the_cavalry_by_default(reading, mounted, heavy):
    data = {
        "attacker": {"name": "Gauls", "units": {"gallic_cavalry": 1}, "withdraw_after_round": 1},
        "defender": {"name": "Rome", "units": {"light_infantry": 2}},
        "options": {"gallic_cavalry": reading},
    }
    result = run(data, [1, 1, 9])
    attacks = result.outcome["round_log"][0]["attacks"]
    assert attacks[1]["attacker"]["dice"] == mounted and attacks[2]["attacker"]["dice"] == heavy
    said = battle.GALLIC_CAVALRY_WORDS[battle.GallicCavalryReading(reading)]
    assert f"Reading used: {said}" in [t for _, t, _ in lines(result, "note")]


def test_hannibal_reduces_the_enemy_command_each_round():
    hannibal = {"name": "Hannibal", "command": 3, "victory_points": 8, "reduces_enemy_command": 1}
    data = {
        "attacker": {"name": "Carthage", "units": {"heavy_infantry": 1}, "leaders": [hannibal]},
        "defender": {
            "name": "Rome",
            "units": {"heavy_infantry": 1},
            "withdraw_after_round": 2,
            "leaders": [{"name": "Consul I", "command": 1}],
        },
    }
    result = run(data, [1] * 6)  # each round: Carthage's die and its re-roll, Rome's die and no re-roll
    assert lines(result, "modifier").count(("modifier", "Rome: Command reduced by Carthage's leaders", -1)) == 2
    assert not any("re-roll of Rome" in t for k, t, v in lines(result, "die"))
    first = run({**data, "options": {"command_reduction": "first_round"}}, [1] * 3 + [1] * 3 + [1])
    assert lines(first, "modifier").count(("modifier", "Rome: Command reduced by Carthage's leaders", -1)) == 1


def test_leaders_die_with_their_army_and_give_their_vp():
    data = {
        "attacker": {"name": "Rome", "units": {"heavy_infantry": 2}},
        "defender": {
            "name": "Carthage",
            "units": {"light_infantry": 1},
            "leaders": [{"name": "Hannibal", "command": 3, "victory_points": 8}],
        },
    }
    result = run(data, [1, 1, 7, 8])  # LI misses (Hannibal has no re-roll left to help: 3 re-rolls, 1 die)
    assert result.outcome["leaders_killed"] == [{"side": "defender", "name": "Hannibal", "vp": 8}]
    assert result.outcome["leader_vp"] == {"attacker": 8, "defender": 0}
    assert result.outcome["winner"] == "attacker"


def test_a_leaders_missing_command_is_refused_by_name():
    data = {
        "attacker": {
            "name": "Carthage",
            "units": {"heavy_infantry": 1},
            "leaders": [{"name": "Magon", "command": None}],
        },
        "defender": {"name": "Rome", "units": {"heavy_infantry": 1}},
    }
    with pytest.raises(RulesError) as error:
        run(data, [])
    assert error.value.field == "attacker.leaders.0.command" and "Magon" in error.value.message


def test_a_killed_leaders_missing_vp_is_refused_by_name():
    data = {
        "attacker": {"name": "Rome", "units": {"heavy_infantry": 1}},
        "defender": {"name": "Carthage", "units": {"light_infantry": 1}, "leaders": [{"name": "Magon", "command": 0}]},
    }
    with pytest.raises(RulesError) as error:
        run(data, [1, 7])
    assert error.value.field == "defender.leaders.0.victory_points"


def test_mutual_annihilation_has_no_winner_by_default_or_the_defender_as_an_option():
    data = {
        "attacker": {"name": "A", "units": {"heavy_infantry": 1}},
        "defender": {"name": "B", "units": {"heavy_infantry": 1}},
    }
    result = run(data, [7, 7])
    assert (result.outcome["winner"], result.outcome["end"], result.outcome["battle_vp"]) == (
        None,
        "mutual_annihilation",
        0,
    )
    assert any("Reading used: no winner" in t for k, t, v in lines(result, "note"))
    option = run({**data, "options": {"mutual_annihilation": "defender_wins"}}, [7, 7])
    assert option.outcome["winner"] == "defender"


def test_withdrawing_with_nowhere_to_go_eliminates_the_army():
    data = {
        "attacker": {"name": "A", "units": {"heavy_infantry": 5}},
        "defender": {"name": "B", "units": {"heavy_infantry": 6}, "withdraw_after_round": 1, "can_retreat": False},
    }
    result = run(data, [1] * 11)
    assert result.outcome["end"] == "no_retreat" and result.outcome["defender"]["lost_total"] == 6
    assert result.outcome["battle_vp"] == 1


def test_an_army_of_cavalry_may_retreat_at_once_and_be_pursued():
    data = {
        "attacker": {"name": "A", "units": {"cavalry": 2, "heavy_infantry": 4}},
        "defender": {"name": "B", "units": {"cavalry": 2}, "all_cavalry_retreats": True},
    }
    result = run(data, [10, 3])
    assert (result.outcome["winner"], result.outcome["end"], result.outcome["rounds"]) == (
        "attacker",
        "all_cavalry_retreat",
        0,
    )
    assert result.outcome["defender"]["lost_in_pursuit"] == units(cavalry=1)


def test_only_an_army_of_cavalry_may_retreat_without_battle():
    data = {
        "attacker": {"name": "A", "units": {"cavalry": 2}},
        "defender": {"name": "B", "units": {"cavalry": 2, "light_infantry": 1}, "all_cavalry_retreats": True},
    }
    with pytest.raises(RulesError) as error:
        run(data, [])
    assert error.value.field == "defender.all_cavalry_retreats"


def test_ships_do_not_fight_on_land():
    with pytest.raises(RulesError) as error:
        run(
            {
                "attacker": {"name": "A", "units": {"ships": 1, "heavy_infantry": 1}},
                "defender": {"name": "B", "units": {"heavy_infantry": 1}},
            },
            [],
        )
    assert error.value.field == "attacker.units.ships"


def test_an_undecided_battle_stops_at_the_round_limit():
    data = {
        "attacker": {"name": "A", "units": {"light_infantry": 1}},
        "defender": {"name": "B", "units": {"light_infantry": 1}},
        "max_rounds": 3,
    }
    result = run(data, [1] * 6)
    assert (result.outcome["winner"], result.outcome["end"], result.outcome["rounds"]) == (None, "undecided", 3)


def test_allies_share_battle_vp_on_the_sides_kills_by_default_or_each_on_its_own():
    """5.11 and 10.3: allies kill 4 and 3: the side scores 1 per full 5 of 7 (default); each on its own kills
    scores nothing (the other reading)."""
    data = {"contingents": [{"player": "Hannibal", "eliminated": 4}, {"player": "Syphax", "eliminated": 3}]}
    side = run_procedure("hannibal_barkas.battle_vp", data, EnteredDice([]))
    assert side.outcome == {"eliminated": 7, "vp": 1, "by_player": None}
    assert any("Reading used: the side scores on all its kills" in t for _, t, _ in lines(side, "note"))
    own = run_procedure(
        "hannibal_barkas.battle_vp", {**data, "options": {"allied_split": "own_kills"}}, EnteredDice([])
    )
    assert own.outcome == {"eliminated": 7, "vp": 0, "by_player": {"Hannibal": 0, "Syphax": 0}}
    assert any("Reading used: each allied contingent" in t for _, t, _ in lines(own, "note"))
