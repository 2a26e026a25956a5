"""URLs for the umpire team's word to one another: follow-ups between tables, and the rulings log."""

from django.urls import path

from umpire.views import followups, rulings

follow_up_patterns = [
    path("events/<slug:slug>/follow-ups/", followups.my_follow_ups, name="mine"),
    path("events/<slug:slug>/follow-ups/send/", followups.send_follow_up, name="send"),
    path("events/<slug:slug>/follow-ups/<int:pk>/acknowledge/", followups.acknowledge, name="acknowledge"),
    path("events/<slug:slug>/tables/<int:pk>/follow-ups/", followups.table_inbox, name="table"),
    path("control/<slug:slug>/follow-ups/", followups.control_inbox, name="control"),
]

ruling_patterns = [
    path("events/<slug:slug>/rulings/", rulings.rulings, name="index"),
    path("events/<slug:slug>/rulings/record/", rulings.record_ruling, name="record"),
]
