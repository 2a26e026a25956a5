"""The umpire control console: the Django project package and the console's core."""

from .celery import app as celery_app

__all__ = ["celery_app"]
