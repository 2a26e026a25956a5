"""Hall load: a busy hall's browsers on the console for ten turns, with one ASGI worker and with two.

Builds the hall once in a template database (bench/hall_world.py: the AD69 world with its demo
forces and umpires from `seed_demo`, more umpires seated, 300 players with mailbox codes and
fortunes, fresh legions for the battles), then for each configuration copies it to a scratch
database and starts the processes a live event runs (console.py's run()): the ASGI server, one or two (on
two ports, the browsers split between them, both on the Redis channel layer), one Celery worker
and Celery beat, on a dedicated Redis db flushed afterwards.

The browsers (bench/browsers.py) live in this process. Each umpire signs in over HTTP, keeps his
desk open with its live socket (a table's console, tray or books; Control's clock desk or hall;
the Senate's), reloads it when an event it names arrives, as live.js does, and opens his other
pages now and then. Each player keeps his mailbox page open with its socket and looks again now
and then; three projectors show the clock. Letters are posted, money is transferred and battles
are fought (opened, rounds rolled by the console, losses proposed, confirmed, published) through
the pages' own forms, with the CSRF token, at the rates named below.

The console's turns are whole minutes (Event.turn_minutes). The bench's stand-in for a 30-second
turn: at each turn's start the harness sets the clock row's ends_at straight in the scratch
database, 30 s after the turn began (when the last one was due to end, as the clock itself counts
its turns; the first: when the clock started), and leaves Celery beat's advance_due to end it. Clock fan-out runs from
that advance (TurnEnd.at) to each live socket's receipt of its clock.changed message, and is also
given from the moment the message was sent (its "now").

The console reaches PostgreSQL through its Unix socket, as README's big event does with PostgreSQL on the
console's machine; `--postgres-over tcp` over loopback TCP instead, as a PostgreSQL elsewhere on the LAN is reached
(bench/README.md, "A sixteenth round": through the socket PostgreSQL's pages were 0.91 and 1.03 times SQLite's at
the median in two runs, over TCP 1.02).

Before the hall fills, ten Control umpires at once open the table console, the hall overview and
(signed out) the login page, in rounds, on the quiet server: each page's p50 as a ratio to the
login page's, from the same server in the same run (issue 34's target: at most 4 times).

`--databases postgres,sqlite` runs the same load on SQLite as well (issue 34: PostgreSQL pages no
slower than SQLite's), each database in a process of its own (Django reads its database once) on a
hall built in its own template: a SQLite file, copied for the configuration as PostgreSQL's
template is. The databases run one after the other, and this machine's speed drifts from one quarter of an
hour to the next (SQLite's own pages p50 went from 20 to 17 ms in three runs of one morning), always in the
second database's favour or against it: `--databases postgres,sqlite,sqlite,postgres` runs each twice, in an
order in which a steady drift falls on both alike, and the ratios pool each database's runs. The channel layer, the Celery worker and beat stay on Redis, as they can for a SQLite
event. SQLite runs one ASGI worker whatever `--workers` asks: the console runs several workers only
on PostgreSQL (README's "Two ways to run"), and Django opens SQLite's transactions deferred, so
when two connections that have both read then both write, SQLite refuses one at once with
"database is locked" (its busy timeout does not wait out that deadlock). One worker already has
several connections at once (its pages' threads, the Celery worker's processes), and at full size
it locks: 56 actions answered 500, beside 367 taken, on the first run (2026-12-06); a second worker would
only add connections to meet that way. The SQLite column's errors are part of its figures: a
locked action is timed as it answered.

It prints the configurations side by side (pages and actions p50 and p99, clock fan-out,
requests, refusals, errors of every kind, the database's size); when both databases ran one
worker, PostgreSQL's pages and actions p50 and p99 as ratios of SQLite's; then the ten-at-once
ratios, what failed, word for word, and every error the servers logged with its first traceback. It
asserts nothing:

    .venv/bin/python bench/hall_load.py                        # 300 players, 30 umpires, 10 turns
    .venv/bin/python bench/hall_load.py --players 30 --umpires 5 --turns 2 --workers 1
    .venv/bin/python bench/hall_load.py --databases postgres,sqlite --workers 1
"""

