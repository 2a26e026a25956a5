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
    if sys.version_info < (3, 11):
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
    helpers = []
    if os.environ.get("REDIS_URL"):
        celery = [str(BIN / "celery"), "-A", "umpire"]
        helpers = [
            subprocess.Popen([*celery, "worker", "--loglevel", "INFO"], cwd=ROOT),
            subprocess.Popen([*celery, "beat", "--loglevel", "INFO", "--schedule", str(ROOT / "var" / "celerybeat-schedule")], cwd=ROOT),
        ]
    print(f"\nThe console is at http://{host}:{port}/  (Ctrl+C stops it)\n", flush=True)
    try:
        subprocess.run([str(BIN / "daphne"), "-b", host, "-p", port, "umpire.asgi:application"], cwd=ROOT)
    except KeyboardInterrupt:
        pass
    finally:
        for helper in helpers:
            helper.send_signal(signal.SIGTERM)
            helper.wait()


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
