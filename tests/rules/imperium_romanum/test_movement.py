"""13.0 and 12.2 by the Terrain and Seasonal Effects Chart, 4.17 joining a moving force, 10.11 forced march."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.common import Season
from umpire.rules.imperium_romanum.movement import (
    ForcedMarchInput,
    JoiningInput,
    LandMoveInput,
    LandMoveOptions,
    MarchingUnit,
    OutsideEmpire,
    River,
    SeaHex,
    SeaMoveInput,
    Terrain,
    force_march,
    joining_force,
    land_movement_cost,
    sea_movement_cost,
)

NO_DICE = EnteredDice([])


def cost(**kwargs):
    return land_movement_cost(LandMoveInput(**kwargs), NO_DICE).outcome["cost"]


def test_tv_03_a_unit_joining_after_3_points_moves_7():
    """4.17 L151: a 4-12 spent 3 movement points and picked up a 20-10: "The 20-10 unit may move 7"."""
    assert joining_force(JoiningInput(allowance=10, spent=3), NO_DICE).outcome == {"movement_points": 7}


@pytest.mark.parametrize(
    "terrain, season, expected",
    [
        (Terrain.CLEAR, Season.SUMMER, 2),
        (Terrain.CLEAR, Season.WINTER, 6),
        (Terrain.ROUGH, Season.SUMMER, 4),
        (Terrain.ROUGH, Season.WINTER, 12),
        (Terrain.DESERT, Season.SUMMER, 4),
        (Terrain.DESERT, Season.WINTER, 4),
    ],
)
def test_the_charts_land_costs(terrain, season, expected):
    """Terrain and Seasonal Effects Chart L963-966."""
    assert cost(terrain=terrain, season=season) == expected


def test_mountains_are_impassable():
    outcome = land_movement_cost(LandMoveInput(Terrain.MOUNTAIN, Season.SUMMER), NO_DICE).outcome
    assert outcome == {"cost": None, "passable": False}


def test_rivers_add_their_cost_doubled_in_flood_and_outside_the_empire():
    """Chart L967-968 with 7.2's flooding and the note L976; readings AMB-15 and AMB-16 (constructed, not from the
    text): clear 2 + river 2 = 4; flooding 2 + 4 = 6; outside the Empire (4 + 2) doubled = 8 or, terrain only, 6."""
    assert cost(terrain=Terrain.CLEAR, season=Season.SUMMER, river=River.WITHOUT_ROAD) == 4
    assert cost(terrain=Terrain.CLEAR, season=Season.SUMMER, river=River.WITHOUT_ROAD, flooding=True) == 6
    assert cost(terrain=Terrain.CLEAR, season=Season.SUMMER, river=River.WITH_ROAD) == 2
    assert cost(terrain=Terrain.CLEAR, season=Season.WINTER, river=River.WITH_ROAD) == 8
    outside = dict(terrain=Terrain.CLEAR, season=Season.SUMMER, river=River.WITHOUT_ROAD, outside_empire=True)
    assert cost(**outside) == 8
    assert cost(**outside, options=LandMoveOptions(outside_empire=OutsideEmpire.TERRAIN_ONLY)) == 6


def test_the_road_dash_can_be_left_to_control():
    with pytest.raises(RulesError, match="Control enters its cost"):
        cost(
            terrain=Terrain.CLEAR,
            season=Season.SUMMER,
            river=River.WITH_ROAD,
            options=LandMoveOptions(road_dash_is_free=False),
        )


def test_narrow_seas_and_limitanei():
    """13.1: double the map's cost; 13.6: a non-Roman unit pays 4 more for Limitanei."""
    assert cost(terrain=Terrain.CLEAR, season=Season.SUMMER, narrow_sea_cost=2) == 6
    assert cost(terrain=Terrain.ROUGH, season=Season.SUMMER, limitanei=True) == 8


@pytest.mark.parametrize(
    "hex, season, atlantic, expected",
    [
        (SeaHex.COASTAL, Season.SUMMER, False, 2),
        (SeaHex.COASTAL, Season.WINTER, False, 4),
        (SeaHex.OTHER, Season.WINTER, False, 8),
        (SeaHex.OTHER, Season.SUMMER, True, 8),
        (SeaHex.PORT, Season.WINTER, True, 2),
    ],
)
def test_sea_costs_and_the_atlantic(hex, season, atlantic, expected):
    """Chart L972-974 and L977: the Atlantic doubles, "except for Port entries"."""
    assert sea_movement_cost(SeaMoveInput(hex, season, atlantic), NO_DICE).outcome["cost"] == expected


def test_dv_02_forced_march_with_a_2_leader():
    """Extraction DV-02 (constructed, not from the text): a 20-10 goes to 14, a 30-16 cavalry stays 16; a roll
    above 1 + 2 loses a unit: 4 loses, 3 does not."""
    units = (MarchingUnit("20-10", 10), MarchingUnit("30-16", 16, cavalry=True))
    lost = force_march(ForcedMarchInput(2, units), EnteredDice([4])).outcome
    assert lost == {"allowances": {"20-10": 14, "30-16": 16}, "unit_lost": True}
    assert force_march(ForcedMarchInput(2, units), EnteredDice([3])).outcome["unit_lost"] is False
    with pytest.raises(RulesError, match="only one forced march"):
        force_march(ForcedMarchInput(2, units, marched_this_turn=True), EnteredDice([1]))
