"""6.7-6.72 Replacements: non-Roman powers do not mobilize but may activate replacements, as the situation notes
say; a barbarian's come on in its area of origin, green at half strength, unless an unfriendly player holds the
area alone (6.73), when they are lost for ever."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, half_up

REPLACEMENTS = "6.7 Replacements"
BARBARIAN_PLACE = "6.71 Replacements"
GREEN = "6.72 Replacements"


@dataclass(frozen=True)
class ReplacementUnit:
    name: str = spec("The replacement unit")
    strength: int = spec("Its full (veteran) strength", min=1, max=200)


@dataclass(frozen=True)
class NonRomanReplacementInput:
    units: tuple[ReplacementUnit, ...] = spec(
        "The replacements the situation notes give now", min_items=1, max_items=40
    )
    barbarian: bool = spec("The power is barbarian (6.74)", default=True)
    unfriendly_sole_control: bool = spec(
        "An unfriendly player is in sole control of the area of origin (6.73)", default=False
    )
    hex_friendly_or_empty: bool = spec("The chosen hex of the area of origin is friendly or unoccupied", default=True)


@procedure(
    RULESET,
    "non_roman_replacement",
    title="Non-Roman replacements",
    source=REPLACEMENTS,
    takes=NonRomanReplacementInput,
)
def non_roman_replacement(case: NonRomanReplacementInput, dice: Dice) -> Result:
    """6.7-6.72: the situation's replacements come on green, at half strength; a barbarian's only in a friendly
    or unoccupied hex of its area of origin, and never while an unfriendly player holds that area alone."""
    working = Working()
    if case.barbarian and case.unfriendly_sole_control:
        working.step(
            "An unfriendly player holds the area of origin alone: no replacement, ever (not held over)",
            BARBARIAN_PLACE,
            False,
        )
        return Result.of(f"{RULESET}.non_roman_replacement", {"placed": {}, "lost_for_ever": True}, working, dice)
    if case.barbarian and not case.hex_friendly_or_empty:
        working.step("Choose a friendly or unoccupied hex of the area of origin", BARBARIAN_PLACE, False)
        return Result.of(f"{RULESET}.non_roman_replacement", {"placed": {}, "lost_for_ever": False}, working, dice)
    placed: dict[str, int] = {}
    for unit in case.units:
        placed[unit.name] = half_up(unit.strength)
        working.step(
            f"{unit.name}: green, at half of {unit.strength}: {placed[unit.name]} (an odd half rounded up for "
            "the unit, 2.1)",
            GREEN,
            placed[unit.name],
        )
    return Result.of(f"{RULESET}.non_roman_replacement", {"placed": placed, "lost_for_ever": False}, working, dice)
