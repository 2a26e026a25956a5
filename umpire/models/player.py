from django.core.exceptions import ValidationError
from django.db import models

from .base import NamedInEvent, depends_on
from .character import Character


class Player(NamedInEvent):
    """A person in the hall, and the character he plays (handbook II, PLAYER ROLES): the cast list
    Control keeps in a spreadsheet before the day. His player code is his character's mailbox code."""

    contact = models.CharField(max_length=200, blank=True, help_text="An e-mail address or telephone number.")
    character = models.ForeignKey(
        Character,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        help_text="The character he plays; empty until Control casts him.",
    )
    team = models.CharField(
        max_length=80, blank=True, help_text="The team he plays in, as Control names it (a faction, a table's team)."
    )

    class Meta(NamedInEvent.Meta):
        ordering = ["event_id", "name"]

    @depends_on("umpire.event", "umpire.character")
    def natural_key(self):
        return super().natural_key()

    def clean(self):
        errors = self.other_event_errors("character")
        if errors:
            raise ValidationError(errors)
