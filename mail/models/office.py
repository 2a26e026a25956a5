"""How an event carries its mail (VI. COMMUNICATIONS): Control's settings for the post, and the
posting time along each link between tables when transit is simulated."""

import secrets

from django.db import models

from mail.codes import new_code


def token():
    return secrets.token_urlsafe(12)


class PostOffice(models.Model):
    """One per event, made with default settings the first time the post is used."""

    class Carriage(models.TextChoices):
        COURIERS = "couriers", "Physical couriers: each hand-over recorded as it happens"
        SIMULATED = "simulated", "Simulated transit: a letter arrives after the posting time of its route"

    event = models.OneToOneField("umpire.Event", on_delete=models.CASCADE, related_name="post_office")
    carriage = models.CharField(max_length=10, choices=Carriage.choices, default=Carriage.COURIERS)
    players_may_track = models.BooleanField(
        default=False, help_text="Players may see where their own letters are: posted, in transit, delivered."
    )
    stuck_after_minutes = models.PositiveSmallIntegerField(
        default=40, help_text="Control hears of a letter that has not moved for this long (two turns of 20 minutes)."
    )

    def __str__(self):
        return f"The post of {self.event}"

    @property
    def simulated(self):
        return self.carriage == self.Carriage.SIMULATED


class PostingTime(models.Model):
    """The turns a letter takes along one link between tables, when transit is simulated. The
    handbook gives none: Control sets each link; at sea in winter it may take longer."""

    route = models.OneToOneField("umpire.Route", on_delete=models.CASCADE, related_name="posting_time")
    turns = models.PositiveSmallIntegerField(help_text="Turns a letter takes along this link.")
    winter_turns = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="By sea, when either table's sea is in winter (IX. WEATHER): the turns it takes then. "
        "Empty: no slower.",
    )

    def __str__(self):
        return f"{self.route}: {self.turns} turn(s)"

    # The audit files a record under its event, and Control hears of it (umpire.services.records.event_of): its link's.
    @property
    def event(self):
        return self.route.event

    @property
    def event_id(self):
        return self.route.event_id


class StationeryCode(models.Model):
    """A tracking code printed on a table's blank letter slips before any letter has it: posting
    a letter on that slip takes its code."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="stationery_codes")
    table = models.ForeignKey("umpire.Region", on_delete=models.CASCADE, related_name="+")
    code = models.CharField(max_length=6, default=new_code)
    printed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event_id", "table", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "code"], name="one_stationery_code_per_event")]

    def __str__(self):
        return self.code


class Mailbox(models.Model):
    """A player's own page of his letters, opened with his code and no login (players have
    none): where the letters he sent are, if Control lets players track them, and the typed
    letters delivered to him, which only he and Control may read."""

    character = models.OneToOneField("umpire.Character", on_delete=models.CASCADE, related_name="mailbox")
    code = models.CharField(max_length=32, unique=True, default=token)
    issued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.character}'s mailbox"
