"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM: the inputs of a battle and the rules of one round.

battle.py fights the whole battle and registers the procedures; losses.py counts and
splits the losses; battle_odds.py runs a situation thousands of times. Sides are held
as pairs: index 0 is side A, index 1 side B.
"""

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from ..dice import Dice
from ..errors import RulesError
from ..schema import spec
from ..tables import Band, BandTable
from ..working import Working
from .characters import military_skill_spec
from .forces import Force, combat_value
from .losses import PlacedLoss

SYSTEM = "X. COMBAT RESOLUTION, THE BATTLE SYSTEM"
PROCESS = "X. COMBAT RESOLUTION, THE PROCESS OF BATTLE"
DIE_ROLLING = "X. COMBAT RESOLUTION, BATTLE DIE ROLLING SYSTEM"
VICTORY = "X. COMBAT RESOLUTION, DETERMINING VICTORY"
RISK = "X. COMBAT RESOLUTION, RISK TO PLAYER CHARACTERS IN BATTLE"
MAX_ROUNDS = 4  # "A battle can only last for a maximum of 4 rounds of combat"
ADVANTAGE_DIE = 6  # "if equal, dice for it": the handbook names no die; a d6, re-rolled on a tie
KEYS = ("a", "b")

T = TypeVar("T")
Pair = tuple[T, T]  # (side A's, side B's)


def pair(of: Callable[[int], T]) -> Pair[T]:
    """`of` for side A, then for side B (in that order: side A's dice are asked for first)."""
    return (of(0), of(1))


class Stance(enum.StrEnum):
    ATTACK = "attack"
    DEFEND = "defend"


class SideKey(enum.StrEnum):
    A = "a"
    B = "b"


class Verdict(enum.StrEnum):
    A = "a"
    B = "b"
    DRAW = "draw"


class Outcome(enum.StrEnum):
    """A round's result; a str, so that it is plain data in the working and the outcome."""

    DEFEATED = "defeated outright"
    PUSHED_BACK = "pushed back"
    INDECISIVE = "indecisive"


# X. BATTLE DIE ROLLING SYSTEM, looked up by the difference of the two totals in favour of
# whichever side scored more: either side can win a round.
BATTLE_RESULTS = BandTable(
    name="Battle results",
    source=DIE_ROLLING,
    bands=(
        Band(7, None, Outcome.DEFEATED, "+7 or more: enemy defeated outright"),
        Band(4, 6, Outcome.PUSHED_BACK, "+4/+6: enemy pushed back"),
        Band(0, 3, Outcome.INDECISIVE, "+3 or less: indecisive combat, continue fight"),
    ),
)

# X. BATTLE DIE ROLLING SYSTEM: the factors added to each side's d12.
AQUILA = 5  # "+5 if all the Legions involved have their Aquila present"
POINTS_PER_PLUS_ONE = 10  # "+1 for every 10 points of combat value"
PUSHED_BACK = -2  # "-2 pushed back in last round of combat"
JOINED = 2  # "+2 if the Legionary Commander has joined the battle in person"
OUTFLANKING = 2  # "+2 if outflanking the enemy force by more than half its frontage"
DEFENDING = 1  # "+1 Defending"
FORCE_MARCHED = -2  # "-2 for each part of the force that has force marched last turn"


@dataclass(frozen=True)
class Side:
    """One side of a battle: its army commander and the forces that fight together."""

    name: str = spec("The side, by its army commander's name, as Bigius Diccus")
    forces: tuple[Force, ...] = spec(
        "Its legions, detachments or hosts; several fight as one and combine "
        "their values. +5 if every one has its Aquila present",
        max_items=12,
    )
    military_skill: int = military_skill_spec("Military Skill of the army commander (not a subordinate legion's)")
    force_marched: int = spec("How many parts of the force force-marched last turn (-2 each)", min=0, max=20, default=0)
    ruled_combat_value: int | None = spec(
        "The umpires' ruling on this side's combat value (\"In the event of any doubt, the umpires will "
        "rule\"); empty: its forces' values combined",
        min=0,
        max=10000,
        default=None,
    )
    ruled_units_lost: int | None = spec(
        "The umpires' ruling on how many units this side loses, once the victor is known; empty: counted "
        "from the enemy's combat value",
        min=0,
        max=1000,
        default=None,
    )
    placed_losses: tuple[PlacedLoss, ...] = spec(
        "The owning player's split of this side's losses, once the victor is known: every unit lost, by "
        "force and type. Empty: the engine proposes whole shares and reports what is left to place",
        max_items=60,
        default=(),
    )


@dataclass(frozen=True)
class SideOrders:
    """What one side's commander orders for a round."""

    stance: Stance = spec(
        "Attack or defend: the side with the tactical advantage chooses first; if it attacks, its enemy must defend",
        default=Stance.ATTACK,
    )
    joins: bool = spec("The commander joins the battle in person (+2, and a d6 for his risk)", default=False)
    outflanking: bool = spec("Outflanking the enemy by more than half its frontage (+2)", default=False)
    withdraw: bool = spec(
        "If this side pushes its enemy back this round, it withdraws (breaks off the battle) after it", default=False
    )


@dataclass(frozen=True)
class RoundOrders:
    a: SideOrders = spec("Side A's orders", default=SideOrders())
    b: SideOrders = spec("Side B's orders", default=SideOrders())


@dataclass(frozen=True)
class BattleInput:
    side_a: Side = spec("Side A: its dice are asked for first in each round")
    side_b: Side = spec("Side B")
    rounds: tuple[RoundOrders, ...] = spec(
        "Orders for each round in turn; a round without orders of its own keeps the last round's",
        max_items=MAX_ROUNDS,
        default=(),
    )
    umpire_verdict: Verdict | None = spec(
        "The umpires' verdict, if the dice leave no clear victor (after 4 rounds, or a withdrawal)", default=None
    )

    @property
    def sides(self) -> Pair[Side]:
        return (self.side_a, self.side_b)


@dataclass(frozen=True)
class State:
    """Between rounds: who was pushed back in the last round, and whose commander has fallen."""

    pushed_back: int | None = None
    fallen: tuple[bool, bool] = (False, False)


@dataclass(frozen=True)
class Round:
    """What one round came to. `winner` is the side that scored more (None on equal totals)."""

    number: int
    stances: tuple[Stance, Stance]
    totals: tuple[int, int] | None  # None: a round of inaction
    outcome: Outcome | None
    winner: int | None
    withdrew: bool
    after: State
    joined: tuple[bool, bool] = (False, False)  # commanders who fought in person this round

    @property
    def ends_battle(self) -> bool:
        return self.outcome is Outcome.DEFEATED or self.withdrew

    def as_dict(self) -> dict[str, Any]:
        totals = None if self.totals is None else dict(zip(KEYS, self.totals))
        return {
            "round": self.number,
            "stances": {k: s.value for k, s in zip(KEYS, self.stances)},
            "inaction": self.totals is None,
            "totals": totals,
            "difference": None if self.totals is None else abs(self.totals[0] - self.totals[1]),
            "result": self.outcome.value if self.outcome else "inaction",
            "ahead": _key(self.winner),
            "withdrew": self.withdrew,
            "pushed_back": _key(self.after.pushed_back),
            "fallen": [key for key, fell in zip(KEYS, self.after.fallen) if fell],
        }


def _key(index: int | None) -> str | None:
    return None if index is None else KEYS[index]


def check_battle(sides: Sequence[Side], path: str = "") -> None:
    """X. THE BATTLE SYSTEM: each side needs a force to fight, and its forces distinct names
    (the owner's split of the losses names them)."""
    for key, side in zip(KEYS, sides):
        if not side.forces:
            raise RulesError(f"{path}side_{key}.forces", "must hold at least one force")
        names = [force.name for force in side.forces]
        for index, name in enumerate(names):
            if name in names[:index]:
                raise RulesError(f"{path}side_{key}.forces.{index}.name", f"{name!r} is named twice on this side")


def side_values(sides: Pair[Side], working: Working) -> Pair[int]:
    """X. COMBAT VALUES: each force valued; "if a legion has more than one opposing legion,
    the combat values are combined"."""
    return pair(lambda i: _side_value(sides[i], working))


def _side_value(side: Side, working: Working) -> int:
    terms = [(force.name, combat_value(force, working)) for force in side.forces]
    if len(terms) > 1:
        return ruled_value(side, working.total(f"{side.name}: combined combat value", terms, SYSTEM), working)
    return ruled_value(side, sum(value for _, value in terms), working)


def ruled_value(side: Side, value: int, working: Working) -> int:
    """The umpires' word over the forces' values, when they have given it."""
    if side.ruled_combat_value is None:
        return value
    working.choice(
        f"{side.name}: combat value {side.ruled_combat_value} by the umpires' ruling (the forces' own: {value})",
        PROCESS,
        side.ruled_combat_value,
    )
    return side.ruled_combat_value


def tactical_advantage(sides: Pair[Side], dice: Dice, working: Working) -> int:
    """X. THE PROCESS OF BATTLE, step 2: the better Military Skill has the tactical
    advantage; if equal, each side rolls a die, again until they differ."""
    skills = [side.military_skill for side in sides]
    if skills[0] != skills[1]:
        winner = 0 if skills[0] > skills[1] else 1
        working.step(
            f"Tactical advantage: {sides[winner].name}, Military Skill {skills[winner]} against {skills[1 - winner]}",
            PROCESS,
            KEYS[winner],
        )
        return winner
    working.step(f"Military Skill equal ({skills[0]} each): dice for the tactical advantage", PROCESS)
    working.note(
        f"The handbook says 'if equal, dice for it' and names no die: the console rolls a d{ADVANTAGE_DIE} "
        "a side, and again while they tie",
        f"{PROCESS}, step 2",
    )
    return _dice_for_advantage(sides, dice, working)


def _dice_for_advantage(sides: Pair[Side], dice: Dice, working: Working) -> int:
    while True:
        rolls = [working.roll(dice, ADVANTAGE_DIE, f"{side.name}'s die for the tactical advantage") for side in sides]
        if rolls[0] != rolls[1]:
            winner = 0 if rolls[0] > rolls[1] else 1
            working.step(
                f"Tactical advantage: {sides[winner].name}, {rolls[winner]} against {rolls[1 - winner]}",
                PROCESS,
                KEYS[winner],
            )
            return winner
        working.note(f"Both rolled {rolls[0]}: roll again", PROCESS)


def stances(sides: Pair[Side], orders: Pair[SideOrders], advantage: int, number: int, working: Working) -> Pair[Stance]:
    """X. THE PROCESS OF BATTLE, steps 5 and 6: the side with the tactical advantage
    attacks or defends; if it defends its enemy chooses; if it attacks its enemy defends."""
    other = 1 - advantage
    chosen = orders[advantage].stance
    working.choice(
        f"Round {number}: {sides[advantage].name}, with the tactical advantage, {_verb(chosen)}",
        f"{PROCESS}, step 5",
        chosen.value,
    )
    reply = orders[other].stance if chosen is Stance.DEFEND else Stance.DEFEND
    forced = chosen is Stance.ATTACK
    working.choice(
        f"Round {number}: {sides[other].name} {'must defend' if forced else _verb(reply)}",
        f"{PROCESS}, step 6",
        reply.value,
    )
    return (chosen, reply) if advantage == 0 else (reply, chosen)


def _verb(stance: Stance) -> str:
    return "attacks" if stance is Stance.ATTACK else "defends"


def side_total(
    side: Side,
    value: int,
    orders: SideOrders,
    stance: Stance,
    joined: bool,
    pushed_back: bool,
    number: int,
    dice: Dice,
    working: Working,
) -> int:
    """X. BATTLE DIE ROLLING SYSTEM: 1d12 and every factor that applies, each on its own line."""
    terms = [("d12", working.roll(dice, 12, f"{side.name}'s battle roll, round {number}"))]
    for text, modifier in side_modifiers(side, value, orders, stance, joined, pushed_back):
        terms.append((text, working.modifier(f"{side.name}: {text}", modifier, DIE_ROLLING)))
    return working.total(f"{side.name}'s total", terms, DIE_ROLLING)


def side_modifiers(
    side: Side, value: int, orders: SideOrders, stance: Stance, joined: bool, pushed_back: bool
) -> list[tuple[str, int]]:
    """X. BATTLE DIE ROLLING SYSTEM: the factors that apply, in the handbook's order, as
    (text, value). Military Skill is the army commander's, not a subordinate's."""
    factors = [
        ("every legion's Aquila present", AQUILA if all(force.aquila for force in side.forces) else 0),
        (f"combat value {value}: +1 for every 10 points", value // POINTS_PER_PLUS_ONE),
        ("pushed back in the last round", PUSHED_BACK if pushed_back else 0),
        ("the commander has joined the battle in person", JOINED if joined else 0),
        ("outflanking the enemy by more than half its frontage", OUTFLANKING if orders.outflanking else 0),
        ("Military Skill of the army commander", side.military_skill),
        ("defending", DEFENDING if stance is Stance.DEFEND else 0),
        (f"{side.force_marched} part(s) force-marched last turn", FORCE_MARCHED * side.force_marched),
    ]
    return [(text, modifier) for text, modifier in factors if modifier]


def round_result(sides: Pair[Side], totals: Pair[int], working: Working) -> tuple[Outcome, int | None]:
    """X. BATTLE DIE ROLLING SYSTEM: the difference of the totals, looked up in the results
    table for the side that scored more."""
    difference = totals[0] - totals[1]
    winner = None if difference == 0 else (0 if difference > 0 else 1)
    high, low = sorted(totals, reverse=True)
    favour = f"in favour of {sides[winner].name}" if winner is not None else "equal scores"
    working.step(f"Difference: {high} - {low} = {high - low}, {favour}", DIE_ROLLING, high - low)
    outcome: Outcome = BATTLE_RESULTS.lookup(abs(difference), working)
    if winner is not None and outcome is not Outcome.INDECISIVE:  # equal totals are indecisive: no winner
        working.note(f"{sides[1 - winner].name} is {outcome.value}", DIE_ROLLING)
    return outcome, winner


def risk_in_round(
    sides: Pair[Side], joined: Pair[bool], fallen: Pair[bool], number: int, dice: Dice, working: Working
) -> Pair[bool]:
    """X. RISK TO PLAYER CHARACTERS: each commander who joined in person rolls 1d6; on a 1
    he has fallen and takes no further part."""
    now = list(fallen)
    for index, side in enumerate(sides):
        if joined[index]:
            roll = working.roll(dice, 6, f"{side.name}'s risk in battle, round {number}")
            now[index] = roll == 1
            working.note(f"{side.name} has fallen in battle" if roll == 1 else f"{side.name} is unharmed", RISK)
    return (now[0], now[1])


def fight_round(
    sides: Pair[Side],
    values: Pair[int],
    orders: Pair[SideOrders],
    advantage: int,
    number: int,
    state: State,
    dice: Dice,
    working: Working,
) -> Round:
    """X. THE PROCESS OF BATTLE, steps 5 to 7, one round: the stances, then (unless both
    defend) a d12 a side, the result, the risk to commanders who joined in person, and
    whether a side that pushed its enemy back breaks off."""
    stance = stances(sides, orders, advantage, number, working)
    if stance == (Stance.DEFEND, Stance.DEFEND):
        working.step(f"Round {number}: both defend: the round passes in inaction, and counts", PROCESS, 0)
        return Round(number, stance, None, None, None, False, replace(state, pushed_back=None))
    joined = pair(lambda i: orders[i].joins and not state.fallen[i])
    _note_fallen_orders(sides, orders, state, working)
    totals = pair(
        lambda i: side_total(
            sides[i], values[i], orders[i], stance[i], joined[i], state.pushed_back == i, number, dice, working
        )
    )
    outcome, winner = round_result(sides, totals, working)
    fallen = risk_in_round(sides, joined, state.fallen, number, dice, working)
    pushed, withdrew = None, False
    if winner is not None and outcome is Outcome.PUSHED_BACK:  # equal totals are indecisive: no winner
        pushed, withdrew = 1 - winner, _withdraws(sides, orders, winner, working)
    return Round(number, stance, totals, outcome, winner, withdrew, State(pushed, fallen), joined)


def _note_fallen_orders(sides: Pair[Side], orders: Pair[SideOrders], state: State, working: Working) -> None:
    for index, side in enumerate(sides):
        if orders[index].joins and state.fallen[index]:
            working.note(f"{side.name} has fallen and takes no further part: no +2", RISK)


def _withdraws(sides: Pair[Side], orders: Pair[SideOrders], winner: int, working: Working) -> bool:
    """ "After any round any troops who have pushed back their enemy may be ordered to
    withdraw or break off the battle"."""
    withdraw = orders[winner].withdraw
    working.choice(
        f"{sides[winner].name}, having pushed the enemy back, {'breaks off the battle' if withdraw else 'fights on'}",
        DIE_ROLLING,
        withdraw,
    )
    return withdraw


def orders_for(rounds: Sequence[RoundOrders], number: int, working: Working) -> Pair[SideOrders]:
    """X. THE PROCESS OF BATTLE, step 5 (each round): the orders for round `number`, its own
    or else the last given; with none at all, the defaults (the advantage attacks)."""
    if number <= len(rounds):
        return (rounds[number - 1].a, rounds[number - 1].b)
    last = rounds[-1] if rounds else RoundOrders()
    working.note(
        f"Round {number} has no orders of its own: "
        f"{'the orders of round ' + str(len(rounds)) + ' stand' if rounds else 'the default orders'}"
    )
    return (last.a, last.b)
