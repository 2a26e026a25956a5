"""5.0 Treasure, Taxation, and Plunder: the Joint Taxation Phase, plunder and its marker, and the treasury when
the leader carrying it is lost (5.3). A city's tax rate is in the Unified Tax-Rate Defense Strength Table, which
the text does not print: Control enters it on the data tables page."""

import math
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

TAXATION = "5.4 Taxation"
PLUNDER = "5.5 Plunder"
MARKER = "5.51 Plunder"
OWN_CITY = "5.53 Plunder"
TREASURY = "5.3 The Treasury"
PLUNDER_TIMES = 3  # 5.5 (L172): "three times the normal amount"
MARKER_TURNS = 6  # 5.51 (L174): "six full game-turns"


@dataclass(frozen=True)
class TaxCity:
    name: str = spec("The city")
    tax_rate: int | None = spec(
        "Its tax rate (empty: from the event's Unified Tax-Rate Defense Strength Table)", min=0, max=100, default=None
    )
    plundered: bool = spec("A Plundered marker is on it (5.51)", default=False)
    own_plunder: bool = spec(
        "This power plundered it itself once and the marker is gone (5.53: half tax)", default=False
    )


def tax_rate(city: TaxCity, field: str, working: Working) -> int:
    if city.tax_rate is None:
        raise RulesError(
            field,
            f"the Unified Tax-Rate Defense Strength Table has no tax rate for {city.name!r}: "
            "Control enters it on the data tables page",
        )
    return city.tax_rate


class HalfTax(Choice):
    """5.53's half tax, rounded "in favor of the affected unit" (2.1): the affected is the power taxing."""

    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class TaxOptions:
    half_tax: HalfTax = spec(
        "5.53 with 2.1 (extraction AMB-01): half the tax of a city the power plundered itself, rounded up in the "
        "taxing power's favour (default) or down",
        default=HalfTax.UP,
    )


@dataclass(frozen=True)
class TaxInput:
    cities: tuple[TaxCity, ...] = spec("The cities the faction controls (5.4, 6.8), each taxed once", max_items=200)
    barbarian: bool = spec("The power is barbarian (5.21: no treasury, no taxes)", default=False)
    options: TaxOptions = spec("Readings of points the rulebook leaves open", default=TaxOptions())


def city_tax(city: TaxCity, n: int, options: TaxOptions, working: Working) -> int:
    if city.plundered:
        working.step(f"{city.name}: plundered, not taxed while the marker stays", MARKER, 0)
        return 0
    rate = tax_rate(city, f"cities.{n}.tax_rate", working)
    if not city.own_plunder:
        working.step(f"{city.name}: {rate}", TAXATION, rate)
        return rate
    half = Fraction(rate, 2)
    value = math.ceil(half) if options.half_tax is HalfTax.UP else math.floor(half)
    working.step(
        f"{city.name}: half of {rate}, plundered by its own power, rounded {options.half_tax.value}: {value}",
        OWN_CITY,
        value,
    )
    return value


@procedure(RULESET, "taxation", title="Joint Taxation Phase", source=TAXATION, takes=TaxInput)
def taxation(case: TaxInput, dice: Dice) -> Result:
    """5.4: each controlled city yields its tax rate once a turn, besieged or not; plundered ones nothing."""
    working = Working()
    if case.barbarian:
        working.step("Barbarians have no treasury and do not collect taxes", "5.21", 0)
        return Result.of(f"{RULESET}.taxation", {"treasure": 0}, working, dice)
    total = sum(city_tax(city, n, case.options, working) for n, city in enumerate(case.cities))
    working.step(f"Treasure Points collected: {total}", TAXATION, total)
    return Result.of(f"{RULESET}.taxation", {"treasure": total}, working, dice)


@dataclass(frozen=True)
class PlunderInput:
    city: TaxCity = spec("The city occupied at the end of the activation")
    own_city: bool = spec("The power plunders one of its own cities (5.53)", default=False)
    furthest_faction: bool = spec("Units controlled under the Furthest Faction rule plunder (18.31)", default=False)


