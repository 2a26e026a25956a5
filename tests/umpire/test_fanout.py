"""Fan-out without the database (issue 34): a socket relays what its groups are sent without a query
or a hop to a database thread, whatever opened it; its code is checked when it connects, when it asks
for a snapshot and when it hears its code revoked. And database connections are kept and checked."""

import asyncio
import contextlib
import gc
import json
import os
import threading

import channels.db
import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db.backends import utils as db_utils
from django.test import Client
from django.utils import timezone
from uvicorn.server import ServerState

import console
from mail.services.mailboxes import do_issue_mailbox
from umpire import asgi, consumers, server
from umpire.asgi import signed_in_sockets
from umpire.events import character_group, event_group, umpires_group
from umpire.models import Character, Region, Role
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code

APP = URLRouter(websocket_urlpatterns)
LIVE = pytest.mark.django_db(transaction=True)


def screens_of(event, make_umpire):
    """A projector's code, a player's mailbox code and an umpire, as a hall's screens open them."""
    illyria = Region.objects.get(event=event, name="Illyria")
    primus = Character.objects.create(
        event=event, name="Antonius Primus", role="legate", social_class="senator", location=illyria
    )
    display = do_reissue_display_code(event, actor=None).code
    return display, primus.pk, do_issue_mailbox(primus, actor=None).code, make_umpire(event, Role.REGION, "Illyria")


async def opened(path, user=None):
    communicator = WebsocketCommunicator(APP, path)
    if user is not None:
        communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["type"] == "snapshot"
    return communicator


async def hall_of_screens(event, make_umpire):
    display, character_id, mailbox, umpire = await database_sync_to_async(screens_of)(event, make_umpire)
    projector = await opened(f"/ws/display/{event.slug}/?code={display}")
    phone = await opened(f"/ws/mailbox/{event.slug}/?code={mailbox}")
    desk = await opened(f"/ws/events/{event.pk}/", umpire)
    return projector, phone, desk, character_id


@pytest.fixture
def database_work(monkeypatch):
    """Counts, in every thread, the queries run and the hops to a database thread (Channels closes old
    connections at the start of each)."""
    counted = {"queries": 0, "hops": 0}
    execute, close_old = db_utils.CursorWrapper._execute, channels.db.close_old_connections

    def counting_execute(self, *args, **kwargs):
        counted["queries"] += 1
        return execute(self, *args, **kwargs)

    def counting_close_old():
        counted["hops"] += 1
        close_old()

    monkeypatch.setattr(db_utils.CursorWrapper, "_execute", counting_execute)
    monkeypatch.setattr(channels.db, "close_old_connections", counting_close_old)
    return counted


def relayed(group, seq, event):
    """A message as `umpire.events._send` puts it on the channel layer."""
    return {"type": "broadcast", "group": group, "seq": seq, "now": timezone.now().isoformat(), "event": event}


@LIVE
@pytest.mark.asyncio
async def test_projector_phone_and_desk_relay_a_message_without_touching_the_database(ad69, make_umpire, database_work):
    projector, phone, desk, character_id = await hall_of_screens(ad69, make_umpire)
    database_work.update(queries=0, hops=0)
    layer = get_channel_layer()
    pause = {"type": "clock.changed", "action": "clock.pause", "clock": {}}
    await layer.group_send(event_group(ad69.pk), relayed(event_group(ad69.pk), 1, pause))
    await layer.group_send(character_group(character_id), relayed(character_group(character_id), 1, {"type": "x"}))
    await layer.group_send(umpires_group(ad69.pk), relayed(umpires_group(ad69.pk), 1, {"type": "y"}))

    assert (await projector.receive_json_from(timeout=2))["event"]["action"] == "clock.pause"
    assert (await phone.receive_json_from(timeout=2))["event"]["type"] == "x"
    heard_at_desk = {(await desk.receive_json_from(timeout=2))["event"]["type"] for _ in range(2)}
    assert heard_at_desk == {"clock.changed", "y"}
    assert database_work == {"queries": 0, "hops": 0}
    for communicator in (projector, phone, desk):
        await communicator.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_a_revocation_message_closes_the_projector_and_the_phone_with_4403(ad69, make_umpire):
    projector, phone, desk, character_id = await hall_of_screens(ad69, make_umpire)
    primus = await database_sync_to_async(Character.objects.get)(pk=character_id)
    await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    await database_sync_to_async(do_issue_mailbox)(primus, actor=None)
    for communicator in (projector, phone):
        closed = await communicator.receive_output(timeout=2)
        assert (closed["type"], closed.get("code")) == ("websocket.close", 4403)
    assert await desk.receive_nothing(timeout=0.2)  # the umpire's login opened his: nothing revoked
    await desk.disconnect()


