"""P9 naval battle, with the rulebook's Example 10 (5.10 Naval Battles)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import naval
from umpire.rules.registry import run_procedure


def run(data, dice):
    assert naval.naval_battle  # registers hannibal_barkas.naval_battle
    entered = EnteredDice(dice)
    result = run_procedure("hannibal_barkas.naval_battle", data, entered)
    assert entered.unused == []
    return result


def ship(**cargo):
    return {"cargo": cargo}


# Example 10. A's ships in the order it rolls them: two infantry, one infantry, two cavalry, empty.
EX10_A = {
    "name": "A",
    "ships": [ship(heavy_infantry=2), ship(heavy_infantry=1), ship(cavalry=2), ship()],
    "sink_order": [0, 1, 3],
    "withdraw_after_round": 1,
}
EX10_B = {
    "name": "B",
    "ships": [ship(heavy_infantry=2), ship(heavy_infantry=2), ship(heavy_infantry=2), ship(heavy_infantry=1), ship()],
}


def test_example_10_naval_battle():
    """5.10 Example 10. B (attacker) rolls 6, 4, 7 (5+), 5 (6+), 9 (7+): 3 hits; A sinks its two-infantry,
    one-infantry and empty ships, keeping the cavalry. A rolls 7, 4, 10, 5: 2 hits; B gives up its empty
    ship and A's 10 sinks a two-infantry ship. A withdraws with 1 ship and 2 cavalry. B eliminated 3 ships
    + 3 infantry = 6 units: +1 VP. The text says B keeps "3 ships with 4 infantry units"; from its own
    arrangement (2+2+1) it keeps 5: the engine says 5."""
    result = run({"attacker": EX10_B, "defender": EX10_A}, [6, 4, 7, 5, 9, 7, 4, 10, 5])
    out = result.outcome
    assert (out["winner"], out["end"], out["battle_vp"]) == ("attacker", "withdrew_defender", 1)
    assert out["defender"]["afloat"] == [2] and out["defender"]["sunk"] == [0, 1, 3]
    assert out["defender"]["lost"]["units"] == 6 and out["defender"]["cargo_afloat"]["cavalry"] == 2
    assert out["attacker"]["afloat"] == [1, 2, 3] and out["attacker"]["lost"]["units"] == 4
    assert out["attacker"]["cargo_afloat"]["heavy_infantry"] == 5
    dice = [(line.text, line.value) for line in result.working if line.kind == "die"]
    assert dice[:5] == [
        ("d10 for B ship 0 (2 heavy infantry) to hit (5+)", 6),
        ("d10 for B ship 1 (2 heavy infantry) to hit (5+)", 4),
        ("d10 for B ship 2 (2 heavy infantry) to hit (5+)", 7),
        ("d10 for B ship 3 (1 heavy infantry) to hit (6+)", 5),
        ("d10 for B ship 4 (empty) to hit (7+)", 9),
    ]
    assert dice[7] == ("d10 for A ship 2 (2 cavalry) to hit (7+)", 10)
    choices = [line.text for line in result.working if line.kind == "choice" and "sinks" in line.text]
    assert choices == [
        "A sinks A's ship 0 with 2 heavy infantry",
        "A sinks A's ship 1 with 1 heavy infantry",
        "A sinks A's ship 3 with no units",
        "A sinks B's ship 0 with 2 heavy infantry",
        "B sinks B's ship 4 with no units",
    ]
    assert any("Reading used: as on land" in line.text for line in result.working)


def test_leaders_perish_when_all_their_ships_are_sunk():
    data = {
        "attacker": {"name": "Rome", "ships": [ship(), ship()]},
        "defender": {
            "name": "Carthage",
            "ships": [ship()],
            "leaders": [{"name": "Hannon", "command": 0, "victory_points": 3}],
        },
    }
    result = run(data, [7, 1, 1])
    assert result.outcome["leaders_killed"] == [{"side": "defender", "name": "Hannon", "vp": 3}]
    assert result.outcome["winner"] == "attacker" and result.outcome["battle_vp"] == 0


def test_a_ship_carries_at_most_two_land_units():
    with pytest.raises(RulesError) as error:
        run(
            {
                "attacker": {"name": "A", "ships": [ship(heavy_infantry=2, cavalry=1)]},
                "defender": {"name": "B", "ships": [ship()]},
            },
            [],
        )
    assert error.value.field == "attacker.ships.0.cargo"


def test_command_rerolls_at_sea():
    data = {
        "attacker": {"name": "A", "ships": [ship()], "leaders": [{"name": "L", "command": 1}]},
        "defender": {"name": "B", "ships": [ship()], "withdraw_after_round": 1},
    }
    result = run(data, [3, 8, 1])
    assert result.outcome["defender"]["sunk"] == [0] and result.outcome["end"] == "sunk"


def test_the_umpire_reading_places_a_withdrawing_fleet():
    """5.10 names no destination for a withdrawal: as on land by default (Example 10 above); else the umpire."""
    result = run(
        {"attacker": EX10_B, "defender": EX10_A, "options": {"retreat": "umpire"}}, [6, 4, 7, 5, 9, 7, 4, 10, 5]
    )
    assert result.outcome["end"] == "withdrew_defender"
    assert any("Reading used: the umpire places the withdrawing fleet" in line.text for line in result.working)
