"""The tax turn statement (VII. REVENUES; VIII. EXPENDITURE; PROVINCIAL GOVERNMENT & TAXATION).

What a province owes Rome (or Rome owes it) on a tax turn, line by line, for the Region
umpire to see and confirm. Moving the talents is the ledger's business, not this record's.
"""

from django.conf import settings
from django.db import models

from .limits import bounded_text, talents_validators
from .province import Province


class RevenueDisruption(models.Model):
    """VII. PROVINCIAL REVENUE: "prolonged fighting ... or severe political disruption" reduces a
    province's revenue. The latest one set for a province, from its `turn_from`, applies; a
    reduction of 0 lifts it."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="revenue_disruptions")
    province = models.ForeignKey(Province, on_delete=models.CASCADE, related_name="revenue_disruptions")
    turn_from = models.PositiveSmallIntegerField(help_text="The first tax turn it reduces.")
    reduction_talents = models.PositiveIntegerField(
        help_text="Talents a quarter taken off the income.", validators=talents_validators
    )
    reason = models.TextField(**bounded_text())
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["event_id", "province", "turn_from", "pk"]

    def __str__(self):
        return f"{self.province}: -{self.reduction_talents} talents from turn {self.turn_from}"


class TaxStatement(models.Model):
    """One province's account on one tax turn: `balance` is due to Rome when positive, owed by
    Rome when negative. Drawn up once; the Region umpire confirms it."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="tax_statements")
    province = models.ForeignKey(Province, on_delete=models.PROTECT, related_name="tax_statements")
    turn = models.PositiveSmallIntegerField()
    lines = models.JSONField(help_text="Each line: label, talents (signed), rule.")
    income = models.IntegerField(help_text="The quarter's income after any disruption.")
    balance = models.IntegerField(help_text="Due to Rome (positive) or owed by Rome (negative).")
    handed_to = models.CharField(
        max_length=80,
        blank=True,
        help_text="Who the revenue was handed to: the procurator, the governor of a province without one, or the Senate.",
    )
    revenue = models.OneToOneField(
        "Transaction",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tax_statement",
        help_text="The income paid into the province's treasury when the Region umpire confirmed it.",
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "turn", "province__name"]
        constraints = [models.UniqueConstraint(fields=["province", "turn"], name="one_tax_statement_per_turn")]

    def __str__(self):
        return f"{self.province}, tax turn {self.turn}: {self.balance:+d} talents"


class Bill(models.Model):
    """One cost on a tax statement, to be paid from some account: the province's government, its
    roads, a legion's or a fleet's upkeep, a raising or repair cost. Paid when `paid_by` is a
    transaction that has not been reversed; troops whose upkeep is unpaid are unpaid troops."""

    class Kind(models.TextChoices):
        GOVERNMENT = "government", "Provincial government"
        ROADS = "roads", "Roads"
        UPKEEP = "upkeep", "Upkeep"
        RAISING = "raising", "Raising, upgrading or repair"

    statement = models.ForeignKey(TaxStatement, on_delete=models.PROTECT, related_name="bills")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    force = models.ForeignKey("Force", on_delete=models.SET_NULL, null=True, blank=True, related_name="bills")
    fleet = models.ForeignKey("Fleet", on_delete=models.SET_NULL, null=True, blank=True, related_name="bills")
    what = models.CharField(max_length=200)
    talents = models.PositiveIntegerField(validators=talents_validators)
    paid_by = models.ForeignKey("Transaction", on_delete=models.PROTECT, null=True, blank=True, related_name="bills")

    class Meta:
        ordering = ["statement", "pk"]

    def __str__(self):
        return f"{self.what}: {self.talents} talents"
