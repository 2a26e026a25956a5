"""The event's public address: where players' phones open the console, printed in every player link and QR code
(umpire.public_address)."""

from typing import NoReturn
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import Event

from .audit import Actor
from .records import do_save_record

SCHEMES = ("http", "https")


def do_set_public_address(event: Event, *, address: str, actor: Actor) -> Event:
    """Set the event's public address ("http://192.168.1.10:8000"); empty, the address the console is served at."""
    address = (address or "").strip().rstrip("/")
    check_public_address(address)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        event.public_address = address
        return do_save_record(event, actor=actor)


def check_public_address(address: str) -> None:
    """A scheme phones open (http or https) and a host, and nothing after them: each link adds its own path."""
    if not address:
        return
    parts = urlsplit(address)
    if parts.scheme not in SCHEMES:
        refuse(f"{address} must start with http:// or https://, as a phone's browser opens it.")
    try:
        host, _ = parts.hostname, parts.port
    except ValueError:
        refuse(f"{address} has a port that is not a number from 0 to 65535.")
    if not host:
        refuse(f"{address} names no host: write the console's address in the hall, as http://192.168.1.10:8000.")
    if parts.path or parts.query or parts.fragment or parts.username or parts.password:
        refuse(
            f"{address} has more than a scheme, a host and a port: leave out any path, query or password "
            f"({parts.scheme}://{parts.netloc.rpartition('@')[2]}); each printed link adds its own page."
        )


def refuse(problem: str) -> NoReturn:
    raise ValidationError({"public_address": problem})
