"""How long from a kill -9 of every process of the hall to the clock held for Control after the restart.

It starts the processes a live event runs (the console's server, a Celery worker, Celery beat, as `console.py run`
does, with the test harness of tests/hardening/hall.py) on a scratch PostgreSQL database with the AD69 world and a
Redis db of its own, starts the clock, then, each round: kills every process with SIGKILL, puts the running turn's
end where an outage longer than clockwork.MISSED_AFTER would have left it, starts them all again at once and times
until the clock is held. It prints each round's seconds and their median: a plain number, as there is no baseline
(before issue 29 the hall fast-forwarded instead of holding).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/clock_restart.py --rounds 3
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")

from tests.hardening.hall import (  # noqa: E402  (the harness reads Django's settings once they are named)
    Hall,
    Records,
    console_environment,
    dedicated_redis_db,
    manage,
    play_scene,
    scratch_database,
    wait_for,
)

HELD_TIMEOUT = 120  # seconds: a restart on a loaded two-core machine, then the first tick
BACK_TO_RUNNING = (
    "UPDATE umpire_gameclock SET state = 'running', ends_at = clock_timestamp() + interval '20 minutes', "
    "remaining = NULL, held_reason = '', held_at = NULL, stopped_at = NULL, scheduled_end = NULL"
)


def one_round(hall, records, missed_after):
    started = time.monotonic()
    hall.kill()
    records.set_turn_end(records.now() - missed_after - timedelta(seconds=1))
    hall.start()
    ready = time.monotonic()
    wait_for(lambda: records.clock()[1] == "held", timeout=HELD_TIMEOUT, what="the clock to hold")
    held = time.monotonic()
    return held - started, ready - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    import django

    django.setup()
    from umpire.clockwork import MISSED_AFTER

    with tempfile.TemporaryDirectory() as workdir, dedicated_redis_db(os.environ["REDIS_URL"]) as redis_url:
        with scratch_database(os.environ["DATABASE_URL"], prefix="bench_clock_restart") as database_url:
            env = console_environment(database_url, redis_url, Path(workdir))
            manage(env, "migrate", "--noinput", "-v", "0")
            manage(env, "seed_demo")
            play_scene(env, "open_the_game")
            records, hall = Records(database_url), Hall(env, workdir)
            try:
                hall.start()
                timings = []
                for number in range(1, rounds + 1):
                    held, ready = one_round(hall, records, MISSED_AFTER)
                    timings.append(held)
                    print(f"round {number}: held {held:.1f} s after the kill (processes ready after {ready:.1f} s)")
                    records.rows(BACK_TO_RUNNING + " RETURNING id")
                print(f"kill -9 to held clock: median {statistics.median(timings):.1f} s over {rounds} rounds")
            finally:
                hall.kill()
                records.close()


if __name__ == "__main__":
    main()
