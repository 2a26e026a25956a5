"""4.0 C Activation Phase and 4.1 Action Chits: the mug, its hidden removals and draws, and who a drawn
chit activates.

The draws are hidden from every player, so the console makes them as the neutral party: it rolls the dice,
and the saved run keeps their seed, so the same mug and seed always draw the same chits and a draw can be
checked afterwards from its record. Every chit in the mug is equally likely (a die the size of the mug picks
its place)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import RULESET

ACTIVATION = "4.0 C Activation Phase"
CHITS = "4.11 Action Chits"
WHO_MOVES = "4.12 Action Chits"
RANGE = "4.13 Action Chits"
TWICE = "4.14 Action Chits"
DISSOLVED = "3.25 Faction Dissolution"
CHIT_SET = (3, 2, 1, 0, 0)  # 4.11 (L136): "the values: 3, 2, 1, 0, and 0"
MOST_ACTIVATIONS = 2  # 4.14 (L145): "no more than twice per turn"

CHITS_REMOVED = KeyedTable("Chits removed", "4.0 C (L121-123)", {2: 0, 3: 1, 4: 1, 5: 1})
COMMAND_RANGE = KeyedTable("Command range (hexes)", "4.13 (L143)", {1: 1, 2: 2, 3: 2})


class RemovalCount(Choice):
    """4.0 C: "one plus the total stated by the following chart per each faction" against the design note's
    "By randomly removing 1 chit from the cup" (L154)."""

    ONE_PLUS_CHART = "one_plus_chart"
    ONE = "one"


class NoLeader(Choice):
    """4.11 keeps the chits no greater than the best leader; a power with no leader is not covered."""

    ZEROS = "zeros"
    NO_CHITS = "no_chits"


class ZeroLeaderRange(Choice):
    """4.13 gives the range of "+1" to "+3" leaders only."""

    OWN_HEX = "own_hex"
    ADJACENT = "adjacent"


@dataclass(frozen=True)
class Power:
    name: str = spec("The faction or active minor power (all active barbarian minors are one power, 4.11)")
    best_leader: int | None = spec(
        "Its best leader's rating, captured leaders left out (empty: no leader)", min=0, max=3, default=None
    )


@dataclass(frozen=True)
class Chit:
    power: str = spec("Whose colour")
    value: int = spec("Its number", min=0, max=3)


@dataclass(frozen=True)
class MugOptions:
    removal: RemovalCount = spec(
        "4.0 C (L120) and its design note (L154): chits removed — one plus the chart's number for each power "
        "(default), or 1 in all",
        default=RemovalCount.ONE_PLUS_CHART,
    )
    no_leader: NoLeader = spec(
        "4.11 (L139), extraction AMB-04: a power with no leader puts in its two 0 chits (default) or none",
        default=NoLeader.ZEROS,
    )


@dataclass(frozen=True)
class MugInput:
    powers: tuple[Power, ...] = spec("Each power entitled to chits (4.11)", min_items=1, max_items=20)
    options: MugOptions = spec("Readings of points the rulebook leaves open", default=MugOptions())


def chit_set(power: Power, options: MugOptions, working: Working) -> list[Chit]:
    """4.11: "Any chits with a value greater than the best leader (Caesar is a 3) are removed"."""
    if power.best_leader is None and options.no_leader is NoLeader.NO_CHITS:
        working.step(f"{power.name}: no leader, so no chits (reading: AMB-04)", CHITS, 0)
        return []
    best = power.best_leader or 0
    values = [value for value in CHIT_SET if value <= best]
    leader = "no leader (reading: its 0 chits, AMB-04)" if power.best_leader is None else f"best leader {best}"
    working.step(f"{power.name}: {leader}, chits {', '.join(map(str, values))}", CHITS, len(values))
    return [Chit(power.name, value) for value in values]


def removal_count(sets: Sequence[tuple[str, list[Chit]]], options: MugOptions, working: Working) -> int:
    if options.removal is RemovalCount.ONE:
        working.note("Reading: 1 chit is removed in all (the design note, L154)", ACTIVATION)
        return 1
    working.note("Reading: one plus the chart's number for each power (4.0 C, L120)", ACTIVATION)
    count = 1
    for _name, chits in sets:
        count += CHITS_REMOVED.lookup(len(chits), working) if len(chits) in CHITS_REMOVED.rows else 0
    working.step(f"{count} chit(s) are removed at random from all the chits together", ACTIVATION, count)
    return count


def draw_from(mug: list[Chit], dice: Dice, purpose: str) -> Chit:
    """One chit, every chit in the mug equally likely: a die the size of the mug picks its place."""
    return mug.pop(dice.roll(len(mug), purpose) - 1)


@procedure(
    RULESET,
    "activation_mug",
    title="Filling the chit mug",
    source=ACTIVATION,
    takes=MugInput,
    dice="the console's, unseen: one die the size of the mug per chit removed (the run keeps the seed)",
)
def activation_mug(case: MugInput, dice: Dice) -> Result:
    """4.11 and 4.0 C: each power's chits (3, 2, 1, 0, 0 up to its best leader) into one mug, then some removed
    at random, unseen until the end of the turn."""
    working = Working()
    sets = [(power.name, chit_set(power, case.options, working)) for power in case.powers]
    mug = [chit for _, chits in sets for chit in chits]
    count = removal_count(sets, case.options, working)
    if count > len(mug):
        raise RulesError("powers", f"{count} chits are to be removed from a mug of {len(mug)}")
    removed = [draw_from(mug, dice, "a chit removed unseen") for _ in range(count)]
    working.step(f"{count} chit(s) set aside face down, sealed until the end of the turn", ACTIVATION, count)
    outcome = {"mug": [chit_dict(c) for c in mug], "removed": count, "sealed": [chit_dict(c) for c in removed]}
    return Result.of(f"{RULESET}.activation_mug", outcome, working, dice)


def chit_dict(chit: Chit) -> dict[str, Any]:
    return {"power": chit.power, "value": chit.value}


# ---- imperium_romanum.chit_draw --------------------------------------------------------------------


@dataclass(frozen=True)
class DrawInput:
    mug: tuple[Chit, ...] = spec("The chits left in the mug, in the console's recorded order", max_items=120)
    dissolved: tuple[str, ...] = spec(
        "Powers dissolved this turn: their chits are discarded if drawn (3.25)", max_items=20, default=()
    )


@procedure(
    RULESET,
    "chit_draw",
    title="Drawing a chit",
    source=ACTIVATION,
    takes=DrawInput,
    dice="the console's, unseen: one die the size of the mug (the run keeps the seed)",
)
def chit_draw(case: DrawInput, dice: Dice) -> Result:
    """4.0 C: "a chit is randomly selected from the mug"; a dissolved faction's chit is discarded (3.25, 22.4)."""
    working = Working()
    if not case.mug:
        raise RulesError("mug", "the mug is empty: the Activation Phase is over; reveal the removed chits (4.0 C)")
    mug = list(case.mug)
    chit = draw_from(mug, dice, f"the chit drawn ({len(case.mug)} in the mug)")
    discarded = chit.power in case.dissolved
    working.step(f"Drawn: {chit.power} {chit.value}", ACTIVATION, chit.value)
    if discarded:
        working.step(f"{chit.power} has dissolved: the chit is discarded, draw again", DISSOLVED)
    else:
        working.step(
            f"{chit.power} activates its leaders rated {chit.value} or more"
            + (" and its forces without a leader" if chit.value == 0 else "")
            + ", or passes",
            WHO_MOVES,
        )
    if not mug:
        working.note("The mug is now empty: after this activation reveal the removed chits", ACTIVATION)
    outcome = {"drawn": chit_dict(chit), "discarded": discarded, "mug": [chit_dict(c) for c in mug]}
    return Result.of(f"{RULESET}.chit_draw", outcome, working, dice)


