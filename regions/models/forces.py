"""Legions, detachments, non-Roman hosts and fleets (IX. WARFARE), and what they owe."""

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse

from umpire.models import Character
from umpire.models.base import NamedInEvent, depends_on
from umpire.rules.ad69.forces import TroopType

from .limits import bounded_text, talents_validators
from .province import Province

TROOP_TYPES = [(t.value, t.label.capitalize()) for t in TroopType]


class Force(NamedInEvent):
    """Whatever marches and fights as one: a legion under its Aquila, a detachment left
    without one (the Region umpire decides what it does), or a non-Roman host run by a
    Non-Roman World umpire."""

    class Kind(models.TextChoices):
        LEGION = "legion", "Legion"
        DETACHMENT = "detachment", "Detachment"
        BARBARIAN_HOST = "barbarians", "Barbarian warbands"
        NON_ROMAN = "non_roman", "Non-Roman regiments"

    class Status(models.TextChoices):
        STANDING = "standing", "Standing"
        BESIEGING = "besieging", "Besieging"
        UPGRADING = "upgrading", "Upgrading"
        AT_SEA = "at_sea", "At sea"

    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.LEGION)
    aquila = models.BooleanField(default=False, help_text="Its Aquila (eagle) is with it.")
    province = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="forces")
    map_point = models.ForeignKey(
        "MapPoint",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="forces",
        help_text="The town or way-station it stands at, in its province.",
    )
    detached_from = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="detachments",
        help_text="The legion a detachment belongs to.",
    )
    legate = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="legions_commanded"
    )
    army_commander = models.ForeignKey(
        Character, on_delete=models.SET_NULL, null=True, blank=True, related_name="armies_commanded"
    )
    sworn_to = models.ForeignKey(
        Character,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="legions_sworn",
        help_text="The claimant it has sworn allegiance to.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.STANDING)
    moved_turn = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The last turn it moved.")
    points_moved = models.PositiveSmallIntegerField(default=0, help_text="Map points moved in that turn.")
    forced_march_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The last turn it force-marched."
    )
    move_before_forced = models.BooleanField(
        default=False,
        help_text="Its move before the one in its last turn moved was a forced march: forced marches alternate.",
    )
    fought_turn = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The last turn it fought.")
    embarked_on = models.ForeignKey("Fleet", on_delete=models.SET_NULL, null=True, blank=True, related_name="aboard")
    is_demo = models.BooleanField(default=False, help_text="Demo data, not from the handbook.")

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "province__region__position", "name"]

    @depends_on("umpire.event", "regions.province", "regions.mappoint", "umpire.character")
    def natural_key(self):
        return super().natural_key()

    def get_absolute_url(self):
        return reverse("regions:force", args=[self.event.slug, self.pk])

    def marched_in(self, turn):
        return self.moved_turn == turn and self.points_moved > 0

    def force_marched_in(self, turn):
        return self.forced_march_turn == turn

    def last_move_forced(self, turn):
        """IX. LAND MOVEMENT, "only force march on alternate moves": whether the move before the one it
        makes in `turn` was forced. Moves, not turns: a force that stood still a turn after a forced march
        still may not force-march on its next move. Moving again in the turn it last moved goes on with that
        turn's move, so the move before it is the one to ask about."""
        if self.moved_turn == turn:
            return self.move_before_forced
        return self.moved_turn is not None and self.forced_march_turn == self.moved_turn

    @property
    def is_non_roman(self):
        return self.kind in (self.Kind.BARBARIAN_HOST, self.Kind.NON_ROMAN)

    def clean(self):
        errors = self.other_event_errors(
            "province", "map_point", "detached_from", "legate", "army_commander", "sworn_to"
        )
        if self.map_point_id and self.province_id and self.map_point.province_id != self.province_id:
            errors["map_point"] = f"{self.map_point} is in {self.map_point.province}, not {self.province}."
        if self.kind == self.Kind.DETACHMENT and self.aquila:
            errors["aquila"] = "A detachment has no Aquila: the eagle stays with the legion."
        if self.detached_from_id and self.detached_from_id == self.pk:
            errors["detached_from"] = "A force cannot be detached from itself."
        if errors:
            raise ValidationError(errors)


