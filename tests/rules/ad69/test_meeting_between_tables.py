"""Forces meeting between area tables (IX. WARFARE, LAND MOVEMENT): "players should roll 1d6 each, the player
with the higher score moves to his target area where the contact will be resolved"."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.movement import Marcher, MeetingInput, meeting_between_tables
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.read_aloud import spoken
from umpire.rules.registry import run_procedure

BIGIUS = {"player": "Bigius Diccus", "target": "Raetia"}
FLATULIUS = {"player": "Flatulius Butus", "target": "Germania Superior"}
MEETING = MeetingInput(Marcher(**BIGIUS), Marcher(**FLATULIUS))


def test_the_higher_roller_moves_to_his_target_area_where_the_contact_is_resolved():
    result = run_procedure("ad69.meeting_between_tables", {"first": BIGIUS, "second": FLATULIUS}, EnteredDice([2, 5]))
    assert result.outcome == {
        "verdict": "Flatulius Butus rolls higher and moves to Germania Superior, where the contact is resolved",
        "moves": "Flatulius Butus",
        "resolved_in": "Germania Superior",
        "rolls": [2, 5],
    }


def test_the_verdict_is_read_aloud_first():
    said = spoken(meeting_between_tables(MEETING, EnteredDice([6, 3])))
    assert said.verdict[0] == "Verdict: Bigius Diccus rolls higher and moves to Raetia, where the contact is resolved"


def test_ties_are_rolled_again():
    result = meeting_between_tables(MEETING, EnteredDice([4, 4, 6, 1]))
    assert (result.outcome["moves"], result.outcome["resolved_in"], result.outcome["rolls"]) == (
        "Bigius Diccus",
        "Raetia",
        [6, 1],
    )
    assert [(line.kind, line.text) for line in result.working] == [
        ("die", "d6 for Bigius Diccus meeting between tables"),
        ("die", "d6 for Flatulius Butus meeting between tables"),
        ("note", "A tie at 4: both roll again"),
        ("die", "d6 for Bigius Diccus meeting between tables"),
        ("die", "d6 for Flatulius Butus meeting between tables"),
        ("choice", "Bigius Diccus rolls higher and moves to Raetia, where the contact is resolved"),
    ]
    assert [die.value for die in result.dice] == [4, 4, 6, 1]


def test_dice_out_of_range_are_refused():
    with pytest.raises(DiceError) as refusal:
        meeting_between_tables(MEETING, EnteredDice([3, 0]))
    assert refusal.value.field == "dice.1"


@pytest.mark.parametrize(
    "first, field, words",
    [
        ({"player": "Bigius Diccus", "target": " "}, "first.target", "Name the area Bigius Diccus was marching to"),
        ({"player": "", "target": "Raetia"}, "first.player", "Name the player"),
    ],
)
def test_each_player_and_his_target_area_are_named(first, field, words):
    with pytest.raises(RulesError) as refusal:
        run_procedure("ad69.meeting_between_tables", {"first": first, "second": FLATULIUS}, EnteredDice([6, 1]))
    assert refusal.value.field == field and words in str(refusal.value)


def test_a_target_area_left_out_is_asked_for():
    with pytest.raises(RulesError) as refusal:
        run_procedure(
            "ad69.meeting_between_tables", {"first": {"player": "Bigius Diccus"}, "second": FLATULIUS}, EnteredDice([])
        )
    assert refusal.value.field == "first.target"


@given(st.integers(0, 2**32 - 1))
def test_the_higher_roller_always_moves_and_the_contact_is_resolved_in_his_target_area(seed):
    result = meeting_between_tables(MeetingInput(Marcher("A", "Raetia"), Marcher("B", "Noricum")), SeededDice(seed))
    first, second = result.outcome["rolls"]
    assert first != second
    assert (result.outcome["moves"], result.outcome["resolved_in"]) == (
        ("A", "Raetia") if first > second else ("B", "Noricum")
    )
