"""What every Optimus Princeps procedure shares: the ruleset's name, the die, the sides and peoples, the
seasons, and the small checks on a D6 result ("6+" in §0).

The rulebook is the English translation in seeds/002; its rule numbers (§8.2) and line numbers (L327)
are given beside each table and step. The extraction shared/rules/002_optimus_princeps.md numbers the
points it leaves open A1–A34: each procedure that meets one takes the reading in its `options`.
"""

from collections.abc import Sequence

from ..schema import Choice
from ..working import Working

RULESET = "optimus_princeps"
DIE = 6  # §0: "This game requires the use of a six-sided die, termed a D6"; the D10 only counts AP (§3)
HITS_ON = 6  # §10.1: "A result of 6+ puts one enemy SP HDC."
OPTIONS_HELP = "Readings of points the rulebook leaves open"

Modifier = tuple[str, int, str]  # what it is for, its value, its rule: ("winter", -2, "6.1 Attrition")


class Side(Choice):
    """0: "One of the players controls the armies of Rome, the other the 'barbarian' forces"."""

    ROMAN = "roman"
    BARBARIAN = "barbarian"


class People(Choice):
    """0.2: the ethnicities of the map (red, green, purple, yellow)."""

    ROMAN = "roman"
    DACIAN = "dacian"
    GERMAN = "german"
    SARMATIAN = "sarmatian"

    @property
    def side(self) -> Side:
        return Side.ROMAN if self is People.ROMAN else Side.BARBARIAN


class Season(Choice):
    """0.1: "five seasons: thaw, spring, summer, autumn, and winter"."""

    THAW = "thaw"
    SPRING = "spring"
    SUMMER = "summer"
    AUTUMN = "autumn"
    WINTER = "winter"


class Terrain(Choice):
    """0.2: the rural regions (plains, forest, mountain, marsh) and the inhabited regions."""

    PLAINS = "plains"
    FOREST = "forest"
    MOUNTAIN = "mountain"
    MARSH = "marsh"
    INHABITED = "inhabited"


def succeeds(total: int, needs: int = HITS_ON) -> bool:
    """0: "6+ … means that the result of the die roll (plus bonuses) must be 6 or higher"."""
    return total >= needs


def signed(value: int) -> str:
    return f"{value:+d}"


def total_of(working: Working, roll: int, modifiers: Sequence[Modifier], what: str, rule: str) -> int:
    """The die plus its modifiers, each shown with its rule, and the modified result."""
    total = roll + sum(value for _, value, _ in modifiers)
    for text, value, source in modifiers:
        working.modifier(text, value, source)
    working.step(f"{what}: {roll} {''.join(f'{signed(v)} ' for _, v, _ in modifiers)}= {total}", rule, total)
    return total
