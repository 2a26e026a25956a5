"""The result type that shows its working: every step, modifier, table row and die, with its rule.

The desk, the API, the CLI and the printed sheets all show this same working.
"""

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .dice import DieRoll

if TYPE_CHECKING:
    from .dice import Dice
    from .tables import BandTable, KeyedTable

T = TypeVar("T")


def words(key: Any) -> str:
    """A key as the rulebook says it: "minor_fortified_city" is "minor fortified city", an enum is its
    value, a key of several parts ("Rome", "infantry") is its parts in words. The one place the working
    and the read-aloud result turn keys into words, so no call spells its own."""
    if isinstance(key, enum.Enum):
        return words(key.value)
    if isinstance(key, tuple):
        return ", ".join(words(part) for part in key)
    return str(key).replace("_", " ")


@dataclass(frozen=True)
class Line:
    """One line of working. `kind` is step, modifier, table, die, choice or note."""

    kind: str
    text: str
    rule: str = ""
    value: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "value": self.value}

    @classmethod
    def from_dict(cls, saved: dict[str, Any]) -> "Line":
        """A line as `as_dict` saved it, as a saved run keeps its working."""
        return cls(saved["kind"], saved["text"], saved.get("rule", ""), saved.get("value"))


@dataclass
class Working:
    """Collects the lines while a procedure runs; the procedure returns it inside its Result."""

    lines: list[Line] = field(default_factory=list)

    def step(self, text: str, rule: str = "", value: Any = None) -> None:
        self.lines.append(Line("step", text, rule, value))

    def modifier(self, text: str, value: T, rule: str) -> T:
        self.lines.append(Line("modifier", text, rule, value))
        return value

    def total(self, text: str, terms: Sequence[tuple[str, int]], rule: str) -> int:
        """A sum with each term named, so the umpire reads out what every figure is:
        "Bigius Diccus's total: 10 (d12) + 5 (Aquila) + 1 (defending) = 16". Returns the sum."""
        total = sum(value for _, value in terms)
        self.step(f"{text}: {_sum_in_words(terms)} = {total}", rule, total)
        return total

    def table(self, table: "BandTable | KeyedTable", row: str, result: Any) -> None:
        value = result.value if isinstance(result, enum.Enum) else result  # the working is plain data
        self.lines.append(Line("table", f"{table.name}: {row}", table.source, value))

    def die(self, roll: DieRoll) -> None:
        self.lines.append(Line("die", f"d{roll.sides} for {roll.purpose}", "", roll.value))

    def roll(self, dice: "Dice", sides: int, purpose: str) -> int:
        """Roll one die and show it in the working."""
        value = dice.roll(sides, purpose)
        self.die(dice.rolls[-1])
        return value

    def choice(self, text: str, rule: str = "", value: Any = None) -> None:
        self.lines.append(Line("choice", text, rule, value))

    def note(self, text: str, rule: str = "") -> None:
        self.lines.append(Line("note", text, rule))

    def as_list(self) -> list[dict[str, Any]]:
        return [line.as_dict() for line in self.lines]


def _sum_in_words(terms: Sequence[tuple[str, int]]) -> str:
    """Each term with its label, signed as it is added: the first as it stands, the rest + or -."""
    said = []
    for number, (label, value) in enumerate(terms):
        sign = "" if number == 0 else ("- " if value < 0 else "+ ")
        figure = abs(value) if number else value
        said.append(f"{sign}{figure} ({label})")
    return " ".join(said)


@dataclass(frozen=True)
class Result:
    """What a procedure returns: its outcome as plain data, its working, and the dice it used."""

    procedure: str
    outcome: dict[str, Any]
    working: tuple[Line, ...]
    dice: tuple[DieRoll, ...] = ()

    @classmethod
    def of(cls, procedure: str, outcome: dict[str, Any], working: Working, dice: "Dice") -> "Result":
        return cls(procedure, outcome, tuple(working.lines), tuple(dice.rolls))

    @classmethod
    def from_dict(cls, saved: dict[str, Any]) -> "Result":
        """A result as `as_dict` saved it: a saved run's result, read aloud or printed as it was run."""
        working = tuple(Line.from_dict(line) for line in saved["working"])
        return cls(saved["procedure"], saved["outcome"], working, tuple(DieRoll(**roll) for roll in saved["dice"]))

    def as_dict(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "outcome": self.outcome,
            "working": [line.as_dict() for line in self.working],
            "dice": [roll.as_dict() for roll in self.dice],
        }
