"""Trackers' changes: opening one, the umpire's moves, and a procedure's proposals, which wait
until the umpire confirms or rejects them. A move that would take the tracker past a bound is
refused, naming the bound, and changes nothing.

A tracker's feeds (TrackerFeed) read a saved rules run's outcome: `propose_from_run(run, actor=)` is
called as the run is saved, and proposes each fed tracker's move once per run and feed."""

import json

from django.core.exceptions import ValidationError
from django.db.transaction import atomic
from django.utils import timezone

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Event, ProcedureRun, Region
from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedure
from umpire.selectors import get_turn
from umpire.services.audit import Actor, record_audit, snapshot

from ..events import TrackerMoved
from ..models import Tracker, TrackerFeed, TrackerMove
from ..registry import get_standard_trackers
from ..selectors import get_tracker_scope

State = TrackerMove.State
Mode = TrackerFeed.Mode


def is_user(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated


def check_within_bounds(tracker: Tracker, value: int, field: str) -> None:
    """Raises, naming the bound, when `value` lies outside the tracker's bounds."""
    if tracker.minimum is not None and value < tracker.minimum:
        raise ValidationError({field: f"{tracker} would stand at {value}, below its minimum of {tracker.minimum}."})
    if tracker.maximum is not None and value > tracker.maximum:
        raise ValidationError({field: f"{tracker} would stand at {value}, above its maximum of {tracker.maximum}."})


def check_keeps(tracker: Tracker, actor: Actor) -> None:
    """A tracker at a table is moved by that table's umpire or Control; one at no table by Control. The
    console's own proposals (no umpire) answer to the procedure that made them."""
    if is_user(actor) and not get_tracker_scope(actor, tracker.event).covers(tracker):
        keeper = f"the {tracker.table} table's umpire" if tracker.table_id else "Control"
        raise ValidationError({"tracker": f"{tracker} is kept by {keeper}: it is not yours to move."})


def tracker_groups(tracker: Tracker) -> list[str]:
    return [control_group(tracker.event_id)] + ([table_group(tracker.table_id)] if tracker.table_id else [])


def locked(tracker: Tracker) -> Tracker:
    return Tracker.objects.select_for_update(of=("self",)).select_related("event", "table").get(pk=tracker.pk)


def do_open_tracker(
    event: Event,
    *,
    name: str,
    minimum: int | None = None,
    maximum: int | None = None,
    start: int | None = 0,
    table: Region | None = None,
    source: str = "",
    actor: Actor,
) -> Tracker:
    """A new tracker, standing at `start`: its first confirmed move. With `start` None it opens not set (no move):
    its rulebook gives no starting figure, and its keeper's first move sets it."""
    with atomic():
        tracker = Tracker(
            event=event, name=(name or "").strip(), minimum=minimum, maximum=maximum, table=table, source=source or ""
        )
        tracker.full_clean()
        if start is not None:
            check_within_bounds(tracker, start, "start")
        tracker.save()
        record_audit(event=event, actor=actor, action="tracker.opened", target=tracker, after=snapshot(tracker))
        if start is not None:
            write_move(tracker, change=start, reason=f"Opened at {start}", state=State.CONFIRMED, actor=actor)
        return tracker


def do_open_standard_trackers(event: Event, *, actor: Actor) -> list[Tracker]:
    """The trackers the event's ruleset keeps in every game that the event has not opened yet, each at its
    start; those already open (by name) are left as they stand, so a second click opens nothing."""
    with atomic():
        open_names = set(Tracker.objects.select_for_update().filter(event=event).values_list("name", flat=True))
        return [
            do_open_tracker(
                event,
                name=standard.name,
                minimum=standard.minimum,
                maximum=standard.maximum,
                start=standard.start,
                source=standard.source,
                actor=actor,
            )
            for standard in get_standard_trackers(event.ruleset)
            if standard.name not in open_names
        ]


def do_move_tracker(tracker: Tracker, *, change: int, reason: str, actor: Actor) -> TrackerMove:
    """The umpire's word: the tracker moves by `change` at once. A tracker not set is set at `change` (0 too): its
    first move is its starting figure."""
    with atomic():
        tracker = locked(tracker)
        check_keeps(tracker, actor)
        if tracker.value is None:
            check_within_bounds(tracker, change, "change")
            reason = f"Set at {change}: {(reason or '').strip()}"[:300]
        else:
            check_change(change)
            check_within_bounds(tracker, tracker.value + change, "change")
        return write_move(tracker, change=change, reason=reason, state=State.CONFIRMED, actor=actor)


def do_propose_tracker_move(
    tracker: Tracker,
    *,
    change: int,
    reason: str,
    procedure: str = "",
    from_run: ProcedureRun | None = None,
    from_feed: TrackerFeed | None = None,
    actor: Actor,
) -> TrackerMove:
    """A change a rules procedure's result calls for; it counts only once the umpire confirms it.
    `from_run` and `from_feed`: the saved run and the feed it was read from, if it was."""
    check_change(change)
    with atomic():
        tracker = locked(tracker)
        if from_feed is None:  # a feed proposes for whoever saved the run; the tracker's keeper decides
            check_keeps(tracker, actor)
        check_within_bounds(tracker, tracker.standing("change") + change, "change")
        return write_move(
            tracker,
            change=change,
            reason=reason,
            state=State.PROPOSED,
            actor=actor,
            procedure=procedure,
            from_run=from_run,
            from_feed=from_feed,
        )


def do_confirm_tracker_move(move: TrackerMove, *, actor: Actor) -> TrackerMove:
    """The proposal counts from now; the bounds are checked again against the value now."""
    with atomic():
        move, tracker = pending(move, actor)
        value = tracker.standing("change") + move.change
        check_within_bounds(tracker, value, "change")
        return decide(move, tracker, State.CONFIRMED, value, actor)


def do_reject_tracker_move(move: TrackerMove, *, actor: Actor) -> TrackerMove:
    with atomic():
        move, tracker = pending(move, actor)
        return decide(move, tracker, State.REJECTED, None, actor)


def check_change(change: object) -> None:
    if not change:
        raise ValidationError({"change": "Move the tracker by a whole number, up or down, not 0."})


def pending(move: TrackerMove, actor: Actor) -> tuple[TrackerMove, Tracker]:
    """The move, locked with its tracker, while it still waits for the tracker's keeper."""
    tracker = locked(move.tracker)
    check_keeps(tracker, actor)
    move = TrackerMove.objects.select_for_update().get(pk=move.pk)
    if move.state != State.PROPOSED:
        raise ValidationError({"move": f"This move was {move.get_state_display().lower()} already."})
    return move, tracker


def decide(move: TrackerMove, tracker: Tracker, state: str, value: int | None, actor: Actor) -> TrackerMove:
    before = snapshot(move)
    move.state, move.value_after = state, value
    move.decided_by, move.decided_at = (actor if is_user(actor) else None), timezone.now()
    move.full_clean()
    move.save()
    record_audit(
        event=tracker.event,
        actor=actor,
        action=f"tracker.move_{state}",
        target=move,
        before=before,
        after=snapshot(move),
        reason=move.reason,
    )
    tell(tracker, move, state)
    return move


def write_move(
    tracker: Tracker,
    *,
    change: int,
    reason: str,
    state: str,
    actor: Actor,
    procedure: str = "",
    from_run: ProcedureRun | None = None,
    from_feed: TrackerFeed | None = None,
) -> TrackerMove:
    move = TrackerMove(
        tracker=tracker,
        change=change,
        reason=(reason or "").strip(),
        state=state,
        proposed_by_procedure=procedure or "",
        turn=get_turn(tracker.event),
        by=actor if is_user(actor) else None,
        from_run=from_run,
        from_feed=from_feed,
    )
    if state == State.CONFIRMED:
        before = tracker.value
        move.value_after = change if before is None else before + change  # a first move sets it
    move.full_clean()
    move.save()
    action = "tracker.moved" if state == State.CONFIRMED else "tracker.move_proposed"
    record_audit(event=tracker.event, actor=actor, action=action, target=move, after=snapshot(move), reason=move.reason)
    tell(tracker, move, "moved" if state == State.CONFIRMED else "proposed")
    return move


def tell(tracker: Tracker, move: TrackerMove, action: str) -> None:
    publish_on_commit(
        tracker_groups(tracker),
        TrackerMoved(
            action=action,
            tracker_id=tracker.pk,
            name=tracker.name,
            move_id=move.pk,
            change=move.change,
            state=move.state,
            value=tracker.value,
        ),
    )


# ---- feeds: a rules procedure's runs propose moves ----------------------------------------------


def check_procedure(event: Event, key: str) -> None:
    """Raises unless `key` names a rules procedure of the event's own ruleset."""
    try:
        ruleset = get_procedure(key).ruleset
    except RulesError:
        ruleset = None
    if ruleset != event.ruleset:
        raise ValidationError({"procedure": f"{event.get_ruleset_display()} has no rules procedure {key!r}."})


def do_add_tracker_feed(
    tracker: Tracker, *, procedure: str, outcome_path: str, mode: str = Mode.ADD, actor: Actor
) -> TrackerFeed:
    """Control's link from a rules procedure to the tracker: each saved run of it proposes a move."""
    procedure, outcome_path = (procedure or "").strip(), (outcome_path or "").strip()
    check_procedure(tracker.event, procedure)
    with atomic():
        feed = TrackerFeed(tracker=tracker, procedure=procedure, outcome_path=outcome_path, mode=mode)
        feed.full_clean()
        feed.save()
        record_audit(event=tracker.event, actor=actor, action="tracker.feed_added", target=feed, after=snapshot(feed))
        return feed


def do_remove_tracker_feed(feed: TrackerFeed, *, actor: Actor) -> None:
    """The procedure's runs no longer feed the tracker; the moves it proposed stay in the history."""
    with atomic():
        record_audit(
            event=feed.tracker.event, actor=actor, action="tracker.feed_removed", target=feed, before=snapshot(feed)
        )
        feed.delete()


def read_outcome(outcome: object, path: str) -> int:
    """The whole number at `path` ("sides.0.vp") in a run's outcome, or LookupError saying why not."""
    value, parts = outcome, path.split(".")
    for depth, part in enumerate(parts):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise LookupError(f"its outcome has no {'.'.join(parts[: depth + 1])!r}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise LookupError(f"its {path!r} is {json.dumps(value)}, not a whole number")
    return value


def propose_from_run(run: ProcedureRun, *, actor: Actor) -> tuple[list[TrackerMove], list[str]]:
    """Each of the event's feeds from `run.procedure` proposes the figure it reads in `run.outcome`:
    added ("add"), or the difference to the tracker's confirmed value ("set"); nothing for no change.
    Once per run and feed: a feed that has a move from this run is passed over, so a second call
    proposes nothing. Returns (proposals, notes): the moves proposed, and in plain words each feed
    that could not be read or whose move the tracker's bounds refuse. The run's data never makes it
    raise: it is called while the run is saved, and must not stop the saving."""
    proposals, notes = [], []
    feeds = (
        TrackerFeed.objects.filter(tracker__event_id=run.event_id, procedure=run.procedure)
        .exclude(moves__from_run=run)
        .select_related("tracker__event")
        .order_by("pk")
    )
    for feed in feeds:
        try:
            move = propose_from_feed(run, feed, actor)
        except (LookupError, ValidationError) as why:
            notes.append(f"{feed.tracker} was not moved by {run.title} (rules run #{run.pk}): {because(why)}.")
        else:
            proposals += [move] if move else []
    return proposals, notes


def propose_from_feed(run: ProcedureRun, feed: TrackerFeed, actor: Actor) -> TrackerMove | None:
    """The feed's move from the run, or None when the figure changes nothing."""
    figure = read_outcome(run.outcome, feed.outcome_path)
    with atomic():
        tracker = locked(feed.tracker)
        change = figure if feed.mode == Mode.ADD else figure - tracker.standing("change")
        if not change:
            return None
        reason = f"from rules run #{run.pk}: {run.title}" + (f", set to {figure}" if feed.mode == Mode.SET else "")
        return do_propose_tracker_move(
            tracker, change=change, reason=reason, procedure=run.procedure, from_run=run, from_feed=feed, actor=actor
        )


def because(why: Exception) -> str:
    return (" ".join(why.messages) if isinstance(why, ValidationError) else str(why)).rstrip(".")
