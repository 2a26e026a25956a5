"""Websocket consumers: authenticate, join groups, send a snapshot, forward events."""

import asyncio
import functools
import json
import logging
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.layers import get_channel_layer
from django.db import close_old_connections
from django.http import Http404
from django.utils import timezone

from umpire.code_tries import CLOSED_FOR_TRIES, note_wrong_code, seconds_to_wait, socket_address, too_many_tries
from umpire.events import (
    AccessRevoked,
    control_group,
    display_group,
    event_group,
    get_sequences,
    table_group,
    umpires_group,
)
from umpire.models import Event, GameClock, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.selectors import access_display, can, get_clock_state, get_showing_announcements, senate_rooms

logger = logging.getLogger(__name__)

# A screen only ever sends {"type": "snapshot"}: a few KB is ample, and anything larger is refused
# before it is parsed. The server's own cap (umpire.server.MAX_MESSAGE_BYTES, 1 MiB) is far above it.
MAX_FRAME_BYTES = 4096
# Our close codes, after HTTP's statuses: RFC 6455 lets an application send only 1000 and 3000-4999 (the
# server's websocket library refuses the others, such as 1009, "message too big", which is the server's own).
CLOSED_TOO_BIG = 4413  # a text frame over MAX_FRAME_BYTES
CLOSED_MALFORMED = 4400  # a frame that is not a JSON object


