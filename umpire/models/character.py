from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from umpire.rules.ad69.characters import LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL

from .base import NamedInEvent, depends_on
from .event import MOST_TURNS
from .region import Region

# Far past any figure of the handbook's, and well inside every database's integer: a slip of the keyboard
# (a talent count of ten digits) is refused by name rather than overflowing the column. The books bound every
# sum of talents by the same figure (regions.models.limits), since opening the books puts a fortune in his purse.
MOST_TALENTS = 1_000_000
MOST_SUPPORT = 1_000_000
MOST_CAREER_STEPS = 99
SMALLEST_COLUMN = 32_767  # what PostgreSQL's smallint holds: a turn past the game's last still fits


class SocialClass(models.TextChoices):
    SENATOR = "senator", "Senator"
    EQUESTRIAN = "equestrian", "Equestrian"


class CareerRankManager(models.Manager):
    def get_by_natural_key(self, name):
        return self.get(name=name)


class CareerRank(models.Model):
    """One rung of a class's career ladder (handbook XI, SOCIAL CLASS, Career Progression)."""

    name = models.CharField(max_length=60, unique=True)
    social_class = models.CharField(max_length=12, choices=SocialClass.choices)
    step = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MOST_CAREER_STEPS)],
        help_text="1 is the bottom of the ladder.",
    )

    objects = CareerRankManager()

    class Meta:
        ordering = ["social_class", "step"]
        constraints = [models.UniqueConstraint(fields=["social_class", "step"], name="one_rank_per_step")]

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.name,)


class Character(NamedInEvent):
    """A player role (handbook II, PLAYER ROLES).

    Wealth, support and military skill stay empty until Control sets them from
    the briefings: the handbook's list of personalities is not in our copy.
    """

    class Role(models.TextChoices):
        SENATOR = "senator", "Senator"
        GOVERNOR = "governor", "Governor"
        PROCURATOR = "procurator", "Procurator"
        LEGIONARY_LEGATE = "legate", "Legionary Legate"

    role = models.CharField(max_length=12, choices=Role.choices)
    social_class = models.CharField(max_length=12, choices=SocialClass.choices)
    career_rank = models.ForeignKey(CareerRank, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    wealth = models.PositiveIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MOST_TALENTS)], help_text="Personal fortune in talents."
    )
    support = models.IntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(-MOST_SUPPORT), MaxValueValidator(MOST_SUPPORT)],
        help_text="Political support in Rome, with the mob.",
    )
    military_skill = models.SmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(LEAST_MILITARY_SKILL), MaxValueValidator(MOST_MILITARY_SKILL)],
        help_text="Added to the army commander's battle and siege rolls.",
    )
    wounded_until_turn = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(SMALLEST_COLUMN)],
        help_text="X. RISK TO PLAYER CHARACTERS IN BATTLE: wounded, he may not take an active role in "
        "battles until this turn.",
    )
    died_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MOST_TURNS)], help_text="The turn he fell, fatally."
    )
    location = models.ForeignKey(
        Region,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="characters_here",
        help_text="The table he is at now; empty while he travels.",
    )
    travelling_to = models.ForeignKey(
        Region,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="characters_on_the_way",
        help_text="The table he set out for when he checked out of his last one (VI. COMMUNICATIONS); "
        "empty once he checks in.",
    )
    left_table_at = models.DateTimeField(
        null=True, blank=True, help_text="When he checked out of his last table, while he travels."
    )
    is_demo = models.BooleanField(
        default=False, help_text="His figures are demo data, not from the handbook nor from Control's cast."
    )

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "name"]

    @depends_on("umpire.event", "umpire.region", "umpire.careerrank")
    def natural_key(self):
        return super().natural_key()

    @property
    def is_travelling(self):
        return self.location_id is None and self.travelling_to_id is not None

    @property
    def whereabouts(self):
        """Where he is, in words: "at Gaul", "travelling to Illyria" or "not placed"."""
        if self.location_id:
            return f"at {self.location}"
        if self.travelling_to_id:
            return f"travelling to {self.travelling_to}"
        return "not placed"

    def clean(self):
        errors = self.other_event_errors("location", "travelling_to")
        if self.location_id and self.travelling_to_id:
            errors["travelling_to"] = (
                f"He is at {self.location}: he cannot also be on his way to {self.travelling_to}. Clear one of the two."
            )
        if self.career_rank_id and self.career_rank.social_class != self.social_class:
            errors["career_rank"] = (
                f"{self.career_rank} is a rank of the {self.career_rank.get_social_class_display()} "
                f"ladder, not the {self.get_social_class_display()} one."
            )
        if errors:
            raise ValidationError(errors)
