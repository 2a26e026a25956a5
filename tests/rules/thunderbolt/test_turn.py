"""3.0 The Sequence of Play as the clock's data, the set-up the rulebook scatters through its rules, and the LAM cup
(C/1-C/2)."""

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.reference import get_sequence
from umpire.rules.registry import run_procedure
from umpire.rules.thunderbolt.turn import SEQUENCE_OF_PLAY, SETUP_CHECKLIST

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


def step_at(rule):
    """The set-up's words at `rule`: every step citing it."""
    return " / ".join(step["text"] for step in SETUP_CHECKLIST if rule in step["rule"].split("; "))


def test_the_set_up_is_what_the_rules_set_at_the_start_each_step_at_its_section():
    """The rulebook has no set-up section (the Scenario booklet, 2.0, is not in the text), but its rules say what a
    scenario sets: 6.1 "The scenarios state which Family starts in Power"; 6.41 "The initial deployment notes which
    Commanders start in play"; 7.32 "These Holding Boxes are populated during the scenario setup"; 9.31 "The
    scenario's Tribal Information Chart provides the at-start status for each tribe"; 10.11 "The Alliance marker is
    placed in the box corresponding to the number given on the PIC"; 13.13 "The scenario setups list the Crew
    Ratings of Fleets that begin play on the map"; 2.3 "a box showing the Siege Capability Rating (SCR) at the start
    of the scenarios"."""
    assert all(step["text"] and step["rule"] for step in SETUP_CHECKLIST)
    assert "Family in Power" in step_at("6.1") and "initial deployment" in step_at("6.41")
    assert "Manpower Holding Boxes" in step_at("7.32") and "not in the short scenarios" in step_at("7.32")
    assert "Tribal Information Chart" in step_at("9.31") and "Lucania: Rome 2" in step_at("10.11")
    assert "Crew Ratings" in step_at("13.13") and "SCR" in step_at("2.3").upper()
    assert "Hannibal +2" in step_at("6.71")  # 6.71 L496 "Hannibal (2P-1) starts [...] with an AER of +2"


def test_the_set_up_puts_the_ns_levels_on_the_board_unless_the_ans_replaces_them():
    """13.0 "When these rules are used, ignore any reference to NS levels"; 13.18 "Syracuse and Massilia each have
    1 Squadron"."""
    naval = step_at("13.0")
    assert "NS Level" in naval and "no NS levels" in naval and "Syracuse and Massilia" in naval


def test_the_clock_opens_the_game_in_the_set_up():
    setup, stages = get_sequence("thunderbolt")
    assert setup == SETUP_CHECKLIST and stages == SEQUENCE_OF_PLAY


def test_b_3_a_names_the_ns_construction():
    """3.0 B/3 (8.11): construction in the Naval Superiority Construction/Re-allotment segment."""
    force = next(phase for phase in SEQUENCE_OF_PLAY[0]["phases"] if phase["key"] == "force_determination")
    assert "thunderbolt.ns_construction" in force["steps"][0]["text"] and "8.11" in force["steps"][0]["rule"]


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
