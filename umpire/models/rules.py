from django.conf import settings
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models

from umpire.rules.dice import MOST_SEED

from .event import MOST_TURNS, Event
from .region import Region

MOST_NOTE_CHARACTERS = 2000  # the umpire's note on a saved run: a paragraph of its printed record


class ProcedureRun(models.Model):
    """A rules procedure run at a desk and saved to the event's log, with its whole working.

    The server re-runs the procedure from the input and the dice before saving,
    so the log holds what the rules give, not what a browser claimed.
    """

    # not stored: set by do_record_procedure_run for the umpire who saved it, what the case's preparers
    # filled in and what the run's followers could not do
    filled_notes: list[str]
    follower_notes: list[str]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="procedure_runs")
    region = models.ForeignKey(Region, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    procedure = models.CharField(max_length=80)
    title = models.CharField(max_length=120)
    source = models.CharField(max_length=200)
    case = models.JSONField(help_text="The procedure's input.")
    dice = models.JSONField(help_text="Every die, in order, with what it was for.")
    rolled_by_console = models.BooleanField(default=False)
    seed = models.BigIntegerField(
        null=True, blank=True, validators=[MinValueValidator(0), MaxValueValidator(MOST_SEED)]
    )
    outcome = models.JSONField()
    working = models.JSONField()
    note = models.TextField(
        blank=True, max_length=MOST_NOTE_CHARACTERS, validators=[MaxLengthValidator(MOST_NOTE_CHARACTERS)]
    )
    run_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    game_turn = models.PositiveSmallIntegerField(null=True, blank=True, validators=[MaxValueValidator(MOST_TURNS)])

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"{self.title} ({self.at:%H:%M})"


class ProcedureReadings(models.Model):
    """An event's readings of the points a procedure's rules leave open: the value of the
    procedure's `options` input, as Control chose it for this event.

    A run from the rules desk that does not give its own options starts from these; a procedure
    the event holds none for runs with the rulebook's recommended defaults.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="procedure_readings")
    procedure = models.CharField(max_length=80)
    options = models.JSONField(help_text="The procedure's options, every reading by name, as plain values.")
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    set_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["procedure"]
        verbose_name_plural = "procedure readings"
        constraints = [models.UniqueConstraint(fields=["event", "procedure"], name="one_reading_per_procedure")]

    def __str__(self):
        return f"Readings of {self.procedure}"
