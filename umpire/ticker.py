"""The embedded ticker: in one-process mode it runs Celery beat's schedule itself, in this process."""

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)
TICK_SECONDS = 1.0


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
