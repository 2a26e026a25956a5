"""Bread and circuses (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION; PROVINCIAL GOVERNMENT & TAXATION).

The catalogue of what may be bought to please the mob, the Senate and the gods, with its costs,
its building times and the permission it needs; and the corn dole of Rome.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working

CIRCUSES = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Circuses and the Mob"
BREAD = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bread"
GLORY = "VIII. PROVINCIAL GOVERNMENT & TAXATION, 2. Maintaining the glory of Rome"

# Bread: "costs (at current corn prices) 20 Talents per quarter" for Rome's 200,000 citizens.
CORN_DOLE_IN_ROME = 20


class Item(Choice):
    ENTERTAINMENT_VENUE = "entertainment_venue"
    TEMPLE = "temple"
    CIRCUS_SHOW = "circus_show"
    RELIGIOUS_CEREMONY = "religious_ceremony"
    FREE_DINNERS = "free_dinners"
    PUBLIC_WORKS = "public_works"
    CASH_HAND_OUTS = "cash_hand_outs"


# The "Typical costs" table. `months` 0 is "Immediate"; public works take "1 month+".
# `permission`: note (1), a venue needs the Senate's leave in Rome or the governor's elsewhere.
# `needs`: notes (3) and (4), the place a show or a ceremony must have that month.
# `multiples`: notes (5) and (7), the cost is the least that is noticed; multiples count in proportion.
# `entertainment`: what GLORY lets a province have at half the cost (see entertainment_items).
CATALOGUE = KeyedTable(
    name="Conspicuous consumption",
    source=CIRCUSES,
    rows={
        "entertainment_venue": {
            "cost": 100,
            "months": 3,
            "permission": True,
            "needs": None,
            "multiples": False,
            "entertainment": True,
            "popular_with": "the mob",
        },
        "temple": {
            "cost": 50,
            "months": 3,
            "permission": False,
            "needs": None,
            "multiples": False,
            "entertainment": False,
            "popular_with": "the gods",
        },
        "circus_show": {
            "cost": 10,
            "months": 1,
            "permission": False,
            "needs": "venue",
            "multiples": False,
            "entertainment": True,
            "popular_with": "the mob",
        },
        "religious_ceremony": {
            "cost": 10,
            "months": 1,
            "permission": False,
            "needs": "temple",
            "multiples": False,
            "entertainment": True,
            "popular_with": "the mob and the Senate",
        },
        "free_dinners": {
            "cost": 20,
            "months": 0,
            "permission": False,
            "needs": None,
            "multiples": True,
            "entertainment": False,
            "popular_with": "the mob",
        },
        "public_works": {
            "cost": 20,
            "months": 1,
            "permission": False,
            "needs": None,
            "multiples": False,
            "entertainment": False,
            "popular_with": "the Senate",
        },
        "cash_hand_outs": {
            "cost": 50,
            "months": 0,
            "permission": False,
            "needs": None,
            "multiples": True,
            "entertainment": False,
            "popular_with": "the mob",
        },
    },
)


def entertainment_items() -> list[str]:
    """GLORY halves "provincial entertainments": read here as the venue, the circus show and the
    religious ceremony (the items that are shows or house them); temples, dinners, works and
    hand-outs cost the same everywhere."""
    return [key for key, row in CATALOGUE.rows.items() if row["entertainment"]]


def note_entertainments(item: Item, row: Mapping[str, Any], working: Working) -> None:
    """Outside Rome, say how the console reads GLORY's "provincial entertainments", and where this item falls."""
    halved = ", ".join(Item(key).label for key in entertainment_items())
    working.note(
        f"GLORY halves 'provincial entertainments' without listing them: the console reads them as {halved}; "
        f"{item.label} {'is' if row['entertainment'] else 'is not'} one",
        GLORY,
    )


@dataclass(frozen=True)
class ConsumptionInput:
    item: Item = spec("What is bought")
    in_rome: bool = spec("In Rome (else in a province, where entertainments cost half)", default=True)
    multiples: int = spec(
        "How many times the least noticed amount (free dinners, cash hand-outs)", min=1, max=100, default=1
    )
    months: int = spec("Months the public works take (1 or more); 0 for the catalogue's time", min=0, max=24, default=0)


def item_cost(case: ConsumptionInput, row: Mapping[str, Any], working: Working) -> int:
    cost: int = row["cost"]
    if case.multiples > 1:
        if not row["multiples"]:
            raise RulesError("multiples", f"{case.item.label} is bought once, not in multiples")
        cost = row["cost"] * case.multiples
        working.step(f"{case.multiples} × {row['cost']} talents: multiples have a proportional effect", CIRCUSES, cost)
    if not case.in_rome:
        note_entertainments(case.item, row, working)
    if not case.in_rome and row["entertainment"]:
        working.step(f"A provincial entertainment: half of {cost} is {cost // 2} talents", GLORY, cost // 2)
        cost //= 2
    return cost


def item_months(case: ConsumptionInput, row: Mapping[str, Any], working: Working) -> int:
    if case.months and case.item is not Item.PUBLIC_WORKS:
        raise RulesError("months", f"{case.item.label} takes the catalogue's time; only public works take longer")
    months: int = max(case.months, row["months"])
    working.step(
        "Immediate" if months == 0 else f"Ready in {months} month{'s' if months > 1 else ''}", CIRCUSES, months
    )
    return months


@procedure(
    "ad69",
    "conspicuous_consumption",
    title="Bread and circuses: cost and time",
    source=CIRCUSES,
    takes=ConsumptionInput,
)
def conspicuous_consumption(case: ConsumptionInput, dice: Dice) -> Result:
    """VIII. CONSPICUOUS CONSUMPTION: an item's cost, its time, the permission and place it needs."""
    working = Working()
    row = CATALOGUE.lookup(case.item.value, working)
    cost = item_cost(case, row, working)
    months = item_months(case, row, working)
    if row["permission"]:
        working.note("Needs the Senate's permission" if case.in_rome else "Needs the governor's permission", CIRCUSES)
    if row["needs"]:
        working.note(f"Needs a {row['needs']} available in that month", CIRCUSES)
    working.note(f"Popular with {row['popular_with']}", CIRCUSES)
    outcome = {"cost": cost, "months": months, "permission": row["permission"], "needs": row["needs"]}
    return Result.of("ad69.conspicuous_consumption", outcome, working, dice)
