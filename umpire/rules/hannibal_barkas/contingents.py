"""5.5 Losses (L450): allied contingents on one side of a land battle.

"In the case of fighting a battle in which the units consist of different allied armies (e.g. the armies
of two players of the same side, or the army of one player and an army of Gallic armed resistance),
losses must be accounted for separately, but with observance of the general rules, i.e. on a hit of 10
the attacker chooses which unit is eliminated." How the other hits fall between the contingents is not
stated: the battle's `allied_losses` reading says.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import RulesError
from ..schema import Choice, spec
from ..working import Working
from .kernel import DEFAULT_CRITICAL_ORDER, Volley, pick_order
from .units import Units, UnitType, label

if TYPE_CHECKING:
    from .battle import BattleSide

ALLIED = "5.5 Losses (L450), allied armies"
Named = tuple[str, UnitType]  # a pick as the case gives it: (the contingent's owner, or "" for any; the kind)
Pick = tuple[int, UnitType]  # a pick found: (the contingent's index, the kind)


class AlliedLosses(Choice):
    """L450 says only that a 10's victim is the attacker's choice and that losses are counted apart."""

    OWNERS_CHOOSE = "owners_choose"  # default: "the player taking losses chooses" (L448); the allies say whose
    PROPORTIONAL = "proportional"  # each contingent takes a share of the hits in proportion to its units


ALLIED_LOSSES_HELP = (
    "5.5 (L450): how hits that are not 10s fall on allied contingents — as the allies choose, by "
    "their picks naming a contingent, and otherwise one hit each in turn in the order listed "
    "(default), or in proportion to each contingent's units (largest remainders, ties to the first "
    "listed)"
)


@dataclass(frozen=True)
class Contingent:
    owner: str = spec("Whose army it is, as Rome (Consul I) or the Boii (Gallic armed resistance)")
    units: Units = spec("Its units in the field")
    loss_order: tuple[UnitType, ...] = spec(
        "The kinds it gives up first; then the cheapest first", max_items=7, default=()
    )


def check_contingents(side: "BattleSide", path: str) -> None:
    """The contingents, if any, are the side's units shared out, each with its own owner."""
    if not side.contingents:
        return
    owners = [c.owner for c in side.contingents]
    for j, owner in enumerate(owners):
        if owner in owners[:j]:
            raise RulesError(f"{path}.contingents.{j}.owner", f"{owner} is named twice: one contingent each")
    total = Units()
    for contingent in side.contingents:
        total = total.plus(contingent.units)
    if total != side.units:
        raise RulesError(
            f"{path}.contingents",
            f"the contingents hold {total.describe()}; the side's units are "
            f"{side.units.describe()}: they must be the same",
        )


class Ledger:
    """The contingents of one side while a volley's hits are removed: what each has left and has lost."""

    def __init__(self, parts: Sequence[Units], contingents: Sequence[Contingent], working: Working) -> None:
        self.parts, self.contingents, self.working = list(parts), contingents, working
        self.lost = [Units() for _ in parts]

    def index(self, owner: str, kind: UnitType) -> int | None:
        """The contingent named (or, unnamed, the first listed) that still has a unit of `kind`."""
        for j, contingent in enumerate(self.contingents):
            if (not owner or contingent.owner == owner) and self.parts[j].count(kind):
                return j
        return None

    def take(self, j: int, kind: UnitType, chooser: str, rule: str) -> None:
        self.parts[j] = self.parts[j].minus(kind)
        self.lost[j] = self.lost[j].plus(Units(**{kind.value: 1}))
        self.working.choice(
            f"{chooser} picks {self.contingents[j].owner}'s {label(kind)} to eliminate", rule, kind.value
        )

    def from_queue(self, queue: list[Named], only: int | None = None) -> Pick | None:
        """The next pick still possible, (contingent, kind), used up as it goes; `only` keeps to one contingent."""
        while queue:
            owner, kind = queue.pop(0)
            if only is not None and owner and owner != self.contingents[only].owner:
                continue
            j = only if only is not None and self.parts[only].count(kind) else self.index(owner, kind)
            if j is not None and (only is None or j == only):
                return j, kind
        return None

    def own_choice(self, j: int) -> Pick | None:
        """Contingent j's next unit by its own standing order, or None if it has none left."""
        kind = next((k for k in pick_order(self.contingents[j].loss_order) if self.parts[j].count(k)), None)
        return None if kind is None else (j, kind)

    def empty(self) -> bool:
        return not any(part.total for part in self.parts)


