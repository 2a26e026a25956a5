"""Legions: limits, raising, upkeep and upgrading (VIII. RAISING TROOPS; IX. LIMITATIONS, UPGRADING).

A legion is a `Force`: its vexillations by type and whether its Aquila is with it.
"""

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .forces import ASSUMPTIONS, Force, Troops, TroopType, combat_value

# VIII. RAISING TROOPS: what unpaid troops may do, for the umpire to weigh wherever they are shown.
UNPAID_TROOPS = (
    "Troops who are not maintained may refuse to move or fight, or change sides, disperse or start a "
    "rebellion of their own."
)
# VIII. RAISING TROOPS, per vexillation or fleet: "Upgrade/New Unit" and "Maintenance cost/quarter".
# New fleets are not created in the time frame of the game, so a fleet has no raising cost.
RAISING_TROOPS = KeyedTable(
    name="Raising and maintenance costs",
    source="VIII. EXPENDITURE, RAISING TROOPS",
    rows={
        "aquila": {"raise": 50, "upkeep": 10},
        "praetorian": {"raise": 8, "upkeep": 6},
        "legionary": {"raise": 6, "upkeep": 4},
        "auxiliary": {"raise": 4, "upkeep": 3},
        "raw_levy": {"raise": 2, "upkeep": 2},
        "naval_fleet": {"raise": None, "upkeep": 20},
    },
)

# IX. LIMITATIONS: 5 legionary + 5 auxiliary + 10 raw levy vexillations, 20 in all.
LEGION_LIMITS = KeyedTable(
    name="Legion limits",
    source="IX. WARFARE, LIMITATIONS",
    rows={"legionary": 5, "auxiliary": 5, "raw_levy": 10},
)
# Praetorians "can only be Legionaries" (IX. ASSUMPTIONS): in a legion they fill legionary places,
# or a legion could grow past its 20 by promoting legionaries and refilling their places (check_limits
# says so in the working).
LIMIT_GROUPS = {
    "legionary": (TroopType.LEGIONARY, TroopType.PRAETORIAN),
    "auxiliary": (TroopType.AUXILIARY,),
    "raw_levy": (TroopType.RAW_LEVY,),
}
LEGION_TROOPS = (TroopType.LEGIONARY, TroopType.PRAETORIAN, TroopType.AUXILIARY, TroopType.RAW_LEVY)

# IV. THE TURN: September, December, March and June are tax turns.
TAX_TURN_MONTHS = (3, 6, 9, 12)

Holding = tuple[TroopType, bool]  # (troop type, veteran)


def count(force: Force, *types: TroopType) -> int:
    """How many of the force's units are of these types."""
    return sum(t.count for t in force.troops if t.type in types)


def limit_group(kind: TroopType) -> str:
    """Which of the legion's limits a troop type counts against."""
    return next(group for group, types in LIMIT_GROUPS.items() if kind in types)


def label(key: str) -> str:
    return "Aquila" if key == "aquila" else key.replace("_", " ")


def composition(force: Force) -> dict[str, Any]:
    """The force as plain data, for an outcome."""
    return {
        "name": force.name,
        "aquila": force.aquila,
        "troops": [{"type": t.type.value, "count": t.count, "veteran": t.veteran} for t in force.troops],
    }


def check_roman(legion: Force, path: str) -> None:
    """Only the RAISING TROOPS table's troops belong to a legion: it prices no warband or regiment."""
    for i, troops in enumerate(legion.troops):
        if troops.type not in LEGION_TROOPS:
            raise RulesError(
                f"{path}.troops.{i}.type",
                f"{troops.type.label} is not a legion's unit: {RAISING_TROOPS.source} prices only "
                "praetorians, legionaries, auxiliaries and raw levies",
            )


