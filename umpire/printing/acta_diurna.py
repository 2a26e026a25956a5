"""The Acta Diurna: Rome's gazette of what Control and the Senate umpires chose to publish, newest
first (the Senate's results, the Emperor's edicts and whether they are law, who is Emperor and
who claims to be, appointments, the mob's mood, the gods' signs, Control's announcements). The
caller builds the entries; this module only draws them.
"""

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Paragraph, Spacer

from umpire.printing.styles import BODY, SMALL, build_pdf, facts_table, masthead, paragraph

TITLE_TEXT = "Acta Diurna"


@dataclass(frozen=True)
class GazetteItem:
    kind: str  # "The Senate", "Edict", "The throne", "Appointment", "The mob", "The gods", "Announcement"
    when: str  # "Turn 3, November 68" or "" for Control's news
    headline: str
    details: str


@dataclass(frozen=True)
class Gazette:
    facts: tuple[tuple[str, str], ...]
    standing: tuple[tuple[str, str], ...]
    items: tuple[GazetteItem, ...]


def item_story(item: GazetteItem) -> list[Flowable]:
    label = f"{item.kind} · {item.when}" if item.when else item.kind
    story: list[Flowable] = [paragraph(label, SMALL), Paragraph(f"<b>{escape(item.headline)}</b>", BODY)]
    if item.details:
        story.append(paragraph(item.details, SMALL))
    return [*story, Spacer(0, 8)]


def gazette_story(gazette: Gazette) -> list[Flowable]:
    items = [part for item in gazette.items for part in item_story(item)]
    return [
        masthead("Acta Diurna", "Rome's gazette"),
        facts_table(gazette.facts, gazette.standing),
        Spacer(0, 10),
        *(items or [paragraph("Nothing has been published yet.")]),
    ]


def acta_diurna_pdf(gazette: Gazette, *, event_name: str, page_size: str = "A4") -> bytes:
    return build_pdf(gazette_story(gazette), title=TITLE_TEXT, event_name=event_name, page_size=page_size)
