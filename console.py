#!/usr/bin/env python3
"""Set up and run the umpire control console with nothing but Python 3.11.

    python3 console.py run            # make .venv, install, migrate, load AD69, serve :8000
    python3 console.py test           # make .venv, install the test tools too, run the whole test suite
    python3 console.py test --quick   # the edit loop: all but the browser, real-process, fuzz and slow tests
    python3 console.py check          # ruff (lint and format) and mypy, as CI runs them

With DATABASE_URL and REDIS_URL set, `run` uses PostgreSQL and Redis and also
starts a Celery worker and beat beside the ASGI server. UMPIRE_BIND=host:port
serves elsewhere than 127.0.0.1:8000, as on the hall's LAN; UMPIRE_TLS=lan, or
UMPIRE_TLS_CERT and UMPIRE_TLS_KEY, serve it over TLS (README, Serving over TLS).
Ctrl+C or SIGTERM stops every process `run` started.
"""

import hashlib
import os
import signal
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
RUNNING = ROOT / "requirements.txt"  # the console's own
TESTING = ROOT / "requirements-test.txt"  # the tests' and the checks', with the console's
# The tests' tiers: `test --quick` leaves out these markers (pytest.ini says what each means).
SLOW_TIERS = ("browser", "real_processes", "fuzz", "slow")


def ensure_environment(requirements):
    """Create the virtual environment and install the pinned requirements when they change."""
    if sys.version_info < (3, 11):  # noqa: UP036 this file runs on whatever python3 the machine has
        sys.exit(f"The console needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / f"{requirements.stem}.sha256"
    wanted = hashlib.sha256(b"".join(path.read_bytes() for path in (RUNNING, requirements))).hexdigest()
    if not stamp.exists() or stamp.read_text() != wanted:
        print(f"Installing the pinned {requirements.name} …", flush=True)
        pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "-r", str(requirements)], check=True)
        stamp.write_text(wanted)


def manage(*args, **kwargs):
    return subprocess.run([str(PYTHON), "manage.py", *args], cwd=ROOT, check=True, **kwargs)


def run():
    host, _, port = os.environ.get("UMPIRE_BIND", "127.0.0.1:8000").rpartition(":")
    stop_on_sigterm()
    try:
        manage("migrate", "--noinput", "-v", "0")
        manage("collectstatic", "--noinput", "-v", "0")
        manage("seed_demo")
        print(f"Sessions are signed with {secret_key_source()}.", flush=True)
        server, address = server_command(host, port)
    except subprocess.CalledProcessError as failed:
        sys.exit(f"The console did not start: {' '.join(map(str, failed.cmd[1:]))} failed (its words are above).")
    helpers = (
        {
            "Celery worker": [*CELERY, "worker", "--loglevel", "INFO"],
            "Celery beat": [
                *CELERY,
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(var_dir() / "celerybeat-schedule"),
            ],
        }
        if os.environ.get("REDIS_URL")
        else {}
    )
    print(f"\nThe console is at {address}  (Ctrl+C stops it)\n", flush=True)
    try:
        supervise(start(server), helpers, start=start)
    except KeyboardInterrupt:
        pass


CELERY = [str(BIN / "celery"), "-A", "umpire"]


def stop_on_sigterm():
    """SIGTERM (systemd, a container, `kill`) stops the console as Ctrl+C does: with every process it started, as
    `supervise` stops them on its way out. Python's default would leave them running, the server holding the port."""
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def start(command):
    return subprocess.Popen(command, cwd=ROOT)


def var_dir():
    return Path(os.environ.get("UMPIRE_VAR_DIR", ROOT / "var"))


def secret_key_source():
    """Which key signs the sessions, never the key itself."""
    if os.environ.get("UMPIRE_SECRET_KEY"):
        return "the key in UMPIRE_SECRET_KEY"
    return f"the key made once for this console, kept in {var_dir() / 'secret_key'} (keep it to yourself)"


def server_command(host, port):
    """The ASGI server's command line (uvicorn, as umpire/server.py sets it for a hall), and the address it
    serves at: over TLS when UMPIRE_TLS or UMPIRE_TLS_CERT asks. With TLS, `tls_endpoint` first makes the
    LAN's certificate if need be and prints which certificate it is and its fingerprint; the server reads
    the same one from the settings."""
    command = [str(PYTHON), "-m", "umpire.server", host, port]
    if not serves_tls():
        return command, f"http://{host}:{port}/"
    manage("tls_endpoint", host, port)
    return command, f"https://{host}:{port}/"


def serves_tls():
    """As umpire.settings decides it; a half-given setting stops `run` rather than serve in clear."""
    tls = os.environ.get("UMPIRE_TLS", "")
    given = [name for name in ("UMPIRE_TLS_CERT", "UMPIRE_TLS_KEY") if os.environ.get(name)]
    if tls not in {"", "lan"}:
        sys.exit(f"UMPIRE_TLS={tls} is not a way to serve: set UMPIRE_TLS=lan, or UMPIRE_TLS_CERT and UMPIRE_TLS_KEY.")
    if len(given) == 1:
        sys.exit(f"{given[0]} is set alone: TLS needs both UMPIRE_TLS_CERT and UMPIRE_TLS_KEY.")
    return tls == "lan" or len(given) == 2


def supervise(server, helpers, *, start, every=1.0):
    """Keep each helper (name: command) running for as long as the server runs, then stop them all.

    A helper that exits is started again: the Celery worker exits for good on some losses of Redis
    (kombu 5.7), and a turn must not wait for someone to notice. Its work is idempotent, so a new
    one picks up where the old one stopped."""
    running = {name: start(command) for name, command in helpers.items()}
    try:
        while server.poll() is None:
            time.sleep(every)
            for name, process in running.items():
                if process.poll() is not None:
                    print(f"The {name} stopped (exit code {process.returncode}); starting it again.", flush=True)
                    running[name] = start(helpers[name])
    finally:
        stop_all([server, *running.values()])


def stop_all(processes, *, patience=20):
    """SIGTERM to each, then SIGKILL to any that has not stopped within `patience` seconds: a Celery worker
    finishes its task first, and one that hangs must not keep the port or the console's name."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + patience
    for process in processes:
        try:
            process.wait(timeout=max(0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test(*pytest_args):
    if "--quick" in pytest_args:
        quick = " and ".join(f"not {tier}" for tier in SLOW_TIERS)
        pytest_args = ("-m", quick, *(arg for arg in pytest_args if arg != "--quick"))
    result = subprocess.run([str(PYTHON), "-m", "pytest", *pytest_args], cwd=ROOT)
    sys.exit(result.returncode)


def check():
    """The checks CI runs before the tests: lint, format and types. Each runs, and any that fails fails."""
    checks = {
        "ruff check": [str(BIN / "ruff"), "check", "."],
        "ruff format": [str(BIN / "ruff"), "format", "--check", "."],
        "mypy": [str(BIN / "mypy")],
    }
    failed = [name for name, command in checks.items() if subprocess.run(command, cwd=ROOT).returncode != 0]
    if failed:
        sys.exit(f"Failed: {', '.join(failed)}.")
    print("ruff and mypy are satisfied.")


def main(argv):
    command = argv[1] if len(argv) > 1 else "run"
    if command not in {"run", "test", "check"}:
        sys.exit(__doc__)
    ensure_environment(RUNNING if command == "run" else TESTING)
    os.chdir(ROOT)
    if command == "run":
        run()
    elif command == "check":
        check()
    else:
        test(*argv[2:])


if __name__ == "__main__":
    main(sys.argv)
