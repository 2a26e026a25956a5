"""The rules desk's dice from the table: one row per die the case asks for, with the die's purpose, learned by
running the case on the dice typed so far and the console's after them (`asked_dice`); a die typed past those
asked for is shown too, so the umpire sees which is the slip."""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.rules.dice import DieRoll, SeededDice, read_face
from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedure
from umpire.rules.schema import parse
from umpire.rules_forms import MOST_ENTRIES

DICE_FIELD = re.compile(r"dice\.(\d+)$")


@dataclass
class DieRow:
    number: int
    sides: int | None
    purpose: str
    value: str = ""
    error: str = ""

    @property
    def name(self) -> str:
        return f"die.{self.number - 1}"


class ProbeDice:
    """The umpire's dice as far as typed, then the console's: which dice the case asks for, and what for."""

    def __init__(self, typed: list[int]) -> None:
        self._typed, self._console = list(typed), SeededDice(0)
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int, purpose: str) -> int:
        typed = read_face(sides, self._typed.pop(0)) if self._typed else None
        value = typed if isinstance(typed, int) and 1 <= typed <= sides else self._console.roll(sides, purpose)
        self.rolls.append(DieRoll(sides, value, purpose))
        return value


def asked_dice(key: str, case: Any, typed: list[int]) -> list[tuple[int, str]]:
    """The dice the procedure asks for on `case`, the typed ones first: (sides, purpose) each. A later die may
    depend on an earlier one (a re-roll), so the list is as far as the dice typed so far tell; none if the
    case itself is refused."""
    proc, dice = get_procedure(key), ProbeDice(typed)
    try:
        proc.run(parse(proc.input_type, case), dice)
    except RulesError:
        pass  # the run itself says what is wrong with the case
    return [(roll.sides, roll.purpose) for roll in dice.rolls]


def typed_dice(posted: Mapping[str, Any]) -> tuple[list[str], dict[int, str]]:
    """The dice typed at the table, in order, as typed; and the errors of those that are not whole numbers."""
    numbers = sorted(
        {int(name[len("die.") :]) for name in posted if name.startswith("die.") and is_whole(name[len("die.") :])}
    )
    typed = [posted.get(f"die.{n}", "").strip() for n in numbers if n < MOST_ENTRIES * 10]
    while typed and typed[-1] == "":
        typed.pop()
    errors = {n: f"{text[:10]!r} is not a whole number" for n, text in enumerate(typed) if not is_whole(text)}
    errors.update({n: "is needed" for n, text in enumerate(typed) if text == ""})
    return typed, errors


def is_whole(text: str) -> bool:
    """Plain ASCII digits: str.isdigit() also passes "²", which int() refuses."""
    return text.isascii() and text.isdigit()


def dice_rows(asked: list[tuple[int, str]], typed: list[str], errors: Mapping[int, str]) -> list[DieRow]:
    """One row per die asked for, with what was typed for it; a die typed past those asked is shown too."""
    rows = [DieRow(n + 1, sides, purpose) for n, (sides, purpose) in enumerate(asked)]
    past = "not asked for" if asked else ""  # none asked: the case itself is refused, and says why
    rows += [DieRow(n + 1, None, past) for n in range(len(asked), len(typed))]
    for row in rows:
        row.value = typed[row.number - 1] if row.number <= len(typed) else ""
        row.error = errors.get(row.number - 1, "")
    return rows


def dice_error_at(refusal: RulesError) -> int | None:
    """The number (from 0) of the die a refusal names, as "dice.3"."""
    found = DICE_FIELD.match(refusal.field)
    return int(found.group(1)) if found else None
