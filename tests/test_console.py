"""`console.py run` keeps the Celery worker and beat running for as long as the server runs."""

import signal

import console


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

    def wait(self):
        return self.returncode


def test_a_helper_that_exits_is_started_again_and_all_stop_with_the_server(capsys):
    lives = {"worker": [1, 100], "beat": [100]}  # the first worker dies at once; its successor lives on
    started = []

    def start(command):
        started.append(Process(command, lives[command].pop(0)))
        return started[-1]

    server = Process("daphne", 4)
    console.supervise(server, {"Celery worker": "worker", "Celery beat": "beat"}, start=start, every=0)

    assert [process.command for process in started] == ["worker", "beat", "worker"]
    first_worker, beat, second_worker = started
    assert first_worker.signals == [] and beat.signals == second_worker.signals == [signal.SIGTERM]
    assert "The Celery worker stopped (exit code 1); starting it again." in capsys.readouterr().out
