"""Battle odds: one situation fought many times with seeded dice, to show how it tends to fall.

The procedure `ad69.battle_odds` gives the exact odds, worked out in exact_odds.py from the plan
below; the simulation stays as their cross-check (the tests hold the two together) and as the
procedure's optional check. Not a rule of the handbook but a tool for the umpires: the same
rules as battle_round.py, worked out once before the loop (every factor that does not change in the battle is added
up in advance, each round's orders settled for either holder of the tactical advantage),
and no working written inside it, so that 10,000 battles take well under a second. The
dice are drawn in the very order the full engine asks for them, so a seed gives the same
battles here as `ad69.battle` run again and again on one SeededDice (a test holds this).
"""

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import Dice, SeededDice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .battle_round import (
    ADVANTAGE_DIE,
    BATTLE_RESULTS,
    JOINED,
    KEYS,
    MAX_ROUNDS,
    PUSHED_BACK,
    SYSTEM,
    BattleInput,
    Outcome,
    Pair,
    Side,
    SideOrders,
    Stance,
    check_battle,
    orders_for,
    pair,
    side_modifiers,
    stances,
)
from .forces import combat_value
from .losses import capped_loss

MAX_BATTLES = 100_000
DEFEATED, PUSHED, INDECISIVE = Outcome.DEFEATED, Outcome.PUSHED_BACK, Outcome.INDECISIVE
OUTRIGHT, WITHDREW, UNDECIDED = "defeated outright", "withdrew after a push-back", "four rounds without a decision"

Roll = Callable[[int, str], int]  # a die of so many sides, for a purpose: SeededDice.roll
RoundPlan = tuple[bool, int, int, bool, bool, bool, bool]  # see Plan
Fought = tuple[str, int | None, int, int, int, bool, bool]  # see fight_one
TallyKey = tuple[str, int | None, int, int, int, bool, bool, bool, bool]  # see tally_battles
Weight = int | Fraction  # a tally's count: battles fought, or an exact chance


@dataclass(frozen=True)
class OddsInput:
    battle: BattleInput = spec(
        "The situation: the two sides and their orders for each round (the owners' "
        "splits and any umpires' verdict are not used)"
    )
    battles: int = spec(
        "How many battles to fight with seeded dice beside the exact odds, as a check on them; 0: none",
        min=0,
        max=MAX_BATTLES,
        default=0,
    )
    # A fixed default, not the console's dice: the desk saves a run by running it again
    # from its input, and the simulated battles must come out the same.
    seed: int = spec(
        "Seed for the simulated battles' dice: the same situation and seed fight the same battles",
        min=0,
        max=2**32 - 1,
        default=1,
    )


@dataclass(frozen=True)
class Plan:
    """The battle worked out before the loop. `rounds[advantage]` holds, for each round,
    (inaction, factors A, factors B, A joins, B joins, A withdraws, B withdraws), the
    factors being those of the orders only; `results[d]` is the table's row for |d|."""

    values: tuple[int, int]
    advantage: int | None  # None: equal Military Skill, diced for in each battle
    base: tuple[int, int]  # the factors that hold all battle: Aquila, combat value, skill, forced march
    rounds: Pair[tuple[RoundPlan, ...]]
    results: tuple[Outcome, ...]


def plan_battle(case: BattleInput) -> Plan:
    """Add up what does not change, once: the sides' standing factors and each round's orders."""
    sides = case.sides
    check_battle(sides)
    values = pair(lambda i: sum(combat_value(force) for force in sides[i].forces))
    base = pair(lambda i: _factors(sides[i], values[i], SideOrders(), Stance.ATTACK))
    skills = [side.military_skill for side in sides]
    advantage = None if skills[0] == skills[1] else (0 if skills[0] > skills[1] else 1)
    rounds = pair(
        lambda advantage_holder: tuple(
            _plan_round(case, values, base, advantage_holder, number) for number in range(1, MAX_ROUNDS + 1)
        )
    )
    return Plan(values, advantage, base, rounds, _results_by_difference())


def _factors(side: Side, value: int, orders: SideOrders, stance: Stance) -> int:
    return sum(modifier for _, modifier in side_modifiers(side, value, orders, stance, False, False))


