"""9.0 Supply in the Joint Supply Phase: the Supply Limitations Table, corn feeding the surplus, the two-turn
elimination of 9.3, and the optional Supply Purchase (9.15)."""

import math
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import RULESET, Season, words

TABLE = "Supply Limitations Table"
LIMITS = "9.1 Supply Limitations on Stacking"
OUT_OF_SUPPLY = "9.3 Out of Supply Units"
CONSUMPTION = "9.9 Consumption"
PURCHASE = "9.15 Supply Purchase"
PLUNDERED = "5.52 Plunder"
NOT_GIVEN = "—"
CORN_FEEDS = 4  # 9.9 (L332): "One unit of Corn may supply one stack of up to four Legion-size units"

# Supply Limitations Table (L980-987): Legion-sized units a hex feeds for one game-turn.
SUPPLY_LIMITATIONS = KeyedTable(
    TABLE,
    f"{TABLE} (L981-987)",
    {
        "city_not_listed": {"empire_summer": 2, "empire_winter": 2, "outside_summer": 1, "outside_winter": 1},
        "city_listed": {
            "empire_summer": 4,
            "empire_winter": 4,
            "outside_summer": NOT_GIVEN,
            "outside_winter": NOT_GIVEN,
        },
        "roma_constantinopolis": {
            "empire_summer": 6,
            "empire_winter": 6,
            "outside_summer": NOT_GIVEN,
            "outside_winter": NOT_GIVEN,
        },
        "clear": {"empire_summer": 6, "empire_winter": 4, "outside_summer": 4, "outside_winter": 2},
        "rough": {"empire_summer": 4, "empire_winter": 2, "outside_summer": 2, "outside_winter": 1},
    },
)


class Ground(Choice):
    CLEAR = "clear"
    ROUGH = "rough"
    DESERT = "desert"
    MOUNTAIN = "mountain"


class CityKind(Choice):
    NONE = "none"
    NOT_LISTED = "city_not_listed"
    LISTED = "city_listed"  # in the Unified Tax-Rate Defense Strength Table
    ROMA_CONSTANTINOPOLIS = "roma_constantinopolis"


class CityLine(Choice):
    """The table does not say whether a city's line replaces its hex's terrain line or adds to it."""

    ADDS = "adds"
    REPLACES = "replaces"


class CornFeeds(Choice):
    """9.9: "one stack of up to four Legion-size units or smaller-size units"."""

    FOUR_UNITS = "four_units"
    FOUR_LEGION_EQUIVALENTS = "four_legion_equivalents"


class PlunderedHalf(Choice):
    """5.52 and 5.63 halve a plundered hex's limit; 2.1 rounds "in favor of the affected unit"."""

    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class SupplyOptions:
    city_line: CityLine = spec(
        "Supply Limitations Table (extraction AMB-21): a controlled city's line adds to the terrain's, \"—\" "
        "adding 0 (default), or replaces it",
        default=CityLine.ADDS,
    )
    corn_feeds: CornFeeds = spec(
        "9.9 L332 (extraction AMB-22): a corn unit feeds four units of any size (default) or four legion-sized "
        "units' worth",
        default=CornFeeds.FOUR_UNITS,
    )
    plundered_half: PlunderedHalf = spec(
        "5.52 and 5.63 with 2.1 (extraction AMB-01): an odd plundered limit's half is rounded up, for the units fed "
        "(default), or down",
        default=PlunderedHalf.UP,
    )


@dataclass(frozen=True)
class SupplyInput:
    terrain: Ground = spec("The hex's terrain")
    season: Season = spec("The season of the hex's province")
    in_empire: bool = spec("The hex is in the Empire (13.5)", default=True)
    city: CityKind = spec("A city in the hex, which the units control, or besieged units occupy", default=CityKind.NONE)
    besieging: bool = spec("The units besiege the city: the terrain alone feeds them", default=False)
    plundered: bool = spec("The city or hex is plundered (5.52, 5.63: the limit is halved)", default=False)
    legions: int = spec(
        "Legion-sized units out of supply in the hex (a besieged fleet counts one)", min=0, max=200, default=0
    )
    detachments: int = spec(
        "Detachment-sized units (two make a legion; legions after A.D. 300 too)", min=0, max=400, default=0
    )
    horde_at_home: bool = spec("One 60-6 horde in its province of origin, always in supply", default=False)
    corn: int = spec("Corn units in the hex, spent to feed the surplus", min=0, max=100, default=0)
    excess_last_turn: bool = spec("The hex was over its limit at last turn's Supply Phase too (9.3)", default=False)
    options: SupplyOptions = spec("Readings of points the rulebook leaves open", default=SupplyOptions())


