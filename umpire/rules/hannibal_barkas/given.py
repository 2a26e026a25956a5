"""The cells of the cards and the map that the rulebook prints for a few of them: a case may enter
any cell; one left empty is taken from the rulebook where it gives it, and said so in the working;
else the procedure stops, naming the cell for Control to enter."""

from ..errors import RulesError


def entered_or_given(entered, given, name, cell, *, field, missing, words, working):
    """`entered` if the case holds it; else `given[name][cell]` with its source; else RulesError(field, missing)."""
    if entered is not None:
        return entered
    row = given.get(name, {})
    if row.get(cell) is None:
        raise RulesError(field, missing)
    working.step(f"{name}: {words} {row[cell]}, from the rulebook", row["source"], row[cell])
    return row[cell]
