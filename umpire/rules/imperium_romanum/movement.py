"""13.0 Land Movement and 12.2 Sea Movement by the Terrain and Seasonal Effects Chart, units joining a
moving force (4.17) and the forced march (10.11)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET, Season

CHART = "Terrain and Seasonal Effects Chart"
LAND = "13.0 Land Movement"
SEA = "12.2 Sea Movement"
FLOOD = "7.2 Special River Crossing"
NARROW_SEAS = "13.1 Narrow Seas Hexsides"
LIMITANEI = "13.6 Limitanei"
JOINING = "4.17 Action Chits"
FORCED_MARCH = "10.11 Movement"
FORCED_MARCH_BONUS = 2  # a non-cavalry unit's allowance "+2 plus the leader's value"
LIMITANEI_MP = 4  # 13.6 (L613): "must spend 4 extra movement points"
IMPASSABLE = "impassable"

# Terrain and Seasonal Effects Chart (L960-979), land hexes: movement points to enter.
LAND_TERRAIN = KeyedTable(
    f"{CHART}: land",
    f"{CHART} (L961-966)",
    {
        "clear": {"summer": 2, "winter": 6},
        "rough": {"summer": 4, "winter": 12},
        "mountain": {"summer": IMPASSABLE, "winter": IMPASSABLE},
        "desert": {"summer": 4, "winter": 4},
    },
)
# The same chart's river hexsides (L967-968); the road row's summer cell is printed "—".
RIVER_HEXSIDE = KeyedTable(
    f"{CHART}: river hexsides",
    f"{CHART} (L967-968)",
    {
        "with_road": {"summer": "—", "winter": 2},
        "without_road": {"summer": 2, "winter": 4},
    },
)
SEA_HEX = KeyedTable(
    f"{CHART}: sea",
    f"{CHART} (L970-974)",
    {
        "coastal": {"summer": 2, "winter": 4},
        "other": {"summer": 4, "winter": 8},
        "port": {"summer": 2, "winter": 2},
    },
)


class Terrain(Choice):
    CLEAR = "clear"
    ROUGH = "rough"
    MOUNTAIN = "mountain"
    DESERT = "desert"


class River(Choice):
    NONE = "none"
    WITH_ROAD = "with_road"
    WITHOUT_ROAD = "without_road"


class SeaHex(Choice):
    COASTAL = "coastal"
    OTHER = "other"
    PORT = "port"


class OutsideEmpire(Choice):
    """The chart's note "Movement Costs outside the Empire are double" (L976): which costs it doubles."""

    TERRAIN_AND_RIVER = "terrain_and_river"
    TERRAIN_ONLY = "terrain_only"


@dataclass(frozen=True)
class LandMoveOptions:
    outside_empire: OutsideEmpire = spec(
        "Chart note L976, extraction AMB-16: outside the Empire the hex's terrain and its river cost are doubled "
        "(default), or the terrain cost only",
        default=OutsideEmpire.TERRAIN_AND_RIVER,
    )
    road_dash_is_free: bool = spec(
        'Chart L967, extraction AMB-15: the "—" of a river hexside with a road in summer costs 0 on top of '
        "the hex (default yes); no: Control enters the cost",
        default=True,
    )


@dataclass(frozen=True)
class LandMoveInput:
    terrain: Terrain = spec("The hex entered")
    season: Season = spec("The season of the hex's province (7.0, 7.1)")
    river: River = spec("A river hexside crossed", default=River.NONE)
    flooding: bool = spec("Rivers flood this month (7.2: April; October in Aegyptus)", default=False)
    outside_empire: bool = spec("The hex is outside the Empire (13.5)", default=False)
    narrow_sea_cost: int | None = spec(
        "Crossing a narrow sea hexside: the cost printed on the map (13.1)", min=0, max=20, default=None
    )
    limitanei: bool = spec("A non-Roman unit enters a hex with Limitanei (13.6)", default=False)
    options: LandMoveOptions = spec("Readings of points the rulebook leaves open", default=LandMoveOptions())