def column_of(case: SupplyInput) -> str:
    return f"{'empire' if case.in_empire else 'outside'}_{case.season.value}"


def terrain_limit(case: SupplyInput, working: Working) -> int:
    if case.terrain.value not in SUPPLY_LIMITATIONS.rows:
        raise RulesError(
            "terrain", f"the {TABLE} has no line for {case.terrain.value} hexes (AMB-21): the umpire rules on it"
        )
    limit: int = SUPPLY_LIMITATIONS.lookup(case.terrain.value, working, column=column_of(case))
    return limit


def city_limit(case: SupplyInput, terrain: int, working: Working) -> int:
    if case.city is CityKind.NONE or case.besieging:
        if case.besieging:
            working.note("Besieging units are fed by the hex's terrain (table note L993)", TABLE)
        return terrain
    value: int | str = SUPPLY_LIMITATIONS.lookup(case.city.value, working, column=column_of(case))  # str: NOT_GIVEN
    if case.options.city_line is CityLine.ADDS:
        working.note("Reading: the city's line adds to the terrain's; \"—\" adds 0 (AMB-21)", TABLE)
        return terrain + (0 if isinstance(value, str) else value)
    working.note("Reading: the city's line replaces the terrain's (AMB-21)", TABLE)
    if isinstance(value, str):
        raise RulesError(
            "city",
            f'the {TABLE} prints "—" for this city outside the Empire: under this reading '
            "the umpire rules on its limit",
        )
    return value


def capacity(case: SupplyInput, working: Working) -> int:
    limit = city_limit(case, terrain_limit(case, working), working)
    if case.plundered:
        up = case.options.plundered_half is PlunderedHalf.UP
        halved = math.ceil(Fraction(limit, 2)) if up else math.floor(Fraction(limit, 2))
        limit = working.modifier(
            f"Plundered: {limit} halved, rounded "
            + ("up in favour of the units fed" if up else "down")
            + " (reading AMB-01)",
            halved,
            PLUNDERED,
        )
    working.step(f"The hex feeds {limit} legion-sized units", LIMITS, limit)
    return limit


def fed_by_corn(case: SupplyInput, corn: int) -> Fraction:
    """What `corn` units feed of the surplus, the owner spending them on legions first."""
    if case.options.corn_feeds is CornFeeds.FOUR_LEGION_EQUIVALENTS:
        return Fraction(CORN_FEEDS * corn)
    legions = min(CORN_FEEDS * corn, case.legions)
    detachments = min(CORN_FEEDS * corn - legions, case.detachments)
    return legions + Fraction(detachments, 2)


def corn_spent(case: SupplyInput, excess: Fraction, working: Working) -> tuple[int, Fraction]:
    for corn in range(case.corn + 1):
        if fed_by_corn(case, corn) >= excess:
            break
    if corn:
        working.step(
            f"{corn} corn unit(s) spent to feed the surplus (each a stack of up to four units)", CONSUMPTION, corn
        )
    return corn, max(excess - fed_by_corn(case, corn), Fraction(0))


@procedure(RULESET, "supply_limits", title="Supply limitations on stacking", source=LIMITS, takes=SupplyInput)
def supply_limits(case: SupplyInput, dice: Dice) -> Result:
    """9.1, 9.3 and the Supply Limitations Table: what a hex feeds, corn for the surplus, and what is eliminated."""
    working = Working()
    fed = capacity(case, working)
    need = case.legions + Fraction(case.detachments, 2)
    working.step(
        f"Units to feed: {case.legions} legion-sized + {case.detachments} detachments = {words(need)}"
        + ("; the horde at home needs none" if case.horde_at_home else ""),
        TABLE,
        float(need),
    )
    corn, excess = corn_spent(case, max(need - fed, Fraction(0)), working)
    if not excess:
        working.step("All are fed", LIMITS, 0)
    elif case.excess_last_turn:
        working.step(
            f"{words(excess)} legion-sized units in excess for a second Supply Phase: removed from play, "
            "the owner choosing (leaders may not be removed instead)",
            OUT_OF_SUPPLY,
            float(excess),
        )
    else:
        working.step(
            f"{words(excess)} legion-sized units in excess: out of supply; removed at the end of next turn's "
            "Joint Supply Phase unless moved back into supply or fed with corn",
            OUT_OF_SUPPLY,
            float(excess),
        )
    outcome = {
        "limit": fed,
        "need": float(need),
        "corn_spent": corn,
        "excess": float(excess),
        "eliminate": float(excess) if case.excess_last_turn else 0,
    }
    return Result.of(f"{RULESET}.supply_limits", outcome, working, dice)


