"""The Celery application; beat and workers are only started when REDIS_URL is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")

app = Celery("umpire")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
