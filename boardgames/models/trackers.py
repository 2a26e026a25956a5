"""Trackers: named counters of a board game, kept per event (VP per player, the political track,
a siege track, morale). A tracker's value is the sum of its confirmed moves, never stored, so
the history and the figure cannot disagree; one with no confirmed move is not set (value None). A
procedure's proposed move waits for the umpire.

A tracker may be fed by a rules procedure (TrackerFeed): a saved run of that procedure proposes a
move read from its outcome (boardgames.services.trackers.propose_from_run), at most once per run
and feed (TrackerMove.from_run and from_feed)."""

import re

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q, Sum

# The largest figure a track holds: the rulebooks' tracks run to some hundreds (VP, a treasury in talents),
# so a million is past any game, and a figure beyond it (a move or a bound) is a slip, refused by name.
MOST_ON_A_TRACK = 1_000_000
on_a_track = [MinValueValidator(-MOST_ON_A_TRACK), MaxValueValidator(MOST_ON_A_TRACK)]


class Tracker(models.Model):
    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="trackers")
    name = models.CharField(
        max_length=80, help_text='As the players call it: "VP Carthage", "Political track: Numidia".'
    )
    minimum = models.IntegerField(
        null=True, blank=True, validators=on_a_track, help_text="The lowest it may go; empty: no lower bound."
    )
    maximum = models.IntegerField(
        null=True, blank=True, validators=on_a_track, help_text="The highest it may go; empty: no upper bound."
    )
    table = models.ForeignKey(
        "umpire.Region",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="trackers",
        help_text="The table where it is shown, if one.",
    )
    source = models.CharField(max_length=200, blank=True, help_text="The rule it comes from, e.g. §VII.")

    class Meta:
        ordering = ["event_id", "name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="one_tracker_per_name")]

    def __str__(self):
        return self.name

    def clean(self):
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise ValidationError({"maximum": f"The maximum must be at least the minimum, {self.minimum}."})
        if self.table_id and self.table.event_id != self.event_id:
            raise ValidationError({"table": f"{self.table} belongs to another event."})

    @property
    def value(self):
        """The sum of its confirmed moves; None while it has none: a tracker opened "not set" (its rulebook gives
        no starting figure, as Imperium Romanum's morale, 11.0 and 20.2) is not 0 until Control sets it."""
        return self.moves.filter(state=TrackerMove.State.CONFIRMED).aggregate(total=Sum("change"))["total"]

    def standing(self, field):
        """Its value, for a move to start from; refuses, naming the field, while it is not set."""
        value = self.value
        if value is None:
            raise ValidationError(
                {field: f"{self} is not set: Control sets it first{f' ({self.source})' if self.source else ''}."}
            )
        return value

    @property
    def bounds(self):
        low = "no minimum" if self.minimum is None else f"{self.minimum}"
        high = "no maximum" if self.maximum is None else f"{self.maximum}"
        return f"{low} to {high}"


class TrackerMove(models.Model):
    """One line of a tracker's history: opened at its start, moved by the umpire, or proposed by a
    rules procedure and then confirmed or rejected."""

    class State(models.TextChoices):
        PROPOSED = "proposed", "Proposed, waiting for the umpire"
        CONFIRMED = "confirmed", "Confirmed"
        REJECTED = "rejected", "Rejected"

    tracker = models.ForeignKey(Tracker, on_delete=models.CASCADE, related_name="moves")
    change = models.IntegerField(validators=on_a_track)
    value_after = models.IntegerField(
        null=True, blank=True, validators=on_a_track, help_text="Set when the move is confirmed."
    )
    reason = models.CharField(max_length=300)
    state = models.CharField(max_length=10, choices=State.choices, default=State.CONFIRMED)
    proposed_by_procedure = models.CharField(
        max_length=80, blank=True, help_text='The rules procedure that proposed it: "hannibal_barkas.siege".'
    )
    turn = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The clock's turn, if the event has one.")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    from_run = models.ForeignKey(
        "umpire.ProcedureRun",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tracker_moves",
        help_text="The saved rules run it was read from.",
    )
    from_feed = models.ForeignKey(
        "TrackerFeed",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="moves",
        help_text="The feed that read it from the run.",
    )

    class Meta:
        ordering = ["tracker", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(state="confirmed", value_after__isnull=False) | ~Q(state="confirmed"),
                name="a_confirmed_move_has_its_value",
            ),
            models.UniqueConstraint(
                fields=["from_run", "from_feed"],
                name="one_move_per_run_and_feed",
                condition=Q(from_run__isnull=False, from_feed__isnull=False),
            ),
        ]

    def __str__(self):
        return f"{self.tracker}: {self.change:+d} ({self.get_state_display()})"

    @property
    def confirmed(self):
        return self.state == self.State.CONFIRMED

    @property
    def pending(self):
        return self.state == self.State.PROPOSED


OUTCOME_PATH = re.compile(r"^\w+(?:\.\w+)*\Z")


class TrackerFeed(models.Model):
    """A rules procedure whose saved runs propose moves of the tracker: the whole number at
    `outcome_path` in the run's outcome ("vp", "sides.0.vp", "by_player.Hannibal"), added to the
    tracker, or the figure the tracker is set to (the difference is proposed)."""

    class Mode(models.TextChoices):
        ADD = "add", "Add the figure"
        SET = "set", "Set the tracker to the figure"

    tracker = models.ForeignKey(Tracker, on_delete=models.CASCADE, related_name="feeds")
    procedure = models.CharField(max_length=80, help_text='The rules procedure: "hannibal_barkas.battle_vp".')
    outcome_path = models.CharField(max_length=120, help_text='Where the figure is in the outcome: "vp", "sides.0.vp".')
    mode = models.CharField(max_length=3, choices=Mode.choices, default=Mode.ADD)

    class Meta:
        ordering = ["tracker", "procedure", "outcome_path"]
        constraints = [
            models.UniqueConstraint(
                fields=["tracker", "procedure", "outcome_path"], name="one_feed_per_tracker_procedure_and_path"
            )
        ]

    def __str__(self):
        verb = "adds" if self.mode == self.Mode.ADD else "sets to"
        return f"{self.tracker}: {verb} {self.procedure} → {self.outcome_path}"

    def clean(self):
        if not OUTCOME_PATH.match(self.outcome_path or ""):
            raise ValidationError(
                {
                    "outcome_path": "Give the figure's place in the outcome as words and row numbers "
                    'joined by dots: "vp", "sides.0.vp".'
                }
            )
