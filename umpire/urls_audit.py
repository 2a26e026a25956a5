"""URLs of the audit log, Control's alone: the log page and its CSV, with the same filters."""

from django.urls import path

from umpire.views import audit

app_name = "audit"

urlpatterns = [
    path("control/<slug:slug>/audit/", audit.audit_log, name="log"),
    path("control/<slug:slug>/audit/audit.csv", audit.audit_csv, name="csv"),
]
