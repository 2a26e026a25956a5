"""The print shop's Celery task: it takes the run's ID and calls the run's idempotent service."""
from celery import shared_task

from printshop.runs import do_print_run


@shared_task
def print_run_task(run_id):
    do_print_run(run_id)
