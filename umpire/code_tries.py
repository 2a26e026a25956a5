"""Wrong codes typed from one address: a few are mistakes, many are guessing.

The projector's display code and a player's mailbox code open pages with no login, so the only
thing between a guesser and a player's letters is the code's entropy (see tests/security/). This
makes guessing slower still: once an address has typed `TRIES` wrong codes in one `WINDOW` of the
clock, every code it types, right or wrong, is refused for `LOCKOUT` seconds, on the pages (HTTP
429) and on the sockets (closed with 4429). A right code counts nothing.

The counts live in Django's cache (umpire.tries), shared between workers when REDIS_URL is set. The
address is the one the ASGI server reports: behind a load balancer, name it in UMPIRE_PROXY_HEADERS
(umpire/server.py believes its X-Forwarded-For), or every player shares the balancer's address and one
guesser locks out the hall.
"""

from functools import wraps

from django.http import Http404, HttpResponse

from umpire.tries import note_try, seconds_locked

TRIES = 20  # a hall of players mistyping shares no address; twenty in a minute is a script
WINDOW = 60
LOCKOUT = 60
CLOSED_FOR_TRIES = 4429  # the socket's close code, after HTTP's 429


def seconds_to_wait(address):
    """How long `address` must wait before a code it types is looked at again; 0 if not at all."""
    return seconds_locked(f"code:{address}")


def note_wrong_code(address):
    """Count a wrong code from `address`; the `TRIES`th within `WINDOW` locks it out."""
    note_try(f"code:{address}", limit=TRIES, window=WINDOW, lockout=LOCKOUT)


def too_many_tries(wait):
    """The words both the page and the socket say to an address that is locked out."""
    return f"Too many wrong codes from this address: wait {wait} seconds, then type the code again."


def limits_code_tries(view):
    """For a view opened by `?code=`: refuse a locked-out address with 429, and count a code the
    view refuses (its 404) against the address. A missing code is no guess and counts nothing."""

    @wraps(view)
    def limited(request, *args, **kwargs):
        address = request.META.get("REMOTE_ADDR") or "unknown"
        wait = seconds_to_wait(address)
        if wait:
            response = HttpResponse(too_many_tries(wait), status=429, content_type="text/plain; charset=utf-8")
            response["Retry-After"] = str(wait)
            return response
        try:
            return view(request, *args, **kwargs)
        except Http404:
            if request.GET.get("code"):
                note_wrong_code(address)
            raise

    return limited


def socket_address(scope):
    """The client address of a websocket's scope, as the ASGI server gives it."""
    client = scope.get("client") or ("unknown",)
    return client[0] or "unknown"
