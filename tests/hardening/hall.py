"""The console's own processes, for real: its server (uvicorn), a Celery worker and Celery beat, started as
`console.py run` starts them, on a scratch PostgreSQL database and a Redis of the test's own.

The tests kill them with SIGKILL, as a pulled plug or the kernel's OOM killer would, and start them
again; each is the leader of its own process group, so a kill takes the worker's pool children too.
Nothing here waits without a timeout.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import redis

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
START_TIMEOUT = 60  # seconds for a process to say it is ready (a worker's pool imports all of Django)
ADVANCE_TIMEOUT = 60  # seconds for a due turn to be ended by the hall: beat ticks every second
SETUP_TIMEOUT = 120  # seconds for migrate or seed_demo on a loaded two-core machine
WAIT_STEP = 0.2
# The words each process logs once it is ready: the server is ready when its port answers.
READY_WORDS = {"worker": "ready.", "beat": "beat: Starting..."}
CLAIM_KEY = "umpire-hardening-claim"
TICK_TASK = "umpire.tasks.advance_due_clocks["


# Waiting ------------------------------------------------------------------------------------------


def wait_for(check, *, timeout, what):
    """Poll `check` until it returns something true, and return it; fail saying `what` was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(WAIT_STEP)


def free_port():
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def wait_for_port(port, process):
    """Until `process` accepts connections on `port`, as bench/clock_fanout.py waits for the console's server."""

    def answers():
        if process.poll() is not None:
            raise AssertionError(f"{process.args[0]} exited with {process.returncode} before listening")
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return True
        except OSError:
            return False

    wait_for(answers, timeout=START_TIMEOUT, what=f"{process.args[0]} to listen on port {port}")


# PostgreSQL -----------------------------------------------------------------------------------------


def server_url(database_url, name):
    """The same server and user as `database_url`, naming the database `name`."""
    parts = urlsplit(database_url)
    return parts._replace(path=f"/{name}").geturl()


def run_sql(database_url, statement):
    with psycopg.connect(server_url(database_url, "postgres"), autocommit=True, connect_timeout=5) as admin:
        admin.execute(statement)


@contextmanager
def scratch_database(database_url, *, prefix, template=None):
    """A database of this test's own on `database_url`'s server, copied from `template` if given,
    and dropped afterwards whatever happened, with any session still open on it."""
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    run_sql(database_url, f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    try:
        yield server_url(database_url, name)
    finally:
        run_sql(database_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def database_name(database_url):
    return urlsplit(database_url).path.lstrip("/")


# Redis ------------------------------------------------------------------------------------------------


@contextmanager
def dedicated_redis_db(redis_url):
    """An empty db on the shared Redis, claimed with a key so that no other run takes it, and flushed
    afterwards; the highest free one, as db 0 is the console's own."""
    parts = urlsplit(redis_url)
    for db in range(15, 0, -1):
        store = redis.Redis(host=parts.hostname, port=parts.port or 6379, db=db, socket_connect_timeout=2)
        if store.dbsize() == 0 and store.set(CLAIM_KEY, os.getpid(), nx=True):
            break
        store.close()
    else:
        raise RuntimeError(f"no empty Redis db on {parts.hostname}:{parts.port} for the hall")
    try:
        yield parts._replace(path=f"/{db}").geturl()
    finally:
        store.flushdb()
        store.close()


class PrivateRedis:
    """A redis-server of the test's own on a free loopback port, which the test may kill and start
    again on the same port; the shared Redis is never touched."""

    def __init__(self, workdir):
        self.port, self.workdir, self.process = free_port(), Path(workdir), None
        self.url = f"redis://{HOST}:{self.port}/0"

    def start(self):
        command = [
            "redis-server",
            "--port",
            str(self.port),
            "--bind",
            HOST,
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.workdir),
        ]
        with open(self.workdir / "redis.log", "a") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port, self.process)

    def hang(self):
        """Stop it answering, as a Redis stuck on a full disk or a swapping host does: connections still
        open, as the kernel completes them, and then nothing comes back."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.kill()  # SIGKILL ends a stopped process too
            self.process.wait(10)


# The console's processes -------------------------------------------------------------------------


def console_environment(database_url, redis_url, workdir):
    """A live event's settings, as README's "Running a big event" gives them: no embedded ticker."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "umpire.settings",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "UMPIRE_EMBEDDED_TICKER": "0",
        "UMPIRE_DEBUG": "0",
        "UMPIRE_ALLOWED_HOSTS": HOST,
        "UMPIRE_VAR_DIR": str(workdir),
        "UMPIRE_LOG_LEVEL": "INFO",
    }


def manage(env, *args):
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=SETUP_TIMEOUT,
        stdout=subprocess.DEVNULL,
    )


