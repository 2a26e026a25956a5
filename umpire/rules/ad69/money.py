"""Money an army makes or spends on the spot: demanding tribute, looting (VII. REVENUES, Loot) and
bribing troops (VIII. EXPENDITURE, Bribery)."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import Band, BandTable
from ..working import Result, Working

LOOT = "VII. REVENUES, OTHER INCOME, Loot"
BRIBERY = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bribery"

# VII. Loot, 1. Demand: "score 4,5 or 6 for a successful demand", after the legions' modifier.
DEMAND = BandTable(
    name="Demand for tribute",
    source=LOOT,
    bands=(Band(4, None, True, "4 or more: the town pays"), Band(None, 3, False, "3 or less: the town refuses")),
)


# ---- ad69.demand_tribute -------------------------------------------------------------------


@dataclass(frozen=True)
class DemandInput:
    town: str = spec("The town or city, as Cremona")
    legions_present: int = spec("Legions making the demand (a Legionary force)", min=1, max=10)
    province: str = spec("Its province, for the rebellion test if it is looted", default="")
    loot_if_refused: bool = spec("If the town refuses, unleash the army to loot it", default=False)


def loot_town(town: str, province: str, dice: Dice, working: Working) -> int:
    """VII. Loot, 2. Loot: 1d3 talents reach the Army commander; the Region umpire tests for rebellion."""
    talents = working.roll(dice, 3, f"loot from {town}")
    working.step(f"{talents} talents of the loot reach the Army commander", LOOT, talents)
    where = f"in {province}" if province else "in the province"
    working.note(
        f"The Region Control umpire must test for rebellion {where}: the more often towns are looted, "
        "the more restless the natives",
        LOOT,
    )
    return talents


@procedure(
    "ad69",
    "demand_tribute",
    title="Demand tribute from a town",
    source=LOOT,
    takes=DemandInput,
    dice="d6 for the demand, then d6 talents if it succeeds, or d3 talents if it fails and the army loots",
)
def demand_tribute(case: DemandInput, dice: Dice) -> Result:
    """VII. REVENUES, Loot, 1. Demand: 1d6, +1 per legion after the first, pays 1d6 talents on 4 or more."""
    working = Working()
    score = working.roll(dice, 6, f"the demand on {case.town}")
    if case.legions_present > 1:
        score += working.modifier(
            f"+1 for each legion present after the first ({case.legions_present} legions)",
            case.legions_present - 1,
            LOOT,
        )
    paid = DEMAND.lookup(score, working)
    talents, looted = 0, False
    if paid:
        talents = working.roll(dice, 6, f"tribute from {case.town}")
        working.step(f"{case.town} pays {talents} talents", LOOT, talents)
    elif case.loot_if_refused:
        talents, looted = loot_town(case.town, case.province, dice, working), True
    outcome = {"score": score, "paid": paid, "looted": looted, "talents": talents, "rebellion_test": looted}
    return Result.of("ad69.demand_tribute", outcome, working, dice)


# ---- ad69.loot -----------------------------------------------------------------------------


@dataclass(frozen=True)
class LootInput:
    town: str = spec("The town or city looted")
    province: str = spec("Its province, for the rebellion test", default="")


@procedure("ad69", "loot", title="Loot a town", source=LOOT, takes=LootInput, dice="d3 talents")
def loot(case: LootInput, dice: Dice) -> Result:
    """VII. REVENUES, Loot, 2. Loot: 1d3 talents, and the Region umpire must test for rebellion."""
    working = Working()
    working.note("The handbook has the army loot when a demand has failed (ad69.demand_tribute can do both)", LOOT)
    talents = loot_town(case.town, case.province, dice, working)
    outcome = {"talents": talents, "rebellion_test": True, "province": case.province}
    return Result.of("ad69.loot", outcome, working, dice)


# ---- ad69.bribery --------------------------------------------------------------------------


@dataclass(frozen=True)
class Bribe:
    briber: str = spec("Who pays, as Duplicitius Caddus")
    talents: int = spec("Talents spent", min=0, max=10000)


@dataclass(frozen=True)
class BriberyInput:
    unit: str = spec("The legion or unit bribed, as the Praetorian Guard")
    vexillations: int = spec("Its vexillations: the legion as a whole", min=1, max=100)
    bribes: tuple[Bribe, ...] = spec("Each bribe offered; the highest value wins", max_items=10)


def bribery_value(talents: int, vexillations: int) -> int:
    """VIII. Bribery: whole talents per vexillation, rounded down; under 1 is ineffective (0)."""
    return talents // vexillations


def bribe_value(bribe: Bribe, vexillations: int, working: Working) -> int:
    value = bribery_value(bribe.talents, vexillations)
    working.step(
        f"{bribe.briber}: {bribe.talents} talents ÷ {vexillations} vexillations = "
        f"{bribe.talents / vexillations:.2f}, rounded down: {value}"
        f"{' (less than 1: ineffective)' if value < 1 else ''}",
        BRIBERY,
        value,
    )
    return value


def check_bribers_named_once(bribes: Sequence[Bribe]) -> None:
    for i, bribe in enumerate(bribes):
        if bribe.briber in [earlier.briber for earlier in bribes[:i]]:
            raise RulesError(f"bribes.{i}.briber", f"{bribe.briber} is named twice: give one bribe each")


def winning_bribe(values: Mapping[str, int], working: Working) -> tuple[str | None, bool]:
    """The highest effective value wins. A tie at the top buys no one: each briber's gold cancels the other's."""
    best = max(values.values(), default=0)
    leaders = [briber for briber, value in values.items() if value == best]
    if best < 1:
        working.note("No bribe is effective", BRIBERY)
        return None, False
    if len(leaders) > 1:
        working.note(
            "The handbook's example has the larger bribe prevail and says nothing of a tie: the console reads "
            "equal bribes as cancelling each other",
            BRIBERY,
        )
        working.choice(f"{' and '.join(leaders)} tie at {best}: neither bribe prevails", BRIBERY, best)
        return None, True
    working.choice(f"{leaders[0]}'s bribe prevails, value {best}", BRIBERY, best)
    return leaders[0], False


@procedure("ad69", "bribery", title="Bribery of troops", source=BRIBERY, takes=BriberyInput)
def bribery(case: BriberyInput, dice: Dice) -> Result:
    """VIII. EXPENDITURE, Bribery: each bribe's value in whole talents per vexillation; the highest wins."""
    working = Working()
    check_bribers_named_once(case.bribes)
    values = {bribe.briber: bribe_value(bribe, case.vexillations, working) for bribe in case.bribes}
    winner, tied = winning_bribe(values, working)
    working.note("Say exactly what the troops are bribed to do", BRIBERY)
    outcome = {"values": values, "winner": winner, "tied": tied}
    return Result.of("ad69.bribery", outcome, working, dice)
