"""What every page reads of an event's setting and Control seldom changes, kept by each process between pages.

Every console, hall and tray page read the event's tables, its turn's phases, the post's stuck-letter time and
the user's seats: four of a quiet console's sixteen queries, each costing Django more to build than PostgreSQL
to answer (issue 34). Each process keeps what it read under the event's setting mark (`Event.setting_mark`), a
random value that every save or delete of a table, a phase, a seat or the post office's setting renews in its
own transaction. A page reads its event fresh, so its mark says whether what is kept is still the setting: a
change committed by any process, or a database restored from a backup, carries a mark no process has kept
anything under, and the page reads again.

Only a page keeps anything (within `request_roles`'s store): a socket, a task or the shell may hold its
event for hours, and reads every time as before.
"""

from collections.abc import Callable
from typing import Any, TypeVar
from uuid import uuid4

from django.db.models import Model
from django.db.models.signals import post_delete, post_save

from umpire.models import Event, Region, TurnPhase, UmpireSeat
from umpire.request_roles import in_request

T = TypeVar("T")

# (what, event id) -> (the event's setting mark when read, what was read): plain data, never a model shared by
# two pages' threads
_kept: dict[tuple[str, int], tuple[Any, Any]] = {}


def kept(event: Event, what: str, read: Callable[[], T]) -> T:
    """`read()` of `event`'s setting, kept by this process while the event's setting mark stands; read every
    time outside a page. `read` returns plain data that no one changes."""
    if not in_request():
        return read()
    entry = _kept.get((what, event.pk))
    if entry is not None and entry[0] == event.setting_mark:
        value: T = entry[1]
        return value
    value = read()
    _kept[(what, event.pk)] = (event.setting_mark, value)
    return value


def renew_mark(sender: type, instance: Any, **kwargs: Any) -> None:
    """A table, a phase, a seat or the post office's setting changed: the event gets a new mark, committed with the
    change, and this process forgets what it kept (a page still holding the event's old mark reads again)."""
    Event.objects.filter(pk=instance.event_id).update(setting_mark=uuid4())
    for key in [key for key in _kept if key[1] == instance.event_id]:
        _kept.pop(key, None)


def keep_setting_of(model: type[Model]) -> None:
    """`model` (with an `event`) is part of every event's setting: its saves and deletes renew the mark."""
    uid = f"umpire.event_setting.{model._meta.label_lower}"
    post_save.connect(renew_mark, sender=model, dispatch_uid=f"{uid}.saved")
    post_delete.connect(renew_mark, sender=model, dispatch_uid=f"{uid}.deleted")


def register() -> None:
    """The core's part of every event's setting: its tables, its turn's phases and its umpires' seats
    (UmpireConfig.ready)."""
    keep_setting_of(Region)
    keep_setting_of(TurnPhase)
    keep_setting_of(UmpireSeat)
