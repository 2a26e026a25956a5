"""The SQLite mode's channel layer (umpire.channel_layers): a message to a hall does not walk every
socket's queue for each socket that takes it, and what has expired still goes, a sweep later."""

import asyncio

import pytest
import time_machine
from channels.layers import InMemoryChannelLayer
from django.utils.module_loading import import_string

from umpire import settings as console_settings
from umpire.channel_layers import FetchFailed, HallInMemoryChannelLayer

SOCKETS = 50
GROUP = "event-1"


@pytest.fixture
def sweeps(monkeypatch):
    """Counts the runs of Channels' own sweep, the walk of every queue and every group."""
    counted = [0]
    sweep = InMemoryChannelLayer._clean_expired

    def counting(layer):
        counted[0] += 1
        sweep(layer)

    monkeypatch.setattr(InMemoryChannelLayer, "_clean_expired", counting)
    return counted


def a_second_passes(layer):
    """As if the last sweep were a second older (the sweep's clock is the monotonic one, which
    time-machine leaves alone)."""
    layer.swept_at -= layer.SWEEP_EVERY


async def hall(layer):
    channels = [await layer.new_channel() for _ in range(SOCKETS)]
    for channel in channels:
        await layer.group_add(GROUP, channel)
    return channels


def test_the_console_without_redis_runs_the_hall_layer():
    if not console_settings.REDIS_URL:
        assert console_settings.CHANNEL_LAYERS["default"]["BACKEND"] == "umpire.channel_layers.HallInMemoryChannelLayer"


def test_a_message_to_a_hall_is_taken_by_every_socket_with_one_sweep(sweeps):
    async def run():
        layer = HallInMemoryChannelLayer()
        channels = await hall(layer)
        await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
        return [await layer.receive(channel) for channel in channels]

    assert asyncio.run(run()) == [{"type": "broadcast", "seq": 1}] * SOCKETS
    assert sweeps == [1]


def test_a_message_sent_to_a_group_is_the_layer_s_own_copy():
    async def run():
        layer = HallInMemoryChannelLayer()
        first, *_ = await hall(layer)
        sent = {"type": "broadcast", "event": {"seq": 1}}
        await layer.group_send(GROUP, sent)
        sent["event"]["seq"] = 99  # the sender's dict, changed after the send
        return await layer.receive(first)

    assert asyncio.run(run())["event"] == {"seq": 1}


def test_a_full_queue_loses_the_message_and_the_other_sockets_still_take_it():
    async def run():
        layer = HallInMemoryChannelLayer(capacity=1)
        full, other, *_ = await hall(layer)
        await layer.send(full, {"type": "broadcast", "seq": 0})
        await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
        waiting = [message["seq"] for _, message in layer.channels[full]._queue]
        return waiting, (await layer.receive(other))["seq"]

    assert asyncio.run(run()) == ([0], 1)


def test_a_socket_that_never_takes_its_message_leaves_its_groups_a_sweep_after_the_expiry():
    with time_machine.travel(0, tick=False) as traveller:

        async def run():
            layer = HallInMemoryChannelLayer(expiry=60)
            gone, kept, *_ = await hall(layer)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
            await layer.receive(kept)
            traveller.shift(61)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 2})
            unswept = gone in layer.groups[GROUP]
            a_second_passes(layer)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 3})
            waiting = [message["seq"] for _, message in layer.channels[gone]._queue]
            return unswept, layer.groups[GROUP], waiting, gone, kept

        unswept, members, waiting, gone, kept = asyncio.run(run())
    assert unswept
    assert gone not in members and waiting == [2]  # the expired message went; the later one waits its minute
    assert kept in members


def test_a_membership_past_the_group_expiry_ends_a_sweep_later():
    with time_machine.travel(0, tick=False) as traveller:

        async def run():
            layer = HallInMemoryChannelLayer(group_expiry=3600)
            await hall(layer)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
            traveller.shift(3601)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 2})
            unswept = len(layer.groups[GROUP])
            a_second_passes(layer)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 3})
            return unswept, len(layer.groups[GROUP])

        assert asyncio.run(run()) == (SOCKETS, 0)


@pytest.mark.redis
def test_a_hall_rejoining_its_groups_at_once_waits_for_the_process_s_few_redis_connections(redis_url):
    """A burst of joins and leaves, as after a Wi-Fi drop, shares a few connections rather than open
    one a command, or fail for want of one."""
    layer_settings = console_settings.redis_channel_layer(redis_url)
    layer_settings["CONFIG"]["hosts"][0]["max_connections"] = 4
    layer = import_string(layer_settings["BACKEND"])(**layer_settings["CONFIG"])

    async def run():
        channels = [await layer.new_channel() for _ in range(SOCKETS)]
        burst = [layer.group_add(f"burst-{n % 3}", channel) for n, channel in enumerate(channels)]
        await asyncio.gather(*burst, *(layer.group_discard("burst-0", channel) for channel in channels))
        pool = layer.connection(0).connection_pool
        opened = len(pool._available_connections) + len(pool._in_use_connections)
        await layer.flush()
        return opened

    assert 1 <= asyncio.run(run()) <= 4


