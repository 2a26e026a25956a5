"""At sea: a fleet's load, open-sea crossings and civilian charters (IX. FLEETS, SEA MOVEMENT, CIVILIAN SEA
TRANSPORTS)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.ad69.sea import (
    WORSE_THINGS,
    CharterInput,
    CrossingInput,
    FleetLoadInput,
    civilian_charter,
    fleet_load,
    open_sea_crossing,
)
from umpire.rules.ad69.weather import WeatherRegion
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.registry import run_procedure

ITALIA = WeatherRegion.ITALIA
XLV = Force("Legion XLV", (Troops(TroopType.LEGIONARY, 5), Troops(TroopType.AUXILIARY, 5)), aquila=True)
XLV_JSON = {
    "name": "Legion XLV",
    "aquila": True,
    "troops": [{"type": "legionary", "count": 5}, {"type": "auxiliary", "count": 5}],
}


def detachment(units, name="Vexillatio"):
    return Force(name, (Troops(TroopType.AUXILIARY, units),))


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def test_a_fleet_carries_14_with_an_aquila_counting_4():
    result = run_procedure("ad69.fleet_load", {"fleet": "Classis Misenensis", "forces": [XLV_JSON]}, EnteredDice([]))
    assert result.outcome == {"ok": True, "load": 14, "capacity": 14}
    assert ("step", "Legion XLV: 10 vexillations + Aquila 4 = 14", 14) in lines(result, "step")


def test_a_fleet_over_capacity_is_refused_naming_the_numbers():
    with pytest.raises(
        RulesError,
        match=r"16 vexillation equivalents \(12 vexillations \+ 1 Aquila × 4\) is more "
        r"than the fleet can carry in a turn: 14",
    ) as refusal:
        fleet_load(FleetLoadInput("Classis Misenensis", (XLV, detachment(2))), EnteredDice([]))
    assert refusal.value.field == "forces"


def test_a_halved_fleet_carries_7():
    with pytest.raises(RulesError, match="is more than the fleet can carry in a turn: 7"):
        fleet_load(FleetLoadInput("Classis Misenensis", (detachment(8),), capacity=7), EnteredDice([]))


def test_an_open_sea_crossing_outside_winter_fails_only_on_1():
    result = open_sea_crossing(CrossingInput("Classis Misenensis", ITALIA, 7, (XLV,)), EnteredDice([2]))
    assert result.outcome == {
        "result": "safe",
        "fleet_lost": False,
        "units_lost": {"Legion XLV": 0},
        "capacity_after": 14,
    }
    assert [text for _, text, _ in lines(result, "table")] == [
        "Sea transport: fleet capacity",
        "Sea transport: aquila equivalents",
        "Winter: italia rome, sea",
        "Open sea crossing: summer",
    ]


def test_a_winter_crossing_goes_wrong_on_2_and_worse_things_happen():
    """January is sea winter in Italia: a 2 brings the Worse Things roll; a 3 there is serious losses."""
    data = {"fleet": "Classis Misenensis", "region": "italia_rome", "month": 1, "forces": [XLV_JSON]}
    result = run_procedure("ad69.open_sea_crossing", data, EnteredDice([2, 3]))
    assert result.outcome == {
        "result": "serious_losses",
        "fleet_lost": False,
        "units_lost": {"Legion XLV": 5},
        "capacity_after": 7,
    }
    assert lines(result, "die", "table", "modifier") == [
        ("table", "Sea transport: fleet capacity", 14),
        ("table", "Sea transport: aquila equivalents", 4),
        ("table", "Winter: italia rome, sea", (10, 11, 12, 1, 2, 3)),
        ("table", "Open sea crossing: winter", 2),
        ("die", "d6 for Classis Misenensis's open-sea crossing", 2),
        ("die", "d6 for Worse Things Happen At Sea", 3),
        (
            "table",
            "Worse Things Happen At Sea: 2-5: serious losses, fleet capacity halves, half the transported "
            "troops lost (score 3)",
            "serious_losses",
        ),
    ]


def test_worse_things_on_1_loses_the_fleet_with_all_hands():
    result = open_sea_crossing(CrossingInput("Classis Misenensis", ITALIA, 7, (XLV,)), EnteredDice([1, 1]))
    assert result.outcome == {
        "result": "fleet_lost",
        "fleet_lost": True,
        "units_lost": {"Legion XLV": 10},
        "capacity_after": 0,
    }


def test_neptunes_offering_adds_1_to_the_worse_things_roll_not_the_crossing():
    case = CrossingInput("Classis Misenensis", ITALIA, 7, (XLV,), offering_to_neptune=True)
    saved = open_sea_crossing(case, EnteredDice([1, 1]))
    assert saved.outcome["result"] == "serious_losses"
    assert ("modifier", "+1 for the 10 talent offering to Neptune", 1) in lines(saved, "modifier")
    lucky = open_sea_crossing(case, EnteredDice([1, 6]))
    assert lucky.outcome["result"] == "lucky" and lucky.outcome["units_lost"] == {"Legion XLV": 0}


def test_crossing_dice_out_of_range_are_refused():
    with pytest.raises(DiceError) as refusal:
        open_sea_crossing(CrossingInput("Classis Misenensis", ITALIA, 7), EnteredDice([7]))
    assert refusal.value.field == "dice.0"


def test_charter_cost_coastal_and_open_sea():
    """10 vexillations, 3 coastal areas at 1 and 1 open-sea area at 4, in July: 30 + 40 = 70."""
    data = {
        "forces": [{"name": "Vexillatio", "troops": [{"type": "auxiliary", "count": 10}]}],
        "coastal_sea_areas": 3,
        "open_sea_areas": 1,
        "region": "italia_rome",
        "month": 7,
        "booked_a_month_ahead": True,
    }
    result = run_procedure("ad69.civilian_charter", data, EnteredDice([]))
    assert result.outcome == {"cost": 70, "vexillation_equivalents": 10}
    assert [text for _, text, _ in lines(result, "step")] == [
        "4 sea areas of 8 a month",
        "Vexillatio: 10 vexillations = 10",
        "10 vexillations × 3 coastal areas × 1 = 30",
        "10 vexillations × 1 open sea areas × 4 = 40",
        "July is not winter at sea in Italia/Rome",
        "Charter cost 70 talents",
    ]


def test_charter_cost_is_four_times_in_winter_and_counts_the_aquila():
    case = CharterInput((XLV,), ITALIA, 12, coastal_sea_areas=2, booked_a_month_ahead=True)
    result = civilian_charter(case, EnteredDice([]))
    assert result.outcome == {"cost": 112, "vexillation_equivalents": 14}
    assert ("modifier", "×4 in winter, ships being laid up: 28 → 112", 112) in lines(result, "modifier")


def test_a_charter_through_more_than_8_sea_areas_is_refused():
    case = CharterInput((XLV,), ITALIA, 7, coastal_sea_areas=6, open_sea_areas=3, booked_a_month_ahead=True)
    with pytest.raises(RulesError, match="9 sea areas: a civilian charter transits at most 8 a month") as refusal:
        civilian_charter(case, EnteredDice([]))
    assert refusal.value.field == "open_sea_areas"


def test_a_charter_must_be_booked_a_month_ahead():
    with pytest.raises(RulesError) as refusal:
        civilian_charter(CharterInput((XLV,), ITALIA, 7, coastal_sea_areas=1), EnteredDice([]))
    assert refusal.value.field == "booked_a_month_ahead"


def test_a_charter_needs_the_naval_fleets_agreement():
    case = CharterInput((XLV,), ITALIA, 7, coastal_sea_areas=1, booked_a_month_ahead=True, fleets_agree=False)
    with pytest.raises(RulesError) as refusal:
        civilian_charter(case, EnteredDice([]))
    assert refusal.value.field == "fleets_agree"


@given(st.integers(1, 6))
def test_neptune_never_makes_worse_things_worse(die):
    assert WORSE_THINGS.row(die + 1).result != "fleet_lost"
    order = ["fleet_lost", "serious_losses", "lucky"]
    assert order.index(WORSE_THINGS.lookup(die + 1)) >= order.index(WORSE_THINGS.lookup(die))


@given(st.integers(1, 8), st.integers(0, 8), st.integers(1, 12), st.integers(1, 14))
def test_charter_cost_grows_with_each_area_and_vexillation(coastal, extra, month, units):
    def cost(areas, carried):
        case = CharterInput((detachment(carried),), ITALIA, month, coastal_sea_areas=areas, booked_a_month_ahead=True)
        return civilian_charter(case, EnteredDice([])).outcome["cost"]

    more = min(coastal + extra, 8)
    assert cost(coastal, units) <= cost(more, units) and cost(coastal, units) <= cost(coastal, units + 1)
