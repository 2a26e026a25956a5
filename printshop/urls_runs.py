"""Batch printing: the runs, and each finished run's merged PDF and ZIP."""

from django.urls import path

from . import run_views

urlpatterns = [
    path("events/<slug:slug>/print/runs/", run_views.print_runs, name="runs"),
    path("events/<slug:slug>/print/runs/<int:run_id>.pdf", run_views.run_pdf, name="run-pdf"),
    path("events/<slug:slug>/print/runs/<int:run_id>.zip", run_views.run_zip, name="run-zip"),
]
