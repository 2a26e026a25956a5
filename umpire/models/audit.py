from django.conf import settings
from django.db import models

from .event import Event


class AuditEntry(models.Model):
    """One change made through the console: who, what, when, and before and after.

    Entries are only ever added; nothing edits or deletes them.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(
        max_length=150, help_text="Who did it, kept even if the account is later removed."
    )
    action = models.CharField(max_length=80, help_text="The service that made the change.")
    target_type = models.CharField(max_length=80)
    target_id = models.CharField(max_length=40, blank=True)
    target_label = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    game_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    game_date = models.CharField(max_length=40, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["target_type", "target_id"])]

    def __str__(self):
        return f"{self.at:%H:%M:%S} {self.actor_name}: {self.action} {self.target_label}"


class GroupSequence(models.Model):
    """The last sequence number sent to a channel-layer group.

    Channels may drop a message to a slow client; a client that sees a gap in
    these numbers asks for a snapshot. Kept in the database so that every
    worker counts from the same place.
    """

    group = models.CharField(max_length=100, unique=True)
    last = models.PositiveBigIntegerField(default=0)

    def __str__(self):
        return f"{self.group} #{self.last}"
