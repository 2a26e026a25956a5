from django.db import models

from .character import Character


class Briefing(models.Model):
    """What Control writes into a player's personal briefing (I. INTRODUCTION: "Players will also
    get a personal briefing which describes the starting position and the forces and finances
    available to each player"); the rest of the briefing is drawn from the world as it stands."""

    character = models.OneToOneField(Character, on_delete=models.CASCADE, related_name="briefing")
    personal_income = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="VII. REVENUES, OTHER INCOME: talents a quarter from his own lands and trade, "
        '"listed in their player\'s personal briefing".',
    )
    notes = models.TextField(blank=True, help_text="Secret: his situation as only he knows it.")
    objectives = models.TextField(blank=True, help_text="Secret: what he is playing for.")
    acquaintances = models.ManyToManyField(
        Character, blank=True, related_name="known_by", help_text="The people he knows."
    )

    def __str__(self):
        return f"Briefing of {self.character}"

    # The audit files a record under its event (umpire.services.records.event_of): his.
    @property
    def event(self):
        return self.character.event

    @property
    def event_id(self):
        return self.character.event_id
