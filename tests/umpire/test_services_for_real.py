"""What needs the real services: PostgreSQL's row locks and Redis as the channel layer."""

import asyncio
import threading
import time
from datetime import UTC

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.db import connection, transaction

from umpire.events import WorldChanged, _next_sequence, publish_on_commit
from umpire.models import GroupSequence


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_sequence_numbers_stay_unique_under_concurrent_workers(postgres):
    numbers, errors = [], []

    def worker():
        try:
            for _ in range(15):
                with transaction.atomic():
                    numbers.append(_next_sequence("control-race"))
        except Exception as error:  # a failure in a thread must fail the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sorted(numbers) == list(range(1, 61))
    assert GroupSequence.objects.get(group="control-race").last == 60


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_changes_counting_the_same_groups_in_other_orders_do_not_deadlock(postgres):
    """The post's round tells Control, then the tables; a tax turn's flag tells a table, then Control. Were
    the counters taken inside the changes' transactions, each would hold one and wait for the other."""
    both_counting, errors = threading.Barrier(2), []

    def change(first, second):
        try:
            with transaction.atomic():
                publish_on_commit([first], WorldChanged(action="update", model="m", record_id="1", label="x"))
                both_counting.wait(timeout=10)
                publish_on_commit([second], WorldChanged(action="update", model="m", record_id="1", label="x"))
        except Exception as error:  # a failure in a thread must fail the test
            errors.append(error)
        finally:
            connection.close()

    orders = (("control-9", "table-9"), ("table-9", "control-9"))
    threads = [threading.Thread(target=change, args=order) for order in orders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert dict(GroupSequence.objects.filter(group__in=["control-9", "table-9"]).values_list("group", "last")) == {
        "control-9": 2,
        "table-9": 2,
    }


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_groups_messages_are_heard_in_the_order_of_their_numbers(postgres, monkeypatch):
    """Two workers publishing to one group at once: the one numbered second sends second, even when the
    first is slow to send (here half a second), so no screen hears #2 before #1 and takes it for a gap."""
    heard = []

    class SlowToSendTheFirst:
        async def group_send(self, group, message):
            if message["seq"] == 1:
                await asyncio.sleep(0.5)
            heard.append(message["seq"])

    monkeypatch.setattr("umpire.events.get_channel_layer", SlowToSendTheFirst)

    def change():
        try:
            with transaction.atomic():
                publish_on_commit(["table-8"], WorldChanged(action="update", model="m", record_id="1", label="x"))
        finally:
            connection.close()

    first, second = threading.Thread(target=change), threading.Thread(target=change)
    first.start()
    time.sleep(0.1)  # the first is numbered, and sending
    second.start()
    first.join()
    second.join()
    assert heard == [1, 2]


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_events_travel_through_redis_after_commit(redis_url, settings):
    layer = await redis_layer(settings, redis_url)
    channel = await layer.new_channel()
    await layer.group_add("control-redis-test", channel)
    try:
        await database_sync_to_async(publish_in_a_transaction)()
        message = await asyncio.wait_for(layer.receive(channel), timeout=5)
        assert message["event"]["label"] == "Achaea" and message["seq"] == 1
    finally:
        await layer.flush()


@pytest.mark.redis
@pytest.mark.asyncio
async def test_a_burst_of_messages_waits_for_a_busy_server_process(redis_url, settings):
    """Two sockets of one process share its queue in Redis: channels-redis's default capacity of
    100 dropped the 101st group message for both while the process was busy elsewhere."""
    layer = await redis_layer(settings, redis_url)
    sockets = [await layer.new_channel(), await layer.new_channel()]
    for socket in sockets:
        await layer.group_add("table-redis-burst", socket)
    try:
        for n in range(1, 151):
            await layer.group_send("table-redis-burst", {"type": "broadcast", "seq": n})
        for socket in sockets:
            heard = [(await asyncio.wait_for(layer.receive(socket), timeout=5))["seq"] for _ in range(150)]
            assert heard == list(range(1, 151))
    finally:
        await layer.flush()


@pytest.mark.redis
@pytest.mark.asyncio
async def test_a_quiet_websocket_is_not_dropped_by_the_redis_client(redis_url, settings):
    """redis-py 8's default 5-second read timeout once closed idle consumers with 1011."""
    layer = await redis_layer(settings, redis_url)
    channel = await layer.new_channel()
    try:
        waiting = asyncio.ensure_future(layer.receive(channel))
        await asyncio.sleep(6.5)
        assert not waiting.done(), waiting.exception() if waiting.done() else None
        await layer.send(channel, {"type": "broadcast", "late": True})
        assert (await asyncio.wait_for(waiting, timeout=5))["late"] is True
    finally:
        await layer.flush()


async def redis_layer(settings, url):
    from umpire.settings import redis_channel_layer

    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(url)}
    channel_layers.backends.clear()
    return channel_layers["default"]


def publish_in_a_transaction():
    with transaction.atomic():
        publish_on_commit(["control-redis-test"], WorldChanged("update", "m", "1", "Achaea"))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_concurrent_advance_due_advances_the_turn_exactly_once(postgres):
    from datetime import datetime, timedelta

    from django.core.management import call_command

    from umpire import clockwork
    from umpire.models import Event, GameClock, TurnEnd

    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    start = datetime(2026, 12, 5, 11, 0, tzinfo=UTC)
    clockwork.do_start_clock(event, actor=None, now=start)
    calls, errors = [], []
    clockwork.register_turn_end_hook("test.count")(lambda event, turn: calls.append(turn))
    barrier = threading.Barrier(6)

    def worker():
        try:
            barrier.wait()
            clockwork.advance_due(start + timedelta(minutes=20, seconds=1))
        except Exception as error:  # a failure in a thread must fail the test
            errors.append(error)
        finally:
            connection.close()

    try:
        threads = [threading.Thread(target=worker) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        clockwork.TURN_END_HOOKS.pop("test.count")
    assert not errors
    assert GameClock.objects.get(event=event).turn == 2
    assert list(TurnEnd.objects.values_list("turn", flat=True)) == [0, 1]  # the eve, and turn 1
    assert sorted(calls) == [0, 1]  # each run once, though six workers raced for them
