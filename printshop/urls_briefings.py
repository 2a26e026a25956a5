"""The print shop's front page, and Control's personal briefings: the list of players, and each one's PDF."""

from django.urls import path

from . import briefing_views, views

urlpatterns = [
    path("events/<slug:slug>/print/", views.home, name="home"),
    path("events/<slug:slug>/print/briefings/", briefing_views.briefings, name="briefings"),
    path("events/<slug:slug>/print/briefings/<int:character_id>/", briefing_views.briefing_pdf, name="briefing"),
]
