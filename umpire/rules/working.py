"""The result type that shows its working: every step, modifier, table row and die, with its rule.

The desk, the API, the CLI and the printed sheets all show this same working.
"""

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .dice import Dice, DieRoll
    from .tables import BandTable, KeyedTable

T = TypeVar("T")


@dataclass(frozen=True)
class Line:
    """One line of working. `kind` is step, modifier, table, die, choice or note."""

    kind: str
    text: str
    rule: str = ""
    value: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "value": self.value}


@dataclass
class Working:
    """Collects the lines while a procedure runs; the procedure returns it inside its Result."""

    lines: list[Line] = field(default_factory=list)

    def step(self, text: str, rule: str = "", value: Any = None) -> None:
        self.lines.append(Line("step", text, rule, value))

    def modifier(self, text: str, value: T, rule: str) -> T:
        self.lines.append(Line("modifier", text, rule, value))
        return value

    def table(self, table: "BandTable | KeyedTable", row: str, result: Any) -> None:
        value = result.value if isinstance(result, enum.Enum) else result  # the working is plain data
        self.lines.append(Line("table", f"{table.name}: {row}", table.source, value))

    def die(self, roll: "DieRoll") -> None:
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


@dataclass(frozen=True)
class Result:
    """What a procedure returns: its outcome as plain data, its working, and the dice it used."""

    procedure: str
    outcome: dict[str, Any]
    working: tuple[Line, ...]
    dice: tuple["DieRoll", ...] = ()

    @classmethod
    def of(cls, procedure: str, outcome: dict[str, Any], working: Working, dice: "Dice") -> "Result":
        return cls(procedure, outcome, tuple(working.lines), tuple(dice.rolls))

    def as_dict(self) -> dict[str, Any]:
        return {
            "procedure": self.procedure,
            "outcome": self.outcome,
            "working": [line.as_dict() for line in self.working],
            "dice": [roll.as_dict() for roll in self.dice],
        }