def hall_redis_layer(redis_url, **config):
    layer_settings = console_settings.redis_channel_layer(redis_url)
    return import_string(layer_settings["BACKEND"])(**{**layer_settings["CONFIG"], **config})


class Sockets:
    """`count` sockets of one process, each taking its channel's messages as a consumer does, for as
    long as it lives."""

    def __init__(self, layer, count):
        self.layer, self.count, self.heard = layer, count, []

    async def __aenter__(self):
        self.channels = [await self.layer.new_channel() for _ in range(self.count)]
        for channel in self.channels:
            await self.layer.group_add(GROUP, channel)
        self.loops = [asyncio.ensure_future(self.taking(channel)) for channel in self.channels]
        await asyncio.sleep(0)  # each is waiting
        return self

    async def taking(self, channel):
        while True:
            self.heard.append((channel, await self.layer.receive(channel)))

    async def heard_all(self, messages):
        while len(self.heard) < messages * self.count:
            await asyncio.sleep(0.01)

    async def __aexit__(self, *exc):
        for loop in self.loops:
            loop.cancel()
        await asyncio.gather(*self.loops, return_exceptions=True)
        await self.layer.flush()


def counting_tasks(loop, counted):
    def counting(loop, coroutine, **kwargs):
        counted.append(coroutine.__qualname__)
        return asyncio.Task(coroutine, loop=loop, **kwargs)

    loop.set_task_factory(counting)


@pytest.mark.redis
def test_a_message_to_a_process_s_sockets_makes_as_many_tasks_for_five_sockets_as_for_fifty(redis_url):
    """The tasks a message makes are the process's (its fetch's, its Redis commands'), none a socket's."""

    async def run(count):
        layer = hall_redis_layer(redis_url)
        async with Sockets(layer, count) as sockets:
            counted = []
            counting_tasks(asyncio.get_running_loop(), counted)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
            await sockets.heard_all(1)
            asyncio.get_running_loop().set_task_factory(None)
            return counted, sockets.heard

    (few, _), (many, heard) = asyncio.run(run(5)), asyncio.run(run(SOCKETS))
    assert len(many) == len(few) < 5
    assert len(heard) == len({channel for channel, _ in heard}) == SOCKETS  # each socket once
    assert {message["seq"] for _, message in heard} == {1}


@pytest.mark.redis
def test_the_taker_stops_when_no_socket_waits_and_a_socket_gone_leaves_no_buffer(redis_url):
    layer = hall_redis_layer(redis_url)

    async def run():
        async with Sockets(layer, 3) as sockets:
            taking = layer.taker is not None and not layer.taker.done()
            gone = sockets.channels[0]
            sockets.loops[0].cancel()
            await asyncio.sleep(0)
            await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
            await sockets.heard_all(1 - 1 / 3)  # the two left
            kept = gone not in layer.receive_buffer or not layer.receive_buffer[gone].empty()
        return taking, layer.taker, kept

    taking, taker, kept = asyncio.run(run())
    assert taking and taker is None
    assert kept  # a message sent to the socket gone after it went waits in its buffer, as in channels-redis


@pytest.mark.redis
def test_a_failed_fetch_fails_each_waiting_socket_and_the_next_receive_fetches_again(redis_url, monkeypatch):
    """As with channels-redis's own receive, where each socket's fetch failed: its consumer ends and its
    page comes back, joining its groups again."""
    layer = hall_redis_layer(redis_url)
    fetch, failures = layer.receive_single, [ConnectionError("Redis gone a moment")]

    async def failing_once(channel):
        await asyncio.sleep(0)
        if failures:
            raise failures.pop()
        return await fetch(channel)

    monkeypatch.setattr(layer, "receive_single", failing_once)

    async def run():
        channels = [await layer.new_channel() for _ in range(3)]
        waiting = [asyncio.ensure_future(layer.receive(channel)) for channel in channels]
        failed = await asyncio.gather(*waiting, return_exceptions=True)
        await layer.group_add(GROUP, channels[0])
        await layer.group_send(GROUP, {"type": "broadcast", "seq": 1})
        heard = await asyncio.wait_for(layer.receive(channels[0]), 5)
        await layer.flush()
        return failed, heard

    failed, heard = asyncio.run(run())
    assert [type(error) for error in failed] == [FetchFailed] * 3
    assert all("Redis gone a moment" in str(error) for error in failed)
    assert heard["seq"] == 1
