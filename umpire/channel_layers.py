"""The console's channel layers, fit for a hall: Channels' in-memory layer (the SQLite mode) and
channels-redis (with Redis)."""

import asyncio
import time
from copy import deepcopy

from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool


class HallInMemoryChannelLayer(InMemoryChannelLayer):
    """Channels' in-memory layer, sweeping out expired messages and memberships at most once every
    `SWEEP_EVERY` seconds rather than on every receive and group send.

    Channels' sweep walks every channel's queue and every group's members, and every socket runs it
    each time it takes a message: a pause to a hall of 1,000 sockets made a million steps, and was
    seconds late where a bare broadcast took tens of milliseconds (issue 34). Messages expire after a
    minute and memberships after a day, so a sweep a second late changes nothing a screen sees.

    A group send copies the message once and puts that copy on each member's queue in turn, where
    Channels' own made a task and a deep copy for each member (a send to a queue never waits, so the
    tasks only cost a thousand scheduling rounds a message). The members share the copy, as the
    sockets of one process share the message channels-redis hands them; none of ours changes it
    (umpire.consumers.RelayedFrames encodes it once for them all)."""

    SWEEP_EVERY = 1.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.swept_at = float("-inf")

    def _clean_expired(self):
        now = time.monotonic()
        if now - self.swept_at >= self.SWEEP_EVERY:
            self.swept_at = now
            super()._clean_expired()

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        shared, expires = deepcopy(message), time.time() + self.expiry
        for channel in list(self.groups.get(group, {})):
            self.require_valid_channel_name(channel)
            queue = self.channels.setdefault(channel, asyncio.Queue(maxsize=self.get_capacity(channel)))
            try:
                queue.put_nowait((expires, shared))
            except asyncio.QueueFull:
                pass  # as Channels' own: a full queue loses this message, the others still get it


class HallRedisChannelLayer(RedisChannelLayer):
    """channels-redis, whose commands wait for one of the process's `max_connections` connections to
    Redis to come free rather than open another.

    After a Wi-Fi drop a hall's sockets all leave their groups and join them again at once, a Redis
    command each. With redis-py's own pool every command that found no connection free opened a new
    one: hundreds of connections opened at once by an event loop too busy to finish them in time, and
    at 1,000 sockets 90 sockets failed with "Timeout connecting to server" (issue 34). A few kept
    connections carry the burst's short commands one after another. A command that waits longer than
    the host's `pool_timeout` (seconds) fails, as the connect did."""

    def create_pool(self, index):
        host = dict(self.hosts[index])
        address = host.pop("address")
        return BlockingConnectionPool.from_url(address, timeout=host.pop("pool_timeout", 20), **host)
