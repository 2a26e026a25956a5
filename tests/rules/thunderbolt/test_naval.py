"""13.0 The Advanced Naval System: the examples of 13.17, 13.42, 13.44, 13.51, 13.54, 13.55, 13.57 and 13.63."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, modifiers, run

RATIO = [
    {"row": "2:1", "drm": -2, "raid_drm": -2},
    {"row": "1:3", "drm": 3},
    {"row": "1:1", "drm": 0},
    {"row": "1:2", "drm": 1},
]
RESULTS = [{"row": "5", "percent": 20, "rounding": "down"}, {"row": "9", "percent": 25, "rounding": "up"}]
CRASSUS = {"side": "roman", "squadrons": 10, "crew": 3, "battle_rating": "C"}
BOMILCAR = {"side": "carthaginian", "squadrons": 7, "crew": 3, "battle_rating": "E"}


def test_tv41_rome_builds_3_squadrons_in_ostia():
    """TV-41, 13.17 (L742): 20 squadrons in play; a 5 halved rounding up is 3, within the 28 limit; Ostia has room
    (its Harbor Capacity is the test's own); 13.16: -3 to this turn's manpower rolls."""
    case = {"side": "roman", "squadrons_in_play": 20, "port": "Ostia", "harbor_capacity": 10}
    assert run("squadron_construction", case, 5).outcome == {"may_build": 3, "built": 3, "manpower_drm": -3}
    assert run("squadron_construction", {**case, "squadrons_in_play": 27}, 5).outcome["built"] == 1
    with pytest.raises(RulesError) as refusal:
        run("squadron_construction", {**case, "port": "Carthago"}, 5)
    assert refusal.value.field == "port"


def test_the_port_s_harbor_capacity_less_the_squadrons_in_it_limits_the_build():
    """13.16 (L737): "limited to the Port's Harbor Capacity as given on that chart, reduced by the number of
    squadrons already in the port"; the chart is the ANS PAC's. Constructed, not from the text."""
    case = {"side": "roman", "squadrons_in_play": 10, "port": "Neapolis", "squadrons_in_port": 8}
    with pytest.raises(RulesError) as refusal:
        run("squadron_construction", case, 9)
    assert refusal.value.field == "harbor_capacity" and "Port Harbor Capacity Chart" in refusal.value.message
    assert "'Neapolis'" in refusal.value.message
    assert run("squadron_construction", {**case, "harbor_capacity": 10}, 9).outcome["built"] == 2
    assert run("squadron_construction", {**case, "harbor_capacity": 6}, 9).outcome["built"] == 0


def test_tv44_only_one_of_two_fleets_in_the_hex_may_intercept():
    """TV-44, 13.51 (L798-799): "The Carthaginian player may intercept with only one of the Fleets. If the Roman
    player moves out of the hex, the other Fleet could attempt to intercept." The second Fleet is refused at the
    same move; at the next (the Roman entering an adjacent hex, +3) it may roll. The dice are the test's own."""
    with pytest.raises(RulesError) as refusal:
        run("naval_interception", {"another_fleet_tried": True}, 2)
    assert refusal.value.field == "another_fleet_tried"
    moved_out = run("naval_interception", {"into_adjacent_hex": True}, 1)
    assert moved_out.outcome == {"intercepted": True}
    assert modifiers(moved_out) == [("Into an adjacent hex", 3)]


@pytest.mark.parametrize("coastal, drm", [(23, 2), (59, 5), (8, 0)])
def test_tv42_a_full_10_dp_is_plus_1(coastal, drm):
    """TV-42, 13.42 (L773): 23 DP +2, 59 DP +5, 8 DP none. The table's cell is the test's own."""
    table = [{"row": str(4 + drm), "effect": "No Effect"}]
    result = run("naval_distance", {"coastal_hexes": coastal, "table": table}, 4)
    assert ("Full 10 DP", drm) in modifiers(result)
    assert result.outcome["effect"] == "No Effect"


def test_tv43_distance_refuses_while_the_table_is_empty():
    with pytest.raises(RulesError) as refusal:
        run("naval_distance", {"coastal_hexes": 25}, 0)
    assert "Naval Movement Distance Effects Table" in refusal.value.message


def test_tv43_the_fleet_off_utica_is_sunk():
    """TV-43, 13.44 (L780): 25 Coastal DP; a natural 0, +2: No Effect; but the Major Disaster dice read 23 < 25."""
    result = run("naval_distance", {"coastal_hexes": 25, "table": [{"row": "2", "effect": "No Effect"}]}, 0, 2, 3)
    assert result.outcome == {"dp": 25, "effect": "No Effect", "sunk": True}


def test_winter_rolls_only_for_disaster_with_20_dp_for_a_scattered_fleet():
    """13.82. Constructed, not from the text."""
    result = run("naval_distance", {"coastal_hexes": 5, "winter": True, "began_scattered": True}, 2, 4)
    assert result.outcome == {"dp": 25, "effect": None, "sunk": True}


@pytest.mark.parametrize(
    "case, roll, intercepted",
    [
        ({}, 4, True),
        ({}, 5, False),
        ({"campaign_rating": 6, "into_adjacent_hex": True}, 3, True),
        ({"campaign_rating": 6, "into_adjacent_hex": True, "in_port": True}, 2, False),
    ],
)
def test_interception(case, roll, intercepted):
    """13.51, 13.23 (a leaderless Fleet's Campaign Rating 4). Constructed, not from the text."""
    assert run("naval_interception", case, roll).outcome == {"intercepted": intercepted}


def test_avoidance():
    """13.52. Constructed, not from the text."""
    assert run("naval_avoidance", {"campaign_rating": 3, "guile_points": 2}, 5).outcome == {"avoided": True}
    with pytest.raises(RulesError):
        run("naval_avoidance", {"coastal_hex_with_land": False}, 1)


def test_tv45_tv48_the_battle_refuses_while_the_charts_are_empty():
    with pytest.raises(RulesError) as refusal:
        run("naval_battle", {"attacker": CRASSUS, "defender": BOMILCAR}, 6, 7)
    assert "Naval Combat Ratio Chart" in refusal.value.message


def test_tv48_crassus_and_bomilcar_each_lose_2_squadrons():
    """TV-48, 13.57 (L831), with TV-45 (7 against 3: -2 and +3), TV-46 and TV-47: Roman Tactical Superiority
    (C against E): Rome -1, Carthage +1; equal Crews; 10 against 7: Rome 0, Carthage +1. Rome rolls 6 → 5, "20
    down": 2 of 10; Carthage 7 → 9, "25 up": 2 of 7 (1.75 up). Carthage, the higher percentage, loses; no
    mandatory retreat (it chose to). The example does not say so, but 13.56 gives the Roman Fleet +1 Crew."""
    result = run("naval_battle", {"attacker": CRASSUS, "defender": BOMILCAR, "chart": RATIO, "table": RESULTS}, 6, 7)
    assert result.outcome == {"attacker_lost": 2, "defender_lost": 2, "winner": "roman", "loser_must_retreat": False}
    assert modifiers(result) == [
        ("Roman Tactical Superiority", -1),
        ("Strength ratio 1:2", 1),
        ("Roman Tactical Superiority", 1),
    ]


def test_tv45_tv46_ratio_and_crew():
    """TV-45 (13.54 L819): 7 against 3, the attacker -2, the defender +3; TV-46 (L825): a 0 Crew against 3 adds 3."""
    attacker = {"side": "roman", "squadrons": 7, "crew": 0, "battle_rating": "C"}
    defender = {"side": "carthaginian", "squadrons": 3, "crew": 3, "battle_rating": "C"}
    table = [{"row": str(r), "percent": 10, "rounding": "up"} for r in range(-2, 12)]
    result = run("naval_battle", {"attacker": attacker, "defender": defender, "chart": RATIO, "table": table}, 5, 5)
    assert modifiers(result) == [
        ("Strength ratio 2:1", -2),
        ("Crew Superiority against him", 3),
        ("Strength ratio 1:3", 3),
    ]
    assert result.outcome["attacker_lost"] == 1 and result.outcome["defender_lost"] == 1


def test_tv47_10_up_on_a_fleet_of_10_or_fewer_loses_1():
    """TV-47, 13.55 (L826). A lone loss with none on the other side forces the retreat (13.57)."""
    attacker = {"side": "roman", "squadrons": 4, "crew": 1}
    defender = {"side": "carthaginian", "squadrons": 4, "crew": 1}
    table = [{"row": "4", "percent": 10, "rounding": "up"}, {"row": "3", "percent": 0, "rounding": "down"}]
    result = run("naval_battle", {"attacker": attacker, "defender": defender, "chart": RATIO, "table": table}, 4, 3)
    assert result.outcome == {
        "attacker_lost": 1,
        "defender_lost": 0,
        "winner": "carthaginian",
        "loser_must_retreat": True,
    }


def test_tv49_the_raid_on_thabraca_succeeds_on_6_or_less():
    """TV-49, 13.63 (L837): 5 squadrons against SADS 2: 2:1, -2; 6 → 4, under 5. Thabraca is a Small city: +1."""
    with pytest.raises(RulesError):
        run("raid", {"squadrons": 5, "sads": 2}, 6)
    assert run("raid", {"squadrons": 5, "sads": 2, "chart": RATIO}, 6).outcome == {
        "ratio": "2:1",
        "success": True,
        "next_turn_drm": 1,
    }
    assert run("raid", {"squadrons": 5, "sads": 2, "chart": RATIO}, 7).outcome["success"] is False


def test_oarsmen_shortage():
    """13.10: even, Carthage; half the DR rounded down, at least 1. Constructed, not from the text."""
    result = run("oarsmen_shortage", {"roman_squadrons": 10, "carthaginian_squadrons": 10}, 0, 1)
    assert result.outcome == {"side": "carthaginian", "squadrons_lost": 1}
    assert lines(result, "die")


def test_a_transport_fleet_caught_without_a_fleet_rolls_alone():
    """13.72: the transport counts 1 squadron and Crew 0; "The Attacking player does not roll the die and thus will
    take no losses". Constructed, not from the text."""
    attacker = {"side": "carthaginian", "squadrons": 2, "crew": 0, "battle_rating": "E"}
    transport = {"side": "roman", "squadrons": 1, "crew": 0, "battle_rating": "E", "transport_only": True}
    table = [{"row": "5", "percent": 50, "rounding": "up"}]
    result = run("naval_battle", {"attacker": attacker, "defender": transport, "chart": RATIO, "table": table}, 4)
    assert result.outcome == {
        "attacker_lost": 0,
        "defender_lost": 1,
        "winner": "carthaginian",
        "loser_must_retreat": True,
    }
