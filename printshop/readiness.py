"""The print shop's check for game day (umpire.readiness): every personal briefing printed, and none
changed since (anything filed under the character in the audit after his briefing was printed)."""

from datetime import datetime

from django.db.models import F, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.timezone import localtime

from umpire.models import AuditEntry, Character, Event
from umpire.readiness import Missing, register_check


def briefings_out_of_date(event: Event) -> list[Missing]:
    if not event.is_megagame:
        return []
    changes = AuditEntry.characters.through.objects.filter(character_id=OuterRef("pk")).order_by("-auditentry__at")
    characters = (
        Character.objects.filter(event=event)
        .annotate(
            printed_at=F("printed_briefing__printed_at"), changed_at=Subquery(changes.values("auditentry__at")[:1])
        )
        .filter(Q(printed_at__isnull=True) | Q(changed_at__gt=F("printed_at")))
    )
    briefings = reverse("printshop:briefings", args=[event.slug])
    return [
        Missing("Briefings", out_of_date(character, character.printed_at), f"{briefings}#character-{character.pk}")
        for character in characters
    ]


def out_of_date(character: Character, printed_at: datetime | None) -> str:
    if printed_at is None:
        return f"{character}'s briefing has never been printed."
    return f"{character}'s briefing has changed since it was printed ({localtime(printed_at):%a %H:%M})."


def register() -> None:
    register_check("printshop.briefings", briefings_out_of_date)
