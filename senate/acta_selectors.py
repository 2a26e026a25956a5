"""What Rome's pages offer to put in the Acta Diurna, and the words each offer starts from: the umpire
edits them before they are printed (senate.services.acta)."""

from dataclasses import dataclass

from regions.models.limits import MOST_REASON_CHARS

from .models.acta import ActaItem
from .models.mob import MoodEntry
from .models.offices import Appointment

MOST_MOVES_TOLD = 5


@dataclass(frozen=True)
class News:
    """The prefilled words of an item, for its form's initial values."""

    headline: str
    details: str

    @property
    def initial(self):
        return {"headline": self.headline, "details": self.details}


def get_news_of_appointments(event):
    """The appointments the hall has not been told of whose holder still holds the office, newest first,
    each with its words: [(appointment, News)]."""
    rows = Appointment.objects.filter(event=event).select_related("character", "province", "force", "acta_item")
    current, seats = [], set()
    for appointment in rows.order_by("-pk"):
        seat = (appointment.office, appointment.province_id, appointment.force_id)
        if seat not in seats and not hasattr(appointment, "acta_item"):
            current.append((appointment, appointment_news(appointment)))
        seats.add(seat)
    return current


def appointment_news(appointment):
    why = f" {appointment.reason}" if appointment.reason else ""
    return News(
        f"{appointment.character} is appointed {appointment.post}",
        f"By {appointment.get_by_display()}: {appointment.authority}.{why}",
    )


@dataclass(frozen=True)
class MoodNews:
    """The mob's mood as it stands: the last line of its history (the reading published), the words, and
    whether the hall has been told it already."""

    reading: MoodEntry
    news: News
    told: bool


def get_news_of_mood(mood, entries):
    """The mood's news from its history (`entries`, oldest first): its figure now and what moved it since it
    was last published (the last few moves). None before anything has moved it."""
    if not entries:
        return None
    reading = max(entries, key=lambda entry: entry.pk)  # the last written, whichever turn it is of
    told = (
        ActaItem.objects.filter(mood_entry__mood=mood)
        .order_by("-mood_entry_id")
        .values_list("mood_entry_id", flat=True)
        .first()
    )
    since = [entry for entry in entries if told is None or entry.pk > told]
    moves = "; ".join(f"{entry.reason} ({entry.change:+d})" for entry in since[-MOST_MOVES_TOLD:] if entry.change)
    value = sum(entry.change for entry in entries)
    details = f"What moved it: {moves}." if moves else ""
    # five reasons of 300 characters would not fit the details the form takes
    news = News(f"{mood}: its mood stands at {value:+d}", details[:MOST_REASON_CHARS])
    return MoodNews(reading, news, told == reading.pk)
