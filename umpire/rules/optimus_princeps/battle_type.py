"""8.1 Battle Type: crushing, skirmish or pitched battle, a procedure of its own and the first step of every
field battle."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

BATTLE_TYPE = "8.1 Battle Type"
CRUSHING_RATIO = 10  # §8.1 "If one force has 10 times more SP than the other, it crushes."
PITCHED_MINIMUM = 10  # §8.1 "If both sides have at least 10 SP, a pitched battle occurs."


class BattleType(Choice):
    CRUSHING = "crushing"
    SKIRMISH = "skirmish"
    PITCHED = "pitched"


class StrengthCounted(Choice):
    """A9: whether HDC SP count toward the 10 SP and 10-times thresholds of §8.1."""

    GOOD_ORDER = "good_order"  # default
    ALL_SP = "all_sp"


@dataclass(frozen=True)
class TypeInput:
    attacker_sp: int = spec("The attacker's SP", min=0, max=400)
    defender_sp: int = spec("The defender's SP", min=0, max=400)
    defender_in_inhabited_region: bool = spec(
        "The defender is in an inhabited region (cannot be crushed)", default=False
    )


def judge_type(attacker_sp: int, defender_sp: int, sheltered: bool, working: Working) -> tuple[BattleType, str | None]:
    """8.1, with the translator's note: a battle both a skirmish and a crushing is a crushing (10 SP vs 1 SP)."""
    working.step(f"Attacker {attacker_sp} SP against defender {defender_sp} SP", BATTLE_TYPE)
    if attacker_sp >= CRUSHING_RATIO * defender_sp and not sheltered:
        working.step(f"{attacker_sp} is at least 10 times {defender_sp}: the attacker crushes", BATTLE_TYPE)
        return BattleType.CRUSHING, "attacker"
    if attacker_sp >= CRUSHING_RATIO * defender_sp:
        working.note("The defender is in an inhabited region: it cannot be crushed (§8.1)", BATTLE_TYPE)
    if defender_sp >= CRUSHING_RATIO * attacker_sp:
        working.step(f"{defender_sp} is at least 10 times {attacker_sp}: the defender crushes", BATTLE_TYPE)
        return BattleType.CRUSHING, "defender"
    kind = BattleType.PITCHED if min(attacker_sp, defender_sp) >= PITCHED_MINIMUM else BattleType.SKIRMISH
    words = "both sides have at least 10 SP" if kind is BattleType.PITCHED else "one side has less than 10 SP"
    working.step(f"{words}: a {kind.label} battle", BATTLE_TYPE, kind.value)
    return kind, None


@procedure(RULESET, "battle_type", title="Battle type", source=BATTLE_TYPE, takes=TypeInput)
def battle_type(case: TypeInput, dice: Dice) -> Result:
    """8.1: crushing (10 times the SP), skirmish (a side under 10 SP) or pitched battle (both 10 or more)."""
    working = Working()
    if case.attacker_sp == 0 or case.defender_sp == 0:
        raise RulesError("attacker_sp" if case.attacker_sp == 0 else "defender_sp", "a battle needs SP on both sides")
    kind, crusher = judge_type(case.attacker_sp, case.defender_sp, case.defender_in_inhabited_region, working)
    return Result.of("optimus_princeps.battle_type", {"type": kind.value, "crusher": crusher}, working, dice)
