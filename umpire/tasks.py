"""Celery tasks: each takes IDs and calls an idempotent service, so running twice is harmless."""
from celery import shared_task

from umpire import clockwork


@shared_task
def advance_due_clocks():
    """Celery beat's tick, every few seconds."""
    clockwork.advance_due()


@shared_task
def advance_clock_task(event_id):
    """Queued for the moment a turn ends; the beat tick would get there a moment later anyway."""
    clockwork.advance_due()
