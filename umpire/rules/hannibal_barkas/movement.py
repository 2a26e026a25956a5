"""Moving armies and fleets (IV. Army Movement): activation and its Initiative cost (4.2), land movement,
crossing the Alps (4.3) and movement at sea with transport (4.4).

The map is not in the rulebook: which fields an army passes, whether an edge is an Alpine crossing and
whether a sea field is open sea come in the case, from the umpire's board.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .turn import Region
from .units import DIE, MOVEMENT, RULESET, SHIP_CAPACITY, SHIPS, Units, UnitType

GENERAL = "4.1 General Rules"
ACTIVATING = "4.2 Activating and Moving Armies"
ALPS = "4.3 Crossing the Alps"
SEA = "4.4 Movement on Sea Fields"

ACTIVATION_IP = 1  # 4.2 "Activating any number of units in one region costs 1 Initiative Point."
LEADER_MP = 4  # 4.2 "A leader has 4 movement points (like cavalry)."
ALPS_LOSS = 8  # 4.3 "If 8 or more is rolled on the die, the unit perishes."
FLEET_MP: int = MOVEMENT.rows[SHIPS.value]  # 4.4 "at most 8 sea fields per turn"
SIEGE_MP = 1  # 6.2: declaring a siege costs 1 movement point
ASSAULT_MP = 1  # 6.1: each assault costs 1 movement point


# ---- activation (4.2) -------------------------------------------------------------------------


def check_pattern(regions: Sequence[Region], destinations: Sequence[str], fleet_landing: bool, where: str) -> None:
    """4.2: one region to one or several; several regions to exactly one; several to several only with a fleet
    loading or landing. "All other combinations ... are not permitted." """
    if not regions:
        raise RulesError(f"{where}.regions", "name at least one region to activate")
    names = [r.name for r in regions]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RulesError(f"{where}.regions.{i}", f"{name} is named twice: a region is activated once")
    if len(regions) > 1 and len(set(destinations)) != 1 and not fleet_landing:
        raise RulesError(
            f"{where}.destinations",
            f"{len(regions)} regions are activated at once: all the "
            f"activated units must end their move in the same field ({ACTIVATING})",
        )


def activation_cost(regions: Sequence[Region], working: Working) -> int:
    """4.2: 1 IP for each region activated, none for a region with an active leader ('A'); even if nothing moves."""
    total = 0
    for region in regions:
        if region.active_leader:
            working.modifier(f"{region.name}: an active leader ('A') activates it for free", 0, ACTIVATING)
        else:
            total += working.modifier(f"{region.name}: 1 IP to activate", ACTIVATION_IP, ACTIVATING)
    working.step(f"Activation costs {total} IP", ACTIVATING, total)
    return total


@dataclass(frozen=True)
class ActivationInput:
    regions: tuple[Region, ...] = spec("The regions (or sea areas) activated in this action", min_items=1, max_items=10)
    destinations: tuple[str, ...] = spec(
        "The fields where the activated units end (none: they stay)", max_items=10, default=()
    )
    fleet_landing: bool = spec("A fleet move that loads and/or lands units", default=False)
    initiative: int | None = spec("IP the player holds, to check he can pay", min=0, max=500, default=None)


@procedure(RULESET, "activate_armies", title="Activate armies", source=ACTIVATING, takes=ActivationInput)
def activate_armies(case: ActivationInput, dice: Dice) -> Result:
    """4.2 Activating and Moving Armies: 1 IP a region unless an active leader is there; legal move patterns."""
    working = Working()
    check_pattern(case.regions, case.destinations, case.fleet_landing, "input")
    cost = activation_cost(case.regions, working)
    if case.initiative is not None and cost > case.initiative:
        raise RulesError("initiative", f"activating costs {cost} IP; the player holds {case.initiative}")
    if not case.destinations:
        working.note("Activating a region and doing nothing still costs its IP", ACTIVATING)
    working.note("Each unit is activated once a stage; units left behind stay unactivated (4.2)", ACTIVATING)
    outcome = {
        "initiative_cost": cost,
        "regions": [r.name for r in case.regions],
        "destinations": list(case.destinations),
        "initiative_left": None if case.initiative is None else case.initiative - cost,
    }
    return Result.of(f"{RULESET}.activate_armies", outcome, working, dice)


# ---- hannibal_barkas.land_move ----------------------------------------------------------------


@dataclass(frozen=True)
class LandMoveInput:
    army: Units = spec("The units moving together (no ships)")
    fields: int = spec("Fields (regions) entered", min=0, max=10)
    leaders: int = spec("Leaders with them", min=0, max=10, default=0)
    sieges_declared: int = spec("Sieges declared on the way (1 MP)", min=0, max=1, default=0)
    assaults: int = spec("Assaults made (1 MP each)", min=0, max=4, default=0)
    crosses_alps: bool = spec("The move crosses the Alps: it ends there", default=False)


def allowances(army: Units, leaders: int, working: Working) -> dict[UnitType | str, int]:
    found: dict[UnitType | str, int] = {kind: MOVEMENT.lookup(kind.value, working) for kind, _ in army.items()}
    if leaders:
        found["leader"] = working.modifier("a leader moves like cavalry", LEADER_MP, ACTIVATING)
    return found


def check_land_move(case: LandMoveInput) -> None:
    if case.army.ships:
        raise RulesError("army.ships", "ships move at sea (4.4), not by land")
    if not case.army.total:
        raise RulesError("army", "a leader cannot move on his own (4.2): give the units he moves with")


@procedure(RULESET, "land_move", title="Move an army by land", source=ACTIVATING, takes=LandMoveInput)
def land_move(case: LandMoveInput, dice: Dice) -> Result:
    """1.2 Movement and 4.2: each unit's fields a stage; the stack moves as its slowest unit (an inference)."""
    working = Working()
    check_land_move(case)
    mp = allowances(case.army, case.leaders, working)
    used = case.fields + SIEGE_MP * case.sieges_declared + ASSAULT_MP * case.assaults
    working.step(
        f"{case.fields} fields, {case.sieges_declared} siege declared, {case.assaults} assaults: {used} MP",
        ACTIVATING,
        used,
    )
    slowest = min(mp, key=lambda k: mp[k])
    if used > mp[slowest]:
        name = slowest.label if isinstance(slowest, UnitType) else slowest
        raise RulesError(
            "fields",
            f"{name} has {mp[slowest]} MP and the move needs {used}: the army moves as its "
            "slowest unit; the faster units may split off and go on (4.2)",
        )
    working.note(
        "Inference: the rulebook gives MP by unit; a stack moving together goes as far as its slowest", ACTIVATING
    )
    left = {(k.value if isinstance(k, UnitType) else k): v - used for k, v in mp.items()}
    if case.crosses_alps:
        left = {k: 0 for k in left}
        working.step("Across the Alps the army ends its movement at once, whatever MP it has", ALPS, 0)
    working.note(
        "When it meets an enemy army on its way a battle is fought at once; if it wins it may move on", ACTIVATING
    )
    outcome = {"mp_used": used, "mp_left": left, "turned_over": True}
    return Result.of(f"{RULESET}.land_move", outcome, working, dice)


