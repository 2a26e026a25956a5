"""15.4 Combat Procedure and 12.4 Naval Combat with every face of the attacker's die counted: the exact chance of
each row of the column a combat can reach, what each side loses there and who wins, and each side's loss on average.

A combat's strengths, its column and its die modifiers do not depend on the die, so they are worked out once, by the
resolver's own functions and with their working. "The attacking player rolls a single die" (15.4; 1.0: every roll
is 1d6), so each face comes up once in six. A face's modified roll picks the row: on land it is held between -2 and
9 (the Optional table's note, L1030); at sea the text gives no limit (AMB-33), so the row is the roll. The faces that
reach one row are one outcome row, resolved once by the resolver's `resolve` (combat.py, naval.py), so the odds and
a combat fought cannot disagree. A row the rulebook does not print is the event's: Control enters it on the data
tables page, and the desk fills the case from there. Where a row the die can reach is still empty, the odds stop and
name every such row, as the combat stops at the one it rolled; they never guess a result."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..working import Result, Working
from .combat import PROCEDURE, attack_strength, defence_strength, forces, held_row, modifiers, resolve
from .combat_input import LandCombatInput
from .common import DIE, RULESET, words
from .land_crt import OPTIONAL_CRT, Party, Table, column, event_cell, printed_cell, table_title
from .naval import (
    COMBAT,
    NAVAL_CRT,
    NCRT,
    NavalCombatInput,
    event_naval_cell,
    naval_column,
    naval_modifier,
    naval_resolve,
    naval_strengths,
)

FACES = tuple(range(1, DIE + 1))
NO_DICE = "none: each face of the attacker's d6 is counted, 1 in 6"


@dataclass(frozen=True)
class Reached:
    """A row of the column and the faces of the die that reach it."""

    row: int
    faces: tuple[int, ...]

    @property
    def chance(self) -> Fraction:
        return Fraction(len(self.faces), DIE)


def rows_reached(modifier: int, hold: Callable[[int], int]) -> tuple[Reached, ...]:
    """The rows the six faces reach with `modifier` (held by `hold`), lowest first, each with its faces."""
    by_row: dict[int, list[int]] = {}
    for face in FACES:
        by_row.setdefault(hold(face + modifier), []).append(face)
    return tuple(Reached(row, tuple(faces)) for row, faces in sorted(by_row.items()))


def as_roll(roll: int) -> int:
    return roll


def land_rows_reached(case: LandCombatInput) -> tuple[int, ...]:
    """The modified die-rolls this land combat's die can reach: the rows of the event's table its odds read."""
    return tuple(reached.row for reached in rows_reached(modifiers(case, Working()), held_row))


def naval_rows_reached(case: NavalCombatInput) -> tuple[int, ...]:
    """The modified die-rolls this naval combat's die can reach: the rows of the event's table its odds read."""
    return tuple(reached.row for reached in rows_reached(naval_modifier(case, Working()), as_roll))


def land_rows_wanted(case: LandCombatInput) -> tuple[str, tuple[int, ...]]:
    """The case's field for the results table the event plays, and the rows of it the die can reach."""
    return ("crt" if case.table is Table.OPTIONAL else "standard_crt"), land_rows_reached(case)


def naval_rows_wanted(case: NavalCombatInput) -> tuple[str, tuple[int, ...]]:
    return "ncrt", naval_rows_reached(case)


def check_rows(field: str, title: str, key: str, missing: Sequence[int]) -> None:
    if missing:
        rolls = ", ".join(str(roll) for roll in missing)
        raise RulesError(
            field,
            f"the {title} has no result for die-roll{'s' * (len(missing) > 1)} {rolls} at {key}, which the die can "
            f"reach: Control enters {'them' if len(missing) > 1 else 'it'} on the data tables page",
        )


def faces_said(reached: Reached, modifier: int) -> str:
    """ "Faces 1 to 3, 3 in 6, modified by -5: die-roll -2 (-4 to -2, treated as -2)"."""
    faces = reached.faces
    said = f"Face {faces[0]}" if len(faces) == 1 else f"Faces {faces[0]} to {faces[-1]}"
    rolls = sorted({face + modifier for face in faces})
    held = "" if rolls == [reached.row] else f" ({rolls[0]} to {rolls[-1]}, treated as {reached.row})"
    return f"{said}, {len(faces)} in {DIE}, modified by {modifier:+d}: die-roll {reached.row}{held}"


def shares(rows: Sequence[tuple[Reached, Any]], keys: Sequence[str]) -> dict[str, Fraction]:
    """The chance of each key: the sum of the chances of the rows that give it."""
    return {key: sum((reached.chance for reached, got in rows if got == key), Fraction(0)) for key in keys}


def on_average(rows: Sequence[tuple[Reached, int]]) -> Fraction:
    return sum((reached.chance * lost for reached, lost in rows), Fraction(0))


def in_sixths(chance: Fraction) -> str:
    """A chance as faces of the die and per cent: "3 of the 6 faces (50.0%)"."""
    return f"{chance * DIE} of the {DIE} faces ({float(chance):.1%})"


