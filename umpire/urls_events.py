"""Control's event pages: a new event from its ruleset's template, and the event's umpire seats and their
passwords."""

from django.urls import path

from umpire.views import events

urlpatterns = [
    path("events/new/", events.new_event, name="new"),
    path("control/<slug:slug>/seats/", events.seats, name="seats"),
    path("control/<slug:slug>/seats/add/", events.seat_umpire, name="seat-add"),
    path("control/<slug:slug>/seats/<int:pk>/remove/", events.remove_seat, name="seat-remove"),
    path("control/<slug:slug>/seats/<int:pk>/password/", events.give_password, name="seat-password"),
]
