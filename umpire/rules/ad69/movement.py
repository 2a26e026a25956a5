"""Moving on land: the move allowance, forced marches, who may move, and forces meeting between area
tables (IX. WARFARE, LAND MOVEMENT)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .forces import Force

LAND_MOVEMENT = "IX. WARFARE, LAND MOVEMENT"

# IX. LAND MOVEMENT: map points a turn.
MOVE_ALLOWANCE = KeyedTable(
    name="Land movement",
    source=LAND_MOVEMENT,
    rows={"march": 6, "forced_march": 8},
)
# X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last turn".
FORCED_MARCH_BATTLE_MODIFIER = -2


# ---- ad69.check_move -----------------------------------------------------------------------


@dataclass(frozen=True)
class MoveInput:
    force: Force = spec("The force moving")
    map_points: int = spec("Map points it moves this turn", min=0, max=50)
    forced_march: bool = spec("A forced march", default=False)
    force_marched_last_turn: bool = spec("It force-marched on its last move", default=False)
    player_present: bool = spec("A player is with it", default=False)


def check_may_move(case: MoveInput) -> None:
    """IX. LAND MOVEMENT: a force with its Aquila moves only with a player; forced marches alternate."""
    force = case.force
    if force.aquila and case.map_points and not case.player_present:
        raise RulesError(
            "player_present",
            f"{force.name} has its Aquila: a legionary force must have a player with it to move ({LAND_MOVEMENT})",
        )
    if case.forced_march and case.force_marched_last_turn:
        raise RulesError(
            "forced_march",
            f"{force.name} force-marched last turn: units may only force march on alternate moves ({LAND_MOVEMENT})",
        )


def allowance(case: MoveInput, working: Working) -> int:
    kind = "forced_march" if case.forced_march else "march"
    points: int = MOVE_ALLOWANCE.lookup(kind, working)
    if case.map_points > points:
        raise RulesError(
            "map_points",
            f"{case.force.name} moves {case.map_points} map points: a "
            f"{kind.replace('_', ' ')} is at most {points} a turn ({LAND_MOVEMENT})",
        )
    return points


@procedure("ad69", "check_move", title="Check a land move", source=LAND_MOVEMENT, takes=MoveInput)
def check_move(case: MoveInput, dice: Dice) -> Result:
    """IX. LAND MOVEMENT: up to 6 map points, or 8 on a forced march on alternate moves; ok or refused."""
    working = Working()
    check_may_move(case)
    points = allowance(case, working)
    working.step(f"{case.force.name} moves {case.map_points} of {points} map points", LAND_MOVEMENT, case.map_points)
    if case.forced_march:
        working.modifier(
            f"{case.force.name} force-marched: {FORCED_MARCH_BATTLE_MODIFIER} in its battles until "
            "its next move, and no forced march next turn",
            FORCED_MARCH_BATTLE_MODIFIER,
            "X. BATTLE DIE ROLLING SYSTEM",
        )
    can_withdraw = case.map_points < points
    if can_withdraw:
        working.note("It has movement left: if contacted it may withdraw from contact", LAND_MOVEMENT)
    outcome = {
        "ok": True,
        "allowance": points,
        "forced_march": case.forced_march,
        "battle_modifier": FORCED_MARCH_BATTLE_MODIFIER if case.forced_march else 0,
        "may_withdraw_from_contact": can_withdraw,
    }
    return Result.of("ad69.check_move", outcome, working, dice)


# ---- ad69.meeting_between_tables -----------------------------------------------------------


@dataclass(frozen=True)
class MeetingInput:
    first: str = spec("One player, as Bigius Diccus")
    second: str = spec("The other player")


@procedure(
    "ad69",
    "meeting_between_tables",
    title="Forces meeting between area tables",
    source=LAND_MOVEMENT,
    takes=MeetingInput,
    dice="d6 for each player, first then second, again on a tie",
)
def meeting_between_tables(case: MeetingInput, dice: Dice) -> Result:
    """IX. LAND MOVEMENT: forces meeting between tables roll 1d6 each; the higher moves to his target area.

    The contact is resolved there. The handbook does not say what a tie does: both roll again.
    """
    working = Working()
    while True:
        first = working.roll(dice, 6, f"{case.first} meeting between tables")
        second = working.roll(dice, 6, f"{case.second} meeting between tables")
        if first != second:
            break
        working.note(f"A tie at {first}: both roll again", LAND_MOVEMENT)
    mover = case.first if first > second else case.second
    working.choice(
        f"{mover} rolls higher and moves to his target area, where the contact is resolved", LAND_MOVEMENT, mover
    )
    return Result.of("ad69.meeting_between_tables", {"moves": mover, "rolls": [first, second]}, working, dice)
