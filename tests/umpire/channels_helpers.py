"""Listening in on channel-layer groups from a synchronous test."""

import contextlib

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


@contextlib.contextmanager
def listen(groups):
    """Join `groups` on a fresh channel; yield a function returning what each group has heard."""
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    for group in groups:
        async_to_sync(layer.group_add)(group, channel)

    def heard():
        return _drain(layer, channel)

    try:
        yield heard
    finally:
        for group in groups:
            async_to_sync(layer.group_discard)(group, channel)


def _drain(layer, channel):
    import asyncio

    async def collect():
        found = {}
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), timeout=0.05)
            except TimeoutError:
                return found
            found.setdefault(message["group"], []).append(message)

    return async_to_sync(collect)()