class CavalryLegion(Choice):
    """9.15: "Cavalry and Legion-sized units cost twice as much": a legion-sized cavalry unit twice or four times."""

    ONCE = "once"
    TWICE = "twice"


@dataclass(frozen=True)
class PurchaseOptions:
    cavalry_legion: CavalryLegion = spec(
        "9.15 L360 (extraction AMB-22): a legion-sized cavalry unit costs twice the base (default) or four times",
        default=CavalryLegion.ONCE,
    )


@dataclass(frozen=True)
class PurchaseInput:
    cavalry: bool = spec("The unit is cavalry", default=False)
    legion_sized: bool = spec("The unit is legion-sized", default=False)
    outside_empire: bool = spec("It is outside the Empire", default=False)
    season: Season = spec("The season", default=Season.SUMMER)
    after_ad_300: bool = spec("The situation is after A.D. 300", default=False)
    options: PurchaseOptions = spec("Readings of points the rulebook leaves open", default=PurchaseOptions())


def doublings(case: PurchaseInput) -> list[tuple[str, bool]]:
    cavalry_legion = case.cavalry and case.legion_sized and case.options.cavalry_legion is CavalryLegion.TWICE
    return [
        ("cavalry or legion-sized", case.cavalry or case.legion_sized),
        ("legion-sized cavalry again (reading AMB-22)", cavalry_legion),
        ("outside the Empire", case.outside_empire),
        ("winter", case.season is Season.WINTER),
        ("after A.D. 300", case.after_ad_300),
    ]


@procedure(RULESET, "supply_purchase", title="Supply purchase (optional)", source=PURCHASE, takes=PurchaseInput)
def supply_purchase(case: PurchaseInput, dice: Dice) -> Result:
    """9.15: 1 Treasure Point a turn for a detachment of infantry, doubled for each condition, cumulatively."""
    working = Working()
    cost = 1
    working.step("A detachment-sized infantry unit: 1 Treasure Point", PURCHASE, 1)
    for why, applies in doublings(case):
        if applies:
            cost *= 2
            working.modifier(f"Doubled: {why}", cost, PURCHASE)
    working.step(f"Supply costs {cost} Treasure Points this turn", PURCHASE, cost)
    return Result.of(f"{RULESET}.supply_purchase", {"cost": cost}, working, dice)


# ---- imperium_romanum.line_of_supply -------------------------------------------------------------

LINE = "9.2 Line of Supply"
LINE_LENGTH = 6  # 9.21 (L281): "up to SIX Movement Points"
BLOCKADE_SIEGE = "16.51 Ports and Sieges"
BLOCKADE_OPTIONAL = "9.181 Blockade (optional)"


@dataclass(frozen=True)
class SupplyPort:
    name: str = spec("The friendly port")
    controlled: bool = spec("Controlled by the power or an ally", default=True)
    besieged: bool = spec("Besieged", default=False)
    blockaded: bool = spec("Blockaded (16.51; optional 9.18)", default=False)
    province_controlled: bool = spec("In a province where the power controls the most taxation", default=True)
    controlled_port_within_24: bool = spec(
        "Else: a controlled port in such a province lies within 24 naval movement points (AMB-24)", default=False
    )


@dataclass(frozen=True)
class LineInput:
    port: SupplyPort = spec("The port the line is traced to")
    cost: int = spec("Movement points of the path, with terrain and weather (9.21)", min=0, max=100)
    blocked: bool = spec(
        "The path crosses an opposing faction's (or barbarian or foreign) land units or cities", default=False
    )
    besieged: bool = spec("The units to be supplied are besieged (they trace no line: 9.16)", default=False)


