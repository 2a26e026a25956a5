"""What every part of the ruleset shares: its name, the die, the seasons, the combat efficiency classes
and 2.1's rounding.

2.1 Rounding Off Fractions (L54): "Except in combat, all rounding off of fractions is done in favor of
the affected unit. In combat, rounding off is always done in favor of the defending unit." So in combat a
number that helps the attacker is rounded down and one that helps the defender up (`for_defender`)."""

import math
from collections.abc import Sequence
from fractions import Fraction

from ..dice import Dice
from ..schema import Choice
from ..working import Working

RULESET = "imperium_romanum"
DIE = 6  # 1.0 (L36): "one die"; every roll is 1d6
ROUNDING = "2.1 Rounding Off Fractions"
EXTRACTION = "shared/rules/004_imperium_romanum.md"
# The situations 21.0 names (L909-917): "Scenarios I, II, 1-9, 18, 20-24, ..." to 32; none is printed (20.0).
SITUATIONS = ("I", "II", *map(str, range(1, 33)))


class Season(Choice):
    """7.0 (L256-258): "Summer: April through October"; "Winter: November through March"."""

    SUMMER = "summer"
    WINTER = "winter"


class Cer(Choice):
    """14.0 Combat Efficiency Rating: "CERs range from "A", the highest, to "C", the lowest"."""

    A = "A"
    B = "B"
    C = "C"


class Helps(Choice):
    """Which side of a combat a number helps, for 2.1's rounding."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


def for_defender(value: Fraction | int, helps: Helps) -> int:
    """2.1: a combat fraction rounded in the defender's favour: down when it helps the attacker (his strength,
    the defender's losses), up when it helps the defender."""
    exact = Fraction(value)
    return math.floor(exact) if helps is Helps.ATTACKER else math.ceil(exact)


def half_up(value: Fraction | int) -> int:
    return math.ceil(Fraction(value, 2))


def words(fraction: Fraction | int) -> str:
    """A Fraction as the working prints it: 22, or 22 1/2."""
    whole, part = divmod(Fraction(fraction), 1)
    return f"{whole}" if not part else (f"{whole} {part}" if whole else f"{part}")


def first_by_die(names: Sequence[str], take: int, dice: Dice, working: Working, rule: str, why: str) -> list[str]:
    """`take` of `names` chosen by die-roll, the highest rolls first, a tie straddling the cut rolled again
    (2.3: "it is recommended that a die-roll be made"; 3.26 and 6.17 settle their ties by a die too)."""
    if take <= 0:
        return []
    if take >= len(names):
        return list(names)
    rolls = {name: working.roll(dice, DIE, f"{why}: {name}") for name in names}
    chosen: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        group = [name for name in names if rolls[name] == value]
        if len(group) > take - len(chosen):
            working.step(f"{', '.join(group)} tie on {value}: they roll again", rule)
            return chosen + first_by_die(group, take - len(chosen), dice, working, rule, why)
        chosen += group
        if len(chosen) == take:
            return chosen
    return chosen


def rank_by_die(names: Sequence[str], dice: Dice, working: Working, rule: str, why: str) -> list[str]:
    """`names` in order of a die each, highest first, every tie rolled again among the tied."""
    if len(names) < 2:
        return list(names)
    rolls = {name: working.roll(dice, DIE, f"{why}: {name}") for name in names}
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        group = [name for name in names if rolls[name] == value]
        if len(group) > 1:
            working.step(f"{', '.join(group)} tie on {value}: they roll again", rule)
        order += rank_by_die(group, dice, working, rule, why) if len(group) > 1 else group
    return order
