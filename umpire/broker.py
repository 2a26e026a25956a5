"""Queuing Celery tasks while Redis, the broker, may be down.

A task is queued after its change has committed, so a broker that cannot be reached must not
turn the saved change into an error page, nor hold the page while kombu retries. Every task
here calls an idempotent service that something else also reaches (beat's tick, a run that
prints where it was asked for), so a task that was never queued is caught up, not lost.
"""

import logging

from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)
# kombu's own retries would hold the page for seconds before giving up, and a Redis that has stopped
# answering (but not closed its port) for ever; one try of two seconds is plenty on loopback
FAIL_FAST = {"max_retries": 0, "socket_connect_timeout": 2, "socket_timeout": 2}


def queue_task(task, args, *, otherwise=None):
    """Queue `task(*args)` to run now; with the broker down, log it and call `otherwise()`."""
    try:
        with task.app.connection_for_write(transport_options=FAIL_FAST) as connection:
            task.apply_async(args, retry=False, connection=connection)
    except OperationalError as error:
        logger.warning("task %s%r not queued, the broker is unreachable: %s", task.name, tuple(args), error)
        if otherwise is not None:
            otherwise()
