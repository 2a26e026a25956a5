"""What every part of the ruleset shares: its name, the die, the seasons, the combat efficiency classes
and 2.1's rounding.

2.1 Rounding Off Fractions (L54): "Except in combat, all rounding off of fractions is done in favor of
the affected unit. In combat, rounding off is always done in favor of the defending unit." So in combat a
number that helps the attacker is rounded down and one that helps the defender up (`for_defender`)."""
import math
from fractions import Fraction

from ..schema import Choice

RULESET = "imperium_romanum"
DIE = 6  # 1.0 (L36): "one die"; every roll is 1d6
ROUNDING = "2.1 Rounding Off Fractions"
EXTRACTION = "shared/rules/004_imperium_romanum.md"


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


def for_defender(value, helps):
    """2.1: a combat fraction rounded in the defender's favour: down when it helps the attacker (his strength,
    the defender's losses), up when it helps the defender."""
    value = Fraction(value)
    return math.floor(value) if helps is Helps.ATTACKER else math.ceil(value)


def half_up(value):
    return math.ceil(Fraction(value, 2))


def words(fraction):
    """A Fraction as the working prints it: 22, or 22 1/2."""
    fraction = Fraction(fraction)
    whole, part = divmod(fraction, 1)
    return f"{whole}" if not part else (f"{whole} {part}" if whole else f"{part}")
