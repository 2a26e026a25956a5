"""A request's seats, its clock's turn, its event and the event's regions, read once.

Every permission check asks the same question of the same user's seats: the hall overview asked it 105
times in one page (each panel of each table checking who may see what). Within one request the first
check reads all the user's seats in one query and the rest reuse them. The clock's turn is the same: every
panel of every table asked it (32 times on the hall). So are the event's regions: the page's map tables, and
the names of the tables where the people its panels list stand. And so is the event itself, which a page of
AD69's own apps is asked for by its middleware and then by its view. What is read lives in a context variable that
`SeatsReadOnceMiddleware` opens for one request and closes after it, never across requests: a seat given
or taken, or the turn ending, is seen on the next page. A seat, clock, region or event saved during the request
(the seats page, an undo, the clock desk, the tables' page, a restore) empties it at once.

Outside a request (services, consumers, tasks, the shell) every look-up reads the database: a socket
stays open for hours and must see a seat taken from its user on its next check.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db.models.signals import post_delete, post_save

from umpire.models import Event, GameClock, Region, UmpireSeat

# (event id, role, table id) for each seat a user holds
Seat = tuple[int, str, int | None]
T = TypeVar("T")
# what this request has read, by what was asked ("seats", user id), ("turn", event id), ("clock", event id),
# ("regions", event id), ("event", slug) or ("user", user id); None outside a request
_read: ContextVar[dict[tuple[str, int | str], Any] | None] = ContextVar("read_once", default=None)


def read_once(key: tuple[str, int | str], read: Callable[[], T]) -> T:
    """`read()`, kept under `key` for the rest of the request; read every time outside one."""
    store = _read.get()
    if store is None:
        return read()
    if key not in store:
        store[key] = read()
    result: T = store[key]
    return result


def in_request() -> bool:
    """Whether a page is being answered in this context (its store is open)."""
    return _read.get() is not None


def keep_signed_in_user(user: Any) -> None:
    """The user read with the request's session (umpire.sessions), for the sign-in backend to take."""
    store = _read.get()
    if store is not None:
        store[("user", user.pk)] = user


def signed_in_user(user_id: int) -> Any:
    """The user with `user_id` read with this request's session, or None."""
    store = _read.get()
    return None if store is None else store.get(("user", user_id))


def get_all_seats(user: Any) -> tuple[Seat, ...]:
    """Every seat `user` holds, in any event, as (event id, role, table id): read once a request."""
    return read_once(("seats", user.pk), lambda: read_seats(user))


def read_seats(user: Any) -> tuple[Seat, ...]:
    return tuple(UmpireSeat.objects.filter(user=user).order_by().values_list("event_id", "role", "region_id"))


def get_clock_turn(event_id: int) -> int | None:
    """The turn the event's clock stands at, or None before it has a clock: read once a request."""
    return read_once(
        ("turn", event_id),
        lambda: GameClock.objects.filter(event_id=event_id).values_list("turn", flat=True).first(),
    )


def get_request_clock(event_id: int) -> GameClock | None:
    """The event's clock, or None before it has one: read once a request (with the event, by
    umpire.selectors.find_event, on a page)."""
    clock = read_once(("clock", event_id), lambda: GameClock.objects.filter(event_id=event_id).order_by().first())
    remember_clock(event_id, clock)
    return clock


def remember_clock(event_id: int, clock: GameClock | None) -> None:
    """The page has read the event's whole clock: it, and its turn, which every panel asks, are not read again."""
    store = _read.get()
    if store is not None:
        store[("clock", event_id)] = clock
        store[("turn", event_id)] = clock and clock.turn


@contextmanager
def seats_read_once() -> Iterator[None]:
    """Within the block, each user's seats and each event's turn are read from the database once."""
    token = _read.set({})
    try:
        yield
    finally:
        _read.reset(token)


def forget_read(**kwargs: Any) -> None:
    """A seat, a clock or a region changed: the next look-up reads again, the changed one with the rest."""
    store = _read.get()
    if store is not None:
        store.clear()


post_save.connect(forget_read, sender=UmpireSeat, dispatch_uid="umpire.request_roles.saved")
post_delete.connect(forget_read, sender=UmpireSeat, dispatch_uid="umpire.request_roles.deleted")
post_save.connect(forget_read, sender=GameClock, dispatch_uid="umpire.request_roles.clock_saved")
post_save.connect(forget_read, sender=Region, dispatch_uid="umpire.request_roles.region_saved")
post_delete.connect(forget_read, sender=Region, dispatch_uid="umpire.request_roles.region_deleted")
post_save.connect(forget_read, sender=Event, dispatch_uid="umpire.request_roles.event_saved")
post_delete.connect(forget_read, sender=Event, dispatch_uid="umpire.request_roles.event_deleted")


class SeatsReadOnceMiddleware:
    """Opens the request's store for its permission checks and clock look-ups, and forgets it when it has
    answered."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        with seats_read_once():
            return self.get_response(request)
