"""The season (7.0-7.2), control of provinces (3.23, 9.62, 6.73), lines of supply and blockade (9.2, 16.51, 9.181),
fleets' transport, building and disbanding (12.1, 12.3, 12.7), unclear terrain (13.7) and victory (19.0)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.control import (
    BarbarianProvinceInput,
    Claimant,
    ControlledCity,
    DefectionInput,
    ProvinceInput,
    barbarian_province_control,
    province_control,
    province_defection,
)
from umpire.rules.imperium_romanum.fleets import (
    ConstructionInput,
    DisbandInput,
    Disembark,
    Embark,
    TransportInput,
    disband_fleet,
    fleet_construction,
    naval_transport,
)
from umpire.rules.imperium_romanum.movement import WrongRoadInput, wrong_road
from umpire.rules.imperium_romanum.supply import (
    BlockadeInput,
    BlockadeOptions,
    LineInput,
    SiegeBlockade,
    SupplyPort,
    blockade,
    line_of_supply,
)
from umpire.rules.imperium_romanum.victory import (
    BarbarianVictoryInput,
    ImperatorInput,
    barbarian_victory,
    imperator_victory,
)
from umpire.rules.imperium_romanum.weather import WeatherInput, season

NO_DICE = EnteredDice([])


@pytest.mark.parametrize(
    "month, province, clear, expected",
    [
        (3, "Italia", False, {"season": "winter", "rivers_flood": False}),
        (4, "Italia", False, {"season": "summer", "rivers_flood": True}),
        (11, "Aegyptus", False, {"season": "summer", "rivers_flood": False}),
        (10, "Aegyptus", False, {"season": "summer", "rivers_flood": True}),
        (1, "Assyria", True, {"season": "summer", "rivers_flood": False}),
        (1, "Assyria", False, {"season": "winter", "rivers_flood": False}),
        (1, "", False, {"season": "winter", "rivers_flood": False}),
    ],
)
def test_the_season(month, province, clear, expected):
    """7.0 L257-258, 7.1 L260-261 and 7.2 L263."""
    assert season(WeatherInput(month, province, clear), NO_DICE).outcome == expected


def test_province_control_by_most_taxation_and_corn_by_majority():
    """3.23 L78 and 9.62 L297 (constructed): Otho's 10 beats Vitellius' 3 + 3; corn needs a majority of the
    three cities, which nobody holds. A tie is nobody's (AMB-07)."""
    cities = (
        ControlledCity("Roma", "Otho", 10),
        ControlledCity("Ostia", "Vitellius", 3),
        ControlledCity("Tibur", "Vitellius", 3),
        ControlledCity("Cures", "", 1),
    )
    assert province_control(ProvinceInput("Italia", cities), NO_DICE).outcome == {"province": "Otho", "corn": ""}
    tied = (ControlledCity("a", "Otho", 3), ControlledCity("b", "Vitellius", 3), ControlledCity("c", "Otho", 0))
    assert province_control(ProvinceInput("Sicilia", tied), NO_DICE).outcome == {"province": "", "corn": "Otho"}
    with pytest.raises(RulesError, match="no tax rate for 'x'"):
        province_control(ProvinceInput("Sicilia", (ControlledCity("x", "Otho"),)), NO_DICE)


def test_barbarian_province_control():
    """6.73 L250: two heavy units, six in Germania Magna, and no enemy units."""
    assert barbarian_province_control(BarbarianProvinceInput("Dacia", 2), NO_DICE).outcome == {"controls": True}
    assert barbarian_province_control(BarbarianProvinceInput("Germania Magna", 5), NO_DICE).outcome == {
        "controls": False
    }
    assert barbarian_province_control(BarbarianProvinceInput("Dacia", 4, True), NO_DICE).outcome == {"controls": False}


