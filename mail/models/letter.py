"""VI. COMMUNICATIONS, (i) Letters: "placed in the Region's post tray", carried by players
travelling between tables or by runners, handed out at its table by the Region's umpire alone,
forwarded when the addressee has moved on. Each letter keeps its whole history."""

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models

from mail.codes import shown
from mail.printing import MOST_LETTER_CHARACTERS, check_fits_a_page


class Office(models.TextChoices):
    """An office a letter may be addressed to, resolved to whoever holds it when it is delivered."""

    GOVERNOR = "governor", "the Governor"
    PROCURATOR = "procurator", "the Procurator"
    LEGATE = "legate", "the Legate"


class Letter(models.Model):
    class State(models.TextChoices):
        IN_TRAY = "in_tray", "In a post tray, waiting for a courier"
        CARRIED = "carried", "Carried by a courier"
        IN_TRANSIT = "in_transit", "In transit"
        ARRIVED = "arrived", "Arrived: to hand out"
        DELIVERED = "delivered", "Delivered"
        LOST = "lost", "Lost"
        INTERCEPTED = "intercepted", "Intercepted"

    MOVING = (State.IN_TRAY, State.CARRIED, State.IN_TRANSIT, State.ARRIVED)

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="letters")
    code = models.CharField(max_length=6, help_text="Its tracking code, as printed on its slip.")
    sender = models.ForeignKey("umpire.Character", on_delete=models.PROTECT, related_name="letters_sent")
    addressee = models.ForeignKey(
        "umpire.Character",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="letters_addressed",
        help_text="The character it is written to; or else an office.",
    )
    office = models.CharField(max_length=10, choices=Office.choices, blank=True)
    office_province = models.ForeignKey(
        "regions.Province",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The province of a governor or procurator.",
    )
    office_legion = models.ForeignKey(
        "regions.Force",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The legion of a legate.",
    )
    origin = models.ForeignKey(
        "umpire.Region", on_delete=models.PROTECT, related_name="+", help_text="The table it was posted at."
    )
    destination = models.ForeignKey(
        "umpire.Region",
        on_delete=models.PROTECT,
        related_name="letters_bound_here",
        help_text="The table it is going to now.",
    )
    written_turn = models.PositiveSmallIntegerField(help_text="The game date written on it, as a turn.")
    contents = models.TextField(
        blank=True,
        max_length=MOST_LETTER_CHARACTERS,
        validators=[MaxLengthValidator(MOST_LETTER_CHARACTERS), check_fits_a_page],
        help_text="Only if the sender types it: the addressee and Control "
        "alone may read it. Otherwise it stays on paper, and typed it fits a page.",
    )

    state = models.CharField(max_length=12, choices=State.choices, default=State.IN_TRAY)
    at_table = models.ForeignKey(
        "umpire.Region",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="letters_in_tray",
        help_text="The table whose tray holds it now.",
    )
    courier = models.ForeignKey(
        "umpire.Character",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="letters_carried",
        help_text="The player carrying it now.",
    )
    runner = models.CharField(max_length=60, blank=True, help_text="Or the runner carrying it now, by name.")
    due_turn = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Simulated transit: the turn it reaches its table."
    )
    returning = models.BooleanField(default=False, help_text="On its way back to its sender.")
    delivered_to = models.ForeignKey(
        "umpire.Character", on_delete=models.PROTECT, null=True, blank=True, related_name="letters_received"
    )
    moved_at = models.DateTimeField(help_text="When it last moved, on the wall clock: a stuck letter shows.")

    class Meta:
        ordering = ["event_id", "-moved_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["event", "code"], name="one_letter_per_code")]
        indexes = [
            models.Index(fields=["event", "state", "destination"], name="letter_tray"),
            models.Index(fields=["event", "state", "at_table"], name="letter_waiting"),
            models.Index(fields=["event", "state", "due_turn"], name="letter_due"),
        ]

    def __str__(self):
        return f"{self.shown_code} to {self.addressed_to}"

    @property
    def shown_code(self):
        return shown(self.code)

    @property
    def addressed_to(self):
        """ "Flavius Sabinus", or "the Governor of Syria"."""
        if self.addressee_id:
            return str(self.addressee)
        where = self.office_province if self.office != Office.LEGATE else self.office_legion
        return f"{self.get_office_display()} of {where}"

    @property
    def recipient(self):
        """Who it goes to now: its sender once it is returning."""
        return self.sender if self.returning else self.addressee

    @property
    def carrier(self):
        return str(self.courier) if self.courier_id else self.runner

    @property
    def is_moving(self):
        return self.state in self.MOVING


class LetterStep(models.Model):
    """One step of a letter's life: who did it, where, on the wall clock and in game time."""

    class What(models.TextChoices):
        POSTED = "posted", "Posted"
        PICKED_UP = "picked_up", "Picked up by a courier"
        LEFT = "left", "Left in a tray on the way"
        ARRIVED = "arrived", "Arrived in the destination tray"
        DELIVERED = "delivered", "Delivered"
        FORWARDED = "forwarded", "Forwarded"
        RETURNED = "returned", "Returned to its sender"
        LOST = "lost", "Lost, by an umpire's ruling"
        INTERCEPTED = "intercepted", "Intercepted, by an umpire's ruling"
        SETTLED = "settled", "Taken from its carrier into a tray, by Control's ruling"

    letter = models.ForeignKey(Letter, on_delete=models.CASCADE, related_name="steps")
    what = models.CharField(max_length=12, choices=What.choices)
    table = models.ForeignKey("umpire.Region", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    to_table = models.ForeignKey(
        "umpire.Region",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Where it was sent on to, when forwarded or returned.",
    )
    courier = models.ForeignKey("umpire.Character", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    runner = models.CharField(max_length=60, blank=True)
    to_character = models.ForeignKey(
        "umpire.Character",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Whom it was handed to, when delivered.",
    )
    note = models.CharField(max_length=300, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty: the post itself (simulated transit).",
    )
    at = models.DateTimeField()
    turn = models.PositiveSmallIntegerField()
    month = models.CharField(max_length=20, help_text="The game month, as the clock gave it.")

    class Meta:
        ordering = ["letter_id", "at", "pk"]

    def __str__(self):
        return f"{self.letter.shown_code}: {self.get_what_display()}"
