"""11 Booty (the Sacking Table and its missing rows), 12 Pillage, Forage, Harvest and Tribute, 11.4 Rally, 9.10
Rebuilding the Defenses, and 13 Reinforcements, Recruits and the Eagle."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.optimus_princeps.booty import HARVEST_TABLE, SACKING_TABLE
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def test_the_sacking_table_prints_rows_up_to_3_as_the_text_gives_them():
    """11.3 (L524-527); "[The designer indicates that '15' does indeed belong in the fourth column.]"."""
    assert [SACKING_TABLE.rows[row]["sp_15_20"] for row in ("0 or less", "1", "2", "3")] == [0, 1, 2, 3]
    assert [SACKING_TABLE.rows["3"][column] for column in SACKING_TABLE.rows["3"]] == [0, 1, 2, 3, 4]


def test_a_battle_s_booty_reads_the_column_of_the_sp_put_out_of_action():
    """11.1: 16 SP put out of action, column 15-20; a 2 and an annihilated army, +1: row 3, 3 Booty."""
    case = {"occasion": "battle", "sp_put_out_of_action": 16, "sp_eliminated": 4, "annihilated": True}
    assert run("sacking", case, [2]).outcome == {"booty": 3, "pillaged": False}
    eliminated = run("sacking", {**case, "options": {"count": "eliminated"}}, [2])
    assert eliminated.outcome["booty"] == 0  # column 1-5, row 3: "-"


def test_a_sacking_roll_past_row_3_stops_until_control_enters_the_row():
    case = {"occasion": "capture", "garrison_value": 12, "garrison_eliminated": True}
    with pytest.raises(RulesError, match=r"the Sacking Table has no value for 5 in column 11-14 .*Control enters"):
        run("sacking", case, [4])
    filled = run("sacking", {**case, "rows": [{"result": 5, "sp_11_14": 4}]}, [4])
    assert filled.outcome == {"booty": 4, "pillaged": True}


def test_a_leaderless_army_drinks_its_booty_and_the_supreme_leader_reading():
    case = {"occasion": "battle", "sp_put_out_of_action": 21, "supreme_taken": True}
    assert run("sacking", case, [1]).outcome["booty"] == 4  # 1 + 2 = 3, column 21+
    assert run("sacking", {**case, "leaderless": True}, [1]).outcome["booty"] == 0
    with pytest.raises(RulesError, match="no value for 4"):
        run("sacking", {**case, "options": {"supreme_adds": True}}, [1])


def test_the_harvest_table_as_printed():
    """12 Harvest Table (L557-565)."""
    assert HARVEST_TABLE.rows["8+"] == {"plains": 2, "inhabited": 3, "other": 2}
    assert HARVEST_TABLE.rows["5"] == {"plains": 1, "inhabited": 1, "other": 0}


def test_foraging_adds_2_and_leaves_the_region_pillaged():
    result = run("harvest", {"looting": "forage", "ground": "other", "season": "spring"}, [5])
    assert result.outcome == {"result": 7, "booty": 1, "revolt": False, "hdc": 0, "pillaged": True}


def test_a_rural_harvest_is_for_summer_and_autumn_and_once_a_season():
    with pytest.raises(RulesError, match="summer or autumn only"):
        run("harvest", {"looting": "harvest", "ground": "plains", "season": "winter"}, [5])
    with pytest.raises(RulesError, match="once per season"):
        run("harvest", {"looting": "harvest", "ground": "plains", "season": "summer", "done_this_season": True})


def test_the_revolt_readings():
    """A26: a natural 1 is a revolt (default); with the modified reading, Roman +2 lifts a 1 to 3: no revolt."""
    case = {"looting": "harvest", "ground": "plains", "season": "summer", "roman_region": True}
    assert run("harvest", case, [1, 2]).outcome["revolt"]
    assert not run("harvest", {**case, "options": {"revolt_on": "modified_one"}}, [1]).outcome["revolt"]
    quiet = run("harvest", {**case, "options": {"rural_revolt": False}}, [1])
    assert quiet.outcome["revolt"] and quiet.outcome["hdc"] == 0 and len(quiet.dice) == 1


def test_rally_costs_an_ap_and_a_booty_per_sp_or_booty_only():
    case = {"hdc_sp": 3, "booty": 3, "ap": 2}
    with pytest.raises(RulesError, match="3 SP cost 3 Booty and 3 AP"):
        run("rally", case)
    assert run("rally", {**case, "options": {"cost": "booty_only"}}).outcome["ap_spent"] == 0
    assert run("rally", {**case, "ap": 3}).outcome["ap_left"] == 0


def test_restoring_defences_who_may_and_what_it_costs():
    assert (
        run("restore_defences", {"region_type": "tribal_site", "roman": False, "season": "spring", "booty": 0}).outcome[
            "booty_spent"
        ]
        == 0
    )
    assert (
        run("restore_defences", {"region_type": "city", "roman": True, "season": "summer", "booty": 3}).outcome[
            "booty_spent"
        ]
        == 3
    )
    with pytest.raises(RulesError, match="cannot rebuild the Defense Value of a tribal site"):
        run("restore_defences", {"region_type": "tribal_site", "roman": True, "season": "summer", "booty": 3})
    with pytest.raises(RulesError, match="only his own cities and villages"):
        run("restore_defences", {"region_type": "garrison", "roman": False, "season": "summer", "booty": 3})


def test_recruits_beyond_the_counters_available_are_lost_and_ranks_recover_two_for_one():
    """13.2: "If you roll more SP than you have units available, the excess SP are lost"; 13.3: 1 SP of
    reinforcements returns 2 HDC SP."""
    case = {"side": "roman", "sp_available": 1, "won_last_battle": True}
    assert run("recruit", case, [6]).outcome == {"result": 7, "sp": 1, "ranks_recovered": 0}
    ranks = run("recruit", {**case, "to_ranks": 1, "hdc_sp": 5}, [6]).outcome
    assert (ranks["sp"], ranks["ranks_recovered"]) == (1, 2)


def test_no_recruiting_when_besieged_or_without_a_leader_unless_in_a_roman_province():
    with pytest.raises(RulesError, match="besieged region cannot recruit"):
        run("recruit", {"side": "roman", "sp_available": 2, "besieged": True})
    with pytest.raises(RulesError, match="a leader must be in the region"):
        run("recruit", {"side": "barbarian", "sp_available": 2, "leader": False})
    assert (
        run("recruit", {"side": "roman", "sp_available": 2, "leader": False, "off_map_province": True}, [3]).outcome[
            "sp"
        ]
        == 1
    )


def test_the_eagle_goes_with_the_barbarian_army_and_comes_back_when_it_is_beaten():
    assert (
        run("eagle", {"legion": "XXI Rapax", "destroyed_by_barbarians": True}).outcome["eagle_held_by"] == "barbarian"
    )
    assert (
        run(
            "eagle", {"legion": "XXI Rapax", "destroyed_by_barbarians": True, "eagle_held_by_beaten_army": True}
        ).outcome["eagle_held_by"]
        == "roman"
    )
    assert run("eagle", {"legion": "VI Victrix", "detached_sp_only": True}).outcome["eagle_held_by"] == "roman"
