"""The game clock's machinery: Control's controls, advancing when due, and turn-end hooks.

Every change locks the clock's row first, so two workers, the embedded ticker
and Control's hand cannot interleave. A turn ends once: the advance records a
TurnEnd row under the lock, and each app's hook then runs in its own
transaction beside a TurnEndHookRun row, so a failing hook is retried on the
next tick without stopping the clock or running anything twice.
"""

import logging
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, time, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from umpire.events import ClockChanged, ClockWarning, event_group, publish_on_commit
from umpire.models import Event, GameClock, TurnEnd, TurnEndHookRun
from umpire.selectors import get_clock_state
from umpire.services.audit import Actor, record_audit, snapshot

# hook(event, turn): what an app does once at the end of every turn
TurnEndHook = Callable[[Event, int], object]

logger = logging.getLogger(__name__)
State = GameClock.State
WARNING_MINUTES = (5, 1)  # issue: warnings go out at T-5 and T-1
# A running turn's end not acted on this long after it fell due is one the console could not act on
# (every process down, or none able to tick): the clock ends that turn and holds for Control. A healthy
# hall acts within about two seconds (beat ticks each second, and the server's standby ticker steps in
# once a turn is two seconds overdue); fifteen seconds leaves room for a tick slowed by a loaded machine
# or a slow database, and is too short a loss for any table to notice when a quick restart carries on.
MISSED_AFTER = timedelta(seconds=15)
TURN_END_HOOKS: dict[str, TurnEndHook] = {}


def register_turn_end_hook(name: str) -> Callable[[TurnEndHook], TurnEndHook]:
    """Register `hook(event, turn)` to run once at the end of every turn; apps call this in ready()."""

    def register(hook: TurnEndHook) -> TurnEndHook:
        TURN_END_HOOKS[name] = hook
        return hook

    return register


# Control's controls ------------------------------------------------------------


