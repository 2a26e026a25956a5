"""Clock fan-out: how long after Control pauses the clock every screen in a full hall has heard,
and how long a hall's screens take to come back after the Wi-Fi drops.

For each mode the console runs in (PostgreSQL with channels-redis; SQLite with the in-memory
channel layer), it starts the console's real ASGI server (uvicorn, umpire/server.py; `--servers daphne,uvicorn`
runs Daphne, the server before, on the same hall too) on a scratch database, seated as
a hall is: the AD69 world, its umpires signed in and players with their mailbox codes. It opens a
mix of sockets as the hall's screens do: 30% players' mailbox pages (each with his own code), 3%
umpires' desks (one per umpire signed in), and the rest half projectors (the display code) and half
table screens (an umpire's login again). Control pauses the clock through the clock desk's form,
as an umpire would, several times; each socket that hears the event group (all but the
mailboxes, which never hear the clock) is timed from just before the POST to its arrival of
"clock.pause". The mailboxes must stay open throughout. Then the Wi-Fi drop: every socket is cut
at once (no closing handshake), and all come back at once, each counted when its snapshot has
arrived; one more pause then checks they all hear it.

Beside it, in the same run, a bare `websockets` server holds as many connections, broadcasts the
same message text to as many of them as hear the clock, and takes the same drop: the floor, so the
console/bare ratios are what Django, Channels and the channel layer add. It stays one process
whatever the console's worker count: it is the floor of one broadcast.

With PostgreSQL and Redis the console runs as README's "ASGI workers" runs a big event: one server
worker per SOCKETS_PER_WORKER sockets (or `--workers`), each on a port of its own, the hall's sockets
dealt to them round-robin as a load balancer deals them (no balancer process is run: each client is
given its worker's address; after the drop it comes back to the same one). `--workers 1,2` measures
each count in turn on the same hall, each beside a bare run of its own. SQLite mode is always one
worker: its in-memory channel layer is not shared between processes. It prints a table per mode and
worker count, the targets of issue 34 and whether each was met, and asserts nothing:

    .venv/bin/python bench/clock_fanout.py [--clients 1000] [--rounds 5] [--modes postgres,sqlite] [--workers 1,2]
"""

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from io import StringIO
from pathlib import Path

import requests
from websockets.asyncio.client import connect
from websockets.asyncio.server import broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.servers import (  # noqa: E402
    CLIENT_OPTIONS,
    HOST,
    configure_environment,
    dedicated_redis_db,
    flush_redis_db,
    free_port,
    open_client,
    percentile,
    progress,
    raise_open_file_limit,
    running,
    scratch_database,
    server_workers,
)

MODES = {"postgres": "PostgreSQL + channels-redis", "sqlite": "SQLite + in-memory layer"}
BATCH = 50  # clients connecting at once as the hall fills (the drop's reconnect is all at once)
RECEIVE_TIMEOUT = 15  # seconds a client waits for one broadcast
RECONNECT_TIMEOUT = 60  # seconds a client keeps trying to come back after the drop
UMPIRES = 30  # signed in, as issue 34's hall; their logins also open the table screens
MAILBOX_SHARE, UMPIRE_SHARE = 0.30, 0.03  # of the sockets; the rest half projectors, half table screens
SOCKETS_PER_WORKER = 500  # README's "ASGI workers": one server process serves a few hundred websockets
TARGET_RATIO = 3  # issue 34: console p99 at most this times the bare broadcast's p99
TARGET_RECONNECT = 10  # issue 34: seconds for every socket to come back with its snapshot
# How each server's log starts an application's traceback: Daphne's, and uvicorn's (as "ERROR:    ...").
APPLICATION_ERRORS = ("Exception inside application", "ERROR:    Exception in ASGI application")
REPORTED_PACKAGES = ("Django", "uvicorn", "daphne", "channels", "channels_redis", "redis", "websockets")


# The run ------------------------------------------------------------------------


