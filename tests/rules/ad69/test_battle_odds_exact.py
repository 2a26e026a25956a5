"""ad69.battle_odds, exact: every roll of the dice counted (umpire/rules/ad69/exact_odds.py).

The handbook's Combat Example 1 is the first vector, checked against a chain worked by hand from the
results table; the simulation that the procedure used to run stays as the cross-check, 100,000 seeded
battles of each combat example agreeing with the exact chances within a stated tolerance.
"""

import math
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given

from tests.rules.ad69.test_battle import EXAMPLE_1, EXAMPLE_2, EXAMPLE_3, legion, orders
from tests.rules.ad69.test_battle_properties import battles
from umpire.rules.ad69.battle_odds import KEYS, OddsInput, plan_battle, tally_battles
from umpire.rules.ad69.battle_round import BattleInput, RoundOrders
from umpire.rules.ad69.exact_odds import chance_said, exact_odds, exact_tally
from umpire.rules.dice import EnteredDice
from umpire.rules.registry import run_procedure
from umpire.rules.schema import parse

ENDINGS = (
    "a_wins_outright",
    "b_wins_outright",
    "a_pushes_back_and_withdraws",
    "b_pushes_back_and_withdraws",
    "undecided_after_4_rounds",
)


def situation(example):
    """A combat example's sides and orders, without the owners' splits and the umpires' verdict."""
    return {
        "side_a": {k: v for k, v in example["side_a"].items() if k != "placed_losses"},
        "side_b": {k: v for k, v in example["side_b"].items() if k != "placed_losses"},
        "rounds": example["rounds"],
    }


def case_of(example):
    return parse(OddsInput, {"battle": situation(example)}).battle


def odds(example, **more):
    return run_procedure("ad69.battle_odds", {"battle": situation(example), **more}, EnteredDice([]))


def exactly(outcome, *path):
    value = outcome["exact"]
    for key in path:
        value = value[key]
    return Fraction(value)


def by_hand(lead):
    """Example 1's battle worked by hand from X. BATTLE DIE ROLLING SYSTEM, independent of the engine: A's
    factors `lead` ahead of B's, no commander in person, no withdrawal, four rounds; the pushed-back side
    -2 in the next round. Returns the chances (A defeats B, B defeats A, undecided) and of ending in round 1."""
    pairs = {difference: Fraction(12 - abs(difference), 144) for difference in range(-11, 12)}
    pushed, a_wins, b_wins, first = {None: Fraction(1)}, Fraction(0), Fraction(0), None
    for _ in range(4):
        following = defaultdict(Fraction)
        for side, chance in pushed.items():
            shift = lead - 2 * (side == "a") + 2 * (side == "b")
            for difference, p in pairs.items():
                score = difference + shift
                if score >= 7:
                    a_wins += chance * p
                elif score <= -7:
                    b_wins += chance * p
                else:  # +4/+6 pushes the other side back; +3 or less is indecisive
                    following["b" if score >= 4 else "a" if score <= -4 else None] += chance * p
        pushed = following
        first = a_wins + b_wins if first is None else first
    return a_wins, b_wins, sum(pushed.values()), first


