"""6.5-6.7 Carthaginian Army Efficiency: the Army Efficiency Rating (AER) and what changes it (6.73-6.76), the
detachments' effect on it (6.55), and its DRM in battle (6.71, 6.77)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, Named, PercentageLossRow, percentage_of

AER_RULE = "6.71 Army Efficiency Rating"
CHANGE_RULE = "6.73-6.76 Army Efficiency"
LOWEST, HIGHEST = -3, 3  # 6.76
NEW_ARMY_AER = -3  # 6.72 "All newly-raised Armies start with an Army Efficiency of -3"; 6.77 a non-Army force
NEW_COMMANDER = -2  # 6.74
SIZE_CAPS = ((100, 1), (60, 2))  # 6.76: 100+ SP at most +1; 60+ SP at most +2
FREE_ADDITION_PERCENT = 30  # 6.75 "up to 30% of its strength in SP"


def clamp(aer: int, army_sp: int, working: Working) -> int:
    """6.76: never below -3 or above +3; +2 at most from 60 SP, +1 from 100 SP."""
    ceiling = next((cap for size, cap in SIZE_CAPS if army_sp >= size), HIGHEST)
    limited = max(LOWEST, min(ceiling, aer))
    if limited != aer:
        working.step(
            f"AER {aer:+d} limited to {limited:+d} (an Army of {army_sp} SP: at most {ceiling:+d})",
            "6.76 Army Efficiency Limits",
            limited,
        )
    return limited


# ---- thunderbolt.aer_in_battle ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArmyInBattle:
    name: str = spec("The Army, or the force")
    aer: int | None = spec("Its AER (none: a force that is neither Army nor Detachment)", min=-3, max=3, default=None)
    detachments: int = spec("Its Army's detachments in play", min=0, max=2, default=0)


@dataclass(frozen=True)
class BattleAerInput:
    armies: tuple[ArmyInBattle, ...] = spec("The Carthaginian Armies/forces in the battle", min_items=1)
    attacking: bool = spec("The Carthaginians are attacking")


def effective_aer(army: ArmyInBattle, working: Working) -> int:
    if army.aer is None:
        working.step(f"{army.name}: neither Army nor Detachment, AER -3", "6.77", NEW_ARMY_AER)
        return NEW_ARMY_AER
    aer = max(LOWEST, army.aer - army.detachments)
    if army.detachments:
        working.step(
            f"{army.name}: AER {army.aer:+d} less {army.detachments} for detachments in play = {aer:+d}", "6.55", aer
        )
    return aer


@procedure(RULESET, "aer_in_battle", title="Army Efficiency Rating in battle", source=AER_RULE, takes=BattleAerInput)
def aer_in_battle(case: BattleAerInput, dice: Dice) -> Result:
    """6.71, 6.55, 6.77: the lowest AER of the Armies in the battle (one less per detachment in play, never below
    -3; a force neither Army nor Detachment -3) is added to the Battle DR attacking, subtracted defending."""
    working = Working()
    lowest = min(effective_aer(army, working) for army in case.armies)
    drm = working.modifier(
        f"AER {lowest:+d}, {'attacking: added' if case.attacking else 'defending: subtracted'}",
        lowest if case.attacking else -lowest,
        AER_RULE,
    )
    return Result.of(f"{RULESET}.aer_in_battle", {"aer": lowest, "drm": drm}, working, dice)


# ---- thunderbolt.aer_change ---------------------------------------------------------------------------------------


class AerCause(Named):
    NEW_COMMANDER = "new_commander"
    SP_ADDED = "sp_added"
    END_OF_TURN = "end_of_turn"
    PARENT_ARMY_ELIMINATED = "parent_army_eliminated"


@dataclass(frozen=True)
class AerChangeInput:
    aer: int = spec("The Army's AER now", min=-3, max=3)
    army_sp: int = spec("The Army's SP before any addition", min=0, max=999)
    cause: AerCause = spec("What changes it")
    sp_added: int = spec("SP added, Carthaginian Citizen and Elite units aside (6.75)", min=0, max=999, default=0)
    same_commander_all_turn: bool = spec("(End of turn) The same commander all Game Turn", default=True)
    useless_this_turn: bool = spec("(End of turn) Useless at any time this Game Turn", default=False)
    disorganized: bool = spec("(End of turn) Disorganized now", default=False)
    lowered_this_turn: bool = spec("(End of turn) Its AER was lowered this turn per 6.74 or 6.75", default=False)
    percentage_loss: tuple[PercentageLossRow, ...] = spec("The Percentage Loss Chart's cells (AW), for 30%", default=())


def addition_penalty(case: AerChangeInput, working: Working) -> int:
    """6.75: up to 30% free; more than 30% but less than the Army -1; the Army's size or more -2; twice it -3."""
    if case.sp_added >= 2 * case.army_sp:
        return -3
    if case.sp_added >= case.army_sp:
        return -2
    free = percentage_of(
        case.percentage_loss, FREE_ADDITION_PERCENT, case.army_sp, field="percentage_loss", working=working, rule="6.75"
    )
    return -1 if case.sp_added > free else 0


def turn_end_gain(case: AerChangeInput, working: Working) -> int:
    met = (
        case.same_commander_all_turn
        and not case.useless_this_turn
        and not case.disorganized
        and not case.lowered_this_turn
    )
    working.step(
        f"Same commander, never Useless, not Disorganized, AER not lowered: {'+1' if met else 'no gain'}", "6.73", met
    )
    return 1 if met else 0


def aer_delta(case: AerChangeInput, working: Working) -> int:
    if case.cause is AerCause.NEW_COMMANDER:
        return NEW_COMMANDER
    if case.cause is AerCause.PARENT_ARMY_ELIMINATED:
        return -1
    if case.cause is AerCause.SP_ADDED:
        return addition_penalty(case, working)
    return turn_end_gain(case, working)


@procedure(RULESET, "aer_change", title="Army Efficiency Rating: change", source=CHANGE_RULE, takes=AerChangeInput)
def aer_change(case: AerChangeInput, dice: Dice) -> Result:
    """6.73-6.76 and 6.57: +1 at the end of a good Game Turn (G/2); -2 for a new commander; -1 to -3 for SP added
    beyond 30% of the Army; -1 when a detachment becomes the Army; then the limits: -3 to +3, +2 at most from
    60 SP, +1 from 100 SP."""
    working = Working()
    if case.cause is AerCause.SP_ADDED and case.sp_added == 0:
        raise RulesError("sp_added", "name the SP added (6.75)")
    delta = working.modifier(case.cause.label, aer_delta(case, working), CHANGE_RULE)
    size = case.army_sp + (case.sp_added if case.cause is AerCause.SP_ADDED else 0)
    after = clamp(case.aer + delta, size, working)
    working.step(f"AER {case.aer:+d} → {after:+d}", CHANGE_RULE, after)
    return Result.of(f"{RULESET}.aer_change", {"aer": after, "lowered": after < case.aer}, working, dice)
