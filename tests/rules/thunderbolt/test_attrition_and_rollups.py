"""2.1, 2.11 movement attrition adjustments, and the Battle and Siege DRMs this rulebook adds (4.92, 5.42, 5.52,
6.71, 13.74, 13.9)."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import modifiers, run

COAST_ROAD = [{"province": p, "province_ap": 4} for p in ("Indigetes", "Ilergetes", "Edetani")]
ROWS = [
    {"row": "4-6", "low": 4, "high": 6},
    {"row": "7-9", "low": 7, "high": 9},
    {"row": "10-12", "low": 10, "high": 12},
    {"row": "13-16", "low": 13, "high": 16},
]


def emporiae_to_saguntum(table):
    legs = [dict(leg) for leg in COAST_ROAD]
    legs[0]["river_ap"] = 4  # "4 minor rivers not crossed by a Level C road for another 4 AP"
    return {"legs": legs, "all_along_level_c_road_in_hispania": True, "table": table}


def test_tv01_the_coast_road_refuses_while_the_attrition_table_is_empty():
    """2.1: the Attrition Results Table is AW 6.4's; the row for 16 AP is named."""
    with pytest.raises(RulesError) as refusal:
        run("movement_attrition", emporiae_to_saguntum([]))
    assert "Attrition Results Table" in refusal.value.message and "16 AP" in refusal.value.message


def test_tv01_the_coast_road_from_emporiae_uses_the_7_9_row():
    """TV-01, 2.1 (L77): three provinces of 4 AP and 4 minor rivers not crossed by the road, 16 AP: the 13-16 row,
    two rows up: 7-9. The provinces' names and the other rows are the test's own (the text gives only the two rows,
    two apart)."""
    result = run("movement_attrition", emporiae_to_saguntum(ROWS))
    assert result.outcome == {"ap": 16, "row": "7-9"}


def test_home_territory_halves_keeping_fractions_to_the_end():
    """2.11: halve, retaining fractions; drop the fraction for the row. Constructed, not from the text."""
    legs = [
        {"province": "Latium", "province_ap": 5, "home_territory": True},
        {"province": "Campania", "province_ap": 5, "home_territory": True},
        {"province": "Lucania", "province_ap": 3, "rough_hexes_off_road": 0},
    ]
    assert run("movement_attrition", {"legs": legs, "table": ROWS}).outcome == {"ap": 8, "row": "7-9"}
    whole = {"legs": legs, "table": ROWS, "options": {"halving": "whole_move"}}
    assert run("movement_attrition", whole).outcome == {"ap": 6, "row": "4-6"}


def test_tv13_tv25_battle_drms_roll_up():
    """TV-13 (4.92 L357) and TV-25 (6.71 L496): a C-rated Consul attacks with 6 Legions (2 over) Hannibal's Army at
    AER +2 defending: -2 and -2; with 3 Veteran Legions +3. Rolled up, not from a single example."""
    case = {"attacker": "roman", "legions_over_efficiency": 2, "veteran_legions_6_citizens": 3, "carthaginian_aer": 2}
    result = run("battle_modifiers", case)
    assert result.outcome == {"drm": -1}
    assert modifiers(result) == [
        ("Roman Legions over the Command Efficiency Rating", -2),
        ("Roman Veteran Legions with 6+ Citizen Infantry", 3),
        ("Carthaginian AER", -2),
    ]


def test_tv30_the_allobroges_attack_at_minus_8():
    """TV-30, 9.16 (L583): the odds (1:4, -4) and Hannibal's tactical ability (-4) are AW DRMs, entered."""
    case = {
        "attacker": "roman",
        "entered": [{"text": "Odds 1:4", "drm": -4}, {"text": "Hannibal's Leader Tactical Ability", "drm": -4}],
    }
    assert run("battle_modifiers", case).outcome == {"drm": -8}


@pytest.mark.parametrize(
    "case, drm",
    [
        ({"attacker": "carthaginian", "slave_legions": 2, "carthaginian_aer": -3}, -2),
        ({"attacker": "carthaginian", "slave_legions": 2, "options": {"slave_legions": "each"}}, 2),
        ({"attacker": "roman", "landing_force_attacks": True}, -3),
    ],
)
def test_slave_legions_aer_and_landings(case, drm):
    """5.52, 6.71, 13.74. Constructed, not from the text."""
    assert run("battle_modifiers", case).outcome["drm"] == drm


@pytest.mark.parametrize(
    "case, drm",
    [
        ({"roll": "assault", "roman_legions_over_efficiency": 2, "fleets": "besieger_only"}, 0),
        ({"roll": "assault", "fleets": "defender_only"}, -2),
        ({"roll": "attrition", "roman_legions_over_efficiency": 3, "fleets": "besieger_only"}, 4),
        ({"roll": "attrition", "fleets": "both"}, 0),
    ],
)
def test_siege_drms(case, drm):
    """4.92, 13.9. Constructed, not from the text."""
    assert run("siege_modifiers", case).outcome["drm"] == drm
