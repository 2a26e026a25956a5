"""Frames a screen should never send: each closes that socket alone, with its code and a warning in the log,
never an unhandled error; another screen on the same event hears the next clock change as before."""

import json
import logging

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from websockets.frames import Close

from umpire import clockwork
from umpire.code_tries import CLOSED_FOR_TRIES
from umpire.consumers import CLOSED_MALFORMED, CLOSED_TOO_BIG, MAX_FRAME_BYTES
from umpire.models import Role
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code

pytestmark = pytest.mark.slow  # real websocket handshakes, each closed and heard after

APP = URLRouter(websocket_urlpatterns)

# each frame as the server hands it to the consumer, and the code it is closed with
BAD_FRAMES = {
    "oversized text": ({"text": json.dumps({"type": "snapshot", "pad": "x" * MAX_FRAME_BYTES})}, CLOSED_TOO_BIG),
    "oversized by its bytes, not its characters": ({"text": "\u00e9" * (MAX_FRAME_BYTES // 2 + 1)}, CLOSED_TOO_BIG),
    "invalid JSON": ({"text": '{"type": "snapshot"'}, CLOSED_MALFORMED),
    "empty text": ({"text": ""}, CLOSED_MALFORMED),
    "a JSON array": ({"text": '["snapshot"]'}, CLOSED_MALFORMED),
    "a JSON string": ({"text": '"snapshot"'}, CLOSED_MALFORMED),
    "JSON nested too deep to read": ({"text": "[" * 2000 + "]" * 2000}, CLOSED_MALFORMED),
    "a binary frame": ({"bytes": b'{"type": "snapshot"}'}, CLOSED_MALFORMED),
}


async def opened(address, user=None):
    """A socket let in, its snapshot read."""
    communicator = WebsocketCommunicator(APP, address)
    if user is not None:
        communicator.scope["user"] = user
    connected, code = await communicator.connect()
    assert connected, code
    assert (await communicator.receive_json_from())["type"] == "snapshot"
    return communicator


async def two_umpires(ad69, make_umpire):
    control = await database_sync_to_async(make_umpire)(ad69, Role.CONTROL, username="control")
    illyria = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Illyria")
    address = f"/ws/events/{ad69.pk}/"
    return await opened(address, control), await opened(address, illyria)


async def closed_with(communicator):
    """The close code the socket was sent, having heard nothing else first."""
    output = await communicator.receive_output(timeout=1)
    assert output["type"] == "websocket.close", output
    return output["code"]


async def pause_the_clock(ad69):
    await database_sync_to_async(clockwork.do_pause_clock)(ad69, actor=None)


@pytest.fixture
def running_clock(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("frame", BAD_FRAMES)
async def test_a_bad_frame_closes_its_socket_alone(running_clock, make_umpire, caplog, frame):
    sent, code = BAD_FRAMES[frame]
    sender, bystander = await two_umpires(running_clock, make_umpire)
    with caplog.at_level(logging.WARNING, logger="umpire.consumers"):
        await sender.send_input({"type": "websocket.receive", **sent})  # as sent: send_to refuses an empty text
        assert await closed_with(sender) == code
    assert any(record.levelno == logging.WARNING and str(code) in record.getMessage() for record in caplog.records)

    await pause_the_clock(running_clock)
    heard = await bystander.receive_json_from(timeout=2)
    assert heard["event"]["type"] == "clock.changed" and heard["event"]["clock"]["state"] == "paused"
    assert await sender.receive_nothing(timeout=0.2)
    await bystander.disconnect()
    await sender.wait()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_second_bad_frame_after_the_close_is_not_read(running_clock, make_umpire, caplog):
    sender, bystander = await two_umpires(running_clock, make_umpire)
    with caplog.at_level(logging.WARNING, logger="umpire.consumers"):
        await sender.send_to(bytes_data=b"\x00")
        await sender.send_to(text_data="not json")
        assert await closed_with(sender) == CLOSED_MALFORMED
        assert await sender.receive_nothing(timeout=0.2)
    assert len([r for r in caplog.records if r.name == "umpire.consumers"]) == 1
    await bystander.disconnect()
    await sender.wait()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_an_unknown_type_is_let_be_and_the_socket_still_answers(running_clock, make_umpire):
    """An older page may send a type this server no longer knows: nothing is answered, nothing is closed."""
    sender, bystander = await two_umpires(running_clock, make_umpire)
    await sender.send_json_to({"type": "presence", "extra": [1, 2, 3]})
    assert await sender.receive_nothing(timeout=0.2)
    await sender.send_json_to({"type": "snapshot"})
    assert (await sender.receive_json_from(timeout=2))["type"] == "snapshot"
    await pause_the_clock(running_clock)
    for screen in (sender, bystander):
        assert (await screen.receive_json_from(timeout=2))["event"]["type"] == "clock.changed"
    await sender.disconnect()
    await bystander.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_code_opened_screen_is_closed_by_a_bad_frame_too(running_clock, make_umpire):
    """The projector, opened by its code, refuses the same way; the umpire beside it hears on."""
    code = (await database_sync_to_async(do_reissue_display_code)(running_clock, actor=None)).code
    projector = await opened(f"/ws/display/{running_clock.slug}/?code={code}")
    _, bystander = await two_umpires(running_clock, make_umpire)
    await projector.send_to(text_data="[" * 10)
    assert await closed_with(projector) == CLOSED_MALFORMED
    await pause_the_clock(running_clock)
    assert (await bystander.receive_json_from(timeout=2))["event"]["type"] == "clock.changed"
    await bystander.disconnect()
    await projector.wait()


@pytest.mark.parametrize("code", sorted({code for _, code in BAD_FRAMES.values()} | {4403, CLOSED_FOR_TRIES}))
def test_every_close_code_of_the_consumers_goes_out_as_it_is(code):
    """The console's server (uvicorn's `websockets` protocol) closes a socket for the consumer with the
    `websockets` library's Close frame, which refuses a code RFC 6455 does not let an application send (only
    its own few, and 3000-4999): the close would fail and the page would not know why it was closed."""
    frame = Close(code, "").serialize()
    assert Close.parse(frame).code == code