def river_cost(case: LandMoveInput, working: Working) -> int:
    if case.river is River.NONE:
        return 0
    cost: int | str = RIVER_HEXSIDE.lookup(case.river.value, working, column=case.season.value)
    if isinstance(cost, str):  # the chart's "—", its only cell that is not a number
        if not case.options.road_dash_is_free:
            raise RulesError(
                "river",
                'the chart prints "—" for a river with a road in summer: under this '
                "reading Control enters its cost (AMB-15)",
            )
        working.note('Reading: "—" on a river with a road in summer adds nothing (AMB-15)', CHART)
        cost = 0
    if case.flooding and cost:
        cost = working.modifier("The river floods this month: its crossing cost doubled", cost * 2, FLOOD)
    return cost


def outside_doubling(terrain: int, river: int, case: LandMoveInput, working: Working) -> int:
    if not case.outside_empire:
        return terrain + river
    with_river = case.options.outside_empire is OutsideEmpire.TERRAIN_AND_RIVER
    working.note(
        "Reading: outside the Empire the terrain "
        + ("and the river are" if with_river else "alone is")
        + " doubled (AMB-16)",
        CHART,
    )
    extra = working.modifier(
        "Outside the Empire: doubled", terrain + (river if with_river else 0), f"{CHART}, note (L976)"
    )
    return terrain + river + extra


@procedure(RULESET, "land_movement_cost", title="Land movement cost of a hex", source=LAND, takes=LandMoveInput)
def land_movement_cost(case: LandMoveInput, dice: Dice) -> Result:
    """13.0 and the Terrain and Seasonal Effects Chart: the movement points to enter one hex."""
    working = Working()
    terrain = LAND_TERRAIN.lookup(case.terrain.value, working, column=case.season.value)
    if terrain == IMPASSABLE:
        working.step("Mountain hexes are impassable", CHART, IMPASSABLE)
        return Result.of(f"{RULESET}.land_movement_cost", {"cost": None, "passable": False}, working, dice)
    cost = outside_doubling(terrain, river_cost(case, working), case, working)
    if case.narrow_sea_cost is not None:
        cost += working.modifier("Narrow sea hexside: double the map's cost", 2 * case.narrow_sea_cost, NARROW_SEAS)
    if case.limitanei:
        cost += working.modifier("Limitanei: a non-Roman unit pays 4 more", LIMITANEI_MP, LIMITANEI)
    working.step(f"Cost to enter: {cost} movement points", LAND, cost)
    return Result.of(f"{RULESET}.land_movement_cost", {"cost": cost, "passable": True}, working, dice)


@dataclass(frozen=True)
class SeaMoveInput:
    hex: SeaHex = spec("The sea hex entered (only hexes with land and sea are coastal, 12.2)")
    season: Season = spec("The season: in winter every sea hex is in winter (7.1)")
    atlantic: bool = spec("The hex is in the Atlantic Ocean", default=False)


@procedure(RULESET, "sea_movement_cost", title="Sea movement cost of a hex", source=SEA, takes=SeaMoveInput)
def sea_movement_cost(case: SeaMoveInput, dice: Dice) -> Result:
    """12.2 and the chart: naval movement points to enter one hex; the Atlantic doubles all but port entries."""
    working = Working()
    cost = SEA_HEX.lookup(case.hex.value, working, column=case.season.value)
    if case.atlantic and case.hex is not SeaHex.PORT:
        cost = working.modifier("Atlantic Ocean: doubled", cost * 2, f"{CHART}, note (L977)")
    working.step(f"Cost to enter: {cost} naval movement points", SEA, cost)
    return Result.of(f"{RULESET}.sea_movement_cost", {"cost": cost}, working, dice)


