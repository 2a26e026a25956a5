from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from umpire.models import Character, Region
from umpire.models.base import NamedInEvent, depends_on

from .limits import talents_validators


class Province(NamedInEvent):
    """One row of the handbook's REVENUES table (VII. REVENUES, The Provinces)."""

    class Type(models.TextChoices):
        SENATORIAL = "senatorial", "Senatorial"
        IMPERIAL = "imperial", "Imperial"
        MILITARY_DISTRICT = "military", "Mil District"
        NONE = "none", "n.a."

    region = models.ForeignKey(
        Region, on_delete=models.PROTECT, related_name="provinces", help_text="The table it is on."
    )
    income_per_quarter = models.PositiveIntegerField(help_text="Talents each tax turn.", validators=talents_validators)
    potential_income = models.PositiveIntegerField(
        validators=talents_validators,
        null=True,
        blank=True,
        help_text="The bracketed figure of the table, as Judea's 0(40): the income a settled province would yield.",
    )
    road_cost = models.PositiveIntegerField(
        help_text="Talents due for the roads each March.", validators=talents_validators
    )
    governor = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="governed_provinces"
    )
    procurator = models.ForeignKey(
        Character,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="procuratorships",
        help_text="Entirely responsible for its finances: the only one the Region umpire hands its revenue to.",
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
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="dependencies",
        help_text="The province it is run from, as the Alpes from Italia.",
    )
    is_rome = models.BooleanField(
        default=False,
        help_text="The City of Rome: its mob eats the corn dole and its entertainments cost in full.",
    )
    team_at_start = models.BooleanField(
        default=False,
        help_text="A player team starts here. The handbook marks these by shading, lost in "
        "our copy, so Control sets it.",
    )

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "name"]
        constraints = NamedInEvent.Meta.constraints + [
            models.CheckConstraint(
                condition=~models.Q(governed_by_senate=True, governor__isnull=False),
                name="province_has_one_kind_of_governor",
            ),
        ]

    @depends_on("umpire.event", "umpire.region", "umpire.character")
    def natural_key(self):
        return super().natural_key()

    def get_absolute_url(self):
        """Its books: what a province is at the tables is mostly its money."""
        return reverse("regions:treasury-province", args=[self.event.slug, self.pk])

    def clean(self):
        errors = self.other_event_errors("region", "governor", "procurator", "controlled_from")
        if self.governed_by_senate and self.governor_id:
            errors["governor"] = "A province governed by the Senate has no governor of its own."
        if self.controlled_from_id and self.controlled_from_id == self.pk:
            errors["controlled_from"] = "A province cannot be controlled from itself."
        if errors:
            raise ValidationError(errors)
