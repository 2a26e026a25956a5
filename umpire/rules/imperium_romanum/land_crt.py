"""The land combat results tables (15.4): the odds' columns, the Optional Land Combat Results Table as printed,
the event's rows for the rest and for the standard table, and what a cell's codes cost each side.

"Attacker's result/defender's result": E the force eliminated, hE half of it ("round fractions up"), N no loss;
¼A ½A ¾A A and ¼D ½D ¾D D that share of what the other side lost (Charts, L1032-1038). The boldface that marked
the winner is lost from the text."""

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import RulesError
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Working
from .common import ROUNDING, Helps, for_defender, words

if TYPE_CHECKING:
    from .combat import Forces
    from .combat_input import LandCombatInput

PROCEDURE = "15.4 Combat Procedure"
OPTIONAL_CRT = "Optional Land Combat Results Table"
LOWEST_ROW, HIGHEST_ROW = -2, 9  # Optional CRT note (L1030)
COLUMNS = ((1, 3), (1, 2), (2, 3), (4, 5), (1, 1), (5, 4), (3, 2), (2, 1), (3, 1), (4, 1))  # L1025
COLUMN_KEYS = tuple(f"{a}:{d}" for a, d in COLUMNS)
# The Optional Land Combat Results Table (L1024-1028) as printed: row -2 whole. Row -1 prints nine results for
# ten columns (L1028), so which column lacks one cannot be told: its cells, and rows 0 to 9, are Control's.
OPTIONAL_LAND_CRT = KeyedTable(
    OPTIONAL_CRT,
    f"{OPTIONAL_CRT} (L1024-1038)",
    {
        -2: dict(zip(COLUMN_KEYS, ("E/N", "E/N", "E/N", "E/N", "E/N", "E/N", "E/¼A", "hE/¼A", "hE/¼A", "N/N"))),
        **{roll: dict.fromkeys(COLUMN_KEYS) for roll in range(-1, HIGHEST_ROW + 1)},
    },
)
FRACTIONS = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4), "": Fraction(1)}


class Table(Choice):
    OPTIONAL = "optional"
    STANDARD = "standard"


class Party(Choice):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    NEITHER = "neither"


@dataclass(frozen=True)
class CrtRow:
    """One row of the event's land combat results table (empty cells: from the event's data tables)."""

    roll: int = spec("The modified die-roll", min=LOWEST_ROW, max=HIGHEST_ROW)
    at_1_3: str | None = spec('The result at 1:3, as "hE/¼A"', default=None)
    at_1_2: str | None = spec('The result at 1:2, as "hE/¼A"', default=None)
    at_2_3: str | None = spec('The result at 2:3, as "hE/¼A"', default=None)
    at_4_5: str | None = spec('The result at 4:5, as "hE/¼A"', default=None)
    at_1_1: str | None = spec('The result at 1:1, as "hE/¼A"', default=None)
    at_5_4: str | None = spec('The result at 5:4, as "hE/¼A"', default=None)
    at_3_2: str | None = spec('The result at 3:2, as "hE/¼A"', default=None)
    at_2_1: str | None = spec('The result at 2:1, as "hE/¼A"', default=None)
    at_3_1: str | None = spec('The result at 3:1, as "hE/¼A"', default=None)
    at_4_1: str | None = spec('The result at 4:1, as "hE/¼A"', default=None)


@dataclass(frozen=True)
class StandardCrtRow(CrtRow):
    """One row of the standard ("original") Land Combat Results Table, which the text does not print at all."""


def cell_field(column: str) -> str:
    return "at_" + column.replace(":", "_")


def column(attack: int, defence: int, working: Working) -> str:
    """15.4: the odds reduced to the table's columns in the defender's favour: the greatest column not above."""
    odds = Fraction(attack, defence)
    found = COLUMNS[0]
    for a, d in COLUMNS:
        if Fraction(a, d) <= odds:
            found = (a, d)
    key = f"{found[0]}:{found[1]}"
    beyond = (
        " (below 1:3: the 1:3 column)"
        if odds < Fraction(1, 3)
        else (" (above 4:1: the 4:1 column)" if odds > 4 else "")
    )
    working.step(f"Odds {attack}:{defence}, rounded in the defender's favour: {key}{beyond}", PROCEDURE, key)
    return key


def table_title(case: "LandCombatInput") -> str:
    return OPTIONAL_CRT if case.table is Table.OPTIONAL else "standard Land Combat Results Table"