# ---- hannibal_barkas.cross_alps ---------------------------------------------------------------


@dataclass(frozen=True)
class AlpsInput:
    army: Units = spec("The units crossing (no ships)")
    leaders: tuple[str, ...] = spec("Leaders with them (they make no roll: not units)", max_items=10, default=())


def alps_losses(army: Units, dice: Dice, working: Working) -> dict[UnitType, int]:
    lost: dict[UnitType, int] = {}
    for kind, count in army.items():
        for n in range(1, count + 1):
            roll = working.roll(dice, DIE, f"{kind.label} {n} crossing the Alps")
            if roll >= ALPS_LOSS:
                lost[kind] = lost.get(kind, 0) + 1
    return lost


@procedure(
    RULESET,
    "cross_alps",
    title="Crossing the Alps",
    source=ALPS,
    takes=AlpsInput,
    dice="d10 for each unit, in Table 1 order: light infantry, heavy infantry, cavalry, elephants, ...",
)
def cross_alps(case: AlpsInput, dice: Dice) -> Result:
    """4.3 Crossing the Alps: 1d10 for each unit, 8 or more and it perishes; the army ends its movement."""
    working = Working()
    if case.army.ships:
        raise RulesError("army.ships", "ships do not cross the Alps")
    lost = alps_losses(case.army, dice, working)
    survivors = case.army
    for kind, number in lost.items():
        survivors = survivors.minus(kind, number)
        working.step(f"{number} {kind.label} perish in the Alps (8+)", ALPS, number)
    working.step(
        f"{survivors.total} of {case.army.total} units reach the other side; the army's movement ends",
        ALPS,
        survivors.total,
    )
    leaders_lost = list(case.leaders) if not survivors.total else []
    if leaders_lost:
        working.note(
            "Every unit perished: the rulebook has no rule for the leaders here; 5.6 eliminates leaders "
            "whose army is wiped out, so they are shown as lost. Control rules on their VP",
            "4.3; 5.6",
        )
    working.note("No battle VP for losses in the Alps; Command gives no re-rolls here (1.2.8)", ALPS)
    outcome = {
        "lost": {k.value: n for k, n in lost.items()},
        "survivors": survivors.as_dict(),
        "leaders_lost": leaders_lost,
        "movement_ends": True,
    }
    return Result.of(f"{RULESET}.cross_alps", outcome, working, dice)