def test_database_connections_are_checked_before_reuse_and_kept_as_set():
    database = settings.DATABASES["default"]
    if database.get("OPTIONS", {}).get("pool"):  # PostgreSQL's pool keeps them; Django then wants 0
        assert database["CONN_MAX_AGE"] == 0
        assert database["ENGINE"] == "umpire.postgresql"  # which checks what the pool lends
    else:
        assert database["CONN_HEALTH_CHECKS"] is True
        assert database["CONN_MAX_AGE"] == int(os.environ.get("UMPIRE_DB_CONN_MAX_AGE", "0"))


def test_a_message_relayed_to_a_hall_is_encoded_once_for_all_its_sockets(monkeypatch):
    encoded = []
    dumps = consumers.json.dumps
    monkeypatch.setattr(consumers.json, "dumps", lambda value: encoded.append(value) or dumps(value))
    frames = consumers.RelayedFrames()
    pause = relayed(event_group(1), 7, {"type": "clock.changed", "action": "clock.pause"})
    texts = {frames.frame_of(pause) for _ in range(1000)}  # as channels-redis hands it to each socket
    later = frames.frame_of(dict(pause, seq=8))

    assert len(encoded) == 2
    assert [json.loads(text) for text in texts] == [dict(pause, type="event")]
    assert json.loads(later)["seq"] == 8


def test_console_run_serves_with_the_hall_s_server():
    command, _ = console.server_command("127.0.0.1", "8000")
    assert command[1:] == ["-m", "umpire.server", "127.0.0.1", "8000"]


@pytest.mark.asyncio
async def test_the_console_s_server_waits_for_a_hall_s_handshakes_longer_than_the_websockets_library_s_10_seconds():
    config = server.server_config("127.0.0.1", 8000)
    config.load()
    protocol = config.ws_protocol_class(config, ServerState(), {})  # as the server makes one for each socket
    assert protocol.open_timeout == server.HANDSHAKE_SECONDS >= 30


def test_the_console_s_server_sends_a_pause_uncompressed_and_refuses_a_frame_over_a_mebibyte():
    config = server.server_config("127.0.0.1", 8000)
    assert config.ws_per_message_deflate is False  # a compressor per socket, each frame passed through each
    assert config.ws_max_size == 1024 * 1024
    assert config.proxy_headers is False  # the tries' limits count the address that connected


def test_the_console_s_server_serves_tls_with_the_certificate_settings_give(settings, tmp_path):
    settings.SERVES_TLS, settings.TLS_LAN, settings.TLS_DIR = True, True, tmp_path / "tls"
    config = server.server_config("127.0.0.1", 8443)
    assert config.ssl_certfile == str(tmp_path / "tls" / "lan-certificate.pem")
    assert config.ssl_keyfile == str(tmp_path / "tls" / "lan-key.pem")


def test_the_console_s_server_serves_plain_http_without_tls(settings):
    settings.SERVES_TLS = False
    config = server.server_config("127.0.0.1", 8000)
    assert config.ssl_certfile is None and config.ssl_keyfile is None


@LIVE
@pytest.mark.asyncio
async def test_an_umpire_s_socket_reads_his_login_while_the_one_database_thread_is_busy(ad69, make_umpire):
    """After a Wi-Fi drop every umpire's and table's socket reads its login at once: none waits for the
    process's one thread for sync code (here held busy until the socket is open)."""
    umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Illyria")
    session = await database_sync_to_async(session_of)(umpire)
    release = threading.Event()
    held = asyncio.ensure_future(sync_to_async(release.wait, thread_sensitive=True)())
    communicator = WebsocketCommunicator(
        signed_in_sockets(APP), f"/ws/events/{ad69.pk}/", headers=[(b"cookie", f"sessionid={session}".encode())]
    )
    try:
        connected, _ = await communicator.connect(timeout=5)
        assert connected
        assert (await communicator.receive_json_from(timeout=5))["type"] == "snapshot"
    finally:
        release.set()
        await held
    await communicator.disconnect()


def session_of(user):
    browser = Client()
    browser.force_login(user)
    return browser.cookies[settings.SESSION_COOKIE_NAME].value


