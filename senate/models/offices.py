"""Rome: the offices and careers (XI. THE ORGANISATION IN AD69; SOCIAL CLASS, Career Progression).

The ladders are `umpire.CareerRank` rows; the provinces' governors and procurators and the
legions' legates are fields of `regions.Province` and `regions.Force`. What has no other home is
here: Rome's own commands (`RomanOffice`) and the history of who was appointed to what, by whom
(`Appointment`)."""

from django.conf import settings
from django.db import models


class Office(models.TextChoices):
    """XI. THE ORGANISATION IN AD69: every province has a governor and a procurator, each legion a
    legate; "Rome Has: ... Commander of the Praetorian Cohorts (must be from Equitates), Commander
    of the Urban Cohorts (must be from Equitates)"."""

    GOVERNOR = "governor", "Governor"
    PROCURATOR = "procurator", "Procurator"
    LEGATE = "legate", "Legionary Legate"
    PRAETORIAN_COMMANDER = "praetorian", "Commander of the Praetorian Cohorts"
    URBAN_COMMANDER = "urban", "Commander of the Urban Cohorts"


PROVINCE_OFFICES = (Office.GOVERNOR, Office.PROCURATOR)
ROME_OFFICES = (Office.PRAETORIAN_COMMANDER, Office.URBAN_COMMANDER)


class Appointer(models.TextChoices):
    SENATE = "senate", "the Senate"
    EMPEROR = "emperor", "the Emperor"


class RomanOffice(models.Model):
    """One of Rome's commands, with its holder (empty while vacant)."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="roman_offices")
    office = models.CharField(max_length=12, choices=[(o.value, o.label) for o in ROME_OFFICES])
    holder = models.ForeignKey(
        "umpire.Character", on_delete=models.SET_NULL, null=True, blank=True, related_name="roman_offices"
    )

    class Meta:
        ordering = ["event_id", "office"]
        constraints = [models.UniqueConstraint(fields=["event", "office"], name="one_holder_per_roman_office")]

    def __str__(self):
        return f"{self.get_office_display()}: {self.holder or 'vacant'}"


class Appointment(models.Model):
    """Who was appointed to which office, by the Senate (its vote) or the Emperor (his edict), when
    and why; a row is never rewritten: the next appointment to the office follows it."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="appointments")
    office = models.CharField(max_length=12, choices=Office.choices)
    character = models.ForeignKey("umpire.Character", on_delete=models.PROTECT, related_name="appointments")
    previous = models.ForeignKey(
        "umpire.Character",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="Who held the office before.",
    )
    province = models.ForeignKey(
        "regions.Province", on_delete=models.PROTECT, null=True, blank=True, related_name="appointments"
    )
    force = models.ForeignKey(
        "regions.Force", on_delete=models.PROTECT, null=True, blank=True, related_name="appointments"
    )
    by = models.CharField(max_length=8, choices=Appointer.choices)
    authority = models.CharField(max_length=200, help_text="The Senate's vote or the Emperor's edict that made it.")
    reason = models.CharField(max_length=300, blank=True)
    turn = models.PositiveSmallIntegerField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self):
        return f"{self.character}, {self.post} ({self.get_by_display()}, turn {self.turn})"

    @property
    def post(self):
        """The office in words, with its place: "Procurator of Achaea"."""
        where = self.province or self.force
        return f"{self.get_office_display()} of {where}" if where else self.get_office_display()