@procedure(RULESET, "plunder", title="Plunder", source=PLUNDER, takes=PlunderInput)
def plunder(case: PlunderInput, dice: Dice) -> Result:
    """5.5: three times the city's tax, and a Plundered marker for six full game-turns."""
    working = Working()
    if case.city.plundered:
        raise RulesError(
            "city.plundered", f"{case.city.name} is under a Plundered marker: it may not be plundered again (5.51)"
        )
    rate = tax_rate(case.city, "city.tax_rate", working)
    treasure = working.modifier(f"{case.city.name}: three times its tax rate {rate}", PLUNDER_TIMES * rate, PLUNDER)
    if case.furthest_faction:
        working.step(
            "Plunder by units under the Furthest Faction rule is not added to the controller's treasury",
            "18.31 Restrictions",
            0,
        )
        treasure = 0
    working.step(
        f"A Plundered marker for {MARKER_TURNS} full game-turns: not taxed nor plundered; not counted for "
        "supply, and its supply limit halved (5.52); fleets cannot withdraw into it",
        MARKER,
        MARKER_TURNS,
    )
    if case.own_city:
        working.step(
            "Its own city: the power may never raise units there, and taxes it at half once the marker is gone",
            OWN_CITY,
        )
    return Result.of(f"{RULESET}.plunder", {"treasure": treasure, "marker_turns": MARKER_TURNS}, working, dice)


class LeaderLost(Choice):
    IN_LAND_COMBAT = "in_land_combat"
    OTHERWISE = "otherwise"


@dataclass(frozen=True)
class CaptureInput:
    treasury: int = spec("The treasury the leader carried", min=0, max=100000)
    how: LeaderLost = spec("How the leader carrying it was killed or captured")
    dissolved: bool = spec("The faction dissolves", default=False)


def share(part: int, treasury: int) -> int:
    """A quarter or a half of the treasury in whole Treasure Points, rounded down: the faction keeps the
    remainder (AMB-11)."""
    return treasury * part // 4


@procedure(RULESET, "treasury_capture", title="Treasury lost with its leader", source=TREASURY, takes=CaptureInput)
def treasury_capture(case: CaptureInput, dice: Dice) -> Result:
    """5.3: in land combat the enemy gains 25%, 25% is lost, 50% kept (all the enemy's if dissolved); otherwise
    50% lost and 50% kept (all lost if dissolved)."""
    working = Working()
    working.note("Shares are rounded down in whole Treasure Points; the faction keeps the remainder (AMB-11)", TREASURY)
    t = case.treasury
    if case.how is LeaderLost.IN_LAND_COMBAT:
        gained, lost = share(1, t), share(1, t)
        kept = t - gained - lost
        if case.dissolved:
            gained, kept = gained + kept, 0
    else:
        lost = t if case.dissolved else share(2, t)
        gained, kept = 0, t - lost
    working.step(
        f"Of {t}: the opposing player gains {gained}, {lost} is lost, the faction keeps {kept}", TREASURY, kept
    )
    return Result.of(f"{RULESET}.treasury_capture", {"gained": gained, "lost": lost, "kept": kept}, working, dice)


# ---- imperium_romanum.treasure_city (optional) -----------------------------------------------------

TREASURE_CITIES_RULE = "5.8 Treasure Cities"
# 5.8 (L191): the cities that may be designated treasure cities, by agreement among the players.
TREASURE_CITIES = (
    "Roma",
    "Byzantium/Constantinopolis",
    "Ctesiphon",
    "Phraaspa",
    "Alexandria",
    "Antiochus",
    "Carthago",
    "Hierosolyma",
    "Hispalis",
    "Ephesus",
    "Rhodus",
)


@dataclass(frozen=True)
class TreasureCityInput:
    city: TaxCity = spec("The treasure city (its tax rate from the event's Unified Tax-Rate Defense Strength Table)")
    stored: int | None = spec(
        "Treasure still stored there (empty: the start of play, when it is placed)", min=0, max=10000, default=None
    )
    imperator_present: bool = spec("An Imperator, of any faction, physically occupies the city now", default=False)
    plundered_now: bool = spec("The city is being plundered now", default=False)


