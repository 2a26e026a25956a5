"""Websocket consumers: authenticate, join groups, send a snapshot, forward events."""
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import timezone

from umpire.events import control_group, event_group, get_sequences, table_group
from umpire.models import Event, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.selectors import can


class EventConsumer(AsyncJsonWebsocketConsumer):
    """An umpire's live feed for one event: the public group, his tables and, for Control, Control's."""

    async def connect(self):
        self.groups_joined = await self._allowed_groups()
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
        sequences = await database_sync_to_async(get_sequences)(self.groups_joined)
        await self.send_json({"type": "snapshot", "now": timezone.now().isoformat(), "seq": sequences})

    async def broadcast(self, message):
        await self.send_json(
            {"type": "event", "group": message["group"], "seq": message["seq"],
             "now": message["now"], "event": message["event"]}
        )

    @database_sync_to_async
    def _allowed_groups(self):
        user = self.scope.get("user")
        event = Event.objects.filter(pk=self.scope["url_route"]["kwargs"]["event_id"]).first()
        if event is None or user is None or not can(user, event, Perm.VIEW_WORLD):
            return []
        return groups_of(user, event)


def groups_of(user, event):
    """The groups an umpire hears in `event`: what his seats entitle him to, and no more."""
    seats = UmpireSeat.objects.filter(user=user, event=event)
    groups = [event_group(event.pk)]
    if user.is_superuser or seats.filter(role=Role.CONTROL).exists():
        groups.append(control_group(event.pk))
    groups += [table_group(region_id) for region_id in seats.filter(role=Role.REGION).values_list("region", flat=True)]
    return groups
