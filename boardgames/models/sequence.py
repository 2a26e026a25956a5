"""Where an event stands in its ruleset's sequence of play, and the checklist ticked so far.

The sequence itself is the ruleset's data (boardgames.sequence.load_sequence); only the position
and the ticks are per event. Round 0 is the game's set-up; from round 1, a round is one pass
through the ruleset's stages (a year of six stages in Hannibal Barkas)."""

from django.conf import settings
from django.db import models


class SequencePosition(models.Model):
    event = models.OneToOneField("umpire.Event", on_delete=models.CASCADE, related_name="sequence_position")
    round = models.PositiveSmallIntegerField(default=0, help_text="0: setting up; then 1, 2, …")
    stage = models.PositiveSmallIntegerField(default=0, help_text="1 for the first stage of a round; 0 in set-up.")
    phase = models.CharField(max_length=40, default="setup")

    def __str__(self):
        return f"{self.event}: round {self.round}, stage {self.stage}, {self.phase}"


class ChecklistTick(models.Model):
    """One checklist item done, in one round, stage and phase."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="checklist_ticks")
    round = models.PositiveSmallIntegerField()
    stage = models.PositiveSmallIntegerField()
    phase = models.CharField(max_length=40)
    item = models.PositiveSmallIntegerField(help_text="The item's place in the phase's checklist, from 0.")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "round", "stage", "phase", "item"]
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "stage", "phase", "item"], name="one_tick_per_item")
        ]

    def __str__(self):
        return f"{self.event}: round {self.round}, stage {self.stage}, {self.phase} item {self.item + 1} done"