# ---- hannibal_barkas.sea_move -----------------------------------------------------------------


class Leg(Choice):
    SAIL = "sail"  # 1 MP a sea field
    LOAD = "load"  # 1 MP, and the land units must be activated
    UNLOAD = "unload"  # 1 MP; the units are activated and turned over
    ENTER_PORT = "enter_port"  # 0 MP
    LEAVE_PORT = "leave_port"  # 0 MP


LEG_MP = {Leg.SAIL: 1, Leg.LOAD: 1, Leg.UNLOAD: 1, Leg.ENTER_PORT: 0, Leg.LEAVE_PORT: 0}


@dataclass(frozen=True)
class SeaStep:
    kind: Leg = spec("What the fleet does")
    place: str = spec("The sea field, or the region loaded from or landed in", default="")
    units: int = spec("Land units loaded or unloaded", min=0, max=400, default=0)
    already_activated: bool = spec("Load: their region was activated with the fleet (its port)", default=False)
    active_leader: bool = spec("Load: an active leader ('A') is with them, so no IP", default=False)
    open_sea: bool | None = spec(
        "Sail: the field is open sea (dark, a sinking ship); unknown: leave empty", default=None
    )


@dataclass(frozen=True)
class SeaMoveInput:
    fleet: str = spec("The fleet, as the Carthaginian fleet")
    ships: int = spec("Its ships", min=1, max=200)
    activated: Region = spec("The sea area it is in, or the land region of its port, activated")
    steps: tuple[SeaStep, ...] = spec("Its move, step by step", max_items=30)
    aboard: int = spec("Land units already aboard", min=0, max=400, default=0)


@dataclass
class Voyage:
    """A fleet's move so far: its MP and IP spent, the land units aboard, where it landed some, and
    whether each sea field it sailed was open sea."""

    mp: int
    ip: int
    aboard: int
    unloaded: list[dict[str, Any]] = field(default_factory=list)
    open_sea: list[bool | None] = field(default_factory=list)