import argparse
import asyncio
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.browsers import Browser, Forms, Tally  # noqa: E402
from bench.hall_report import (  # noqa: E402
    DATABASES,
    Result,
    number_repeated_runs,
    print_report,
    print_row,
    scan_logs,
)
from bench.servers import (  # noqa: E402
    celery_command,
    configure_environment,
    dedicated_redis_db,
    flush_redis_db,
    free_port,
    machine_cpu,
    machine_shares,
    percentile,
    progress,
    raise_open_file_limit,
    running,
    scratch_database,
    scratch_sqlite_file,
    uvicorn_command,
)

# Rates of a busy hall, in seconds between two of each, drawn at random about that mean. Hall time,
# not game time: the turns are shortened, the people are not.
PLAYER_LOOKS_EVERY = 90  # a player looks at his mailbox page on his phone every minute and a half
LETTER_EVERY = 300  # each player writes a letter every five minutes, handed to an umpire at his table
UMPIRE_LOOKS_EVERY = 20  # an umpire opens another of his pages three times a minute
TRANSFER_EVERY = 60  # each table moves money (a bribe, a payment) once a minute
BATTLE_EVERY = 240  # each table that has an umpire fights a battle every four minutes
BATTLE_STEP_PAUSE = 5  # between two steps of a battle: the players argue, the umpire rolls
PROJECTORS = 3  # the hall's screens, on the projector page: they hear the clock as the umpires do

CONNECTING_AT_ONCE = 50  # browsers opening their pages together while the hall fills
# Umpires signing in together: a sign-in is a deliberately slow password hash, and a server process runs
# a few requests at once (umpire.asgi.PagesAtOnce), so a crowd of sign-ins holds up every page behind it.
SIGNING_IN_AT_ONCE = 5
MAX_BATTLE_STEPS = 12  # a battle that has not ended by then is left (four rounds, losses, confirmation)
CLOCK_POLL = 0.25  # seconds between the harness's looks at the clock
GRACE = 3  # seconds after the last advance for its messages to arrive
TEARDOWN_RESERVE = 15  # seconds kept back from a configuration's share of the time limit
HTTP_THREADS = 32
FINISH_TIMEOUT = 10  # seconds for the requests still out when the turns are done
AT_ONCE = 10  # umpires opening the same kind of page together, timed against the login page
# Rounds of each kind, taken in turn so that noise falls on them alike. Five gave ratios from 3.6x to 5.7x across
# one day's runs of one tree, the login page's own p50 moving from 23 to 40 ms; 25 take ten seconds more.
AT_ONCE_ROUNDS = 25
# The time limit's plan, full size: building a database's hall, and running one configuration on it.
BUILD_SECONDS, CONFIGURATION_SECONDS = 120, 375


def main():
    args = parse_args()
    if args.database:
        return run_database(args)
    started, people, results = time.monotonic(), None, []
    with tempfile.TemporaryDirectory() as folder:
        for index, database in enumerate(args.databases):
            left = started + args.time_limit - time.monotonic()
            share = left * planned_seconds(args, [database]) / planned_seconds(args, args.databases[index:])
            ran = run_database_process(database, share, Path(folder) / f"{index}-{database}.pickle")
            if ran is not None:
                people, results = ran[0], results + ran[1]
    number_repeated_runs(results)
    if people is not None:
        print_report(args, people, results, PROJECTORS, rates())
        print_at_once(results)


def planned_seconds(args, databases):
    """What `databases` take by the plan: a hall built in each, and each of its configurations run."""
    configurations = sum(len(worker_counts_of(database, args.workers)) for database in databases)
    return BUILD_SECONDS * len(databases) + CONFIGURATION_SECONDS * configurations


def run_database_process(database, seconds, results_path):
    """Run `database`'s configurations in a process of its own (Django reads its settings, the database
    among them, once); its (players, umpires) and [Result], or None if it failed."""
    own = ["--database", database, "--results", str(results_path), "--time-limit", str(seconds)]
    finished = subprocess.run([sys.executable, __file__, *sys.argv[1:], *own], check=False)
    if finished.returncode or not results_path.exists():
        progress(f"{DATABASES[database]}: the run failed (exit status {finished.returncode}); not reported")
        return None
    return pickle.loads(results_path.read_bytes())


