"""5.0 Roman Manpower: the Legion, the Legion Request Table, training, discipline, disbanding, and the Marine and
Slave Legions (examples of 2.3, 5.22 and 5.51)."""

import pytest

from umpire.rules.errors import RulesError
from umpire.rules.thunderbolt.roman_manpower import LEGION_CAPS, NEW_LEGION

from .helpers import lines, modifiers, run


def test_tv02_a_new_legion_is_9_1_9_3_and_recruit():
    """TV-02, 2.3 (L125) and 2.2 (L93-95): each new Legion box holds 9 Citizen infantry, 1 Citizen cavalry, 9 Ala
    infantry and 3 Ala cavalry; infantry may be reinforced to 10 Citizen and 12 Ala."""
    assert NEW_LEGION.rows == {"citizen_infantry": 9, "citizen_cavalry": 1, "ala_infantry": 9, "ala_cavalry": 3}
    assert LEGION_CAPS.rows == {"citizen_infantry": 10, "ala_infantry": 12}


def test_tv15_reinforcements_refuse_while_the_table_is_empty():
    """5.22: the 2nd Punic War Legion Request Table is on the Roman PAC: its cell is named."""
    with pytest.raises(RulesError) as refusal:
        run("legion_request", {"raising": "reinforcements"}, 8)
    assert refusal.value.field == "table"
    assert "'0-6: 8'" in refusal.value.message and "Legion Request Table" in refusal.value.message


def test_tv15_twelve_reinforcement_sp_are_eleven_infantry_and_one_cavalry():
    """TV-15, 5.22 (L390): adjusted 8 in the "0-6" column gives [12] SP: 11 infantry and 1 cavalry (every 8th SP)."""
    table = [{"row": "0-6: 8", "reinforcement_sp": 12}]
    result = run("legion_request", {"raising": "reinforcements", "column": "7-12", "table": table}, 8)
    assert result.outcome == {"adjusted": 8, "sp": 12, "infantry": 11, "cavalry": 1}


def test_tv29_ns_construction_costs_four_on_the_legion_request_table():
    """TV-29, 8.12 (L563): two NS levels built: -4 on each Legion Request roll this turn. The Legion count in the
    table's cell is the test's own."""
    table = [{"row": "7-12: 3", "legions": 1}]
    result = run(
        "legion_request", {"raising": "legions", "column": "7-12", "ns_levels_constructed": 2, "table": table}, 7
    )
    assert modifiers(result) == [("NS levels constructed (twice their number)", -4)]
    assert result.outcome == {"adjusted": 3, "legions": 1, "auxiliaries": False}


def test_legions_raised_with_auxiliaries_on_a_9():
    """5.17: "Whenever an adjusted DR of 9 or 10 is attained". Constructed, not from the text."""
    table = [{"row": "7-12: 9", "legions": 2}]
    result = run("legion_request", {"raising": "legions", "column": "7-12", "table": table}, 9)
    assert result.outcome == {"adjusted": 9, "legions": 2, "auxiliaries": True}


def test_training_in_rome_on_7_or_more():
    """5.16: 7 or more, Veteran. Constructed, not from the text."""
    result = run("legion_training", {"legions": ["XIX", "XX"]}, 7, 6)
    assert result.outcome == {"XIX": "veteran", "XX": "recruit"}
    assert run("legion_training", {"legions": ["XIX"], "praetor_urbanus_stayed": False}).outcome == {"XIX": "recruit"}


def test_discipline_after_a_major_defeat_and_a_victory():
    """5.41: after a Major Defeat every Veteran with 5 or fewer Citizen Infantry is demoted; a victory promotes one.
    Constructed, not from the text."""
    legions = [
        {"name": "III", "veteran": True, "citizen_infantry": 5, "sp_lost": 4},
        {"name": "IV", "veteran": True, "citizen_infantry": 8, "sp_lost": 6},
    ]
    assert run("roman_discipline", {"outcome": "major_defeat", "legions": legions}).outcome == {
        "promote": 0,
        "demote": ["III"],
    }
    assert run("roman_discipline", {"outcome": "defeat", "legions": legions}).outcome["demote"] == ["IV"]
    assert run("roman_discipline", {"outcome": "major_victory", "legions": legions}).outcome["promote"] == 2


def test_both_legions_of_a_ca_are_disbanded_together():
    """5.31. Constructed, not from the text."""
    with pytest.raises(RulesError) as refusal:
        run("disband_legions", {"disband": [{"name": "V", "has_leader": False, "ca_partner": "VI"}]})
    assert refusal.value.field == "disband.0.ca_partner"
    pair = [
        {"name": "V", "has_leader": False, "ca_partner": "VI"},
        {"name": "VI", "has_leader": False, "ca_partner": "V"},
    ]
    assert run("disband_legions", {"disband": pair}).outcome == {"disbanded": ["V", "VI"]}


def test_tv17_marine_legion_of_3_from_a_possible_5():
    """TV-17, 5.51 (L408): the roll gives 5 SP at most; the Roman takes 3, in Ostia, and lowers 3 NS levels
    (Mare Ionium +2 to -1)."""
    result = run("marine_legion", {"major_emergency": True, "sp_taken": 3}, 5)
    assert result.outcome == {"max_sp": 5, "sp": 3, "ns_levels_reduced": 3, "placed": "Ostia"}
    with pytest.raises(RulesError):
        run("marine_legion", {"major_emergency": True, "sp_taken": 6}, 5)
    with pytest.raises(RulesError):
        run("marine_legion", {"major_emergency": False})


def test_slave_legions():
    """5.52: two Legions of 8 Ala infantry, 6 Italian Auxiliaries attached to each."""
    result = run("slave_legions", {"major_emergency": True})
    assert result.outcome == {"legions": 2, "ala_infantry": 8, "italian_auxiliaries": 6}
    assert lines(result, "note")


def test_a_manpower_operation_needs_20_enemy_sp_in_roman_italy():
    """5.12: "only ... if there is an enemy land force of at least 20 SP anywhere in Roman Italy"."""
    case = {
        "raising": "reinforcements",
        "by_manpower_operation": True,
        "enemy_sp_in_roman_italy": 19,
        "table": [{"row": "0-6: 8", "reinforcement_sp": 12}],
    }
    with pytest.raises(RulesError) as refusal:
        run("legion_request", case, 8)
    assert refusal.value.field == "enemy_sp_in_roman_italy"
    assert run("legion_request", {**case, "enemy_sp_in_roman_italy": 20}, 8).outcome["sp"] == 12
