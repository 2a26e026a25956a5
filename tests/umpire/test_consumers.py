"""The live feed: who may connect, which groups he hears, and the snapshot on connect."""
import pytest
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from regions.models import Province
from umpire.models import Role
from umpire.routing import websocket_urlpatterns
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
