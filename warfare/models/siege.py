"""Sieges (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES): a defended place
besieged at a table, and each month's work on it."""

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse

from regions.models.limits import bounded_text
from umpire.rules.ad69.siege import PlaceType

PLACE_TYPES = [(t.value, t.label.capitalize()) for t in PlaceType]


class Siege(models.Model):
    """A place under siege, from the month it is invested to its fall or relief. Its state lasts
    across turns: the multiplier stays reduced and the engines stay built ("Siege engines and
    equipment cannot be moved from place to place"), each month's work being a SiegeMonth."""

    class State(models.TextChoices):
        ACTIVE = "active", "Under siege"
        FALLEN = "fallen", "Fallen"
        LIFTED = "lifted", "Lifted"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="sieges")
    region = models.ForeignKey(
        "umpire.Region", on_delete=models.PROTECT, related_name="sieges", help_text="The table it is fought at."
    )
    province = models.ForeignKey("regions.Province", on_delete=models.PROTECT, related_name="sieges")
    place = models.CharField(max_length=80, help_text="The town, city or fort besieged, as Cremona.")
    # The record keeps the place's name in `place`, so a point Control later removes from the map
    # leaves the siege's history whole rather than forbidding the map's correction.
    map_point = models.ForeignKey(
        "regions.MapPoint",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sieges",
        help_text="The map point besieged; empty: a place the map does not show, typed by hand.",
    )
    place_type = models.CharField(max_length=40, choices=PLACE_TYPES)
    starting_multiplier = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1)], help_text="Its strength multiplier when the siege began."
    )
    multiplier = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1)], help_text="Its strength multiplier now, after each month of reduction."
    )
    engines_required = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="The umpires' advice on the sets of siege engines it needs, where it differs from the "
        "table's minimum (X. REDUCING DEFENCES).",
    )
    besiegers = models.ManyToManyField("regions.Force", related_name="sieges")
    garrison = models.ManyToManyField(
        "regions.Force",
        related_name="sieges_defended",
        blank=True,
        help_text="Its garrison units. With none, only its local forces hold it: combat value 3.",
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.ACTIVE)
    begun_turn = models.PositiveSmallIntegerField()
    ended_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    lifted_reason = models.TextField(blank=True, **bounded_text())

    class Meta:
        ordering = ["event_id", "-begun_turn", "place"]
        constraints = [
            # A second siege of a place already under siege is a mistake, not a new fight.
            models.UniqueConstraint(
                fields=["event", "province", "place"], condition=Q(state="active"), name="one_active_siege_of_a_place"
            ),
        ]

    def __str__(self):
        return siege_of(self.place)

    def get_absolute_url(self):
        return reverse("warfare:siege", args=[self.event.slug, self.pk])

    def clean(self):
        errors = {}
        if self.province_id and self.event_id and self.province.event_id != self.event_id:
            errors["province"] = f"{self.province} belongs to another event."
        if self.map_point_id:
            errors.update(point_errors(self.map_point, self.event_id, self.province_id))
        if errors:
            raise ValidationError(errors)


def point_errors(point, event_id, province_id):
    """A siege's or battle's map point must be in its event and its province."""
    if event_id and point.event_id != event_id:
        return {"map_point": f"{point} belongs to another event."}
    if province_id and point.province_id != province_id:
        return {"map_point": f"{point} is in {point.province}, not in the province of the fighting."}
    return {}


class SiegeMonth(models.Model):
    """One month's work on a siege, as the engine gave it: its input, outcome, working and dice.

    A month holds one kind of work: "There is only one round of combat per month in a siege",
    and a legion building engines works "for one month and doing nothing else". Several legions
    may build their sets in the same month, one row each."""

    class Action(models.TextChoices):
        BUILD_ENGINES = "build_engines", "Build siege engines"
        REDUCE_DEFENCES = "reduce_defences", "Reduce defences"
        ASSAULT = "assault", "Assault"

    siege = models.ForeignKey(Siege, on_delete=models.CASCADE, related_name="months")
    turn = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=16, choices=Action.choices)
    legion = models.ForeignKey(
        "regions.Force",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="siege_engines_built",
        help_text="The legion that built a set of engines.",
    )
    case = models.JSONField(help_text="The engine's input.")
    outcome = models.JSONField()
    working = models.JSONField()
    dice = models.JSONField(default=list, blank=True, help_text="Every die, in order, with what it was for.")
    rolled_by_console = models.BooleanField(default=False)
    seed = models.BigIntegerField(null=True, blank=True)
    losses = models.JSONField(
        default=dict,
        blank=True,
        help_text="An assault's losses by side (besiegers, garrison): the units lost by force and type, and "
        "whether they have landed on the forces or wait for the owner to place an uneven split.",
    )
    sides = models.JSONField(
        null=True,
        blank=True,
        help_text="The besiegers and the garrison as they stood when the month was adjudicated, before its "
        "losses: each force's name, kind, legate, Aquila and units, each side's Military Skill, the multiplier "
        "and the engine sets. Empty: adjudicated before the console kept them.",
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["siege", "turn", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["siege", "turn"], condition=~Q(action="build_engines"), name="one_siege_action_a_month"
            ),
            # "They can only build one set per legion"
            models.UniqueConstraint(
                fields=["siege", "legion"],
                condition=Q(action="build_engines"),
                name="one_set_of_siege_engines_per_legion",
            ),
            models.CheckConstraint(
                condition=Q(action="build_engines", legion__isnull=False)
                | (~Q(action="build_engines") & Q(legion__isnull=True)),
                name="a_legion_builds_the_engines",
            ),
        ]

    def __str__(self):
        return f"{self.siege}, turn {self.turn}: {self.get_action_display().lower()}"

    @property
    def sides_waiting(self):
        """The sides whose assault losses wait for their owner to place them."""
        return [side for side, loss in self.losses.items() if not loss["applied"]]


def siege_of(place):
    """A siege's name, which a console's row shows without reading the siege."""
    return f"Siege of {place}"
