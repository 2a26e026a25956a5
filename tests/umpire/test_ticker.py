"""The embedded ticker runs Celery beat's schedule in one-process mode: each task at the first tick, then
every time its interval has passed, and one task that fails stops neither the others nor the ticker."""

import pytest
from django.conf import settings

from umpire.ticker import BeatSchedule


@pytest.fixture(autouse=True)
def connections_left_open(monkeypatch):
    """BeatSchedule closes stale database connections before each task, as a long-lived thread must; once an
    earlier test has opened one, that would need the database, which these tests do not use."""
    monkeypatch.setattr("umpire.ticker.close_old_connections", lambda: None)


RUNS = []


def clock_tick():
    RUNS.append("clock")


def sweep():
    RUNS.append("sweep")


def broken():
    RUNS.append("broken")
    raise RuntimeError("a bad tick")


def test_each_task_runs_at_the_first_tick_and_then_when_its_interval_has_passed():
    RUNS.clear()
    schedule = BeatSchedule(
        {
            "clock": {"task": f"{__name__}.clock_tick", "schedule": 1.0},
            "sweep": {"task": f"{__name__}.sweep", "schedule": 30.0},
        }
    )
    for now in (100.0, 100.5, 101.0, 102.0, 129.9, 130.0):
        schedule.run_due(now)
    assert RUNS == ["clock", "sweep", "clock", "clock", "clock", "sweep"]


def test_a_failing_task_is_logged_and_the_others_still_run(caplog):
    RUNS.clear()
    schedule = BeatSchedule(
        {
            "broken": {"task": f"{__name__}.broken", "schedule": 1.0},
            "clock": {"task": f"{__name__}.clock_tick", "schedule": 1.0},
        }
    )
    schedule.run_due(0.0)
    schedule.run_due(1.0)
    assert RUNS == ["broken", "clock", "broken", "clock"]
    assert "broken failed; it runs again when next due" in caplog.text


def test_the_ticker_runs_beat_s_own_schedule(monkeypatch):
    """The clock's tick and the print shop's sweep, found by their task names: the same tasks beat runs."""
    ran = []
    monkeypatch.setattr("umpire.tasks.clockwork.advance_due", lambda: ran.append("advance_due"))
    monkeypatch.setattr("printshop.tasks.do_resume_stalled_runs", lambda: ran.append("resume"))
    BeatSchedule(settings.CELERY_BEAT_SCHEDULE).run_due(0.0)
    assert sorted(ran) == ["advance_due", "resume"]
