"""5.0 Treasure, Taxation and Plunder, 5.3 the treasury's capture, 9.0 supply (the Supply Limitations Table and
9.15's purchase), and 6.0 Mobilization (training, green and veteran units)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.common import Cer, Season
from umpire.rules.imperium_romanum.mobilization import (
    DesertionInput,
    Era,
    GreenUnit,
    MobilizationInput,
    Recruit,
    ReplacementInput,
    UnitType,
    UpgradeInput,
    desertion,
    leader_replacement,
    mobilization,
    veteran_upgrade,
)
from umpire.rules.imperium_romanum.supply import (
    CityKind,
    CityLine,
    Ground,
    PlunderedHalf,
    PurchaseInput,
    SupplyInput,
    SupplyOptions,
    supply_limits,
    supply_purchase,
)
from umpire.rules.imperium_romanum.treasury import (
    CaptureInput,
    LeaderLost,
    PlunderInput,
    ScorchInput,
    TaxCity,
    TaxInput,
    plunder,
    scorched_earth,
    taxation,
    treasury_capture,
)
from umpire.rules.schema import parse

NO_DICE = EnteredDice([])


def test_taxation_counts_each_city_once_and_skips_plundered_ones():
    cities = (TaxCity("Roma", 10), TaxCity("Ostia", 3, plundered=True), TaxCity("Capua", 5, own_plunder=True))
    result = taxation(TaxInput(cities), NO_DICE)
    assert result.outcome == {"treasure": 13}  # 10 + 0 + half of 5 rounded up in the faction's favour (AMB-01)


def test_a_missing_tax_rate_names_the_table():
    with pytest.raises(RulesError, match="Unified Tax-Rate Defense Strength Table has no tax rate for 'Ravenna'"):
        taxation(TaxInput((TaxCity("Ravenna"),)), NO_DICE)


def test_barbarians_collect_no_taxes():
    assert taxation(TaxInput((TaxCity("Aquileia", 4),), barbarian=True), NO_DICE).outcome == {"treasure": 0}


def test_plunder_is_three_times_the_tax_with_a_six_turn_marker():
    result = plunder(PlunderInput(TaxCity("Cremona", 4)), NO_DICE)
    assert result.outcome == {"treasure": 12, "marker_turns": 6}
    with pytest.raises(RulesError, match="may not be plundered again"):
        plunder(PlunderInput(TaxCity("Cremona", 4, plundered=True)), NO_DICE)


@pytest.mark.parametrize(
    "how, dissolved, expected",
    [
        (LeaderLost.IN_LAND_COMBAT, False, {"gained": 25, "lost": 25, "kept": 50}),
        (LeaderLost.IN_LAND_COMBAT, True, {"gained": 75, "lost": 25, "kept": 0}),
        (LeaderLost.OTHERWISE, False, {"gained": 0, "lost": 50, "kept": 50}),
        (LeaderLost.OTHERWISE, True, {"gained": 0, "lost": 100, "kept": 0}),
    ],
)
def test_dv_19_to_21_the_treasury_when_its_leader_is_lost(how, dissolved, expected):
    """5.3 L164-165 and extraction DV-19 to DV-21 (constructed, not from the text), on 100 Treasure Points."""
    assert treasury_capture(CaptureInput(100, how, dissolved), NO_DICE).outcome == expected


def test_treasury_shares_round_down_and_the_faction_keeps_the_rest():
    """AMB-11 (constructed): a quarter of 10 is 2, so the faction keeps 6."""
    assert treasury_capture(CaptureInput(10, LeaderLost.IN_LAND_COMBAT), NO_DICE).outcome == {
        "gained": 2,
        "lost": 2,
        "kept": 6,
    }


def test_tv_09_supply_for_cavalry_in_media_in_ad_403_in_winter_costs_16():
    """9.15 L360: "to supply a cavalry unit in Media in A.D. 403 in winter would cost 16 Treasure Points/turn"."""
    case = PurchaseInput(cavalry=True, outside_empire=True, season=Season.WINTER, after_ad_300=True)
    assert supply_purchase(case, NO_DICE).outcome == {"cost": 16}


def test_dv_27_a_legion_in_the_empire_in_summer_before_300_costs_2():
    """Extraction DV-27 (constructed, not from the text)."""
    assert supply_purchase(PurchaseInput(legion_sized=True), NO_DICE).outcome == {"cost": 2}


def test_dv_28_a_clear_hex_outside_the_empire_in_winter_feeds_2_and_plundered_1():
    """Supply Limitations Table L986 and extraction DV-28 (constructed): 2; plundered, halved to 1."""
    case = dict(terrain=Ground.CLEAR, season=Season.WINTER, in_empire=False, legions=3)
    assert supply_limits(SupplyInput(**case), NO_DICE).outcome["limit"] == 2
    assert supply_limits(SupplyInput(**case, plundered=True), NO_DICE).outcome["limit"] == 1


def test_a_city_line_adds_to_the_terrain_or_replaces_it():
    """AMB-21 (constructed): a controlled listed city in a clear hex in the Empire, summer: 6 + 4 = 10, or 4."""
    case = dict(terrain=Ground.CLEAR, season=Season.SUMMER, city=CityKind.LISTED, legions=12)
    assert supply_limits(SupplyInput(**case), NO_DICE).outcome["limit"] == 10
    replaced = SupplyInput(**case, options=SupplyOptions(city_line=CityLine.REPLACES))
    assert supply_limits(replaced, NO_DICE).outcome["limit"] == 4


def test_corn_feeds_the_surplus_and_a_second_turn_over_eliminates():
    """9.9 and 9.3 (constructed): a rough summer hex in the Empire feeds 4; 9 legions need 2 corn for the 5 over.
    With 1 corn, 1 legion stays over: flagged, then removed in the next Supply Phase."""
    case = dict(terrain=Ground.ROUGH, season=Season.SUMMER, legions=9)
    fed = supply_limits(SupplyInput(**case, corn=2), NO_DICE).outcome
    assert (fed["corn_spent"], fed["excess"]) == (2, 0)
    short = supply_limits(SupplyInput(**case, corn=1), NO_DICE).outcome
    assert (short["excess"], short["eliminate"]) == (1, 0)
    assert supply_limits(SupplyInput(**case, corn=1, excess_last_turn=True), NO_DICE).outcome["eliminate"] == 1


def test_desert_has_no_line():
    with pytest.raises(RulesError, match="no line for desert"):
        supply_limits(SupplyInput(Ground.DESERT, Season.SUMMER, legions=1), NO_DICE)


def recruit(**kwargs):
    base = dict(
        line="Italia: legion",
        type=UnitType.LEGIONARY_INFANTRY,
        strength=20,
        cer=Cer.A,
        pool_left=3,
        cost=10,
        area_cer="A",
    )
    return Recruit(**{**base, **kwargs})


def test_tv_06_and_07_a_trained_legion_costs_its_price_and_is_placed_green():
    """6.3 L225: a veteran 16-10 legion trains an unseasoned 10-10 "because they are of the same type"; 6.41
    L233: "a "green" 20-10 Legion is actually a 10-10". Without the trainer the cost doubles."""
    trained = mobilization(MobilizationInput("Roma", (recruit(trainer=True),)), NO_DICE).outcome
    assert trained == {"units": [{"line": "Italia: legion", "cost": 10, "strength": 10, "green": True}], "cost": 10}
    untrained = mobilization(MobilizationInput("Roma", (recruit(),)), NO_DICE).outcome
    assert untrained["cost"] == 20


def test_tv_21_after_300_legions_are_never_green_and_need_no_training():
    """6.42 L235."""
    outcome = mobilization(MobilizationInput("Roma", (recruit(strength=10),), era=Era.AFTER_AD_300), NO_DICE).outcome
    assert outcome["units"] == [{"line": "Italia: legion", "cost": 10, "strength": 10, "green": False}]


def test_mobilization_limits():
    """6.12: two a city, not plundered or besieged; 6.13: a class A area may raise B, a B area not A; the cost
    comes from Control's Annual Recruiting Limits."""
    one = {"line": "Italia: legion", "type": "legionary_infantry", "strength": 20, "cer": "A", "pool_left": 3}
    with pytest.raises(RulesError, match="recruits: may hold at most 2, not 3"):
        parse(MobilizationInput, {"city": "Roma", "recruits": [one] * 3})
    with pytest.raises(RulesError, match="non-besieged"):
        mobilization(MobilizationInput("Roma", (recruit(),), besieged=True), NO_DICE)
    assert mobilization(MobilizationInput("Roma", (recruit(cer=Cer.B),)), NO_DICE).outcome["cost"] == 20
    with pytest.raises(RulesError, match="a class B area raises class B"):
        mobilization(MobilizationInput("Roma", (recruit(area_cer="B"),)), NO_DICE)
    with pytest.raises(RulesError, match="no cost for 'Italia: legion'"):
        mobilization(MobilizationInput("Roma", (recruit(cost=None),)), NO_DICE)


