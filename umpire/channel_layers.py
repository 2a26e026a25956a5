"""The console's channel layers, fit for a hall: Channels' in-memory layer (the SQLite mode) and
channels-redis (with Redis)."""

import asyncio
import logging
import time
from copy import deepcopy

from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer
from redis.asyncio import BlockingConnectionPool

logger = logging.getLogger(__name__)


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
    """channels-redis, whose process-local channels (a socket's) are fed by one taker per process, and
    whose commands wait for one of the process's `max_connections` connections to Redis to come free
    rather than open another.

    channels-redis sends a group's message once to each process, naming the process's sockets in it.
    Its own `receive` has the sockets take turns at fetching it: each socket, for each message, made two
    tasks (for the turn's lock and for its own buffer), waited on both, and cancelled the one that lost,
    and the lock's queue of a thousand waiters was walked at each cancel: a pause to a hall cost
    thousands of tasks and scheduling rounds a process (issue 34). Here one task, the taker, fetches for
    the process while any socket waits, and puts each message on its sockets' buffers; a socket's
    `receive` only waits on its own buffer. The buffers are channels-redis's (`receive_buffer`, each
    `capacity` long, the oldest dropped when full), and a message fetched reaches each socket once, as
    before. The taker runs in the loop of the first socket that waits, and stops when none does.

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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.waiting, self.taker = set(), None

    async def receive(self, channel):
        if "!" not in channel:
            return await super().receive(channel)  # a channel shared between processes: no taker
        assert self.require_valid_channel_name(channel)
        self.keep_taking(self.non_local_name(channel))
        buffer = self.receive_buffer[channel]
        self.waiting.add(channel)
        try:
            message = await buffer.get()
        except BaseException:
            if buffer.empty() and self.receive_buffer.get(channel) is buffer:
                del self.receive_buffer[channel]  # the socket has ended: its buffer goes with it
            raise
        finally:
            self.waiting.discard(channel)
            if not self.waiting:
                self.stop_taking()
        if isinstance(message, FetchFailed):
            raise message
        return message

    def keep_taking(self, process_channel):
        loop = asyncio.get_running_loop()
        if self.taker is None or self.taker.done():
            self.taker = loop.create_task(self.taking(process_channel))
        elif self.taker.get_loop() is not loop:
            raise RuntimeError("Two event loops are trying to receive() on one channel layer at once!")

    def stop_taking(self):
        """A fetch cancelled loses nothing: channels-redis keeps the message in its backup queue in Redis,
        and the next fetch puts it back first."""
        if self.taker is not None:
            self.taker.cancel()
            self.taker = None

    async def taking(self, process_channel):
        """Fetches the process's messages for as long as a socket waits, each onto its sockets' buffers.

        A failed fetch (Redis gone) ends the taker and fails every socket's `receive` that waits, as in
        channels-redis each socket's own fetch failed in turn: its consumer ends, the server closes it,
        and its page comes back and joins its groups again, which a Redis restarted empty has lost. The
        next socket that waits starts a taker again."""
        while True:
            try:
                channels, message = await self.receive_single(process_channel)
            except Exception as error:
                self.fail_waiting(error)
                return
            for channel in channels if isinstance(channels, list) else [channels]:
                self.receive_buffer[channel].put_nowait(message)

    def fail_waiting(self, error):
        for channel in self.waiting:
            failure = FetchFailed(f"fetching this process's channel-layer messages failed: {error!r}")
            failure.__cause__ = error
            self.receive_buffer[channel].put_nowait(failure)


class FetchFailed(Exception):
    """A socket's `receive` could not be given its message: the process's fetch from Redis failed."""