def test_a_line_of_supply_is_six_points_to_a_port_that_can_supply():
    """9.2 L276-279 and 9.21 L281."""
    assert line_of_supply(LineInput(SupplyPort("Ostia"), 6), NO_DICE).outcome == {"in_supply": True}
    assert line_of_supply(LineInput(SupplyPort("Ostia"), 7), NO_DICE).outcome == {"in_supply": False}
    assert line_of_supply(LineInput(SupplyPort("Ostia", blockaded=True), 2), NO_DICE).outcome == {"in_supply": False}
    far = SupplyPort("Ostia", province_controlled=False)
    assert line_of_supply(LineInput(far, 2), NO_DICE).outcome == {"in_supply": False}
    near = SupplyPort("Ostia", province_controlled=False, controlled_port_within_24=True)
    assert line_of_supply(LineInput(near, 2), NO_DICE).outcome == {"in_supply": True}
    assert line_of_supply(LineInput(SupplyPort("Ostia"), 2, blocked=True), NO_DICE).outcome == {"in_supply": False}


def test_blockade_by_count_under_siege_or_by_strength():
    """16.51 L744 and the optional 9.181 L379 (AMB-36)."""
    siege = dict(
        port="Brundisium",
        besieged=True,
        fleets_inside=1,
        fleets_outside=2,
        strength_inside=36,
        strength_outside=36,
        optional_rule=True,
    )
    assert blockade(BlockadeInput(**siege), NO_DICE).outcome == {"blockaded": True}
    by_strength = BlockadeInput(**siege, options=BlockadeOptions(SiegeBlockade.STRENGTH_ALWAYS))
    assert blockade(by_strength, NO_DICE).outcome == {"blockaded": False}
    open_sea = BlockadeInput("Ravenna", besieged=False, strength_inside=18, strength_outside=36, optional_rule=True)
    assert blockade(open_sea, NO_DICE).outcome == {"blockaded": True}
    assert blockade(BlockadeInput("Ravenna", besieged=False, strength_outside=36), NO_DICE).outcome == {
        "blockaded": False
    }


def test_sea_transport_costs_and_the_twenty_point_limit():
    """12.312-12.316: embark in port 4, disembark in a friendly port 4; 12 moving makes 20, so the land units may
    still move; 13 makes 21 and they may not. A fleet carries one legion or two detachments (12.31)."""
    case = dict(fleets=2, legions=1, detachments=2, embark=Embark.PORT, disembark=Disembark.FRIENDLY_PORT)
    assert naval_transport(TransportInput(**case, sea_movement=12), NO_DICE).outcome == {
        "movement_points": 20,
        "land_units_may_move": True,
    }
    assert naval_transport(TransportInput(**case, sea_movement=13), NO_DICE).outcome["land_units_may_move"] is False
    with pytest.raises(RulesError, match="12.31"):
        naval_transport(TransportInput(fleets=1, legions=1, detachments=1), NO_DICE)


def test_amphibious_invasion_needs_a_2_leader():
    """12.332 L506 and 12.333: "Only fleets stacked with +2 or +3 leaders may amphibiously invade"."""
    case = dict(fleets=1, legions=1, disembark=Disembark.AMPHIBIOUS)
    with pytest.raises(RulesError, match="12.332"):
        naval_transport(TransportInput(**case, leader=1), NO_DICE)
    assert naval_transport(TransportInput(**case, leader=2), NO_DICE).outcome == {
        "movement_points": 12,
        "land_units_may_move": False,
    }
    assert naval_transport(TransportInput(**case, needs_no_leader=True), NO_DICE).outcome["movement_points"] == 12


def test_fleet_construction():
    """12.11-12.15: three turns and full payment; an occupier completes it on 4 or more."""
    assert fleet_construction(ConstructionInput(3, paid=True), NO_DICE).outcome == {
        "available": True,
        "captured": False,
    }
    assert fleet_construction(ConstructionInput(2, paid=True), NO_DICE).outcome["available"] is False
    assert fleet_construction(ConstructionInput(1, occupied=True), EnteredDice([4])).outcome["captured"] is True
    assert fleet_construction(ConstructionInput(1, occupied=True), EnteredDice([3])).outcome["captured"] is False