def run_database(args):
    """Build the hall in a template of `args.database` and run each of its configurations on a copy;
    the results, pickled to `args.results` for the process that reports them."""
    started = time.monotonic()
    raise_open_file_limit(args.players + args.umpires + PROJECTORS)
    results = []
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        redis_url = stack.enter_context(dedicated_redis_db(args.redis_db))
        django = stack.enter_context(ThreadPoolExecutor(1, thread_name_prefix="django"))
        template = scratch_store(args.database, scratch, "bench_hall_template", over=args.postgres_over)
        template = stack.enter_context(template)
        configure_environment(template, redis_url, UMPIRE_VAR_DIR=str(scratch), UMPIRE_BACKUP_DIR=str(scratch))
        progress(f"{DATABASES[args.database]}: building the hall in the template database")
        hall = django.submit(build_template, args).result()
        progress(f"Built in {time.monotonic() - started:.0f} s")
        counts = worker_counts_of(args.database, args.workers)
        for index, workers in enumerate(counts):
            left = started + args.time_limit - time.monotonic()
            share = left / (len(counts) - index) - TEARDOWN_RESERVE
            results.append(run_configuration(workers, hall, args, template, redis_url, django, scratch, share))
    args.results.write_bytes(pickle.dumps(((len(hall.players), len(hall.umpires)), results)))


