"""The game clock: Control's controls and advancing when due, with time held still by time-machine."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.umpire.test_records import world_state
from umpire import clockwork
from umpire.models import AuditEntry, GameClock, TurnEnd, TurnEndHookRun

T0 = datetime(2026, 12, 5, 11, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)


@pytest.fixture
def hook_calls():
    """A turn-end hook that records each (turn) it is run for."""
    calls = []
    clockwork.register_turn_end_hook("test.record")(lambda event, turn: calls.append(turn))
    yield calls
    clockwork.TURN_END_HOOKS.pop("test.record")


def clock_of(event):
    return GameClock.objects.get(event=event)


def started(event, at=T0):
    return clockwork.do_start_clock(event, actor=None, now=at)


def test_start_runs_the_first_turn_for_its_length(ad69, control):
    clock = clockwork.do_start_clock(ad69, actor=control, now=T0)
    assert clock.state == "running" and clock.ends_at == T0 + 20 * MIN
    entry = AuditEntry.objects.get(action="clock.start")
    assert entry.actor == control and entry.game_date == "September 68"
    assert (entry.before["state"], entry.after["state"]) == ("scheduled", "running")


def test_pause_freezes_the_time_left_and_resume_picks_it_up(ad69):
    started(ad69)
    clockwork.do_pause_clock(ad69, actor=None, now=T0 + 5 * MIN)
    clock = clock_of(ad69)
    assert clock.time_left(T0 + 45 * MIN) == 15 * MIN
    clockwork.advance_due(T0 + 45 * MIN)
    assert clock_of(ad69).turn == 1
    clockwork.do_resume_clock(ad69, actor=None, now=T0 + 45 * MIN)
    assert clock_of(ad69).ends_at == T0 + 60 * MIN


def test_time_left_follows_the_wall_clock_while_running(ad69):
    started(ad69)
    with time_machine.travel(T0 + 7 * MIN + timedelta(seconds=30), tick=False):
        from django.utils import timezone

        assert clock_of(ad69).time_left(timezone.now()) == 12 * MIN + timedelta(seconds=30)


def test_extend_and_shorten_a_running_turn(ad69):
    started(ad69)
    clockwork.do_extend_turn(ad69, minutes=5, actor=None, now=T0 + MIN)
    assert clock_of(ad69).ends_at == T0 + 25 * MIN
    clockwork.do_extend_turn(ad69, minutes=-10, actor=None, now=T0 + MIN)
    assert clock_of(ad69).ends_at == T0 + 15 * MIN


def test_extend_a_paused_turn_adds_to_its_frozen_time(ad69):
    started(ad69)
    clockwork.do_pause_clock(ad69, actor=None, now=T0 + 10 * MIN)
    clockwork.do_extend_turn(ad69, minutes=3, actor=None, now=T0 + 30 * MIN)
    assert clock_of(ad69).remaining == 13 * MIN


def test_shortening_past_the_end_is_refused_and_changes_nothing(ad69):
    started(ad69)
    before = world_state(), list(GameClock.objects.values())
    with pytest.raises(ValidationError) as refusal:
        clockwork.do_extend_turn(ad69, minutes=-15, actor=None, now=T0 + 8 * MIN)
    assert refusal.value.message_dict["minutes"] == [
        "The turn has only 12:00 left; it cannot be shortened by 15 minutes."
    ]
    assert (world_state(), list(GameClock.objects.values())) == before


@pytest.mark.parametrize("action", [clockwork.do_pause_clock, clockwork.do_resume_clock, clockwork.do_skip_turn])
def test_controls_refuse_in_the_wrong_state_and_change_nothing(ad69, action):
    before = world_state(), list(GameClock.objects.values())
    with pytest.raises(ValidationError, match="The clock is scheduled: Control cannot"):
        action(ad69, actor=None, now=T0)
    assert (world_state(), list(GameClock.objects.values())) == before


def test_advance_due_advances_once_at_the_turn_end_without_drift(ad69, hook_calls):
    started(ad69)
    clockwork.advance_due(T0 + 20 * MIN - timedelta(seconds=1))
    assert clock_of(ad69).turn == 1
    clockwork.advance_due(T0 + 20 * MIN + timedelta(seconds=3))
    clockwork.advance_due(T0 + 20 * MIN + timedelta(seconds=4))
    clock = clock_of(ad69)
    assert (clock.turn, clock.ends_at) == (2, T0 + 40 * MIN)
    assert hook_calls == [0, 1]  # the eve of the game, when the clock started, then turn 1
    assert list(TurnEnd.objects.values_list("turn", flat=True)) == [0, 1]


def test_starting_the_clock_ends_the_eve_of_the_first_turn_once(ad69, hook_calls):
    clockwork.do_set_turn(ad69, turn=4, actor=None, now=T0, reason="the game opens in December")
    started(ad69)
    assert hook_calls == [3]
    assert list(TurnEnd.objects.values_list("turn", flat=True)) == [3]


def test_a_tick_a_few_seconds_late_keeps_the_schedule(ad69, hook_calls):
    started(ad69)
    clockwork.advance_due(T0 + 20 * MIN + clockwork.MISSED_AFTER)
    clock = clock_of(ad69)
    assert (clock.turn, clock.state, clock.ends_at) == (2, "running", T0 + 40 * MIN)
    assert hook_calls == [0, 1]


def test_after_a_long_outage_the_clock_ends_the_missed_turn_once_and_holds(ad69, hook_calls):
    """The catch-up itself is Control's choice (tests/umpire/test_clock_held.py)."""
    started(ad69)
    clockwork.advance_due(T0 + 65 * MIN)
    clock = clock_of(ad69)
    assert (clock.turn, clock.month().name, clock.state, clock.scheduled_end) == (2, "October", "held", T0 + 40 * MIN)
    assert hook_calls == [0, 1]
    clockwork.advance_due(T0 + 66 * MIN)
    assert hook_calls == [0, 1] and clock_of(ad69).state == "held"