class ForceTroopsManager(models.Manager):
    def get_by_natural_key(self, event_slug, force_name, type, veteran):
        return self.get(force__event__slug=event_slug, force__name=force_name, type=type, veteran=veteran)


class ForceTroops(models.Model):
    """How many units of one type, veteran or not, a force has."""

    force = models.ForeignKey(Force, on_delete=models.CASCADE, related_name="troops")
    type = models.CharField(max_length=20, choices=TROOP_TYPES)
    veteran = models.BooleanField(default=False)
    count = models.PositiveSmallIntegerField(default=0)

    objects = ForceTroopsManager()

    class Meta:
        ordering = ["force_id", "type", "veteran"]
        constraints = [models.UniqueConstraint(fields=["force", "type", "veteran"], name="one_row_per_troop_kind")]

    def __str__(self):
        return f"{self.count} {'veteran ' if self.veteran else ''}{self.get_type_display().lower()}"

    @depends_on("regions.force")
    def natural_key(self):
        return (*self.force.natural_key(), self.type, self.veteran)


class Upgrade(models.Model):
    """Upgrade orders under way on a legion; they finish at the end of `ready_turn`."""

    force = models.ForeignKey(Force, on_delete=models.CASCADE, related_name="upgrades")
    ordered_turn = models.PositiveSmallIntegerField()
    ready_turn = models.PositiveSmallIntegerField()
    orders = models.JSONField()
    composition_after = models.JSONField(help_text="The legion's troops once the upgrade is done.")
    cost = models.PositiveIntegerField(validators=talents_validators)
    finished_turn = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["force", "ready_turn"]

    def __str__(self):
        return f"{self.force}: upgrade ready at the end of turn {self.ready_turn}"


class Fleet(NamedInEvent):
    """A fleet: an operational area, not a unit that moves (IX. FLEETS)."""

    class State(models.TextChoices):
        READY = "ready", "Ready"
        LIGHT_DAMAGE = "light_damage", "Light storm damage"
        SERIOUS_DAMAGE = "serious_damage", "Serious storm damage"
        MARINES_STRIPPED = "marines_stripped", "Marines stripped"
        BRIDGE_OF_BOATS = "bridge", "Bridge of boats"
        LOST = "lost", "Lost with all hands"

    base = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="fleets")
    station = models.ForeignKey(
        "MapPoint",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="fleets",
        help_text="The port it is based at, in its base province.",
    )
    sea_areas = models.TextField(
        blank=True, **bounded_text(), help_text="Its area of responsibility: the sea areas, one a line."
    )
    capacity = models.PositiveSmallIntegerField(default=14, help_text="Vexillations it can carry a turn.")
    state = models.CharField(max_length=20, choices=State.choices, default=State.READY)
    busy_until_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Repairs, new marines or a bridge of boats end with this turn."
    )
    is_demo = models.BooleanField(default=False, help_text="Demo data, not from the handbook.")

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "name"]

    @depends_on("umpire.event", "regions.province", "regions.mappoint")
    def natural_key(self):
        return super().natural_key()

    def get_absolute_url(self):
        return reverse("regions:fleet", args=[self.event.slug, self.pk])

    def clean(self):
        errors = self.other_event_errors("base", "station")
        if self.station_id and self.base_id and self.station.province_id != self.base_id:
            errors["station"] = f"{self.station} is in {self.station.province}, not {self.base}."
        if errors:
            raise ValidationError(errors)


class CostOwed(models.Model):
    """A cost a force or fleet has run up, kept until the treasury pays it: nothing is lost
    before the ledger exists, and the ledger settles these when it does."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="costs_owed")
    force = models.ForeignKey(Force, on_delete=models.SET_NULL, null=True, blank=True, related_name="costs_owed")
    fleet = models.ForeignKey(Fleet, on_delete=models.SET_NULL, null=True, blank=True, related_name="costs_owed")
    what = models.CharField(max_length=200)
    talents = models.PositiveIntegerField(validators=talents_validators)
    turn = models.PositiveSmallIntegerField()
    settled = models.BooleanField(default=False)

    class Meta:
        ordering = ["event_id", "turn", "pk"]
        verbose_name_plural = "costs owed"

    def __str__(self):
        return f"{self.talents} talents: {self.what}"
