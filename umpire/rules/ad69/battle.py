"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM: the whole battle, and its registered procedures.

The rules of one round are in battle_round.py, the losses in losses.py, the odds of a
situation in battle_odds.py (imported here so that `ad69.battle_odds` registers too).
"""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from . import battle_odds  # noqa: F401 (registers ad69.battle_odds)
from .battle_round import (
    DIE_ROLLING,
    KEYS,
    MAX_ROUNDS,
    PROCESS,
    RISK,
    SYSTEM,
    VICTORY,
    BattleInput,
    Outcome,
    Pair,
    Round,
    RoundOrders,
    Side,
    SideKey,
    State,
    Verdict,
    check_battle,
    fight_round,
    orders_for,
    pair,
    side_values,
    tactical_advantage,
)
from .losses import LOSSES, VETERANS, capped_loss, loss_outcome, side_losses

BATTLE_DICE = (
    "d6 a side for the tactical advantage if Military Skills are equal (again on a tie); then each "
    "round a d12 for side A, a d12 for side B, and a d6 for each commander who joined in person; "
    "after the battle a d6 for each fallen commander, and unless it is a 1 a d6 for his months wounded"
)


@dataclass(frozen=True)
class Battle:
    """A battle fought: the sides' values, who had the advantage, its rounds, the fallen's fates."""

    values: tuple[int, int]
    advantage: int
    rounds: tuple[Round, ...]
    fates: Pair[dict[str, Any] | None]  # each commander's fate, if he fell

    @property
    def last(self) -> Round:
        return self.rounds[-1]

    @property
    def ending(self) -> str:
        if self.last.outcome is Outcome.DEFEATED:
            return "defeated outright"
        return "withdrew after a push-back" if self.last.withdrew else "four rounds without a decision"


def fight_battle(case: BattleInput, dice: Dice, working: Working) -> Battle:
    """X. THE PROCESS OF BATTLE: values, the tactical advantage, then rounds until one side
    is defeated outright, a side that pushed its enemy back withdraws, or 4 rounds are
    fought; then the fallen dice for their wounds (RISK TO PLAYER CHARACTERS)."""
    check_battle(case.sides)
    values = side_values(case.sides, working)
    advantage = tactical_advantage(case.sides, dice, working)
    rounds = fight_rounds(case, values, advantage, dice, working)
    fallen = rounds[-1].after.fallen
    fates = pair(lambda i: commander_fate(case.sides[i], fallen[i], dice, working))
    return Battle(values, advantage, rounds, fates)


def fight_rounds(
    case: BattleInput, values: Pair[int], advantage: int, dice: Dice, working: Working
) -> tuple[Round, ...]:
    """X. THE PROCESS OF BATTLE, step 8: round after round, at most 4; rounds of inaction
    count towards the 4 ("Return to step 5")."""
    rounds: list[Round] = []
    state = State()
    for number in range(1, MAX_ROUNDS + 1):
        orders = orders_for(case.rounds, number, working)
        rounds.append(fight_round(case.sides, values, orders, advantage, number, state, dice, working))
        state = rounds[-1].after
        if rounds[-1].ends_battle:
            return tuple(rounds)
    working.step(f"{MAX_ROUNDS} rounds fought without a clear victory", PROCESS)
    return tuple(rounds)


def commander_fate(side: Side, fell: bool, dice: Dice, working: Working) -> dict[str, Any] | None:
    """X. RISK TO PLAYER CHARACTERS: "After the battle, dice again for the fallen. A 1 on 1d6
    means that the injuries were fatal. Otherwise the character is wounded and may not take
    an active role in battles for 1d6 months thereafter"."""
    if not fell:
        return None
    if working.roll(dice, 6, f"{side.name}'s wounds, after the battle") == 1:
        working.note(f"{side.name}'s injuries are fatal", RISK)
        return {"fate": "killed"}
    months = working.roll(dice, 6, f"the months {side.name} is wounded")
    working.note(f"{side.name} is wounded: no active role in battles for {months} months", RISK)
    return {"fate": "wounded", "months_wounded": months}


def victor(case: BattleInput, battle: Battle, working: Working) -> tuple[Verdict | None, str | None]:
    """X. DETERMINING VICTORY: an outright defeat decides; otherwise the umpires judge, on
    the factors shown, and the engine takes their verdict if the input carries it."""
    winner = battle.last.winner
    if battle.last.outcome is Outcome.DEFEATED and winner is not None:  # a defeat always has a winner
        if case.umpire_verdict is not None:
            working.note("The dice decided the battle: the umpires' verdict is not needed and is set aside", VICTORY)
        return (Verdict.A, Verdict.B)[winner], "dice"
    if case.umpire_verdict is None:
        working.note(
            "No clear victor: the umpires must judge, by relative casualties, tactical advantage and "
            "combat value; the losses follow their verdict",
            VICTORY,
        )
        return None, None
    working.choice(
        f"The umpires' verdict: {_verdict_text(case.sides, case.umpire_verdict)}", VICTORY, case.umpire_verdict.value
    )
    return case.umpire_verdict, "umpires"


