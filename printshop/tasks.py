"""The print shop's Celery tasks: each calls an idempotent service, so running twice is harmless."""

from celery import shared_task

from printshop.runs import do_print_run, do_resume_stalled_runs


@shared_task
def print_run_task(run_id):
    do_print_run(run_id)


@shared_task
def resume_stalled_print_runs():
    """Celery beat's sweep, every half minute."""
    do_resume_stalled_runs()
