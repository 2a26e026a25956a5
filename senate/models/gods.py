"""The gods of Rome (XI. GODS OF ROME): the pantheon, the devotions paid to it, and the oaths sworn.

"The Gods Are Real": the umpires reward realistic Roman piety and punish a broken oath, so these
are the record they judge from. What a god does about it is the umpires' word, never a number here."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from regions.models import Province, Spending, Venue
from regions.models.limits import bounded_text, talents_validators
from umpire.models import Character

# The catalogue items paid to a god (VIII. CONSPICUOUS CONSUMPTION, notes 2 and 4).
SPENT_ON_GODS = (Spending.Item.TEMPLE, Spending.Item.RELIGIOUS_CEREMONY)


class God(models.Model):
    """One god of the handbook's pantheon: "the most important gods that figure most prominently in
    the political life of Rome". Created for each event by `senate.services.gods.ensure_pantheon`."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="gods")
    name = models.CharField(max_length=60)
    domain = models.TextField(help_text="The handbook's words for the god.", **bounded_text())
    position = models.PositiveSmallIntegerField(default=0, help_text="The handbook's order.")

    class Meta:
        ordering = ["event_id", "position", "name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="senate_god_name_unique_in_event")]

    def __str__(self):
        return self.name

    def is_honoured_by(self, venue):
        """Whether `venue` is this god's temple: Venue.god is typed in by Control, so read loosely."""
        return venue.kind == Venue.Kind.TEMPLE and plain(venue.god) == plain(self.name)


def plain(name):
    """ "The Imperial Cult" and "imperial cult" are the same god."""
    name = (name or "").strip().casefold()
    return name.removeprefix("the ").strip()


def check_temple(temple, god, event, field="temple"):
    """A temple named on a record is a temple of this event, and the god's own."""
    if temple.event_id != event.pk:
        raise ValidationError({field: f"{temple} belongs to another event."})
    if temple.kind != Venue.Kind.TEMPLE:
        raise ValidationError({field: f"{temple} is not a temple: it is an {temple.get_kind_display().lower()}."})
    if god is not None and not god.is_honoured_by(temple):
        honours = temple.god or "no god entered"
        raise ValidationError({field: f"{temple} is not {god}'s temple (it honours {honours})."})


class Devotion(models.Model):
    """XI. Making Offerings: "dedicating temples to their honour, making sacrifices at their temples
    or funding and organising a major festival in their honour". IX. SEA MOVEMENT reads it: "+1 to
    your die roll, if you made a 10 talent offering to Neptune before the voyage"."""

    class Kind(models.TextChoices):
        OFFERING = "offering", "Offering"
        SACRIFICE = "sacrifice", "Sacrifice"
        FESTIVAL = "festival", "Festival"
        TEMPLE = "temple", "Temple dedicated"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="devotions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="devotions")
    god = models.ForeignKey(God, on_delete=models.PROTECT, related_name="devotions")
    what = models.CharField(max_length=200, help_text="What was given: a white bull, games, a shrine.")
    talents = models.PositiveIntegerField(
        null=True, blank=True, validators=talents_validators, help_text="What it cost, if it cost talents."
    )
    province = models.ForeignKey(Province, on_delete=models.PROTECT, null=True, blank=True, related_name="devotions")
    temple = models.ForeignKey(
        Venue,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="devotions",
        help_text="The god's temple it was made at.",
    )
    turn = models.PositiveSmallIntegerField()
    spending = models.ForeignKey(
        Spending,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="devotions",
        help_text="The temple or religious ceremony bought through the treasury.",
    )
    note = models.TextField(blank=True, **bounded_text())
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "turn", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()} to {self.god} by {self.character}, turn {self.turn}"

    def clean(self):
        for field in ("character", "god", "province", "spending"):
            related = getattr(self, field, None) if getattr(self, f"{field}_id") else None
            if related is not None and related.event_id != self.event_id:
                raise ValidationError({field: f"{related} belongs to another event."})
        if self.temple_id:
            check_temple(self.temple, self.god if self.god_id else None, self.event)
        if self.spending_id:
            self.check_spending()

    def check_spending(self):
        spending = self.spending
        if spending.item not in SPENT_ON_GODS:
            raise ValidationError(
                {"spending": f"{spending} is not paid to a god: only a temple or a religious ceremony is."}
            )
        if spending.spender_id and spending.spender_id != self.character_id:
            raise ValidationError({"spending": f"{spending} was paid for by {spending.spender}, not {self.character}."})
        if Devotion.objects.filter(spending=spending).exclude(pk=self.pk).exists():
            raise ValidationError({"spending": f"{spending} is already recorded as a devotion."})