def port_serves(port: SupplyPort, working: Working) -> bool:
    """9.2 (L276-279): the four conditions a port must meet to supply."""
    failures = [
        why
        for why, fails in (
            ("it is not controlled by the power or an ally", not port.controlled),
            ("it is besieged", port.besieged),
            ("it is blockaded", port.blockaded),
            (
                "its province is not the power's and no controlled port of the power's lies within 24 naval movement "
                "points",
                not (port.province_controlled or port.controlled_port_within_24),
            ),
        )
        if fails
    ]
    for why in failures:
        working.step(f"{port.name}: {why}", LINE, False)
    return not failures


@procedure(RULESET, "line_of_supply", title="Line of supply", source=LINE, takes=LineInput)
def line_of_supply(case: LineInput, dice: Dice) -> Result:
    """9.2 and 9.21: a path of up to six movement points, clear of the enemy, to a friendly port that can supply."""
    working = Working()
    if case.besieged:
        raise RulesError("besieged", "besieged units trace no line of supply: see supply in sieges (9.16)")
    serves = port_serves(case.port, working)
    short = case.cost <= LINE_LENGTH
    working.step(
        f"The path costs {case.cost} movement points: " + ("within" if short else "beyond") + " six",
        "9.21 Line of Supply",
        short,
    )
    if case.blocked:
        working.step("The path is blocked by opposing land units or cities", "9.21 Line of Supply", False)
    supplied = serves and short and not case.blocked
    working.step(
        "In supply: free of the supply limitations" if supplied else "No line of supply: the supply limitations apply",
        LINE,
        supplied,
    )
    return Result.of(f"{RULESET}.line_of_supply", {"in_supply": supplied}, working, dice)


class SiegeBlockade(Choice):
    """16.51 counts fleets in a siege; the optional 9.181 compares fleet strength."""

    COUNT_IN_SIEGE = "count_in_siege"
    STRENGTH_ALWAYS = "strength_always"


@dataclass(frozen=True)
class BlockadeOptions:
    under_siege: SiegeBlockade = spec(
        "16.51 against 9.181 (extraction AMB-36): under siege the fleets are counted (16.51, default); or, with "
        "the optional rule, their strength compared there too",
        default=SiegeBlockade.COUNT_IN_SIEGE,
    )


@dataclass(frozen=True)
class BlockadeInput:
    port: str = spec("The port")
    besieged: bool = spec("The port city is besieged")
    fleets_inside: int = spec("The defender's fleets in the port", min=0, max=200, default=0)
    fleets_outside: int = spec("The enemy's (besieging) fleets", min=0, max=200, default=0)
    strength_inside: int = spec("The defender's fleet strength inside (9.181)", min=0, max=5000, default=0)
    strength_outside: int = spec("The enemy's fleet strength outside (9.181)", min=0, max=5000, default=0)
    optional_rule: bool = spec("Optional rule 9.18 Blockade is in play", default=False)
    options: BlockadeOptions = spec("Readings of points the rulebook leaves open", default=BlockadeOptions())


@procedure(RULESET, "blockade", title="Blockade", source=BLOCKADE_SIEGE, takes=BlockadeInput)
def blockade(case: BlockadeInput, dice: Dice) -> Result:
    """16.51: a besieged port with more besieging fleets than its own is blockaded; optionally (9.181) any port
    with less friendly fleet strength inside than enemy strength outside."""
    working = Working()
    by_count = case.besieged and (case.options.under_siege is SiegeBlockade.COUNT_IN_SIEGE or not case.optional_rule)
    if by_count:
        blockaded = case.fleets_outside > case.fleets_inside
        working.step(
            f"{case.fleets_outside} besieging fleets against {case.fleets_inside} in the port",
            BLOCKADE_SIEGE,
            blockaded,
        )
    elif case.optional_rule:
        blockaded = case.strength_inside < case.strength_outside
        working.step(
            f"Fleet strength {case.strength_inside} inside against {case.strength_outside} outside",
            BLOCKADE_OPTIONAL,
            blockaded,
        )
    else:
        blockaded = False
        working.step("Not besieged, and the optional blockade rule is not in play", BLOCKADE_SIEGE, False)
    working.step(
        f"{case.port} is "
        + (
            "blockaded: no supply through it; fleets may not freely enter or leave it" if blockaded else "not blockaded"
        ),
        BLOCKADE_SIEGE,
        blockaded,
    )
    return Result.of(f"{RULESET}.blockade", {"blockaded": blockaded}, working, dice)
