from django.core.exceptions import ValidationError
from django.db import models

from umpire import calendar

from .base import NamedInEvent, depends_on


def validate_winter_span(text):
    try:
        calendar.WinterSpan.parse(text)
    except (KeyError, ValueError):
        raise ValidationError(f'"{text}" is not a span of months such as "Oct-Feb", or "none".') from None


class Region(NamedInEvent):
    """A map table in the hall ("each Region has a separate table"), or the Senate room.

    It lives in the core, not in the regions app, because umpires' seats and
    characters' whereabouts are core facts that every app builds on.
    """

    class Kind(models.TextChoices):
        MAP_TABLE = "map", "Map table"
        SENATE_ROOM = "senate", "Senate room"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MAP_TABLE)
    position = models.PositiveSmallIntegerField(
        default=0, help_text="Order round the hall, for lists and the projector."
    )
    winter_on_land = models.CharField(
        max_length=12,
        blank=True,
        validators=[validate_winter_span],
        help_text='Months of winter on land, as the WEATHER table writes them: "Oct-Feb", or "none".',
    )
    winter_at_sea = models.CharField(
        max_length=12,
        blank=True,
        validators=[validate_winter_span],
        help_text='Months of winter at sea, as "Sept-Apr", or "none".',
    )

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "position", "name"]

    def in_winter(self, month, *, at_sea=False):
        span = self.winter_at_sea if at_sea else self.winter_on_land
        return bool(span) and calendar.in_winter(month, calendar.WinterSpan.parse(span))


class RouteManager(models.Manager):
    def get_by_natural_key(self, event_slug, one_name, other_name):
        return self.get(event__slug=event_slug, one__name=one_name, other__name=other_name)


class Route(models.Model):
    """A link between two tables along which players, forces and letters move.

    A route runs both ways; it is stored once.
    """

    class Kind(models.TextChoices):
        LAND = "land", "By land"
        SEA = "sea", "By sea"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="routes")
    one = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="+")
    other = models.ForeignKey(Region, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.LAND)

    objects = RouteManager()

    class Meta:
        ordering = ["event_id", "one__position", "other__position"]
        constraints = [
            models.UniqueConstraint(fields=["one", "other"], name="route_unique_pair"),
            models.CheckConstraint(condition=~models.Q(one=models.F("other")), name="route_joins_two_tables"),
        ]

    def __str__(self):
        return f"{self.one} – {self.other} ({self.get_kind_display()})"

    @depends_on("umpire.region")
    def natural_key(self):
        return (*self.event.natural_key(), self.one.name, self.other.name)

    def clean(self):
        errors = NamedInEvent.other_event_errors(self, "one", "other")
        if self.one_id and self.one_id == self.other_id:
            errors["other"] = "A route must join two different tables."
        elif self.one_id and self.other_id and self._reverse_exists():
            errors["other"] = f"{self.other} and {self.one} are already linked."
        if errors:
            raise ValidationError(errors)

    def _reverse_exists(self):
        return Route.objects.filter(one_id=self.other_id, other_id=self.one_id).exclude(pk=self.pk).exists()