# ---- imperium_romanum.activation ------------------------------------------------------------------


@dataclass(frozen=True)
class Leader:
    name: str = spec("The leader")
    rating: int = spec("His rating (+0 to +3)", min=0, max=3)
    activations: int = spec("Times activated this turn", min=0, max=2, default=0)
    captured: bool = spec("Held captive by the enemy (10.34)", default=False)


@dataclass(frozen=True)
class Force:
    name: str = spec("A stack or unit without a leader (corn fleets too)")
    activations: int = spec('Its "moved" markers this turn', min=0, max=2, default=0)


@dataclass(frozen=True)
class ActivationOptions:
    zero_range: ZeroLeaderRange = spec(
        "4.13 (L143), extraction AMB-03: a +0 leader activates units in his own hex only (default) or in "
        "adjacent hexes too, like a +1",
        default=ZeroLeaderRange.OWN_HEX,
    )


@dataclass(frozen=True)
class ActivationInput:
    chit: int = spec("The number on the chit drawn", min=0, max=3)
    leaders: tuple[Leader, ...] = spec("The drawing power's leaders", max_items=40, default=())
    forces: tuple[Force, ...] = spec("Its forces without a leader", max_items=80, default=())
    options: ActivationOptions = spec("Readings of points the rulebook leaves open", default=ActivationOptions())


