from django.urls import path

from . import views

app_name = "boardgames"

urlpatterns = [
    path("events/<slug:slug>/trackers/", views.trackers, name="trackers"),
    path("events/<slug:slug>/trackers/open/", views.open_tracker, name="tracker-open"),
    path("events/<slug:slug>/trackers/open-standard/", views.open_standard_trackers, name="tracker-open-standard"),
    path("events/<slug:slug>/trackers/<int:pk>/move/", views.move_tracker, name="tracker-move"),
    path("events/<slug:slug>/trackers/<int:pk>/propose/", views.propose_move, name="tracker-propose"),
    path("events/<slug:slug>/trackers/moves/<int:pk>/confirm/", views.confirm_move, name="tracker-confirm"),
    path("events/<slug:slug>/trackers/moves/<int:pk>/reject/", views.reject_move, name="tracker-reject"),
    path("events/<slug:slug>/trackers/feeds/add/", views.add_feed, name="tracker-feed-add"),
    path("events/<slug:slug>/trackers/feeds/<int:pk>/remove/", views.remove_feed, name="tracker-feed-remove"),
    path("events/<slug:slug>/data/", views.data_tables, name="data-tables"),
    path("events/<slug:slug>/data/prepare/", views.prepare_tables, name="data-prepare"),
    path("events/<slug:slug>/data/<slug:key>/", views.data_table, name="data-table"),
    path("events/<slug:slug>/data/<slug:key>/import/", views.import_table, name="data-import"),
    path("events/<slug:slug>/data/<slug:key>.csv", views.export_table, name="data-export"),
    path("events/<slug:slug>/sequence/", views.sequence, name="sequence"),
    path("events/<slug:slug>/sequence/advance/", views.advance, name="sequence-advance"),
    path("events/<slug:slug>/sequence/tick/", views.tick, name="sequence-tick"),
]