def main():
    args = parse_args()
    if args.serve_bare:
        return serve_bare(args.serve_bare)
    if args.mode:
        return run_mode(args)
    for mode in args.modes:  # each mode's Django in a process of its own: settings are read once
        command = [sys.executable, __file__, "--mode", mode, *sys.argv[1:]]
        subprocess.run(command, check=False)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=1000, help="sockets in the hall's mix (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="pauses timed, latencies pooled (default 5)")
    parser.add_argument(
        "--modes",
        type=lambda text: text.split(","),
        default=list(MODES),
        help="comma-separated, of postgres and sqlite (default both)",
    )
    parser.add_argument(
        "--redis-db",
        type=int,
        default=9,
        help="an empty Redis db for the channel layer, flushed afterwards (default 9)",
    )
    parser.add_argument(
        "--workers",
        type=lambda text: [int(count) for count in text.split(",")],
        help=f"server workers with PostgreSQL, comma-separated to run each in turn (default one per "
        f"{SOCKETS_PER_WORKER} sockets, as README says; SQLite mode always runs one)",
    )
    parser.add_argument(
        "--servers",
        type=lambda text: text.split(","),
        default=["uvicorn"],
        help="ASGI servers to run the console on, comma-separated to run each in turn on the same hall, "
        "each beside its own bare run (default uvicorn, the console's; daphne, the one before)",
    )
    parser.add_argument("--mode", choices=list(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    return parser.parse_args()


def run_mode(args):
    raise_open_file_limit(2 * args.clients)
    with ExitStack() as stack:
        redis_url = None
        if args.mode == "postgres":
            database = stack.enter_context(scratch_database("bench_clock"))
            redis_url = stack.enter_context(dedicated_redis_db(args.redis_db))
            configure_environment(database, redis_url)
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            # as the console runs without Redis: one process, which ticks the clock itself
            configure_environment(f"sqlite:///{folder}/bench.sqlite3", "", UMPIRE_EMBEDDED_TICKER="1")
        progress(f"{MODES[args.mode]}: building the hall")
        hall = build_hall(mailboxes(args.clients))
        logs = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        for workers in worker_counts(args):
            for server in args.servers:
                run_workers(args, hall, workers, server, logs / f"{server}-{workers}w")
                if redis_url:
                    # the stopped workers' sockets never left their groups: the next run starts clean
                    flush_redis_db(redis_url)


def worker_counts(args):
    if args.mode == "sqlite":
        return [1]
    return args.workers or [max(1, -(-args.clients // SOCKETS_PER_WORKER))]


def run_workers(args, hall, workers, server, log_folder):
    """Measure the hall on `workers` workers of `server`, and the bare broadcast beside it; print both."""
    log_folder.mkdir()
    with ExitStack() as stack:
        ports, logs = server_workers(stack, workers, log_folder, server)
        bare_port = free_port()
        stack.enter_context(running(bare_command(bare_port), bare_port, os.devnull))
        progress(f"{MODES[args.mode]}: {workers} {server} worker(s)")
        console, bare = asyncio.run(measure_both(args, hall, ports, bare_port))
        sessions = postgres_sessions() if args.mode == "postgres" else None
    print_report(args, workers, server, console, bare, sessions)
    print_server_errors(logs)


def mailboxes(clients):
    return round(clients * MAILBOX_SHARE)


def mix(clients):
    """{kind: sockets} for a hall of `clients` sockets."""
    umpires = max(1, round(clients * UMPIRE_SHARE))
    rest = clients - mailboxes(clients) - umpires
    return {"mailbox": mailboxes(clients), "umpire": umpires, "projector": rest - rest // 2, "table": rest // 2}


async def measure_both(args, hall, console_ports, bare_port):
    bases = [f"ws://{HOST}:{port}" for port in console_ports]
    # Control's button goes to the first worker; the pause reaches the others' sockets through Redis.
    trigger = Trigger(hall, console_ports[0])
    console = await measure(console_sockets(bases, hall, args.clients), args.rounds, trigger)
    async with connect(f"ws://{HOST}:{bare_port}/trigger", **CLIENT_OPTIONS) as control:
        bare_trigger = BareTrigger(control, console.message)
        bare = await measure(bare_sockets(f"ws://{HOST}:{bare_port}", mix(args.clients)), args.rounds, bare_trigger)
    return console, bare


# The hall's sockets ---------------------------------------------------------------


@dataclass(frozen=True)
class Socket:
    kind: str
    url: str
    headers: dict | None
    greeted: bool  # the console's sockets count as open once their snapshot is in

    @property
    def hears_clock(self):
        return self.kind != "mailbox"


def console_sockets(bases, hall, clients):
    """The hall's sockets, dealt round-robin over the workers at `bases`, as a load balancer deals them."""
    counts, slug = mix(clients), hall.slug
    paths = [("mailbox", f"/ws/mailbox/{slug}/?code={code}", None) for code in hall.mailbox_codes]
    paths += [("projector", f"/ws/display/{slug}/?code={hall.display_code}", None)] * counts["projector"]
    for kind in ("umpire", "table"):
        sessions = [hall.umpire_sessions[n % len(hall.umpire_sessions)] for n in range(counts[kind])]
        paths += [(kind, f"/ws/events/{hall.event_id}/", {"Cookie": f"sessionid={session}"}) for session in sessions]
    return [Socket(kind, bases[n % len(bases)] + path, headers, True) for n, (kind, path, headers) in enumerate(paths)]


def bare_sockets(base, counts):
    """As many connections as the console's, as many of them hearing the broadcast."""
    return [
        Socket(kind, f"{base}/{'quiet' if kind == 'mailbox' else 'hear'}", None, False)
        for kind, count in counts.items()
        for _ in range(count)
    ]


# Measuring ----------------------------------------------------------------------


@dataclass
class Fanout:
    """One server's run: the hall filled, the pauses timed, the drop and the hall's return."""

    sockets: int
    connected: int = 0
    fill_seconds: float = 0.0
    hearing: int = 0  # connected sockets that hear the clock
    latencies: list = field(default_factory=list)  # from the message's sending (its `now`) to arrival
    from_button: list = field(default_factory=list)  # from just before Control's button to arrival
    slowest: list = field(default_factory=list)  # per pause: its last arrival, from the sending
    rounds_heard: list = field(default_factory=list)  # per pause: sockets that heard it
    quiet_closed: int = 0  # connected mailboxes the server closed during the pauses
    dropped: Counter = field(default_factory=Counter)  # close code -> sockets the server closed
    message: str | None = None  # one pause as a client received it, for the bare server to copy
    reconnect_times: list = field(default_factory=list)  # seconds to each socket's return
    heard_after: tuple = (0, 0)  # (heard, hearing) of the pause after the return
    failures: Counter = field(default_factory=Counter)  # what kept sockets from coming back

    def percentile(self, p):
        return percentile(self.latencies, p)

    def every_pause_heard(self):
        return bool(self.rounds_heard) and all(heard == self.hearing for heard in self.rounds_heard)

    def all_back_in(self):
        """Seconds until the last socket was back with its snapshot; None if some never came."""
        if len(self.reconnect_times) < self.connected or not self.reconnect_times:
            return None
        return max(self.reconnect_times)


async def measure(sockets, rounds, trigger):
    name = "bare" if not sockets[0].greeted else "console"
    progress(f"{name}: filling the hall with {len(sockets)} sockets")
    result = Fanout(len(sockets))
    started = time.time()
    clients = await fill(sockets)
    result.fill_seconds, result.connected = time.time() - started, len(clients)
    result.hearing = sum(socket.hears_clock for socket, _ in clients)
    progress(f"{name}: {result.connected} connected in {result.fill_seconds:.1f} s; {rounds} pauses")
    try:
        for _ in range(rounds):
            latencies, from_button, result.message = await fan_out(clients, trigger.pause, "clock.pause")
            result.latencies += latencies
            result.from_button += from_button
            result.rounds_heard.append(len(latencies))
            result.slowest.append(max(latencies, default=None))
            await fan_out(clients, trigger.resume, "clock.resume")  # drained, not timed
        result.quiet_closed = sum(1 for s, ws in clients if not s.hears_clock and ws.state is not State.OPEN)
        result.dropped = Counter(ws.close_code for _, ws in clients if ws.state is not State.OPEN)
        progress(f"{name}: the Wi-Fi drops")
        clients = await drop_and_return([(s, ws) for s, ws in clients if ws.state is State.OPEN], result)
        latencies, _, _ = await fan_out(clients, trigger.pause, "clock.pause")
        result.heard_after = (len(latencies), sum(socket.hears_clock for socket, _ in clients))
        await fan_out(clients, trigger.resume, "clock.resume")
    finally:
        await asyncio.gather(*(ws.close() for _, ws in clients))
    return result


async def fill(sockets):
    """[(socket, client)] of those that got in, BATCH at a time, as a hall fills."""
    clients = []
    for start in range(0, len(sockets), BATCH):
        batch = sockets[start : start + BATCH]
        opened = await asyncio.gather(*(open_client(s.url, s.greeted, s.headers) for s in batch))
        clients += [(s, ws) for s, ws in zip(batch, opened) if ws is not None]
    return clients


async def drop_and_return(clients, result):
    """Cut every client at once, as a Wi-Fi drop does (no closing handshake), then bring them all back
    at once; each socket's time runs from the start of the return to its snapshot."""
    for _, ws in clients:
        ws.transport.abort()
    await asyncio.sleep(1)  # the server hears the cut sockets go, as it would before the Wi-Fi is back
    started = time.time()

    async def back(socket):
        ws = await open_client(socket.url, socket.greeted, socket.headers, RECONNECT_TIMEOUT, result.failures)
        if ws is not None:
            result.reconnect_times.append(time.time() - started)
        else:
            result.failures[f"of kind {socket.kind}"] += 1
        return socket, ws

    returned = await asyncio.gather(*(back(socket) for socket, _ in clients))
    return [(socket, ws) for socket, ws in returned if ws is not None]


async def fan_out(clients, trigger, action):
    """Fire `trigger` (which returns its start time); each clock-hearing client's latency to `action`.

    Returns the latencies of the clients that heard, from the message's sending and from the trigger,
    and the text one of them received. The sending is the `now` the server stamps on the message as it
    numbers and sends it, after the change has committed: server and clients share the one clock.
    """
    waiting = [asyncio.create_task(arrival(ws, action)) for socket, ws in clients if socket.hears_clock]
    await asyncio.sleep(0)  # every client reaches recv() before the trigger fires
    started = await trigger()
    arrivals = [heard for heard in await asyncio.gather(*waiting) if heard is not None]
    from_sending = [at - sent_at(text) for at, text in arrivals]
    return from_sending, [at - started for at, _ in arrivals], arrivals[0][1] if arrivals else None


def sent_at(text):
    return datetime.fromisoformat(json.loads(text)["now"]).timestamp()


async def arrival(ws, action):
    """(time, text) of the event with this `action` reaching `ws`, skipping others; None if it never does."""
    try:
        async with asyncio.timeout(RECEIVE_TIMEOUT):
            while True:
                text = await ws.recv()
                at = time.time()
                if json.loads(text).get("event", {}).get("action") == action:
                    return at, text
    except (TimeoutError, ConnectionClosed):
        return None


class Trigger:
    """Control's pause and resume buttons on the clock desk: a form POST each, with his session and
    CSRF token, sent from a thread so the event loop keeps receiving."""

    def __init__(self, hall, port):
        self.http = requests.Session()
        self.http.cookies.update({"sessionid": hall.control_session, "csrftoken": hall.csrf_token})
        self.http.headers.update({"X-CSRFToken": hall.csrf_token})
        self.base = f"http://{HOST}:{port}/control/{hall.slug}/clock"

    async def pause(self):
        return await asyncio.to_thread(self.press, "pause")

    async def resume(self):
        return await asyncio.to_thread(self.press, "resume")

    def press(self, button):
        started = time.time()
        response = self.http.post(f"{self.base}/{button}/", allow_redirects=False, timeout=30)
        if response.status_code != 302 or "login" in response.headers.get("Location", ""):
            raise RuntimeError(f"Control's {button} was refused: {response.status_code}")
        return started


class BareTrigger:
    """The bare server's button: it broadcasts `message` to its hearing connections when told."""

    def __init__(self, control, message):
        self.control = control
        self.message = message or json.dumps({"type": "event", "event": {"action": "clock.pause"}})

    async def pause(self):
        return await self.send(self.message)

    async def resume(self):
        return await self.send(self.message.replace("clock.pause", "clock.resume"))

    async def send(self, text):
        """Send `text` stamped, as the console stamps its messages, with the moment of sending."""
        started = time.time()
        await self.control.send(json.dumps({**json.loads(text), "now": datetime.now(UTC).isoformat()}))
        return started


# The bare server and the hall -------------------------------------------------


def serve_bare(port):
    """The floor: every message sent on /trigger goes, as it is, to every /hear connection; /quiet
    connections are held and hear nothing, as the mailboxes hear no clock."""
    listeners = set()

    async def handler(ws):
        if ws.request.path == "/trigger":
            async for message in ws:
                broadcast(listeners, message)
            return
        hears = ws.request.path == "/hear"
        if hears:
            listeners.add(ws)
        try:
            await ws.wait_closed()
        finally:
            listeners.discard(ws)

    async def forever():
        # Uncompressed, as the console's server does not offer permessage-deflate either (umpire/server.py).
        async with serve(handler, HOST, port, compression=None, ping_interval=None) as server:
            await server.serve_forever()

    asyncio.run(forever())


def bare_command(port):
    return [sys.executable, __file__, "--serve-bare", str(port)]


@dataclass(frozen=True)
class Hall:
    event_id: int
    slug: str
    display_code: str
    mailbox_codes: list
    umpire_sessions: list  # a session key per umpire signed in
    control_session: str
    csrf_token: str


def build_hall(players):
    """Migrate, seed the demo event, seat UMPIRES umpires and `players` players with mailbox codes,
    sign the umpires in and start the clock; the Hall, as plain data."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.utils.crypto import get_random_string

    from bench.hall_world import add_players, display_code, map_tables, seat_umpires
    from umpire.clockwork import do_start_clock
    from umpire.models import Event, UmpireSeat

    call_command("migrate", verbosity=0)
    call_command("seed_demo", stdout=StringIO())  # its list of logins is not the bench's output
    event = Event.objects.get(slug="ad69")
    seat_umpires(event, UMPIRES)
    characters = add_players(event, [table.pk for table in map_tables(event)], players)
    users = {seat.user for seat in UmpireSeat.objects.filter(event=event).select_related("user")}
    sessions = {user.username: signed_in(Client(), user) for user in users}
    do_start_clock(event, actor=None)
    hall = Hall(
        event.pk,
        event.slug,
        display_code(event),
        [character.mailbox.code for character in characters],
        [sessions[name] for name in sorted(sessions)],
        sessions["control"],
        get_random_string(32),
    )
    connection.close()  # SQLite's file, and PostgreSQL's sessions, are the server's from here
    return hall


def signed_in(client, user):
    client.force_login(user)
    return client.cookies["sessionid"].value


def postgres_sessions():
    """Sessions open on the console's database once the run is over and the server still up."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        (count,) = cursor.fetchone()
    connection.close()
    return count - 1  # this query's own


# Output -------------------------------------------------------------------------


def print_report(args, workers, server, console, bare, sessions):
    packages = ", ".join(f"{name} {version(name)}" for name in REPORTED_PACKAGES)
    counts = ", ".join(f"{n} {kind}" for kind, n in mix(args.clients).items())
    print(f"\n{MODES[args.mode]}: {args.clients} sockets ({counts}); {args.rounds} pauses; {packages}")
    print(workers_line(args, workers, server))
    print(f"{'':10} {'':>10} {'':>7} {'':>11}   from the sending, ms      from the button, ms")
    print(
        f"{'':10} {'connected':>10} {'fill s':>7} {'heard':>11} {'p50':>8} {'p99':>8} {'max':>8} {'p50':>8} {'p99':>8}"
    )
    for name, run in (("console", console), ("bare", bare)):
        heard = f"{len(run.latencies)}/{run.hearing * args.rounds}"
        times = " ".join(milliseconds(run.percentile(p)) for p in (50, 99, 100))
        pressed = " ".join(milliseconds(percentile(run.from_button, p)) for p in (50, 99))
        print(f"{name:10} {run.connected:>6}/{run.sockets:<4} {run.fill_seconds:>6.1f} {heard:>11} {times} {pressed}")
        print(
            f"{'':10} the slowest arrival of each pause, ms: {' '.join(milliseconds(t).strip() for t in run.slowest)}"
        )
    p50, p99 = (ratio(console.percentile(p), bare.percentile(p)) for p in (50, 99))
    pressed = ratio(percentile(console.from_button, 99), percentile(bare.from_button, 99))
    print(f"console/bare: p50 {p50}, p99 {p99} from the sending; p99 {pressed} from the button")
    print("The sending is the `now` the server stamps as it numbers the message, once the pause has committed;")
    print("the button is just before Control's POST (the bare server's trigger), its request's own time included.")
    for name, run in (("console", console), ("bare", bare)):
        back = run.reconnect_times
        print(
            f"Wi-Fi drop, {name}: {len(back)}/{run.connected} back, p50 {seconds(percentile(back, 50))}, "
            f"p99 {seconds(percentile(back, 99))}, last {seconds(run.all_back_in())}; "
            f"the pause after: heard by {run.heard_after[0]}/{run.heard_after[1]}"
        )
    for name, run in (("console", console), ("bare", bare)):
        for reason, n in run.failures.most_common():
            print(f"{name}: {n} sockets did not come back: {reason}")
    if console.dropped:
        closed = ", ".join(f"{n} with code {code}" for code, n in console.dropped.items())
        print(f"the console closed {console.dropped.total()} sockets during the pauses ({closed})")
    if sessions is not None:
        print(f"PostgreSQL sessions still open on the console's database: {sessions}")
    print_targets(console, bare)
    sys.stdout.flush()


def print_targets(console, bare):
    floor, mine, back = bare.percentile(99), console.percentile(99), console.all_back_in()
    heard = console.every_pause_heard() and console.heard_after[0] == console.heard_after[1]
    full = console.connected == console.sockets and not console.quiet_closed
    checks = [
        ("every socket connected and every mailbox stayed open", full),
        ("every clock-hearing socket heard every pause", heard),
        (f"p99 at most {TARGET_RATIO} x the bare broadcast's", bool(mine and floor and mine <= TARGET_RATIO * floor)),
        (
            f"every socket back with its snapshot within {TARGET_RECONNECT} s",
            back is not None and back <= TARGET_RECONNECT,
        ),
    ]
    print("targets (issue 34):")
    for words, met in checks:
        print(f"  {'met    ' if met else 'NOT met'}  {words}")


def workers_line(args, workers, server):
    if args.mode == "sqlite":
        return (
            f"console: 1 {server} worker (SQLite mode: its in-memory channel layer is not shared between "
            "processes, so the console runs one); bare: 1 process"
        )
    return (
        f"console: {workers} {server} worker(s), the sockets dealt round-robin over them as a load balancer "
        "would (no balancer process: each client is given its worker's address); bare: 1 process"
    )


def milliseconds(value):
    return f"{value * 1000:>8.1f}" if value is not None else f"{'-':>8}"


def seconds(value):
    return f"{value:.2f} s" if value is not None else "-"


def ratio(mine, floor):
    return f"{mine / floor:.1f}x" if mine is not None and floor else "-"


def print_server_errors(log_paths):
    """The console servers' logged application errors, counted by message."""
    errors = Counter(
        line
        for log_path in log_paths
        for line in Path(log_path).read_text().splitlines()
        if line.startswith(APPLICATION_ERRORS)
    )
    if errors:
        print("The console's server logged:")
        for line, count in errors.most_common():
            print(f"{count:>6} x {line}")


if __name__ == "__main__":
    main()