def _verdict_said(sides: Pair[Side], verdict: Verdict | None, decided_by: str | None, ending: str) -> str:
    """The verdict as the umpire announces it, by the sides' names: "Flatulius Butus is the victor (ended:
    defeated outright; decided by the dice)"."""
    if verdict is None:
        return f"No clear victor (ended: {ending}): the umpires must judge"
    said = _verdict_text(sides, verdict)
    return f"{said[:1].upper()}{said[1:]} (ended: {ending}; decided by the {decided_by})"


def _verdict_text(sides: Pair[Side], verdict: Verdict) -> str:
    return "a draw" if verdict is Verdict.DRAW else f"{sides[KEYS.index(verdict.value)].name} is the victor"


def victory_factors(sides: Pair[Side], battle: Battle, working: Working) -> dict[str, Any]:
    """X. DETERMINING VICTORY: "1. Relative casualties 2. Tactical advantage 3. Combat value",
    with the casualties as the losses each side would suffer under each verdict."""
    casualties = {verdict.value: losses_if(sides, battle.values, verdict) for verdict in Verdict}
    for verdict, lost in casualties.items():
        working.step(
            f"Relative casualties, if {_verdict_text(sides, Verdict(verdict))}: "
            f"{sides[0].name} loses {lost['a']}, {sides[1].name} loses {lost['b']}",
            VICTORY,
        )
    working.step(f"Tactical advantage: {sides[battle.advantage].name}", VICTORY, KEYS[battle.advantage])
    working.step(f"Combat value: {sides[0].name} {battle.values[0]}, {sides[1].name} {battle.values[1]}", VICTORY)
    return {
        "relative_casualties": casualties,
        "tactical_advantage": KEYS[battle.advantage],
        "combat_values": dict(zip(KEYS, battle.values)),
    }


def losses_if(sides: Pair[Side], values: Pair[int], verdict: Verdict) -> dict[str, int]:
    """X. LOSSES: the units each side loses under `verdict`, capped, unsplit: {"a": n, "b": n}."""
    return {
        key: capped_loss(sides[i].forces, values[1 - i], won=verdict in (Verdict.DRAW, Verdict(key)))
        for i, key in enumerate(KEYS)
    }


def battle_losses(
    sides: Pair[Side], values: Pair[int], verdict: Verdict, working: Working, path: str = ""
) -> dict[str, dict[str, Any]]:
    """X. LOSSES, once the victor is known: each side's loss counted and split, and the
    victor's surviving units made veterans (IX. WARFARE)."""
    outcome: dict[str, dict[str, Any]] = {}
    for i, key in enumerate(KEYS):
        enemy = sides[1 - i]
        loss = side_losses(
            (sides[i].name, sides[i].forces, values[i]),
            (enemy.name, enemy.forces, values[1 - i]),
            won=verdict in (Verdict.DRAW, Verdict(key)),
            draw=verdict is Verdict.DRAW,
            placed=sides[i].placed_losses,
            working=working,
            path=f"{path}side_{key}.placed_losses",
            ruled=sides[i].ruled_units_lost,
        )
        veterans = verdict is Verdict(key)
        if veterans:
            working.note(f"{sides[i].name}'s surviving units fought and won: they are now veterans", VETERANS)
        outcome[key] = loss_outcome(sides[i].name, sides[i].forces, loss, veterans)
    return outcome


def commanders_outcome(battle: Battle) -> dict[str, dict[str, Any]]:
    """X. RISK TO PLAYER CHARACTERS: each commander's rounds in person, his fall, his fate."""
    outcome: dict[str, dict[str, Any]] = {}
    for i, key in enumerate(KEYS):
        joined = [r.number for r in battle.rounds if r.joined[i]]
        fell = next((r.number for r in battle.rounds if r.after.fallen[i]), None)
        fate = battle.fates[i] or {"fate": "unharmed" if joined else "did not fight in person"}
        outcome[key] = {"joined_rounds": joined, "fell_in_round": fell, **fate}
    return outcome


