from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from .event import Event
from .region import Region


class Role(models.TextChoices):
    """The umpire team's roles (handbook III); each has a Django auth group of its name."""

    CONTROL = "control", "Control"
    REGION = "region", "Region"
    SENATE = "senate", "Senate"
    NON_ROMAN_WORLD = "nrw", "Non-Roman World"


class UmpireSeat(models.Model):
    """An umpire's place in one event's team; a Region seat belongs to one table."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats")
    role = models.CharField(max_length=10, choices=Role.choices)
    region = models.ForeignKey(
        Region,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
        help_text="The table a Region umpire runs; empty for every other role.",
    )

    class Meta:
        ordering = ["event_id", "role", "region__position"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "user", "region"],
                condition=models.Q(region__isnull=False),
                name="one_seat_per_table",
                violation_error_message="This umpire already has a seat at that table.",
            ),
            models.UniqueConstraint(
                fields=["event", "user", "role"],
                condition=models.Q(region__isnull=True),
                name="one_seat_per_role",
                violation_error_message="This umpire already holds that seat.",
            ),
            models.CheckConstraint(
                condition=models.Q(role="region", region__isnull=False)
                | (~models.Q(role="region") & models.Q(region__isnull=True)),
                name="region_seat_has_one_table",
                violation_error_message="A Region seat has exactly one table; other seats have none.",
            ),
        ]

    def __str__(self):
        where = f" at {self.region}" if self.region_id else ""
        return f"{self.user} – {self.get_role_display()}{where}"

    def clean(self):
        if self.role == Role.REGION and not self.region_id:
            raise ValidationError({"region": "A Region umpire's seat needs its table."})
        if self.role != Role.REGION and self.region_id:
            raise ValidationError({"region": f"A {self.get_role_display()} seat has no table."})
        if self.region_id and self.event_id and self.region.event_id != self.event_id:
            raise ValidationError({"region": f"{self.region} is a table of another event."})
