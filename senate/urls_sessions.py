"""The Senate room's console and the Acta Diurna: for the umpires, and the gazette for the hall."""

from django.urls import path

from . import sessions_views as views

urlpatterns = [
    # the Senate umpire's console, in the Senate room
    path("events/<slug:slug>/senate/", views.home, name="home"),
    path("events/<slug:slug>/senate/sessions/open/", views.open_session, name="session-open"),
    path("events/<slug:slug>/senate/sessions/<int:pk>/close/", views.close_session, name="session-close"),
    path("events/<slug:slug>/senate/sessions/<int:pk>/motions/", views.table_motion, name="session-motion"),
    path("events/<slug:slug>/senate/motions/<int:pk>/vote/", views.vote, name="session-vote"),
    path("events/<slug:slug>/senate/motions/<int:pk>/count/", views.count, name="session-count"),
    path("events/<slug:slug>/senate/publish/<str:kind>/<int:pk>/", views.publish, name="session-publish"),
    path("events/<slug:slug>/senate/edicts/", views.issue_edict, name="session-edict"),
    path("events/<slug:slug>/senate/throne/proclaim/", views.proclaim, name="session-proclaim"),
    path("events/<slug:slug>/senate/throne/claim/", views.add_claimant, name="session-claim"),
    path("events/<slug:slug>/senate/throne/<int:pk>/end/", views.end_claim, name="session-end-claim"),
    # the Acta Diurna: the umpires' page and print, and the hall's (display code, no login)
    path("events/<slug:slug>/senate/acta/", views.acta, name="acta"),
    path("events/<slug:slug>/senate/acta.pdf", views.acta_diurna_pdf, name="acta-pdf"),
    path("display/<slug:slug>/acta/", views.acta_display, name="acta-display"),
]