def fractions(chances: dict[str, Fraction]) -> dict[str, str]:
    """Exact chances as the outcome keeps them (it is saved as JSON): "1/2", "1", "0"."""
    return {key: str(chance) for key, chance in chances.items()}


# ---- imperium_romanum.land_combat_odds ----------------------------------------------------------------------------


@procedure(
    RULESET,
    "land_combat_odds",
    title="Land combat: the odds",
    source=PROCEDURE,
    takes=LandCombatInput,
    dice=NO_DICE,
    readings_of=f"{RULESET}.land_combat",
)
def land_combat_odds(case: LandCombatInput, dice: Dice) -> Result:
    """15.4 Combat Procedure, every face of the attacker's die counted: the chance of each row of the column, with its
    losses and winner, and each side's loss in strength points on average."""
    working = Working()
    attack, defence = attack_strength(case, working), defence_strength(case, working)
    key = column(attack, defence, working)
    modifier = modifiers(case, working)
    reached = rows_reached(modifier, held_row)
    missing = [r.row for r in reached if not (event_cell(case, r.row, key) or printed_cell(case, r.row, key))]
    check_rows("crt", table_title(case), key, missing)
    force, rows = forces(case), []
    for row in reached:
        working.step(faces_said(row, modifier), f"{PROCEDURE}; {OPTIONAL_CRT}, notes (L1030)", row.row)
        rows.append((row, resolve(case, key, row.row, force, working)))
    winners = shares([(row, done.winner.value) for row, done in rows], [party.value for party in Party])
    lost = losses_on_average(rows)
    outcome = {
        "verdict": f"The attacker wins on {in_sixths(winners['attacker'])}, the defender on "
        f"{in_sixths(winners['defender'])}, neither on {in_sixths(winners['neither'])}. Strength points lost on "
        f"average: the attacker {words(lost['attacker'])}, the defender {words(lost['defender'])}.",
        "attack": attack,
        "defence": defence,
        "column": key,
        "modifier": modifier,
        "winner": fractions(winners),
        "expected_losses": fractions(lost),
        "rows": [row_said(row, done, winner=done.winner.value) for row, done in rows],
    }
    return Result.of(f"{RULESET}.land_combat_odds", outcome, working, dice)


def row_said(row: Reached, done: Any, **outcome: Any) -> dict[str, Any]:
    """One row the die reaches, as the odds give it: its faces, chance, result and losses, and who won or lost."""
    return {
        "row": row.row,
        "faces": list(row.faces),
        "chance": str(row.chance),
        "result": done.cell,
        "attacker_loses": done.attacker_loses,
        "defender_loses": done.defender_loses,
        **outcome,
    }


def losses_on_average(rows: Sequence[tuple[Reached, Any]]) -> dict[str, Fraction]:
    """Each side's loss on average over the rows reached, each row by its chance."""
    return {
        "attacker": on_average([(row, done.attacker_loses) for row, done in rows]),
        "defender": on_average([(row, done.defender_loses) for row, done in rows]),
    }


# ---- imperium_romanum.naval_combat_odds ---------------------------------------------------------------------------

LOSERS = {("attacker",): "attacker", ("defender",): "defender", ("attacker", "defender"): "both"}


@procedure(
    RULESET,
    "naval_combat_odds",
    title="Naval combat: the odds",
    source=COMBAT,
    takes=NavalCombatInput,
    dice=NO_DICE,
    readings_of=f"{RULESET}.naval_combat",
)
def naval_combat_odds(case: NavalCombatInput, dice: Dice) -> Result:
    """12.4 Naval Combat, every face of the attacker's die counted: the chance of each row of the column, with the
    fleets each side loses there and who lost, and each side's fleets lost on average."""
    working = Working()
    attack, defence = naval_strengths(case, working)
    key = naval_column(attack, defence, working)
    modifier = naval_modifier(case, working)
    reached = rows_reached(modifier, as_roll)
    missing = [r.row for r in reached if not (event_naval_cell(case, r.row, key) or r.row in NAVAL_CRT.rows)]
    check_rows("ncrt", NCRT, key, missing)
    rows = []
    for row in reached:
        working.step(faces_said(row, modifier), COMBAT, row.row)
        rows.append((row, naval_resolve(case, key, row.row, working)))
    losers = shares([(row, LOSERS[done.losers]) for row, done in rows], list(LOSERS.values()))
    lost = losses_on_average(rows)
    outcome = {
        "verdict": f"The attacker loses more fleets on {in_sixths(losers['attacker'])}, the defender on "
        f"{in_sixths(losers['defender'])}, both as many on {in_sixths(losers['both'])}. Fleets lost on average: "
        f"the attacker {words(lost['attacker'])}, the defender {words(lost['defender'])}.",
        "column": key,
        "modifier": modifier,
        "loser": fractions(losers),
        "expected_losses": fractions(lost),
        "rows": [row_said(row, done, losers=list(done.losers)) for row, done in rows],
    }
    return Result.of(f"{RULESET}.naval_combat_odds", outcome, working, dice)
