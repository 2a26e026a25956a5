"""Land movement (IX. WARFARE, LAND MOVEMENT)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.ad69.movement import MeetingInput, MoveInput, check_move, meeting_between_tables
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.registry import run_procedure

XLV = Force("Legion XLV", (Troops(TroopType.LEGIONARY, 5),), aquila=True)
DETACHMENT = Force("Vexillatio XLV", (Troops(TroopType.AUXILIARY, 2),))


def test_a_force_moves_up_to_6_map_points():
    data = {
        "force": {"name": "Legion XLV", "aquila": True, "troops": [{"type": "legionary", "count": 5}]},
        "map_points": 6,
        "player_present": True,
    }
    result = run_procedure("ad69.check_move", data, EnteredDice([]))
    assert result.outcome == {
        "ok": True,
        "allowance": 6,
        "forced_march": False,
        "battle_modifier": 0,
        "may_withdraw_from_contact": False,
    }
    assert [line.text for line in result.working] == ["Land movement: march", "Legion XLV moves 6 of 6 map points"]


def test_seven_map_points_without_a_forced_march_are_refused():
    with pytest.raises(RulesError, match="a march is at most 6 a turn") as refusal:
        check_move(MoveInput(DETACHMENT, 7), EnteredDice([]))
    assert refusal.value.field == "map_points"


def test_a_forced_march_is_8_and_marks_the_force_for_battle():
    result = check_move(MoveInput(XLV, 8, forced_march=True, player_present=True), EnteredDice([]))
    assert (result.outcome["allowance"], result.outcome["battle_modifier"]) == (8, -2)
    modifier = [line for line in result.working if line.kind == "modifier"][0]
    assert (modifier.value, modifier.rule) == (-2, "X. BATTLE DIE ROLLING SYSTEM")
    with pytest.raises(RulesError, match="a forced march is at most 8"):
        check_move(MoveInput(DETACHMENT, 9, forced_march=True), EnteredDice([]))


def test_a_forced_march_on_consecutive_turns_is_refused_naming_it():
    case = MoveInput(XLV, 8, forced_march=True, force_marched_last_turn=True, player_present=True)
    with pytest.raises(
        RulesError, match="Legion XLV force-marched last turn: units may only force march on alternate moves"
    ) as refusal:
        check_move(case, EnteredDice([]))
    assert refusal.value.field == "forced_march"


def test_a_force_with_its_aquila_needs_a_player_to_move():
    with pytest.raises(RulesError, match="must have a player with it to move") as refusal:
        check_move(MoveInput(XLV, 3), EnteredDice([]))
    assert refusal.value.field == "player_present"
    assert check_move(MoveInput(DETACHMENT, 3), EnteredDice([])).outcome["ok"] is True


def test_movement_left_allows_withdrawal_from_contact():
    assert check_move(MoveInput(DETACHMENT, 4), EnteredDice([])).outcome["may_withdraw_from_contact"] is True


def test_meeting_between_tables_the_higher_moves():
    result = run_procedure(
        "ad69.meeting_between_tables", {"first": "Bigius Diccus", "second": "Flatulius Butus"}, EnteredDice([2, 5])
    )
    assert result.outcome == {"moves": "Flatulius Butus", "rolls": [2, 5]}


def test_meeting_between_tables_ties_are_rolled_again():
    result = meeting_between_tables(MeetingInput("Bigius Diccus", "Flatulius Butus"), EnteredDice([4, 4, 6, 1]))
    assert result.outcome == {"moves": "Bigius Diccus", "rolls": [6, 1]}
    assert [(line.kind, line.text) for line in result.working] == [
        ("die", "d6 for Bigius Diccus meeting between tables"),
        ("die", "d6 for Flatulius Butus meeting between tables"),
        ("note", "A tie at 4: both roll again"),
        ("die", "d6 for Bigius Diccus meeting between tables"),
        ("die", "d6 for Flatulius Butus meeting between tables"),
        ("choice", "Bigius Diccus rolls higher and moves to his target area, where the contact is resolved"),
    ]


def test_meeting_dice_out_of_range_are_refused():
    with pytest.raises(DiceError) as refusal:
        meeting_between_tables(MeetingInput("Bigius Diccus", "Flatulius Butus"), EnteredDice([3, 0]))
    assert refusal.value.field == "dice.1"


@given(st.integers(0, 2**32 - 1))
def test_meeting_always_ends_with_the_higher_roller_moving(seed):
    result = meeting_between_tables(MeetingInput("A", "B"), SeededDice(seed))
    first, second = result.outcome["rolls"]
    assert first != second and result.outcome["moves"] == ("A" if first > second else "B")


@given(st.integers(0, 12), st.booleans(), st.booleans())
def test_an_accepted_move_is_within_its_allowance(points, forced, marched_before):
    try:
        outcome = check_move(MoveInput(DETACHMENT, points, forced, marched_before), EnteredDice([])).outcome
    except RulesError:
        assert points > (8 if forced else 6) or (forced and marched_before)
        return
    assert points <= outcome["allowance"] and not (forced and marched_before)