class Oath(models.Model):
    """XI. Swearing: "Swearing an oath is very important. It should not be done lightly." Its three
    degrees, each the gods' business more than the last. Sworn, then ruled kept or broken once."""

    class Degree(models.IntegerChoices):
        HONOUR = 1, "1. On his honour"
        GODS_NAME = 2, "2. In a god's name"
        GODS_TEMPLE = 3, "3. In a god's name, in his temple"

    class State(models.TextChoices):
        SWORN = "sworn", "Sworn"
        KEPT = "kept", "Kept"
        BROKEN = "broken", "Broken"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="oaths")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="oaths")
    degree = models.PositiveSmallIntegerField(choices=Degree.choices)
    god = models.ForeignKey(God, on_delete=models.PROTECT, null=True, blank=True, related_name="oaths")
    temple = models.ForeignKey(Venue, on_delete=models.PROTECT, null=True, blank=True, related_name="oaths")
    sworn = models.TextField(help_text="What was sworn.", **bounded_text())
    to_character = models.ForeignKey(
        Character, on_delete=models.PROTECT, null=True, blank=True, related_name="oaths_received"
    )
    to_whom = models.CharField(max_length=120, blank=True, help_text="Or to whom, in words: the mob, a legion.")
    turn = models.PositiveSmallIntegerField()
    state = models.CharField(max_length=6, choices=State.choices, default=State.SWORN)
    ruling_reason = models.TextField(blank=True, **bounded_text())
    ruled_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "turn", "pk"]

    def __str__(self):
        return f"{self.character}'s oath {self.sworn_to}, turn {self.turn}"

    @property
    def sworn_to(self):
        whom = [str(who) for who in (self.to_character, self.to_whom) if who]
        return "to " + ", ".join(whom) if whom else ""

    def clean(self):
        for field in ("character", "god", "to_character"):
            related = getattr(self, field) if getattr(self, f"{field}_id") else None
            if related is not None and related.event_id != self.event_id:
                raise ValidationError({field: f"{related} belongs to another event."})
        self.check_degree()
        if not self.to_character_id and not self.to_whom.strip():
            raise ValidationError(
                {"to_whom": "Say to whom it was sworn: a character, or in words (the mob, a legion)."}
            )
        if self.state != self.State.SWORN and not self.ruling_reason.strip():
            raise ValidationError({"ruling_reason": "Give the reason for the ruling."})

    def check_degree(self):
        """XI. Swearing: 1. "on your honour or some such flimsy object"; 2. "in the name of a specific
        god"; 3. "in the name of a specific god in that god's temple"."""
        if self.degree == self.Degree.HONOUR and self.god_id:
            raise ValidationError(
                {
                    "god": "An oath on one's honour names no god: to swear by a god is the second "
                    "degree (or the third, in his temple)."
                }
            )
        if self.degree != self.Degree.HONOUR and not self.god_id:
            raise ValidationError({"god": "Name the god sworn by: the second and third degrees are sworn by a god."})
        if self.degree != self.Degree.GODS_TEMPLE and self.temple_id:
            raise ValidationError({"temple": "Only an oath of the third degree is sworn in a temple."})
        if self.degree == self.Degree.GODS_TEMPLE:
            if not self.temple_id:
                raise ValidationError(
                    {
                        "temple": f"Name {self.god}'s temple it was sworn in: the third degree is "
                        f"sworn in the god's own temple."
                    }
                )
            check_temple(self.temple, self.god, self.event)
