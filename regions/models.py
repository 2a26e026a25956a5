from django.core.exceptions import ValidationError
from django.db import models

from umpire.models import Character, Event, Region


class ProvinceManager(models.Manager):
    def get_by_natural_key(self, event_slug, name):
        return self.get(event__slug=event_slug, name=name)


class Province(models.Model):
    """One row of the handbook's REVENUES table (VII. REVENUES, The Provinces)."""

    class Type(models.TextChoices):
        SENATORIAL = "senatorial", "Senatorial"
        IMPERIAL = "imperial", "Imperial"
        MILITARY_DISTRICT = "military", "Mil District"
        NONE = "none", "n.a."

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="provinces")
    name = models.CharField(max_length=60)
    region = models.ForeignKey(
        Region, on_delete=models.PROTECT, related_name="provinces", help_text="The table it is on."
    )
    income_per_quarter = models.PositiveIntegerField(help_text="Talents each tax turn.")
    potential_income = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="The bracketed figure of the table, as Judea's 0(40): the income a settled "
        "province would yield.",
    )
    road_cost = models.PositiveIntegerField(help_text="Talents due for the roads each March.")
    governor = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="governed_provinces"
    )
    governed_by_senate = models.BooleanField(
        default=False, help_text='The table gives "The Senate of Rome" as governor.'
    )
    province_type = models.CharField(max_length=12, choices=Type.choices)
    run_by_procurator = models.BooleanField(
        default=False, help_text="(proc): run by a procurator and not a full governor."
    )
    military_governor = models.BooleanField(
        default=False, help_text="(mil gov): under an army commander, with no civil governor."
    )
    controlled_from = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="dependencies",
        help_text="The province it is run from, as the Alpes from Italia.",
    )
    team_at_start = models.BooleanField(
        default=False,
        help_text="A player team starts here. The handbook marks these by shading, lost in "
        "our copy, so Control sets it.",
    )

    objects = ProvinceManager()

    class Meta:
        ordering = ["event", "name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="province_name_unique_in_event"),
            models.CheckConstraint(
                condition=~models.Q(governed_by_senate=True, governor__isnull=False),
                name="province_has_one_kind_of_governor",
            ),
        ]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (*self.event.natural_key(), self.name)

    natural_key.dependencies = ["umpire.event", "umpire.region", "umpire.character"]

    def clean(self):
        errors = {}
        if self.governed_by_senate and self.governor_id:
            errors["governor"] = "A province governed by the Senate has no governor of its own."
        if self.controlled_from_id and self.controlled_from_id == self.pk:
            errors["controlled_from"] = "A province cannot be controlled from itself."
        for field in ("region", "governor", "controlled_from"):
            related = getattr(self, field) if getattr(self, f"{field}_id") else None
            if related and self.event_id and related.event_id != self.event_id:
                errors[field] = f"{related} belongs to another event."
        if errors:
            raise ValidationError(errors)
