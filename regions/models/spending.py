"""What money buys besides armies (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION): bread, circuses,
temples, public works, and the loyalty of troops."""

from django.conf import settings
from django.db import models

from umpire.models import Character

from .forces import Force
from .ledger import Account, Transaction
from .limits import bounded_text, talents_validators
from .province import Province


class Venue(models.Model):
    """A place a show or a ceremony needs (notes 3 and 4): a circus, hippodrome or amphitheatre, or
    a major temple. The Rome map's list is not in our copy: Control enters the existing ones;
    venues and temples built in the game are added when they are finished."""

    class Kind(models.TextChoices):
        ENTERTAINMENT_VENUE = "entertainment_venue", "Entertainment venue"
        TEMPLE = "temple", "Temple"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="venues")
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    province = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="venues")
    god = models.CharField(max_length=60, blank=True, help_text="The god a temple honours.")

    class Meta:
        ordering = ["event_id", "province__name", "name"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="regions_venue_name_unique_in_event")]

    def __str__(self):
        return self.name


class Spending(models.Model):
    """One purchase from the catalogue, or one quarter's corn dole, paid through the ledger. A
    build (venue, temple, public works, a show being organised) is ready at the end of
    `ready_turn`; the turn-end hook marks it finished."""

    class Item(models.TextChoices):
        ENTERTAINMENT_VENUE = "entertainment_venue", "Entertainment venue"
        TEMPLE = "temple", "Temple"
        CIRCUS_SHOW = "circus_show", "Circus show"
        RELIGIOUS_CEREMONY = "religious_ceremony", "Religious ceremony"
        FREE_DINNERS = "free_dinners", "Free dinners"
        PUBLIC_WORKS = "public_works", "General public works"
        CASH_HAND_OUTS = "cash_hand_outs", "Cash hand-outs"
        CORN_DOLE = "corn_dole", "Corn dole"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="spendings")
    item = models.CharField(max_length=20, choices=Item.choices)
    province = models.ForeignKey(
        Province,
        on_delete=models.PROTECT,
        related_name="spendings",
        help_text="Where: the City of Rome, or a province.",
    )
    spender = models.ForeignKey(Character, on_delete=models.PROTECT, null=True, blank=True, related_name="spendings")
    paid_from = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="spendings")
    talents = models.PositiveIntegerField(validators=talents_validators)
    multiples = models.PositiveSmallIntegerField(default=1)
    description = models.CharField(max_length=200, blank=True, help_text="The god honoured, the works, the show.")
    permission = models.CharField(max_length=200, blank=True, help_text="Who gave leave, where it is needed.")
    venue = models.ForeignKey(
        Venue,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="uses",
        help_text="The venue or temple a show or ceremony is held at.",
    )
    ordered_turn = models.PositiveSmallIntegerField()
    ready_turn = models.PositiveSmallIntegerField(help_text="Done at the end of this turn.")
    finished_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    built = models.OneToOneField(Venue, on_delete=models.SET_NULL, null=True, blank=True, related_name="built_by")
    payment = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="spending")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "ordered_turn", "pk"]

    def __str__(self):
        return f"{self.get_item_display()} in {self.province}: {self.talents} talents"


class Bribe(models.Model):
    """VIII. Bribery: talents offered to a unit. The bribes on one unit in one turn compete; the
    engine's ad69.bribery says whose prevails."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="bribes")
    force = models.ForeignKey(Force, on_delete=models.PROTECT, related_name="bribes")
    briber = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="bribes")
    talents = models.PositiveIntegerField(validators=talents_validators)
    purpose = models.TextField(help_text="Exactly what the troops are bribed to do.", **bounded_text())
    turn = models.PositiveSmallIntegerField()
    payment = models.OneToOneField(Transaction, on_delete=models.PROTECT, related_name="bribe")

    class Meta:
        ordering = ["event_id", "turn", "force", "pk"]
        constraints = [models.UniqueConstraint(fields=["force", "briber", "turn"], name="one_bribe_a_turn_per_briber")]

    def __str__(self):
        return f"{self.briber} bribes {self.force} with {self.talents} talents (turn {self.turn})"
