from uuid import uuid4

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from umpire import calendar

from .base import NamedInEvent

# The longest game an event may run: every turn the console stores (a death, a saved run's) lies within it.
MOST_TURNS = 500
MOST_TURN_MINUTES = 240  # four hours of the hall's time to one turn


def validate_year(year):
    if year == 0:
        raise ValidationError("There is no year 0: 1 BC (-1) is followed by AD 1 (1).")


class EventManager(models.Manager):
    def get_by_natural_key(self, slug):
        return self.get(slug=slug)


class Event(models.Model):
    """One game: AD69 on the day, or a board-game ruleset run with umpire assistance."""

    class Ruleset(models.TextChoices):
        AD69 = "ad69", "AD69 megagame"
        THUNDERBOLT = "thunderbolt", "Thunderbolt (The Ancient World III)"
        HANNIBAL_BARKAS = "hannibal_barkas", "Hannibal Barkas"
        OPTIMUS_PRINCEPS = "optimus_princeps", "Optimus Princeps"
        IMPERIUM_ROMANUM = "imperium_romanum", "Imperium Romanum"

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    ruleset = models.CharField(max_length=32, choices=Ruleset.choices, default=Ruleset.AD69)
    start_year = models.SmallIntegerField(
        validators=[validate_year],
        help_text="Year of the first game turn, as the rulebook writes it: 68 for AD68, -218 for 218 BC.",
    )
    start_month = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(12)],
        help_text="Month of the first game turn, 1 to 12 (9 for September).",
    )
    turn_minutes = models.PositiveSmallIntegerField(
        default=20,
        validators=[MinValueValidator(1), MaxValueValidator(MOST_TURN_MINUTES)],
        help_text="Real minutes in one game turn.",
    )
    number_of_turns = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(MOST_TURNS)])
    public_address = models.URLField(
        blank=True,
        help_text="The address players' phones open the console at, as printed in every link and QR code "
        '("http://192.168.1.10:8000"). Empty: the address the console is served at (UMPIRE_BIND).',
    )
    projector_map = models.BooleanField(
        default=False,
        help_text="The projector may show the map (its geography alone): off until Control switches it on.",
    )
    # renewed with every change to the event's tables, turn phases or post office setting, so that a page
    # knows whether what its process kept of them is still so (umpire.event_setting)
    setting_mark = models.UUIDField(default=uuid4, editable=False)

    objects = EventManager()

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.slug,)

    @property
    def is_megagame(self):
        """AD69's world (treasuries, the Senate, the post, forces, tax turns) is the megagame's alone: a
        board-game event has none of it."""
        return self.ruleset == self.Ruleset.AD69

    def game_month(self, turn):
        return calendar.game_month(self.start_year, self.start_month, turn)


class TurnPhase(NamedInEvent):
    """A part of every turn, as movement in the first two minutes (IV. THE TURN)."""

    starts_minute = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MOST_TURN_MINUTES)], help_text="Minutes into the turn it begins."
    )
    ends_minute = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MOST_TURN_MINUTES)],
        help_text="Minutes into the turn it ends; empty for the end of the turn.",
    )
    tax_turns_only = models.BooleanField(default=False)

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "starts_minute", "pk"]

    def clean(self):
        if self.ends_minute is not None and self.ends_minute <= self.starts_minute:
            raise ValidationError({"ends_minute": "A phase must end after it starts."})

    def as_phase(self):
        return calendar.Phase(self.name, self.starts_minute, self.ends_minute, self.tax_turns_only)
