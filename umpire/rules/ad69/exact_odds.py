"""Battle odds, exact: every roll of the dice counted with its chance, instead of battles fought.

The battle is the one battle_odds.py plans (each round's factors added up once), carried forward
round by round as a distribution over its state between rounds: who was pushed back, whose
commander has fallen, how many rounds were fought with dice. A round's two d12 count only through
their difference, so a state's round comes to five chances (side A defeats, A pushes back,
indecisive, B pushes back, B defeats), counted once for each lead of A's factors over B's among the
144 pairs; a commander who joined in person falls on a 1 in 6, and a fallen one dies of his wounds
on a 1 in 6 after the battle. Equal states merge, so a battle is a few dozen states however large
its forces, and every chance is a Fraction: exact, and summing to 1.
"""

from collections import defaultdict
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

from .battle_odds import (
    OUTRIGHT,
    UNDECIDED,
    WITHDREW,
    Plan,
    RoundPlan,
    TallyKey,
    losses_by_victor,
    odds_summary,
    plan_battle,
)
from .battle_round import JOINED, KEYS, MAX_ROUNDS, PUSHED_BACK, BattleInput, Outcome

D12_PAIRS = 144
D6 = 6
# the d12 pairs by A's die less B's: 12 ways to tie, 11 to differ by 1 either way, ... 1 to differ by 11
DIFFERENCES = {difference: 12 - abs(difference) for difference in range(-11, 12)}
# Every chance is counted in whole ways out of one number for every battle, and made a Fraction only at the
# end: each round counts its d12 pair and both commanders' d6 (a commander not at risk counts all 6 faces
# alike), after the battle both fallen's d6 again; the tactical advantage, when it is diced for, is even.
ROUND_WAYS = D12_PAIRS * D6 * D6
ALL_WAYS = 2 * ROUND_WAYS**MAX_ROUNDS * D6 * D6

# between rounds: (the side pushed back in the last round, A fallen, B fallen, rounds fought with dice)
State = tuple[int | None, bool, bool, int]
Ended = tuple[str, int | None, int, int, bool, bool]  # (ending, winner, round, fought, A fell, B fell)


@cache
def round_ways(lead: int, results: tuple[Outcome, ...]) -> tuple[tuple[Outcome, int | None, int], ...]:
    """X. BATTLE DIE ROLLING SYSTEM, every pair of d12: with side A's factors `lead` ahead of side B's,
    the ways to each (result, winner) of the 144; an indecisive round has no winner."""
    ways: dict[tuple[Outcome, int | None], int] = defaultdict(int)
    top = len(results) - 1
    for difference, count in DIFFERENCES.items():
        total = difference + lead
        result = results[min(abs(total), top)]
        ways[result, None if result is Outcome.INDECISIVE else (0 if total > 0 else 1)] += count
    return tuple((result, winner, count) for (result, winner), count in ways.items())


def exact_tally(plan: Plan) -> dict[TallyKey, Fraction]:
    """Every way the battle can end, as the simulation tallies it (battle_odds.tally_battles), with
    its exact chance: (ending, winner, advantage, round, d12 pairs, A fell, B fell, A killed, B killed)."""
    return {key: Fraction(ways, ALL_WAYS) for key, ways in tally_ways(plan).items()}


def tally_ways(plan: Plan) -> dict[TallyKey, int]:
    """exact_tally's chances as ways out of ALL_WAYS."""
    tally: dict[TallyKey, int] = defaultdict(int)
    for advantage, chance in advantage_ways(plan):
        for (ending, winner, number, fought, fell_a, fell_b), ways in battle_ways(plan, advantage).items():
            for killed_a, of_a in _fates(fell_a):
                for killed_b, of_b in _fates(fell_b):
                    key = (ending, winner, advantage, number, fought, fell_a, fell_b, killed_a, killed_b)
                    tally[key] += chance * ways * of_a * of_b
    return dict(tally)


def advantage_ways(plan: Plan) -> tuple[tuple[int, int], ...]:
    """X. THE PROCESS OF BATTLE, step 2: the better Military Skill holds it (both ways); if equal, a d6
    a side, again on a tie, favours neither (one way each)."""
    if plan.advantage is not None:
        return ((plan.advantage, 2),)
    return ((0, 1), (1, 1))


def battle_ways(plan: Plan, advantage: int) -> dict[Ended, int]:
    """X. THE PROCESS OF BATTLE, step 8: the rounds one after another, the states still fighting
    carried forward and merged, the ended ones set aside; what is left after 4 rounds is undecided.
    A battle ended early counts every face of the rounds it did not fight, so all end out of the same."""
    fighting: dict[State, int] = {(None, False, False, 0): 1}
    ended: dict[Ended, int] = defaultdict(int)
    for number, round_plan in enumerate(plan.rounds[advantage], 1):
        following: dict[State, int] = defaultdict(int)
        unfought = ROUND_WAYS ** (MAX_ROUNDS - number)
        for state, ways in fighting.items():
            for ending, after, count in round_outcomes(plan, round_plan, state):
                if ending is None:
                    following[after] += ways * count
                else:
                    ended[(ending[0], ending[1], number, after[3], after[1], after[2])] += ways * count * unfought
        fighting = following
    for (_, fell_a, fell_b, fought), ways in fighting.items():
        ended[(UNDECIDED, None, MAX_ROUNDS, fought, fell_a, fell_b)] += ways
    return dict(ended)