@dataclass(frozen=True)
class JoiningInput:
    allowance: int = spec("The joining unit's printed movement allowance", min=0, max=60)
    spent: int = spec("Movement points the force had spent when it entered the unit's hex", min=0, max=60)


@procedure(RULESET, "joining_force", title="A unit joining a moving force", source=JOINING, takes=JoiningInput)
def joining_force(case: JoiningInput, dice: Dice) -> Result:
    """4.17: a unit picked up by a moving force moves its allowance less what the force has already spent."""
    working = Working()
    left = max(case.allowance - case.spent, 0)
    working.step(
        f"{case.allowance} printed less {case.spent} spent by the force: {left} movement points", JOINING, left
    )
    return Result.of(f"{RULESET}.joining_force", {"movement_points": left}, working, dice)


@dataclass(frozen=True)
class MarchingUnit:
    name: str = spec("The unit")
    allowance: int = spec("Its printed movement allowance", min=0, max=60)
    cavalry: bool = spec("Cavalry (its allowance is not increased)", default=False)


@dataclass(frozen=True)
class ForcedMarchInput:
    leader: int = spec("The leader's value", min=0, max=3)
    units: tuple[MarchingUnit, ...] = spec("The stack that force marches with him", min_items=1, max_items=40)
    marched_this_turn: bool = spec("The stack has force marched this turn already", default=False)


@procedure(
    RULESET,
    "force_march",
    title="Forced march",
    source=FORCED_MARCH,
    takes=ForcedMarchInput,
    dice="1d6 after the stack has moved",
)
def force_march(case: ForcedMarchInput, dice: Dice) -> Result:
    """10.11: non-cavalry allowance +2 plus the leader's value; then a die above 1 plus his value costs a unit."""
    working = Working()
    if case.marched_this_turn:
        raise RulesError("marched_this_turn", "only one forced march is possible per turn (10.11)")
    allowances: dict[str, int] = {}
    for unit in case.units:
        if unit.cavalry:
            allowances[unit.name] = unit.allowance
            working.step(f"{unit.name}: cavalry, stays {unit.allowance}", FORCED_MARCH, unit.allowance)
            continue
        terms = [
            ("its allowance", unit.allowance),
            ("forced march", FORCED_MARCH_BONUS),
            ("the leader's value", case.leader),
        ]
        allowances[unit.name] = working.total(unit.name, terms, FORCED_MARCH)
    roll = working.roll(dice, DIE, "forced march attrition")
    loses = roll > 1 + case.leader
    working.step(
        f"{roll} {'>' if loses else '≤'} 1 + {case.leader}: "
        + ("one force-marching unit is eliminated, the owner choosing" if loses else "no loss"),
        FORCED_MARCH,
        loses,
    )
    return Result.of(f"{RULESET}.force_march", {"allowances": allowances, "unit_lost": loses}, working, dice)


@dataclass(frozen=True)
class WrongRoadInput:
    dearer: int = spec("The more expensive of the hex's possible terrain costs", min=0, max=60)
    cheaper: int = spec("The other", min=0, max=60)


@procedure(
    RULESET,
    "wrong_road",
    title="Taking the Wrong Road (optional)",
    source="13.7 Taking the Wrong Road",
    takes=WrongRoadInput,
    dice="1d6 each time a unit or stack enters the hex",
)
def wrong_road(case: WrongRoadInput, dice: Dice) -> Result:
    """13.7 (optional): entering a hex of unclear terrain costs the dearer terrain on 1-3, the other on 4-6."""
    working = Working()
    roll = working.roll(dice, DIE, "the unclear hex's terrain")
    cost = case.dearer if roll <= 3 else case.cheaper
    working.step(
        f"{roll}: " + ("the most expensive" if roll <= 3 else "the other") + f" terrain, {cost} points",
        "13.7 Taking the Wrong Road",
        cost,
    )
    return Result.of(f"{RULESET}.wrong_road", {"cost": cost}, working, dice)