def check_limits(legion: Force, working: Working, blame: Mapping[str, str], default: str) -> None:
    """IX. LIMITATIONS: refuse a legion over any limit, naming the input that put it there."""
    for group, types in LIMIT_GROUPS.items():
        limit, held = LEGION_LIMITS.lookup(group), count(legion, *types)
        if held > limit:
            raise RulesError(
                blame.get(group, default),
                f"{legion.name} would hold {held} {label(group)} vexillations"
                f"{' (praetorians included)' if group == 'legionary' else ''}: no. {limit + 1} is "
                f"refused, a legion may hold at most {limit} ({LEGION_LIMITS.source})",
            )
    if count(legion, TroopType.PRAETORIAN):
        working.note(
            "Praetorians fill the legion's legionary places: the handbook gives them no limit of their own and "
            "says they 'can only be Legionaries'",
            f"{ASSUMPTIONS}; {LEGION_LIMITS.source}",
        )
    working.step(
        f"{legion.name} is within the limits: {count(legion, *LIMIT_GROUPS['legionary'])}/5 legionary, "
        f"{count(legion, TroopType.AUXILIARY)}/5 auxiliary, {count(legion, TroopType.RAW_LEVY)}/10 raw levy",
        LEGION_LIMITS.source,
    )


def priced(name: str, key: str, units: int, column: str, working: Working) -> int:
    """One line of a bill: the table's price for one, times how many."""
    each: int = RAISING_TROOPS.lookup(key, working, column=column)
    working.step(f"{name}: {units} {label(key)} × {each} = {units * each}", RAISING_TROOPS.source, units * each)
    return units * each


def legion_upkeep(legion: Force, working: Working, path: str = "legion") -> int:
    """VIII. RAISING TROOPS: a legion's maintenance per quarter, its Aquila's 10 included."""
    check_roman(legion, path)
    total = priced(legion.name, "aquila", 1, "upkeep", working) if legion.aquila else 0
    for troops in legion.troops:
        if troops.count:
            total += priced(legion.name, troops.type.value, troops.count, "upkeep", working)
    working.step(f"{legion.name}: upkeep {total} talents a quarter", RAISING_TROOPS.source, total)
    return total


@dataclass(frozen=True)
class CostDue:
    month: int
    what: str
    talents: int


def next_tax_turn(month: int) -> int:
    """The first tax turn in or after `month` (1-12)."""
    if not 1 <= month <= 12:
        raise RulesError("month_raised", f"must be a month from 1 to 12, not {month}")
    return next(m for m in TAX_TURN_MONTHS if m >= month)


def costs_due(month_raised: int, raising_cost: int, upkeep: int) -> tuple[CostDue, CostDue]:
    """VIII. RAISING TROOPS: the raising cost falls in the month raised, the first upkeep on the next tax
    turn: raised in October, upkeep in December; raised in December, both in December."""
    return (CostDue(month_raised, "raising cost", raising_cost), CostDue(next_tax_turn(month_raised), "upkeep", upkeep))


def after_month(legion: Force, working: Working) -> dict[str, Any]:
    """The legion's upkeep and combat value, as the UPGRADING EXAMPLE tabulates them."""
    return {
        "composition": composition(legion),
        "upkeep_after": legion_upkeep(legion, working),
        "combat_value_after": combat_value(legion, working),
    }


# ---- ad69.upkeep ---------------------------------------------------------------------------


@dataclass(frozen=True)
class UpkeepInput:
    legions: tuple[Force, ...] = spec("The legions to pay for", max_items=30)
    naval_fleets: int = spec("Naval fleets paid from the same purse", min=0, max=20, default=0)


@procedure("ad69", "upkeep", title="Upkeep per quarter", source=RAISING_TROOPS.source, takes=UpkeepInput)
def upkeep(case: UpkeepInput, dice: Dice) -> Result:
    """VIII. RAISING TROOPS: the quarter's maintenance of legions (Aquila included) and fleets."""
    working = Working()
    bills: list[dict[str, Any]] = [
        {"legion": legion.name, "upkeep": legion_upkeep(legion, working, f"legions.{i}")}
        for i, legion in enumerate(case.legions)
    ]
    fleets = priced("Naval fleets", "naval_fleet", case.naval_fleets, "upkeep", working) if case.naval_fleets else 0
    total = sum(bill["upkeep"] for bill in bills) + fleets
    working.step(f"Upkeep due on the tax turn: {total} talents", RAISING_TROOPS.source, total)
    return Result.of("ad69.upkeep", {"legions": bills, "naval_fleets": fleets, "total": total}, working, dice)


# ---- ad69.raise_troops ---------------------------------------------------------------------


@dataclass(frozen=True)
class RaiseInput:
    legion: Force = spec("The legion the levies join, as it stands now")
    raw_levies: int = spec("Raw levy vexillations to raise", min=0, max=10, default=0)
    aquila: bool = spec("Raise a new Aquila (eagle) for it: a new legion", default=False)