def test_holding_at_turn_end_waits_for_control(ad69, hook_calls):
    clockwork.do_set_auto_advance(ad69, auto_advance=False, actor=None, now=T0)
    started(ad69)
    clockwork.advance_due(T0 + 25 * MIN)
    clock = clock_of(ad69)
    assert clock.turn == 1 and clock.is_holding(T0 + 25 * MIN) and hook_calls == [0]
    clockwork.do_skip_turn(ad69, actor=None, now=T0 + 26 * MIN)
    clock = clock_of(ad69)
    assert (clock.turn, clock.ends_at, hook_calls) == (2, T0 + 46 * MIN, [0, 1])


def test_skipping_a_paused_turn_starts_the_next_paused_and_full(ad69, hook_calls):
    started(ad69)
    clockwork.do_pause_clock(ad69, actor=None, now=T0 + 5 * MIN)
    clockwork.do_skip_turn(ad69, actor=None, now=T0 + 6 * MIN)
    clock = clock_of(ad69)
    assert (clock.turn, clock.state, clock.remaining, hook_calls) == (2, "paused", 20 * MIN, [0, 1])


def test_the_last_turn_ends_the_game(ad69, hook_calls):
    clockwork.do_set_turn(ad69, turn=21, actor=None, now=T0, reason="test the end")
    started(ad69)
    clockwork.advance_due(T0 + 21 * MIN)
    clock = clock_of(ad69)
    assert (clock.state, clock.turn, clock.ends_at, hook_calls) == ("finished", 21, None, [20, 21])


def test_a_failing_hook_is_retried_without_stopping_the_clock(ad69, hook_calls):
    attempts = []

    def flaky(event, turn):
        attempts.append(turn)
        if len(attempts) == 1:
            raise RuntimeError("the post tray fell over")

    clockwork.register_turn_end_hook("test.flaky")(flaky)
    try:
        started(ad69)  # the eve's run fails
        assert attempts == [0] and hook_calls == [0]
        clockwork.advance_due(T0 + 20 * MIN)
        assert clock_of(ad69).turn == 2 and hook_calls == [0, 1]
        clockwork.advance_due(T0 + 21 * MIN)
        clockwork.advance_due(T0 + 22 * MIN)
        assert attempts == [0, 0, 1] and hook_calls == [0, 1]
        assert TurnEndHookRun.objects.filter(hook="test.flaky").count() == 2
    finally:
        clockwork.TURN_END_HOOKS.pop("test.flaky")


def test_warnings_go_out_once_at_five_and_one_minutes(ad69, django_capture_on_commit_callbacks):
    from tests.umpire.channels_helpers import listen

    started(ad69)
    with listen([f"event-{ad69.pk}"]) as heard:
        for minute in (10, 15, 16, 17, 19, 19.5):
            with django_capture_on_commit_callbacks(execute=True):
                clockwork.advance_due(T0 + minute * MIN)
        warnings = [m["event"] for m in heard().get(f"event-{ad69.pk}", []) if m["event"]["type"] == "clock.warning"]
    assert [(w["turn"], w["minutes_left"]) for w in warnings] == [(1, 5), (1, 1)]


