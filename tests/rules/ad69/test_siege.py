"""Sieges (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.ad69.siege import (
    FORTIFICATIONS,
    EnginesInput,
    Place,
    PlaceType,
    ReductionInput,
    SiegeAssaultInput,
    SiegeSide,
    build_siege_engines,
    reduce_defences,
    siege_assault,
)
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.registry import run_procedure


def force(name, *, aquila=False, **units):
    return Force(name, tuple(Troops(TroopType(kind), n) for kind, n in units.items()), aquila)


XLV = force("Legion XLV", aquila=True, legionary=5, auxiliary=5, raw_levy=10)
XLV_JSON = {
    "name": "Legion XLV",
    "aquila": True,
    "troops": [{"type": "legionary", "count": 5}, {"type": "auxiliary", "count": 5}, {"type": "raw_levy", "count": 10}],
}


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def test_fortification_table_matches_handbook():
    assert FORTIFICATIONS.rows == {
        "huge_mountain_fortified_city": {
            "multiplier": None,
            "capacity": 100,
            "max_assaulters": "unlimited",
            "min_engines": 4,
        },
        "major_fortified_city": {"multiplier": 8, "capacity": 100, "max_assaulters": "unlimited", "min_engines": 3},
        "minor_fortified_city": {"multiplier": 5, "capacity": 50, "max_assaulters": 80, "min_engines": 2},
        "fortified_town": {"multiplier": 2, "capacity": 25, "max_assaulters": 60, "min_engines": 1},
        "legionary_fort": {"multiplier": 6, "capacity": 20, "max_assaulters": 40, "min_engines": 1},
    }
    assert FORTIFICATIONS.source == "X. THE SIEGE SYSTEM"


def test_fortification_procedure_says_the_huge_mountain_multiplier_varies():
    result = run_procedure("ad69.fortification", {"type": "huge_mountain_fortified_city"}, EnteredDice([]))
    assert result.outcome == {
        "multiplier": "20+, varies",
        "capacity": 100,
        "max_assaulters": "unlimited",
        "min_engines": 4,
    }


def test_assault_bloody_repulse_shows_its_whole_working():
    """XLV (levies not counted: 50) with Bigius in person (+2, skill +1) against a minor fortified city held
    by 3 auxiliaries and 4 levies (20 × 5 = 100): 10+5+2+1 = 18 against 2+10 = 12, a difference of 6."""
    data = {
        "place": {"type": "minor_fortified_city", "name": "Cremona"},
        "attackers": {"forces": [XLV_JSON], "commander_in_person": True, "military_skill": 1},
        "defenders": {
            "forces": [
                {
                    "name": "Cremona garrison",
                    "troops": [{"type": "auxiliary", "count": 3}, {"type": "raw_levy", "count": 4}],
                }
            ]
        },
    }
    result = run_procedure("ad69.siege_assault", data, EnteredDice([10, 2]))
    assert result.outcome == {
        "result": "bloody_repulse",
        "place_falls": False,
        "difference": 6,
        "attack_value": 50,
        "garrison_value": 20,
        "defence_value": 100,
        "attackers_lost": 2,
        "defenders_lost": 5,
    }
    assert lines(result, "die", "modifier", "table") == [
        ("table", "Fortifications: minor fortified city, capacity", 50),
        ("table", "Fortifications: minor fortified city, max assaulters", 80),
        ("table", "Fortifications: minor fortified city, multiplier", 5),
        ("modifier", "Defence Combat Value: 20 × 5", 100),
        ("die", "d12 for the attackers' siege roll", 10),
        ("modifier", "+1 for every 10 points of the attackers' value (50)", 5),
        ("modifier", "+2 Legionary Commander in person", 2),
        ("modifier", "+1 Military Skill of the Army Commander", 1),
        ("die", "d12 for the defenders' siege roll", 2),
        ("modifier", "+1 for every 10 points of the defenders' value (100)", 10),
        ("table", "Siege combat results: +4/+7: bloody repulse (score 6)", "bloody_repulse"),
        ("modifier", "Attackers lose the defenders' 20 ÷ 10, rounded down", 2),
        ("modifier", "Defenders lose the attackers' 50 ÷ 10, rounded down", 5),
    ]
    assert "Legion XLV: 10 raw levy" not in " ".join(text for _, text, _ in lines(result, "step"))


def test_an_empty_place_has_combat_value_3_and_falls_on_8_or_more():
    case = SiegeAssaultInput(Place(PlaceType.LEGIONARY_FORT, "Vetera"), SiegeSide((XLV,)), SiegeSide())
    result = siege_assault(case, EnteredDice([12, 1]))
    assert (result.outcome["garrison_value"], result.outcome["defence_value"]) == (3, 18)
    assert result.outcome["difference"] == 15 and result.outcome["place_falls"] is True
    assert (result.outcome["attackers_lost"], result.outcome["defenders_lost"]) == (0, 0)
    assert ("step", "No garrison units: combat value 3", 3) in lines(result, "step")


def test_a_victorious_assault_wipes_out_the_defenders_and_costs_their_value_over_20():
    garrison = force("Vetera garrison", legionary=5, raw_levy=5)  # 30 + 10 = 40, × 2 = 80
    case = SiegeAssaultInput(
        Place(PlaceType.FORTIFIED_TOWN, "Vetera"), SiegeSide((XLV,), military_skill=5), SiegeSide((garrison,))
    )
    result = siege_assault(case, EnteredDice([12, 1]))  # 12+5+5 = 22 against 1+8 = 9
    assert result.outcome["result"] == "place_falls"
    assert (result.outcome["attackers_lost"], result.outcome["defenders_lost"]) == (2, 10)


def test_a_defender_rolling_higher_is_a_repulse_costing_the_defenders_nothing():
    garrison = force("Jerusalem garrison", legionary=5)  # 30 × 20 = 600
    case = SiegeAssaultInput(
        Place(PlaceType.HUGE_MOUNTAIN_FORTIFIED_CITY, "Jerusalem", multiplier=20),
        SiegeSide((XLV,)),
        SiegeSide((garrison,)),
    )
    result = siege_assault(case, EnteredDice([6, 6]))  # 6+5 = 11 against 6+60 = 66
    assert (result.outcome["difference"], result.outcome["result"]) == (-55, "repulse")
    assert (result.outcome["attackers_lost"], result.outcome["defenders_lost"]) == (1, 0)
    assert ("table", "Siege combat results: +3 or less: repulse (score -55)", "repulse") in lines(result, "table")


def test_the_huge_mountain_city_multiplier_must_be_entered():
    case = SiegeAssaultInput(Place(PlaceType.HUGE_MOUNTAIN_FORTIFIED_CITY, "Masada"), SiegeSide((XLV,)), SiegeSide())
    with pytest.raises(RulesError, match="20 or more and varies") as refusal:
        siege_assault(case, EnteredDice([6, 6]))
    assert refusal.value.field == "place.multiplier"


def test_a_garrison_over_capacity_is_refused():
    garrison = force("Town garrison", auxiliary=20, raw_levy=6)
    case = SiegeAssaultInput(Place(PlaceType.FORTIFIED_TOWN, "Lugdunum"), SiegeSide((XLV,)), SiegeSide((garrison,)))
    with pytest.raises(RulesError, match="a garrison of 26 units is more than Lugdunum") as refusal:
        siege_assault(case, EnteredDice([6, 6]))
    assert refusal.value.field == "defenders.forces"


def test_too_many_assaulters_are_refused_and_raw_levies_do_not_count():
    army = force("Army of the Rhine", legionary=25, auxiliary=16, raw_levy=30)
    case = SiegeAssaultInput(Place(PlaceType.LEGIONARY_FORT, "Vetera"), SiegeSide((army,)), SiegeSide())
    with pytest.raises(RulesError, match="41 assaulting units are more than can be deployed") as refusal:
        siege_assault(case, EnteredDice([6, 6]))
    assert refusal.value.field == "attackers.forces"


def test_siege_dice_out_of_range_are_refused():
    case = SiegeAssaultInput(Place(PlaceType.FORTIFIED_TOWN, "Vetera"), SiegeSide((XLV,)), SiegeSide())
    with pytest.raises(DiceError) as refusal:
        siege_assault(case, EnteredDice([13, 1]))
    assert refusal.value.field == "dice.0"


def test_a_month_of_reduction_lowers_the_multiplier_by_one():
    result = run_procedure(
        "ad69.reduce_defences",
        {"place": {"type": "minor_fortified_city", "name": "Placentia"}, "engine_sets": 2},
        EnteredDice([]),
    )
    assert result.outcome == {"multiplier_before": 5, "multiplier_after": 4, "reduced": True}
    assert ("modifier", "-1 for a month of reduction", -1) in lines(result, "modifier")


def test_reduction_stops_at_multiplier_1():
    case = ReductionInput(Place(PlaceType.FORTIFIED_TOWN, "Vetera", multiplier=1), engine_sets=1)
    assert reduce_defences(case, EnteredDice([])).outcome == {
        "multiplier_before": 1,
        "multiplier_after": 1,
        "reduced": False,
    }


def test_fewer_engine_sets_than_the_minimum_are_refused():
    with pytest.raises(RulesError, match="2 sets of siege engines are too few to reduce Rome: it needs 3") as refusal:
        reduce_defences(ReductionInput(Place(PlaceType.MAJOR_FORTIFIED_CITY, "Rome"), engine_sets=2), EnteredDice([]))
    assert refusal.value.field == "engine_sets"


def test_the_umpires_advice_on_engines_overrides_the_table():
    case = ReductionInput(
        Place(PlaceType.HUGE_MOUNTAIN_FORTIFIED_CITY, "Jerusalem", multiplier=22), engine_sets=5, engines_required=6
    )
    with pytest.raises(RulesError, match="it needs 6") as refusal:
        reduce_defences(case, EnteredDice([]))
    assert refusal.value.field == "engine_sets"


def test_a_half_strength_legion_with_its_aquila_builds_one_set_of_engines():
    data = {
        "legion": {
            "name": "Legion XLV",
            "aquila": True,
            "troops": [{"type": "legionary", "count": 3}, {"type": "auxiliary", "count": 2}],
        },
        "doing_nothing_else": True,
    }
    result = run_procedure("ad69.build_siege_engines", data, EnteredDice([]))
    assert result.outcome == {"sets_built": 1, "months": 1}


@pytest.mark.parametrize(
    "case, field",
    [
        (EnginesInput(force("Legion XLV", aquila=True, legionary=2, auxiliary=2, raw_levy=10), True), "legion.troops"),
        (EnginesInput(force("Legion XLV", legionary=5), True), "legion.aquila"),
        (EnginesInput(force("Legion XLV", aquila=True, legionary=5), False), "doing_nothing_else"),
        (EnginesInput(force("Legion XLV", aquila=True, legionary=5), True, sets_built_here=1), "sets_built_here"),
    ],
)
def test_building_engines_is_refused_naming_the_reason(case, field):
    with pytest.raises(RulesError) as refusal:
        build_siege_engines(case, EnteredDice([]))
    assert refusal.value.field == field


@given(
    st.integers(0, 20),
    st.integers(0, 20),
    st.integers(0, 40),
    st.integers(0, 40),
    st.booleans(),
    st.integers(1, 12),
    st.integers(1, 12),
    st.integers(1, 20),
)
def test_siege_losses_never_exceed_a_force(
    legionaries, levies, garrison_legionaries, garrison_levies, veteran, attack_die, defence_die, multiplier
):
    attackers = Force("Army", (Troops(TroopType.LEGIONARY, legionaries, veteran), Troops(TroopType.RAW_LEVY, levies)))
    garrison = Force(
        "Garrison",
        (Troops(TroopType.LEGIONARY, garrison_legionaries, veteran), Troops(TroopType.RAW_LEVY, garrison_levies)),
    )
    case = SiegeAssaultInput(
        Place(PlaceType.MAJOR_FORTIFIED_CITY, "Rome", multiplier), SiegeSide((attackers,)), SiegeSide((garrison,))
    )
    outcome = siege_assault(case, EnteredDice([attack_die, defence_die])).outcome
    assert 0 <= outcome["attackers_lost"] <= legionaries
    assert 0 <= outcome["defenders_lost"] <= garrison_legionaries + garrison_levies
    assert outcome["place_falls"] == (outcome["difference"] >= 8)
