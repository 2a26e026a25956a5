"""`console.py`: `run` keeps the Celery worker and beat running for as long as the server runs; `test` and
`check` run the tiers and the checks; each installs what it needs and no more."""

import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import console
from tests.hardening.hall import HOST, free_port, wait_for, wait_for_port


class Process:
    """A process that exits of itself after `polls` looks at it, or when it is told to stop."""

    def __init__(self, command, polls):
        self.command, self.polls, self.returncode, self.signals = command, polls, None, []

    def poll(self):
        self.polls -= 1
        if self.returncode is None and self.polls < 0:
            self.returncode = 1
        return self.returncode

    def send_signal(self, sig):
        self.signals.append(sig)
        self.returncode = -sig

    def wait(self, timeout=None):
        return self.returncode


def test_a_helper_that_exits_is_started_again_and_all_stop_with_the_server(capsys):
    lives = {"worker": [1, 100], "beat": [100]}  # the first worker dies at once; its successor lives on
    started = []

    def start(command):
        started.append(Process(command, lives[command].pop(0)))
        return started[-1]

    server = Process("server", 4)
    console.supervise(server, {"Celery worker": "worker", "Celery beat": "beat"}, start=start, every=0)

    assert [process.command for process in started] == ["worker", "beat", "worker"]
    first_worker, beat, second_worker = started
    assert first_worker.signals == [] and beat.signals == second_worker.signals == [signal.SIGTERM]
    assert "The Celery worker stopped (exit code 1); starting it again." in capsys.readouterr().out


def test_quick_leaves_out_the_slow_tiers_and_passes_the_rest_to_pytest(monkeypatch):
    ran = []
    monkeypatch.setattr(
        console.subprocess, "run", lambda command, cwd: ran.append(command) or SimpleNamespace(returncode=0)
    )
    with pytest.raises(SystemExit) as exit:
        console.test("--quick", "tests/regions", "-x")
    assert exit.value.code == 0
    assert ran[0][1:] == [
        "-m",
        "pytest",
        "-m",
        "not browser and not real_processes and not fuzz and not slow",
        "tests/regions",
        "-x",
    ]


def test_the_whole_suite_runs_every_tier(monkeypatch):
    ran = []
    monkeypatch.setattr(
        console.subprocess, "run", lambda command, cwd: ran.append(command) or SimpleNamespace(returncode=1)
    )
    with pytest.raises(SystemExit) as exit:
        console.test()
    assert exit.value.code == 1 and ran[0][1:] == ["-m", "pytest"]


def test_every_tier_the_quick_run_leaves_out_is_a_declared_marker(pytestconfig):
    declared = {line.split(":")[0].strip() for line in pytestconfig.getini("markers")}
    assert set(console.SLOW_TIERS) <= declared


def test_run_installs_the_console_s_own_requirements_and_test_the_test_tools_too(monkeypatch, tmp_path):
    installed = []
    monkeypatch.setattr(console, "VENV", tmp_path)
    monkeypatch.setattr(console, "PYTHON", tmp_path / "python")
    (tmp_path / "python").touch()
    monkeypatch.setattr(console.subprocess, "run", lambda command, check: installed.append(command[-1]))
    console.ensure_environment(console.RUNNING)
    console.ensure_environment(console.TESTING)
    console.ensure_environment(console.TESTING)  # nothing changed: nothing installed
    assert installed == [str(console.RUNNING), str(console.TESTING)]


def test_the_runtime_requirements_hold_no_test_tool():
    running = {line.split("==")[0].lower() for line in console.RUNNING.read_text().splitlines() if "==" in line}
    assert running and not running & {"pytest", "playwright", "hypothesis", "schemathesis", "ruff", "mypy"}


def test_check_fails_when_any_check_fails_and_runs_them_all(monkeypatch):
    ran = []

    def run(command, cwd):
        ran.append(command[0].rsplit("/", 1)[-1])
        return SimpleNamespace(returncode=1 if "format" in command else 0)

    monkeypatch.setattr(console.subprocess, "run", run)
    with pytest.raises(SystemExit, match="Failed: ruff format"):
        console.check()
    assert ran == ["ruff", "ruff", "mypy"]


SUPERVISED = """
import subprocess, sys
import console
console.stop_on_sigterm()
server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", sys.argv[1]])
helpers = {"Celery worker": [sys.executable, "-c", "import time; time.sleep(600)"]}
console.supervise(server, helpers, start=subprocess.Popen, every=0.1)
"""


def children_of(pid):
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in found]


@pytest.mark.real_processes
def test_sigterm_stops_every_process_the_console_started_and_frees_the_port():
    port = free_port()
    console_process = subprocess.Popen([sys.executable, "-c", SUPERVISED, str(port)], cwd=console.ROOT)
    try:
        wait_for_port(port, console_process)
        started = wait_for(
            lambda: len(children_of(console_process.pid)) == 2 and children_of(console_process.pid),
            timeout=30,
            what="the server and its helper",
        )
        console_process.send_signal(signal.SIGTERM)
        assert console_process.wait(timeout=30) == 128 + signal.SIGTERM
        assert not [pid for pid in started if Path(f"/proc/{pid}").exists()]
        with socket.socket() as probe:
            probe.bind((HOST, port))  # free again
    finally:
        console_process.kill()


def test_the_console_says_which_key_signs_sessions_and_never_the_key(monkeypatch):
    monkeypatch.setenv("UMPIRE_SECRET_KEY", "the-key-itself")
    assert console.secret_key_source() == "the key in UMPIRE_SECRET_KEY"
    monkeypatch.delenv("UMPIRE_SECRET_KEY")
    monkeypatch.setenv("UMPIRE_VAR_DIR", "/srv/umpire/var")
    assert "/srv/umpire/var/secret_key" in console.secret_key_source()


@pytest.mark.parametrize(
    "environment, refusal",
    [
        ({"UMPIRE_TLS": "yes"}, "UMPIRE_TLS=yes is not a way to serve"),
        ({"UMPIRE_TLS_CERT": "/etc/hall/cert.pem"}, "UMPIRE_TLS_CERT is set alone"),
    ],
)
def test_a_half_given_tls_setting_stops_run_rather_than_serve_in_clear(monkeypatch, environment, refusal):
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit, match=refusal):
        console.server_command("0.0.0.0", "8443")


def test_without_tls_the_server_serves_plain_http(monkeypatch):
    for name in ("UMPIRE_TLS", "UMPIRE_TLS_CERT", "UMPIRE_TLS_KEY"):
        monkeypatch.delenv(name, raising=False)
    command, address = console.server_command("0.0.0.0", "8000")
    assert command[1:] == ["-m", "umpire.server", "0.0.0.0", "8000"] and address == "http://0.0.0.0:8000/"


def test_with_tls_the_certificate_is_made_and_named_before_the_server_starts(monkeypatch):
    monkeypatch.setenv("UMPIRE_TLS", "lan")
    asked = []
    monkeypatch.setattr(console, "manage", lambda *args, **kwargs: asked.append(args))
    command, address = console.server_command("0.0.0.0", "8443")
    assert asked == [("tls_endpoint", "0.0.0.0", "8443")]
    assert command[1:] == ["-m", "umpire.server", "0.0.0.0", "8443"] and address == "https://0.0.0.0:8443/"
