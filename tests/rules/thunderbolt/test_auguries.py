"""12.1 Revolts and 11.0 Macedonia (the example of 11.31 and the ANS lines of 13.10)."""
import pytest

from umpire.rules.errors import RulesError

from .helpers import modifiers, run

TABLE = [{"row": "Legion in the box", "result": "2"}, {"row": "Empty box", "result": "-1"},
         {"row": "D", "result": "-1"}, {"row": "7", "result": "Stalemate"}, {"row": "9", "result": "Peace"}]


@pytest.mark.parametrize("case, roll, outcome", [
    ({"target": "garrisoned_city", "sads": 4}, 5, {"garrison_eliminated": True, "in_revolt": False}),
    ({"target": "garrisoned_city", "sads": 4}, 4, {"garrison_eliminated": False, "in_revolt": False}),
    ({"target": "ungarrisoned_city"}, None, {"garrison_eliminated": False, "in_revolt": True}),
    ({"target": "ungarrisoned_settlement"}, None, {"garrison_eliminated": False, "in_revolt": False}),
    ({"target": "tribe"}, None, {"garrison_eliminated": False, "in_revolt": True}),
])
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