def check_something_raised(case: RaiseInput, legion: Force) -> None:
    if case.aquila and legion.aquila:
        raise RulesError("aquila", f"{legion.name} already has its Aquila")
    if not case.raw_levies and not case.aquila:
        raise RulesError("raw_levies", "nothing is raised: give raw levies, an Aquila or both")


@procedure("ad69", "raise_troops", title="Raise troops", source=RAISING_TROOPS.source, takes=RaiseInput)
def raise_troops(case: RaiseInput, dice: Dice) -> Result:
    """VIII. RAISING TROOPS: raise raw levies (and an Aquila) for a legion, within its limits."""
    working, legion = Working(), case.legion
    check_roman(legion, "legion")
    check_something_raised(case, legion)
    working.note(
        "Praetorians, legionaries and auxiliaries cannot be raised new: they are upgraded (ad69.upgrade)",
        RAISING_TROOPS.source,
    )
    cost = priced(legion.name, "raw_levy", case.raw_levies, "raise", working) if case.raw_levies else 0
    if case.aquila:
        cost += priced(legion.name, "aquila", 1, "raise", working)
        working.note(
            "The handbook gives no time to raise an Aquila (a new legion): the umpire rules it",
            ASSUMPTIONS,
        )
    after = Force(
        legion.name, merge(legion.troops, {(TroopType.RAW_LEVY, False): case.raw_levies}), legion.aquila or case.aquila
    )
    check_limits(after, working, {"raw_levy": "raw_levies"}, "legion.troops")
    working.step(f"Raising cost: {cost} talents", RAISING_TROOPS.source, cost)
    working.note("Raw levies may take the field in the same turn they are raised", RAISING_TROOPS.source)
    outcome = {"cost": cost, "levies_fight_this_turn": bool(case.raw_levies), **after_month(after, working)}
    return Result.of("ad69.raise_troops", outcome, working, dice)


def holdings(troops: Iterable[Troops]) -> Counter[Holding]:
    """Units held by (type, veteran)."""
    held = Counter[Holding]()
    for t in troops:
        held[(t.type, t.veteran)] += t.count
    return held


def merge(troops: Iterable[Troops], changes: Mapping[Holding, int]) -> tuple[Troops, ...]:
    """The troops with `changes` ((type, veteran) -> units) added, one row per type and status."""
    held = holdings(troops)
    held.update(changes)
    order = {kind: i for i, kind in enumerate(LEGION_TROOPS)}
    rows = sorted((key for key in held if held[key] > 0), key=lambda k: (order.get(k[0], 99), k[1]))
    return tuple(Troops(kind, held[(kind, veteran)], veteran) for kind, veteran in rows)


# ---- ad69.upgrade --------------------------------------------------------------------------


class UpgradeKind(enum.Enum):
    LEVIES_TO_AUXILIARIES = "levies_to_auxiliaries"
    AUXILIARIES_TO_LEGIONARIES = "auxiliaries_to_legionaries"
    LEGIONARIES_TO_PRAETORIANS = "legionaries_to_praetorians"


# IX. UPGRADING: what each upgrade takes for each unit it makes, and how long. It costs the raising
# cost of the unit made (RAISING_TROOPS).
UPGRADES = KeyedTable(
    name="Upgrades",
    source="IX. WARFARE, UPGRADING",
    rows={
        "levies_to_auxiliaries": {"takes": "raw_levy", "per_unit": 2, "makes": "auxiliary", "months": 1},
        "auxiliaries_to_legionaries": {"takes": "auxiliary", "per_unit": 1, "makes": "legionary", "months": 1},
        "legionaries_to_praetorians": {"takes": "legionary", "per_unit": 1, "makes": "praetorian", "months": 0},
    },
)
UPGRADE_MAKES = {kind: TroopType(UPGRADES.rows[kind.value]["makes"]) for kind in UpgradeKind}


@dataclass(frozen=True)
class UpgradeOrder:
    kind: UpgradeKind = spec("Which upgrade")
    count: int = spec("Units to make (auxiliaries from 2 levies each; legionaries; praetorians)", min=1, max=10)
    veterans: bool = spec("Take veteran units: the units made stay veterans", default=False)


