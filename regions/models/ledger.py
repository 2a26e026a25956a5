"""Provincial money as a ledger (VII. REVENUES, VIII. EXPENDITURE; DESIGN principle 4).

Integer talents. Every movement is a transaction whose postings sum to zero; balances are
derived from the postings and never stored; a mistake is corrected by a reversing
transaction, never by an edit. Only regions.services.ledger writes these rows.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone

from umpire.models import Character
from umpire.models.base import NamedInEvent

from .forces import Force
from .limits import bounded_text, signed_talents_validators
from .province import Province


class Account(NamedInEvent):
    """Where talents are kept: VIII. GENERAL's "central treasury" of a province, or the money
    "with a player or military force", Rome's treasuries, or the world outside the books."""

    class Kind(models.TextChoices):
        PROVINCE_TREASURY = "province", "Province treasury"
        CHARACTER_PURSE = "purse", "Character purse"
        LEGION_PAY_CHEST = "pay_chest", "Legion pay chest"
        IMPERIAL_TREASURY = "imperial", "Imperial Treasury (Temple of Jupiter)"
        SENATE_TREASURY = "senate", "Senate treasury"
        EXTERNAL = "external", "External (sources and sinks)"

    # The record each kind belongs to; the other kinds belong to no record.
    LINK_OF_KIND = {
        Kind.PROVINCE_TREASURY: "province",
        Kind.CHARACTER_PURSE: "character",
        Kind.LEGION_PAY_CHEST: "force",
    }

    kind = models.CharField(max_length=10, choices=Kind.choices)
    province = models.ForeignKey(Province, on_delete=models.PROTECT, null=True, blank=True, related_name="accounts")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, null=True, blank=True, related_name="accounts")
    force = models.ForeignKey(Force, on_delete=models.PROTECT, null=True, blank=True, related_name="accounts")
    allows_overdraft = models.BooleanField(
        default=False,
        editable=False,
        help_text="Only an external account (taxes coming in, wages going out) may go below zero.",
    )

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "kind", "name"]
        constraints = [
            *NamedInEvent.Meta.constraints,
            models.CheckConstraint(
                condition=Q(kind="external", allows_overdraft=True) | (~Q(kind="external") & Q(allows_overdraft=False)),
                name="regions_account_only_external_overdraws",
            ),
        ]

    def save(self, *args, **kwargs):
        self.allows_overdraft = self.kind == self.Kind.EXTERNAL
        super().save(*args, **kwargs)

    def clean(self):
        self.allows_overdraft = self.kind == self.Kind.EXTERNAL  # before the constraint is checked
        errors = self.other_event_errors("province", "character", "force")
        needed = self.LINK_OF_KIND.get(self.kind)
        for field in ("province", "character", "force"):
            if field == needed and not getattr(self, f"{field}_id"):
                errors[field] = f"A {self.get_kind_display().lower()} belongs to a {field}."
            elif field != needed and getattr(self, f"{field}_id"):
                errors[field] = f"A {self.get_kind_display().lower()} belongs to no {field}."
        if errors:
            raise ValidationError(errors)


class Transaction(models.Model):
    """One movement of money, entered once and never edited: its postings sum to zero."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="ledger_transactions")
    game_turn = models.PositiveSmallIntegerField()
    entered_at = models.DateTimeField(default=timezone.now)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    why = models.TextField(**bounded_text())
    reverses = models.OneToOneField(
        "self",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="reversed_by",
        help_text="The transaction this one undoes; a transaction is reversed at most once.",
    )
    shipment = models.BooleanField(
        default=False,
        help_text="Funds sent to pay or supply an army: they may be intercepted (VIII. GENERAL).",
    )
    seizes = models.OneToOneField(
        "self",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="seized_by",
        help_text="The shipment this one intercepted on its way: its talents go to whoever took them.",
    )

    class Meta:
        ordering = ["event_id", "pk"]

    def __str__(self):
        return f"#{self.pk} (turn {self.game_turn}): {self.why}"[:200]


class Posting(models.Model):
    """One account's side of a transaction: talents in (positive) or out (negative)."""

    transaction = models.ForeignKey(Transaction, on_delete=models.CASCADE, related_name="postings")
    account = models.ForeignKey(Account, on_delete=models.RESTRICT, related_name="postings")
    amount = models.IntegerField(help_text="Signed whole talents.", validators=signed_talents_validators)

    class Meta:
        ordering = ["transaction", "pk"]
        constraints = [models.CheckConstraint(condition=~Q(amount=0), name="regions_posting_not_zero")]

    def __str__(self):
        return f"{self.account}: {self.amount:+d}"
