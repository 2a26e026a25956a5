"""Control's backups: the snapshots, one to download, and how often they are written."""

from django.urls import path

from . import views

app_name = "backups"

urlpatterns = [
    path("control/<slug:slug>/backups/", views.snapshots, name="snapshots"),
    path("control/<slug:slug>/backups/schedule/", views.set_schedule, name="schedule"),
    path("control/<slug:slug>/backups/<str:name>", views.download, name="download"),
]
