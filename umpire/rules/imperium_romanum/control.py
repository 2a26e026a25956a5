"""Who controls a province: "the most taxation of the cities in the province" (3.23, 6.16, 9.2, 12.313, 15.5),
its corn by "a majority of the cities" (9.62), and a barbarian province by heavy units (6.73)."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET

MOST_TAXATION = "3.23 Faction Dissolution"
CORN = "9.62 Corn Production"
BARBARIAN = "6.73 Replacements"
HEAVY_UNITS, GERMANIA_MAGNA_UNITS = 2, 6  # 6.73 (L250)


@dataclass(frozen=True)
class ControlledCity:
    name: str = spec("A city of the province")
    controller: str = spec("The power controlling it (6.8; empty: none)", default="")
    tax_rate: int | None = spec(
        "Its tax rate (empty: from the event's Unified Tax-Rate Defense Strength Table)", min=0, max=100, default=None
    )


@dataclass(frozen=True)
class ProvinceInput:
    province: str = spec("The province")
    cities: tuple[ControlledCity, ...] = spec("Its cities", min_items=1, max_items=40)


def taxation_by_power(case: ProvinceInput, working: Working) -> Counter[str]:
    totals: Counter[str] = Counter()
    for n, city in enumerate(case.cities):
        if city.tax_rate is None:
            raise RulesError(
                f"cities.{n}.tax_rate",
                f"the Unified Tax-Rate Defense Strength Table has no tax rate for "
                f"{city.name!r}: Control enters it on the data tables page",
            )
        if city.controller:
            totals[city.controller] += city.tax_rate
    for power, total in totals.most_common():
        working.step(f"{power}: cities taxed at {total}", MOST_TAXATION, total)
    return totals


def leader(totals: Counter[str]) -> str:
    """The power with strictly the most, or "" on a tie (the text does not settle one, AMB-07)."""
    ranked = totals.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return ""
    return ranked[0][0]


@procedure(RULESET, "province_control", title="Control of a province", source=MOST_TAXATION, takes=ProvinceInput)
def province_control(case: ProvinceInput, dice: Dice) -> Result:
    """3.23 and 9.62: the province to the power with the most taxation of its cities; its corn to one holding a
    majority of its cities."""
    working = Working()
    province = leader(taxation_by_power(case, working))
    working.step(
        f"{case.province}: "
        + (
            f"{province} controls it"
            if province
            else "no power holds the most taxation: nobody controls it (a tie, AMB-07)"
        ),
        MOST_TAXATION,
        province,
    )
    counts = Counter(city.controller for city in case.cities if city.controller)
    corn = next((power for power, count in counts.items() if 2 * count > len(case.cities)), "")
    working.step(
        "Its corn: "
        + (
            f"{corn} holds a majority of its {len(case.cities)} cities"
            if corn
            else "no power holds a majority of its cities"
        ),
        CORN,
        corn,
    )
    return Result.of(f"{RULESET}.province_control", {"province": province, "corn": corn}, working, dice)


@dataclass(frozen=True)
class BarbarianProvinceInput:
    province: str = spec("The barbarian province")
    heavy_units: int = spec("The player's heavy infantry and heavy cavalry units in it", min=0, max=100)
    enemy_units: bool = spec("It holds enemy units", default=False)


@procedure(
    RULESET,
    "barbarian_province_control",
    title="Control of a barbarian province",
    source=BARBARIAN,
    takes=BarbarianProvinceInput,
)
def barbarian_province_control(case: BarbarianProvinceInput, dice: Dice) -> Result:
    """6.73: with no enemy units, two heavy units control a barbarian province (six in Germania Magna)."""
    working = Working()
    needed = GERMANIA_MAGNA_UNITS if case.province == "Germania Magna" else HEAVY_UNITS
    controls = not case.enemy_units and case.heavy_units >= needed
    working.step(
        f"{case.heavy_units} heavy units, {needed} needed"
        + (", enemy units present" if case.enemy_units else "")
        + (": controlled; no barbarian replacement there, ever (6.71)" if controls else ": not controlled"),
        BARBARIAN,
        controls,
    )
    return Result.of(f"{RULESET}.barbarian_province_control", {"controls": controls}, working, dice)


# ---- imperium_romanum.province_defection ---------------------------------------------------------

DEFECTION = "3.22 Faction Dissolution"
CLOSEST = "3.23 Faction Dissolution"
TIES = "3.26 Faction Dissolution"


@dataclass(frozen=True)
class Claimant:
    faction: str = spec("A Roman faction still in play")
    morale: int = spec("Its morale")
    has_units: bool = spec("It has units in the defecting province", default=False)
    distance: int | None = spec(
        "Hexes from its closest controlled province to this one's border (3.23)", min=0, max=1000, default=None
    )


@dataclass(frozen=True)
class DefectionInput:
    province: str = spec("A province of the dissolved Roman faction")
    claimants: tuple[Claimant, ...] = spec("The other Roman factions", min_items=1, max_items=12)


def higher_morale(
    names: Sequence[str],
    claimants: Sequence["Claimant | ColourClaimant"],
    dice: Dice,
    working: Working,
    rule: str,
) -> str:
    """3.22-3.26: the higher morale; on a tie in morale, a die decides."""
    best = max(c.morale for c in claimants if c.faction in names)
    tied = [c.faction for c in claimants if c.faction in names and c.morale == best]
    while len(tied) > 1:
        rolls = {name: working.roll(dice, 6, f"the tie in morale: {name}") for name in tied}
        tied = [name for name, roll in rolls.items() if roll == max(rolls.values())]
        working.step("A tie in morale: a die decides", TIES)
    working.step(f"{tied[0]}: the higher morale", rule, tied[0])
    return tied[0]


def closest(case: DefectionInput, dice: Dice, working: Working) -> str:
    distances = [c.distance for c in case.claimants if c.distance is not None]
    if len(distances) < len(case.claimants):
        raise RulesError("claimants", "no faction has units in the province: enter each faction's distance (3.23)")
    near = min(distances)
    names = [c.faction for c in case.claimants if c.distance == near]
    working.step(f"Closest at {near} hexes: {', '.join(names)}", CLOSEST, names)
    return names[0] if len(names) == 1 else higher_morale(names, case.claimants, dice, working, CLOSEST)


@procedure(
    RULESET,
    "province_defection",
    title="A dissolved faction's province defects",
    source=DEFECTION,
    takes=DefectionInput,
    dice="1d6 a tied faction, only on a tie in morale",
)
def province_defection(case: DefectionInput, dice: Dice) -> Result:
    """3.22-3.24: the province defects to the Roman faction with units in it (its ungarrisoned cities to the higher
    morale if several), else to the one controlling the closest province; units and leaders go with it."""
    working = Working()
    present = [c.faction for c in case.claimants if c.has_units]
    if len(present) == 1:
        working.step(f"{present[0]} alone has units in {case.province}: the province defects to it", DEFECTION)
        to, cities = present[0], present[0]
    elif present:
        cities = higher_morale(present, case.claimants, dice, working, DEFECTION)
        working.step(f"Several factions have units there: its ungarrisoned cities defect to {cities}", DEFECTION)
        to = ""
    else:
        to = cities = closest(case, dice, working)
    working.note(
        "Units and leaders in the province defect with it, keeping their CER; mark them with control markers (3.24)",
        "3.24 Faction Dissolution",
    )
    return Result.of(f"{RULESET}.province_defection", {"province": to, "ungarrisoned_cities": cities}, working, dice)


# ---- imperium_romanum.colour_control --------------------------------------------------------------

COLOURS = "3.41 Acquiring Colors"


@dataclass(frozen=True)
class ColourClaimant:
    faction: str = spec("A Roman faction")
    units: int = spec("Units of the dissolved faction's colour it now controls", min=0, max=400)
    morale: int = spec("Its morale")


@dataclass(frozen=True)
class ColourInput:
    colour: str = spec("The dissolved Roman faction's colour")
    claimants: tuple[ColourClaimant, ...] = spec("The Roman factions holding units of it", min_items=1, max_items=12)


@procedure(
    RULESET,
    "colour_control",
    title="Acquiring a dissolved faction's colour",
    source=COLOURS,
    takes=ColourInput,
    dice="1d6 a tied faction, only on a tie in morale",
)
def colour_control(case: ColourInput, dice: Dice) -> Result:
    """3.41-3.42: the Roman faction controlling the most units of the colour gains it (higher morale on a tie, a die
    on a tie in morale); its CER stays, and the faction may raise it from the next Mobilization Phase."""
    working = Working()
    most = max(c.units for c in case.claimants)
    if not most:
        raise RulesError("claimants", "no faction controls a unit of the colour")
    names = [c.faction for c in case.claimants if c.units == most]
    working.step(f"Most units of {case.colour}: {most}, held by {', '.join(names)}", COLOURS, names)
    winner = names[0] if len(names) == 1 else higher_morale(names, case.claimants, dice, working, COLOURS)
    working.step(
        f"{winner} gains {case.colour}: same CER; it may raise units of it in future Taxation and Mobilization Phases",
        "3.42 Acquiring Colors",
        winner,
    )
    return Result.of(f"{RULESET}.colour_control", {"colour": winner}, working, dice)