def do_start_clock(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    """Start the game's first turn (or the turn Control has set) with its time left.

    The turn before it counts as ended, the eve of the game, so the turn-end hooks prepare the
    first turn as they prepare every other: its tax statements are drawn up then."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.SCHEDULED}, "start")
        _run_for(clock, clock.remaining or clock.turn_length, now)
        eve, _ = TurnEnd.objects.get_or_create(event=clock.event, turn=clock.turn - 1, defaults={"at": now})
        _saved(clock, "clock.start", actor=actor, now=now)
    _run_hooks_after_commit(event, [eve])
    return clock


def do_pause_clock(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    """Freeze the turn's time left."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.RUNNING}, "pause")
        clock.state, clock.ends_at, clock.remaining = State.PAUSED, None, clock.time_left(now)
        _saved(clock, "clock.pause", actor=actor, now=now)
    return clock


def do_resume_clock(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    with _locked(event, now) as (clock, now):
        _require(clock, {State.PAUSED}, "resume")
        assert clock.remaining is not None  # a paused clock keeps its time left
        _run_for(clock, clock.remaining, now)
        _saved(clock, "clock.resume", actor=actor, now=now)
    return clock


def do_extend_turn(
    event: Event, *, minutes: int, actor: Actor, now: datetime | None = None, reason: str = ""
) -> GameClock:
    """Add `minutes` to the turn, or take them away when negative; the turn keeps some time."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.SCHEDULED, State.RUNNING, State.PAUSED}, "extend")
        left = clock.time_left(now) or clock.turn_length
        if left + timedelta(minutes=minutes) <= timedelta(0):
            raise ValidationError(
                {"minutes": (f"The turn has only {_mm_ss(left)} left; it cannot be shortened by {-minutes} minutes.")}
            )
        if clock.is_running:
            assert clock.ends_at is not None  # a running clock has its end
            clock.ends_at = max(clock.ends_at, now) + timedelta(minutes=minutes)
        else:
            clock.remaining = left + timedelta(minutes=minutes)
        _reset_warnings(clock, now)
        _saved(clock, "clock.extend", actor=actor, now=now, reason=reason or f"{minutes:+d} minutes")
    return clock


def do_skip_turn(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    """End this turn now and start the next: also how Control confirms a held turn end."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.RUNNING, State.PAUSED}, "end the turn of")
        ended = [_end_turn(clock, now, next_starts=now)]
        if clock.state == State.PAUSED:
            clock.remaining = clock.turn_length
        _saved(clock, "clock.next_turn", actor=actor, now=now)
    _run_hooks_after_commit(event, ended)
    return clock


def do_catch_up_clock(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    """Take a held clock to the hall's time: end each turn whose scheduled end has passed, in order, each
    audited with its hooks, then run the current turn to its scheduled end (or finish after the last)."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.HELD}, "catch up")
        assert clock.scheduled_end is not None  # a held clock keeps its schedule
        clock.state, clock.ends_at, clock.remaining = State.RUNNING, clock.scheduled_end, None
        _clear_hold(clock)
        ended = []
        while clock.is_due(now):
            due = clock.ends_at
            assert due is not None  # a clock that is due has its end
            ended.append(_end_turn(clock, now, next_starts=due))
            _saved(clock, "clock.catch_up", actor=actor, now=now, reason=f"Turn {ended[-1]}'s end, due at {_at(due)}.")
        if not ended:
            reason = f"No turn's end had passed: turn {clock.turn} runs to {_at(clock.ends_at)} as scheduled."
            _saved(clock, "clock.catch_up", actor=actor, now=now, reason=reason)
    _run_hooks_after_commit(event, ended)
    return clock


def do_resume_held_turn(event: Event, *, actor: Actor, now: datetime | None = None) -> GameClock:
    """Start the held turn now with its time left: a whole turn after a missed end, what the backup
    held after a restore."""
    with _locked(event, now) as (clock, now):
        _require(clock, {State.HELD}, "resume the held turn of")
        assert clock.remaining is not None  # a held clock keeps its time left
        _run_for(clock, clock.remaining, now)
        _clear_hold(clock)
        _reset_warnings(clock, now)
        _saved(clock, "clock.resume_held", actor=actor, now=now)
    return clock


def do_hold_restored_clock(event: Event, *, backed_up_at: datetime, now: datetime | None = None) -> GameClock:
    """A clock restored running waits for Control: its time stood still from the backup's moment, and no
    turn end runs until Control catches up or resumes. A clock that was not running stays as it was."""
    with _locked(event, now) as (clock, now):
        if clock.is_running:
            assert clock.ends_at is not None  # a running clock has its end
            left = max(clock.ends_at - backed_up_at, timedelta(0))
            _hold(clock, GameClock.HeldReason.RESTORED, now, stopped_at=backed_up_at, left=left)
            reason = f"Restored from a backup taken at {_at(backed_up_at)}; turn {clock.turn} had {_mm_ss(left)} left."
            _saved(clock, "clock.held", actor=None, now=now, reason=reason)
    return clock


def do_set_turn(event: Event, *, turn: int, actor: Actor, now: datetime | None = None, reason: str) -> GameClock:
    """Correct the turn number; no turn-end hooks run, as no turn has been played out. A finished or held
    clock stands paused at the turn set, with a whole turn: the correction is Control's answer to a hold."""
    with _locked(event, now) as (clock, now):
        if not 1 <= turn <= event.number_of_turns:
            raise ValidationError({"turn": f"The turn must be between 1 and {event.number_of_turns}."})
        if not reason.strip():
            raise ValidationError({"reason": "Say why the turn is being corrected."})
        clock.turn = turn
        if clock.state in (State.FINISHED, State.HELD):
            clock.state, clock.remaining = State.PAUSED, clock.turn_length
            _clear_hold(clock)
        _reset_warnings(clock, now)
        _saved(clock, "clock.set_turn", actor=actor, now=now, reason=reason)
    return clock


def do_set_auto_advance(event: Event, *, auto_advance: bool, actor: Actor, now: datetime | None = None) -> GameClock:
    """Turn advancing by itself on or off. A turn held at its end for Control ends at the next tick, and
    the next turn starts then, a whole turn long: it was Control who held it, not a missed end."""
    with _locked(event, now) as (clock, now):
        if auto_advance and clock.is_holding(now):
            clock.ends_at = now
        clock.auto_advance = auto_advance
        _saved(clock, "clock.auto_advance", actor=actor, now=now)
    return clock


def do_plan_start(
    event: Event, *, first_turn_time: time | None, actor: Actor, now: datetime | None = None
) -> GameClock:
    """The time of day the first turn is to begin, for the schedule."""
    with _locked(event, now) as (clock, now):
        clock.first_turn_time = first_turn_time
        _saved(clock, "clock.plan_start", actor=actor, now=now)
    return clock


# Advancing when due -----------------------------------------------------------


def advance_due(now: datetime | None = None) -> None:
    """Advance every running clock whose turn is over, send due warnings, run waiting hooks.

    Safe to call as often as anyone likes, from as many processes as there are: Celery beat's
    tick every second and the embedded ticker do. No task waits in the queue for a turn's end:
    a worker holding one when Redis drops dies restoring it (kombu 5.7), and the tick is enough.
    """
    now = now or timezone.now()
    soon = now + timedelta(minutes=max(WARNING_MINUTES))
    running = GameClock.objects.filter(state=State.RUNNING, ends_at__lte=soon).values_list("event_id", flat=True)
    for event_id in running:
        advance_clock(event_id, now)
    run_pending_hooks()


def advance_clock(event_id: int, now: datetime) -> None:
    """Advance one event's clock past every turn that has ended by `now`, if it is due."""
    with transaction.atomic():
        clock = GameClock.objects.select_for_update(of=("self",)).select_related("event").get(event_id=event_id)
        if _was_missed(clock, now):
            ended = [_end_missed_turn(clock, now)]
        else:
            ended = _end_due_turns(clock, now)
    _run_hooks_after_commit(clock.event, ended)


def _was_missed(clock: GameClock, now: datetime) -> bool:
    """Whether the running turn's end fell due so long ago that no process can have been there to act."""
    if not (clock.is_due(now) and clock.auto_advance):
        return False
    assert clock.ends_at is not None  # a clock that is due has its end
    return clock.ends_at + MISSED_AFTER < now


def _end_due_turns(clock: GameClock, now: datetime) -> list[int]:
    ended = []
    while clock.is_due(now) and clock.auto_advance:
        assert clock.ends_at is not None  # a clock that is due has its end
        ended.append(_end_turn(clock, now, next_starts=clock.ends_at))
    if ended:
        _saved(clock, "clock.advance", actor=None, now=now)
    else:
        _warn_if_due(clock, now)
    return ended


def _end_missed_turn(clock: GameClock, now: datetime) -> int:
    """End the turn whose end was missed, then hold at the next for Control; after the last, finish."""
    missed = clock.ends_at
    assert missed is not None  # a missed turn was running to its end
    ended = _end_turn(clock, now, next_starts=missed)
    if clock.state == State.FINISHED:
        _saved(clock, "clock.advance", actor=None, now=now)
        return ended
    _hold(clock, GameClock.HeldReason.MISSED, now, stopped_at=missed, left=clock.turn_length)
    reason = (
        f"Turn {ended}'s end fell due at {_at(missed)} while the console could not act; found at {_at(now)}, "
        f"when turn {ended} ended. The clock holds at turn {clock.turn} for Control."
    )
    _saved(clock, "clock.held", actor=None, now=now, reason=reason)
    return ended


def run_pending_hooks(event: Event | None = None) -> None:
    """Run every registered hook for every ended turn it has not yet run for."""
    turn_ends = TurnEnd.objects.select_related("event").prefetch_related("hook_runs")
    if event is not None:
        turn_ends = turn_ends.filter(event=event)
    for turn_end in turn_ends.order_by("event", "turn"):
        done = {run.hook for run in turn_end.hook_runs.all()}
        for name in TURN_END_HOOKS.keys() - done:
            _run_hook(turn_end, name)


def _run_hook(turn_end: TurnEnd, name: str) -> None:
    try:
        with transaction.atomic():
            TurnEndHookRun.objects.create(turn_end=turn_end, hook=name)
            TURN_END_HOOKS[name](turn_end.event, turn_end.turn)
    except IntegrityError:
        pass  # another worker ran it: its row is there
    except Exception:
        logger.exception(
            "turn-end hook %s failed for turn %s of %s; it will be retried", name, turn_end.turn, turn_end.event
        )


def _run_hooks_after_commit(event: Event, ended: Sequence[object]) -> None:
    if ended and TURN_END_HOOKS:
        run_pending_hooks(event)


def _end_turn(clock: GameClock, now: datetime, *, next_starts: datetime) -> int:
    """Record the end of the clock's turn and start the next, or finish after the last."""
    TurnEnd.objects.create(event=clock.event, turn=clock.turn, at=now)
    ended = clock.turn
    if clock.is_last_turn():
        clock.state, clock.ends_at, clock.remaining = State.FINISHED, None, None
    else:
        clock.turn += 1
        if clock.is_running:
            clock.ends_at = next_starts + clock.turn_length
    clock.warned_minutes = None
    return ended


def _warn_if_due(clock: GameClock, now: datetime) -> None:
    left = clock.time_left(now)
    due = [m for m in WARNING_MINUTES if left <= timedelta(minutes=m) and (clock.warned_minutes or 99) > m]
    if due:
        clock.warned_minutes = min(due)
        clock.save(update_fields=["warned_minutes"])
        warning = ClockWarning(turn=clock.turn, minutes_left=clock.warned_minutes)
        publish_on_commit([event_group(clock.event_id)], warning)


def _reset_warnings(clock: GameClock, now: datetime) -> None:
    """After a change of time, warnings go out again when their moment comes round."""
    left = clock.time_left(now) or clock.turn_length
    passed = [m for m in WARNING_MINUTES if left <= timedelta(minutes=m)]
    clock.warned_minutes = min(passed) if passed else None


# Shared steps -----------------------------------------------------------------


@contextmanager
def _locked(event: Event, now: datetime | None) -> Iterator[tuple[GameClock, datetime]]:
    """Lock the event's clock row for one change, with `now` fixed for all of it."""
    with transaction.atomic():
        clock = GameClock.objects.select_for_update(of=("self",)).select_related("event").get(event=event)
        yield clock, now or timezone.now()


def _hold(clock: GameClock, reason: str, now: datetime, *, stopped_at: datetime, left: timedelta) -> None:
    """Hold the running clock at its turn, keeping where that turn ends on the schedule it kept."""
    clock.scheduled_end, clock.ends_at = clock.ends_at, None
    clock.state, clock.remaining = State.HELD, left
    clock.held_reason, clock.held_at, clock.stopped_at = reason, now, stopped_at
    clock.warned_minutes = None


def _clear_hold(clock: GameClock) -> None:
    clock.held_reason, clock.held_at, clock.stopped_at, clock.scheduled_end = "", None, None, None


def _run_for(clock: GameClock, left: timedelta, now: datetime) -> None:
    clock.state, clock.ends_at, clock.remaining = State.RUNNING, now + left, None


def _require(clock: GameClock, states: Collection[str], verb: str) -> None:
    if clock.is_held and State.HELD not in states:
        raise ValidationError("The clock is held: catch up to the hall's time or resume from the held turn first.")
    if State.HELD in states and not clock.is_held:
        raise ValidationError(f"The clock is {clock.get_state_display().lower()}, not held: there is no held turn.")
    if clock.state not in states:
        raise ValidationError(f"The clock is {clock.get_state_display().lower()}: Control cannot {verb} it now.")


def _saved(clock: GameClock, action: str, *, actor: Actor, now: datetime, reason: str = "") -> None:
    before = snapshot(GameClock.objects.get(pk=clock.pk))
    # A clock is its event's for life and no change here touches that: checking it again (the event there,
    # no other clock of its) was two round trips of every turn's end, before the hall heard of it.
    clock.full_clean(exclude=["event"])
    clock.save()
    record_audit(
        event=clock.event, actor=actor, action=action, target=clock, before=before, after=snapshot(clock), reason=reason
    )
    publish_on_commit([event_group(clock.event_id)], ClockChanged(action=action, clock=get_clock_state(clock, now)))


def _at(moment: datetime) -> str:
    return f"{timezone.localtime(moment):%H:%M:%S}"


def _mm_ss(duration: timedelta) -> str:
    seconds = int(duration.total_seconds())
    return f"{seconds // 60}:{seconds % 60:02d}"
