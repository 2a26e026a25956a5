"""What the live benchmarks share: the console's real processes started on loopback, a scratch
PostgreSQL database (or SQLite file) and a dedicated Redis db for each run, websocket clients as a browser opens
them, and the figures they print. Nothing here imports Django: a benchmark configures the
environment first, so the servers it starts and its own Django read the same settings."""

import asyncio
import os
import resource
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import redis
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # loopback only: the servers, PostgreSQL and Redis
PG_USER = "postgres"
# PostgreSQL's Unix socket (Debian's directory), for a bench asked to reach it that way and not over TCP
PG_SOCKET = "/var/run/postgresql"
CONNECT_TIMEOUT = 10  # seconds for one client's handshake (and snapshot)
SERVER_START_TIMEOUT = 30
CLIENT_OPTIONS = {"proxy": None, "ping_interval": None, "close_timeout": 2, "open_timeout": None}


# Processes ------------------------------------------------------------------------


def uvicorn_command(port):
    """The console's server (uvicorn, umpire/server.py), started as console.py starts it."""
    return [sys.executable, "-m", "umpire.server", HOST, str(port)]


def daphne_command(port):
    """The console's server before issue 34, Daphne, started as console.py started it: to compare with."""
    daphne = str(Path(sys.executable).with_name("daphne"))
    return [daphne, "-b", HOST, "-p", str(port), "--websocket_connect_timeout", "30", "umpire.asgi:application"]


SERVERS = {"uvicorn": uvicorn_command, "daphne": daphne_command}


def server_workers(stack, count, log_folder, server="uvicorn"):
    """Start `count` workers of `server` (a name in SERVERS), each on a port of its own, until `stack`
    closes: as README's "ASGI workers" runs a big event. Their ports, and their logs (uvicorn-1.log, ...
    in `log_folder`)."""
    ports = [free_port() for _ in range(count)]
    logs = [Path(log_folder) / f"{server}-{n + 1}.log" for n in range(count)]
    for port, log in zip(ports, logs):
        stack.enter_context(running(SERVERS[server](port), port, log))
    return ports, logs


def celery_command(*args):
    """A Celery process of the console's, as console.py's run() starts its worker and beat."""
    return [str(Path(sys.executable).with_name("celery")), "-A", "umpire", *args]


@contextmanager
def running(command, port, log_path):
    """Run a process until the block ends, its output in `log_path`; from the moment it accepts
    connections on `port`, or at once if it serves none (`port` None)."""
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        try:
            if port is not None:
                wait_for_port(port, process)
            yield process
        finally:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_for_port(port, process):
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{process.args[0]} did not start listening on port {port}")


def free_port():
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def raise_open_file_limit(clients):
    """Room for a socket per client here and in each server, which inherit this limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * clients + 256
    if soft < wanted:
        allowed = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (allowed, hard))


# Scratch stores -------------------------------------------------------------------


@contextmanager
def dedicated_redis_db(db):
    """Redis db `db` for this run: refused unless empty, so nobody's data is lost, and flushed after."""
    store = redis.Redis(host=HOST, db=db)
    if store.dbsize():
        sys.exit(f"Redis db {db} is not empty; choose an empty one with --redis-db.")
    store.close()
    url = f"redis://{HOST}:6379/{db}"
    try:
        yield url
    finally:
        flush_redis_db(url)


def flush_redis_db(url):
    """Empty the run's Redis db: channel-layer groups, Celery's queue and its tasks held for later."""
    store = redis.Redis.from_url(url)
    store.flushdb()
    store.close()


@contextmanager
def scratch_database(prefix, *, template=None, through_socket=False):
    """A PostgreSQL database for this run only (a copy of `template`, if named), dropped afterwards
    even with sessions still open. The process id in its name keeps two runs side by side apart. Its
    URL reaches PostgreSQL on loopback TCP, or `through_socket`, its Unix socket."""
    name = f"{prefix}_{os.getpid()}"
    copy = ["-T", template] if template else []
    subprocess.run(["createdb", "-h", HOST, "-U", PG_USER, *copy, name], check=True)
    try:
        yield postgres_url(name, through_socket)
    finally:
        subprocess.run(["dropdb", "--force", "-h", HOST, "-U", PG_USER, name], check=False)


def postgres_url(name, through_socket):
    """A URL's host may be a socket's directory, written with its slashes escaped."""
    host = PG_SOCKET.replace("/", "%2F") if through_socket else f"{HOST}:5432"
    return f"postgres://{PG_USER}@{host}/{name}"


@contextmanager
def scratch_sqlite_file(folder, prefix, *, template=None):
    """A SQLite database file in `folder` for this run only (a copy of the file `template`, if named, which
    nobody may have open), removed afterwards with the journal beside it."""
    path = Path(folder) / f"{prefix}.sqlite3"
    if template:
        shutil.copyfile(template, path)
    try:
        yield f"sqlite:///{path}"
    finally:
        for leftover in (path, path.with_name(f"{path.name}-journal")):
            leftover.unlink(missing_ok=True)


def configure_environment(database_url, redis_url, **more):
    """Settings for this process and the servers it starts: a live event's, with no ticker."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "umpire.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "UMPIRE_EMBEDDED_TICKER": "0",
            "UMPIRE_ALLOWED_HOSTS": HOST,
            "UMPIRE_DEBUG": "0",
            "UMPIRE_LOG_LEVEL": "WARNING",
            **more,
        }
    )


# Clients --------------------------------------------------------------------------


async def open_client(url, greeted, headers=None, timeout=CONNECT_TIMEOUT, failures=None):
    """A connected client, or None; a `greeted` one (the console's) counts once its snapshot has
    come. It says it comes from the page's own origin, as a browser does. A client that fails is
    counted in `failures`, if given, by what went wrong."""
    origin = "http://" + url.split("/")[2]
    ws = None
    try:
        async with asyncio.timeout(timeout):
            ws = await connect(url, origin=origin, additional_headers=headers, **CLIENT_OPTIONS)
            if greeted:
                await ws.recv()
        return ws
    except (OSError, TimeoutError, WebSocketException) as error:
        if failures is not None:
            failures[f"{type(error).__name__}: {error}"[:120]] += 1
        if ws is not None:
            await ws.close()
        return None


# Figures --------------------------------------------------------------------------


def percentile(values, p):
    """Nearest-rank percentile of `values`; None if there are none."""
    ranked = sorted(values)
    return ranked[max(0, -(-len(ranked) * p // 100) - 1)] if ranked else None


# The machine's CPUs, as /proc/stat counts them since it started, in ticks: (busy, stolen, all). Busy is every
# process's time and the kernel's; stolen is what the host gave other machines while this one waited to run.
BUSY_FIELDS = ("user", "nice", "system", "irq", "softirq")
CPU_FIELDS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def machine_cpu(stat=Path("/proc/stat")):
    counted = dict(zip(CPU_FIELDS, map(int, stat.read_text().split("\n", 1)[0].split()[1:]), strict=False))
    busy = sum(counted[name] for name in BUSY_FIELDS)
    return busy, counted["steal"], sum(counted.values())


def machine_shares(before, after):
    """(busy, stolen) between two `machine_cpu` readings, each as a share of all the machine's CPUs' time."""
    busy, stolen, ticks = (end - start for start, end in zip(before, after, strict=True))
    return (busy / ticks, stolen / ticks) if ticks else (0.0, 0.0)


def progress(message):
    print(message, file=sys.stderr, flush=True)
