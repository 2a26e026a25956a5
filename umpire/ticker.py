"""The embedded ticker: in one-process mode it does what Celery beat does with Redis."""
import logging
import threading
import time

from django.db import close_old_connections

logger = logging.getLogger(__name__)
TICK_SECONDS = 1.0


def start_embedded_ticker():
    thread = threading.Thread(target=_tick_forever, name="clock-ticker", daemon=True)
    thread.start()
    return thread


def _tick_forever():
    from umpire.clockwork import advance_due

    while True:
        try:
            close_old_connections()
            advance_due()
        except Exception:  # the ticker must outlive any one bad tick
            logger.exception("clock tick failed; trying again")
        time.sleep(TICK_SECONDS)
