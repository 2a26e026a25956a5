"""11.0 Morale and the Morale Table, 16.6 siege attrition, 17.0 fortifications, and 9.4-9.115
the corn supply, corn fleets and rebellion."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.common import Season
from umpire.rules.imperium_romanum.corn import (
    ConsumptionInput,
    ConsumptionOptions,
    ProductionInput,
    SiegeShortage,
    corn_consumption,
    corn_production,
)
from umpire.rules.imperium_romanum.corn_fleets import (
    CornFleetInput,
    CornFleetReturnInput,
    corn_fleet,
    corn_fleet_return,
)
from umpire.rules.imperium_romanum.morale import (
    MORALE_TABLE_GIVEN,
    HalfRounding,
    HalvingInput,
    HalvingOptions,
    MoraleEvent,
    MoraleInput,
    morale,
    morale_halving,
)
from umpire.rules.imperium_romanum.siege import (
    AttritionInput,
    FortInput,
    FortOptions,
    LevelsPerTurn,
    fortification,
    siege_attrition,
)

NO_DICE = EnteredDice([])


def test_the_morale_table_as_printed_ends_in_an_empty_row():
    """Morale Table L1054-1065: the text is cut off at "Port (not in city), Loss of"."""
    assert len(MORALE_TABLE_GIVEN) == 12
    assert MORALE_TABLE_GIVEN["Retreat before Combat"] == (-5, False)
    assert MORALE_TABLE_GIVEN["Capital, Loss of through rebellion"] == (-3, True)
    assert MORALE_TABLE_GIVEN["Port (not in city), Loss of"] is None


def test_morale_events_add_up_with_tax_rates():
    events = (
        MoraleEvent("Victory in combat"),
        MoraleEvent("City, Capture of", times=2, tax_rate=3),
        MoraleEvent("Capital, Loss of", tax_rate=10),
    )
    result = morale(MoraleInput(events, morale=40), NO_DICE)
    assert result.outcome == {"change": 2 + 6 - 20, "morale": 28, "dissolves": False}


def test_the_cut_off_row_is_controls_and_stops_until_entered():
    with pytest.raises(RulesError, match="Morale Table has no points for 'Port \\(not in city\\), Loss of'"):
        morale(MoraleInput((MoraleEvent("Port (not in city), Loss of"),)), NO_DICE)
    entered = MoraleEvent("Port (not in city), Loss of", points=-1, times_tax_rate=False)
    assert morale(MoraleInput((entered,)), NO_DICE).outcome["change"] == -1


def test_a_tax_rate_event_needs_its_tax_rate():
    with pytest.raises(RulesError, match="counted by the Tax Rate"):
        morale(MoraleInput((MoraleEvent("City, Loss of"),)), NO_DICE)


def test_total_morale_loss_at_the_end_of_a_turn_dissolves():
    """11.2: "a morale rating of "0" or less" at the end of a game-turn."""
    events = (MoraleEvent("Attacks, Each Game-Turn none is made"),)
    assert morale(MoraleInput(events, morale=2, end_of_turn=True), NO_DICE).outcome["dissolves"] is True
    assert morale(MoraleInput(events, morale=2), NO_DICE).outcome["dissolves"] is False


@pytest.mark.parametrize(
    "last_year, rounding, expected",
    [
        (10, HalfRounding.TOWARD_ZERO, 95),
        (-10, HalfRounding.TOWARD_ZERO, 105),
        (5, HalfRounding.TOWARD_ZERO, 98),
        (-5, HalfRounding.TOWARD_ZERO, 102),
        (5, HalfRounding.FACTIONS_FAVOUR, 98),
        (-5, HalfRounding.FACTIONS_FAVOUR, 103),
    ],
)
def test_january_halving(last_year, rounding, expected):
    """11.4 (optional) from 100 (constructed): half of last year's gain or loss eliminated; an odd half by AMB-01."""
    case = HalvingInput(100, last_year, HalvingOptions(rounding))
    assert morale_halving(case, NO_DICE).outcome["morale"] == expected


def siege(duration, roll=None, **kwargs):
    base = dict(city="Placentia", duration=duration, season=Season.SUMMER, units_inside=2, defence=3)
    return siege_attrition(AttritionInput(**{**base, **kwargs}), EnteredDice([] if roll is None else [roll])).outcome


def test_the_siege_attrition_table():
    """Siege Attrition Table L997-1002: duration 1 on a 6 ... 5 on 2-6, 6+ automatic."""
    assert [siege(d, 7 - d)["unit_lost"] for d in range(1, 6)] == [True] * 5
    assert [siege(d, 6 - d)["unit_lost"] for d in range(1, 6)] == [False] * 5
    assert siege(6)["unit_lost"] is True


def test_dv_08_and_dv_09_winter_and_the_automatic_loss():
    """Extraction DV-08 (constructed): winter, duration 2, roll 3: 3 + 2 = 5, a loss. DV-09: duration 6, automatic."""
    assert siege(2, 3, season=Season.WINTER)["unit_lost"] is True
    assert siege(1, 4, season=Season.WINTER)["unit_lost"] is True  # 6, treated as 6 at most
    assert siege(6, units_inside=2)["unit_lost"] is True


def test_an_empty_city_loses_defence_and_falls_at_zero():
    """16.61: no units left, the defence drops by one; at 0 the besieger has captured the city."""
    assert siege(6, units_inside=0, defence=2) == {"unit_lost": False, "defence": 1, "captured": False}
    assert siege(6, units_inside=0, defence=1) == {"unit_lost": False, "defence": 0, "captured": True}


