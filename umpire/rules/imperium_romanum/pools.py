"""Shared recruiting: several powers raising units from one area's pool (6.17), and an area's militia (15.5-15.53):
who may use it, and its yearly rebuilding. Pools and militia strengths are in the Annual Recruiting Limits, which
the text does not print: Control's data."""

from collections.abc import Mapping
from dataclasses import dataclass

from ..dice import Dice
from ..errors import MissingData, RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, first_by_die

CONTENTION = "6.17 Mobilization Areas and Pools"
MILITIA = "15.5 Militia"
MILITIA_CONTROL = "15.51 Militia"
REBUILD = "15.52 Militia"
RECRUITING_LIMITS = "Annual Recruiting Limits"


@dataclass(frozen=True)
class PoolRequest:
    power: str = spec("A power raising units of this line in the area")
    units: int = spec("Units it wishes to build", min=0, max=100)


@dataclass(frozen=True)
class ContentionInput:
    pool: int = spec("Units of this line the area's pool still holds this year (6.1)", min=0, max=200)
    requests: tuple[PoolRequest, ...] = spec("Each power's wish", min_items=2, max_items=12)


def equal_shares(pool: int, wishes: Mapping[str, int], working: Working) -> tuple[dict[str, int], int, list[str]]:
    """The pool divided as equally as possible: a power wishing less than an equal share takes its wish, and the
    rest is shared again among the others; what does not divide evenly is left for the die."""
    granted: dict[str, int] = {}
    wanting = dict(wishes)
    while wanting:
        share = pool // len(wanting)
        content = {power: units for power, units in wanting.items() if units <= share}
        if not content:
            break
        for power, units in content.items():
            granted[power] = units
            pool -= units
            del wanting[power]
            working.step(f"{power} wishes {units}, within an equal share of {share}: granted", CONTENTION, units)
    share = pool // len(wanting) if wanting else 0
    for power in wanting:
        granted[power] = share
        working.step(f"{power}: an equal share, {share}", CONTENTION, share)
    return granted, pool - share * len(wanting), list(wanting)


@procedure(
    RULESET,
    "pool_contention",
    title="Several powers recruiting in one area",
    source=CONTENTION,
    takes=ContentionInput,
    dice="1d6 a power, only for the units left over",
)
def pool_contention(case: ContentionInput, dice: Dice) -> Result:
    """6.17: wishes within the area's limit are all met; beyond it the pool is divided as equally as possible
    among the powers and the "extra" units go by die-roll."""
    working = Working()
    wishes = {r.power: r.units for r in case.requests}
    if len(wishes) != len(case.requests):
        raise RulesError("requests", "name each power once")
    if sum(wishes.values()) <= case.pool:
        working.step(
            f"{sum(wishes.values())} wished of {case.pool}: within the area's limit, no problem arises",
            CONTENTION,
            True,
        )
        return Result.of(f"{RULESET}.pool_contention", {"granted": wishes}, working, dice)
    working.step(f"{sum(wishes.values())} wished of {case.pool}: the pool is divided", CONTENTION, False)
    granted, extra, short = equal_shares(case.pool, wishes, working)
    winners = first_by_die(short, extra, dice, working, CONTENTION, "an extra unit")
    for power in winners:
        granted[power] += 1
    if extra:
        working.step(f"{extra} extra unit(s) by die-roll: {', '.join(winners)}", CONTENTION, winners)
    return Result.of(f"{RULESET}.pool_contention", {"granted": granted}, working, dice)


# ---- imperium_romanum.militia ---------------------------------------------------------------------


@dataclass(frozen=True)
class MilitiaInput:
    line: str = spec("The area's line in the Annual Recruiting Limits (as Control named it)")
    province: str = spec("The province (15.53: a grouped area's militia is for each province in it)")
    strength: int | None = spec(
        "Its militia strength points (empty: from the event's Annual Recruiting Limits)", min=0, max=500, default=None
    )
    roman_at_start: bool = spec("The area began play under Roman control (15.5: else it has no militia)", default=True)
    controller: str = spec("The faction controlling the most taxation of the area's cities (empty: none)", default="")
    controller_roman: bool = spec("That faction is Roman (not foreign or barbarian)", default=True)
    romans_with_units: tuple[str, ...] = spec(
        "Roman factions with units in the province (15.51)", max_items=12, default=()
    )
    lost: int = spec("Militia strength points lost in combat so far", min=0, max=500, default=0)
    rebuild: int = spec(
        "Lost points to rebuild now, at the start of the year, 1 Treasure Point each (15.52)", min=0, max=500, default=0
    )
    january: bool = spec("It is the January game-turn, the start of the year", default=False)


def militia_controller(case: MilitiaInput, working: Working) -> str | None:
    if case.controller and case.controller_roman:
        working.step(
            f"{case.controller} controls the most taxation of the area's cities: the militia is its",
            MILITIA,
            case.controller,
        )
        return case.controller
    if len(case.romans_with_units) == 1:
        working.step(
            f"The area is held by a foreign or barbarian power; {case.romans_with_units[0]} alone of the "
            "Romans has units in the province: the militia is its",
            MILITIA_CONTROL,
            case.romans_with_units[0],
        )
        return case.romans_with_units[0]
    working.step(
        "No Roman faction controls the area, and "
        + ("several" if case.romans_with_units else "none")
        + " have units in the province: no one controls the militia",
        MILITIA_CONTROL,
        None,
    )
    return None


def check_rebuild(case: MilitiaInput, strength: int) -> None:
    if case.lost > strength:
        raise RulesError("lost", f"the militia has only {strength} strength points to lose")
    if case.rebuild > case.lost:
        raise RulesError("rebuild", f"only the {case.lost} points lost can be rebuilt")
    if case.rebuild and not case.january:
        raise RulesError("rebuild", "militia is rebuilt at the start of each year, in January (15.52)")


@procedure(RULESET, "militia", title="An area's militia", source=MILITIA, takes=MilitiaInput)
def militia(case: MilitiaInput, dice: Dice) -> Result:
    """15.5-15.52: class C militia fights for the Roman faction controlling the area; losses lower it until it is
    rebuilt at the start of a year, one Treasure Point a strength point."""
    working = Working()
    if not case.roman_at_start:
        working.step(f"{case.province} did not begin play under Roman control: it has no militia", MILITIA, 0)
        return Result.of(f"{RULESET}.militia", {"controller": None, "strength": 0, "cost": 0}, working, dice)
    if case.strength is None:
        raise MissingData(RECRUITING_LIMITS, f"{case.line}/militia", MILITIA)
    check_rebuild(case, case.strength)
    who = militia_controller(case, working)
    cost = (
        working.modifier(f"{case.rebuild} points rebuilt at 1 Treasure Point each", case.rebuild, REBUILD)
        if case.rebuild
        else 0
    )
    left = case.strength - case.lost + case.rebuild
    working.step(f"{left} of {case.strength} militia strength points in {case.province}, class C", MILITIA, left)
    return Result.of(f"{RULESET}.militia", {"controller": who, "strength": left, "cost": cost}, working, dice)
