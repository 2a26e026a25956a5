"""X. THE PROCESS OF BATTLE: "In the event of any doubt, the umpires will rule." The engine takes
the umpires' ruling on a side's combat value and on the units a side loses, and shows it in
the working beside what the forces alone would give."""

from tests.rules.ad69.test_battle import legion, orders
from umpire.rules.dice import EnteredDice
from umpire.rules.registry import run_procedure

PROCESS = "X. COMBAT RESOLUTION, THE PROCESS OF BATTLE"
LOSSES = "X. COMBAT RESOLUTION, LOSSES"


def example_1_side(name, skill, **ruling):
    """Combat Example 1's sides: 5 legionaries and 5 auxiliaries with the Aquila, combat value 50."""
    return {"name": name, "military_skill": skill, "forces": [legion(f"{name}'s legion", 5, 5)], **ruling}


def round_1(side_a, side_b):
    case = {"side_a": side_a, "side_b": side_b, "orders": {"a": orders("attack"), "b": orders("defend")}}
    return run_procedure("ad69.battle_round", case, EnteredDice([10, 2]))


def test_a_ruled_combat_value_counts_in_the_round_instead_of_the_forces_own():
    """Example 1 with Bigius's value ruled 70 (say, a legion hidden in reserve the umpire counts):
    +7 for every 10 points instead of +5, so 10 + 5 + 7 + 1 = 23, not the handbook's 21."""
    plain = round_1(example_1_side("Bigius", 1), example_1_side("Flatulius", 0))
    ruled = round_1(example_1_side("Bigius", 1, ruled_combat_value=70), example_1_side("Flatulius", 0))

    assert plain.outcome["totals"] == {"a": 21, "b": 13} and plain.outcome["combat_values"]["a"] == 50
    assert ruled.outcome["totals"] == {"a": 23, "b": 13} and ruled.outcome["combat_values"]["a"] == 70
    line = next(line for line in ruled.working if "umpires' ruling" in line.text)
    assert (line.kind, line.text, line.rule, line.value) == (
        "choice",
        "Bigius: combat value 70 by the umpires' ruling (the forces' own: 50)",
        PROCESS,
        70,
    )


def test_the_losses_follow_a_ruled_combat_value():
    """The loser loses the winner's value ÷ 10: 70 ÷ 10 = 7, not Example 1's 5."""
    case = {
        "side_a": example_1_side("Bigius", 1, ruled_combat_value=70),
        "side_b": example_1_side("Flatulius", 0),
        "victor": "a",
    }
    result = run_procedure("ad69.battle_losses", case, EnteredDice([]))
    assert (result.outcome["losses"]["a"]["units_lost"], result.outcome["losses"]["b"]["units_lost"]) == (2, 7)


def test_a_ruled_loss_replaces_the_count_and_is_split_in_proportion():
    """Example 1's loser would lose 50 ÷ 10 = 5; ruled 4, it loses 2 legionary and 2 auxiliary."""
    case = {
        "side_a": example_1_side("Bigius", 1),
        "side_b": example_1_side("Flatulius", 0, ruled_units_lost=4),
        "victor": "a",
    }
    result = run_procedure("ad69.battle_losses", case, EnteredDice([]))
    lost = result.outcome["losses"]["b"]
    assert (lost["units_lost"], lost["to_place"]) == (4, 0)
    assert sorted((line["type"], line["count"]) for line in lost["forces"][0]["lost"]) == [
        ("auxiliary", 2),
        ("legionary", 2),
    ]
    line = next(line for line in result.working if "umpires' ruling" in line.text)
    assert (line.kind, line.text, line.rule, line.value) == (
        "choice",
        "Flatulius loses 4 units, by the umpires' ruling",
        LOSSES,
        4,
    )


def test_a_ruled_loss_is_still_capped_at_the_units_the_side_has():
    case = {
        "side_a": example_1_side("Bigius", 1),
        "side_b": example_1_side("Flatulius", 0, ruled_units_lost=30),
        "victor": "a",
    }
    result = run_procedure("ad69.battle_losses", case, EnteredDice([]))
    assert result.outcome["losses"]["b"]["units_lost"] == 10