def test_tv_08_green_units_upgrade_up_to_the_enemys_strength():
    """6.5 L238: four green 10-10 legions attack a veteran 20-10 and a green 2-12 ("total strength 22"): "The
    attacker may upgrade two of his legions, but not the other two; the defender may upgrade his light infantry"."""
    legions = tuple(GreenUnit(f"legion {n}", 10, 20) for n in range(1, 5))
    attacker = veteran_upgrade(UpgradeInput(legions, enemy_strength=22), NO_DICE).outcome
    assert attacker == {"upgraded": ["legion 1", "legion 2"]}
    defender = veteran_upgrade(UpgradeInput((GreenUnit("2-12", 2, 4),), enemy_strength=40), NO_DICE).outcome
    assert defender == {"upgraded": ["2-12"]}
    assert veteran_upgrade(UpgradeInput(legions, 22, resolved=False), NO_DICE).outcome == {"upgraded": []}


@pytest.mark.parametrize("rating, roll, back", [(2, 1, True), (2, 2, False), (1, 2, True), (1, 3, False)])
def test_unnamed_leaders_return(rating, roll, back):
    """10.42 L418-419: +2 leaders on a 1, +1 leaders on a 1 or 2."""
    assert leader_replacement(ReplacementInput(rating), EnteredDice([roll])).outcome == {"returns": back}


