"""The address players' phones open the console at: printed in every player link and QR code.

It is the event's own when Control has set it, else where the console is served (UMPIRE_BIND);
served on every interface (0.0.0.0), that is the machine's own address on the hall's network.
Never the address of the browser that printed: on the Control laptop that is 127.0.0.1, which
opens nothing on a player's phone.
"""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError

from umpire.models import Event


def public_address(event: Event) -> str:
    """The event's public address, without a trailing slash: "http://192.168.1.10:8000"."""
    return (event.public_address or served_at()).rstrip("/")


def served_at() -> str:
    """Where the console is served; bound to every interface, at this machine's address on the network."""
    parts = urlsplit(settings.SERVED_AT)
    if not is_every_interface(parts.hostname or ""):
        return settings.SERVED_AT
    return parts._replace(netloc=f"{lan_address()}:{parts.port}" if parts.port else lan_address()).geturl()


def is_every_interface(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def lan_address() -> str:
    """The address this machine's route to a private network leaves from; no packet is sent (a UDP
    socket only chooses its route on connect). Without a network, 127.0.0.1, which readiness lists."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def is_loopback(address: str) -> bool:
    """True for an address no phone in the hall can open: this machine's own (localhost, 127.0.0.1,
    ::1), or every interface's (0.0.0.0), which is where to listen, not an address to open."""
    host = urlsplit(address).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        found = ipaddress.ip_address(host)
    except ValueError:
        return False
    return found.is_loopback or found.is_unspecified


def check_links_printable(event: Event) -> str:
    """The public address, refused with the reason while a player's phone could not open it."""
    address = public_address(event)
    if is_loopback(address):
        raise ValidationError(
            f"Player links would point at {address}, which only this computer can open. Set the event's public "
            "address (Control's readiness page) to the address phones in the hall reach the console at."
        )
    return address