def test_the_server_s_loaded_objects_are_left_out_of_garbage_collection_and_collections_are_rarer():
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == asgi.GC_FIRST_GENERATION > 700


class HallSocket(consumers.LiveConsumer):
    """A live socket in the group "hall", with a snapshot that reads nothing: the relay alone is tested."""

    def allowed_groups(self):
        return None, ["hall"]

    def snapshot(self):
        return {"type": "snapshot"}


class Screen:
    """What the server gives one `HallSocket`: its frames in, and what it sent, counted as it arrives."""

    def __init__(self, expected_sends):
        self.frames, self.sent, self.all_sent = asyncio.Queue(), [], asyncio.Event()
        self.expected_sends, self.consumer = expected_sends, HallSocket()

    async def send(self, message):
        self.sent.append(message)
        if len(self.sent) >= self.expected_sends:
            self.all_sent.set()

    def opened(self):
        self.frames.put_nowait({"type": "websocket.connect"})
        scope = {"type": "websocket", "path": "/ws/hall/", "query_string": b""}
        return asyncio.ensure_future(self.consumer(scope, self.frames.get, self.send))


async def screen_past_its_snapshot():
    """A hall screen's socket, accepted and sent its snapshot: the screen, and the socket's task."""
    screen = Screen(expected_sends=2)
    socket = screen.opened()
    await asyncio.wait_for(screen.all_sent.wait(), 2)
    return screen, socket


@contextlib.contextmanager
def tasks_made():
    """Counts the tasks the running loop makes inside the block."""
    loop, counted = asyncio.get_running_loop(), [0]

    def counting(loop, coroutine, **kwargs):
        counted[0] += 1
        return asyncio.Task(coroutine, loop=loop, **kwargs)

    loop.set_task_factory(counting)
    try:
        yield counted
    finally:
        loop.set_task_factory(None)


@pytest.mark.asyncio
async def test_a_message_relayed_to_a_hall_s_sockets_makes_no_task_for_any_socket():
    screens = [Screen(expected_sends=3) for _ in range(20)]  # accept, snapshot, the pause
    sockets = [screen.opened() for screen in screens]
    while any(len(screen.sent) < 2 for screen in screens):
        await asyncio.sleep(0.01)
    with tasks_made() as counted:
        await get_channel_layer().group_send("hall", relayed("hall", 1, {"type": "clock.changed"}))
        for screen in screens:
            await screen.all_sent.wait()

    assert counted == [0]
    assert {json.loads(screen.sent[2]["text"])["seq"] for screen in screens} == {1}
    for screen, socket in zip(screens, sockets):
        screen.frames.put_nowait({"type": "websocket.disconnect", "code": 1001})
        await asyncio.wait_for(socket, 2)


@pytest.mark.asyncio
async def test_a_socket_s_disconnect_ends_it_leaves_its_group_and_lets_a_broadcast_behind_it_go():
    screen, socket = await screen_past_its_snapshot()
    layer = get_channel_layer()
    async with screen.consumer.handling:  # both loops wait for the handler before them
        screen.frames.put_nowait({"type": "websocket.disconnect", "code": 1001})
        await asyncio.sleep(0.05)
        await layer.group_send("hall", relayed("hall", 1, {"type": "clock.changed"}))
        await asyncio.sleep(0.05)
    await asyncio.wait_for(socket, 2)

    assert [message["type"] for message in screen.sent] == ["websocket.accept", "websocket.send"]
    assert "hall" not in layer.groups


@pytest.mark.asyncio
async def test_a_handler_s_error_ends_the_socket_and_reaches_the_server(monkeypatch):
    async def failing(self, message):
        raise RuntimeError("a broken handler")

    monkeypatch.setattr(HallSocket, "broadcast", failing)
    screen, socket = await screen_past_its_snapshot()
    await get_channel_layer().group_send("hall", relayed("hall", 1, {"type": "clock.changed"}))
    with pytest.raises(RuntimeError, match="a broken handler"):
        await asyncio.wait_for(socket, 2)


@pytest.mark.asyncio
async def test_a_socket_cancelled_by_its_server_stops_both_its_loops():
    screen, socket = await screen_past_its_snapshot()
    loops = [task for task in asyncio.all_tasks() if task.get_coro().__qualname__ == "LiveConsumer.hearing"]
    socket.cancel()
    with pytest.raises(asyncio.CancelledError):
        await socket
    assert len(loops) == 2 and all(loop.done() for loop in loops)
