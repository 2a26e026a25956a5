"""Rome's news in the Acta Diurna beyond the Senate's own records: an appointment, the mob's mood, a
sign of the gods. Each is what the umpire chose to print, in his words (prefilled from the record, which
he may edit), kept beside the record it tells of so that it is printed once.

The Senate's results, the edicts and the throne are published on their own records
(`senate.models.sessions.Published`); Control's news is `umpire.Announcement`. The gazette reads all of
them (`senate.sessions_selectors.get_acta`)."""

from django.conf import settings
from django.db import models

from regions.models.limits import bounded_text

from .mob import MoodEntry
from .offices import Appointment

HEADLINE_CHARS = 300


class ActaItem(models.Model):
    class Kind(models.TextChoices):
        APPOINTMENT = "appointment", "Appointment"
        MOOD = "mood", "The mob"
        SIGN = "sign", "The gods"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="acta_items")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    headline = models.CharField(max_length=HEADLINE_CHARS)
    details = models.TextField(blank=True, **bounded_text())
    turn = models.PositiveSmallIntegerField()
    # What the item tells of, so it is printed once; undoing the record is refused while its news stands.
    appointment = models.OneToOneField(
        Appointment, on_delete=models.CASCADE, null=True, blank=True, related_name="acta_item"
    )
    mood_entry = models.OneToOneField(
        MoodEntry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="acta_item",
        help_text="The mood as it stood after this line of its history.",
    )
    published_at = models.DateTimeField()
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "item of the Acta Diurna"
        verbose_name_plural = "items of the Acta Diurna"
        ordering = ["-published_at", "-pk"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.headline[:60]}"
