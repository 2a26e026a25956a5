"""The clock that waits for Control (issue 29): a turn end missed while the console could not act ends
that turn once and holds; Control catches up to the hall's time or resumes from the held turn; a restore
arrives held; the server process ticks a turn beat's tick has not reached."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError

from tests.umpire.channels_helpers import listen
from umpire import clockwork, ticker
from umpire.events import event_group
from umpire.models import AuditEntry, GameClock, TurnEnd
from umpire.services.access_codes import do_reissue_display_code

T0 = datetime(2026, 12, 5, 11, 0, tzinfo=UTC)
MIN = timedelta(minutes=1)
DOWN_UNTIL = T0 + 65 * MIN  # turn 1 ended at 11:20 unseen, and turn 2 at 11:40, and turn 3 at 12:00


@pytest.fixture
def hook_calls():
    calls = []
    clockwork.register_turn_end_hook("test.record")(lambda event, turn: calls.append(turn))
    yield calls
    clockwork.TURN_END_HOOKS.pop("test.record")


@pytest.fixture
def held(ad69, hook_calls):
    """The hall came back at 12:05 after going down during turn 1."""
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    clockwork.advance_due(DOWN_UNTIL)
    return ad69


def clock_of(event):
    return GameClock.objects.get(event=event)


def test_a_missed_turn_end_ends_that_turn_and_holds_at_the_next_saying_what_and_when(held, hook_calls):
    clock = clock_of(held)
    assert (clock.state, clock.turn, clock.remaining) == ("held", 2, 20 * MIN)
    assert (clock.held_reason, clock.stopped_at, clock.held_at) == ("missed", T0 + 20 * MIN, DOWN_UNTIL)
    assert list(TurnEnd.objects.filter(event=held).values_list("turn", "at")) == [(0, T0), (1, DOWN_UNTIL)]
    assert hook_calls == [0, 1]
    entry = AuditEntry.objects.get(action="clock.held")
    assert entry.actor is None and "Turn 1's end fell due at" in entry.reason and "holds at turn 2" in entry.reason
    assert not AuditEntry.objects.filter(action="clock.advance").exists()


def test_the_hold_is_announced_to_every_screen_of_the_event(ad69, hook_calls, django_capture_on_commit_callbacks):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    with listen([event_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            clockwork.advance_due(DOWN_UNTIL)
        [message] = [m["event"] for m in heard()[event_group(ad69.pk)] if m["event"]["type"] == "clock.changed"]
    assert message["action"] == "clock.held" and message["clock"]["state"] == "held"
    assert message["clock"]["held"]["reason"] == "missed"
    assert message["clock"]["held"]["missed_ends"] == [
        {"turn": 2, "due": (T0 + 40 * MIN).isoformat()},
        {"turn": 3, "due": (T0 + 60 * MIN).isoformat()},
    ]


def test_a_missed_end_of_the_last_turn_finishes_the_game(ad69, hook_calls):
    clockwork.do_set_turn(ad69, turn=ad69.number_of_turns, actor=None, reason="the last", now=T0)
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    clockwork.advance_due(DOWN_UNTIL)
    assert clock_of(ad69).state == "finished" and not AuditEntry.objects.filter(action="clock.held").exists()


def test_a_clock_control_holds_at_each_turn_end_is_never_held_as_missed(ad69, hook_calls):
    clockwork.do_set_auto_advance(ad69, auto_advance=False, actor=None, now=T0)
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    clockwork.advance_due(DOWN_UNTIL)
    assert (clock_of(ad69).state, clock_of(ad69).turn) == ("running", 1)


def test_turning_advance_on_at_a_long_held_turn_end_starts_the_next_turn_whole(ad69, hook_calls):
    clockwork.do_set_auto_advance(ad69, auto_advance=False, actor=None, now=T0)
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    clockwork.do_set_auto_advance(ad69, auto_advance=True, actor=None, now=DOWN_UNTIL)
    clockwork.advance_due(DOWN_UNTIL + timedelta(seconds=1))
    clock = clock_of(ad69)
    assert (clock.state, clock.turn, clock.ends_at) == ("running", 2, DOWN_UNTIL + 20 * MIN)


def test_catching_up_ends_each_missed_turn_in_order_each_audited_and_runs_the_next_to_schedule(held, hook_calls):
    clockwork.do_catch_up_clock(held, actor=None, now=DOWN_UNTIL + MIN)
    clock = clock_of(held)
    assert (clock.state, clock.turn, clock.ends_at) == ("running", 4, T0 + 80 * MIN)
    assert (clock.held_reason, clock.held_at, clock.stopped_at, clock.scheduled_end) == ("", None, None, None)
    assert hook_calls == [0, 1, 2, 3]
    reasons = list(AuditEntry.objects.filter(action="clock.catch_up").order_by("pk").values_list("reason", flat=True))
    assert [reason.split("'s")[0] for reason in reasons] == ["Turn 2", "Turn 3"]


def test_catching_up_past_the_last_turn_finishes_the_game(held, hook_calls):
    clockwork.do_catch_up_clock(held, actor=None, now=T0 + 24 * 60 * MIN)
    assert clock_of(held).state == "finished"
    assert hook_calls == list(range(held.number_of_turns + 1))


def test_resuming_the_held_turn_runs_it_whole_from_now(held, hook_calls):
    clockwork.do_resume_held_turn(held, actor=None, now=DOWN_UNTIL + MIN)
    clock = clock_of(held)
    assert (clock.state, clock.turn, clock.ends_at, clock.held_reason) == ("running", 2, DOWN_UNTIL + 21 * MIN, "")
    assert hook_calls == [0, 1] and AuditEntry.objects.filter(action="clock.resume_held").exists()


@pytest.mark.parametrize(
    "control, refusal",
    [
        (lambda e: clockwork.do_pause_clock(e, actor=None), "The clock is held"),
        (lambda e: clockwork.do_resume_clock(e, actor=None), "The clock is held"),
        (lambda e: clockwork.do_skip_turn(e, actor=None), "The clock is held"),
        (lambda e: clockwork.do_extend_turn(e, minutes=5, actor=None), "The clock is held"),
        (lambda e: clockwork.do_start_clock(e, actor=None), "The clock is held"),
    ],
)
def test_a_held_clock_takes_only_control_s_choice_and_refusals_change_nothing(held, control, refusal):
    before = list(GameClock.objects.values()), AuditEntry.objects.count()
    with pytest.raises(ValidationError, match=refusal):
        control(held)
    assert (list(GameClock.objects.values()), AuditEntry.objects.count()) == before


@pytest.mark.parametrize("choice", [clockwork.do_catch_up_clock, clockwork.do_resume_held_turn])
def test_a_clock_not_held_has_nothing_to_catch_up_or_resume(ad69, choice):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    before = list(GameClock.objects.values()), AuditEntry.objects.count()
    with pytest.raises(ValidationError, match="The clock is running, not held"):
        choice(ad69, actor=None, now=T0 + MIN)
    assert (list(GameClock.objects.values()), AuditEntry.objects.count()) == before


def test_correcting_the_turn_of_a_held_clock_leaves_it_paused_at_that_turn(held):
    clockwork.do_set_turn(held, turn=4, actor=None, reason="we played on by hand", now=DOWN_UNTIL)
    clock = clock_of(held)
    assert (clock.state, clock.turn, clock.remaining, clock.held_reason) == ("paused", 4, 20 * MIN, "")


def test_a_running_clock_restored_from_a_backup_is_held_with_the_backup_s_time_left(ad69, hook_calls):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    backed_up_at = T0 + 5 * MIN
    clockwork.do_hold_restored_clock(ad69, backed_up_at=backed_up_at, now=DOWN_UNTIL)
    clock = clock_of(ad69)
    assert (clock.state, clock.turn, clock.remaining) == ("held", 1, 15 * MIN)
    assert (clock.held_reason, clock.stopped_at, clock.scheduled_end) == ("restored", backed_up_at, T0 + 20 * MIN)
    assert hook_calls == [0] and "Restored from a backup" in AuditEntry.objects.get(action="clock.held").reason
    clockwork.do_catch_up_clock(ad69, actor=None, now=DOWN_UNTIL)
    assert (clock_of(ad69).turn, hook_calls) == (4, [0, 1, 2, 3])


def test_a_paused_clock_restored_stays_paused(ad69):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    clockwork.do_pause_clock(ad69, actor=None, now=T0 + MIN)
    clockwork.do_hold_restored_clock(ad69, backed_up_at=T0 + 2 * MIN, now=DOWN_UNTIL)
    assert clock_of(ad69).state == "paused"


# The server's standby ticker -------------------------------------------------------------------------


def test_the_server_ticks_a_turn_overdue_past_beat_s_tick_and_it_advances_on_schedule(ad69, hook_calls):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    assert not ticker.tick_if_overdue(T0 + 20 * MIN + ticker.STANDBY_AFTER - timedelta(milliseconds=1))
    assert clock_of(ad69).turn == 1
    assert ticker.tick_if_overdue(T0 + 20 * MIN + ticker.STANDBY_AFTER)
    clock = clock_of(ad69)
    assert (clock.state, clock.turn, clock.ends_at, hook_calls) == ("running", 2, T0 + 40 * MIN, [0, 1])


def test_the_server_steps_in_long_before_a_turn_end_counts_as_missed():
    assert ticker.STANDBY_AFTER * 5 <= clockwork.MISSED_AFTER


def test_the_server_leaves_a_turn_control_holds_at_its_end_alone(ad69):
    clockwork.do_set_auto_advance(ad69, auto_advance=False, actor=None, now=T0)
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    assert not ticker.tick_if_overdue(T0 + 30 * MIN)


def test_a_standby_tick_that_fails_is_logged_and_the_thread_goes_on(ad69, monkeypatch, caplog):
    clockwork.do_start_clock(ad69, actor=None, now=T0)
    monkeypatch.setattr("umpire.ticker.clockwork.advance_due", lambda now: 1 / 0)
    assert not ticker.tick_if_overdue(T0 + 30 * MIN)
    assert "the standby tick failed" in caplog.text


# The desk and the projector ---------------------------------------------------------------------------


def test_the_desk_says_what_was_missed_and_what_each_choice_would_do(client, held, control):
    client.force_login(control)
    with time_machine.travel(DOWN_UNTIL + MIN, tick=False):
        page = client.get("/control/ad69/clock/").content.decode()
    assert "Turn 1's end fell due at" in page and "It found this at" in page
    assert "ends turns 2 and 3, each with its turn-end work, then" in page and "turn 4 runs to" in page
    assert "Resume from turn 2" in page and "Pause" not in page and "+5 min" not in page


def test_control_catches_up_from_the_desk(client, held, control):
    client.force_login(control)
    with time_machine.travel(DOWN_UNTIL + MIN, tick=False):
        answer = client.post("/control/ad69/clock/catch-up/", follow=True).content.decode()
    assert "Caught up to the hall&#x27;s time: turn 4" in answer
    assert AuditEntry.objects.filter(action="clock.catch_up", actor=control).count() == 2


def test_control_resumes_the_held_turn_from_the_desk(client, held, control):
    client.force_login(control)
    with time_machine.travel(DOWN_UNTIL + MIN, tick=False):
        answer = client.post("/control/ad69/clock/resume-held/", follow=True).content.decode()
    assert "Turn 2 runs from now" in answer and clock_of(held).state == "running"


def test_a_choice_on_a_clock_no_longer_held_is_refused_by_name(client, held, control):
    client.force_login(control)
    with time_machine.travel(DOWN_UNTIL + MIN, tick=False):
        client.post("/control/ad69/clock/resume-held/")
        before = list(GameClock.objects.values()), AuditEntry.objects.count()
        answer = client.post("/control/ad69/clock/catch-up/", follow=True).content.decode()
    assert "The clock is running, not held" in answer
    assert (list(GameClock.objects.values()), AuditEntry.objects.count()) == before


def test_a_region_umpire_cannot_choose_for_a_held_clock(client, held, make_umpire):
    client.force_login(make_umpire(held, "region", "Gaul"))
    assert client.post("/control/ad69/clock/catch-up/").status_code == 404
    assert client.post("/control/ad69/clock/resume-held/").status_code == 404
    assert clock_of(held).state == "held"


def test_the_projector_says_plainly_the_game_is_held(client, held):
    code = do_reissue_display_code(held, actor=None).code
    page = client.get(f"/display/ad69/?code={code}").content.decode()
    assert "clock-held" in page and "GAME HELD" in page
