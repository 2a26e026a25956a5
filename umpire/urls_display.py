"""URLs for the projector: no login, a display code instead."""

from django.urls import path

from umpire.views import display

app_name = "display"

urlpatterns = [
    path("display/<slug:slug>/", display.projector, name="projector"),
]
