"""Control's readiness page: everything still missing before the doors open."""

from django.urls import path

from umpire.views import readiness

urlpatterns = [
    path("control/<slug:slug>/readiness/", readiness.readiness, name="page"),
]