def test_combat_example_1_exact_odds_as_worked_by_hand():
    """Example 1: Bigius 1 (skill) + 5 (Aquila) + 5 (combat value 50) attacking, Flatulius 5 + 5 + 1
    (defending): level, so either side is as likely to win. Round 1 ends the battle when the d12 differ
    by 7 or more, 2 × (5+4+3+2+1) = 30 of the 144 pairs: 5/24. No one withdraws or joins in person."""
    outcome = odds(EXAMPLE_1).outcome
    a_wins, b_wins, undecided, first = by_hand(lead=0)
    assert exactly(outcome, "shares", "a_wins_outright") == a_wins == Fraction(1858385, 5971968)
    assert exactly(outcome, "shares", "b_wins_outright") == b_wins == a_wins
    assert exactly(outcome, "shares", "undecided_after_4_rounds") == undecided == Fraction(1127599, 2985984)
    assert exactly(outcome, "ends_in_round", "1") == first == Fraction(5, 24)
    assert outcome["shares"] == {name: float(exactly(outcome, "shares", name)) for name in ENDINGS}
    assert outcome["shares"]["a_pushes_back_and_withdraws"] == outcome["shares"]["b_pushes_back_and_withdraws"] == 0
    assert outcome["tactical_advantage"] == {"a": 1.0, "b": 0.0}
    assert outcome["commanders"] == {key: {"fell": 0.0, "killed": 0.0} for key in KEYS}
    assert outcome["losses_by_victor"] == {"a": {"a": 2, "b": 5}, "b": {"a": 5, "b": 2}, "draw": {"a": 2, "b": 2}}
    # decided outright, each side is as likely the victor: (2 + 5) / 2 units each
    assert outcome["exact"]["average_losses_when_decided_outright"] == {"a": "7/2", "b": "7/2"}
    # the undecided battles counted at 2 (judged a win or a draw) or at 5 (judged lost)
    assert exactly(outcome, "expected_losses", "a", "least") == a_wins * 7 + undecided * 2
    assert exactly(outcome, "expected_losses", "a", "most") == a_wins * 7 + undecided * 5
    assert exactly(outcome, "average_d12_pairs") == exactly(outcome, "average_rounds")  # no round of inaction
    assert outcome["method"] == "exact" and "simulated" not in outcome


def test_combat_example_1_working_reads_the_odds_out():
    result = odds(EXAMPLE_1)
    assert [(line.text, line.value) for line in result.working] == [
        ("Every roll of the dice counted with its chance: the odds are exact", None),
        ("a wins outright: about 31.1%", "1858385/5971968"),
        ("b wins outright: about 31.1%", "1858385/5971968"),
        ("a pushes back and withdraws: exactly 0%", "0"),
        ("b pushes back and withdraws: exactly 0%", "0"),
        ("undecided after 4 rounds: about 37.8%", "1127599/2985984"),
    ]
    assert result.dice == ()


def tolerance(p, n):
    """Five standard errors of a share of n battles: a share of n independent battles has standard error
    sqrt(p(1-p)/n) (at most 0.0016 at n = 100,000); a gap of five happens by chance about once in
    1.7 million comparisons, so a failure here is a fault, not the dice, and a real fault (one round,
    one factor, one die misplaced) moves a share by far more."""
    return 5 * math.sqrt(float(p * (1 - p)) / n) + 1e-9


@pytest.mark.parametrize("example", [EXAMPLE_1, EXAMPLE_2, EXAMPLE_3], ids=["example_1", "example_2", "example_3"])
def test_100000_seeded_battles_agree_with_the_exact_odds(example):
    """The cross-check: Example 2 has a commander joining in person (risk, wounds) and Military Skill
    5 against 1; Example 3 a withdrawal, outflanking and a commander in person on the defending side."""
    n = 100_000
    case = case_of(example)
    plan = plan_battle(case)
    simulated = tally_battles(case, n, seed=69, plan=plan)
    exact = exact_tally(plan)
    assert sum(exact.values()) == 1
    assert set(simulated) <= set(exact)  # no battle fought is one the enumeration says cannot happen
    for key, chance in exact.items():
        assert abs(simulated[key] / n - chance) <= tolerance(chance, n), key
    outcome = exact_odds(case)
    mean_rounds = sum(k[3] * c for k, c in simulated.items()) / n
    # rounds lie in 1..4: a standard deviation of at most 1.5
    assert abs(mean_rounds - outcome["average_rounds"]) <= 5 * 1.5 / math.sqrt(n)


def test_a_commander_in_person_falls_one_round_in_six_and_dies_of_it_one_time_in_six():
    """Example 2: Euphoric joins in rounds 3 and 4 only; he is at risk in each of them the battle reaches."""
    outcome = odds(EXAMPLE_2).outcome
    reached = sum(exactly(outcome, "ends_in_round", str(n)) for n in (3, 4))
    fell = exactly(outcome, "commanders", "a", "fell")
    assert reached * Fraction(1, 6) < fell < reached * Fraction(11, 36)  # one round in person, or two
    assert exactly(outcome, "commanders", "a", "killed") == fell / 6
    assert exactly(outcome, "commanders", "b", "fell") == 0


