"""The console's ASGI server: uvicorn, with what a hall asks of it. `console.py run` starts it, and so does each
further worker of a big event (README, "ASGI workers"):

    .venv/bin/python -m umpire.server HOST PORT

It serves over TLS when settings say so (UMPIRE_TLS=lan, or UMPIRE_TLS_CERT and UMPIRE_TLS_KEY), with the
certificate `umpire.tls` gives; behind a proxy, it believes the forwarded addresses of the proxies
UMPIRE_PROXY_HEADERS names. uvicorn rather than Daphne since issue 34: a pause to a hall of 1,000 sockets
went out through Daphne's websocket library and Twisted, which queue each socket's write for a later turn of
the reactor; uvicorn's `websockets` protocol writes each frame to its socket at once, as the bare broadcast the
bench compares with does (bench/README.md, "clock fan-out").
"""

import ipaddress
import os
import sys
from typing import TypedDict

import django
import uvicorn
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from uvicorn.protocols.websockets.websockets_impl import WebSocketProtocol

APPLICATION = "umpire.asgi:application"
# After a Wi-Fi drop a hall's screens and phones all come back at once, and each waits for its handshake,
# the consumer's accept included, behind the others: the `websockets` library gives up after 10 s, and a
# refused screen retries on top of the burst. With 30 s, as Daphne was given before, they wait their turn.
HANDSHAKE_SECONDS = 30
# A screen only ever sends {"type": "snapshot"} (umpire.consumers.MAX_FRAME_BYTES refuses anything over
# 4 KiB); a frame over this is refused by the server before it is read whole (1009). Daphne's cap, kept.
MAX_MESSAGE_BYTES = 1024 * 1024


class HallWebSocketProtocol(WebSocketProtocol):
    """uvicorn's `websockets` protocol, waiting HANDSHAKE_SECONDS for a socket's handshake rather than 10."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_timeout = HANDSHAKE_SECONDS


def server_config(host: str, port: int) -> uvicorn.Config:
    """How the console is served on `host`:`port`.

    Each frame is sent as it is, uncompressed: compressing is a pass over every frame for each socket, as
    each has a compressor of its own, where a pause sends the same frame to the whole hall (and Daphne
    offered no compression either). Forwarded addresses are believed only as settings say (`proxy_headers`)."""
    return uvicorn.Config(
        APPLICATION,
        host=host,
        port=port,
        ws=HallWebSocketProtocol,
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,
        lifespan="off",
        **proxy_headers(),
        **tls_files(host),
    )


class ProxyHeaders(TypedDict):
    proxy_headers: bool
    forwarded_allow_ips: list[str]


def proxy_headers() -> ProxyHeaders:
    """Whose X-Forwarded-For and X-Forwarded-Proto uvicorn believes: the proxies settings.PROXY_HEADERS lists
    (`*`, any), else nobody's. uvicorn's own default believes loopback, or FORWARDED_ALLOW_IPS from the
    environment; the wrong-code and sign-in limits count the client's address, so only a proxy the event
    named may say what it is."""
    for proxy in settings.PROXY_HEADERS:
        check_proxy(proxy)
    return {"proxy_headers": bool(settings.PROXY_HEADERS), "forwarded_allow_ips": settings.PROXY_HEADERS}


def check_proxy(proxy: str) -> None:
    """Refuse, in words, what uvicorn would silently never match: a host name or a mistyped address, with
    which every player would go on sharing the proxy's address."""
    try:
        if proxy != "*":
            ipaddress.ip_network(proxy)  # as uvicorn reads it: "10.0.0.5/24" is no network to it
    except ValueError as error:
        raise ImproperlyConfigured(
            f"UMPIRE_PROXY_HEADERS: {proxy!r} is not an address or network ({error})."
        ) from error


class TlsFiles(TypedDict, total=False):
    ssl_certfile: str
    ssl_keyfile: str


def tls_files(host: str) -> TlsFiles:
    """uvicorn's certificate and key, when settings serve TLS; else none. An event's certificate file may
    carry its chain after it, as a "fullchain.pem" does, and the server sends the chain from it."""
    if not settings.SERVES_TLS:
        return {}
    from umpire.tls import served_certificate  # reads the models: after django.setup()

    served = served_certificate(host)
    return {"ssl_certfile": str(served.certificate), "ssl_keyfile": str(served.key)}


def main(argv: list[str]) -> None:
    if len(argv) != 3:
        sys.exit(__doc__)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")
    django.setup()  # umpire.tls reads the models (the public address) to name the LAN's certificate
    try:
        config = server_config(argv[1], int(argv[2]))
    except ImproperlyConfigured as problem:
        sys.exit(f"The console's server did not start: {problem}")
    uvicorn.Server(config).run()


if __name__ == "__main__":
    main(sys.argv)
