"""What undoing a board game's change means (umpire.undo).

A tracker's value is the sum of its confirmed moves, its history: a confirmed move is never taken out
of it, but answered by the opposite move, within the tracker's bounds. An edit or import of a data table
is undone by writing back the cells and rows it changed, which its entry keeps. A proposal, its decision, a
tick of the checklist and the sequence's position are single records, put back by the generic undo.
"""

from django.core.exceptions import ValidationError
from django.db.transaction import atomic

from umpire.undo import register_compensation

from .models import TrackerMove
from .services.tables import undo_table_edit
from .services.trackers import check_within_bounds, locked, write_move


def answer_tracker_move(entry, *, actor, reason):
    moved = TrackerMove.objects.select_related("tracker").filter(pk=entry.target_id).first()
    if moved is None:
        raise ValidationError(
            f"{entry.target_label} is no longer in the tracker's history: #{entry.pk} cannot be undone."
        )
    with atomic():
        tracker = locked(moved.tracker)
        check_within_bounds(tracker, tracker.standing("change") - moved.change, "change")
        write_move(
            tracker,
            change=-moved.change,
            state=TrackerMove.State.CONFIRMED,
            actor=actor,
            reason=f"{reason}: takes back {moved.change:+d} ({moved.reason})"[:300],
        )


def register():
    register_compensation("tracker.moved", answer_tracker_move)
    for action in ("datatable.edited", "datatable.imported"):
        register_compensation(action, undo_table_edit)
