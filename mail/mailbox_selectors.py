"""A player's mailbox: his own page of letters, opened with his code and no login.

What it shows, and why no more (VI. COMMUNICATIONS):

- The letters he sent, only if Control lets players track them, each in one of three words:
  "posted" (still in the tray of the table he posted it at), "in transit" or "delivered". A
  letter lost or intercepted by an umpire's ruling stays "in transit": the sender learns its
  fate in the game, not from the post. An arrived letter is "in transit" until it is handed
  out, and a forwarded or returned one shows the destination he wrote on it, not where it
  went next, which would tell him where its addressee has gone. A letter handed back to him
  is "delivered": he holds it again.
- The typed letters handed to him, with their contents: a letter's typed contents are its
  addressee's and Control's alone, so never a letter before it is delivered, nor one
  returned to him (its writer).

Each is copied into a plain record, so the page never holds a letter's row.
"""

from dataclasses import dataclass

from django.db.models import OuterRef, Subquery
from django.http import Http404

from umpire.models import Character
from umpire.selectors import find_event, the_one

from .models import Letter, LetterStep, Mailbox
from .selectors import get_post_office_setting

State = Letter.State


def access_mailbox(slug, code):
    """The mailbox a code opens; a wrong, replaced or other event's code opens nothing."""
    event = find_event(slug)  # the page's own, read once (its middleware asked first)
    mailbox = the_one(Mailbox.objects.filter(character__event=event, code=code).select_related("character"))
    if mailbox is None or not code:
        raise Http404("No such mailbox.")
    mailbox.character.event = event
    return mailbox


@dataclass(frozen=True)
class SentLetter:
    code: str
    addressed_to: str
    destination: str
    status: str


@dataclass(frozen=True)
class ReceivedLetter:
    sender: str
    written: str  # the game month written on it
    contents: str


@dataclass(frozen=True)
class MailboxPage:
    character: str
    tracking: bool
    sent: list
    received: list


def get_mailbox(mailbox):
    """What his page shows, in a fixed number of queries however many letters there are."""
    character = mailbox.character
    tracking = players_may_track(character.event)
    return MailboxPage(
        character.name, tracking, get_sent_letters(character) if tracking else [], get_received_letters(character)
    )


def players_may_track(event):
    """Control's setting, read without making the post office (a player's page writes nothing), and kept
    while the event's setting stands (umpire.event_setting): every player's phone asks it."""
    return get_post_office_setting(event).players_may_track


# ---- the letters he sent --------------------------------------------------------------------


def get_sent_letters(character):
    """His letters, newest posted first, each with the table it was first sent on from, in the same read (a
    prefetch of their steps was a round trip more on every phone that looked)."""
    sent_on = LetterStep.objects.filter(
        letter=OuterRef("pk"), what__in=(LetterStep.What.FORWARDED, LetterStep.What.RETURNED)
    )
    letters = (
        Letter.objects.filter(event=character.event_id, sender=character)
        .select_related("addressee", "office_province", "office_legion", "destination")
        .annotate(first_sent_on_from=Subquery(sent_on.order_by("at", "pk").values("table__name")[:1]))
        .order_by("-pk")
    )
    return [
        SentLetter(letter.shown_code, letter.addressed_to, destination_written(letter), status(letter))
        for letter in letters
    ]


def destination_written(letter):
    """The table he sent it to: where it was first sent on from, if it was, else where it is going."""
    return letter.first_sent_on_from or letter.destination.name


def status(letter):
    if letter.state == State.DELIVERED:
        return "delivered"
    if letter.state == State.IN_TRAY and letter.at_table_id == letter.origin_id and not letter.returning:
        return "posted"
    return "in transit"


# ---- the typed letters handed to him --------------------------------------------------------


def get_received_letters(character):
    """The typed letters delivered to him, the latest handed out first."""
    letters = (
        Letter.objects.filter(event=character.event_id, delivered_to=character, state=State.DELIVERED, returning=False)
        .exclude(contents="")
        .select_related("sender")
        .order_by("-moved_at", "-pk")
    )
    event = character.event
    return [
        ReceivedLetter(letter.sender.name, str(event.game_month(letter.written_turn)), letter.contents)
        for letter in letters
    ]


# ---- Control's list -------------------------------------------------------------------------


def get_mailbox_holders(event):
    """The event's characters, each with his mailbox, or None while none is issued."""
    characters = Character.objects.filter(event=event).select_related("mailbox").order_by("name")
    # a missing reverse one-to-one raises an AttributeError of its own: getattr's default is "none issued"
    return [(character, getattr(character, "mailbox", None)) for character in characters]