def _plan_round(case: BattleInput, values: Pair[int], base: Pair[int], advantage: int, number: int) -> RoundPlan:
    scratch = Working()  # the engine's own helpers write working; here nobody reads it
    orders = orders_for(case.rounds, number, scratch)
    stance = stances(case.sides, orders, advantage, number, scratch)
    if stance == (Stance.DEFEND, Stance.DEFEND):
        return (True, 0, 0, False, False, False, False)
    extra = pair(lambda i: _factors(case.sides[i], values[i], orders[i], stance[i]) - base[i])
    return (False, extra[0], extra[1], orders[0].joins, orders[1].joins, orders[0].withdraw, orders[1].withdraw)


def _results_by_difference() -> tuple[Outcome, ...]:
    """The results table as a list by |difference|, up to its open-ended top row."""
    top = max(band.low for band in BATTLE_RESULTS.bands if band.low is not None)
    assert BATTLE_RESULTS.row(top).high is None, "the top row must hold every larger difference"
    return tuple(BATTLE_RESULTS.row(difference).result for difference in range(top + 1))


def fight_one(plan: Plan, roll: Roll) -> Fought:
    """One battle, lean: (ending, winner, advantage, rounds, d12 pairs, A fell, B fell)."""
    advantage = plan.advantage if plan.advantage is not None else _advantage_by_dice(roll)
    base_a, base_b = plan.base
    results, top = plan.results, len(plan.results) - 1
    pushed: int | None = None
    fallen_a, fallen_b, fought = False, False, 0
    for number, (inaction, extra_a, extra_b, join_a, join_b, withdraw_a, withdraw_b) in enumerate(
        plan.rounds[advantage], 1
    ):
        if inaction:
            pushed = None
            continue
        fought += 1
        joined_a, joined_b = join_a and not fallen_a, join_b and not fallen_b
        total_a = roll(12, "A") + base_a + extra_a + (JOINED if joined_a else 0) + (PUSHED_BACK if pushed == 0 else 0)
        total_b = roll(12, "B") + base_b + extra_b + (JOINED if joined_b else 0) + (PUSHED_BACK if pushed == 1 else 0)
        fallen_a = fallen_a or (joined_a and roll(6, "risk A") == 1)
        fallen_b = fallen_b or (joined_b and roll(6, "risk B") == 1)
        difference = total_a - total_b
        result = results[min(abs(difference), top)]
        pushed = None
        if result is not INDECISIVE:
            winner = 0 if difference > 0 else 1
            if result is DEFEATED or (withdraw_a, withdraw_b)[winner]:
                ending = OUTRIGHT if result is DEFEATED else WITHDREW
                return ending, winner, advantage, number, fought, fallen_a, fallen_b
            pushed = 1 - winner
    return UNDECIDED, None, advantage, MAX_ROUNDS, fought, fallen_a, fallen_b


def _advantage_by_dice(roll: Roll) -> int:
    while True:
        a, b = roll(ADVANTAGE_DIE, "advantage A"), roll(ADVANTAGE_DIE, "advantage B")
        if a != b:
            return 0 if a > b else 1


def _fate(fell: bool, roll: Roll) -> bool:
    """The fallen's dice after the battle, as the engine asks them: killed on a 1, else months."""
    if not fell:
        return False
    if roll(6, "wounds") == 1:
        return True
    roll(6, "months")
    return False


def simulate_battles(case: BattleInput, n: int, seed: int) -> dict[str, Any]:
    """Fight `case` n times on SeededDice(seed) and report how the battles fall."""
    plan = plan_battle(case)
    return odds_outcome(case, plan, tally_battles(case, n, seed, plan), n, seed)


def tally_battles(case: BattleInput, n: int, seed: int, plan: Plan | None = None) -> Counter[TallyKey]:
    """Count the battles by (ending, winner, advantage, rounds, d12 pairs, A fell, B fell,
    A killed, B killed): a Counter, fought on one SeededDice(seed) one after another."""
    plan, dice, tally = plan or plan_battle(case), SeededDice(seed), Counter[TallyKey]()
    roll, rolls = dice.roll, dice.rolls
    for _ in range(n):
        ending, winner, advantage, rounds, fought, fell_a, fell_b = fight_one(plan, roll)
        killed = (_fate(fell_a, roll), _fate(fell_b, roll))
        tally[ending, winner, advantage, rounds, fought, fell_a, fell_b, *killed] += 1
        rolls.clear()  # the record of each die is for a single battle's working; here it would only grow
    return tally


