"""Clock fan-out: how long after Control pauses the clock every screen has heard.

Starts the console's real ASGI server (Daphne, with channels-redis and PostgreSQL) on a
scratch database and a dedicated Redis db, connects N projector clients to
/ws/display/ad69/, pauses the clock from this process and times each client's arrival
of the "clock.pause" event, from just before `do_pause_clock` is called. Beside it, a
bare `websockets` server broadcasts the same message text to as many clients: the
floor, so the console/bare ratio is what Django, Channels and Redis add to the socket
writes.

All the clients live in this process's event loop, so one perf_counter times them all;
the cost of receiving here is in both figures alike. It prints a table and asserts
nothing:

    .venv/bin/python bench/clock_fanout.py [--clients 100,500,1000] [--rounds 3]
"""

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.asyncio.server import broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import (  # noqa: E402
    CLIENT_OPTIONS,
    HOST,
    configure_environment,
    daphne_command,
    dedicated_redis_db,
    free_port,
    open_client,
    percentile,
    progress,
    raise_open_file_limit,
    running,
    scratch_database,
)

BATCH = 50  # clients connecting, or disconnecting, at once
CLOSE_PAUSE = 0.25  # seconds between batches of disconnects
RECEIVE_TIMEOUT = 10  # seconds a client waits for one broadcast
REPORTED_PACKAGES = ("daphne", "channels", "channels_redis", "redis", "websockets")
# Sent by the bare server only if the console delivered no pause message to copy.
FALLBACK_MESSAGE = json.dumps({"type": "event", "event": {"type": "clock.changed", "action": "clock.pause"}})


# The run ------------------------------------------------------------------------


def main():
    args = parse_args()
    if args.serve_bare:
        return serve_bare(args.serve_bare)
    raise_open_file_limit(max(args.clients))
    with ExitStack() as stack:
        redis_url = stack.enter_context(dedicated_redis_db(args.redis_db))
        configure_environment(stack.enter_context(scratch_database("bench_clock")), redis_url)
        django_thread = stack.enter_context(ThreadPoolExecutor(1, thread_name_prefix="django"))
        event, code = django_thread.submit(prepare_event).result()
        daphne_log = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "daphne.log"
        console_port, bare_port = free_port(), free_port()
        stack.enter_context(running(daphne_command(console_port), console_port, daphne_log))
        stack.enter_context(running(bare_command(bare_port), bare_port, os.devnull))
        rows = asyncio.run(measure_all(args, event, code, django_thread, console_port, bare_port))
        print_table(rows, args.rounds)
        print_server_errors(daphne_log)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--clients",
        type=client_counts,
        default=[100, 500, 1000],
        help="comma-separated client counts, one row each (default 100,500,1000)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="pauses per client count, latencies pooled (default 3)")
    parser.add_argument(
        "--redis-db",
        type=int,
        default=13,
        help="an empty Redis db for the channel layer, flushed afterwards (default 13)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=240,
        help="seconds of measuring before it stops with what it has (default 240)",
    )
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    return parser.parse_args()


def client_counts(text):
    return [int(count) for count in text.split(",")]


async def measure_all(args, event, code, django_thread, console_port, bare_port):
    """Measure the console, then the bare server, at each client count; stop at the time limit."""
    from umpire.clockwork import do_pause_clock, do_resume_clock

    url = f"ws://{HOST}:{console_port}/ws/display/ad69/?code={code}"
    pause = service_trigger(django_thread, do_pause_clock, event)
    resume = service_trigger(django_thread, do_resume_clock, event)
    rows = []
    try:
        async with asyncio.timeout(args.time_limit):
            for count in args.clients:
                console, message = await measure(
                    "console", url, count, args.rounds, greeted=True, pause=pause, resume=resume
                )
                bare = await measure_bare(bare_port, count, args.rounds, message or FALLBACK_MESSAGE)
                rows.append((console, bare))
    except TimeoutError:
        progress(f"Stopped at the time limit ({args.time_limit:.0f} s); the rows so far follow.")
    return rows


