"""The cells of the cards and the map that the rulebook prints for a few of them: a case may enter
any cell; one left empty is taken from the rulebook where it gives it, and said so in the working;
else the procedure stops, naming the cell for Control to enter."""

from collections.abc import Mapping
from typing import Any, TypeVar

from ..errors import RulesError
from ..working import Working

T = TypeVar("T")


def entered_or_given(
    entered: T | None,
    given: Mapping[str, Mapping[str, Any]],
    name: str,
    cell: str,
    *,
    field: str,
    missing: str,
    words: str,
    working: Working,
) -> T:
    """`entered` if the case holds it; else `given[name][cell]` with its source; else RulesError(field, missing)."""
    if entered is not None:
        return entered
    row = given.get(name, {})
    if row.get(cell) is None:
        raise RulesError(field, missing)
    working.step(f"{name}: {words} {row[cell]}, from the rulebook", row["source"], row[cell])
    value: T = row[cell]
    return value