@procedure("ad69", "battle", title="Battle", source=SYSTEM, takes=BattleInput, dice=BATTLE_DICE)
def battle_procedure(case: BattleInput, dice: Dice) -> Result:
    """X. THE BATTLE SYSTEM: a whole battle, round by round, with its losses once the victor is known."""
    working = Working()
    battle = fight_battle(case, dice, working)
    factors = None if battle.last.outcome is Outcome.DEFEATED else victory_factors(case.sides, battle, working)
    verdict, decided_by = victor(case, battle, working)
    outcome = {
        "verdict": _verdict_said(case.sides, verdict, decided_by, battle.ending),
        "combat_values": dict(zip(KEYS, battle.values)),
        "tactical_advantage": KEYS[battle.advantage],
        "rounds": [r.as_dict() for r in battle.rounds],
        "ended": battle.ending,
        "victor": verdict.value if verdict else None,
        "decided_by": decided_by,
        "verdict_needed": verdict is None,
        "factors": factors,
        "commanders": commanders_outcome(battle),
        "losses": battle_losses(case.sides, battle.values, verdict, working) if verdict else None,
    }
    return Result.of("ad69.battle", outcome, working, dice)


@dataclass(frozen=True)
class RoundInput:
    side_a: Side = spec("Side A: its dice are asked for first")
    side_b: Side = spec("Side B")
    number: int = spec("Which round of the battle this is", min=1, max=MAX_ROUNDS, default=1)
    advantage: SideKey | None = spec(
        "Who has the tactical advantage; empty: settle it now, by Military Skill or by dice if equal", default=None
    )
    orders: RoundOrders = spec("This round's orders", default=RoundOrders())
    pushed_back: SideKey | None = spec("The side pushed back in the last round, if any (-2)", default=None)
    fallen: tuple[SideKey, ...] = spec(
        "The sides whose commander has already fallen in this battle", max_items=2, default=()
    )


@procedure(
    "ad69",
    "battle_round",
    title="Battle: one round",
    source=DIE_ROLLING,
    takes=RoundInput,
    dice="d6 a side first if the tactical advantage must be settled by dice; a d12 for side A, a d12 "
    "for side B, then a d6 for each commander who joined in person",
)
def battle_round_procedure(case: RoundInput, dice: Dice) -> Result:
    """X. BATTLE DIE ROLLING SYSTEM: one round, for the desk that runs a battle step by step."""
    working = Working()
    sides = (case.side_a, case.side_b)
    check_battle(sides)
    values = side_values(sides, working)
    advantage = KEYS.index(case.advantage.value) if case.advantage else tactical_advantage(sides, dice, working)
    state = State(
        None if case.pushed_back is None else KEYS.index(case.pushed_back.value),
        pair(lambda i: SideKey(KEYS[i]) in case.fallen),
    )
    fought = fight_round(sides, values, (case.orders.a, case.orders.b), advantage, case.number, state, dice, working)
    over = fought.ends_battle or case.number == MAX_ROUNDS
    outcome = {
        **fought.as_dict(),
        "combat_values": dict(zip(KEYS, values)),
        "tactical_advantage": KEYS[advantage],
        "battle_over": over,
        "verdict_needed": over and fought.outcome is not Outcome.DEFEATED,
    }
    return Result.of("ad69.battle_round", outcome, working, dice)


@dataclass(frozen=True)
class LossesInput:
    side_a: Side = spec("Side A, as it was when the battle began")
    side_b: Side = spec("Side B, as it was when the battle began")
    victor: Verdict = spec("The victor, by the dice or by the umpires' verdict, or a draw")
    fallen: tuple[SideKey, ...] = spec(
        "The sides whose commander fell in the battle: each dices for his wounds", max_items=2, default=()
    )


@procedure(
    "ad69",
    "battle_losses",
    title="Battle: losses and the fallen",
    source=LOSSES,
    takes=LossesInput,
    dice="a d6 for each fallen commander, and unless it is a 1 a d6 for his months wounded",
)
def battle_losses_procedure(case: LossesInput, dice: Dice) -> Result:
    """X. LOSSES: each side's losses from a known result, split among its forces and troop types."""
    working = Working()
    sides = (case.side_a, case.side_b)
    check_battle(sides)
    values = side_values(sides, working)
    fates = [commander_fate(side, SideKey(key) in case.fallen, dice, working) for side, key in zip(sides, KEYS)]
    outcome = {
        "combat_values": dict(zip(KEYS, values)),
        "victor": case.victor.value,
        "losses": battle_losses(sides, values, case.victor, working),
        "commanders": {key: fate for key, fate in zip(KEYS, fates) if fate},
    }
    return Result.of("ad69.battle_losses", outcome, working, dice)