async def measure_bare(port, count, rounds, message):
    """The same fan-out from the bare server, which broadcasts `message` when told to on /trigger."""
    async with connect(f"ws://{HOST}:{port}/trigger", **CLIENT_OPTIONS) as control:
        bare, _ = await measure(
            "bare", f"ws://{HOST}:{port}/", count, rounds, greeted=False, pause=send_trigger(control, message)
        )
    return bare


# Measuring ----------------------------------------------------------------------


@dataclass
class Fanout:
    """One server at one client count: how many got in, how many heard, and how fast."""

    clients: int
    connected: int
    expected: int  # connected clients x rounds
    latencies: list = field(default_factory=list)
    dropped: Counter = field(default_factory=Counter)  # close code -> connections the server closed

    def percentile(self, p):
        """Nearest-rank percentile, in seconds; None if nothing arrived."""
        return percentile(self.latencies, p)


async def measure(name, url, count, rounds, *, greeted, pause, resume=None):
    """Connect `count` clients, fire `pause` `rounds` times (each followed by `resume`, if any).

    Returns the Fanout and the text of one pause message as a client received it.
    """
    progress(f"{name}, {count} clients: connecting")
    clients = await connect_clients(url, count, greeted=greeted)
    result, message = Fanout(count, len(clients), len(clients) * rounds), None
    progress(f"{name}, {count} clients: {len(clients)} connected, measuring")
    try:
        for _ in range(rounds):
            latencies, message = await fan_out(clients, pause, "clock.pause")
            result.latencies += latencies
            if resume:
                await fan_out(clients, resume, "clock.resume")  # drained, not timed
        result.dropped = Counter(ws.close_code for ws in clients if ws.state is not State.OPEN)
    finally:
        await close_clients(clients)
    return result, message


async def fan_out(clients, trigger, action):
    """Fire `trigger` (which returns its start time) and collect each client's latency to `action`.

    Returns the latencies of the clients that heard, and the text one of them received.
    """
    waiting = [asyncio.create_task(arrival(ws, action)) for ws in clients]
    await asyncio.sleep(0)  # every client reaches recv() before the trigger fires
    started = await trigger()
    arrivals = [heard for heard in await asyncio.gather(*waiting) if heard is not None]
    return [at - started for at, _ in arrivals], arrivals[0][1] if arrivals else None


async def arrival(ws, action):
    """(time, text) of the event with this `action` reaching `ws`, skipping others; None if it never does."""
    try:
        async with asyncio.timeout(RECEIVE_TIMEOUT):
            while True:
                text = await ws.recv()
                at = time.perf_counter()
                if json.loads(text).get("event", {}).get("action") == action:
                    return at, text
    except (TimeoutError, ConnectionClosed):
        return None


def service_trigger(django_thread, service, event):
    """A trigger calling a clock service in the Django thread, so the event loop keeps receiving."""
    loop = asyncio.get_running_loop()
    return lambda: loop.run_in_executor(django_thread, timed_call, service, event)


def timed_call(service, event):
    """Call `service` as Control would, and return the perf_counter time just before."""
    started = time.perf_counter()
    service(event, actor=None)
    return started


def send_trigger(control, message):
    """A trigger asking the bare server to broadcast `message`."""

    async def trigger():
        started = time.perf_counter()
        await control.send(message)
        return started

    return trigger


# Clients ------------------------------------------------------------------------


async def connect_clients(url, count, *, greeted):
    """Connect `count` clients, BATCH at a time so the server is not swamped.

    Returns those that got in; gives up once a whole batch fails, as the server has stopped admitting.
    """
    clients = []
    for start in range(0, count, BATCH):
        size = min(BATCH, count - start)
        batch = await asyncio.gather(*(open_client(url, greeted) for _ in range(size)))
        joined = [ws for ws in batch if ws is not None]
        clients += joined
        if not joined:
            break
    return clients


