"""Rome: the Senate's sessions and motions, the Emperor's edicts, and who is Emperor.

XI. THE ROMAN CONSTITUTION: "Expression of Imperial will is in the form of edicts, which do not
have the full force of law, but may gain that force by being ratified by the Senate", and "The
Senate alone can make the Emperor's position constitutional". A motion's result, an edict and a
change of Emperor are drafts, seen by the Senate umpires and Control, until one of them
publishes it in the Acta Diurna; only Control puts it on the projector as well.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from umpire.models import Character, Event


def tally_words(ayes: int, nays: int, abstentions: int) -> str:
    return f"{ayes} ayes, {nays} nays, {abstentions} abstaining"


class Published(models.Model):
    """What the gazette may print: nothing until an umpire publishes it."""

    published_at = models.DateTimeField(null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    on_projector = models.BooleanField(default=False, help_text="Control put it on the projector's news.")

    class Meta:
        abstract = True

    @property
    def is_published(self):
        return self.published_at is not None


class Session(models.Model):
    """A sitting of the Senate, opened and closed by the Senate umpire."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="senate_sessions")
    opened_turn = models.PositiveSmallIntegerField()
    opened_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-opened_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event"], condition=Q(closed_at__isnull=True), name="one_open_session_per_event"
            )
        ]

    def __str__(self):
        return f"Session of turn {self.opened_turn}"

    @property
    def is_open(self):
        return self.closed_at is None


class Edict(Published):
    """The Emperor's will; law only once a motion to ratify it has carried."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="edicts")
    emperor = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="edicts")
    text = models.TextField(max_length=2000)
    turn = models.PositiveSmallIntegerField()
    issued_at = models.DateTimeField()
    ratified_by = models.OneToOneField(
        "Motion", on_delete=models.SET_NULL, null=True, blank=True, related_name="ratified_edict"
    )

    class Meta:
        ordering = ["-issued_at", "-pk"]

    def __str__(self):
        return f"Edict of {self.emperor}: {self.text[:50]}"

    @property
    def headline(self):
        return f"Edict of {self.emperor}: {self.text}"


class Motion(Published):
    """Tabled in a session, voted on by the senators present, counted, then published."""

    class Kind(models.TextChoices):
        RATIFY = "ratify", "Ratify an edict"
        APPOINT = "appoint", "Appoint"
        ENEMY = "enemy", "Declare an enemy of the state"
        TRIUMPH = "triumph", "Grant a triumph"
        OTHER = "other", "Other"

    class State(models.TextChoices):
        TABLED = "tabled", "Tabled"
        VOTED = "voted", "Voted"

    class Result(models.TextChoices):
        CARRIED = "carried", "Carried"
        LOST = "lost", "Lost"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="motions")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    text = models.TextField(max_length=2000)
    proposer = models.ForeignKey(Character, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    edict = models.ForeignKey(
        Edict,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="motions",
        help_text="The edict a motion to ratify would make law.",
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.TABLED)
    tabled_at = models.DateTimeField()
    ayes = models.PositiveSmallIntegerField(default=0)
    nays = models.PositiveSmallIntegerField(default=0)
    abstentions = models.PositiveSmallIntegerField(default=0)
    result = models.CharField(max_length=8, choices=Result.choices, blank=True)
    # The handbook gives no rule for a tie: the umpire decides it and says why.
    tie_ruling = models.TextField(max_length=500, blank=True, help_text="The umpire's ruling on a tied vote.")
    counted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tabled_at", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.text[:50]}"

    def clean(self):
        if self.kind == self.Kind.RATIFY and self.edict_id is None:
            raise ValidationError({"edict": "A motion to ratify names the edict it would ratify."})
        if self.kind != self.Kind.RATIFY and self.edict_id is not None:
            raise ValidationError({"edict": "Only a motion to ratify names an edict."})

    @property
    def headline(self):
        return f"Motion {self.get_result_display().lower()}: {self.get_kind_display()}: {self.text} ({self.tally})"

    @property
    def tally(self):
        return tally_words(self.ayes, self.nays, self.abstentions)


class Vote(models.Model):
    """One senator's vote on one motion; he may change it until the count."""

    class Choice(models.TextChoices):
        AYE = "aye", "Aye"
        NAY = "nay", "Nay"
        ABSTAIN = "abstain", "Abstain"

    motion = models.ForeignKey(Motion, on_delete=models.CASCADE, related_name="votes")
    senator = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="+")
    choice = models.CharField(max_length=8, choices=Choice.choices)

    class Meta:
        ordering = ["senator__name"]
        constraints = [models.UniqueConstraint(fields=["motion", "senator"], name="one_vote_per_senator")]

    def __str__(self):
        return f"{self.senator}: {self.get_choice_display()}"


class Claimant(Published):
    """Who is Emperor, or claims to be, from one turn to another; a row ends, it is never rewritten."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="claimants")
    character = models.ForeignKey(Character, on_delete=models.PROTECT, related_name="claims")
    is_emperor = models.BooleanField(default=False)
    since_turn = models.PositiveSmallIntegerField()
    ended_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    recorded_at = models.DateTimeField()

    class Meta:
        ordering = ["-recorded_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event"], condition=Q(is_emperor=True, ended_turn__isnull=True), name="one_emperor_at_a_time"
            ),
            models.UniqueConstraint(
                fields=["character"], condition=Q(ended_turn__isnull=True), name="one_standing_claim_per_character"
            ),
        ]

    def __str__(self):
        return f"{self.character} ({'Emperor' if self.is_emperor else 'claimant'})"

    @property
    def is_standing(self):
        return self.ended_turn is None

    @property
    def headline(self):
        """What the gazette prints of the row: its start. Its end is the console's to show."""
        return f"{self.character} is proclaimed Emperor" if self.is_emperor else f"{self.character} claims the throne"
