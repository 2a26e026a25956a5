"""§5 Movement: the arrival region in a new country (§5.1), an army's move with its Movement Allowances and
carrying limit (§5.1, §5.1.1, §5.1.2), and a fleet's move with troops (§5.2.2, §5.2.3)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET

LAND = "5.1 Land Operations"
ARMY = "5.1.1 Moving an Army"
SEVERAL = "5.1.2 Moving several armies"
NAVAL = "5.2.2 Naval Movement"
TRANSPORT = "5.2.3 Troop Transport"
LEADER_SEASON_MP = 4  # §5.1.1 "A leader may use a maximum of 4 MP in an entire season"
FLEET_MP = 4  # §5.2.2 "A river fleet has 4 MP"
SP_PER_FLEET_SP = 10  # §5.2.3 "One fleet SP may transport 10 SP of land units"

# §5.1 the arrival region in a country of several regions (L175-182)
ARRIVAL_TABLE = KeyedTable(
    "Arrival region",
    LAND,
    {
        1: "opponent's choice",
        2: "northernmost",
        3: "easternmost",
        4: "southernmost",
        5: "westernmost",
        6: "your choice",
    },
)
# §5.1 MOVEMENT ALLOWANCES TABLE (L184-195); * at most 4 MP a season, ** at most 1 (2 by forced march)
MOVEMENT_ALLOWANCES = KeyedTable(
    "Movement Allowances Table",
    LAND,
    {
        "leader": "4*",
        "cavalry": 2,
        "infantry": 1,
        "artillery": 0,
        "impedimenta": "1**",
        "booty wagon": "1**",
        "bridge of boats": 0,
        "fleet": 4,
    },
)


class MoverKind(Choice):
    CAVALRY = "cavalry"
    INFANTRY = "infantry"
    ARTILLERY = "artillery"
    IMPEDIMENTA = "impedimenta"
    BOOTY_WAGON = "booty_wagon"


PER_ACTIVATION = {MoverKind.CAVALRY: 2, MoverKind.INFANTRY: 1, MoverKind.ARTILLERY: 0}
PER_SEASON = {MoverKind.IMPEDIMENTA: 1, MoverKind.BOOTY_WAGON: 1}  # ** "a maximum of 1 MP per season"


class Direction(Choice):
    NORTHERNMOST = "northernmost"
    EASTERNMOST = "easternmost"
    SOUTHERNMOST = "southernmost"
    WESTERNMOST = "westernmost"


@dataclass(frozen=True)
class ArrivalInput:
    regions: int = spec("Regions in the country entered", min=1, max=3)
    own_sp_or_people: bool = spec(
        "You already have 1 SP in the region you want, or it is an inhabited region of "
        "your people: go there without a roll",
        default=False,
    )
    tied: tuple[Direction, ...] = spec(
        "Directions in which two regions are equally far (an impossible result)", max_items=4, default=()
    )


@procedure(RULESET, "arrival_region", title="Arrival region", source=LAND, takes=ArrivalInput, dice="1 D6")
def arrival_region(case: ArrivalInput, dice: Dice) -> Result:
    """5.1: the region of a new country a counter arrives in: a D6, unless the country has one region or the
    mover may choose."""
    working = Working()
    if case.regions == 1:
        working.step("A country of one region: the counter goes in it", LAND)
        return Result.of("optimus_princeps.arrival_region", {"chooser": None, "region": "the only one"}, working, dice)
    if case.own_sp_or_people:
        working.step("1 SP already there, or an inhabited region of your people: your choice, no roll", LAND)
        return Result.of("optimus_princeps.arrival_region", {"chooser": "mover", "region": None}, working, dice)
    result = ARRIVAL_TABLE.lookup(working.roll(dice, DIE, "arrival region"), working)
    chooser = {"opponent's choice": "opponent", "your choice": "mover"}.get(result)
    if result in {d.value for d in case.tied}:
        working.step(f"{result}: two regions qualify, an impossible result: the opponent chooses for you", LAND)
        chooser = "opponent"
    return Result.of(
        "optimus_princeps.arrival_region", {"chooser": chooser, "region": None if chooser else result}, working, dice
    )


# ---- optimus_princeps.army_move -----------------------------------------------------------------------


@dataclass(frozen=True)
class Mover:
    name: str = spec("The unit")
    kind: MoverKind = spec("What it is")
    sp: int = spec("Its SP", min=0, max=3)
    season_mp_used: int = spec("Impedimenta and booty wagons: MP used this season", min=0, max=2, default=0)


@dataclass(frozen=True)
class ArmyMoveInput:
    leader: str = spec("The activated leader")
    strategic: int = spec("His Strategic Value (lower leaders with him add nothing)", min=0, max=30)
    mp: int = spec("MP he moves in this activation", min=1, max=4)
    leader_mp_used: int = spec("MP he has used this season", min=0, max=4, default=0)
    units: tuple[Mover, ...] = spec("The units he carries", max_items=40, default=())
    forced_march: bool = spec("Stratagem Forced March: 1 MP more", default=False)
    armies: int = spec("Armies moving together from one region to one destination (§5.1.2)", min=1, max=6, default=1)


def unit_reach(unit: Mover, case: ArmyMoveInput) -> int:
    """How far a unit can follow its leader in this activation."""
    if unit.kind in PER_SEASON:
        return max(PER_SEASON[unit.kind] + case.forced_march - unit.season_mp_used, 0)
    return PER_ACTIVATION[unit.kind] + case.forced_march


@procedure(RULESET, "army_move", title="Move an army", source=ARMY, takes=ArmyMoveInput)
def army_move(case: ArmyMoveInput, dice: Dice) -> Result:
    """5.1.1: a leader moves at most 4 MP a season carrying SP up to his Strategic Value; each unit follows as far
    as its own allowance; 5.1.2: 1 AP per army."""
    working = Working()
    carried = sum(unit.sp for unit in case.units)
    if carried > case.strategic:
        raise RulesError(
            "units", f"{case.leader} carries {carried} SP, more than his Strategic Value {case.strategic} (5.1.1)"
        )
    if case.leader_mp_used + case.mp > LEADER_SEASON_MP + case.forced_march:
        raise RulesError(
            "mp",
            f"{case.leader} has used {case.leader_mp_used} MP this season: at most "
            f"{LEADER_SEASON_MP} a season (5.1.1, forced march included)",
        )
    MOVEMENT_ALLOWANCES.lookup("leader", working)
    left_behind: list[str] = []
    for unit in case.units:
        reach = unit_reach(unit, case)
        working.step(f"{unit.name} ({unit.kind.label}) can follow {reach} MP", LAND, reach)
        if reach < case.mp:
            left_behind.append(unit.name)
    if left_behind:
        working.step(
            f"{case.leader} moves {case.mp} MP: {', '.join(left_behind)} stay behind after their last MP", ARMY
        )
    working.step(
        f"{case.armies} army(ies) moving together: {case.armies} AP, one attrition roll for all the units that moved",
        SEVERAL,
        case.armies,
    )
    return Result.of(
        "optimus_princeps.army_move",
        {"ap": case.armies, "left_behind": left_behind, "leader_mp_used": case.leader_mp_used + case.mp},
        working,
        dice,
    )


# ---- optimus_princeps.fleet_move ----------------------------------------------------------------------


class Step(Choice):
    MOVE = "move"
    EMBARK = "embark"
    DEBARK = "debark"


@dataclass(frozen=True)
class FleetStep:
    step: Step = spec("Move one region along the river, embark or debark")
    in_city: bool = spec("Embarking or debarking in a city (0 MP; elsewhere 2 MP)", default=False)


@dataclass(frozen=True)
class FleetMoveInput:
    steps: tuple[FleetStep, ...] = spec("The fleet's move, step by step", min_items=1, max_items=12)
    fleet_sp: int = spec("The fleet's SP", min=1, max=4)
    carried_sp: int = spec("Land SP it carries at most at once", min=0, max=60, default=0)
    river_frozen: bool = spec("The river is frozen", default=False)


def step_cost(step: FleetStep) -> int:
    if step.step is Step.MOVE:
        return 1
    return 0 if step.in_city else 2


@procedure(RULESET, "fleet_move", title="Move a fleet", source=NAVAL, takes=FleetMoveInput)
def fleet_move(case: FleetMoveInput, dice: Dice) -> Result:
    """5.2.2-5.2.3: a river fleet has 4 MP, one per region along its river; embarking or debarking costs 0 MP in a
    city, 2 elsewhere; 10 land SP per fleet SP."""
    working = Working()
    if case.river_frozen:
        raise RulesError("river_frozen", "the river is frozen: sailing is impossible, the boats remain in port (5.2.2)")
    if case.carried_sp > SP_PER_FLEET_SP * case.fleet_sp:
        raise RulesError(
            "carried_sp", f"{case.fleet_sp} fleet SP carry at most {SP_PER_FLEET_SP * case.fleet_sp} land SP (5.2.3)"
        )
    total = 0
    for step in case.steps:
        cost = step_cost(step)
        total += cost
        where = "" if step.step is Step.MOVE else (" in a city" if step.in_city else " outside a city")
        working.step(f"{step.step.label}{where}: {cost} MP (total {total})", TRANSPORT if cost != 1 else NAVAL, total)
    if total > FLEET_MP:
        raise RulesError("steps", f"the move costs {total} MP; a river fleet has {FLEET_MP} (5.2.2)")
    return Result.of("optimus_princeps.fleet_move", {"mp": total, "mp_left": FLEET_MP - total}, working, dice)
