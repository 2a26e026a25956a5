"""9.7 Corn Fleets: what one carries and what loading costs (9.71-9.72), its fate when attacked (9.73), and the
return of a destroyed one to its port of origin (9.74)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET

CARGO = "9.71 Corn Fleets"
LOADING = "9.72 Corn Fleets"
ATTACKED = "9.73 Corn Fleets"
RETURN = "9.74 Corn Fleets"
LOAD_MP = 4  # 9.72 (L315): "Corn is loaded and unloaded at a cost of 4 naval Movement Points"
RETURN_AFTER = 2  # 9.74 (L319): "the Joint Supply Phase of the second game-turn after their elimination"


@dataclass(frozen=True)
class CornFleetInput:
    fleets: int = spec("Corn fleets moving together", min=1, max=20)
    load: int = spec("Corn units they load this move (each fleet carries one)", min=0, max=20, default=0)
    unload: int = spec("Corn units they unload this move", min=0, max=20, default=0)
    produced_left: int = spec("Corn the province still has to pick up this year (9.71)", min=0, max=20, default=0)
    attacked: bool = spec("An enemy attacks them (9.73: they neither attack nor defend)", default=False)


def check_cargo(case: CornFleetInput) -> None:
    if case.load > case.fleets or case.unload > case.fleets:
        raise RulesError("load", f"{case.fleets} corn fleet(s) carry {case.fleets} corn unit(s), one each (9.71)")
    if case.load > case.produced_left:
        raise RulesError("load", f"only {case.produced_left} of the province's production is left to pick up (9.71)")


@procedure(RULESET, "corn_fleet", title="Corn fleets", source=CARGO, takes=CornFleetInput)
def corn_fleet(case: CornFleetInput, dice: Dice) -> Result:
    """9.71-9.73: a corn fleet carries one corn unit; loading and unloading each cost 4 naval movement points; if
    attacked it is destroyed or captured, cargo and all, as the attacker chooses."""
    working = Working()
    check_cargo(case)
    spent = 0
    if case.load:
        spent += working.modifier(f"Loading {case.load} corn", LOAD_MP, LOADING)
    if case.unload:
        spent += working.modifier(f"Unloading {case.unload} corn", LOAD_MP, LOADING)
    if case.attacked:
        working.step(
            "Attacked: automatically destroyed or captured with its cargo, as the attacker chooses", ATTACKED, True
        )
    return Result.of(f"{RULESET}.corn_fleet", {"movement_points": spent, "lost": case.attacked}, working, dice)


@dataclass(frozen=True)
class CornFleetReturnInput:
    destroyed_in: int = spec(
        "The game-turn (its number on the Turn Record Track) the corn fleet was destroyed in", min=1, max=1000
    )
    now: int = spec("This game-turn's number", min=1, max=1000)
    port: str = spec("Its port of origin")


@procedure(
    RULESET, "corn_fleet_return", title="A destroyed corn fleet returns", source=RETURN, takes=CornFleetReturnInput
)
def corn_fleet_return(case: CornFleetReturnInput, dice: Dice) -> Result:
    """9.74: replaced at its port of origin in the Joint Supply Phase of the second game-turn after its loss."""
    working = Working()
    if case.now < case.destroyed_in:
        raise RulesError("now", "this game-turn is before the one the fleet was destroyed in")
    due = case.destroyed_in + RETURN_AFTER
    working.note("Destroyed in game-turn T, it returns in the Supply Phase of T+2 (extraction AMB-28)", RETURN)
    back = case.now >= due
    working.step(
        f"Due in game-turn {due}'s Joint Supply Phase: "
        + (f"placed at {case.port}" if back else f"{due - case.now} more game-turn(s)"),
        RETURN,
        back,
    )
    return Result.of(f"{RULESET}.corn_fleet_return", {"returns": back, "due": due}, working, dice)
