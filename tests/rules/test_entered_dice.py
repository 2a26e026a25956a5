"""Dice entered as their faces read: a d10's face marked 0 is entered as 0 and read as the 10; a die past
those the procedure rolls is refused, naming the dice it asked for."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import DiceError
from umpire.rules.registry import get_procedures, run_procedure
from umpire.rules.thunderbolt.common import D10
from umpire.services.rules import run_entered


def test_a_d10_entered_as_0_reads_as_its_10():
    dice = EnteredDice([0])
    assert dice.roll(10, "to hit") == 10
    assert dice.rolls[0].value == 10


@pytest.mark.parametrize("not_a_face", [0.0, False])
def test_only_the_whole_number_0_is_the_d10s_0_face(not_a_face):
    with pytest.raises(DiceError, match="is a d10"):
        EnteredDice([not_a_face]).roll(10, "to hit")


def test_a_d6_given_0_is_refused():
    with pytest.raises(DiceError) as refusal:
        EnteredDice([0]).roll(6, "the demand on Siscia")
    assert refusal.value.field == "dice.0"
    assert refusal.value.message == "die 1 (the demand on Siscia) is a d6: 0 is not on it."


def test_a_thunderbolt_0_entered_as_0_gives_what_it_gave_entered_as_10():
    """5.16: a Legion trained in Rome becomes Veteran on 7 or more; the 0 face counts zero and fails."""
    case = {"legions": ["Legion I"]}
    as_0 = run_procedure("thunderbolt.legion_training", case, EnteredDice([0]))
    as_10 = run_procedure("thunderbolt.legion_training", case, EnteredDice([10]))
    assert as_0 == as_10
    assert ("note", "The 0 face counts zero") in [(line.kind, line.text) for line in as_0.working]


def test_every_thunderbolt_d10_says_the_0_face_is_entered_as_0():
    rolling = [proc for proc in get_procedures("thunderbolt") if D10 in proc.dice]
    assert rolling and D10 == "d10 read 0-9 (enter the 0 face as 0)"


def test_a_die_past_those_rolled_is_refused_naming_the_dice_asked_for():
    case = {"legions": ["Legion I"]}
    with pytest.raises(DiceError) as refusal:
        run_entered("thunderbolt.legion_training", case, [7, 3])
    assert refusal.value.field == "dice.1"
    assert refusal.value.message == (
        "2 dice entered, but the procedure rolled 1: die 2 and after are not its. "
        "It asked for a d10 for training Legion Legion I."
    )


def test_a_long_list_of_dice_asked_for_is_named_in_part():
    case = {"legions": [f"Legion {n}" for n in range(1, 8)]}
    with pytest.raises(DiceError) as refusal:
        run_entered("thunderbolt.legion_training", case, [1] * 8)
    assert refusal.value.message.endswith("a d10 for training Legion Legion 5 and 2 more.")


def test_a_procedure_that_rolls_nothing_says_so_when_given_a_die():
    with pytest.raises(DiceError, match="It asked for no dice."):
        run_entered("ad69.combat_value", {"force": {"name": "XLV", "troops": []}}, [3])