def test_desertion_to_the_imperator():
    """10.63: on a roll at most his bonus; 10.64: never units forced to retreat."""
    assert desertion(DesertionInput(3), EnteredDice([3])).outcome == {"desert": True}
    assert desertion(DesertionInput(3), EnteredDice([4])).outcome == {"desert": False}
    assert desertion(DesertionInput(3, retreated=True), NO_DICE).outcome == {"desert": False}


def test_a_plundered_odd_limit_is_halved_up_or_down():
    """5.63 with 2.1 (AMB-01, constructed): a rough hex outside the Empire in winter feeds 1; plundered, half of
    it is 1 (rounded up, for the units) or 0."""
    case = dict(terrain=Ground.ROUGH, season=Season.WINTER, in_empire=False, legions=1, plundered=True)
    assert supply_limits(SupplyInput(**case), NO_DICE).outcome["limit"] == 1
    down = SupplyInput(**case, options=SupplyOptions(plundered_half=PlunderedHalf.DOWN))
    assert supply_limits(down, NO_DICE).outcome["limit"] == 0


def test_tv_05_a_lesser_unit_may_be_substituted():
    """6.14 L206: "a 16-10 Legion may be taken in place of a 20-10 or 24-10; or a CER "B" 6-16 unit may be taken in
    lieu of an "A"". The 16-10 is placed green at 8; the class B unit is raised in a class A area (6.13)."""
    legion = mobilization(MobilizationInput("Roma", (recruit(strength=16, trainer=True),)), NO_DICE).outcome
    assert legion["units"][0]["strength"] == 8
    cavalry = recruit(line="Italia: 6-16", type=UnitType.LIGHT_AND_MISSILE_CAVALRY, strength=6, cer=Cer.B)
    assert mobilization(MobilizationInput("Roma", (cavalry,)), NO_DICE).outcome["units"][0]["strength"] == 3
    with pytest.raises(RulesError, match="6.13"):
        mobilization(MobilizationInput("Roma", (recruit(cer=Cer.A, area_cer="B"),)), NO_DICE)


def test_scorched_earth_costs_4_a_hex_and_marks_it_six_turns():
    """5.61-5.62 L183-185 (constructed): two hexes cost 8 movement points; a city hex is not scorched, it is
    plundered."""
    assert scorched_earth(ScorchInput(2, movement_left=10), NO_DICE).outcome == {
        "movement_points": 8,
        "marker_turns": 6,
    }
    with pytest.raises(RulesError, match="only 6 are left"):
        scorched_earth(ScorchInput(2, movement_left=6), NO_DICE)
    with pytest.raises(RulesError, match="non-city controlled hexes"):
        scorched_earth(ScorchInput(1, movement_left=6, city_in_hex=True), NO_DICE)