def in_pool(function):
    """`function` as a coroutine run in the event loop's pool of threads, each with its own kept database
    connection, rather than in the process's one thread for sync code (Channels' default): a hall's
    sockets coming back after a Wi-Fi drop each read their code and snapshot, and one at a time, round
    trip after round trip, they took longer than the server waits for a socket to be accepted (issue 34).
    Nothing here needs that one thread: each call is whole in itself, and reads or writes in its own
    transaction.

    The call gives its connection back as it ends, from inside the call. Channels closes connections around
    the call, outside the context asgiref runs it in, and for a socket's calls that close did not reach the
    connection the call had opened: each socket kept a pooled connection and the pool ran dry (issue 34).
    """

    @functools.wraps(function)
    def giving_back_its_connection(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        finally:
            close_old_connections()

    return database_sync_to_async(giving_back_its_connection, thread_sensitive=False)


class RelayedFrames:
    """The text frame of the message relayed last. Both channel layers (channels-redis, and
    umpire.channel_layers for SQLite) hand one message object to every socket of the process that is
    in its group, and they take it one after another: a hall's 1,000 sockets had it encoded 1,000 times
    (issue 34), now once. Only the event loop's thread relays, so the frame is never read half made."""

    def __init__(self):
        self.message, self.text = None, ""

    def frame_of(self, message):
        if message is not self.message:
            fields = {"type": "event", **{name: message[name] for name in ("group", "seq", "now", "event")}}
            self.message, self.text = message, json.dumps(fields)
        return self.text


RELAYED = RelayedFrames()


class LiveConsumer(AsyncJsonWebsocketConsumer):
    """Joins the groups its subclass's `allowed_groups()` grants (returning the event and
    the group names, or no groups to refuse), sends a snapshot, forwards every message.

    A socket opened by a code (`opened_by_code`) checks its code when it connects, when it asks for a
    snapshot and when it hears `AccessRevoked`, the message the service that replaces a code sends to
    the code's group (a projector's `display-<id>`, a player's `character-<id>`): once its code opens
    nothing, it leaves its groups and closes with 4403, and hears nothing more. Every other message it
    only relays, without touching the database: a hall's pause reaches hundreds of projectors and
    phones at once, and a query each, one at a time in the process's one database thread, made the
    pause seconds late (issue 34). A socket opened with the new code before the revocation arrives
    finds its own code good, and stays.

    A channel layer delivers at most once, so the revocation itself may be lost. What then reaches
    the old page is what its groups are sent: the public clock and published announcements for a
    projector, and "a letter was handed over", which says nothing of the letter, for a player. It ends
    at the next check: every connect, reconnect included, checks the code before the snapshot it
    sends, and `live.js` asks for a snapshot whenever a group's numbers show a gap (it does not ask
    on connect: the snapshot comes unasked).

    A wrong code counts against the client's address (`umpire.code_tries`); an address that has
    typed too many is told how long to wait and closed with 4429 before its code is looked at.

    What a screen sends is checked before it is read: a text frame over `MAX_FRAME_BYTES` closes the
    socket with 4413 (`CLOSED_TOO_BIG`); a binary frame, or text that is not a JSON object, with 4400
    (`CLOSED_MALFORMED`). Each refusal is logged as a warning and closes that socket alone: it leaves
    its groups, so the other screens in them hear every broadcast as before. An object of an unknown
    type is let be, as an older page may send one. A frame over the server's own cap
    (`umpire.server.MAX_MESSAGE_BYTES`, 1 MiB) is closed by the server with 1009 before it gets here,
    and text that is not UTF-8 is closed by its websocket library with 1007.
    """

    opened_by_code = False

    async def __call__(self, scope, receive, send):
        """Channels' own, less its wait on each message: it made a task and an `asyncio.wait` for every
        message every socket took, a thousand of each for one pause to a hall (issue 34). Here each
        source, the screen and the channel layer, has one loop for the socket's whole life, and a
        handler still runs only once the one before it, from either source, has ended (see
        `hearing`). The consumer ends when either loop does: `StopConsumer` (the screen gone) quietly,
        any other error as Channels' did, out of the app to the server."""
        self.scope, self.base_send = scope, send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
        self.handling, self.heard_last = asyncio.Lock(), False
        loops = [asyncio.ensure_future(self.hearing(source)) for source in (receive, self.channel_receive)]
        try:
            done, _ = await asyncio.wait(loops, return_when=asyncio.FIRST_COMPLETED)
            for loop in done:
                loop.result()  # the loop's StopConsumer or error; one that was let go returns nothing
        except StopConsumer:
            pass
        finally:
            await ended(loops)

    async def hearing(self, source):
        """Dispatches what `source` gives, one message after another, and never beside a handler of the
        other source's: a broadcast heard while `connect` runs waits for the accept and the snapshot,
        as it did under Channels."""
        while True:
            message = await source()
            async with self.handling:
                if self.heard_last:
                    return  # the socket has ended: a broadcast that waited behind its disconnect is let go
                await self.handled(message)

    async def handled(self, message):
        try:
            await self.dispatch(message)
        except BaseException:
            self.heard_last = True  # StopConsumer, an error or a cancel: the socket ends with this message
            raise

    async def connect(self):
        self.revoked = False
        if self.opened_by_code and await self.refused_for_tries():
            return
        self.event, self.groups_joined = await in_pool(self.allowed_groups)()
        if not self.groups_joined:
            if self.opened_by_code and code_of(self.scope):
                await in_pool(note_wrong_code)(socket_address(self.scope))
            await self.close(code=4403)
            return
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_snapshot()

    async def refused_for_tries(self):
        """Whether this address has typed too many wrong codes: if so, say how long to wait, in words
        the page can show, and close with 4429 before any code is looked at."""
        wait = await in_pool(seconds_to_wait)(socket_address(self.scope))
        if not wait:
            return False
        self.groups_joined = []
        await self.accept()
        await self.send_json({"type": "refused", "reason": too_many_tries(wait), "wait": wait})
        await self.close(code=CLOSED_FOR_TRIES)
        return True

    async def disconnect(self, code):
        await self.leave_groups()

    async def leave_groups(self):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined = []

    async def dispatch(self, message):
        """Channels' own dispatch, less the `close_old_connections` it runs before every handler: that
        is a hop to the process's one database thread for each message and each socket, so a pause to a
        hall queued hundreds of them behind each other (issue 34). Every handler here that reads the
        database does so through `in_pool`, which closes old connections itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        """A frame from the screen, refused unless it is a small JSON object (see the class)."""
        if self.revoked:
            return  # closed already: a frame still in flight is not read
        if text_data is None:
            await self.refuse_frame(CLOSED_MALFORMED, f"a binary frame of {len(bytes_data or b'')} bytes")
        elif len(text_data.encode()) > MAX_FRAME_BYTES:
            await self.refuse_frame(CLOSED_TOO_BIG, f"a text frame of {len(text_data.encode())} bytes")
        elif not isinstance(content := json_object(text_data), dict):
            await self.refuse_frame(CLOSED_MALFORMED, "a text frame that is not a JSON object")
        else:
            await self.receive_json(content, **kwargs)

    async def refuse_frame(self, code, what):
        logger.warning("Websocket %s sent %s: closed with %s", self.scope.get("path", "?"), what, code)
        self.revoked = True  # nothing more is forwarded to it, nor read from it
        await self.leave_groups()
        await self.close(code=code)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "snapshot" and await self.still_open():
            await self.send_snapshot()

    async def send_snapshot(self):
        await self.send_json(await in_pool(self.snapshot)())

    async def broadcast(self, message):
        if self.revoked:
            return  # closed already: a message queued before it left its groups
        if message["event"]["type"] == AccessRevoked.type:
            await self.still_open()  # meant for the socket, never its page
            return
        await self.send(text_data=RELAYED.frame_of(message))

    async def still_open(self):
        """Whether what opened this socket opens it still; if not, close it (4403) for good."""
        if self.revoked:
            return False
        if not self.opened_by_code or await in_pool(self.still_allowed)():
            return True
        self.revoked = True
        await self.leave_groups()
        await self.close(code=4403)
        return False

    def still_allowed(self):
        """Whether what opened the socket opens it still. An umpire's login was checked when the
        socket opened and answers for it; a code-opened subclass checks its code again."""
        return True

    def snapshot(self):
        """The whole state a screen shows: sequence numbers first, so nothing falls between."""
        now = timezone.now()
        sequences = get_sequences(self.groups_joined)
        clock = GameClock.objects.select_related("event").get(event=self.event)
        return {
            "type": "snapshot",
            "now": now.isoformat(),
            "seq": sequences,
            "clock": get_clock_state(clock, now),
            "announcements": get_showing_announcements(self.event),
        }


async def ended(loops):
    """Each of a socket's loops cancelled and finished; an error already raised is not raised again."""
    for loop in loops:
        loop.cancel()
    await asyncio.gather(*loops, return_exceptions=True)


def json_object(text):
    """The JSON text's value, or None if it is not JSON (or nests too deep to read)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def code_of(scope):
    """The `?code=` a code-opened socket was opened with, or ""."""
    return parse_qs(scope.get("query_string", b"").decode()).get("code", [""])[0]


class EventConsumer(LiveConsumer):
    """An umpire's live feed for one event: the public group, the umpires' group, his tables and, for
    Control, Control's."""

    def allowed_groups(self):
        user = self.scope.get("user")
        event = Event.objects.filter(pk=self.scope["url_route"]["kwargs"]["event_id"]).first()
        if event is None or user is None or not can(user, event, Perm.VIEW_WORLD):
            return None, []
        return event, groups_of(user, event)


class DisplayConsumer(LiveConsumer):
    """The projector: the public group and the display group, opened by a display code, and
    closed once Control reissues it."""

    opened_by_code = True

    def allowed_groups(self):
        try:
            event = access_display(self.scope["url_route"]["kwargs"]["slug"], code_of(self.scope))
        except Http404:
            return None, []
        return event, [event_group(event.pk), display_group(event.pk)]

    def still_allowed(self):
        try:
            return access_display(self.scope["url_route"]["kwargs"]["slug"], code_of(self.scope)).pk == self.event.pk
        except Http404:
            return False


def groups_of(user, event):
    """The groups an umpire hears in `event`: what his seats entitle him to, and no more."""
    seats = UmpireSeat.objects.filter(user=user, event=event)
    groups = [event_group(event.pk), umpires_group(event.pk)]
    if user.is_superuser or seats.filter(role=Role.CONTROL).exists():
        groups.append(control_group(event.pk))
    groups += [table_group(region_id) for region_id in seats.filter(role=Role.REGION).values_list("region", flat=True)]
    if seats.filter(role=Role.SENATE).exists():  # the Senate umpire keeps the Senate room, as a table
        groups += [table_group(room) for room in senate_rooms(event)]
    return groups
