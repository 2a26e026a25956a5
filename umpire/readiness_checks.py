"""The core's checks for game day (umpire.readiness): the character sheets, the players cast to them,
the public address printed in every player link, the demo cast, and what is unsafe in a hall: a weak
secret key, the debug pages, serving without TLS, umpires on the demo password.

Registered in UmpireConfig.ready(). What only a megagame has (characters, players, player links) is
checked only in an AD69 event; the security checks in every event.
"""

from functools import lru_cache
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.hashers import check_password
from django.core.checks.security.base import check_secret_key
from django.db.models import F, Q
from django.http.request import validate_host
from django.urls import reverse

from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import Character, Event, Player, UmpireSeat
from umpire.public_address import is_loopback, public_address
from umpire.readiness import Missing, register_check

SHEET_FIGURES = (
    ("wealth", "wealth"),
    ("income", "personal income"),
    ("support", "support"),
    ("military_skill", "military skill"),
)


def cast_page(event: Event, anchor: str = "") -> str:
    """Control's cast page, at `anchor` ("character-12", "players")."""
    url = reverse("prepare:cast", args=[event.slug])
    return f"{url}#{anchor}" if anchor else url


def sheet_of(event: Event, character: Character) -> str:
    """His row on the cast page, where his sheet's figures are set."""
    return cast_page(event, f"character-{character.pk}")


def in_words(items: list[str]) -> str:
    """The items as a sentence says them: "wealth, support and military skill"."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else items[0]


def characters_without_figures(event: Event) -> list[Missing]:
    if not event.is_megagame:
        return []
    lacking = Q(wealth__isnull=True) | Q(support__isnull=True) | Q(military_skill__isnull=True)
    characters = (
        Character.objects.filter(event=event)
        .annotate(income=F("briefing__personal_income"))
        .filter(lacking | Q(income__isnull=True))
    )
    return [
        Missing(
            "Character sheets",
            f"{character}'s sheet has no {in_words(unset_figures(character))}.",
            sheet_of(event, character),
        )
        for character in characters
    ]


def unset_figures(character: Character) -> list[str]:
    """The figures of his sheet still unset, in words; `income` is his briefing's personal income."""
    return [words for field, words in SHEET_FIGURES if getattr(character, field) is None]


def players_without_characters(event: Event) -> list[Missing]:
    if not event.is_megagame:
        return []
    players = Player.objects.filter(event=event, character__isnull=True)
    return [Missing("Players", f"{player} plays no character yet.", cast_page(event, "players")) for player in players]


def loopback_address(event: Event) -> list[Missing]:
    if not event.is_megagame or not is_loopback(address := public_address(event)):
        return []
    return [
        Missing(
            "Public address",
            f"Player links and QR codes would point at {address}, which only this computer can open: set the "
            "address phones in the hall reach the console at.",
            reverse("prepare:address", args=[event.slug]),
        )
    ]


def address_not_served(event: Event) -> list[Missing]:
    """A public address whose host the console does not answer (ALLOWED_HOSTS): every phone that opens a
    player link would get "Bad Request (400)"."""
    address = public_address(event)
    host = urlsplit(address).hostname or ""
    if not event.is_megagame or is_loopback(address) or validate_host(host, settings.ALLOWED_HOSTS):
        return []
    return [
        Missing(
            "Public address",
            f"The console does not answer at {host}: add it to UMPIRE_ALLOWED_HOSTS and restart, or every player "
            "link is refused.",
            reverse("prepare:address", args=[event.slug]),
        )
    ]


def demo_cast(event: Event) -> list[Missing]:
    if not event.is_megagame:
        return []
    characters = Character.objects.filter(event=event, is_demo=True)
    return [
        Missing("Demo data", f"{character}'s figures are demo figures, not your cast's.", sheet_of(event, character))
        for character in characters
    ]


def weak_secret_key(event: Event) -> list[Missing]:
    """Django's own test of a key (security.W009): fifty characters or more, and not all alike."""
    if not check_secret_key(None):
        return []
    return [
        Missing(
            "Security",
            "UMPIRE_SECRET_KEY, which signs the umpires' sessions, is short or guessable: unset it (the console "
            "makes and keeps its own in var/secret_key) or set a long random one, and start the console again.",
            "",
        )
    ]


def debug_pages(event: Event) -> list[Missing]:
    if not settings.DEBUG:
        return []
    return [
        Missing(
            "Security",
            "UMPIRE_DEBUG=1 is set: a page that fails shows anyone in the hall the console's settings and code. "
            "Unset it and start the console again.",
            "",
        )
    ]


def served_in_clear(event: Event) -> list[Missing]:
    """Served on the hall's network without TLS: every password and session cookie crosses the Wi-Fi readable."""
    address = public_address(event)
    if settings.SERVES_TLS or is_loopback(address) or urlsplit(address).scheme == "https":
        return []
    return [
        Missing(
            "Security",
            f"The console is opened at {address} without TLS: the umpires' passwords and sessions cross the hall's "
            "network readable by anyone on it. Start it with UMPIRE_TLS=lan, or with the event's certificate "
            "(README, Serving over TLS).",
            "",
        )
    ]


def demo_passwords(event: Event) -> list[Missing]:
    """Each umpire on the published demo password, with his row of the Seats page, where Control gives him his own."""
    seats = UmpireSeat.objects.filter(event=event, user__is_active=True).select_related("user")
    first_seats = {seat.user_id: seat for seat in seats.order_by("-pk")}.values()  # by account: his first seat
    return [
        Missing(
            "Security",
            f"Umpire {seat.user.get_username()} still signs in with the demo password: on the Seats page, click "
            "“Give a new password” in his row (left empty, the console makes one and shows it once to print).",
            reverse("events:seats", args=[event.slug]) + f"#seat-{seat.pk}",
        )
        for seat in sorted(first_seats, key=lambda seat: seat.user.get_username())
        if is_demo_password(seat.user.password)
    ]


@lru_cache(maxsize=512)
def is_demo_password(encoded: str) -> bool:
    """Whether a stored password is the demo one. A hall's hasher takes a good part of a second a check, and
    the page reloads on every change of the world: a stored hash (salted, so one per password set) is
    checked once."""
    return check_password(DEMO_PASSWORD, encoded)


def register() -> None:
    register_check("umpire.character_sheets", characters_without_figures)
    register_check("umpire.players", players_without_characters)
    register_check("umpire.public_address", loopback_address)
    register_check("umpire.allowed_host", address_not_served)
    register_check("umpire.demo_cast", demo_cast)
    register_check("umpire.secret_key", weak_secret_key)
    register_check("umpire.debug", debug_pages)
    register_check("umpire.tls", served_in_clear)
    register_check("umpire.demo_passwords", demo_passwords)
