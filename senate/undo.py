"""What undoing Rome means (umpire.undo).

The Senate's acts and the gods' records are single records the audit keeps whole, with what they
made beside them as steps (an appointment's line in the record, the ratification a count made, the
reigns a proclamation ended, the projector's news), so the generic undo puts them back and refuses
while a later act stands on them. A mood is the sum of its history, so a move of the mob is never
taken out of it: it is answered by the opposite move, a ruling that says what it takes back.
"""

from django.core.exceptions import ValidationError
from django.db.transaction import atomic

from regions.services.engine import current_turn
from umpire.services.undo import restore_with_steps
from umpire.undo import register_compensation

from .models.mob import Cause, Mood, MoodEntry
from .models.sessions import Motion, Vote
from .services.mob import add_entry


def answer_mood_move(entry, *, actor, reason):
    moved = MoodEntry.objects.select_related("mood").filter(pk=entry.target_id).first()
    if moved is None:
        raise ValidationError(f"{entry.target_label} is no longer in the mob's history: #{entry.pk} cannot be undone.")
    if not moved.change:
        raise ValidationError(f"#{entry.pk} moved {moved.mood} by 0: there is nothing to take back.")
    with atomic():
        mood = Mood.objects.select_for_update(of=("self",)).select_related("event").get(pk=moved.mood_id)
        add_entry(
            mood,
            turn=current_turn(mood.event),
            change=-moved.change,
            cause=Cause.RULING,
            actor=actor,
            reason=f"{reason}: takes back {moved.change:+d} of turn {moved.turn} ({moved.reason})"[:300],
        )


def undo_vote(entry, *, actor, reason):
    """A vote is taken back only while its motion is tabled: once counted, the count stands on it."""
    vote = Vote.objects.select_related("motion").filter(pk=entry.target_id).first()
    if vote is not None and vote.motion.state != Motion.State.TABLED:
        raise ValidationError(f"{vote.motion} was counted since #{entry.pk}: undo the count first.")
    restore_with_steps(entry, actor=actor, reason=reason)


def register():
    register_compensation("mob.mood_moved", answer_mood_move)
    register_compensation("senate.vote", undo_vote)
