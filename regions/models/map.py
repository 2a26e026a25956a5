"""The map (V. GAME LAYOUT, IX. LAND MOVEMENT): the map points of each province area and the routes
that join them. "Movement is from map point to map point", and "players may only enter or leave an
area along the designated routes (which may be either a road or river valley)".

The handbook's maps are not in our copy, so the map is data Control edits and imports, as the world is.
"""

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from umpire.models import Route
from umpire.models.base import NamedInEvent, depends_on
from umpire.rules.ad69.siege import PlaceType

from .province import Province

FORTIFICATIONS = [(t.value, t.label.capitalize()) for t in PlaceType]


class MapPoint(NamedInEvent):
    """A town, city, fortress, port or way-station of one province area, where forces stand and
    marches begin and end. Its position is longitude and latitude, for drawing the map; a point
    Control has named but not yet placed has none, and the map lists it apart."""

    class Kind(models.TextChoices):
        TOWN = "town", "Town"
        CITY = "city", "City"
        FORTRESS = "fortress", "Fortress"
        PORT = "port", "Port"
        WAY_STATION = "way_station", "Way-station"

    province = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="map_points")
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.TOWN)
    fortification = models.CharField(
        max_length=40,
        choices=FORTIFICATIONS,
        blank=True,
        help_text="Its walls, as the siege table reads them; blank for an open place.",
    )
    longitude = models.FloatField(
        null=True, blank=True, validators=[MinValueValidator(-180), MaxValueValidator(180)], help_text="East is +."
    )
    latitude = models.FloatField(
        null=True, blank=True, validators=[MinValueValidator(-90), MaxValueValidator(90)], help_text="North is +."
    )
    is_demo = models.BooleanField(default=False, help_text="Demo data, not from the handbook.")

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "province__name", "name"]
        constraints = NamedInEvent.Meta.constraints + [
            models.CheckConstraint(
                condition=Q(longitude__isnull=True, latitude__isnull=True)
                | Q(longitude__isnull=False, latitude__isnull=False),
                name="map_point_placed_whole",
            ),
        ]

    @depends_on("umpire.event", "regions.province")
    def natural_key(self):
        return super().natural_key()

    @property
    def is_placed(self):
        return self.longitude is not None and self.latitude is not None

    @property
    def region_id(self):
        """The table it is drawn on: its province's."""
        return self.province.region_id

    def clean(self):
        errors = self.other_event_errors("province")
        if (self.longitude is None) != (self.latitude is None):
            missing = "latitude" if self.latitude is None else "longitude"
            errors[missing] = "Give both longitude and latitude to place the point, or neither."
        if errors:
            raise ValidationError(errors)


class MapRouteManager(models.Manager):
    def get_by_natural_key(self, event_slug, one_name, other_name):
        return self.get(event__slug=event_slug, one__name=one_name, other__name=other_name)


class MapRoute(models.Model):
    """A road or river valley between two map points, run both ways and stored once. A route that
    leaves its area is a crossing; a force may cross only where Control has marked the crossing
    designated, and a designated crossing to another table follows a link between the tables."""

    class Kind(models.TextChoices):
        ROAD = "road", "Road"
        RIVER_VALLEY = "river", "River valley"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="map_routes")
    one = models.ForeignKey(MapPoint, on_delete=models.PROTECT, related_name="+")
    other = models.ForeignKey(MapPoint, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.ROAD)
    designated = models.BooleanField(
        default=False, help_text="A designated route between two areas: the only way a force enters or leaves one."
    )
    is_demo = models.BooleanField(default=False, help_text="Demo data, not from the handbook.")

    objects = MapRouteManager()

    class Meta:
        ordering = ["event_id", "one__name", "other__name"]
        verbose_name = "route on the map"
        constraints = [
            models.UniqueConstraint(fields=["one", "other"], name="map_route_unique_pair"),
            models.CheckConstraint(condition=~Q(one=models.F("other")), name="map_route_joins_two_points"),
        ]

    def __str__(self):
        return f"{self.one} – {self.other} ({self.get_kind_display().lower()})"

    @depends_on("regions.mappoint")
    def natural_key(self):
        return (*self.event.natural_key(), self.one.name, self.other.name)

    @property
    def crosses_area(self):
        return self.one.province_id != self.other.province_id

    @property
    def crosses_table(self):
        return self.one.province.region_id != self.other.province.region_id

    def clean(self):
        errors = NamedInEvent.other_event_errors(self, "one", "other")
        if not (self.one_id and self.other_id) or errors:
            if errors:
                raise ValidationError(errors)
            return
        if self.one_id == self.other_id:
            errors["other"] = "A route must join two different map points."
        elif self._reverse_exists():
            errors["other"] = f"{self.other} and {self.one} are already joined."
        elif self.designated and not self.crosses_area:
            errors["designated"] = (
                f"{self.one} and {self.other} are both in {self.one.province}: only a route between two areas "
                "is designated."
            )
        elif self.designated and self.crosses_table and not self._tables_linked():
            errors["designated"] = (
                f"{self.one.province.region} and {self.other.province.region} have no link between their tables: "
                "add the link before designating a crossing between them."
            )
        if errors:
            raise ValidationError(errors)

    def _reverse_exists(self):
        return MapRoute.objects.filter(one_id=self.other_id, other_id=self.one_id).exclude(pk=self.pk).exists()

    def _tables_linked(self):
        tables = (self.one.province.region_id, self.other.province.region_id)
        return Route.objects.filter(
            Q(one_id=tables[0], other_id=tables[1]) | Q(one_id=tables[1], other_id=tables[0]), kind=Route.Kind.LAND
        ).exists()
