"""18.5 Bribing Barbarians, Rebels and Foreign Powers (optional): each bribe costs half a 20-10/10-10 Legion of
the situation and moves the activation die-roll 1 in the briber's favour. The legion's cost is in the situation's
recruiting data, which the text does not print: Control enters it in the event's Situations."""

import math
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import MissingData, RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

BRIBES = "18.51 Bribing Barbarians, Rebels and Foreign Powers"
SECRET = "18.52 Bribing Barbarians, Rebels and Foreign Powers"


class BribeHalf(Choice):
    """18.51's half a legion's cost, rounded by 2.1 "in favor of the affected" party: the faction paying it."""

    DOWN = "down"
    UP = "up"


@dataclass(frozen=True)
class BribeOptions:
    half: BribeHalf = spec(
        "18.51 with 2.1 (extraction AMB-01): half an odd legion cost is rounded down, in the paying faction's "
        "favour (default), or up",
        default=BribeHalf.DOWN,
    )


@dataclass(frozen=True)
class Bribe:
    faction: str = spec("The bribing faction")
    bribes: int = spec("Bribes it wrote down (revealed together: 18.52)", min=1, max=50)
    for_activation: bool = spec("It bribes for the force to activate (else against)", default=True)


@dataclass(frozen=True)
class BribeInput:
    bribes: tuple[Bribe, ...] = spec("Every faction's bribes on this die-roll", min_items=1, max_items=12)
    situation: str = spec("The situation played (I, II, 1 to 32), whose legion's cost a bribe costs", default="")
    legion_cost: int | None = spec(
        "The cost of a 20-10/10-10 Legion in this situation (empty: from the event's Situations)",
        min=0,
        max=1000,
        default=None,
    )
    activates_low: bool = spec("The force activates on a low roll (as Persia, on 9 or less: 20.8)", default=True)
    options: BribeOptions = spec("Readings of points the rulebook leaves open", default=BribeOptions())


def bribe_price(case: BribeInput, working: Working) -> int:
    if case.legion_cost is None:
        raise MissingData("Situations", f"{case.situation or 'the situation'}/legion_cost", BRIBES)
    half = Fraction(case.legion_cost, 2)
    price = math.floor(half) if case.options.half is BribeHalf.DOWN else math.ceil(half)
    return working.modifier(
        f"Half the {case.legion_cost} of a 20-10/10-10 Legion, rounded {case.options.half.value} (reading AMB-01)",
        price,
        BRIBES,
    )


@procedure(RULESET, "bribe", title="Bribes (optional)", source=BRIBES, takes=BribeInput)
def bribe(case: BribeInput, dice: Dice) -> Result:
    """18.51-18.52: every bribe costs half a legion and moves the die 1 the briber's way; all are written down
    secretly before the roll and revealed together."""
    working = Working()
    if len({b.faction for b in case.bribes}) != len(case.bribes):
        raise RulesError("bribes", "name each faction once, with all its bribes")
    price = bribe_price(case, working)
    working.step("The bribes were written down secretly before the die-roll and are revealed together", SECRET)
    towards = -1 if case.activates_low else 1
    modifier = 0
    costs: dict[str, int] = {}
    for b in case.bribes:
        costs[b.faction] = b.bribes * price
        modifier += b.bribes * (towards if b.for_activation else -towards)
        working.step(
            f"{b.faction}: {b.bribes} bribe(s) "
            + ("for" if b.for_activation else "against")
            + f" activation, {costs[b.faction]} Treasure Points",
            BRIBES,
            costs[b.faction],
        )
    working.step(f"The activation die-roll is modified by {modifier:+d}", BRIBES, modifier)
    return Result.of(f"{RULESET}.bribe", {"costs": costs, "modifier": modifier}, working, dice)