def criticals(
    ledger: Ledger, count: int, picks: Sequence[Named], order: Sequence[UnitType], roller: str, rule: str
) -> None:
    """L450: "on a hit of 10 the attacker chooses which unit is eliminated" — whose as well as which."""
    queue = list(picks)
    for _ in range(count):
        pick = ledger.from_queue(queue) or next(
            ((j, k) for k in pick_order(order, DEFAULT_CRITICAL_ORDER) if (j := ledger.index("", k)) is not None), None
        )
        if pick is None:
            return
        ledger.take(*pick, roller, rule)


def in_turn(ledger: Ledger, count: int, picks: Sequence[Named], owner: str, rule: str) -> None:
    """Reading OWNERS_CHOOSE: the allies' picks first, then one hit each in turn in the order listed."""
    queue, turn = list(picks), 0
    for _ in range(count):
        pick = ledger.from_queue(queue)
        while pick is None and not ledger.empty():
            pick, turn = ledger.own_choice(turn % len(ledger.parts)), turn + 1
        if pick is None:
            return
        ledger.take(*pick, owner, rule)


def shares(parts: Sequence[Units], hits: int) -> list[int]:
    """Reading PROPORTIONAL: hits shared in proportion to the units present, by largest remainders."""
    total = sum(part.total for part in parts)
    hits = min(hits, total)
    exact = [hits * part.total / total if total else 0 for part in parts]
    given = [int(x) for x in exact]
    by_remainder = sorted(range(len(parts)), key=lambda j: (-(exact[j] - given[j]), j))
    for j in by_remainder[: hits - sum(given)]:
        given[j] += 1
    return given


def proportional(ledger: Ledger, count: int, picks: Sequence[Named], owner: str, rule: str) -> None:
    split = shares(ledger.parts, count)
    ledger.working.step(
        "Hits shared in proportion to the contingents: "
        + ", ".join(f"{c.owner} {n}" for c, n in zip(ledger.contingents, split)),
        ALLIED,
        split,
    )
    queue = list(picks)
    for j, number in enumerate(split):
        for _ in range(number):
            pick = ledger.from_queue(queue, only=j) or ledger.own_choice(j)
            assert pick is not None, "shares() gives no contingent more hits than it has units"
            ledger.take(*pick, owner, rule)


def contingent_losses(
    parts: Sequence[Units],
    contingents: Sequence[Contingent],
    volley: Volley,
    working: Working,
    *,
    owner: str,
    roller: str,
    owner_picks: Sequence[Named] = (),
    roller_picks: Sequence[Named] = (),
    roller_order: Sequence[UnitType] = (),
    reading: AlliedLosses = AlliedLosses.OWNERS_CHOOSE,
    rule: str = "5.5 Losses",
) -> tuple[list[Units], list[Units]]:
    """A volley's hits removed from a side of allied contingents (L450): each 10 as the roller picks (whose
    unit too), the rest by the reading. Picks are (contingent's owner or "", kind). Returns (parts, lost)."""
    ledger = Ledger(parts, contingents, working)
    criticals(ledger, volley.criticals, roller_picks, roller_order, roller, rule)
    rest = volley.hits - volley.criticals
    if rest and not ledger.empty():
        (proportional if reading is AlliedLosses.PROPORTIONAL else in_turn)(ledger, rest, owner_picks, owner, rule)
    if volley.hits > sum(lost.total for lost in ledger.lost):
        working.note(f"{owner} has no unit left to lose: the hit is wasted", rule)
    return ledger.parts, ledger.lost
