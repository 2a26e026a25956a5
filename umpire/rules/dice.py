"""Dice: rolled by the console from a seed, or entered by the umpire from the table.

Procedures ask `dice.roll(sides, purpose)` and cannot tell the two apart. Both
record every roll, so a result can show each die with what it was for.
"""

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from .errors import DiceError

# A seed is kept with its saved run, in a signed 64-bit column; the console's own are below 2**32.
MOST_SEED = 2**63 - 1
# A refusal of extra dice names the dice the procedure asked for, this many of them, so the message stays a line.
MOST_DICE_NAMED = 5


@dataclass(frozen=True)
class DieRoll:
    sides: int
    value: int
    purpose: str

    def as_dict(self) -> dict[str, Any]:
        return {"sides": self.sides, "value": self.value, "purpose": self.purpose}


class Dice(Protocol):
    rolls: list[DieRoll]

    def roll(self, sides: int, purpose: str) -> int: ...


class SeededDice:
    """The console rolls, reproducibly: the same seed gives the same dice."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed(seed) if seed is not None else random.SystemRandom().randrange(2**32)
        self._random = random.Random(self.seed)
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int, purpose: str) -> int:
        value = self._random.randint(1, sides)
        self.rolls.append(DieRoll(sides, value, purpose))
        return value


class EnteredDice:
    """The umpire's physical dice, entered in the order the procedure asks for them, each as its face reads
    (`read_face`: a d10's face marked 0 may be entered as 0)."""

    def __init__(self, values: Iterable[object]) -> None:
        self._values = list(values)  # as entered: roll() refuses what is not a face of its die
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int, purpose: str) -> int:
        number = len(self.rolls) + 1
        if not self._values:
            raise DiceError(f"dice.{number - 1}", f"die {number} is needed: a d{sides} for {purpose}.")
        value = read_face(sides, self._values.pop(0))
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
            raise DiceError(f"dice.{number - 1}", f"die {number} ({purpose}) is a d{sides}: {value!r} is not on it.")
        self.rolls.append(DieRoll(sides, value, purpose))
        return value

    @property
    def unused(self) -> list[object]:
        return list(self._values)

    def check_all_used(self) -> None:
        """The dice entered are the procedure's own: one more than it rolled is a slip, and is refused."""
        if self._values:
            rolled = len(self.rolls)
            raise DiceError(
                f"dice.{rolled}",
                f"{rolled + len(self._values)} dice entered, but the procedure rolled {rolled}: "
                f"die {rolled + 1} and after are not its. {asked_for(self.rolls)}",
            )


def asked_for(rolls: list[DieRoll]) -> str:
    """The dice a procedure rolled, in words, for a refusal: "It asked for a d12 for first, a d12 for second."."""
    if not rolls:
        return "It asked for no dice."
    named = [f"a d{roll.sides} for {roll.purpose}" for roll in rolls[:MOST_DICE_NAMED]]
    more = len(rolls) - len(named)
    return f"It asked for {', '.join(named)}" + (f" and {more} more." if more else ".")


def read_face(sides: int, entered: object) -> object:
    """A die as entered from the face it shows: a d10's faces are marked 0-9, and the face marked 0 is the 10.

    Every procedure reads a d10 from 1 to 10 (Thunderbolt reads the 10 back as 0), so entering that face as 0
    or as 10 gives the same roll."""
    marked_0 = type(entered) is int and entered == 0  # a whole number, not True/False or 0.0
    return 10 if sides == 10 and marked_0 else entered


def check_seed(seed: object) -> int:
    """A seed given with a run: a whole number from 0 to MOST_SEED, or a DiceError naming it."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DiceError("seed", f"{shortened(str(seed))!r} is not a whole number")
    if not 0 <= seed <= MOST_SEED:
        raise DiceError("seed", f"{shortened(str(seed))} is out of range: a seed is from 0 to {MOST_SEED}")
    return seed


def parse_dice_list(text: str) -> list[int]:
    """Dice typed as "10, 2, 5": a list of whole numbers, or a DiceError naming the input."""
    try:
        return [int(part) for part in text.replace(" ", ",").split(",") if part.strip()]
    except ValueError:
        raise DiceError("dice", f"{shortened(text)!r} is not a list of whole numbers such as 10,2,5") from None


def shortened(text: str) -> str:
    """A refused input as a message quotes it: its start, if it is long."""
    return text if len(text) <= 40 else f"{text[:40]}…"