def leader_may(leader: Leader, chit: int, options: ActivationOptions, working: Working) -> dict[str, Any] | None:
    if leader.captured:
        working.step(f"{leader.name} is a captive: he cannot activate anyone (10.34)", "10.34", False)
        return None
    if leader.rating < chit:
        working.step(f"{leader.name} (+{leader.rating}) is rated below the chit {chit}", WHO_MOVES, False)
        return None
    if leader.activations >= MOST_ACTIVATIONS:
        working.step(f"{leader.name} has been activated twice this turn already", TWICE, False)
        return None
    reach = leader_range(leader.rating, options, working)
    working.step(
        f"{leader.name} (+{leader.rating}) activates, with units within {reach} hex(es) at the start", RANGE, reach
    )
    return {"name": leader.name, "range": reach, "activation": leader.activations + 1}


def leader_range(rating: int, options: ActivationOptions, working: Working) -> int:
    if rating:
        reach: int = COMMAND_RANGE.lookup(rating)
        return reach
    if options.zero_range is ZeroLeaderRange.ADJACENT:
        working.note("Reading: a +0 leader reaches adjacent hexes, as a +1 (AMB-03)", RANGE)
        return 1
    working.note("Reading: a +0 leader activates units in his own hex only (AMB-03)", RANGE)
    return 0


def force_may(force: Force, chit: int, working: Working) -> bool:
    if chit != 0:
        return False
    if force.activations >= MOST_ACTIVATIONS:
        working.step(f'{force.name} has two "moved" markers: it may only retreat (4.18)', "4.18", False)
        return False
    working.step(f"{force.name} moves without a leader on the 0 chit", WHO_MOVES, True)
    return True


@procedure(RULESET, "activation", title="Who a chit activates", source=WHO_MOVES, takes=ActivationInput)
def activation(case: ActivationInput, dice: Dice) -> Result:
    """4.12-4.14: leaders rated at least the chit, forces without a leader on a 0, none more than twice a turn."""
    working = Working()
    leaders = [found for leader in case.leaders if (found := leader_may(leader, case.chit, case.options, working))]
    forces = [force.name for force in case.forces if force_may(force, case.chit, working)]
    if case.chit and case.forces:
        working.step(f"Forces without a leader move only on a 0; the chit is {case.chit}", WHO_MOVES)
    return Result.of(f"{RULESET}.activation", {"leaders": leaders, "forces": forces}, working, dice)