@dataclass(frozen=True)
class UpgradeInput:
    legion: Force = spec("The legion at the start of the month")
    orders: tuple[UpgradeOrder, ...] = spec("This month's upgrades, all done together", max_items=6)
    standing_still: bool = spec(
        "It stands still this month: no active operations, no battles, no sieges", default=False
    )
    in_rome_with_emperors_approval: bool = spec("In Rome, with the Emperor's approval (for praetorians)", default=False)


def check_upgrade_allowed(case: UpgradeInput) -> None:
    if not case.orders:
        raise RulesError("orders", "no upgrade is ordered")
    if not case.standing_still:
        raise RulesError(
            "standing_still",
            f"{case.legion.name} may upgrade only while standing still, conducting "
            f"no active operations and fighting no battles or sieges ({UPGRADES.source})",
        )
    praetorians = any(o.kind is UpgradeKind.LEGIONARIES_TO_PRAETORIANS for o in case.orders)
    if praetorians and not case.in_rome_with_emperors_approval:
        raise RulesError(
            "in_rome_with_emperors_approval",
            f"legionaries become praetorians only in Rome, with the Emperor's approval ({UPGRADES.source})",
        )


def take(
    order: UpgradeOrder, i: int, row: Mapping[str, Any], start: Counter[Holding], taken: Counter[Holding], legion: Force
) -> int:
    """Take the units one order upgrades from those held at the start of the month, or refuse."""
    source = (TroopType(row["takes"]), order.veterans)
    needed: int = order.count * row["per_unit"]
    spare = start[source] - taken[source]
    if needed > spare:
        status = "veteran " if order.veterans else ""
        raise RulesError(
            f"orders.{i}.count",
            f"{order.count} {label(row['makes'])} need {needed} {status}{label(row['takes'])} "
            f"vexillations, but {legion.name} has {spare} left of those it held at the start of "
            "the month",
        )
    taken[source] += needed
    return needed


def apply_order(
    order: UpgradeOrder,
    i: int,
    start: Counter[Holding],
    taken: Counter[Holding],
    changes: Counter[Holding],
    working: Working,
    legion: Force,
) -> tuple[int, int]:
    """One upgrade order: take its units, make the new ones, and price them."""
    row: dict[str, Any] = UPGRADES.lookup(order.kind.value, working)
    needed = take(order, i, row, start, taken, legion)
    made = TroopType(row["makes"])
    changes[(TroopType(row["takes"]), order.veterans)] -= needed
    changes[(made, order.veterans)] += order.count
    working.step(
        f"{needed} {label(row['takes'])} → {order.count} {label(row['makes'])}"
        f"{' (veterans stay veterans)' if order.veterans else ''}",
        UPGRADES.source,
    )
    return priced(legion.name, row["makes"], order.count, "raise", working), row["months"]


@procedure("ad69", "upgrade", title="Upgrade a legion's units", source=UPGRADES.source, takes=UpgradeInput)
def upgrade(case: UpgradeInput, dice: Dice) -> Result:
    """IX. UPGRADING: a month's upgrade orders on a legion: cost, time and the legion at the month's end."""
    working, legion = Working(), case.legion
    check_roman(legion, "legion")
    check_upgrade_allowed(case)
    start, taken, changes = holdings(legion.troops), Counter[Holding](), Counter[Holding]()
    bills = [apply_order(order, i, start, taken, changes, working, legion) for i, order in enumerate(case.orders)]
    cost, months = sum(price for price, _ in bills), max(time for _, time in bills)
    # The last order making a kind of unit is the one a limit refusal names.
    blame = {limit_group(UPGRADE_MAKES[order.kind]): f"orders.{i}.count" for i, order in enumerate(case.orders)}
    working.note(
        "The orders run together: each takes units held at the start of the month, and the limits "
        "apply to the legion as it stands at the end of it",
        LEGION_LIMITS.source,
    )
    after = Force(legion.name, merge(legion.troops, changes), legion.aquila)
    check_limits(after, working, blame, "legion.troops")
    working.step(
        f"Upgrading cost: {cost} talents; done in {months} month{'' if months == 1 else 's'}", UPGRADES.source, cost
    )
    return Result.of("ad69.upgrade", {"cost": cost, "months": months, **after_month(after, working)}, working, dice)
