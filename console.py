#!/usr/bin/env python3
"""Set up and run the umpire control console with nothing but Python 3.11.

    python3 console.py run    # make .venv, install, migrate, load AD69, serve :8000
    python3 console.py test   # make .venv, install, run the whole test suite

With DATABASE_URL and REDIS_URL set, `run` uses PostgreSQL and Redis and also
starts a Celery worker and beat beside the ASGI server. UMPIRE_BIND=host:port
serves elsewhere than 127.0.0.1:8000, as on the hall's LAN.
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
REQUIREMENTS = ROOT / "requirements.txt"
STAMP = VENV / "requirements.sha256"


def ensure_environment():
    """Create the virtual environment and install the pinned requirements when they change."""
    if sys.version_info < (3, 11):  # noqa: UP036 this file runs on whatever python3 the machine has
        sys.exit(f"The console needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()
    if not STAMP.exists() or STAMP.read_text() != wanted:
        print("Installing the pinned requirements …", flush=True)
        pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "-r", str(REQUIREMENTS)], check=True)
        STAMP.write_text(wanted)


def manage(*args):
    subprocess.run([str(PYTHON), "manage.py", *args], cwd=ROOT, check=True)


def run():
    host, _, port = os.environ.get("UMPIRE_BIND", "127.0.0.1:8000").rpartition(":")
    manage("migrate", "--noinput", "-v", "0")
    manage("collectstatic", "--noinput", "-v", "0")
    manage("seed_demo")
    celery = [str(BIN / "celery"), "-A", "umpire"]
    helpers = (
        {
            "Celery worker": [*celery, "worker", "--loglevel", "INFO"],
            "Celery beat": [
                *celery,
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(ROOT / "var" / "celerybeat-schedule"),
            ],
        }
        if os.environ.get("REDIS_URL")
        else {}
    )
    print(f"\nThe console is at http://{host}:{port}/  (Ctrl+C stops it)\n", flush=True)
    server = subprocess.Popen([str(BIN / "daphne"), "-b", host, "-p", port, "umpire.asgi:application"], cwd=ROOT)
    try:
        supervise(server, helpers, start=lambda command: subprocess.Popen(command, cwd=ROOT))
    except KeyboardInterrupt:
        pass


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
        for process in [server, *running.values()]:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            process.wait()


def test(*pytest_args):
    result = subprocess.run([str(PYTHON), "-m", "pytest", *pytest_args], cwd=ROOT)
    sys.exit(result.returncode)


def main(argv):
    command = argv[1] if len(argv) > 1 else "run"
    if command not in {"run", "test"}:
        sys.exit(__doc__)
    ensure_environment()
    os.chdir(ROOT)
    if command == "run":
        run()
    else:
        test(*argv[2:])


if __name__ == "__main__":
    main(sys.argv)
