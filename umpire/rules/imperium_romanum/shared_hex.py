"""9.31-9.32: a hex held by several factions' units out of supply. They eliminate units by turns, the stronger
stack first (9.31); a Roman faction with corn to spare may feed Roman enemies there and take half their strength
over (9.32)."""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, rank_by_die
from .supply import CORN_FEEDS, CornFeeds

ALTERNATE = "9.31 Out of Supply Units"
DEFECTION = "9.32 Out of Supply Units"
CONSUMPTION = "9.9 Consumption"


@dataclass(frozen=True)
class HexStack:
    faction: str = spec("The faction")
    strength: int = spec("Its land combat strength points in the hex", min=0, max=5000)
    units: int = spec(
        "Its land combat units there (leaders do not count: they may not be removed instead)", min=0, max=200
    )
    corn: int = spec("Corn units it has in the hex and will spend instead of losing a unit", min=0, max=100, default=0)


@dataclass(frozen=True)
class AlternateInput:
    excess: int = spec("Units the hex must lose (its surplus over the supply limit, 9.3)", min=1, max=400)
    stacks: tuple[HexStack, ...] = spec("Each faction's stack in the hex", min_items=2, max_items=12)


def turn_order(case: AlternateInput, dice: Dice, working: Working) -> list[str]:
    """Strongest stack first, then the second, and so on; equal stacks by die (the text is silent on ties)."""
    order: list[str] = []
    for strength in sorted({s.strength for s in case.stacks}, reverse=True):
        tied = [s.faction for s in case.stacks if s.strength == strength]
        if len(tied) > 1:
            working.note(f"{', '.join(tied)} have equal stacks ({strength}): a die orders them (2.3)", ALTERNATE)
        order += rank_by_die(tied, dice, working, ALTERNATE, "order of elimination")
    working.step(f"Order, strongest stack first: {', '.join(order)}", ALTERNATE, order)
    return order


def eliminate_in_turn(
    case: AlternateInput, order: Sequence[str], working: Working
) -> tuple[dict[str, dict[str, int]], int]:
    left = {s.faction: {"units": s.units, "corn": s.corn} for s in case.stacks}
    tally = {name: {"units": 0, "corn": 0} for name in order}
    due = case.excess
    while due and any(left[name]["units"] or left[name]["corn"] for name in order):
        for name in (n for n in order if left[n]["units"] or left[n]["corn"]):
            spent = "corn" if left[name]["corn"] else "units"
            left[name][spent] -= 1
            tally[name][spent] += 1
            due -= 1
            working.step(
                f"{name} " + ("spends a corn unit instead of a unit" if spent == "corn" else "eliminates a unit"),
                ALTERNATE,
                due,
            )
            if not due:
                break
    return tally, due


@procedure(
    RULESET,
    "shared_hex_elimination",
    title="Several factions out of supply in one hex",
    source=ALTERNATE,
    takes=AlternateInput,
    dice="1d6 a faction, only to order equal stacks",
)
def shared_hex_elimination(case: AlternateInput, dice: Dice) -> Result:
    """9.31: the factions eliminate a unit each in turn, the stronger stack first; corn may go instead of a unit."""
    working = Working()
    if len({s.faction for s in case.stacks}) != len(case.stacks):
        raise RulesError("stacks", "name each faction once")
    working.note(
        'One corn unit spent instead of each unit eliminated, as 9.31 says "in lieu of eliminating a unit"', ALTERNATE
    )
    tally, due = eliminate_in_turn(case, turn_order(case, dice, working), working)
    if due:
        working.step(f"{due} more due, but no land combat unit is left to remove", ALTERNATE, due)
    return Result.of(f"{RULESET}.shared_hex_elimination", {"losses": tally, "unmet": due}, working, dice)


# ---- imperium_romanum.corn_defection --------------------------------------------------------------


@dataclass(frozen=True)
class DefectionOptions:
    corn_feeds: CornFeeds = spec(
        "9.9 L332 (extraction AMB-22): a corn unit feeds four units of any size (default) or four legion-sized "
        "units' worth",
        default=CornFeeds.FOUR_UNITS,
    )


@dataclass(frozen=True)
class CornDefectionInput:
    spare_corn: int = spec("Corn the Roman faction has in the hex after supplying its own units", min=0, max=100)
    strength: int = spec("Their combat strength points", min=1, max=5000)
    legions: int = spec("The Roman enemy's legion-sized units there out of supply", min=0, max=200, default=0)
    detachments: int = spec("Its detachment-sized units there out of supply", min=0, max=400, default=0)
    both_roman: bool = spec("Both factions are Roman (9.32 is for Roman factions and Roman enemies)", default=True)
    options: DefectionOptions = spec("Readings of points the rulebook leaves open", default=DefectionOptions())


def corn_needed(case: CornDefectionInput, working: Working) -> int:
    if case.options.corn_feeds is CornFeeds.FOUR_LEGION_EQUIVALENTS:
        need = math.ceil((case.legions + Fraction(case.detachments, 2)) / CORN_FEEDS)
        working.note("Reading: a corn unit feeds four legion-sized units' worth (AMB-22)", CONSUMPTION)
    else:
        need = math.ceil(Fraction(case.legions + case.detachments, CORN_FEEDS))
        working.note("Reading: a corn unit feeds a stack of up to four units of any size (AMB-22)", CONSUMPTION)
    return working.modifier(
        f"Corn to supply {case.legions} legion-sized and {case.detachments} detachment-sized units", need, CONSUMPTION
    )


@procedure(
    RULESET,
    "corn_defection",
    title="Out-of-supply Roman enemies fed with corn defect",
    source=DEFECTION,
    takes=CornDefectionInput,
)
def corn_defection(case: CornDefectionInput, dice: Dice) -> Result:
    """9.32: corn enough to supply the Roman enemy's units makes half their strength (rounded down) defect; the
    rest is removed from play."""
    working = Working()
    if not case.both_roman:
        raise RulesError("both_roman", "only a Roman faction may feed Roman enemy units to make them defect (9.32)")
    if not case.legions + case.detachments:
        raise RulesError("legions", "name the enemy units out of supply")
    need = corn_needed(case, working)
    if need > case.spare_corn:
        working.step(f"{case.spare_corn} corn to spare is not enough for {need}: no defection", DEFECTION, False)
        return Result.of(
            f"{RULESET}.corn_defection",
            {"defects": False, "corn_spent": 0, "defecting": 0, "removed": 0},
            working,
            dice,
        )
    defecting = working.modifier(
        f"Half of {case.strength} strength points, rounded down", case.strength // 2, DEFECTION
    )
    working.step(
        f"{need} corn spent: {defecting} strength points defect under control markers; the other "
        f"{case.strength - defecting} are removed from play",
        DEFECTION,
        defecting,
    )
    return Result.of(
        f"{RULESET}.corn_defection",
        {"defects": True, "corn_spent": need, "defecting": defecting, "removed": case.strength - defecting},
        working,
        dice,
    )