def sea_step(case: SeaMoveInput, i: int, step: SeaStep, state: Voyage, working: Working) -> None:
    """One step: its MP, any IP for loading, and the cargo aboard (2 land units a ship, 1.2.7)."""
    where = f"steps.{i}"
    mp = LEG_MP[step.kind]
    state.mp += mp
    if state.mp > FLEET_MP:
        raise RulesError(where, f"the fleet has {FLEET_MP} movement points a stage: this step is its {state.mp}th")
    if step.kind == Leg.LOAD:
        load(case, where, step, state, working)
    elif step.kind == Leg.UNLOAD:
        if step.units > state.aboard:
            raise RulesError(f"{where}.units", f"{state.aboard} units are aboard: {step.units} cannot land")
        state.aboard -= step.units
        state.unloaded.append({"place": step.place, "units": step.units})
    working.step(
        f"MP {state.mp}: {step.kind.label} {step.place}".rstrip() + (f" ({step.units} units)" if step.units else ""),
        SEA,
        mp,
    )
    if step.kind == Leg.SAIL:
        state.open_sea.append(step.open_sea)


def load(case: SeaMoveInput, where: str, step: SeaStep, state: Voyage, working: Working) -> None:
    capacity = SHIP_CAPACITY * case.ships
    if state.aboard + step.units > capacity:
        raise RulesError(
            f"{where}.units", f"{case.ships} ships carry {capacity} land units (1.2.7): {state.aboard} are aboard"
        )
    state.aboard += step.units
    if step.already_activated or step.active_leader:
        reason = "an active leader is with them" if step.active_leader else "their region is already activated"
        working.modifier(f"Loading at {step.place}: {reason}, no IP", 0, SEA)
    else:
        state.ip += working.modifier(
            f"Loading at {step.place}: the units must be activated, 1 IP", ACTIVATION_IP, "4.4; 4.2"
        )


def sailed_open_sea(fields: Sequence[bool | None]) -> bool | None:
    """For Storm (1.3.1): True if any field was open sea, None if some field is unknown, else False."""
    return True if True in fields else (None if None in fields else False)


@procedure(RULESET, "sea_move", title="Move a fleet (and transport)", source=SEA, takes=SeaMoveInput)
def sea_move(case: SeaMoveInput, dice: Dice) -> Result:
    """4.4 Movement on Sea Fields: at most 8 sea fields; loading and unloading 1 MP each; ports free."""
    working = Working()
    ip = 0 if case.activated.active_leader else ACTIVATION_IP
    working.modifier(
        f"Activating {case.activated.name} moves the fleet"
        + (" (an active leader: free)" if case.activated.active_leader else ""),
        ip,
        "4.4; 4.2",
    )
    if case.aboard > SHIP_CAPACITY * case.ships:
        raise RulesError("aboard", f"{case.ships} ships carry at most {SHIP_CAPACITY * case.ships} land units")
    state = Voyage(mp=0, ip=ip, aboard=case.aboard)
    for i, step in enumerate(case.steps):
        sea_step(case, i, step, state, working)
    in_port = bool(case.steps) and case.steps[-1].kind == Leg.ENTER_PORT
    working.step(
        f"{case.fleet} ends {'in port' if in_port else 'at sea'} after {state.mp} MP; the move costs {state.ip} IP",
        SEA,
        state.ip,
    )
    if state.unloaded:
        working.note("Units unloaded are activated and turned over: they can do nothing more this stage", SEA)
    working.note("A naval battle is fought at once on meeting an enemy fleet; a fleet in port cannot be attacked", SEA)
    outcome = {
        "mp_used": state.mp,
        "initiative_cost": state.ip,
        "aboard": state.aboard,
        "unloaded": state.unloaded,
        "in_port": in_port,
        "sailed_open_sea": sailed_open_sea(state.open_sea),
    }
    return Result.of(f"{RULESET}.sea_move", outcome, working, dice)


# ---- hannibal_barkas.meet_enemy ----------------------------------------------------------------


class Mover(Choice):
    ARMY = "army"  # 4.2 (L361): a land battle at once
    FLEET = "fleet"  # 4.4 (L391): a naval battle at once


