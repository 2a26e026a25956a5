"""Battle odds: the exact odds (`exact_odds`) against the simulation they replaced and the bare dice.

For the handbook's Example 1 (Bigius Diccus's Legion XLV against Flatulius Butus's Legion XLVI,
5 legionaries and 5 auxiliaries each, Bigius attacking) and Example 3 (Bigius defending in person,
ordered to withdraw after a push-back, against two legions outflanking him): the time of the
exact odds, every roll counted (`ad69.battle_odds` now), beside 10,000 and 100,000 battles
simulated with seeded dice (`simulate_battles`, what the procedure ran before), and beside a bare
loop drawing as many d12 pairs as those battles rolled with random.randint: the floor of any
simulation. It prints each time and the ratios exact/bare, simulated/bare and
simulated/exact, and how far the 100,000 battles' shares fall from the exact ones. Each figure
is the best of `--repeat` runs; the exact odds are timed over 100 computations a run. It prints
and asserts nothing:

    .venv/bin/python bench/battle_odds.py [--battles 10000,100000] [--repeat 3]
"""

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from umpire.rules.ad69.battle_odds import simulate_battles  # noqa: E402
from umpire.rules.ad69.battle_round import BattleInput, RoundOrders, Side, SideOrders, Stance  # noqa: E402
from umpire.rules.ad69.exact_odds import exact_odds  # noqa: E402
from umpire.rules.ad69.forces import Force, Troops, TroopType  # noqa: E402

EXACT_RUNS = 100  # exact computations timed together: one takes about a millisecond


def legion(name, legionaries=5, auxiliaries=5, veteran=False):
    troops = (Troops(TroopType.LEGIONARY, legionaries, veteran), Troops(TroopType.AUXILIARY, auxiliaries, veteran))
    return Force(name, troops, aquila=True)


SITUATIONS = {
    "example 1": BattleInput(
        side_a=Side("Bigius Diccus", (legion("Legion XLV"),), military_skill=1),
        side_b=Side("Flatulius Butus", (legion("Legion XLVI"),)),
        rounds=(RoundOrders(SideOrders(Stance.ATTACK), SideOrders(Stance.DEFEND)),),
    ),
    "example 3": BattleInput(
        side_a=Side("Bigius Diccus", (legion("Legion XLV", 4, 3, veteran=True),), military_skill=1),
        side_b=Side("Flatulius Butus", (legion("Legion LX"), legion("Legion LXI"))),
        rounds=(
            RoundOrders(
                SideOrders(Stance.DEFEND, joins=True, withdraw=True), SideOrders(Stance.ATTACK, outflanking=True)
            ),
        ),
    ),
}


def best_of(repeat, run):
    """The fastest of `repeat` runs, and the last run's result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def bare_d12_pairs(pairs, seed):
    """The floor: only the dice, two d12 at a time, and their difference."""
    rng = random.Random(seed)
    randint = rng.randint
    for _ in range(pairs):
        randint(1, 12) - randint(1, 12)


def exact_time(case, repeat):
    """One exact computation's time, the best of `repeat` runs of EXACT_RUNS, and its outcome."""
    total, outcome = best_of(repeat, lambda: [exact_odds(case) for _ in range(EXACT_RUNS)][-1])
    return total / EXACT_RUNS, outcome


def measure(name, case, counts, repeat):
    exact, outcome = exact_time(case, repeat)
    print(f"\n{name}: exact odds {exact * 1000:.2f} ms")
    print(
        f"{'battles':>8} {'d12 pairs':>10} {'simulated s':>12} {'bare s':>8} {'sim/bare':>9} {'exact/bare':>11} {'sim/exact':>10}"
    )
    for n in counts:
        spent, simulated = best_of(repeat, lambda n=n: simulate_battles(case, n, seed=69))
        pairs = simulated["d12_pairs"]
        bare, _ = best_of(repeat, lambda pairs=pairs: bare_d12_pairs(pairs, 69))
        print(
            f"{n:>8,} {pairs:>10,} {spent:>12.3f} {bare:>8.3f} {spent / bare:>9.2f} {exact / bare:>11.4f} "
            f"{spent / exact:>10,.0f}"
        )
    report_agreement(outcome, simulated, counts[-1])


def report_agreement(outcome, simulated, n):
    """Each ending's exact share beside the simulated one: how near a simulation of n battles comes."""
    gaps = [abs(simulated["shares"][k] - share) for k, share in outcome["shares"].items()]
    shares = ", ".join(f"{k} {share:.2%}" for k, share in outcome["shares"].items())
    print(f"exact: {shares}; average rounds {outcome['average_rounds']:.3f}")
    print(f"{n:,} simulated battles: largest gap from the exact shares {max(gaps):.3%}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", default="10000,100000", help="comma-separated simulated battle counts")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    args = parser.parse_args()
    counts = [int(n) for n in args.battles.split(",")]
    print(f"battle odds, Python {platform.python_version()} on {platform.machine()}, best of {args.repeat}")
    for name, case in SITUATIONS.items():
        measure(name, case, counts, args.repeat)
    print(
        "\nbare: only the d12 pairs those battles rolled; sim/bare: what the rules add to the dice; exact/bare: "
        "the exact odds against rolling that many battles' dice alone; sim/exact: how many times faster they are"
    )


if __name__ == "__main__":
    main()
