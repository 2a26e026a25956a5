"""Rome: the mob (VIII. CONSPICUOUS CONSUMPTION, Bread; Circuses and the Mob; III: the Senate
umpires "will reflect the reactions of things like the Roman Mob").

The handbook names what moves the mob but gives no figure for how far: each kind of spending's
effect is a `MobEffect` the Senate umpire or Control enters. A mood's value is the sum of its
entries, never stored, so the history and the figure cannot disagree."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Sum

from regions.models import Spending

Item = Spending.Item

# The handbook gives the mob no scale: the umpires draw its mood on a chart of some tens of points, so a
# move of a thousand at once is past any reading of it, and a figure beyond is a slip of the keyboard.
MOST_MOOD_POINTS = 1_000
mood_points_validators = [MinValueValidator(-MOST_MOOD_POINTS), MaxValueValidator(MOST_MOOD_POINTS)]


class Cause(models.TextChoices):
    """What moved the mood: the catalogue's items (the corn dole meaning paid), the dole left
    unpaid, or the umpire's own ruling."""

    CORN_DOLE_PAID = Item.CORN_DOLE, "Corn dole paid"
    CORN_DOLE_UNPAID = "corn_dole_unpaid", "Corn dole unpaid"
    CIRCUS_SHOW = Item.CIRCUS_SHOW, "Circus show"
    RELIGIOUS_CEREMONY = Item.RELIGIOUS_CEREMONY, "Religious ceremony"
    FREE_DINNERS = Item.FREE_DINNERS, "Free dinners"
    CASH_HAND_OUTS = Item.CASH_HAND_OUTS, "Cash hand-outs"
    ENTERTAINMENT_VENUE = Item.ENTERTAINMENT_VENUE, "Entertainment venue"
    TEMPLE = Item.TEMPLE, "Temple"
    PUBLIC_WORKS = Item.PUBLIC_WORKS, "General public works"
    RULING = "ruling", "Umpire's ruling"


class Mood(models.Model):
    """The mob of Rome (`place` empty) or of a provincial city the umpires follow."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="moods")
    place = models.ForeignKey(
        "regions.Province",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moods",
        help_text="Empty for the City of Rome.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "place"], name="one_mood_per_place"),
            models.UniqueConstraint(fields=["event"], condition=models.Q(place__isnull=True), name="one_mood_of_rome"),
        ]

    def __str__(self):
        return f"The mob of {self.place}" if self.place_id else "The mob of Rome"

    @property
    def value(self):
        return self.entries.aggregate(total=Sum("change"))["total"] or 0


class MoodEntry(models.Model):
    """One line of a mood's history: what moved it, by how much (0 when no effect is set and the
    umpire judges), on which turn, and why."""

    mood = models.ForeignKey(Mood, on_delete=models.CASCADE, related_name="entries")
    turn = models.PositiveSmallIntegerField()
    change = models.IntegerField(default=0, validators=mood_points_validators)
    cause = models.CharField(max_length=20, choices=Cause.choices)
    effect_set = models.BooleanField(default=True, help_text="False: no effect was set, the umpire judges.")
    spending = models.OneToOneField(
        Spending, on_delete=models.PROTECT, null=True, blank=True, related_name="mood_entry"
    )
    reason = models.CharField(max_length=300)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["mood", "turn", "pk"]
        constraints = [
            # One "dole unpaid" a quarter: the hook may be retried.
            models.UniqueConstraint(
                fields=["mood", "turn"],
                condition=models.Q(cause="corn_dole_unpaid"),
                name="one_unpaid_dole_entry_per_turn",
            ),
        ]

    def __str__(self):
        return f"{self.mood}, turn {self.turn}: {self.change:+d} ({self.get_cause_display()})"


class MobEffect(models.Model):
    """How far one multiple of a kind of spending moves the mob: the umpire's figure, since the
    handbook gives none ("The cost figure is the minimum that will be noticed. Additional
    multiples of this figure will have a proportional effect")."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="mob_effects")
    cause = models.CharField(max_length=20, choices=[c for c in Cause.choices if c[0] != Cause.RULING])
    points_per_multiple = models.IntegerField(validators=mood_points_validators)

    class Meta:
        ordering = ["event_id", "cause"]
        constraints = [models.UniqueConstraint(fields=["event", "cause"], name="one_mob_effect_per_cause")]

    def __str__(self):
        return f"{self.get_cause_display()}: {self.points_per_multiple:+d} a multiple"


class SupportChange(models.Model):
    """A senator's support with the mob moved by the Senate umpire, with the reason (II: "Political
    umpires will advise Senatorial players as and when this changes")."""

    senator = models.ForeignKey("umpire.Character", on_delete=models.PROTECT, related_name="support_changes")
    change = models.IntegerField(validators=mood_points_validators)
    before = models.IntegerField()
    after = models.IntegerField()
    reason = models.CharField(max_length=300)
    turn = models.PositiveSmallIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["senator", "turn", "pk"]

    def __str__(self):
        return f"{self.senator}: support {self.change:+d} on turn {self.turn}"
