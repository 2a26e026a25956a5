"""What every Thunderbolt procedure shares: the die, the sides, the ratings, and the cells of the charts the
rulebook refers to but does not print (the AW rulebook's tables and the Player Aid Cards).

The die is a d10 read 0-9 (2.0 "Two 10-sided dice"; 7.21 "the roll is a 0", 9.71 "treating a 0 DR as a 1"):
the umpire enters the face marked 0 as it reads, 0 (EnteredDice takes it as the d10's 10), and the working
reads it as 0.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..dice import Dice
from ..errors import RulesError
from ..schema import Choice, spec
from ..working import Working

RULESET = "thunderbolt"
D10 = "d10 read 0-9 (enter the 0 face as 0)"
NOT_PRINTED = "Control enters it on the data tables page"

Modifier = tuple[str, int, str]
"""A DRM as the working shows it: (text, value, rule)."""


class ChartRow(Protocol):
    """A line of a chart the text does not print, found by its `row` label."""

    @property
    def row(self) -> str: ...


class ModifierRow(ChartRow, Protocol):
    """A chart's modifier line: its DRM, None until Control fills it in."""

    @property
    def drm(self) -> int | None: ...


class Named(Choice):
    """A choice whose working text is a proper name."""

    @property
    def title(self) -> str:
        return self.label.title()


class Side(Named):
    ROMAN = "roman"
    CARTHAGINIAN = "carthaginian"


class BattleRating(Choice):
    """A leader's Battle Rating letter, A best (2.2; 13.54 "A being best")."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    E = "E"


class Family(Named):
    """The Carthaginian political families (2.2, 6.1)."""

    MAGONID = "magonid"
    BARCID = "barcid"


class Outcome(Choice):
    """A battle's result for one side, as the umpire reads it off the AW Battle Results Table (AW 8.51-8.52)."""

    MAJOR_VICTORY = "major_victory"
    VICTORY = "victory"
    DRAW = "draw"
    DEFEAT = "defeat"
    MAJOR_DEFEAT = "major_defeat"


def roll_d10(working: Working, dice: Dice, purpose: str) -> int:
    """One d10 read 0-9: the 0 face, which the dice read as the d10's 10, counts zero (2.0; 7.21)."""
    value = working.roll(dice, 10, purpose) % 10
    if value == 0:
        working.note("The 0 face counts zero", "2.0 Components; 7.21")
    return value


def total(working: Working, roll: int, modifiers: Sequence[Modifier]) -> int:
    """The adjusted DR: the roll plus each (text, value, rule) modifier shown in the working."""
    for text, value, rule in modifiers:
        working.modifier(text, value, rule)
    adjusted = roll + sum(value for _, value, _ in modifiers)
    working.step(f"Adjusted DR {adjusted}", "", adjusted)
    return adjusted


def cell(rows: Sequence[ChartRow], key: str, column: str, *, table: str, source: str, field: str) -> Any:
    """The value in `column` of the row `key` of a chart the text does not print, or a RulesError naming it.

    Its type is the column's, which the caller knows and states (`infantry: int = cell(...)`)."""
    for row in rows:
        if row.row == key and getattr(row, column) is not None:
            return getattr(row, column)
    raise RulesError(field, f"the {table} has no {column.replace('_', ' ')} for {key!r}: {NOT_PRINTED} ({source})")


def chart_modifiers(rows: Sequence[ModifierRow], *, table: str, source: str, field: str) -> list[Modifier]:
    """(text, value, rule) for each chart modifier the case names; one without a value stops, naming it."""
    found: list[Modifier] = []
    for index, row in enumerate(rows):
        if row.drm is None:
            raise RulesError(
                f"{field}.{index}.drm", f"the {table} has no DRM for {row.row!r}: {NOT_PRINTED} ({source})"
            )
        found.append((row.row, row.drm, source))
    return found


PERCENTAGE_LOSS = "Percentage Loss Chart"
PERCENTAGE_LOSS_SOURCE = "AW, not in the Thunderbolt rulebook"


@dataclass(frozen=True)
class PercentageLossRow:
    """A cell of the AW Percentage Loss Chart, as '10% of 42'."""

    row: str = spec("The percentage of a number of SP, as '10% of 42'")
    sp: int | None = spec("The SP the chart gives", min=0, max=999, default=None)


def percentage_of(
    rows: Sequence[PercentageLossRow], percent: int, sp: int, *, field: str, working: Working, rule: str
) -> int:
    """`percent`% of `sp` as the AW Percentage Loss Chart gives it (its rounding is not in the text: the
    examples disagree), or a RulesError naming the cell."""
    if sp == 0 or percent == 0:
        return 0
    value: int = cell(
        rows, f"{percent}% of {sp}", "sp", table=PERCENTAGE_LOSS, source=PERCENTAGE_LOSS_SOURCE, field=field
    )
    working.step(f"{PERCENTAGE_LOSS}: {percent}% of {sp} is {value}", rule, value)
    return value