def event_cell(case: "LandCombatInput", roll: int, key: str) -> str | None:
    """The cell the case's rows of the event's table give at the row and column, if any."""
    rows = case.crt if case.table is Table.OPTIONAL else case.standard_crt
    entered = next((row for row in rows if row.roll == roll), None)
    value: str | None = getattr(entered, cell_field(key)) if entered else None
    return value or None


def printed_cell(case: "LandCombatInput", roll: int, key: str) -> str | None:
    return OPTIONAL_LAND_CRT.rows[roll][key] if case.table is Table.OPTIONAL else None


def table_cell(case: "LandCombatInput", roll: int, key: str, working: Working) -> str:
    """The cell the event's rows give, else the rulebook's; an empty cell stops the procedure, naming it."""
    title, value = table_title(case), event_cell(case, roll, key)
    if value:
        working.step(f"{title}, die-roll {roll} at {key}: {value}, from the event's table", PROCEDURE, value)
        return value
    printed = printed_cell(case, roll, key)
    if printed is None:
        raise RulesError(
            "crt", f"the {title} has no result for die-roll {roll} at {key}: Control enters it on the data tables page"
        )
    OPTIONAL_LAND_CRT.lookup(roll, working, column=key)
    return printed


def split_result(cell: str) -> list[str]:
    text = cell.replace(" ", "").replace("1/4", "¼").replace("1/2", "½").replace("3/4", "¾")
    parts = text.split("/")
    if len(parts) != 2 or not all(valid_code(part) for part in parts):
        raise RulesError("crt", f"{cell!r} is not a result such as \"hE/¼A\" (attacker's/defender's)")
    return parts


def valid_code(code: str) -> bool:
    return code in ("E", "hE", "N") or (code[-1:] in ("A", "D") and code[:-1] in FRACTIONS)


def own_loss(code: str, force: int, he_as_e: bool, who: str, working: Working) -> int | None:
    if code == "hE" and he_as_e:
        working.note(f"Optional rule: the {who}'s hE is treated as E", PROCEDURE)
        code = "E"
    if code == "E":
        return working.modifier(f"E: the {who}'s whole force, {force} points, is eliminated", force, OPTIONAL_CRT)
    if code == "hE":
        return working.modifier(f"hE: half the {who}'s {force} points, rounded up", -(-force // 2), OPTIONAL_CRT)
    return 0 if code == "N" else None


def relative_loss(code: str, other_loss: int, who: str, working: Working) -> int:
    """ "A = lose as many strength points as attacker lost", "D" the defender, ¾ ½ ¼ that much; a fraction is
    rounded by 2.1 in the defender's favour: the defender's loss down, the attacker's up."""
    share = FRACTIONS[code[:-1]]
    helps = Helps.ATTACKER if who == "defender" else Helps.DEFENDER
    value = for_defender(share * other_loss, helps)
    return working.modifier(
        f"{code}: {words(share)} of the {other_loss} points the other side lost, rounded "
        f"{'down' if helps is Helps.ATTACKER else 'up'} in the defender's favour",
        value,
        f"{ROUNDING}; {OPTIONAL_CRT}",
    )


def losses(cell: str, force: "Forces", he_as_e: bool, working: Working) -> tuple[int, int]:
    """Each side's loss from the cell: the absolute codes first, then the one relative to the other's loss; never
    more than the side has."""
    mine, theirs = split_result(cell)
    attacker = own_loss(mine, force.attacker, he_as_e, "attacker", working)
    defender = own_loss(theirs, force.defender, he_as_e, "defender", working)
    if attacker is None:
        if defender is None:
            raise RulesError("crt", f"{cell!r}: both results depend on the other side's loss")
        attacker = relative_loss(mine, defender, "attacker", working)
    if defender is None:
        defender = relative_loss(theirs, attacker, "defender", working)
    return min(attacker, force.attacker), min(defender, force.defender)


def who_won(winner: Party | None, attacker_lost: int, defender_lost: int, working: Working) -> Party:
    if winner is not None:
        working.step(f"The winner as the table's boldface marks it: {winner.label}", OPTIONAL_CRT, winner.value)
        return winner
    found = (
        Party.NEITHER
        if attacker_lost == defender_lost
        else (Party.ATTACKER if attacker_lost < defender_lost else Party.DEFENDER)
    )
    working.note(
        "The boldface marking the winner is lost from the text: the side that lost fewer points wins, "
        "none at equal losses (AMB-43)",
        OPTIONAL_CRT,
    )
    working.step(f"Winner: {found.label}", OPTIONAL_CRT, found.value)
    return found