@dataclass(frozen=True)
class MeetingInput:
    entering: tuple[Units, ...] = spec(
        "The moving forces that enter the field, one for each field they come from", min_items=1, max_items=6
    )
    enemy: Units = spec("The enemy standing in the field")
    movement_points_left: int = spec(
        "MP the moving force has left on meeting (an army: its slowest unit's; a fleet: 8 less the MP spent)",
        min=0,
        max=8,
    )
    mover: Mover = spec("What is moving: an army by land or a fleet at sea", default=Mover.ARMY)
    battle_won: bool | None = spec("After the battle: did the moving side win? Empty: not fought yet", default=None)


def check_meeting(case: MeetingInput) -> None:
    ships = [i for i, force in enumerate(case.entering) if force.ships]
    if case.mover is Mover.ARMY and (ships or case.enemy.ships):
        raise RulesError(
            f"entering.{ships[0]}.ships" if ships else "enemy.ships",
            "ships do not fight a land battle (5.4): a fleet meets a fleet at sea",
        )
    if case.mover is Mover.FLEET and any(force.ships != force.total for force in (*case.entering, case.enemy)):
        raise RulesError(
            "entering",
            "at sea only fleets meet: give their ships (the land units aboard go in the naval battle's case)",
        )
    if case.mover is Mover.FLEET and case.movement_points_left > FLEET_MP:
        raise RulesError("movement_points_left", f"a fleet has {FLEET_MP} MP a stage (4.4)")
    if not case.enemy.total:
        raise RulesError("enemy", "no enemy stands in the field: nothing is met")


def combined(entering: Sequence[Units], working: Working) -> Units:
    """4.2 (L363): "If two armies from different fields enter one field and a fight occurs, one battle is
    fought with the armies combined"."""
    force = Units()
    for part in entering:
        force = force.plus(part)
    if len(entering) > 1:
        working.step(
            f"{len(entering)} forces from different fields enter together: one battle, combined ({force.describe()})",
            ACTIVATING,
            force.total,
        )
    return force


def after_battle(case: MeetingInput, working: Working) -> bool:
    """4.2 (L361) and 4.4 (L391): the winner may move on with the MP it has left; a loser stops."""
    if case.battle_won is None:
        return False
    if not case.battle_won:
        working.step("The moving side did not win: it retreats as 5.4 says and moves no further", GENERAL, False)
        return False
    rule = SEA if case.mover is Mover.FLEET else ACTIVATING
    may = case.movement_points_left > 0
    working.step(
        f"The moving side won; with {case.movement_points_left} MP left it "
        f"{'may move on' if may else 'stops'}"
        + (" (even to attack a fleet that escaped the battle)" if may and case.mover is Mover.FLEET else ""),
        rule,
        may,
    )
    return may


@procedure(RULESET, "meet_enemy", title="Meeting the enemy mid-move", source=f"{ACTIVATING}; {SEA}", takes=MeetingInput)
def meet_enemy(case: MeetingInput, dice: Dice) -> Result:
    """4.2 (L361): "When a moving army meets an enemy army on its way, a battle is immediately fought. After
    winning the battle the army may move on, if it still has movement points." 4.4 (L391) the same for
    fleets, "until all 8 movement points are used up". The one entering is the attacker (5.1 L401)."""
    working = Working()
    check_meeting(case)
    attacker = combined(case.entering, working)
    battle = "naval_battle" if case.mover is Mover.FLEET else "battle"
    working.step(
        f"A {'naval ' if battle == 'naval_battle' else ''}battle is fought at once: the moving side "
        f"({attacker.describe()}) attacks, the enemy standing there ({case.enemy.describe()}) defends",
        "5.1 General Rules (L401)",
        f"{RULESET}.{battle}",
    )
    may_move_on = after_battle(case, working)
    outcome = {
        "battle": f"{RULESET}.{battle}",
        "attacker": attacker.as_dict(),
        "defender": case.enemy.as_dict(),
        "fought": case.battle_won is not None,
        "may_move_on": may_move_on,
        "movement_points_left": case.movement_points_left if may_move_on else 0,
    }
    return Result.of(f"{RULESET}.meet_enemy", outcome, working, dice)
