"""The server process's tickers. In one-process mode the embedded ticker runs Celery beat's schedule
itself; beside Celery, the standby ticker ends a turn that beat's tick has not reached in time.

Beat's tick needs the broker and a free slot in the worker's pool. While Redis is down neither comes,
and a worker printing two long runs has no slot free; either way the turn's end would wait, and once
it had waited past clockwork.MISSED_AFTER the clock would hold as if the whole hall had been down. So
each server process looks once a second for a running turn overdue by STANDBY_AFTER and, finding one,
runs the tick itself: turn ends are idempotent (the clock's row lock, a TurnEnd per turn), so it does
no harm when beat's tick comes too.
"""

import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone
from django.utils.module_loading import import_string

from umpire import clockwork
from umpire.models import GameClock

logger = logging.getLogger(__name__)
TICK_SECONDS = 1.0
# beat's tick comes each second, so a turn two seconds past its end is one beat's tick has not reached
STANDBY_AFTER = timedelta(seconds=2)


class BeatSchedule:
    """Beat's schedule by the monotonic clock: each task runs at the first tick, then every `schedule` seconds."""

    def __init__(self, entries):
        self.entries = entries
        self.due = dict.fromkeys(entries, float("-inf"))

    def run_due(self, now):
        for name, entry in self.entries.items():
            if now >= self.due[name]:
                self.due[name] = now + entry["schedule"]
                self.run(name, entry["task"])

    @staticmethod
    def run(name, task):
        try:
            close_old_connections()
            import_string(task)()  # a Celery task called as a function runs here and now
        except Exception:  # one bad run must stop neither the other tasks nor the ticker
            logger.exception("%s failed; it runs again when next due", name)


def start_embedded_ticker():
    thread = threading.Thread(target=_tick_forever, name="beat-ticker", daemon=True)
    thread.start()
    return thread


def _tick_forever():
    schedule = BeatSchedule(settings.CELERY_BEAT_SCHEDULE)
    while True:
        schedule.run_due(time.monotonic())
        time.sleep(TICK_SECONDS)


def start_standby_ticker():
    thread = threading.Thread(target=_stand_by_forever, name="standby-ticker", daemon=True)
    thread.start()
    return thread


def _stand_by_forever():
    while True:
        close_old_connections()
        tick_if_overdue(timezone.now())
        time.sleep(TICK_SECONDS)


def tick_if_overdue(now):
    """Run the clock's tick here if a running turn is overdue by STANDBY_AFTER; whether it ran."""
    try:
        overdue = GameClock.objects.filter(
            state=GameClock.State.RUNNING, auto_advance=True, ends_at__lte=now - STANDBY_AFTER
        ).exists()
        if overdue:
            logger.warning("a turn's end is overdue and beat's tick has not come: the server ticks the clock")
            clockwork.advance_due(now)
        return overdue
    except Exception:  # a database gone for a moment must not end the thread
        logger.exception("the standby tick failed; it looks again in a second")
        return False