def test_set_turn_is_an_audited_correction_that_runs_no_hooks(ad69, hook_calls):
    started(ad69)
    clockwork.do_set_turn(ad69, turn=7, actor=None, now=T0 + MIN, reason="we forgot to advance")
    clock = clock_of(ad69)
    assert (clock.turn, str(clock.month()), hook_calls) == (7, "March 69", [0])  # only the eve, at the start
    entry = AuditEntry.objects.get(action="clock.set_turn")
    assert (entry.before["turn"], entry.after["turn"], entry.reason) == (1, 7, "we forgot to advance")


@pytest.mark.parametrize("turn, reason, field", [(0, "x", "turn"), (22, "x", "turn"), (3, " ", "reason")])
def test_set_turn_refuses_bad_input_by_name(ad69, turn, reason, field):
    before = list(GameClock.objects.values()), AuditEntry.objects.count()
    with pytest.raises(ValidationError) as refusal:
        clockwork.do_set_turn(ad69, turn=turn, actor=None, now=T0, reason=reason)
    assert field in refusal.value.message_dict
    assert (list(GameClock.objects.values()), AuditEntry.objects.count()) == before


def test_clock_changes_reach_the_event_group_with_the_whole_clock(ad69, django_capture_on_commit_callbacks):
    from tests.umpire.channels_helpers import listen

    with listen([f"event-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            started(ad69)
        message = heard()[f"event-{ad69.pk}"][0]
    clock = message["event"]["clock"]
    assert message["event"]["type"] == "clock.changed" and message["event"]["action"] == "clock.start"
    assert (clock["state"], clock["turn"], clock["month"], clock["tax_turn"]) == ("running", 1, "September 68", True)
    assert clock["winter_at_sea"] == ["Northern", "Gaul", "North Africa"]
    assert clock["winter_on_land"] == []
    assert "now" in message and "now" in clock


def test_a_turn_played_out_on_the_wall_clock(ad69, hook_calls):
    """No `now` passed anywhere: every step reads the (travelling) wall clock."""
    with time_machine.travel(T0, tick=False) as traveller:
        clockwork.do_start_clock(ad69, actor=None)
        traveller.shift(6 * MIN)
        clockwork.do_pause_clock(ad69, actor=None)
        traveller.shift(30 * MIN)
        clockwork.do_extend_turn(ad69, minutes=2, actor=None)
        clockwork.do_resume_clock(ad69, actor=None)
        assert clock_of(ad69).ends_at == T0 + 36 * MIN + 16 * MIN
        traveller.shift(16 * MIN)
        clockwork.advance_due()
    clock = clock_of(ad69)
    assert (clock.turn, clock.ends_at, hook_calls) == (2, T0 + 72 * MIN, [0, 1])


def test_with_a_celery_worker_no_task_waits_in_the_queue_for_the_turns_end(
    ad69, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """A worker holding a task until its ETA dies when Redis drops (kombu 5.7): beat's tick ends the turn."""
    from celery.app.task import Task

    settings.CELERY_TASK_ALWAYS_EAGER = False
    queued = []
    monkeypatch.setattr(Task, "apply_async", lambda task, *args, **options: queued.append(task.name))
    with django_capture_on_commit_callbacks(execute=True):
        started(ad69)
    assert queued == []


def test_celery_beat_ticks_the_clock_every_second_and_a_stale_tick_is_dropped():
    from umpire.celery import app
    from umpire.tasks import advance_due_clocks

    schedule = app.conf.beat_schedule["advance-due-clocks"]
    assert schedule["task"] == advance_due_clocks.name and schedule["schedule"] == 1.0
    # a worker back after an outage finds the last ticks only, not one for every second it was away
    assert schedule["options"]["expires"] <= 5


def test_a_clock_change_checks_only_what_it_changed(ad69):
    """A clock is its event's for life: saving a change checks neither that the event is there nor that no
    other clock is its, two round trips of every turn's end before the hall hears of it (issue 34)."""
    started(ad69)
    with CaptureQueriesContext(connection) as queries:
        clockwork.advance_due(T0 + 20 * MIN)
    statements = [query["sql"] for query in queries]
    assert clock_of(ad69).turn == 2
    assert not [sql for sql in statements if 'FROM "umpire_event" WHERE "umpire_event"."id" =' in sql]
    assert not [sql for sql in statements if 'NOT ("umpire_gameclock"."id" =' in sql]
