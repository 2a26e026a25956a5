"""12.1 Revolts and 11.0 Macedonia (the example of 11.31 and the ANS lines of 13.10)."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, modifiers, run

TABLE = [
    {"row": "Legion in the box", "result": "2"},
    {"row": "Empty box", "result": "-1"},
    {"row": "D", "result": "-1"},
    {"row": "7", "result": "Stalemate"},
    {"row": "9", "result": "Peace"},
]


@pytest.mark.parametrize(
    "case, roll, outcome",
    [
        ({"target": "garrisoned_city", "sads": 4}, 5, {"garrison_eliminated": True, "in_revolt": False}),
        ({"target": "garrisoned_city", "sads": 4}, 4, {"garrison_eliminated": False, "in_revolt": False}),
        ({"target": "ungarrisoned_city"}, None, {"garrison_eliminated": False, "in_revolt": True}),
        ({"target": "ungarrisoned_settlement"}, None, {"garrison_eliminated": False, "in_revolt": False}),
        ({"target": "tribe"}, None, {"garrison_eliminated": False, "in_revolt": True}),
    ],
)
def test_revolts(case, roll, outcome):
    """12.1: "If the DR is greater than the city's SADS, eliminate the garrison"; only a city, not a settlement,
    takes the In Revolt marker. Constructed, not from the text."""
    assert run("revolt", case, *([] if roll is None else [roll])).outcome == outcome


def test_a_garrisoned_target_needs_its_sads():
    with pytest.raises(RulesError) as refusal:
        run("revolt", {"target": "garrisoned_settlement"}, 5)
    assert refusal.value.field == "sads"


def test_tv40_the_macedonian_war_refuses_while_its_table_is_empty():
    with pytest.raises(RulesError) as refusal:
        run("macedonian_war", {"legions_in_box": 1}, 5)
    assert "First Macedonian War Table" in refusal.value.message and "'Legion in the box'" in refusal.value.message


def test_tv40_a_legion_in_the_box_gives_2():
    """TV-40, 11.31 (L708): a Legion in the Macedonia box: +2 (the empty box's negative DRM is unvalued in the
    text: the test's table gives -1); a Carthaginian ambassador's D counts against Rome. The entries are the
    test's own."""
    result = run("macedonian_war", {"legions_in_box": 1, "carthaginian_ambassador": "D", "table": TABLE}, 6)
    assert modifiers(result) == [("Carthaginian ambassador", 1), ("Legion in the box", 2)]
    assert result.outcome == {"adjusted": 9, "result": "Peace"}
    empty = run("macedonian_war", {"legions_in_box": 0, "table": TABLE}, 8)
    assert empty.outcome == {"adjusted": 7, "result": "Stalemate"}


def test_ans_lines_replace_the_table_s_and_the_fleet_drm_stops_at_4():
    """13.10: the largest Fleets' difference is a DRM from -4 to +4; a result of 0 or less is the ANS line."""
    result = run("macedonian_war", {"legions_in_box": 0, "ans_fleet_difference": -9, "table": TABLE}, 3)
    assert result.outcome["adjusted"] == -2
    assert result.outcome["result"].startswith("Macedonians smash Roman fleet: Eliminate 80%")


AUGURIES = [
    {"row": "37", "event": "the test's event", "conditional_event": "the test's conditional"},
    {"row": "10", "event": "the test's summed event", "conditional_event": "the test's conditional"},
    {"row": "4", "event": "the test's one-die event", "conditional_event": "the test's conditional"},
]
CONDITIONAL = [
    {"row": "the test's conditional", "prerequisites": "the test's prerequisite", "effect": "the test's effect"}
]


def test_the_augury_refuses_while_the_scenario_s_table_is_empty():
    """12.0 (L716): the table is on the 2nd Punic War Auguries PAC; the row rolled is named."""
    with pytest.raises(RulesError) as refusal:
        run("augury", {}, 3, 7)
    assert "Augury Table" in refusal.value.message and "'37'" in refusal.value.message


def test_the_conditional_event_follows_the_primary_event():
    """12.0 (L716): "After the primary event text has been implemented, consult the Conditional Events Chart, and
    resolve the Conditional event if possible." The entries are the test's own; two dice read tens and units by
    default (the reading 13.44 gives two dice)."""
    result = run("augury", {"table": AUGURIES, "conditional": CONDITIONAL}, 3, 7)
    assert result.outcome == {
        "row": "37",
        "event": "the test's event",
        "conditional_event": "the test's conditional",
        "prerequisites": "the test's prerequisite",
        "conditional_effect": "the test's effect",
    }
    assert ("Two dice read tens and units", None) in lines(result, "choice")


def test_the_conditional_chart_s_empty_cell_stops_the_augury():
    with pytest.raises(RulesError) as refusal:
        run("augury", {"table": AUGURIES}, 3, 7)
    assert refusal.value.field == "conditional" and "Conditional Events Chart" in refusal.value.message


@pytest.mark.parametrize(
    "case, dice, row",
    [
        ({"options": {"two_dice": "sum"}}, (3, 7), "10"),
        ({"one_die": True}, (4,), "4"),
        ({}, (0, 4), "4"),
    ],
)
def test_the_dice_read_as_the_reading_or_one_die_says(case, dice, row):
    """12.0 (L715): "The shorter scenarios use one die instead of two"; how two dice combine is not said (the
    sum reading is the option's other). The 0 face, entered as 10, reads 0. Constructed, not from the text."""
    result = run("augury", {**case, "table": AUGURIES, "conditional": CONDITIONAL}, *dice)
    assert result.outcome["row"] == row
