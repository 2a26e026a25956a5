"""The Acta Diurna's data, built from what is published; the drawing is umpire.printing.acta_diurna's."""

from django.utils import timezone

from regions.services.engine import current_turn
from umpire.printing.acta_diurna import Gazette, GazetteItem, acta_diurna_pdf

from .sessions_selectors import get_acta, get_published_throne, month_of


def gazette_of(event):
    turn = current_turn(event)
    emperor, claimants = get_published_throne(event)
    entries = get_acta(event)
    facts = (
        ("Printed", timezone.localtime().strftime("%d %b %Y %H:%M")),
        ("Game date", f"turn {turn}, {month_of(event, turn)}" if turn else "the eve of the game"),
    )
    standing = (("Emperor", emperor), ("Claimants", ", ".join(claimants)))
    items = tuple(GazetteItem(entry.kind, when_of(entry), entry.headline, entry.details) for entry in entries)
    return Gazette(facts, standing, items)


def when_of(entry):
    return f"Turn {entry.turn}, {entry.month}" if entry.month else ""


def acta_pdf(event, page_size="A4"):
    return acta_diurna_pdf(gazette_of(event), event_name=event.name, page_size=page_size)
