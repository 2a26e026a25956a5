"""Battle odds: how fast `simulate_battles` fights combat example 1's situation.

Times 10,000 and 100,000 simulated battles of the handbook's Example 1 (Bigius Diccus's
Legion XLV against Flatulius Butus's Legion XLVI, 5 legionaries and 5 auxiliaries each,
Bigius attacking) and prints battles per second and the time against the target of
10,000 battles in under a second. Beside it, a bare loop draws as many d12 pairs with
random.randint as the engine rolled: the floor, so engine/bare is what the rules add to
the dice. Each figure is the best of three runs. It prints and asserts nothing:

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
from umpire.rules.ad69.forces import Force, Troops, TroopType  # noqa: E402

TARGET_SECONDS = 1.0  # for 10,000 battles
TARGET_BATTLES = 10_000


def legion(name):
    return Force(name, (Troops(TroopType.LEGIONARY, 5), Troops(TroopType.AUXILIARY, 5)), aquila=True)


EXAMPLE_1 = BattleInput(
    side_a=Side("Bigius Diccus", (legion("Legion XLV"),), military_skill=1),
    side_b=Side("Flatulius Butus", (legion("Legion XLVI"),)),
    rounds=(RoundOrders(SideOrders(Stance.ATTACK), SideOrders(Stance.DEFEND)),),
)


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


def measure(battles, repeat):
    engine_time, outcome = best_of(repeat, lambda: simulate_battles(EXAMPLE_1, battles, seed=69))
    pairs = outcome["d12_pairs"]
    bare_time, _ = best_of(repeat, lambda: bare_d12_pairs(pairs, 69))
    return engine_time, bare_time, pairs, outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", default="10000,100000", help="comma-separated battle counts")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept")
    args = parser.parse_args()
    print(
        f"battle odds: combat example 1, Python {platform.python_version()} on {platform.machine()}, "
        f"best of {args.repeat}"
    )
    print(
        f"{'battles':>8} {'d12 pairs':>10} {'engine s':>9} {'battles/s':>10} {'vs target':>10} "
        f"{'bare s':>8} {'engine/bare':>11}"
    )
    for battles in [int(n) for n in args.battles.split(",")]:
        engine, bare, pairs, outcome = measure(battles, args.repeat)
        budget = TARGET_SECONDS * battles / TARGET_BATTLES  # the target's rate, scaled to this many battles
        print(
            f"{battles:>8} {pairs:>10} {engine:>9.3f} {battles / engine:>10,.0f} {engine / budget:>9.1%} "
            f"{bare:>8.3f} {engine / bare:>10.1f}x"
        )
    shares = ", ".join(f"{name} {share:.1%}" for name, share in outcome["shares"].items())
    print(f"outcomes ({battles} battles): {shares}; average rounds {outcome['average_rounds']:.2f}")
    print(
        f"'vs target' is the time taken as a share of the time allowed ({TARGET_SECONDS:.0f} s per "
        f"{TARGET_BATTLES:,} battles): under 100% meets it"
    )


if __name__ == "__main__":
    main()
