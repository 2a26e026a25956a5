"""Celery tasks: each takes IDs and calls an idempotent service, so running twice is harmless."""

from celery import shared_task

from umpire import clockwork


@shared_task
def advance_due_clocks():
    """Celery beat's tick, every second."""
    clockwork.advance_due()
