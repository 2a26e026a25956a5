"""The rulings log: the umpires' interpretations of the rules, so that the same question gets the
same answer at every table."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils import timezone

from .event import Event


class Ruling(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rulings")
    question = models.TextField(max_length=1000, validators=[MaxLengthValidator(1000)])
    ruling = models.TextField(max_length=2000, validators=[MaxLengthValidator(2000)])
    section = models.CharField(
        max_length=120,
        blank=True,
        help_text='The handbook section it interprets, as "X. COMBAT RESOLUTION".',
    )
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    turn = models.PositiveSmallIntegerField(null=True, blank=True, help_text="The game turn it was recorded in.")
    recorded_at = models.DateTimeField(default=timezone.now)
    # one-to-one: a ruling is replaced once, so the log never forks into two answers to one question
    supersedes = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="superseded_by",
        help_text="An earlier ruling this one replaces.",
    )

    class Meta:
        ordering = ["-recorded_at", "-pk"]

    def __str__(self):
        return f"Ruling {self.pk}: {self.question[:60]}"

    def clean(self):
        earlier = self.supersedes if self.supersedes_id else None
        if earlier is None:
            return
        if self.event_id and earlier.event_id != self.event_id:
            raise ValidationError({"supersedes": f"Ruling {earlier.pk} belongs to another event."})
        replaced_by = Ruling.objects.filter(supersedes=earlier).exclude(pk=self.pk).first()
        if replaced_by is not None:
            raise ValidationError(
                {
                    "supersedes": f"Ruling {earlier.pk} is already superseded by ruling "
                    f"{replaced_by.pk}: supersede that one."
                }
            )
