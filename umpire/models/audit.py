from django.conf import settings
from django.db import models

from .character import Character
from .event import Event
from .region import Region


class AuditEntry(models.Model):
    """One change made through the console: who, what, when, and before and after.

    Entries are only ever added; nothing edits or deletes them.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    actor_name = models.CharField(max_length=150, help_text="Who did it, kept even if the account is later removed.")
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
    compensates = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="compensations",
        help_text="The entry whose undo wrote this one: the undo itself, and each change it made.",
    )
    part_of = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="parts",
        help_text="The action this change was one step of, such as a battle's confirmation: undone with it.",
    )
    tables = models.ManyToManyField(
        Region, blank=True, related_name="+", help_text="The tables the change concerns, for the log's filter."
    )
    characters = models.ManyToManyField(
        Character, blank=True, related_name="+", help_text="The characters the change concerns."
    )

    UNDO = "audit.undo"

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["target_type", "target_id"]), models.Index(fields=["event", "game_turn"])]
        constraints = [
            # undo is idempotent down to the database: one undo per entry, however many clicks
            models.UniqueConstraint(
                fields=["compensates"], condition=models.Q(action="audit.undo"), name="one_undo_per_entry"
            ),
        ]

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