def test_an_overwhelming_side_wins_outright_in_round_1_exactly():
    """A lead of 19 beats any pair of d12 by 7 or more (the worst is 1 against 12, 19 - 11 = 8)."""
    case = {
        "side_a": {"name": "Otho", "military_skill": 5, "forces": [legion("Legion I", 50, 50)]},
        "side_b": {"name": "Vitellius", "forces": [legion("Legion II", 1, 0)]},
        "rounds": [{"a": orders("attack"), "b": orders("defend")}],
    }
    outcome = odds(case).outcome
    assert outcome["exact"]["shares"]["a_wins_outright"] == "1"
    assert outcome["exact"]["ends_in_round"] == {"1": "1", "2": "0", "3": "0", "4": "0"}
    assert outcome["exact"]["average_d12_pairs"] == "1"


def test_when_both_sides_always_defend_no_die_is_rolled_and_nothing_is_decided():
    """X. THE PROCESS OF BATTLE, steps 5 and 6: both defending, each round passes in inaction."""
    case = {**situation(EXAMPLE_1), "rounds": [{"a": orders("defend"), "b": orders("defend")}]}
    outcome = odds(case).outcome
    assert outcome["exact"]["shares"]["undecided_after_4_rounds"] == "1"
    assert outcome["exact"]["average_d12_pairs"] == "0" and outcome["exact"]["average_rounds"] == "4"
    assert outcome["average_losses_when_decided_outright"] is None


def test_equal_military_skill_gives_either_side_the_advantage_half_the_time():
    case = {**situation(EXAMPLE_1), "side_a": {**situation(EXAMPLE_1)["side_a"], "military_skill": 0}}
    assert odds(case).outcome["exact"]["tactical_advantage"] == {"a": "1/2", "b": "1/2"}


def test_a_saved_run_asking_for_simulated_battles_gets_them_beside_the_exact_odds():
    """Runs saved before the odds were exact asked for `battles` and a `seed`: they still run, the same
    battles fought again from the seed, now beside the exact odds."""
    result = odds(EXAMPLE_1, battles=2000, seed=69)
    simulated = result.outcome["simulated"]
    assert (simulated["battles"], simulated["seed"]) == (2000, 69)
    assert simulated == odds(EXAMPLE_1, battles=2000, seed=69).outcome["simulated"]
    assert result.working[-1].text == "2000 battles also fought with seeded dice (seed 69)"


@given(battles)
def test_the_chances_sum_to_exactly_1_and_mirror_when_the_sides_swap(case):
    """Whatever the sides and orders: every ending counted once, and which side is called A changes
    nothing but the names (side A's dice are asked for first, which is no advantage)."""
    forward = exact_odds(case)["exact"]
    mirrored = BattleInput(case.side_b, case.side_a, tuple(RoundOrders(r.b, r.a) for r in case.rounds))
    backward = exact_odds(mirrored)["exact"]
    assert sum(Fraction(share) for share in forward["shares"].values()) == 1
    for name in ("wins_outright", "pushes_back_and_withdraws"):
        assert forward["shares"][f"a_{name}"] == backward["shares"][f"b_{name}"]
    assert forward["commanders"]["a"] == backward["commanders"]["b"]
    assert forward["expected_losses"]["a"] == backward["expected_losses"]["b"]


@given(battles)
def test_every_battle_the_simulation_fights_is_one_the_enumeration_counts(case):
    plan = plan_battle(case)
    assert set(tally_battles(case, 200, seed=1, plan=plan)) <= set(exact_tally(plan))


@pytest.mark.parametrize(
    "chance, words",
    [
        (Fraction(3, 8), "exactly 37.5%"),
        (Fraction(1), "exactly 100%"),
        (Fraction(0), "exactly 0%"),
        (Fraction(1, 400), "exactly 0.25%"),
        (Fraction(5, 48), "5/48 (10.4%)"),
        (Fraction(1, 3), "1/3 (33.3%)"),
        (Fraction(1858385, 5971968), "about 31.1%"),
    ],
)
def test_a_chance_is_read_out_exactly_where_it_is_short(chance, words):
    assert chance_said(chance) == words
