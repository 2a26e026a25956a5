from django.urls import path

from . import report_views, siege_views, views

app_name = "warfare"

urlpatterns = [
    # battles: the table's desk, run on a tablet while the players roll their dice
    path("events/<slug:slug>/battles/", views.battles, name="battles"),
    path("events/<slug:slug>/battles/open/", views.open_battle, name="battle-open"),
    path("events/<slug:slug>/battles/odds/", views.battle_odds, name="battle-odds"),
    path("events/<slug:slug>/battles/blank-sheet.pdf", views.blank_sheet_pdf, name="battle-blank-sheet"),
    path("events/<slug:slug>/battles/<int:pk>/", views.battle, name="battle"),
    path("events/<slug:slug>/battles/<int:pk>/sheet.pdf", views.battle_sheet_pdf, name="battle-sheet"),
    path("events/<slug:slug>/battles/<int:pk>/record.pdf", views.battle_record_pdf, name="battle-record"),
    path("events/<slug:slug>/battles/<int:pk>/claim/", views.claim, name="battle-claim"),
    path("events/<slug:slug>/battles/<int:pk>/release/", views.release, name="battle-release"),
    path("events/<slug:slug>/battles/<int:pk>/take-over/", views.take_over, name="battle-take-over"),
    path("events/<slug:slug>/battles/<int:pk>/fight/", views.fight, name="battle-fight"),
    path("events/<slug:slug>/battles/<int:pk>/call-off/", views.call_off, name="battle-call-off"),
    path("events/<slug:slug>/battles/<int:pk>/deploy/", views.deploy, name="battle-deploy"),
    path("events/<slug:slug>/battles/<int:pk>/round/", views.fight_round, name="battle-round"),
    path("events/<slug:slug>/battles/<int:pk>/override/", views.override, name="battle-override"),
    path("events/<slug:slug>/battles/<int:pk>/verdict/", views.verdict, name="battle-verdict"),
    path("events/<slug:slug>/battles/<int:pk>/propose-losses/", views.propose_losses, name="battle-propose"),
    path("events/<slug:slug>/battles/<int:pk>/place-losses/", views.place_losses, name="battle-place"),
    path("events/<slug:slug>/battles/<int:pk>/confirm/", views.confirm, name="battle-confirm"),
    path("events/<slug:slug>/battles/<int:pk>/publish/", views.publish, name="battle-publish"),
    # sieges: each month's work at the table, kept from turn to turn
    path("events/<slug:slug>/sieges/", siege_views.sieges, name="sieges"),
    path("events/<slug:slug>/sieges/begin/", siege_views.begin_siege, name="siege-begin"),
    path("events/<slug:slug>/sieges/<int:pk>/", siege_views.siege, name="siege"),
    path("events/<slug:slug>/sieges/<int:pk>/sheet.pdf", siege_views.siege_sheet_pdf, name="siege-sheet"),
    path("events/<slug:slug>/sieges/<int:pk>/record.pdf", siege_views.siege_record_pdf, name="siege-record"),
    path("events/<slug:slug>/sieges/<int:pk>/build-engines/", siege_views.build_engines, name="siege-build"),
    path("events/<slug:slug>/sieges/<int:pk>/reduce-defences/", siege_views.reduce_defences, name="siege-reduce"),
    path("events/<slug:slug>/sieges/<int:pk>/assault/", siege_views.assault, name="siege-assault"),
    path("events/<slug:slug>/sieges/<int:pk>/lift/", siege_views.lift_siege, name="siege-lift"),
    path(
        "events/<slug:slug>/sieges/assaults/<int:pk>/<slug:side>/place-losses/",
        siege_views.place_losses,
        name="siege-losses",
    ),
    path("display/<slug:slug>/battles/", report_views.reports, name="reports"),
]