def test_tv_14_disbanding_a_36_30_gives_two_8_10_legions():
    """12.7 L580: "a 36-30 war fleet becomes two 8-10 "green" Legions"."""
    assert disband_fleet(DisbandInput(2), NO_DICE).outcome == {"legions": 2, "legion": "8-10"}


def test_wrong_road():
    """13.7 L615: "The most expensive terrain cost is applied on a roll of 1-3. The other on a roll of 4-6"."""
    assert wrong_road(WrongRoadInput(4, 2), EnteredDice([3])).outcome == {"cost": 4}
    assert wrong_road(WrongRoadInput(4, 2), EnteredDice([4])).outcome == {"cost": 2}


def test_dv_22_imperator_victory():
    """19.1-19.2 and extraction DV-22 (constructed): 10 - 4 + 1 = 7, "The Fall draws nigh."."""
    outcome = imperator_victory(ImperatorInput(invaded_provinces=2, conquered_outside=1), NO_DICE).outcome
    assert outcome == {"points": 7, "level": "The Fall draws nigh."}
    assert (
        imperator_victory(ImperatorInput(conquered_outside=3), NO_DICE).outcome["level"]
        == "The new Imperator is greater than Caesar."
    )


def test_barbarian_victory():
    """19.1 L869-871 (constructed): 2 provinces 40, plundered 5 and 3 make 24, occupied cities 6: 70, a washout."""
    case = BarbarianVictoryInput(2, plundered_tax_rates=(5, 3), occupied_tax_rates=(4, 2))
    assert barbarian_victory(case, NO_DICE).outcome == {"points": 70, "level": "As a barbarian you're a washout."}


def test_a_dissolved_factions_province_defects():
    """3.22-3.26 (constructed): alone with units, it takes the province; several, the higher morale takes the
    ungarrisoned cities; none, the closest, and a tie in distance goes to the higher morale, a tie in morale to
    the die."""
    alone = DefectionInput("Gallia", (Claimant("Otho", 80, has_units=True), Claimant("Vitellius", 120)))
    assert province_defection(alone, NO_DICE).outcome == {"province": "Otho", "ungarrisoned_cities": "Otho"}
    both = DefectionInput("Gallia", (Claimant("Otho", 80, True), Claimant("Vitellius", 120, True)))
    assert province_defection(both, NO_DICE).outcome == {"province": "", "ungarrisoned_cities": "Vitellius"}
    far = DefectionInput(
        "Gallia",
        (
            Claimant("Otho", 80, distance=3),
            Claimant("Vitellius", 80, distance=3),
            Claimant("Vespasian", 150, distance=9),
        ),
    )
    assert province_defection(far, EnteredDice([2, 5])).outcome["province"] == "Vitellius"
    with pytest.raises(RulesError, match="distance"):
        province_defection(DefectionInput("Gallia", (Claimant("Otho", 80),)), NO_DICE)


def test_tv_15_a_36_30_is_two_fleets_and_carries_twice_as_much():
    """12.12 L458: "The 18-30 side represents one fleet; the 36-30 side represents two fleets"; 12.315 L488: "A
    36-30 fleet can transport twice as many units as an 18-30 fleet"."""
    assert naval_transport(TransportInput(fleets=2, legions=2), NO_DICE).outcome["land_units_may_move"] is True
    with pytest.raises(RulesError, match="12.31"):
        naval_transport(TransportInput(fleets=1, legions=2), NO_DICE)


def test_tv_20_an_asterisked_province_is_shared_by_the_cities_each_deploys_in():
    """20.21 L890: in an asterisked province "the player only owns those cities in which his units deploy at the
    start of play. Thus, it is possible for two players to deploy units in the same province." Each owns only his
    deployment cities (the cities' controllers at the start); the province is the most taxation's (3.23)."""
    cities = (
        ControlledCity("Antiochia", "Vespasian", 6),
        ControlledCity("Apamea", "Vitellius", 2),
        ControlledCity("Emesa", "Vitellius", 2),
        ControlledCity("Damascus", "", 3),
    )
    assert province_control(ProvinceInput("Syria*", cities), NO_DICE).outcome == {"province": "Vespasian", "corn": ""}