def test_corn_or_port_supply_spares_the_besieged():
    assert siege(6, corn_left=1)["unit_lost"] is False
    assert siege(6, port_supplied=True)["unit_lost"] is False


def test_fortification_costs_a_light_infantry_a_level_and_waits_for_the_supply_phase():
    """17.11-17.4 (constructed): +1 to +2, cost 4 (a 4-12's), in effect at the Joint Supply Phase."""
    result = fortification(FortInput(legions=1, level=1, light_infantry_cost=4), NO_DICE)
    assert result.outcome == {"cost": 4, "level_now": 1, "level_at_supply": 2}


def test_fortification_limits():
    with pytest.raises(RulesError, match="by one a turn"):
        fortification(FortInput(legions=2, levels=2, light_infantry_cost=4), NO_DICE)
    two = FortInput(legions=2, levels=2, light_infantry_cost=4, options=FortOptions(LevelsPerTurn.ONE_PER_LEGION))
    assert fortification(two, NO_DICE).outcome["level_at_supply"] == 2
    with pytest.raises(RulesError, match="highest level is \\+5"):
        fortification(FortInput(legions=1, level=5, light_infantry_cost=4), NO_DICE)
    with pytest.raises(RulesError, match="17.42"):
        fortification(FortInput(legions=1, under_siege=True, light_infantry_cost=4), NO_DICE)
    with pytest.raises(RulesError, match=r"Situations\[14/light_infantry_cost\]: not filled in yet"):
        fortification(FortInput(legions=1, situation="14"), NO_DICE)


def test_corn_production_from_may():
    """9.6 L293 and 9.61."""
    may = corn_production(ProductionInput(5, ("Aegyptus", "Sicilia")), NO_DICE).outcome
    assert may == {"corn": {"Aegyptus": 8, "Sicilia": 4}}
    assert corn_production(ProductionInput(3, ("Aegyptus",)), NO_DICE).outcome == {"corn": {}}


def test_the_capital_eats_a_corn_a_turn():
    outcome = corn_consumption(ConsumptionInput(index=3), NO_DICE).outcome
    assert outcome == {"index": 2, "met": True, "revolts": False}


def test_dv_10_first_unmet_turn_with_25_strength_near_cannot_revolt():
    """Extraction DV-10 (constructed): +1 - 2 = -1: a natural 6 makes 5, no rebellion."""
    outcome = corn_consumption(ConsumptionInput(index=0, strength_near=25), EnteredDice([6])).outcome
    assert outcome["revolts"] is False


def test_rebellion_on_six_or_more_and_in_a_siege():
    """9.10 and 9.101 (constructed): third unmet turn, natural 3 + 3 = 6 revolts; besieged +2 a turn instead
    (3 + 6 = 9), or as well (3 + 9 = 12)."""
    assert corn_consumption(ConsumptionInput(0, unmet_before=2), EnteredDice([3])).outcome["revolts"] is True
    assert corn_consumption(ConsumptionInput(0, unmet_before=1), EnteredDice([3])).outcome["revolts"] is False
    besieged = corn_consumption(ConsumptionInput(0, unmet_before=2, besieged=True), EnteredDice([3]))
    assert [line.value for line in besieged.working if line.kind == "modifier"] == [6]
    both = ConsumptionInput(0, unmet_before=2, besieged=True, options=ConsumptionOptions(SiegeShortage.AS_WELL))
    assert [line.value for line in corn_consumption(both, EnteredDice([3])).working if line.kind == "modifier"] == [
        6,
        3,
    ]


def test_a_corn_fleet_carries_one_corn_and_loading_costs_4():
    """9.71 L313, 9.72 L315 (constructed): two fleets load two corn: 4 points; unloading later another 4."""
    assert corn_fleet(CornFleetInput(2, load=2, produced_left=4), NO_DICE).outcome == {
        "movement_points": 4,
        "lost": False,
    }
    assert corn_fleet(CornFleetInput(1, unload=1, attacked=True), NO_DICE).outcome == {
        "movement_points": 4,
        "lost": True,
    }
    with pytest.raises(RulesError, match="one each"):
        corn_fleet(CornFleetInput(1, load=2, produced_left=4), NO_DICE)
    with pytest.raises(RulesError, match="production is left"):
        corn_fleet(CornFleetInput(2, load=2, produced_left=1), NO_DICE)


@pytest.mark.parametrize("now, returns", [(6, False), (7, True)])
def test_a_destroyed_corn_fleet_returns_in_the_second_game_turn_after(now, returns):
    """9.74 L319: "replaced at their port of origin during the Joint Supply Phase of the second game-turn after
    their elimination" (AMB-28: lost in turn 5, back in turn 7)."""
    assert corn_fleet_return(CornFleetReturnInput(5, now, "Alexandria"), NO_DICE).outcome == {
        "returns": returns,
        "due": 7,
    }


def test_11_2_is_not_checked_against_a_morale_not_set():
    """11.2 (L443): "If, at the end of any game-turn, a faction has suffered total morale loss (i.e.: a morale rating
    of "0" or less) it undergoes faction dissolution". A morale left empty is not set (11.0: the situation outline
    assigns it), not 0: the end-of-turn check is refused and says Control sets it."""
    events = (MoraleEvent("Attacks, Each Game-Turn none is made"),)
    with pytest.raises(RulesError, match="not set: Control sets it from the situation outline") as refused:
        morale(MoraleInput(events, end_of_turn=True), NO_DICE)
    assert refused.value.field == "morale"
    assert morale(MoraleInput(events), NO_DICE).outcome == {"change": -2, "morale": None, "dissolves": False}