def stored_treasure(case: TreasureCityInput, working: Working) -> int:
    if case.stored is not None:
        working.step(f"{case.city.name} holds {case.stored} treasure", TREASURE_CITIES_RULE, case.stored)
        return case.stored
    rate = tax_rate(case.city, "city.tax_rate", working)
    return working.modifier(
        f"Start of play: three times {case.city.name}'s tax yield {rate} placed there",
        PLUNDER_TIMES * rate,
        TREASURE_CITIES_RULE,
    )


@procedure(
    RULESET, "treasure_city", title="Treasure cities (optional)", source=TREASURE_CITIES_RULE, takes=TreasureCityInput
)
def treasure_city(case: TreasureCityInput, dice: Dice) -> Result:
    """5.8: three times the tax yield stored at the start; only an Imperator in the city may take it, taxation
    going on as ever; plundering the city loses it for good (the plunder itself is collected as usual)."""
    working = Working()
    if case.city.name not in TREASURE_CITIES:
        raise RulesError(
            "city.name", f"{case.city.name!r} is not a treasure city; they are {', '.join(TREASURE_CITIES)}"
        )
    stored = stored_treasure(case, working)
    taken = lost = 0
    if case.plundered_now:
        lost = stored
        working.step(
            f"Plundered: the {stored} stored is permanently lost; normal plunder may be collected",
            TREASURE_CITIES_RULE,
            lost,
        )
    elif case.imperator_present:
        taken = stored
        working.step(
            f"An Imperator occupies the city: he takes the {stored}; normal tax collection is unaffected",
            TREASURE_CITIES_RULE,
            taken,
        )
    else:
        working.step("No Imperator occupies the city: the treasure may not be removed or used", TREASURE_CITIES_RULE, 0)
    outcome = {"stored": stored - taken - lost, "taken": taken, "lost": lost}
    return Result.of(f"{RULESET}.treasure_city", outcome, working, dice)


# ---- imperium_romanum.scorched_earth (optional) ----------------------------------------------------

SCORCHED_EARTH = "5.61 Scorched Earth"
SCORCH_MP = 4  # 5.61 (L183): "spending 4 movement points per hex"


@dataclass(frozen=True)
class ScorchInput:
    hexes: int = spec("Hexes the unit plunders on its move", min=1, max=20)
    movement_left: int = spec("Movement points the unit has left to spend", min=0, max=60)
    city_in_hex: bool = spec(
        "A hex holds a city (5.61 is for non-city hexes; a city is plundered by 5.5)", default=False
    )
    controlled: bool = spec('The hexes are controlled (5.61: "any non-city controlled hex")', default=True)


@procedure(RULESET, "scorched_earth", title="Scorched earth (optional)", source=SCORCHED_EARTH, takes=ScorchInput)
def scorched_earth(case: ScorchInput, dice: Dice) -> Result:
    """5.61-5.63: a unit plunders non-city controlled hexes at 4 movement points each; each gets a Plundered
    marker for six full game-turns, halving its supply limitations. The text gives no treasure for it."""
    working = Working()
    if case.city_in_hex or not case.controlled:
        raise RulesError(
            "city_in_hex" if case.city_in_hex else "controlled",
            "scorched earth is for non-city controlled hexes (5.61)",
        )
    cost = working.modifier(
        f"{case.hexes} hex(es) at {SCORCH_MP} movement points each", SCORCH_MP * case.hexes, SCORCHED_EARTH
    )
    if cost > case.movement_left:
        raise RulesError("hexes", f"{cost} movement points are needed and only {case.movement_left} are left")
    working.step(
        f"A Plundered marker in each for {MARKER_TURNS} full game-turns; the supply limitations there are "
        "halved; no treasure",
        "5.62-5.63 Scorched Earth",
        MARKER_TURNS,
    )
    return Result.of(
        f"{RULESET}.scorched_earth", {"movement_points": cost, "marker_turns": MARKER_TURNS}, working, dice
    )
