"""Wrong codes from one address: after `TRIES` within a minute the address is refused for a while, on
every page and socket a code opens, with "wait N seconds" and nothing else changed; other addresses and
the umpires' logins go on as before."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from mail.services.mailboxes import do_issue_mailbox
from tests.warfare.builders import commander
from umpire import code_tries
from umpire.code_tries import CLOSED_FOR_TRIES, LOCKOUT, TRIES
from umpire.models import AuditEntry, Region, Role
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code

APP = URLRouter(websocket_urlpatterns)
LIVE = pytest.mark.django_db(transaction=True)
GUESSER, NEIGHBOUR = "10.0.0.66", "10.0.0.7"
PAGES = ("display:projector", "mail:mailbox", "senate:acta-display", "warfare:reports")


@pytest.fixture
def codes(ad69):
    player = commander(ad69, "Quintus Scribonius", 0, Region.objects.get(event=ad69, name="Illyria"))
    return {
        "display": do_reissue_display_code(ad69, actor=None).code,
        "player": do_issue_mailbox(player, actor=None).code,
    }


def page(client, name, code, address=GUESSER):
    return client.get(reverse(name, kwargs={"slug": "ad69"}), {"code": code}, REMOTE_ADDR=address)


def right_code(codes, name):
    return codes["player"] if name == "mail:mailbox" else codes["display"]


def guess(client, times, address=GUESSER):
    for n in range(times):
        assert page(client, "mail:mailbox", f"guess-{n}", address).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_an_address_that_guessed_too_often_is_told_to_wait_even_with_the_right_code(client, codes, name):
    guess(client, TRIES)
    entries = AuditEntry.objects.count()
    response = page(client, name, right_code(codes, name))
    assert response.status_code == 429
    assert response["Retry-After"] == str(LOCKOUT)
    assert response.content.decode() == (
        f"Too many wrong codes from this address: wait {LOCKOUT} seconds, then type the code again."
    )
    assert AuditEntry.objects.count() == entries


def test_a_few_mistyped_codes_lock_nobody_out(client, codes):
    guess(client, TRIES - 1)
    assert page(client, "display:projector", codes["display"]).status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_a_wrong_code_on_any_coded_page_counts(client, codes, name):
    for n in range(TRIES):
        assert page(client, name, f"guess-{n}").status_code == 404
    assert page(client, "mail:mailbox", codes["player"]).status_code == 429


def test_a_right_code_or_no_code_counts_nothing(client, codes):
    for _ in range(TRIES):
        assert page(client, "mail:mailbox", codes["player"]).status_code == 200
        assert page(client, "mail:mailbox", "").status_code == 404
    assert page(client, "display:projector", codes["display"]).status_code == 200


def test_another_address_in_the_hall_is_not_locked_out(client, codes):
    guess(client, TRIES)
    assert page(client, "mail:mailbox", codes["player"], NEIGHBOUR).status_code == 200
    assert page(client, "mail:mailbox", codes["player"]).status_code == 429


def test_the_lockout_ends_after_its_seconds(client, codes, time_machine):
    time_machine.move_to("2026-12-03 10:00:00", tick=False)
    guess(client, TRIES)
    time_machine.shift(LOCKOUT - 1)
    response = page(client, "mail:mailbox", codes["player"])
    assert response.status_code == 429 and response["Retry-After"] == "1"
    time_machine.shift(1)
    assert page(client, "mail:mailbox", codes["player"]).status_code == 200


def test_wrong_codes_spread_over_minutes_lock_nobody_out(client, codes, time_machine):
    time_machine.move_to("2026-12-03 10:00:00", tick=False)
    for _ in range(3):
        guess(client, TRIES - 1)
        time_machine.shift(code_tries.WINDOW)
    assert page(client, "mail:mailbox", codes["player"]).status_code == 200


def test_an_umpires_pages_are_not_limited(client, ad69, make_umpire, codes):
    guess(client, TRIES)
    client.force_login(make_umpire(ad69, Role.CONTROL, username="control"))
    assert client.get(reverse("umpire:clock", kwargs={"slug": "ad69"}), REMOTE_ADDR=GUESSER).status_code == 200


# ---- the sockets a code opens ----------------------------------------------------------------------------------


async def open_socket(route, code, address=GUESSER):
    communicator = WebsocketCommunicator(APP, f"/ws/{route}/ad69/?code={code}")
    communicator.scope["client"] = (address, 50000)
    connected, close_code = await communicator.connect()
    return communicator, connected, close_code


async def refused_for_tries(communicator):
    """The words the socket said before it closed, and its close code."""
    said = await communicator.receive_json_from()
    closed = await communicator.receive_output(timeout=2)
    assert closed["type"] == "websocket.close"
    return said, closed["code"]


@LIVE
@pytest.mark.asyncio
@pytest.mark.parametrize("route,role", [("display", "display"), ("mailbox", "player")])
async def test_a_socket_from_an_address_that_guessed_too_often_is_told_to_wait_and_closed(codes, route, role):
    for n in range(TRIES):
        _, connected, close_code = await open_socket(route, f"guess-{n}")
        assert (connected, close_code) == (False, 4403)
    communicator, connected, _ = await open_socket(route, codes[role])
    assert connected
    said, close_code = await refused_for_tries(communicator)
    assert close_code == CLOSED_FOR_TRIES
    assert said == {
        "type": "refused",
        "wait": LOCKOUT,
        "reason": (f"Too many wrong codes from this address: wait {LOCKOUT} seconds, then type the code again."),
    }


@LIVE
@pytest.mark.asyncio
async def test_wrong_codes_on_the_pages_lock_out_the_sockets_too(client, codes):
    await database_sync_to_async(guess)(client, TRIES)
    communicator, connected, _ = await open_socket("mailbox", codes["player"])
    assert connected
    assert (await refused_for_tries(communicator))[1] == CLOSED_FOR_TRIES
    neighbour, connected, _ = await open_socket("mailbox", codes["player"], NEIGHBOUR)
    assert connected and (await neighbour.receive_json_from())["type"] == "snapshot"
    await neighbour.disconnect()


@LIVE
@pytest.mark.asyncio
async def test_a_socket_with_the_right_code_counts_nothing(codes):
    for _ in range(TRIES):
        communicator, connected, _ = await open_socket("display", codes["display"])
        assert connected and (await communicator.receive_json_from())["type"] == "snapshot"
        await communicator.disconnect()
    communicator, connected, _ = await open_socket("display", codes["display"])
    assert connected and (await communicator.receive_json_from())["type"] == "snapshot"
    await communicator.disconnect()
