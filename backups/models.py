"""What Control sets about an event's backups: how often the console writes a snapshot by itself."""

from django.core.validators import MaxValueValidator
from django.db import models


class SnapshotSchedule(models.Model):
    """Every `every_turns` turns, at the turn's end, the console writes a snapshot of the whole event.

    No row, or 0, means no automatic snapshots. The row belongs to the event, so a backup carries it."""

    event = models.OneToOneField("umpire.Event", on_delete=models.CASCADE, related_name="snapshot_schedule")
    every_turns = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(100)],
        help_text="Write a snapshot at the end of every turn that is a multiple of this; 0 for never.",
    )

    def __str__(self):
        return f"{self.event}: a snapshot every {self.every_turns} turns" if self.every_turns else f"{self.event}: none"
