from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import models

from umpire import calendar

from .base import depends_on
from .event import Event


@dataclass(frozen=True)
class CatchUp:
    """Catching a held clock up: the turns it ends, each with its scheduled end, then the turn that runs
    (None: the game is over) and when that turn ends."""

    ends: list[tuple[int, datetime]]
    runs: int | None
    until: datetime


class GameClockManager(models.Manager):
    def get_by_natural_key(self, event_slug):
        return self.get(event__slug=event_slug)


class GameClock(models.Model):
    """The event's clock: the one row that says which turn it is and when it ends.

    While running, the turn ends at `ends_at`; while paused, held or not yet started,
    `remaining` holds the time left. Everything else (game month, time left,
    phase, whether Control must confirm the next turn) is derived from these
    fields and the time now, so a restart loses nothing.

    Held is the clock waiting for Control after time it could not keep: a turn end that
    fell due while no process could act, or a backup restored. The `held_*` fields say why
    and since when, and `scheduled_end` is where the held turn would end on the schedule
    the clock kept, from which catching up runs.
    """

    class State(models.TextChoices):
        SCHEDULED = "scheduled", "Scheduled"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        HELD = "held", "Held"
        FINISHED = "finished", "Finished"

    class HeldReason(models.TextChoices):
        MISSED = "missed", "a turn end fell due while the console could not act"
        RESTORED = "restored", "the event was restored from a backup"

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="clock")
    turn = models.PositiveSmallIntegerField(default=1)
    state = models.CharField(max_length=10, choices=State.choices, default=State.SCHEDULED)
    ends_at = models.DateTimeField(null=True, blank=True)
    remaining = models.DurationField(null=True, blank=True)
    auto_advance = models.BooleanField(
        default=True,
        help_text="Start the next turn when time runs out (the AD69 way); off, the clock "
        "holds at the turn's end until Control confirms.",
    )
    warned_minutes = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The last time-running-out warning sent this turn."
    )
    held_reason = models.CharField(max_length=10, choices=HeldReason.choices, blank=True)
    held_at = models.DateTimeField(null=True, blank=True, help_text="When the console held the clock.")
    stopped_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="While held: when the clock stopped being kept (the missed turn end fell due, or the backup "
        "was taken).",
    )
    scheduled_end = models.DateTimeField(
        null=True,
        blank=True,
        help_text="While held: the held turn's end on the schedule the clock kept; catching up keeps to it.",
    )
    first_turn_time = models.TimeField(
        null=True,
        blank=True,
        help_text="The time of day the first turn is to begin, for the schedule (AD69: 11:00).",
    )

    objects = GameClockManager()

    def __str__(self):
        return f"{self.event}: turn {self.turn} ({self.get_state_display()})"

    @depends_on("umpire.event")
    def natural_key(self):
        return self.event.natural_key()

    @property
    def turn_length(self):
        return timedelta(minutes=self.event.turn_minutes)

    @property
    def is_running(self):
        return self.state == self.State.RUNNING

    def month(self):
        return self.event.game_month(self.turn)

    def time_left(self, now):
        return calendar.time_left(running=self.is_running, ends_at=self.ends_at, remaining=self.remaining, now=now)

    def elapsed(self, now):
        """How far into the turn the clock stands (none before it starts, or if extended past its length)."""
        left = self.time_left(now)
        return max(self.turn_length - left, timedelta(0)) if left is not None else timedelta(0)

    def is_due(self, now):
        return self.is_running and self.ends_at <= now

    def is_holding(self, now):
        """Time is up and Control has to confirm the next turn."""
        return self.is_due(now) and not self.auto_advance

    def is_last_turn(self):
        return self.turn >= self.event.number_of_turns

    @property
    def is_held(self):
        return self.state == self.State.HELD

    def catch_up(self, now):
        """What catching up to `now` would do from the held turn: the turns whose scheduled ends have
        passed, in order, then the turn that runs and when it ends (None once the last turn is passed)."""
        ends, turn, end = [], self.turn, self.scheduled_end
        while end <= now and turn <= self.event.number_of_turns:
            ends.append((turn, end))
            turn, end = turn + 1, end + self.turn_length
        return CatchUp(ends=ends, runs=turn if turn <= self.event.number_of_turns else None, until=end)


class TurnEnd(models.Model):
    """A turn that has ended, recorded once by whoever advanced the clock past it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="turn_ends")
    turn = models.PositiveSmallIntegerField()
    at = models.DateTimeField()

    class Meta:
        ordering = ["event_id", "turn"]
        constraints = [models.UniqueConstraint(fields=["event", "turn"], name="a_turn_ends_once")]

    def __str__(self):
        return f"{self.event}: end of turn {self.turn}"


class TurnEndHookRun(models.Model):
    """One app's turn-end hook, run for one turn; its row is written in the hook's own
    transaction, so the hook's effects happen exactly once."""

    turn_end = models.ForeignKey(TurnEnd, on_delete=models.CASCADE, related_name="hook_runs")
    hook = models.CharField(max_length=80)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["turn_end", "hook"], name="a_hook_runs_once_a_turn")]

    def __str__(self):
        return f"{self.turn_end}: {self.hook}"


class Announcement(models.Model):
    """Something Control tells the hall; the projector shows it only once it is published."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="announcements")
    text = models.TextField(max_length=500)
    published_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-published_at", "-pk"]

    def __str__(self):
        return self.text[:60]

    @property
    def is_showing(self):
        return self.published_at is not None and self.withdrawn_at is None