async def close_clients(clients):
    """Disconnect BATCH at a time, CLOSE_PAUSE apart.

    The server leaves its groups after the close handshake, so the pause is what paces it: a
    burst of disconnects overruns the console's Redis connection pool (100), and the members it
    then fails to discard would swell the next row's group.
    """
    for start in range(0, len(clients), BATCH):
        # Each close gives up after close_timeout, so this cannot hang.
        await asyncio.gather(*(ws.close() for ws in clients[start : start + BATCH]))
        await asyncio.sleep(CLOSE_PAUSE)


# The bare server and the event ------------------------------------------------


def serve_bare(port):
    """The floor: every message sent on /trigger goes, as it is, to every other connection."""
    listeners = set()

    async def handler(ws):
        if ws.request.path == "/trigger":
            async for message in ws:
                broadcast(listeners, message)
        else:
            listeners.add(ws)
            try:
                await ws.wait_closed()
            finally:
                listeners.discard(ws)

    async def forever():
        # Uncompressed, as Daphne does not offer permessage-deflate either.
        async with serve(handler, HOST, port, compression=None, ping_interval=None) as server:
            await server.serve_forever()

    asyncio.run(forever())


def bare_command(port):
    return [sys.executable, __file__, "--serve-bare", str(port)]


def prepare_event():
    """Migrate, load the AD69 world, issue a display code and start the clock: (event, code)."""
    import django

    django.setup()
    from django.core.management import call_command

    from umpire.clockwork import do_start_clock
    from umpire.models import Event
    from umpire.services.access_codes import do_reissue_display_code

    call_command("migrate", verbosity=0)
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    code = do_reissue_display_code(event, actor=None).code
    do_start_clock(event, actor=None)
    return event, code


# Output -------------------------------------------------------------------------


def print_table(rows, rounds):
    packages = ", ".join(f"{name} {version(name)}" for name in REPORTED_PACKAGES)
    print(f"\nClock pause fan-out, {rounds} rounds per row; {packages}; {os.cpu_count()} CPUs\n")
    side = f"{'connected':>10} {'received':>10} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
    print(f"{'':7} | {'console (Daphne + channels-redis)':<44} | {'bare websockets':<44} | console/bare")
    print(f"{'clients':>7} | {side} | {side} | {'p50':>6} {'p99':>6}")
    for console, bare in rows:
        ratios = " ".join(ratio(console, bare, p) for p in (50, 99))
        print(f"{console.clients:>7} | {figures(console)} | {figures(bare)} | {ratios}")
    print("received: pause messages that arrived, of connected clients x rounds; times run from just")
    print("before the pause (do_pause_clock, or the bare server's trigger) to each client's arrival.")
    for name, fanout in (pair for row in rows for pair in zip(("console", "bare"), row)):
        if fanout.dropped:
            codes = ", ".join(f"{n} with code {code}" for code, n in fanout.dropped.items())
            closed = fanout.dropped.total()
            print(f"{name}, {fanout.clients} clients: the server closed {closed} connections ({codes})")
    sys.stdout.flush()


def figures(fanout):
    times = [fanout.percentile(p) for p in (50, 99, 100)]
    shown = " ".join(f"{t * 1000:>7.1f}" if t is not None else f"{'-':>7}" for t in times)
    connected = f"{fanout.connected}/{fanout.clients}"
    received = f"{len(fanout.latencies)}/{fanout.expected}"
    return f"{connected:>10} {received:>10} {shown}"


def ratio(console, bare, p):
    mine, floor = console.percentile(p), bare.percentile(p)
    return f"{mine / floor:>5.1f}x" if mine is not None and floor else f"{'-':>6}"


def print_server_errors(log_path):
    """The console server's logged application errors, counted by message."""
    errors = Counter(
        line for line in Path(log_path).read_text().splitlines() if line.startswith("Exception inside application")
    )
    if errors:
        print("\nThe console's server logged:")
        for line, count in errors.most_common():
            print(f"{count:>6} x {line}")


if __name__ == "__main__":
    main()
