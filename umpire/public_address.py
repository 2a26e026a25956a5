"""The address players' phones open the console at: printed in every player link and QR code.

It is the event's own when Control has set it, else where the console is served (UMPIRE_BIND).
Never the address of the browser that printed: on the Control laptop that is 127.0.0.1, which
opens nothing on a player's phone.
"""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError

from umpire.models import Event


def public_address(event: Event) -> str:
    """The event's public address, without a trailing slash: "http://192.168.1.10:8000"."""
    return (event.public_address or settings.SERVED_AT).rstrip("/")


def is_loopback(address: str) -> bool:
    """True for an address only the machine itself can open (localhost, 127.0.0.1, ::1)."""
    host = urlsplit(address).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_links_printable(event: Event) -> str:
    """The public address, refused with the reason while a player's phone could not open it."""
    address = public_address(event)
    if is_loopback(address):
        raise ValidationError(
            f"Player links would point at {address}, which only this computer can open. Set the event's public "
            "address (Control's readiness page) to the address phones in the hall reach the console at."
        )
    return address
