"""8.11-8.12 NS Level construction: the 8.12 example (TV-29) and the refusals. The NS Level Construction Table is
the 2nd Punic War Scenarios PAC's; the example gives one cell (DR 7 → 2) in a column it does not name, so the
column's name here ('Roman') is the test's own."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, run

TABLE = [{"row": "Roman 7", "levels": 2}]
MARE_AFRICUM = {"side": "roman", "column": "Roman", "table": TABLE}


def test_tv29_rome_builds_2_levels_and_removes_carthage_s_marker_from_mare_africum():
    """TV-29, 8.12 example (L563): "the Roman player wishes to increase his presence in the Mare Africum, where
    Carthage has a +2 NS Level. [...] he rolls 7 on the NS Construction Table and receives a 2 result. He takes
    those 2 NS levels and increases his presence in Mare Africum by reducing Carthage's NS Level to 0 (removing
    the marker). However, he must apply a -4 DRM to each die roll on the Legion Request Table for the remainder of
    the GT.\""""
    case = {**MARE_AFRICUM, "zones": [{"zone": "Mare Africum", "levels": 2, "level_now": -2}]}
    result = run("ns_construction", case, 7)
    assert result.outcome == {
        "side": "roman",
        "levels": 2,
        "placed": 2,
        "ns_levels": {"Mare Africum": 2},
        "constructed": 2,
        "manpower_drm": -4,
    }
    assert lines(result, "step") == [
        ("NS Level Construction Table, column Roman, DR 7: 2 NS level(s) to place in any Naval Zone(s)", 2),
        ("Mare Africum: 2 level(s) to Rome, Carthage +2 → 0 (no marker)", 2),
        ("Twice the 2 NS level(s) constructed: -4 on each Legion Request Table DR this Game Turn", -4),
    ]
    assert ("d10 for NS Level construction", 7) in lines(result, "die")
    assert [line.rule for line in result.working if line.kind == "step"] == ["8.11 Construction"] * 2 + ["8.12"]


def test_carthage_s_levels_lower_rome_s_and_cost_the_carthaginian_manpower_table():
    """8.11 "increase the NS Level of any zone(s) (and, thereby, decrease the opponent's)"; 8.12 "When using the
    Legion Request Table and Carthaginian Manpower Table, there is an adverse DRM". 5.51's example reads a level
    across zero: "from +2 to -1". The cells and dice are the test's own."""
    case = {
        "side": "carthaginian",
        "column": "Carthaginian",
        "table": [{"row": "Carthaginian 4", "levels": 3}],
        "zones": [{"zone": "Mare Ionium", "levels": 3, "level_now": 2}],
    }
    result = run("ns_construction", case, 4)
    assert result.outcome["ns_levels"] == {"Mare Ionium": -3} and result.outcome["manpower_drm"] == -6
    assert ("Mare Ionium: 3 level(s) to Carthage, Rome +2 → Carthage +1", -3) in lines(result, "step")
    assert any("Carthaginian Manpower Table" in text for text, _ in lines(result, "step"))


def test_the_result_is_read_first_when_no_zone_is_named():
    """8.11 "The resultant number is the number of NS levels the player may use to adjust any Naval Zone(s)": the
    umpire may read the result before the player places it; the DRM counts every level the table gave."""
    result = run("ns_construction", MARE_AFRICUM, 7)
    assert (result.outcome["levels"], result.outcome["placed"], result.outcome["ns_levels"]) == (2, 0, {})
    assert result.outcome["manpower_drm"] == -4


def test_the_levels_constructed_reading_counts_only_those_placed():
    """8.12 "twice the number of NS Levels constructed" against 8.11 "the number of NS levels the player may use":
    by default every level the table gives is constructed; the other reading counts only the levels placed."""
    case = {**MARE_AFRICUM, "zones": [{"zone": "Mare Africum", "levels": 1}]}
    assert run("ns_construction", case, 7).outcome["manpower_drm"] == -4
    placed = run("ns_construction", {**case, "options": {"constructed": "placed"}}, 7)
    assert placed.outcome["manpower_drm"] == -2
    assert ("Levels constructed: the levels placed in a zone", 1) in lines(placed, "choice")
    assert ("1 level(s) not placed", None) in lines(placed, "note")


def test_more_levels_placed_than_the_table_gives_is_refused():
    case = {**MARE_AFRICUM, "zones": [{"zone": "Mare Africum", "levels": 2}, {"zone": "Mare Ionium", "levels": 1}]}
    with pytest.raises(RulesError) as refusal:
        run("ns_construction", case, 7)
    assert refusal.value.field == "zones" and "3 NS levels are placed" in refusal.value.message
    assert "gives 2" in refusal.value.message


def test_a_zone_named_twice_is_refused_by_its_place():
    case = {**MARE_AFRICUM, "zones": [{"zone": "Mare Africum", "levels": 1}, {"zone": "Mare Africum", "levels": 1}]}
    with pytest.raises(RulesError) as refusal:
        run("ns_construction", case, 7)
    assert refusal.value.field == "zones.1.zone" and "'Mare Africum' is named twice" in refusal.value.message


def test_a_zone_left_blank_is_refused_by_its_place():
    case = {**MARE_AFRICUM, "zones": [{"zone": " ", "levels": 1}]}
    with pytest.raises(RulesError) as refusal:
        run("ns_construction", case, 7)
    assert refusal.value.field == "zones.0.zone" and "name the Naval Zone" in refusal.value.message


def test_an_empty_cell_of_the_pac_s_table_stops_naming_it():
    """8.11: the table is on the 2nd Punic War Scenarios PAC, not in the rulebook: Control enters it."""
    with pytest.raises(RulesError) as refusal:
        run("ns_construction", MARE_AFRICUM, 3)
    assert refusal.value.field == "table"
    assert "NS Level Construction Table" in refusal.value.message and "'Roman 3'" in refusal.value.message
    assert "2nd Punic War Scenarios PAC" in refusal.value.message


def test_a_placement_of_no_levels_is_refused():
    case = {**MARE_AFRICUM, "zones": [{"zone": "Mare Africum", "levels": 0}]}
    with pytest.raises(RulesError) as refusal:
        run("ns_construction", case, 7)
    assert refusal.value.field == "zones.0.levels"
