"""A request's seats, read once.

Every permission check asks the same question of the same user's seats: the hall overview asked it 105
times in one page (each panel of each table checking who may see what). Within one request the first
check reads all the user's seats in one query and the rest reuse them. The seats read live in a context
variable that `SeatsReadOnceMiddleware` opens for one request and closes after it, never across
requests: a seat given or taken is seen on the next page. A seat saved or deleted during the request
(the seats page, an undo) empties it at once.

Outside a request (services, consumers, tasks, the shell) every look-up reads the database: a socket
stays open for hours and must see a seat taken from its user on its next check.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db.models.signals import post_delete, post_save

from umpire.models import UmpireSeat

# (event id, role, table id) for each seat a user holds, by the user's id; None outside a request
Seat = tuple[int, str, int | None]
_seats_read: ContextVar[dict[int, tuple[Seat, ...]] | None] = ContextVar("seats_read", default=None)


def get_all_seats(user: Any) -> tuple[Seat, ...]:
    """Every seat `user` holds, in any event, as (event id, role, table id): read once a request."""
    read = _seats_read.get()
    if read is None:
        return read_seats(user)
    if user.pk not in read:
        read[user.pk] = read_seats(user)
    return read[user.pk]


def read_seats(user: Any) -> tuple[Seat, ...]:
    return tuple(UmpireSeat.objects.filter(user=user).order_by().values_list("event_id", "role", "region_id"))


@contextmanager
def seats_read_once() -> Iterator[None]:
    """Within the block, each user's seats are read from the database once."""
    token = _seats_read.set({})
    try:
        yield
    finally:
        _seats_read.reset(token)


def forget_seats_read(**kwargs: Any) -> None:
    """A seat changed: the next check reads them all again, the changed one with them."""
    read = _seats_read.get()
    if read is not None:
        read.clear()


post_save.connect(forget_seats_read, sender=UmpireSeat, dispatch_uid="umpire.request_roles.saved")
post_delete.connect(forget_seats_read, sender=UmpireSeat, dispatch_uid="umpire.request_roles.deleted")


class SeatsReadOnceMiddleware:
    """Opens the request's seats for its permission checks, and forgets them when it has answered."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        with seats_read_once():
            return self.get_response(request)
