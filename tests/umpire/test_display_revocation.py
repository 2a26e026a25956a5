"""The projector's code, revoked and reissued by Control in one step: a projector still open with
the old code is closed at once (4403) and hears nothing more, the old code opens neither a new
socket nor the pages, and the new code opens both."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.events import control_group, display_group, event_group, umpires_group
from umpire.models import AccessCode
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.announcements import do_draft_announcement, do_publish_announcement

APP = URLRouter(websocket_urlpatterns)
LIVE = pytest.mark.django_db(transaction=True)


async def open_projector(code, slug="ad69"):
    communicator = WebsocketCommunicator(APP, f"/ws/display/{slug}/?code={code}")
    connected, close_code = await communicator.connect()
    return communicator, connected, close_code


async def opened(code):
    communicator, connected, _ = await open_projector(code)
    assert connected
    assert (await communicator.receive_json_from())["type"] == "snapshot"
    return communicator


async def closed_with(communicator):
    output = await communicator.receive_output(timeout=2)
    return output["type"], output.get("code")


def reissue(event):
    return do_reissue_display_code(event, actor=None).code


def announce(event, text):
    do_publish_announcement(do_draft_announcement(event, text=text, actor=None), actor=None)


@LIVE
@pytest.mark.asyncio
async def test_a_reissued_code_closes_the_open_projector_at_once_and_the_old_code_opens_nothing(ad69, client):
    old_code = await database_sync_to_async(reissue)(ad69)
    projector = await opened(old_code)

    new_code = await database_sync_to_async(reissue)(ad69)
    assert await closed_with(projector) == ("websocket.close", 4403)
    await database_sync_to_async(announce)(ad69, "Galba is dead")
    assert await projector.receive_nothing(timeout=0.2)  # closed for good

    _, connected, close_code = await open_projector(old_code)
    assert not connected and close_code == 4403
    for page in ("/display/ad69/", "/display/ad69/battles/", "/display/ad69/acta/"):
        response = await database_sync_to_async(client.get)(page, {"code": old_code})
        assert response.status_code == 404, page

    fresh = await opened(new_code)
    response = await database_sync_to_async(client.get)("/display/ad69/", {"code": new_code})
    assert response.status_code == 200
    await database_sync_to_async(announce)(ad69, "Otho marches")
    heard = await fresh.receive_json_from(timeout=2)
    assert heard["event"]["showing"][0]["text"] == "Otho marches"
    await fresh.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_the_projector_never_sees_the_revocation_itself(ad69):
    """The new code's projector, open before the message arrives, keeps going and is not shown it."""
    await database_sync_to_async(reissue)(ad69)
    new_code = await database_sync_to_async(reissue_without_telling)(ad69)
    fresh = await opened(new_code)
    await database_sync_to_async(tell_revoked)(ad69)
    assert await fresh.receive_nothing(timeout=0.2)
    await database_sync_to_async(announce)(ad69, "Vitellius proclaimed")
    assert (await fresh.receive_json_from(timeout=2))["event"]["type"] == "announcements.changed"
    await fresh.disconnect()


def reissue_without_telling(event):
    AccessCode.objects.filter(event=event, kind=AccessCode.Kind.DISPLAY).update(revoked_at=timezone.now())
    return AccessCode.objects.create(event=event, kind=AccessCode.Kind.DISPLAY).code


def tell_revoked(event):
    """The revocation's message on its own, as the service sends it."""
    from django.db import transaction

    from umpire.events import AccessRevoked, publish_on_commit

    with transaction.atomic():
        publish_on_commit([display_group(event.pk)], AccessRevoked(kind="display"))


@LIVE
@pytest.mark.asyncio
async def test_a_projector_that_missed_the_revocation_is_closed_at_its_next_snapshot(ad69):
    old_code = await database_sync_to_async(reissue)(ad69)
    projector = await opened(old_code)
    await database_sync_to_async(reissue_without_telling)(ad69)  # as if the revocation's message were lost
    await projector.send_json_to({"type": "snapshot"})
    assert await closed_with(projector) == ("websocket.close", 4403)


@LIVE
@pytest.mark.asyncio
async def test_a_projector_that_missed_the_revocation_hears_the_public_clock_until_its_next_snapshot(ad69):
    """Relaying checks no code (issue 34): what a lost revocation lets through is the hall's public clock,
    and only until the page asks for a snapshot, as it does at any gap in the numbers."""
    old_code = await database_sync_to_async(reissue)(ad69)
    projector = await opened(old_code)
    await database_sync_to_async(reissue_without_telling)(ad69)
    await database_sync_to_async(clockwork.do_start_clock)(ad69, actor=None)
    assert (await projector.receive_json_from(timeout=2))["event"]["type"] == "clock.changed"
    await projector.send_json_to({"type": "snapshot"})
    assert await closed_with(projector) == ("websocket.close", 4403)


def test_reissuing_tells_the_display_group_alone_and_carries_no_code(ad69, django_capture_on_commit_callbacks):
    old_code = reissue(ad69)
    groups = [display_group(ad69.pk), event_group(ad69.pk), umpires_group(ad69.pk), control_group(ad69.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            new_code = reissue(ad69)
        messages = heard()
    assert list(messages) == [display_group(ad69.pk)]
    [message] = messages[display_group(ad69.pk)]
    assert message["event"] == {"type": "access.revoked", "kind": "display"}
    assert old_code not in str(message) and new_code not in str(message)


def test_the_first_display_code_revokes_nothing_and_tells_no_one(ad69, django_capture_on_commit_callbacks):
    with listen([display_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True) as callbacks:
            reissue(ad69)
        assert heard() == {} and callbacks == []
