"""Typed events, the channel-layer groups they go to, and sending them after commit.

Every message carries its group's sequence number and the server's time, so a
browser can spot a dropped message and correct its own clock.
"""

import asyncio
import logging
from dataclasses import asdict, dataclass
from functools import cache
from typing import ClassVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)
SEND_SECONDS = 2  # a hall's worth of groups is sent in milliseconds on loopback; longer is a Redis gone quiet


def event_group(event_id):
    return f"event-{event_id}"


def control_group(event_id):
    return f"control-{event_id}"


def table_group(region_id):
    return f"table-{region_id}"


def display_group(event_id):
    return f"display-{event_id}"


def character_group(character_id):
    """One player's own screens, opened by his mailbox code: what concerns him alone."""
    return f"character-{character_id}"


def umpires_group(event_id):
    """Every umpire of the event, and never the projector: what the whole team may hear."""
    return f"umpires-{event_id}"


@dataclass(frozen=True)
class WorldChanged:
    """A record of the world (a table, province, character, seat) was added, edited or removed."""

    type: ClassVar[str] = "world.changed"
    action: str
    model: str
    record_id: str
    label: str


@dataclass(frozen=True)
class ClockChanged:
    """The clock moved: started, paused, resumed, extended, advanced or corrected.

    `clock` is the whole clock state (see selectors.get_clock_state), so a screen
    needs nothing else to show it.
    """

    type: ClassVar[str] = "clock.changed"
    action: str
    clock: dict


@dataclass(frozen=True)
class ClockWarning:
    """Time is running out in the turn: T-5 and T-1."""

    type: ClassVar[str] = "clock.warning"
    turn: int
    minutes_left: int


@dataclass(frozen=True)
class AnnouncementChanged:
    """Control published or withdrew an announcement; `showing` is the whole current list."""

    type: ClassVar[str] = "announcements.changed"
    showing: list


@dataclass(frozen=True)
class ProcedureRecorded:
    """A rules procedure's result was saved to the event's log."""

    type: ClassVar[str] = "rules.recorded"
    record_id: int
    title: str
    summary: str


@dataclass(frozen=True)
class CharacterMoved:
    """A player checked out of a table, or checked in at one (VI. COMMUNICATIONS).

    `state` is where he is now: "travelling" (from_table_id is the table he left, to_table_id the
    one he set out for) or "at_table" (to_table_id is where he checked in; from_table_id is None,
    since where a traveller set out from is kept only in the audit log).
    """

    type: ClassVar[str] = "character.moved"
    character_id: int
    name: str
    from_table_id: int | None
    to_table_id: int
    state: str


@dataclass(frozen=True)
class FollowUpChanged:
    """A follow-up was sent to a table or to Control, or acknowledged there.

    It goes to the receiving table and to Control only: what one table tells another is not
    the hall's business.
    """

    type: ClassVar[str] = "followup.changed"
    action: str
    follow_up_id: int
    to_table_id: int | None
    to_control: bool
    text: str
    about_label: str


@dataclass(frozen=True)
class RulingRecorded:
    """An umpire recorded an interpretation of the rules; every umpire hears it at once."""

    type: ClassVar[str] = "ruling.recorded"
    ruling_id: int
    section: str
    question: str
    ruling: str
    supersedes_id: int | None


@dataclass(frozen=True)
class ReadingsChanged:
    """Control changed how the event reads a procedure's open points; desks pre-fill from them."""

    type: ClassVar[str] = "rules.readings_changed"
    procedure: str
    title: str
    options: dict


@dataclass(frozen=True)
class AccessRevoked:
    """A code that opens pages without a login (a projector's, a player's mailbox) was replaced.

    It carries no code: each socket that hears it checks its own code again and, if that opens
    nothing now, closes. It is never forwarded to a page.
    """

    type: ClassVar[str] = "access.revoked"
    kind: str


@dataclass(frozen=True)
class ActionUndone:
    """Control undid an audited action: the log, and every page showing what it changed, refresh."""

    type: ClassVar[str] = "audit.undone"
    entry_id: int
    undo_id: int
    action: str
    label: str


def publish_on_commit(groups, payload):
    """Queue `payload` for `groups`, to be numbered and sent once the transaction commits (see `_send`)."""
    body = {"type": payload.type, **asdict(payload)}
    transaction.on_commit(lambda: _send(groups, body))


def _send(groups, body):
    """Number and send `body` to each group in turn, after the change has committed.

    Each group's message is numbered and sent in a short transaction of its own, holding that group's
    counter alone: so a group's messages reach every screen in the order of their numbers, and no
    change's transaction holds a counter (two changes counting the same groups in other orders, the
    post's round Control first and a tax turn's flag a table first, would deadlock). A snapshot misses
    nothing: it reads the numbers before the state, and a change is committed before it is numbered.

    A channel layer that cannot be reached (Redis down) or does not answer (Redis hung) must not turn
    the saved change into an error page, nor hold it: after one failed send the rest are only
    numbered, so that a screen reconnecting sees the gap and asks for a snapshot (and polls until then)."""
    now, failure = timezone.now().isoformat(), None
    for group in groups:
        with transaction.atomic():
            seq = _next_sequence(group)
            if failure is None:
                failure = _send_one(group, {"type": "broadcast", "group": group, "seq": seq, "now": now, "event": body})
    if failure is not None:
        logger.warning(
            "live update %s not sent (%s: %s); screens catch up when they reconnect",
            body["type"],
            type(failure).__name__,
            failure,
        )


def _next_sequence(group):
    """Count one more message for `group`; its row stays locked until the caller's transaction ends.

    The count is taken and read in one statement (UPDATE ... RETURNING, which Django's update() cannot ask
    for): reading it again after the update was a round trip more for every group of every change and
    every turn's end, a third of a millisecond each on PostgreSQL (issue 34)."""
    from umpire.models import GroupSequence

    with connection.cursor() as cursor:
        cursor.execute(_count_one_more(), [group])
        counted = cursor.fetchone()
    if counted:
        return counted[0]
    try:
        with transaction.atomic():
            GroupSequence.objects.create(group=group, last=1)
        return 1
    except IntegrityError:  # another worker created it first
        return _next_sequence(group)


@cache
def _count_one_more():
    """The counting statement, quoted as the database quotes names ("group" is a keyword). RETURNING is
    PostgreSQL's and SQLite's (3.35 and later; Django 5.2 asks for 3.31, Python 3.11's Debian has 3.40)."""
    from umpire.models import GroupSequence

    table, group, last = map(connection.ops.quote_name, (GroupSequence._meta.db_table, "group", "last"))
    return f"UPDATE {table} SET {last} = {last} + 1 WHERE {group} = %s RETURNING {last}"


def _send_one(group, message):
    """Send `message` to `group`; what the layer raised, or None once it is sent."""
    try:
        async_to_sync(_send_within)(group, message, SEND_SECONDS)
    except Exception as error:  # whatever the layer raises, the change stands
        return error
    return None


async def _send_within(group, message, seconds):
    async with asyncio.timeout(seconds):
        await get_channel_layer().group_send(group, message)


def get_sequences(groups):
    """The last sequence number of each group, for a snapshot."""
    from umpire.models import GroupSequence

    known = dict(GroupSequence.objects.filter(group__in=groups).values_list("group", "last"))
    return {group: known.get(group, 0) for group in groups}