def worker_counts_of(database, workers):
    """SQLite runs one worker whatever `--workers` asks: see the module's docstring."""
    return [1] if database == "sqlite" else workers


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300, help="players, each with a phone (default 300)")
    parser.add_argument("--umpires", type=int, default=30, help="umpires, each with a tablet (default 30)")
    parser.add_argument("--turns", type=int, default=10, help="turns to advance, at most 20 (default 10)")
    parser.add_argument("--turn-seconds", type=float, default=30, help="each turn's length (default 30)")
    parser.add_argument(
        "--workers",
        type=worker_counts,
        default=[1, 2],
        help="ASGI workers of each configuration, comma-separated (default 1,2)",
    )
    parser.add_argument(
        "--redis-db",
        type=int,
        default=14,
        help="an empty Redis db for the channel layer and Celery, flushed afterwards (default 14)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        help=f"seconds for the whole run, set-up included; a configuration out of time stops with what it has "
        f"(default {BUILD_SECONDS} for each database's hall and {CONFIGURATION_SECONDS} for each configuration: "
        f"870 for the default run)",
    )
    parser.add_argument(
        "--databases",
        type=database_names,
        default=["postgres"],
        help="the console's database in each configuration, comma-separated, of postgres and sqlite, each run "
        "in turn on a hall of its own, one named twice run twice (default postgres; SQLite runs one worker only)",
    )
    parser.add_argument(
        "--postgres-over",
        choices=("socket", "tcp"),
        default="socket",
        help="how the console reaches PostgreSQL: its Unix socket, as README's big event does with PostgreSQL on the "
        "console's machine, or loopback TCP (default socket)",
    )
    parser.add_argument("--seed", type=int, default=69, help="of the random rates and choices (default 69)")
    parser.add_argument("--database", choices=list(DATABASES), help=argparse.SUPPRESS)
    parser.add_argument("--results", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.turns = max(1, min(args.turns, 20))  # the AD69 event has 21 turns: the game must not end
    if args.time_limit is None:
        args.time_limit = planned_seconds(args, args.databases)
    return args


def worker_counts(text):
    return [int(count) for count in text.split(",")]


def database_names(text):
    names = text.split(",")
    unknown = set(names) - set(DATABASES)
    if unknown:
        raise argparse.ArgumentTypeError(f"not a database: {', '.join(sorted(unknown))}")
    return names


def rates():
    return {
        "player looks at his mailbox": PLAYER_LOOKS_EVERY,
        "letter, per player": LETTER_EVERY,
        "umpire opens a page": UMPIRE_LOOKS_EVERY,
        "transfer, per table": TRANSFER_EVERY,
        "battle, per table": BATTLE_EVERY,
    }


def build_template(args):
    import django

    # This process's own connection, not a pool's: a pool would keep one open to the template, and PostgreSQL
    # copies a database no one is connected to. The servers, started later, take the console's pool.
    servers_pool = os.environ.get("UMPIRE_DB_POOL_SIZE")
    os.environ["UMPIRE_DB_POOL_SIZE"] = "0"
    django.setup()
    if servers_pool is None:
        del os.environ["UMPIRE_DB_POOL_SIZE"]
    else:
        os.environ["UMPIRE_DB_POOL_SIZE"] = servers_pool
    from bench import hall_world

    pairs = int(args.turns * args.turn_seconds / BATTLE_EVERY) + 3
    hall = hall_world.build_hall(umpires=args.umpires, players=args.players, pairs_per_table=pairs)
    hall_world.close_connection()
    return hall


# A configuration ------------------------------------------------------------------


def run_configuration(workers, hall, args, template, redis_url, django, scratch, seconds):
    """Copy the template, start the live event's processes, load them, and tear it all down."""
    from bench import hall_world

    progress(f"{DATABASES[args.database]}, {workers} ASGI worker(s): starting the servers")
    flush_redis_db(redis_url)  # nothing of the last configuration's: its groups, its tasks still queued
    with ExitStack() as stack:
        copy = scratch_store(
            args.database, scratch, f"bench_hall_{workers}w", template=name_of(template), over=args.postgres_over
        )
        database = stack.enter_context(copy)
        configure_environment(database, redis_url, UMPIRE_VAR_DIR=str(scratch), UMPIRE_BACKUP_DIR=str(scratch))
        django.submit(hall_world.use_database, name_of(database)).result()
        logs = scratch / f"{workers}w"
        logs.mkdir()
        ports = start_servers(stack, workers, logs, scratch)
        result = asyncio.run(load(Result(args.database, workers, Tally()), ports, hall, args, django, seconds))
        result.turn_ends = django.submit(hall_world.turn_ends, hall.event_id).result()
        result.database_bytes = django.submit(hall_world.database_size).result()
        django.submit(hall_world.close_connection).result()
    result.incidents = scan_logs(logs)
    return result


def scratch_store(database, scratch, prefix, *, over, template=None):
    """A scratch database for this run (a copy of `template`, if named): PostgreSQL's, reached `over` its
    "socket" or loopback "tcp", or a SQLite file in `scratch`."""
    if database == "sqlite":
        return scratch_sqlite_file(scratch, prefix, template=template)
    return scratch_database(prefix, template=template, through_socket=over == "socket")


def name_of(database_url):
    """The database's NAME in Django's settings: PostgreSQL's database, or SQLite's file."""
    if database_url.startswith("sqlite:///"):
        return database_url.removeprefix("sqlite:///")
    return database_url.rsplit("/", 1)[1]


def start_servers(stack, workers, logs, scratch):
    ports = [free_port() for _ in range(workers)]
    for n, port in enumerate(ports):
        stack.enter_context(running(uvicorn_command(port), port, logs / f"server-{n + 1}.log"))
    stack.enter_context(running(celery_command("worker", "--loglevel", "INFO"), None, logs / "celery-worker.log"))
    beat = celery_command("beat", "--loglevel", "INFO", "--schedule", str(scratch / f"beat-{workers}w"))
    stack.enter_context(running(beat, None, logs / "celery-beat.log"))
    return ports


async def load(result, ports, hall, args, django, seconds):
    """Fill the hall, run the turns with everyone at work, and empty it, within `seconds`: into `result`."""
    tally, stop, work = result.tally, asyncio.Event(), []
    hall_browsers = Hall(hall, tally, ports, ThreadPoolExecutor(HTTP_THREADS, thread_name_prefix="http"))
    started, cpu_at_start = time.monotonic(), None
    try:
        async with asyncio.timeout(seconds):
            result.at_once = await ten_at_once(hall, ports)
            await hall_browsers.fill()
            result.filling, tally.measuring = time.monotonic() - started, True
            cpu_at_start = machine_cpu()
            progress(
                f"{result.label}: hall full in {result.filling:.0f} s, {tally.live_clients} screens "
                "hear the clock; running the turns"
            )
            work += [asyncio.create_task(job) for job in hall_browsers.jobs(stop, random.Random(args.seed))]
            await drive_turns(hall, args, django, result)
    except TimeoutError:
        result.stopped_early = True
        progress(f"{result.label}: stopped at the time limit after {result.turns} turns")
    finally:
        if cpu_at_start:
            result.machine = machine_shares(cpu_at_start, machine_cpu())
        await finish(stop, work, tally)
        await hall_browsers.empty()
    return result


async def finish(stop, work, tally):
    """Everyone stops at his next pause; a request still out gets its answer, or is given up. The
    timings stop with the turns: what comes after is the hall emptying."""
    stop.set()
    tally.measuring = False
    if work:
        _, late = await asyncio.wait(work, timeout=FINISH_TIMEOUT)
        for task in late:
            task.cancel()


async def drive_turns(hall, args, django, result):
    """Start the clock and shorten each turn as it begins; return once `args.turns` have advanced.
    Each turn ends `args.turn_seconds` after the last was due to end, as the clock itself counts
    (clockwork's next_starts), so a late advance does not lengthen the run."""
    from bench import hall_world

    loop = asyncio.get_running_loop()
    started, length = time.monotonic(), timedelta(seconds=args.turn_seconds)
    turn, ends_at = await loop.run_in_executor(django, hall_world.start_clock, hall.event_id, args.turn_seconds)
    for done in range(1, args.turns + 1):
        turn, ends_at = await next_turn(loop, django, hall.event_id, turn), ends_at + length
        result.turns, result.seconds = done, time.monotonic() - started
        progress(f"  turn {turn - 1} ended")
        if done < args.turns:
            await loop.run_in_executor(django, hall_world.shorten_turn, hall.event_id, turn, ends_at)
    await asyncio.sleep(GRACE)
    result.seconds = time.monotonic() - started


async def next_turn(loop, django, event_id, turn):
    from bench import hall_world

    while True:
        now_turn, _ = await loop.run_in_executor(django, hall_world.current_turn, event_id)
        if now_turn > turn:
            return now_turn
        await asyncio.sleep(CLOCK_POLL)


# Ten at once, against the login page ----------------------------------------------


async def ten_at_once(hall, ports):
    """Each kind of page opened by AT_ONCE browsers together, AT_ONCE_ROUNDS times, kinds taken in turn:
    the login page (signed out), a table's console and the hall overview (Control, signed in)."""
    control = next(umpire for umpire in hall.umpires if umpire.role == "control")
    tables = list(hall.legions)
    pool = ThreadPoolExecutor(AT_ONCE * 2, thread_name_prefix="at-once")
    tally = Tally()  # not measuring: these timings are kept apart from the hall's
    signed_out = [Browser(f"visitor {n}", ports[n % len(ports)], tally, pool) for n in range(AT_ONCE)]
    umpires = [Browser(f"control {n}", ports[n % len(ports)], tally, pool) for n in range(AT_ONCE)]
    await in_batches([b.log_in(control.username, control.password) for b in umpires], SIGNING_IN_AT_ONCE)
    kinds = {
        "login": (signed_out, lambda n: "/login/"),
        "table console": (umpires, lambda n: f"/events/{hall.slug}/tables/{tables[n % len(tables)]}/console/"),
        "hall overview": (umpires, lambda n: f"/control/{hall.slug}/hall/"),
    }
    timings = {kind: [] for kind in kinds}
    for browsers, path in kinds.values():  # each page once, unmeasured: templates compiled, caches warm
        await asyncio.gather(*(b.exchange("GET", path(n)) for n, b in enumerate(browsers)))
    for _ in range(AT_ONCE_ROUNDS):
        for kind, (browsers, path) in kinds.items():
            answers = await asyncio.gather(*(b.exchange("GET", path(n)) for n, b in enumerate(browsers)))
            timings[kind] += [answer.seconds for answer in answers if answer is not None and answer.status == 200]
    await asyncio.gather(*(b.close() for b in signed_out + umpires))
    pool.shutdown(wait=True)
    return timings


def print_at_once(results):
    print(f"\n{AT_ONCE} at once, before the hall fills: p50 ms (ratio to the login page's p50, same server, same run)")
    for kind in ("login", "table console", "hall overview"):
        print_row(kind, [at_once_cell(result.at_once, kind) for result in results])


def at_once_cell(timings, kind):
    seconds, login = timings.get(kind), timings.get("login")
    if not seconds or not login:
        return "-"
    p50 = percentile(seconds, 50)
    return f"{p50 * 1000:.0f} ({p50 / percentile(login, 50):.1f}x)"


# The people in the hall ----------------------------------------------------------


class Hall:
    """The browsers of one configuration, and the work each kind of person does."""

    def __init__(self, hall, tally, ports, pool):
        self.hall, self.tally, self.ports, self.pool = hall, tally, ports, pool
        self.slug = hall.slug
        self.umpires, self.projectors, self.players = [], [], []
        self.by_table = {}  # table -> the browsers of its umpires

    def browser(self, name, **options):
        count = len(self.umpires) + len(self.projectors) + len(self.players)
        return Browser(name, self.ports[count % len(self.ports)], self.tally, self.pool, **options)

    async def fill(self):
        """The umpires sign in and open their desks, a few at a time as they come in; then the
        projectors and the players open their pages."""
        await in_batches([self.seat(umpire) for umpire in self.hall.umpires], SIGNING_IN_AT_ONCE)
        openings = [self.project(n) for n in range(PROJECTORS)]
        await in_batches(openings + [self.arrive(player) for player in self.hall.players], CONNECTING_AT_ONCE)

    async def seat(self, umpire):
        browser = self.browser(f"umpire {umpire.username}", hears_clock=True)
        self.umpires.append(browser)
        desk = desk_of(umpire, self.slug, len(self.by_table.get(umpire.table, [])))
        if umpire.table:
            self.by_table.setdefault(umpire.table, []).append(browser)
        browser.pages = pages_of(umpire, self.slug)
        if await browser.log_in(umpire.username, umpire.password) and await browser.open_page(desk):
            self.tally.live_clients += 1

    async def project(self, n):
        browser = self.browser(f"projector {n + 1}", hears_clock=True)
        self.projectors.append(browser)
        if await browser.open_page(f"/display/{self.slug}/?code={self.hall.display_code}"):
            self.tally.live_clients += 1

    async def arrive(self, player):
        browser = self.browser(f"player {player.pk}")
        self.players.append(browser)
        await browser.open_page(f"/post/{self.slug}/mailbox/?code={player.code}")

    async def empty(self):
        everyone = self.umpires + self.projectors + self.players
        await in_batches([browser.close() for browser in everyone], CONNECTING_AT_ONCE)
        self.pool.shutdown(wait=True)

    def jobs(self, stop, rng):
        """Everyone's work, each a loop until `stop`."""
        jobs = [self.look_around(b, b.pages, UMPIRE_LOOKS_EVERY, stop, rng) for b in self.umpires]
        jobs += [self.look_around(b, [b.page], PLAYER_LOOKS_EVERY, stop, rng) for b in self.players if b.page]
        tables = {table: [p for p in self.hall.players if p.table == table] for table in self.by_table}
        jobs += [self.write_letters(player, stop, rng) for player in self.hall.players if player.table in tables]
        jobs += [self.move_money(tables[table], table, stop, rng) for table in tables if tables[table]]
        jobs += [self.fight(table, stop, rng) for table in tables]
        return jobs

    async def look_around(self, browser, pages, every, stop, rng):
        while await pause(stop, rng.expovariate(1 / every)):
            await browser.get(rng.choice(pages))

    async def write_letters(self, player, stop, rng):
        """He hands a letter to an umpire at his table, who posts it from the tray's form."""
        while await pause(stop, rng.expovariate(1 / LETTER_EVERY)):
            addressee = rng.choice(self.hall.players)
            data = {
                "sender": player.pk,
                "addressee": addressee.pk,
                "destination": addressee.table,
                "office": "",
                "written_turn": "",
                "code": "",
                "contents": f"From {player.pk} to {addressee.pk}: bench letter.",
            }
            umpire = rng.choice(self.by_table[player.table])
            await umpire.post(f"/events/{self.slug}/post/tables/{player.table}/post-letter/", data, what="letter")

    async def move_money(self, here, table, stop, rng):
        """A talent from the purse of a player at the table to any player's, by one of its umpires."""
        while await pause(stop, rng.expovariate(1 / TRANSFER_EVERY)):
            payer = rng.choice(here)
            payee = rng.choice([player for player in self.hall.players if player is not payer])
            data = {
                "to": f"character:{payee.pk}",
                "talents": 1,
                "why": "bench: a payment",
                "back": f"/events/{self.slug}/treasury/purses/{payer.pk}/",
            }
            umpire = rng.choice(self.by_table[table])
            await umpire.post(f"/events/{self.slug}/treasury/accounts/{payer.purse}/transfer/", data, what="transfer")

    async def fight(self, table, stop, rng):
        """The table's first umpire fights its battles one after another, each with two fresh legions."""
        umpire = self.by_table[table][0]
        for side_a, side_b in self.hall.legions[table]:
            if not await pause(stop, rng.expovariate(1 / BATTLE_EVERY)):
                return
            data = {
                "table": table,
                "side_a_forces": side_a,
                "side_b_forces": side_b,
                "side_a_commander": "",
                "side_b_commander": "",
                "place": "bench",
                "decided": "on",
            }
            text = await umpire.post(f"/events/{self.slug}/battles/open/", data, what="battle: open")
            await fight_through(umpire, text, stop, rng)


async def in_batches(coroutines, size):
    for start in range(0, len(coroutines), size):
        await asyncio.gather(*coroutines[start : start + size])


async def fight_through(umpire, text, stop, rng):
    """Take the step the desk offers next, as its forms fill it, until it offers none."""
    for _ in range(MAX_BATTLE_STEPS):
        step = next_step(Forms(text), rng)
        if step is None or not await pause(stop, BATTLE_STEP_PAUSE):
            return
        action, data, what = step
        text = await umpire.post(action, data, what=what)
        if what == "battle: publish":
            return


def next_step(forms, rng):
    stance = ("attack", "defend")
    steps = (
        (
            "/round/",
            "battle: round",
            lambda f: f.filled(a_stance=rng.choice(stance), b_stance=rng.choice(stance), roll=""),
        ),
        ("/verdict/", "battle: verdict", lambda f: f.filled(victor=f.radios["victor"][0])),
        ("/propose-losses/", "battle: propose losses", lambda f: f.filled(roll="")),
        ("/place-losses/", "battle: place losses", lambda f: f.filled()),
        ("/confirm/", "battle: confirm", lambda f: f.filled()),
        ("/publish/", "battle: publish", lambda f: f.filled()),
    )
    for suffix, what, fill in steps:
        form = forms.ending(suffix)
        if form is not None:
            return form.action, fill(form), what
    return None


async def pause(stop, seconds):
    """Wait `seconds`; False if the hall is told to stop meanwhile."""
    try:
        await asyncio.wait_for(stop.wait(), seconds)
        return False
    except TimeoutError:
        return True


# What each umpire keeps open, and looks at ------------------------------------------


def desk_of(umpire, slug, at_table):
    """His desk: a table's umpires keep its console, its tray and its books open between them."""
    if umpire.role == "region":
        desks = (
            f"/events/{slug}/tables/{umpire.table}/console/",
            f"/events/{slug}/post/tables/{umpire.table}/",
            f"/events/{slug}/treasury/",
        )
        return desks[at_table % len(desks)]
    return pages_of(umpire, slug)[0]


def pages_of(umpire, slug):
    """The pages of his role he opens in turn, his desk first."""
    event, control = f"/events/{slug}", f"/control/{slug}"
    pages = {
        "control": [
            f"{control}/clock/",
            f"{control}/hall/",
            f"{event}/post/all/",
            f"{event}/treasury/",
            f"{control}/audit/",
            f"{event}/battles/",
            f"{event}/world/",
        ],
        "senate": [
            f"{event}/senate/",
            f"{event}/senate/offices/",
            f"{event}/senate/mob/",
            f"{event}/treasury/rome/",
            f"{event}/post/",
            f"{event}/world/",
        ],
        "nrw": [f"{event}/forces/", f"{event}/battles/", f"{event}/world/"],
        "region": [
            f"{event}/tables/{umpire.table}/console/",
            f"{event}/post/tables/{umpire.table}/",
            f"{event}/tables/{umpire.table}/players/",
            f"{event}/treasury/",
            f"{event}/forces/",
            f"{event}/battles/?table={umpire.table}",
            f"{event}/world/",
        ],
    }
    return pages[umpire.role]


if __name__ == "__main__":
    main()
