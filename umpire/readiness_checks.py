"""The core's checks for game day (umpire.readiness): the character sheets, the players cast to them,
the public address printed in every player link, the demo cast, and the demo secret key and password.

Registered in UmpireConfig.ready(). What only a megagame has (characters, players, player links) is
checked only in an AD69 event; the secret key and the umpires' passwords in every event.
"""

from functools import lru_cache
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import check_password
from django.db.models import F, Q
from django.http.request import validate_host
from django.urls import reverse

from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import Character, Event, Player
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


def demo_secret_key(event: Event) -> list[Missing]:
    if settings.SECRET_KEY != settings.DEMO_SECRET_KEY:
        return []
    return [
        Missing(
            "Security",
            "The console signs its sessions with the demo secret key, which anyone can read in its source: set "
            "UMPIRE_SECRET_KEY to a long random string and start it again (docs/operations.md, Starting the day).",
            "",
        )
    ]


def demo_passwords(event: Event) -> list[Missing]:
    umpires = get_user_model().objects.filter(seats__event=event, is_active=True).distinct().order_by("username")
    return [
        Missing(
            "Security",
            f"Umpire {umpire.get_username()} still signs in with the demo password: change it with "
            f"manage.py changepassword {umpire.get_username()} (docs/operations.md, The week before).",
            "",
        )
        for umpire in umpires
        if is_demo_password(umpire.password)
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
    register_check("umpire.secret_key", demo_secret_key)
    register_check("umpire.demo_passwords", demo_passwords)
