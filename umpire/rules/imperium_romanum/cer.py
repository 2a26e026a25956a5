"""14.0 Combat Efficiency: a stack's class by the majority of its strength, and the Combat Efficiency Class
Die-Roll Modification Matrix."""

from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import RULESET, Cer

MATRIX_RULE = "Combat Efficiency Class Die-Roll Modification Matrix"
CER_RULE = "14.3 Combat Efficiency"
DETERMINATION = f"{MATRIX_RULE}, CER Determination (L1019-1023)"
FIXED_B = "14.4 Combat Efficiency"

# The matrix (L1007-1012): the modification to the attacker's die-roll; "*" is no modification (0).
CER_MATRIX = KeyedTable(
    MATRIX_RULE,
    f"{MATRIX_RULE} (L1008-1012)",
    {
        "A": {"A": 0, "B": -1, "C": -2},
        "B": {"A": 1, "B": 0, "C": -1},
        "C": {"A": 2, "B": 1, "C": 0},
    },
)  # rows: the defender's class; columns: the attacker's class


@dataclass(frozen=True)
class Rated:
    strength: int = spec("Normal (printed) combat strength", min=0, max=200)
    cer: Cer = spec("Its combat efficiency rating")


def stack_class(units: Sequence[Rated], who: str, working: Working) -> Cer:
    """The determination note: the class of the majority of the stack's normal strength, else "B"."""
    total = sum(unit.strength for unit in units)
    if not total:
        working.step(f"{who}: nothing but a city, port or fortification: class B", FIXED_B, "B")
        return Cer.B
    for cer in Cer:
        points = sum(unit.strength for unit in units if unit.cer is cer)
        if 2 * points > total:
            working.step(
                f"{who}: {points} of {total} strength points are class {cer.value}, a majority",
                DETERMINATION,
                cer.value,
            )
            return cer
    working.step(f"{who}: no class holds a majority of {total} strength points: class B", DETERMINATION, "B")
    return Cer.B


def cer_modifier(attacker: Cer, defender: Cer, working: Working) -> int:
    value: int = CER_MATRIX.lookup(defender.value, working, column=attacker.value)
    return working.modifier(f"Attacker class {attacker.value} against defender class {defender.value}", value, CER_RULE)


@dataclass(frozen=True)
class CerInput:
    attacker: tuple[Rated, ...] = spec("The attacking units", min_items=1, max_items=60)
    defender: tuple[Rated, ...] = spec(
        "The defending units (none: a city, port or fortification alone, class B)", max_items=60, default=()
    )


@procedure(RULESET, "combat_efficiency", title="Combat efficiency classes", source=CER_RULE, takes=CerInput)
def combat_efficiency(case: CerInput, dice: Dice) -> Result:
    """14.3 and the matrix: each stack's class by the majority of its strength, and the attacker's die-roll change."""
    working = Working()
    attacker = stack_class(case.attacker, "Attacker", working)
    defender = stack_class(case.defender, "Defender", working)
    value = cer_modifier(attacker, defender, working)
    return Result.of(
        f"{RULESET}.combat_efficiency",
        {"attacker": attacker.value, "defender": defender.value, "modifier": value},
        working,
        dice,
    )
