"""Follow-ups: word of a consequence, sent from one table to another or to Control.

"Consequences get lost in the cracks between tables": an umpire who resolves something another
table must hear of sends it a follow-up, linked to the record it concerns. It stays open until
an umpire of the receiving table (or Control) acknowledges it.
"""

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils import timezone

from .event import Event
from .region import Region


class FollowUp(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="follow_ups")
    sent_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    from_table = models.ForeignKey(
        Region,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The table it was sent from; empty when sent from no table (Control, a roving umpire).",
    )
    to_table = models.ForeignKey(Region, on_delete=models.CASCADE, null=True, blank=True, related_name="follow_ups")
    to_control = models.BooleanField(default=False)
    text = models.TextField(max_length=500, validators=[MaxLengthValidator(500)])
    # the record it concerns, of any app: the core may not import the apps, so the link is generic
    about_type = models.ForeignKey(ContentType, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    about_id = models.PositiveBigIntegerField(null=True, blank=True)
    about = GenericForeignKey("about_type", "about_id")
    about_label = models.CharField(max_length=200, blank=True, help_text="The record's name when sent.")
    # kept when sent, so an inbox shows every link without fetching each record of every app
    about_url = models.CharField(max_length=300, blank=True, help_text="The record's page, if it has one.")
    turn = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The game turn it was sent in.")
    sent_at = models.DateTimeField(default=timezone.now)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    acknowledged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-sent_at", "-pk"]
        indexes = [models.Index(fields=["event", "acknowledged_at"], name="follow_ups_open")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(to_control=True, to_table__isnull=True)
                | models.Q(to_control=False, to_table__isnull=False),
                name="follow_up_goes_to_a_table_or_control",
                violation_error_message="A follow-up goes to one table or to Control.",
            ),
        ]

    def __str__(self):
        return f"Follow-up to {self.receiver}: {self.text[:60]}"

    @property
    def receiver(self):
        return "Control" if self.to_control else self.to_table

    @property
    def is_open(self):
        return self.acknowledged_at is None

    def clean(self):
        errors = {}
        if self.to_control == bool(self.to_table_id):
            errors["to_table"] = "Send it to one table or to Control: not both, and not neither."
        for field in ("to_table", "from_table"):
            table = getattr(self, field) if getattr(self, f"{field}_id") else None
            if table is not None and self.event_id and table.event_id != self.event_id:
                errors[field] = f"{table} is a table of another event."
        if self.to_table_id and self.to_table_id == self.from_table_id:
            errors["to_table"] = f"This is a follow-up from {self.from_table}: send it to another table."
        if errors:
            raise ValidationError(errors)