def round_outcomes(
    plan: Plan, round_plan: RoundPlan, state: State
) -> Iterator[tuple[tuple[str, int] | None, State, int]]:
    """One round from `state`, as battle_odds.fight_one fights it: each (ending and winner, or None
    if the battle goes on; the state after; its ways out of ROUND_WAYS)."""
    inaction, extra_a, extra_b, join_a, join_b, withdraw_a, withdraw_b = round_plan
    pushed, fallen_a, fallen_b, fought = state
    if inaction:
        yield None, (None, fallen_a, fallen_b, fought), ROUND_WAYS
        return
    joined_a, joined_b = join_a and not fallen_a, join_b and not fallen_b
    lead = _total(plan.base[0] + extra_a, joined_a, pushed == 0) - _total(plan.base[1] + extra_b, joined_b, pushed == 1)
    for result, winner, pairs in round_ways(lead, plan.results):
        for fell_a, of_a in _risk(joined_a, fallen_a):
            for fell_b, of_b in _risk(joined_b, fallen_b):
                ways = pairs * of_a * of_b
                if winner is None:  # indecisive: no one is pushed back
                    yield None, (None, fell_a, fell_b, fought + 1), ways
                elif result is Outcome.DEFEATED or (withdraw_a, withdraw_b)[winner]:
                    ending = OUTRIGHT if result is Outcome.DEFEATED else WITHDREW
                    yield (ending, winner), (None, fell_a, fell_b, fought + 1), ways
                else:
                    yield None, (1 - winner, fell_a, fell_b, fought + 1), ways


def _total(factors: int, joined: bool, pushed_back: bool) -> int:
    return factors + (JOINED if joined else 0) + (PUSHED_BACK if pushed_back else 0)


def _risk(joined: bool, fallen: bool) -> tuple[tuple[bool, int], ...]:
    """X. RISK TO PLAYER CHARACTERS: a commander in person falls on a 1 of 6; a fallen one stays fallen."""
    return ((True, 1), (False, D6 - 1)) if joined else ((fallen, D6),)


def _fates(fell: bool) -> tuple[tuple[bool, int], ...]:
    """After the battle, the fallen dice again: "A 1 on 1d6 means that the injuries were fatal"."""
    return ((True, 1), (False, D6 - 1)) if fell else ((False, D6),)


def exact_odds(case: BattleInput) -> dict[str, Any]:
    """The odds of `case`, exact: the simulation's keys (shares, tactical advantage, average rounds,
    commanders, losses) as floats, the same chances as exact fractions ("5/48") under "exact", and
    the round each battle ends in, the d12 pairs rolled and each side's expected losses."""
    plan = plan_battle(case)
    tally, all_ways = tally_ways(plan), Fraction(ALL_WAYS)  # ways / Fraction: a Fraction for each chance
    summary = odds_summary(case, plan, tally, all_ways)
    extra = {
        "ends_in_round": {
            str(n): sum(w for k, w in tally.items() if k[3] == n) / all_ways for n in range(1, MAX_ROUNDS + 1)
        },
        "average_d12_pairs": sum(k[4] * w for k, w in tally.items()) / all_ways,
        "expected_losses": expected_losses(case, plan, tally, all_ways),
    }
    exact = {**summary, **extra}
    del exact["losses_by_victor"]  # whole units, the same in both
    return {"method": "exact", **as_floats(summary), **as_floats(extra), "exact": as_fractions(exact)}


def expected_losses(
    case: BattleInput, plan: Plan, tally: dict[TallyKey, int], all_ways: Fraction
) -> dict[str, dict[str, Fraction]]:
    """X. LOSSES, on average over every ending: the dice's defeats count their victor's losses; a battle
    they leave undecided (4 rounds, or a withdrawal) counts as the umpires may judge it, at "least" if
    in the side's favour (or a draw, which counts as won) and at "most" if against it."""
    by_victor, by_dice = losses_by_victor(case, plan), _decided_by_dice(tally)
    expected: dict[str, dict[str, Fraction]] = {}
    for key in KEYS:
        won, lost = by_victor[key][key], by_victor[KEYS[1 - KEYS.index(key)]][key]
        decided = sum(ways * by_victor[KEYS[winner]][key] for winner, ways in by_dice)
        undecided = sum(tally.values()) - sum(ways for _, ways in by_dice)
        expected[key] = {
            "least": (decided + undecided * won) / all_ways,
            "most": (decided + undecided * lost) / all_ways,
        }
    return expected


def _decided_by_dice(tally: dict[TallyKey, int]) -> list[tuple[int, int]]:
    """(winner, ways) of each ending the dice decided: an outright defeat always has a winner."""
    return [(key[1], ways) for key, ways in tally.items() if key[0] == OUTRIGHT and key[1] is not None]


def as_floats(value: Any) -> Any:
    """Plain data for the outcome: each Fraction as the nearest float, the rest as it is."""
    if isinstance(value, dict):
        return {key: as_floats(item) for key, item in value.items()}
    return float(value) if isinstance(value, Fraction) else value


def as_fractions(value: Any) -> Any:
    """Plain data for the outcome: each Fraction as its text, "5/48" (or "1", "0"), the rest as it is."""
    if isinstance(value, dict):
        return {key: as_fractions(item) for key, item in value.items()}
    return str(value) if isinstance(value, Fraction) else value


def chance_said(chance: Fraction) -> str:
    """A chance as the umpire reads it out: "exactly 37.5%" where the percentage ends within two
    decimals, "5/48 (10.4%)" where the fraction is short, else "about 41.2%"."""
    percent = chance * 100
    if (percent * 100).denominator == 1:
        return f"exactly {_decimal(percent)}%"
    if chance.denominator < 100:
        return f"{chance.numerator}/{chance.denominator} ({float(percent):.1f}%)"
    return f"about {float(percent):.1f}%"


def _decimal(percent: Fraction) -> str:
    return f"{float(percent):.2f}".rstrip("0").rstrip(".")
