"""3.0 The Sequence of Play as the clock's data, and the LAM cup (C/1-C/2)."""

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.registry import run_procedure
from umpire.rules.thunderbolt.turn import SEQUENCE_OF_PLAY

from .helpers import lines

CUP = [
    {"name": "Hannibal", "kind": "lam", "count": 2},
    {"name": "Siege Attrition", "kind": "siege_attrition", "count": 3},
    {"name": "Augury", "kind": "augury"},
]


def test_the_sequence_of_play_is_3_0_s_phases_in_order_each_step_with_its_rule():
    """3.0: A to G, with the Roman (B/1), Carthaginian (B/2), Force Determination (B/3) and Tribal (B/4)
    segments; every step names its rule."""
    (year,) = SEQUENCE_OF_PLAY
    assert year["stage"] == "Year"
    assert [p["title"][:4] for p in year["phases"]] == [
        "A. U",
        "B/1.",
        "B/2.",
        "B/3.",
        "B/4.",
        "C. I",
        "D. O",
        "E. A",
        "F. D",
        "G. E",
    ]
    steps = [step for phase in year["phases"] for step in phase["steps"]]
    assert all(step["rule"] for step in steps)
    assert any(step["text"].startswith("B/1/c Election of Magistrates") for step in steps)


def test_the_clock_reads_the_sequence():
    from boardgames.sequence import from_stage_plans

    sequence = from_stage_plans(SEQUENCE_OF_PLAY, (), "Game Turn")
    assert sequence.stages == ("Year",) and sequence.phases[0].key == "upgrade"
    assert sequence.phase("roman_political").items[1].source == "4.4; 5.31"


def test_a_draw_from_the_cup_names_the_marker_and_the_next_phase():
    """3.0 C/2: the draw is one among the markers; the 3rd of 6 is the first Siege Attrition marker."""
    result = run_procedure("thunderbolt.lam_draw", {"cup": CUP}, EnteredDice([3]))
    assert result.outcome == {
        "drawn": "Siege Attrition",
        "kind": "siege_attrition",
        "next": "D. Operations Phase (Siege Attrition)",
        "cup": {"Hannibal": 2, "Siege Attrition": 2, "Augury": 1},
    }
    assert ("d6 for the LAM cup", 3) in lines(result, "die")


def test_the_console_draws_as_the_neutral_party_repeatably_from_its_seed():
    first = run_procedure("thunderbolt.lam_draw", {"cup": CUP}, SeededDice(1234))
    again = run_procedure("thunderbolt.lam_draw", {"cup": CUP}, SeededDice(1234))
    assert first.outcome == again.outcome and first.dice == again.dice


def test_no_lams_left_ends_the_drawing_unless_the_other_reading_is_chosen():
    """3.0 C/2 "If there are no LAMs in the cup, proceed to the Devastation Phase (F)"; what becomes of Siege
    Attrition and Augury markers left is not said: drawing them on is the option."""
    left = [{"name": "Siege Attrition", "kind": "siege_attrition"}, {"name": "Hannibal", "kind": "lam", "count": 0}]
    assert (
        run_procedure("thunderbolt.lam_draw", {"cup": left}, EnteredDice([])).outcome["next"] == "F. Devastation Phase"
    )
    draw_on = run_procedure(
        "thunderbolt.lam_draw", {"cup": left, "options": {"no_lams_left": "draw_on"}}, EnteredDice([1])
    )
    assert draw_on.outcome["drawn"] == "Siege Attrition"
