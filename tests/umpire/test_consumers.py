"""The live feed: who may connect, which groups he hears, and the snapshot on connect."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from regions.models import Province
from umpire import clockwork
from umpire.consumers import groups_of
from umpire.models import Region, Role
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.announcements import do_draft_announcement, do_publish_announcement
from umpire.services.records import do_save_record

APP = URLRouter(websocket_urlpatterns)


async def connect(user, event):
    communicator = WebsocketCommunicator(APP, f"/ws/events/{event.pk}/")
    communicator.scope["user"] = user
    connected, code = await communicator.connect()
    return communicator, connected, code


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_anonymous_is_refused(ad69):
    from django.contrib.auth.models import AnonymousUser

    _, connected, code = await connect(AnonymousUser(), ad69)
    assert not connected and code == 4403


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_umpire_gets_a_snapshot_then_changes_at_his_table_only(ad69, make_umpire):
    gaul_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Gaul")
    spain_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Spain")
    gaul, _, _ = await connect(gaul_umpire, ad69)
    spain, _, _ = await connect(spain_umpire, ad69)
    snapshot = await gaul.receive_json_from()
    assert snapshot["type"] == "snapshot" and "now" in snapshot
    await spain.receive_json_from()

    await database_sync_to_async(edit_belgica)()
    message = await gaul.receive_json_from(timeout=2)
    assert message["event"]["type"] == "world.changed" and message["event"]["label"] == "Belgica"
    assert message["seq"] == snapshot["seq"][message["group"]] + 1
    assert await spain.receive_nothing(timeout=0.2)
    await gaul.disconnect()
    await spain.disconnect()


def edit_belgica():
    belgica = Province.objects.get(name="Belgica")
    belgica.team_at_start = True
    do_save_record(belgica, actor=None)


async def connect_display(slug, code):
    communicator = WebsocketCommunicator(APP, f"/ws/display/{slug}/?code={code}")
    connected, code = await communicator.connect()
    return communicator, connected, code


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_projector_with_a_bad_code_is_refused(ad69):
    await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    _, connected, code = await connect_display("ad69", "guess")
    assert not connected and code == 4403


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_projector_gets_the_clock_snapshot_then_each_clock_change(ad69):
    access = await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    display, connected, _ = await connect_display("ad69", access.code)
    assert connected
    snapshot = await display.receive_json_from()
    assert snapshot["clock"]["state"] == "scheduled" and snapshot["clock"]["month"] == "September 68"
    assert snapshot["announcements"] == []

    await database_sync_to_async(clockwork.do_start_clock)(ad69, actor=None)
    started = await display.receive_json_from(timeout=2)
    await database_sync_to_async(clockwork.do_pause_clock)(ad69, actor=None)
    paused = await display.receive_json_from(timeout=2)
    assert started["event"]["clock"]["state"] == "running" and started["event"]["clock"]["ends_at"]
    assert paused["event"]["action"] == "clock.pause" and paused["event"]["clock"]["state"] == "paused"
    assert paused["seq"] == started["seq"] + 1 and "now" in paused
    await display.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_projector_hears_a_published_announcement_but_not_a_draft(ad69):
    access = await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    display, _, _ = await connect_display("ad69", access.code)
    await display.receive_json_from()
    draft = await database_sync_to_async(do_draft_announcement)(ad69, text="Secret draft", actor=None)
    assert await display.receive_nothing(timeout=0.2)
    await database_sync_to_async(do_publish_announcement)(draft, actor=None)
    message = await display.receive_json_from(timeout=2)
    assert message["event"]["showing"][0]["text"] == "Secret draft"
    await display.disconnect()


def test_the_senate_umpire_hears_the_senate_room_and_a_region_umpire_his_table(ad69, make_umpire):
    room = Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)
    gaul = Region.objects.get(event=ad69, name="Gaul")
    senate = groups_of(make_umpire(ad69, Role.SENATE), ad69)
    region = groups_of(make_umpire(ad69, Role.REGION, "Gaul"), ad69)
    assert senate == [f"event-{ad69.pk}", f"umpires-{ad69.pk}", f"table-{room.pk}"]
    assert region == [f"event-{ad69.pk}", f"umpires-{ad69.pk}", f"table-{gaul.pk}"]
