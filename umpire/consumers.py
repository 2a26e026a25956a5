"""Websocket consumers: authenticate, join groups, send a snapshot, forward events."""
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.http import Http404
from django.utils import timezone

from umpire.events import control_group, display_group, event_group, get_sequences, table_group
from umpire.models import Event, GameClock, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.selectors import access_display, can, get_clock_state, get_showing_announcements, senate_rooms


class LiveConsumer(AsyncJsonWebsocketConsumer):
    """Joins the groups its subclass's `allowed_groups()` grants (returning the event and
    the group names, or no groups to refuse), sends a snapshot, forwards every message."""

    async def connect(self):
        self.event, self.groups_joined = await database_sync_to_async(self.allowed_groups)()
        if not self.groups_joined:
            await self.close(code=4403)
            return
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_snapshot()

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "snapshot":
            await self.send_snapshot()

    async def send_snapshot(self):
        await self.send_json(await database_sync_to_async(self.snapshot)())

    async def broadcast(self, message):
        await self.send_json(
            {"type": "event", "group": message["group"], "seq": message["seq"],
             "now": message["now"], "event": message["event"]}
        )

    def snapshot(self):
        """The whole state a screen shows: sequence numbers first, so nothing falls between."""
        now = timezone.now()
        sequences = get_sequences(self.groups_joined)
        clock = GameClock.objects.select_related("event").get(event=self.event)
        return {
            "type": "snapshot", "now": now.isoformat(), "seq": sequences,
            "clock": get_clock_state(clock, now), "announcements": get_showing_announcements(self.event),
        }

class EventConsumer(LiveConsumer):
    """An umpire's live feed for one event: the public group, his tables and, for Control, Control's."""

    def allowed_groups(self):
        user = self.scope.get("user")
        event = Event.objects.filter(pk=self.scope["url_route"]["kwargs"]["event_id"]).first()
        if event is None or user is None or not can(user, event, Perm.VIEW_WORLD):
            return None, []
        return event, groups_of(user, event)


class DisplayConsumer(LiveConsumer):
    """The projector: the public group and the display group, opened by a display code."""

    def allowed_groups(self):
        code = parse_qs(self.scope.get("query_string", b"").decode()).get("code", [""])[0]
        try:
            event = access_display(self.scope["url_route"]["kwargs"]["slug"], code)
        except Http404:
            return None, []
        return event, [event_group(event.pk), display_group(event.pk)]


def groups_of(user, event):
    """The groups an umpire hears in `event`: what his seats entitle him to, and no more."""
    seats = UmpireSeat.objects.filter(user=user, event=event)
    groups = [event_group(event.pk)]
    if user.is_superuser or seats.filter(role=Role.CONTROL).exists():
        groups.append(control_group(event.pk))
    groups += [table_group(region_id) for region_id in seats.filter(role=Role.REGION).values_list("region", flat=True)]
    if seats.filter(role=Role.SENATE).exists():  # the Senate umpire keeps the Senate room, as a table
        groups += [table_group(room) for room in senate_rooms(event)]
    return groups
