"""A player's live socket, opened with his mailbox code: it hears his own group alone (a letter
handed to him), and once Control reissues his code it closes at once (4403), the old code opens
neither a new socket nor the page, and the new code opens both."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from mail.models import Mailbox
from mail.services.letters import do_deliver_letter, do_leave_letters, do_pick_up_letters, do_post_letter
from mail.services.mailboxes import do_issue_mailbox
from tests.umpire.channels_helpers import listen
from umpire.events import character_group, control_group, display_group, event_group, table_group, umpires_group
from umpire.routing import websocket_urlpatterns

APP = URLRouter(websocket_urlpatterns)
LIVE = pytest.mark.django_db(transaction=True)


async def open_socket(code, slug="ad69"):
    communicator = WebsocketCommunicator(APP, f"/ws/mailbox/{slug}/?code={code}")
    connected, close_code = await communicator.connect()
    return communicator, connected, close_code


async def opened(code):
    """A socket his code opens, past its snapshot."""
    communicator, connected, _ = await open_socket(code)
    assert connected
    snapshot = await communicator.receive_json_from()
    assert snapshot["type"] == "snapshot"
    return communicator, snapshot


async def closed_with(communicator):
    output = await communicator.receive_output(timeout=2)
    return output["type"], output.get("code")


def issue(character, actor):
    return do_issue_mailbox(character, actor=actor).code


def arrived_at_illyria(hall):
    """A letter from Scribonius at Rome to Primus, in the Illyria tray to be handed out."""
    letter = do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        contents="Hold the passes.",
        actor=hall.rome_umpire,
    )
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    return letter


def deliver(hall, letter):
    return do_deliver_letter(letter, actor=hall.illyria_umpire)


def codes(hall):
    return issue(hall.primus, hall.control), issue(hall.scribonius, hall.control)


# ---- what his socket hears ------------------------------------------------------------------


@LIVE
@pytest.mark.asyncio
async def test_his_socket_opens_with_his_code_and_hears_a_letter_handed_to_him(hall):
    primus_code, scribonius_code = await database_sync_to_async(codes)(hall)
    letter = await database_sync_to_async(arrived_at_illyria)(hall)
    primus, snapshot = await opened(primus_code)
    scribonius, _ = await opened(scribonius_code)
    group = character_group(hall.primus.pk)
    assert snapshot["seq"] == {group: 0}
    assert "clock" not in snapshot and "announcements" not in snapshot

    await database_sync_to_async(deliver)(hall, letter)
    message = await primus.receive_json_from(timeout=2)
    assert message["group"] == group and message["seq"] == 1
    assert message["event"] == {"type": "mailbox.letter_handed_over"}  # nothing of the letter itself
    assert await scribonius.receive_nothing(timeout=0.2)  # the writer hears nothing of its delivery
    await primus.disconnect()
    await scribonius.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_his_socket_hears_no_event_umpires_table_control_or_display_group(hall):
    primus_code, _ = await database_sync_to_async(codes)(hall)
    primus, _ = await opened(primus_code)
    layer = get_channel_layer()
    others = [
        event_group(hall.event.pk),
        umpires_group(hall.event.pk),
        control_group(hall.event.pk),
        table_group(hall.illyria.pk),
        display_group(hall.event.pk),
        character_group(hall.scribonius.pk),
    ]
    for group in others:
        await layer.group_send(group, secret(group))
    assert await primus.receive_nothing(timeout=0.2)

    await layer.group_send(character_group(hall.primus.pk), secret(character_group(hall.primus.pk)))
    assert (await primus.receive_json_from(timeout=2))["event"]["text"] == "for him"  # the socket is alive
    await primus.disconnect()


def secret(group):
    text = "for him" if group.startswith("character-") else f"only for {group}"
    return {
        "type": "broadcast",
        "group": group,
        "seq": 1,
        "now": timezone.now().isoformat(),
        "event": {"type": "test.secret", "text": text},
    }


@LIVE
@pytest.mark.asyncio
async def test_a_wrong_or_other_event_code_opens_no_socket(hall):
    primus_code, _ = await database_sync_to_async(codes)(hall)
    for code, slug in (("guess", "ad69"), ("", "ad69"), (primus_code, "another-event")):
        _, connected, close_code = await open_socket(code, slug)
        assert not connected and close_code == 4403, (code, slug)


# ---- Control reissues his code ----------------------------------------------------------------


@LIVE
@pytest.mark.asyncio
async def test_a_reissued_code_closes_his_open_socket_at_once_and_the_old_code_opens_nothing(hall, client):
    old_code, _ = await database_sync_to_async(codes)(hall)
    letter = await database_sync_to_async(arrived_at_illyria)(hall)
    primus, _ = await opened(old_code)

    new_code = await database_sync_to_async(issue)(hall.primus, hall.control)
    assert await closed_with(primus) == ("websocket.close", 4403)
    await database_sync_to_async(deliver)(hall, letter)
    assert await primus.receive_nothing(timeout=0.2)  # closed for good: not even the delivery

    _, connected, close_code = await open_socket(old_code)
    assert not connected and close_code == 4403
    page = await database_sync_to_async(client.get)("/post/ad69/mailbox/", {"code": old_code})
    assert page.status_code == 404

    fresh, _ = await opened(new_code)
    page = await database_sync_to_async(client.get)("/post/ad69/mailbox/", {"code": new_code})
    assert page.status_code == 200 and b"Hold the passes." in page.content
    assert f'data-socket="/ws/mailbox/ad69/?code={new_code}"' in page.content.decode()
    await fresh.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_his_new_code_hears_the_next_letter_handed_to_him(hall):
    old_code, _ = await database_sync_to_async(codes)(hall)
    new_code = await database_sync_to_async(issue)(hall.primus, hall.control)
    letter = await database_sync_to_async(arrived_at_illyria)(hall)
    fresh, _ = await opened(new_code)
    await database_sync_to_async(deliver)(hall, letter)
    assert (await fresh.receive_json_from(timeout=2))["event"]["type"] == "mailbox.letter_handed_over"
    await fresh.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_a_socket_that_missed_the_revocation_is_closed_at_its_next_snapshot(hall):
    old_code, _ = await database_sync_to_async(codes)(hall)
    primus, _ = await opened(old_code)
    await database_sync_to_async(replace_quietly)(hall.primus)  # as if the revocation's message were lost
    await primus.send_json_to({"type": "snapshot"})
    assert await closed_with(primus) == ("websocket.close", 4403)


@LIVE
@pytest.mark.asyncio
async def test_a_socket_that_missed_the_revocation_hears_only_that_a_letter_came_until_its_next_snapshot(hall):
    """Relaying checks no code (issue 34): a lost revocation lets through a message that names no letter,
    and only until the page asks for a snapshot, as it does at any gap in the numbers."""
    old_code, _ = await database_sync_to_async(codes)(hall)
    letter = await database_sync_to_async(arrived_at_illyria)(hall)
    primus, _ = await opened(old_code)
    await database_sync_to_async(replace_quietly)(hall.primus)
    await database_sync_to_async(deliver)(hall, letter)
    heard = await primus.receive_json_from(timeout=2)
    assert heard["event"] == {"type": "mailbox.letter_handed_over"}
    await primus.send_json_to({"type": "snapshot"})
    assert await closed_with(primus) == ("websocket.close", 4403)


def replace_quietly(character):
    """A new code written straight to the row: no service, so no message tells the socket."""
    Mailbox.objects.filter(character=character).update(code="replaced-quietly")


def test_reissuing_tells_his_group_alone_and_the_message_carries_no_code(hall, django_capture_on_commit_callbacks):
    primus_code, _ = codes(hall)
    groups = [
        character_group(hall.primus.pk),
        character_group(hall.scribonius.pk),
        event_group(hall.event.pk),
        umpires_group(hall.event.pk),
        control_group(hall.event.pk),
        table_group(hall.illyria.pk),
    ]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            new_code = issue(hall.primus, hall.control)
        messages = heard()
    assert list(messages) == [character_group(hall.primus.pk)]
    [message] = messages[character_group(hall.primus.pk)]
    assert message["event"] == {"type": "access.revoked", "kind": "mailbox"}
    assert primus_code not in str(message) and new_code not in str(message)


def test_a_first_code_revokes_nothing_and_tells_no_one(hall, django_capture_on_commit_callbacks):
    with listen([character_group(hall.primus.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            issue(hall.primus, hall.control)
        assert heard() == {} and callbacks == []
