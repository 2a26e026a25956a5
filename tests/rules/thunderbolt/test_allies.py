"""10.0 The Italian Allies: the examples of 10.11, 10.12 and 10.13."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import run

LUCANIA = {"province": "Lucania", "level": 2, "allied_to": "roman"}


@pytest.mark.parametrize(
    "where, in_italy, level",
    [("this_province", True, 0), ("adjacent", True, 0), ("not_adjacent", True, 1), ("not_adjacent", False, 2)],
)
def test_tv38_hannibal_s_major_victory_moves_the_provinces(where, in_italy, level):
    """TV-38, 10.12 (L671): a Major Victory in Umbria moves Umbria and its neighbours 2 boxes toward Carthage,
    every other Roman Italy province 1; in Cispadana, only the neighbours move."""
    case = {
        **LUCANIA,
        "cause": "battle_major_victory",
        "side": "carthaginian",
        "where": where,
        "event_in_roman_italy": in_italy,
    }
    assert run("alliance_shift", case).outcome["level"] == level


def test_tv39_six_boxes_take_lucania_from_rome_s_2_to_carthage_s_4():
    """TV-37 and TV-39, 10.11 (L660) and 10.13 (L673): Lucania starts on Rome's Box 2; 6 boxes toward Carthage
    bring it to Carthage's Box 4 and it defects; 5 do not."""
    five = run("alliance_shift", {**LUCANIA, "cause": "ambassador_or_augury", "side": "carthaginian", "boxes": 5})
    assert five.outcome == {"province": "Lucania", "level": -3, "allied_to": "roman", "switched": False}
    six = run("alliance_shift", {**LUCANIA, "cause": "ambassador_or_augury", "side": "carthaginian", "boxes": 6})
    assert six.outcome == {"province": "Lucania", "level": -4, "allied_to": "carthaginian", "switched": True}


def test_devastation_moves_four_toward_the_other_player_and_the_track_stops_at_box_4():
    """10.12: "4 Boxes in favor of the opposing player if a player Devastates that province". Constructed."""
    case = {**LUCANIA, "cause": "devastation", "side": "roman"}
    assert run("alliance_shift", case).outcome["level"] == -2
    assert run("alliance_shift", {**LUCANIA, "cause": "siege_major_victory", "side": "roman"}).outcome["level"] == 4


def test_hannibal_s_diplomacy_refuses_with_the_ambassador_table_empty_then_reads_d_as_minus_2():
    """10.21: the Ambassador Table is AW PAC #1's; "Treat any "D" result as a -2" (two boxes toward Rome)."""
    case = {**LUCANIA, "hannibal_and_army_in_province": True, "guile_points": 1}
    case.pop("allied_to")
    with pytest.raises(RulesError) as refusal:
        run("hannibal_diplomacy", case, 7)
    assert "Ambassador Table" in refusal.value.message and "AW PAC #1" in refusal.value.message
    filled = {**case, "table": [{"row": "A 7", "result": "D"}, {"row": "A 8", "result": "2"}]}
    assert run("hannibal_diplomacy", filled, 7).outcome["level"] == 4
    assert run("hannibal_diplomacy", filled, 8).outcome["level"] == 0


def test_roman_retribution():
    """10.22: +2 for the province, +1 for each neighbour on an even die (0 is even). Constructed."""
    case = {
        "sacked_in": {"province": "Campania", "level": -3, "allied_to": "carthaginian"},
        "adjacent": [
            {"province": "Samnium", "level": 0, "allied_to": "roman"},
            {"province": "Latium", "level": 3, "allied_to": "roman"},
        ],
    }
    provinces = run("roman_retribution", case, 0, 3).outcome["provinces"]
    assert provinces == {
        "Campania": {"level": -1, "allied_to": "carthaginian"},
        "Samnium": {"level": 1, "allied_to": "roman"},
        "Latium": {"level": 3, "allied_to": "roman"},
    }


def test_a_city_defecting_and_returning():
    """10.31-10.32. Constructed, not from the text."""
    defecting = run(
        "city_changes_sides", {"now_allied_to": "carthaginian", "medium_or_large": True, "citizen_sp": 2, "ala_sp": 3}
    ).outcome
    assert defecting == {"changed": True, "citizen_sp": 0, "ala_sp": 0, "italian_infantry": 3, "other_infantry": 0}
    returning = run(
        "city_changes_sides",
        {"now_allied_to": "roman", "medium_or_large": True, "italian_infantry": 3, "other_infantry": 2},
    ).outcome
    assert returning == {"changed": True, "citizen_sp": 0, "ala_sp": 2, "italian_infantry": 1, "other_infantry": 0}
    emptied = run(
        "city_changes_sides",
        {
            "now_allied_to": "roman",
            "medium_or_large": True,
            "other_infantry": 2,
            "options": {"other_half": "eliminated"},
        },
    ).outcome
    assert emptied["ala_sp"] == 1