def play_scene(env, scene):
    """Play one of tests.hardening.staging's scenes on the hall's database; what it made, by id."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.hardening.staging", scene],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=SETUP_TIMEOUT,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


class Hall:
    """The console's server, one Celery worker and one Celery beat, with their logs in `workdir`."""

    def __init__(self, env, workdir):
        self.env, self.workdir = env, Path(workdir)
        self.port = free_port()
        self.processes = {}

    def commands(self):
        celery = [str(BIN / "celery"), "-A", "umpire"]
        return {
            "server": [sys.executable, "-m", "umpire.server", HOST, str(self.port)],  # as console.py run starts it
            "worker": [*celery, "worker", "--loglevel", "INFO"],
            # the same schedule file across restarts, as var/celerybeat-schedule is on the day
            "beat": [*celery, "beat", "--loglevel", "INFO", "--schedule", str(self.workdir / "celerybeat-schedule")],
        }

    def start(self):
        """Start all three, and return once each is ready."""
        marks = {}
        for name, command in self.commands().items():
            log_path = self.log_path(name)
            marks[name] = log_path.stat().st_size if log_path.exists() else 0
            with open(log_path, "a") as log:
                self.processes[name] = subprocess.Popen(
                    command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
                )
        wait_for_port(self.port, self.processes["server"])
        for name, words in READY_WORDS.items():
            wait_for(
                lambda name=name, words=words: self.has_said(name, words, since=marks[name]),
                timeout=START_TIMEOUT,
                what=f"celery {name} to be ready (see {self.log_path(name)})",
            )

    def kill(self):
        """SIGKILL every process of the hall, the worker's pool children with it."""
        for process in self.processes.values():
            try:
                # the group, even if its leader has died already: a worker's pool children may outlive it
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for process in self.processes.values():
            process.wait(10)
        self.processes = {}

    def ticks(self):
        """How many of beat's clock ticks the worker has run, by its log."""
        log = self.log_path("worker").read_text(errors="replace")
        return sum(1 for line in log.splitlines() if TICK_TASK in line and "succeeded" in line)

    def has_said(self, name, words, *, since=0):
        self.check_running(name)
        with open(self.log_path(name), errors="replace") as log:
            log.seek(since)
            return words in log.read()

    def check_all_running(self):
        for name in self.processes:
            self.check_running(name)

    def check_running(self, name):
        if self.processes[name].poll() is not None:
            raise AssertionError(f"{name} exited with {self.processes[name].returncode}:\n{self.last_words(name)}")

    def log_path(self, name):
        return self.workdir / f"{name}.log"

    def last_words(self, name, lines=8):
        """The process's log lines at CRITICAL or ERROR, then its last few lines."""
        said = self.log_path(name).read_text(errors="replace").splitlines()
        alarms = [line for line in said if "CRITICAL/" in line or "ERROR/" in line]
        return "\n".join(alarms[-5:] + ["..."] + said[-lines:])

    def url(self, path):
        return f"http://{HOST}:{self.port}{path}"


@contextmanager
def running_hall(env, workdir):
    hall = Hall(env, workdir)
    try:
        yield hall
    finally:
        hall.kill()


# Reading the hall's database ------------------------------------------------------------------------


class Records:
    """What the hall has saved, read straight from its database: this run's Django settings name another."""

    def __init__(self, database_url):
        self.connection = psycopg.connect(database_url, autocommit=True, connect_timeout=5)

    def rows(self, query, *params):
        return self.connection.execute(query, params).fetchall()

    def value(self, query, *params):
        return self.rows(query, *params)[0][0]

    def clock(self):
        """(turn, state, ends_at) of AD69's clock."""
        return self.rows(
            "SELECT c.turn, c.state, c.ends_at FROM umpire_gameclock c "
            "JOIN umpire_event e ON e.id = c.event_id WHERE e.slug = 'ad69'"
        )[0]

    def set_turn_end(self, ends_at):
        """The test's stand-in for time passing: the running turn now ends at `ends_at`."""
        self.connection.execute("UPDATE umpire_gameclock SET ends_at = %s", (ends_at,))

    def now(self):
        return self.value("SELECT clock_timestamp()")

    def hook_runs(self):
        """{turn: sorted hook names run for its end}, one entry per TurnEnd row."""
        runs = {}
        for turn, hook in self.rows(
            "SELECT t.turn, h.hook FROM umpire_turnend t LEFT JOIN umpire_turnendhookrun h "
            "ON h.turn_end_id = t.id ORDER BY t.turn, h.hook"
        ):
            runs.setdefault(turn, [])
            if hook is not None:
                runs[turn].append(hook)
        return runs

    def turn_ended(self, turn, hooks):
        """Whether the end of `turn` is recorded and every hook has run for it."""
        return self.hook_runs().get(turn) == sorted(hooks)

    def audit_count(self, action):
        return self.value("SELECT count(*) FROM umpire_auditentry WHERE action = %s", action)

    def close(self):
        self.connection.close()


# The clock -----------------------------------------------------------------------------------------------


def turn_end_hooks():
    """Every hook the apps register in ready(), by name, as each of the hall's processes registers them."""
    from umpire.clockwork import TURN_END_HOOKS

    return sorted(TURN_END_HOOKS)


def wait_until_ended(hall, records, turn):
    """Until the end of `turn` is recorded with every hook run, and beat has ticked twice more since, so
    that a second end of the turn, or a hook run again, would have had its chance."""

    def ended():
        hall.check_all_running()  # a process that died says why at once, rather than at the timeout
        return records.turn_ended(turn, turn_end_hooks())

    wait_for(ended, timeout=ADVANCE_TIMEOUT, what=f"the end of turn {turn} and all its hooks")
    ticks = hall.ticks()
    wait_for(lambda: hall.ticks() >= ticks + 2, timeout=ADVANCE_TIMEOUT, what="two more ticks of the clock")


def turn_length(records):
    return timedelta(minutes=records.value("SELECT turn_minutes FROM umpire_event WHERE slug = 'ad69'"))