def odds_outcome(case: BattleInput, plan: Plan, tally: Counter[TallyKey], n: int, seed: int) -> dict[str, Any]:
    """The tally as plain data: shares of each ending, the commanders' risk, the losses."""
    return {
        "battles": n,
        "seed": seed,
        **odds_summary(case, plan, tally, n),
        "d12_pairs": sum(k[4] * c for k, c in tally.items()),
    }


def odds_summary(case: BattleInput, plan: Plan, tally: Mapping[TallyKey, Weight], total: Weight) -> dict[str, Any]:
    """What a tally of battles says, as shares of `total`: battles counted (floats come out) or the
    exact odds' chances, Fractions summing to 1 (Fractions come out)."""

    def share(test: Callable[..., object]) -> Any:
        return sum((count for key, count in tally.items() if test(*key)), 0) / total

    endings = {
        f"{KEYS[w]}_{name}": share(lambda e, win, *_, ending=ending, w=w: e == ending and win == w)
        for ending, name in ((OUTRIGHT, "wins_outright"), (WITHDREW, "pushes_back_and_withdraws"))
        for w in (0, 1)
    }
    endings["undecided_after_4_rounds"] = share(lambda e, *_: e == UNDECIDED)
    return {
        "shares": endings,
        "tactical_advantage": {key: share(lambda *k, i=i: k[2] == i) for i, key in enumerate(KEYS)},
        "average_rounds": sum((k[3] * c for k, c in tally.items()), 0) / total,
        "commanders": {
            key: {"fell": share(lambda *k, i=i: k[5 + i]), "killed": share(lambda *k, i=i: k[7 + i])}
            for i, key in enumerate(KEYS)
        },
        "losses_by_victor": losses_by_victor(case, plan),
        "average_losses_when_decided_outright": _average_outright_losses(case, plan, tally, total),
    }


def losses_by_victor(case: BattleInput, plan: Plan) -> dict[str, dict[str, int]]:
    """The units each side loses for each victor: fixed by the values, whatever the dice."""
    verdicts = {"a": (True, False), "b": (False, True), "draw": (True, True)}
    return {
        verdict: {key: capped_loss(case.sides[i].forces, plan.values[1 - i], won=won[i]) for i, key in enumerate(KEYS)}
        for verdict, won in verdicts.items()
    }


def _average_outright_losses(
    case: BattleInput, plan: Plan, tally: Mapping[TallyKey, Weight], total: Weight
) -> dict[str, Any] | None:
    """Each side's losses on average over the battles the dice decided (a defeat has a winner), as
    shares of `total`, so that exact ways come out as a Fraction and battles counted as a float."""
    by_victor = losses_by_victor(case, plan)
    decided = [(KEYS[k[1]], c) for k, c in tally.items() if k[0] == OUTRIGHT and k[1] is not None]
    share = sum(c for _, c in decided) / total
    if not share:
        return None
    return {key: sum(by_victor[victor][key] * c for victor, c in decided) / total / share for key in KEYS}


@procedure(
    "ad69",
    "battle_odds",
    title="Battle: the odds of a situation",
    source=SYSTEM,
    takes=OddsInput,
    dice="none: every roll is counted with its chance; simulated battles, if asked for, roll from the input's seed",
)
def battle_odds_procedure(case: OddsInput, dice: Dice) -> Result:
    """X. THE BATTLE SYSTEM, every roll of the dice counted: the exact chance of each way a situation
    can end, and, if asked for, that many battles fought with seeded dice beside it as a check."""
    from .exact_odds import chance_said, exact_odds  # here, not above: exact_odds builds on this module's plan

    outcome = exact_odds(case.battle)
    working = Working()
    working.step("Every roll of the dice counted with its chance: the odds are exact", SYSTEM)
    for name, chance in outcome["exact"]["shares"].items():
        working.step(f"{name.replace('_', ' ')}: {chance_said(Fraction(chance))}", SYSTEM, chance)
    if case.battles:
        outcome["simulated"] = simulate_battles(case.battle, case.battles, case.seed)
        working.step(f"{case.battles} battles also fought with seeded dice (seed {case.seed})", SYSTEM, case.battles)
    return Result.of("ad69.battle_odds", outcome, working, dice)
