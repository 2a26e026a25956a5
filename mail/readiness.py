"""The post's checks for game day (umpire.readiness): a player code for every character someone plays,
and a posting time on every link between tables (VI. COMMUNICATIONS: the handbook gives none)."""

from django.urls import reverse

from umpire.models import Character, Event, Route
from umpire.readiness import Missing, register_check
from umpire.readiness_checks import in_words


def characters_without_codes(event: Event) -> list[Missing]:
    """A character with players but no mailbox: his briefing prints no player code."""
    if not event.is_megagame:
        return []
    mailboxes = reverse("mail:mailboxes", args=[event.slug])
    characters = (
        Character.objects.filter(event=event, players__isnull=False, mailbox__isnull=True)
        .distinct()
        .prefetch_related("players")
    )
    return [
        Missing(
            "Players",
            f"{character}, played by {in_words([str(player) for player in character.players.all()])}, "
            "has no player code.",
            f"{mailboxes}#character-{character.pk}",
        )
        for character in characters
    ]


def links_without_posting_times(event: Event) -> list[Missing]:
    """A link with no posting time: a letter in simulated transit cannot be routed along it."""
    if not event.is_megagame:
        return []
    routes = Route.objects.filter(event=event, posting_time__isnull=True).select_related("one", "other")
    posting_times = reverse("mail:posting-times", args=[event.slug])
    return [Missing("Links", f"The link {route} has no posting time.", posting_times) for route in routes]


def register() -> None:
    register_check("mail.player_codes", characters_without_codes)
    register_check("mail.posting_times", links_without_posting_times)
