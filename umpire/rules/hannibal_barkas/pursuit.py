"""5.9 Pursuit (L505-509): the units that pursue and what they need to hit.

"A player who has forced the opponent to retreat may carry out a pursuit with all the cavalry units he
has in the victorious army (there are Effects in the game that make it possible, after being played, to
join other units to the pursuit)." "During a pursuit the command of leaders cannot be used. There are,
however, leaders who have special abilities that apply in a pursuit." Neither the effects nor the
abilities are printed: they are cells of the event cards and leader cards that Control fills in, entered
as units joining the pursuit and a to-hit modifier; a named ability or effect with no entry stops the
battle, naming the cell.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import RulesError
from ..schema import spec
from ..working import Working
from .kernel import Firer, firers
from .units import AUTOMATIC, CAVALRY, Units, UnitType, label

if TYPE_CHECKING:
    from .battle import BattleSide

PURSUIT_RULE = "5.9 Pursuit"
JOINS_HELP = "The kind of unit {} joins to the pursuit (from the victorious army), from its card"
NUMBER_HELP = "How many units of that kind join, from its card"
# "+1 to hit" lowers the number needed, as 5.10 (L515) and Table 1's ships (7+, +1 an infantry unit: 6+) use it.
MODIFIER_HELP = "What {} adds to each pursuing unit's to-hit roll (+1: hits on one less), from its card"


@dataclass(frozen=True)
class PursuitEffect:
    """An effect card played for the pursuing side (5.9 L505); its cells from the Event cards table."""

    card: str = spec("The effect card, as on the card")
    joins: UnitType | None = spec(JOINS_HELP.format("the effect"), default=None)
    joins_number: int | None = spec(NUMBER_HELP, min=1, max=200, default=None)
    modifier: int | None = spec(MODIFIER_HELP.format("the effect"), min=-9, max=9, default=None)


@dataclass(frozen=True)
class Entry:
    """One ability or effect in force in the pursuit, with where its cells are in the case and the tables."""

    name: str
    joins: UnitType | None
    number: int | None
    modifier: int | None
    path: str  # the case's field that holds it, as "attacker.leaders.0.pursuit_"
    table: str  # the data table Control fills in


def entries(side: "BattleSide", path: str) -> list[Entry]:
    """The winner's leaders whose card names a pursuit ability (L509), then the effects played (L505)."""
    found = [
        Entry(
            leader.name,
            leader.pursuit_joins,
            leader.pursuit_joins_number,
            leader.pursuit_modifier,
            f"{path}.leaders.{j}.pursuit_",
            "Leader cards",
        )
        for j, leader in enumerate(side.leaders)
        if leader.pursuit_ability
    ]
    found += [
        Entry(
            effect.card,
            effect.joins,
            effect.joins_number,
            effect.modifier,
            f"{path}.pursuit_effects.{k}.",
            "Event cards",
        )
        for k, effect in enumerate(side.pursuit_effects)
    ]
    return [check_entry(entry) for entry in found]


def check_entry(entry: Entry) -> Entry:
    """An ability or effect must say what it does: the rulebook prints none of them."""
    if entry.joins is None and entry.modifier is None:
        raise RulesError(
            f"{entry.path}modifier",
            f"{entry.name}: what it does in a pursuit is not in the rulebook "
            f"(5.9); Control must enter it in the {entry.table} table (units joining, or a to-hit "
            "modifier)",
        )
    if entry.joins is not None and entry.number is None:
        raise RulesError(
            f"{entry.path}joins_number",
            f"{entry.name}: how many {label(entry.joins)} join the "
            f"pursuit is not in the rulebook; Control must enter it in the {entry.table} table",
        )
    if entry.joins in CAVALRY:
        raise RulesError(f"{entry.path}joins", "all the cavalry pursue already (5.9): an ability joins other units")
    return entry


def joined(
    entry: Entry, kind: UnitType, most: int, units: Units, taken: dict[UnitType, int], name: str, working: Working
) -> list[Firer]:
    """The units an ability or effect joins (`most` of `kind`), as many as are there and not already joined."""
    there = units.count(kind) - taken.get(kind, 0)
    number = min(most, there)
    if number < most:
        working.note(f"{entry.name}: {most} {label(kind)} may join; {there} are there", PURSUIT_RULE)
    if number:
        working.step(f"{entry.name} joins {label(kind, number)} to the pursuit", PURSUIT_RULE, number)
    shooters = firers(kind, number + taken.get(kind, 0), name)[taken.get(kind, 0) :]
    taken[kind] = taken.get(kind, 0) + number
    return shooters


def modified(shooters: list[Firer], found: Sequence[Entry], working: Working) -> list[Firer]:
    """Each modifier in force applies to every pursuing die; an automatic hit needs no roll."""
    total = 0
    for entry in found:
        if entry.modifier:
            total += working.modifier(
                f"{entry.name}: {entry.modifier:+d} to hit in the pursuit", entry.modifier, PURSUIT_RULE
            )
    if not total:
        return shooters
    return [s if s.needs == AUTOMATIC else Firer(s.label, s.needs - total) for s in shooters]


def pursuers(side: "BattleSide", units: Units, path: str, working: Working) -> list[Firer]:
    """All the victorious army's cavalry, the units abilities and effects join, each at its to-hit number."""
    shooters = [s for kind in CAVALRY for s in firers(kind, units.count(kind), side.name)]
    found = entries(side, path)
    taken: dict[UnitType, int] = {}
    for entry in found:
        if entry.joins is not None and entry.number is not None:  # check_entry: one is never without the other
            shooters += joined(entry, entry.joins, entry.number, units, taken, side.name, working)
    return modified(shooters, found, working)
