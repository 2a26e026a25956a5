"""URLs for the umpire team."""

from django.urls import path

from umpire.views import clock, home, rules, table_console, undo

app_name = "umpire"

urlpatterns = [
    path("", home.home, name="home"),
    path("control/<slug:slug>/clock/", clock.clock_desk, name="clock"),
    path("control/<slug:slug>/clock/schedule.pdf", clock.schedule_pdf, name="clock-schedule-pdf"),
    path("control/<slug:slug>/clock/start/", clock.start, name="clock-start"),
    path("control/<slug:slug>/clock/pause/", clock.pause, name="clock-pause"),
    path("control/<slug:slug>/clock/resume/", clock.resume, name="clock-resume"),
    path("control/<slug:slug>/clock/next-turn/", clock.next_turn, name="clock-next-turn"),
    path("control/<slug:slug>/clock/catch-up/", clock.catch_up, name="clock-catch-up"),
    path("control/<slug:slug>/clock/resume-held/", clock.resume_held, name="clock-resume-held"),
    path("control/<slug:slug>/clock/extend/", clock.extend, name="clock-extend"),
    path("control/<slug:slug>/clock/set-turn/", clock.set_turn, name="clock-set-turn"),
    path("control/<slug:slug>/clock/auto-advance/", clock.auto_advance, name="clock-auto-advance"),
    path("control/<slug:slug>/clock/plan-start/", clock.plan_start, name="clock-plan-start"),
    path("control/<slug:slug>/announcements/", clock.announce, name="announce"),
    path("control/<slug:slug>/announcements/<int:pk>/publish/", clock.publish, name="announcement-publish"),
    path("control/<slug:slug>/announcements/<int:pk>/withdraw/", clock.withdraw, name="announcement-withdraw"),
    path("control/<slug:slug>/hall/", table_console.hall_overview, name="hall"),
    path("control/<slug:slug>/audit/<int:pk>/undo/", undo.undo_entry, name="undo"),
    path("control/<slug:slug>/display-code/", clock.reissue_display, name="display-reissue"),
    path("events/<slug:slug>/rules/", rules.rules_index, name="rules"),
    path("events/<slug:slug>/rules/log/<int:pk>.pdf", rules.rules_record_pdf, name="rules-record-pdf"),
    path("events/<slug:slug>/rules/<str:ruleset>/reference.pdf", rules.rules_reference_pdf, name="rules-reference-pdf"),
    path("events/<slug:slug>/rules/readings/", rules.rules_readings, name="rules-readings"),
    path("events/<slug:slug>/rules/readings/set/", rules.rules_readings_set, name="rules-readings-set"),
    path("events/<slug:slug>/rules/<str:key>/", rules.rules_procedure, name="rules-procedure"),
    path("events/<slug:slug>/rules/<str:key>/save", rules.rules_save, name="rules-save"),
    path("events/<slug:slug>/rules/<str:key>/run", rules.rules_run, name="rules-run"),
]
