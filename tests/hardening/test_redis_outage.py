"""Issue 16, "Redis outage", the server's side: Redis fails during a running game and is restarted.

The hall runs on a redis-server of the test's own (the shared one is never stopped), which fails in
one of two ways: killed (connections refused at once) or hung (SIGSTOP: connections open, and nothing
answers). While it is out the umpires' pages answer from the database, and a change Control sends
through a form is saved and answered; the turn that falls due meanwhile waits. Once Redis is back,
with nothing restarted but Redis, that turn is ended once, and an umpire's websocket opens again.
"""

import json
import shutil
from datetime import timedelta

import pytest
import requests
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from tests.conftest import missing_service
from tests.hardening.hall import (
    HOST,
    PrivateRedis,
    console_environment,
    play_scene,
    running_hall,
    turn_end_hooks,
    turn_length,
    wait_for,
    wait_until_ended,
)
from umpire.ticker import STANDBY_AFTER

pytestmark = [pytest.mark.real_processes, pytest.mark.postgres, pytest.mark.redis]

PASSWORD = "ad69-demo"  # seed_demo's, for every demo umpire
HTTP_TIMEOUT = 20  # seconds: a page waiting on a Redis that never answers fails the test, not stalls it
SOCKET_TIMEOUT = 10
HOOKS = turn_end_hooks()
WITHIN_A_SECOND = timedelta(seconds=1)
# the standby's tick may wait out a hung Redis's two-second timeouts (the clock's message, a hook's task)
STANDBY_TIMEOUT = 20


@pytest.fixture
def private_redis(tmp_path):
    if shutil.which("redis-server") is None:
        missing_service("this test needs the redis-server program, to start a Redis of its own")
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.kill()


@pytest.mark.parametrize("outage", ["kill", "hang"], ids=["redis_killed", "redis_hung"])
def test_redis_outage_pages_answer_from_the_database_and_the_due_turn_ends_once_it_returns(
    outage, hall_database, private_redis, records, tmp_path
):
    env = console_environment(hall_database, private_redis.url, tmp_path)
    play_scene(env, "open_the_game")
    with running_hall(env, tmp_path) as hall:
        hall.start()
        control, illyria = signed_in(hall, "control"), signed_in(hall, "illyria")
        desk, console = "/control/ad69/clock/", f"/events/ad69/tables/{table_id(records, 'Illyria')}/console/"
        event_id = records.value("SELECT id FROM umpire_event WHERE slug = 'ad69'")
        assert live_clock(hall, control, event_id)["turn"] == 1

        getattr(private_redis, outage)()
        assert answer(control.get, hall.url(desk)).status_code == 200
        assert answer(illyria.get, hall.url(console)).status_code == 200
        _, _, ends_before = records.clock()
        extended = send_form(control, hall.url("/control/ad69/clock/extend/"), {"minutes": "1"})
        assert (extended.status_code, extended.headers.get("Location")) == (302, desk)
        assert records.clock()[2] == ends_before + timedelta(minutes=1)
        assert records.audit_count("clock.extend") == 1
        assert answer(control.get, hall.url(desk)).status_code == 200

        fell_due = records.now()
        records.set_turn_end(fell_due)
        # issue 29: the server process ends the turn on time while beat cannot reach the broker
        wait_for(
            lambda: records.turn_ended(1, HOOKS),
            timeout=STANDBY_AFTER.total_seconds() + STANDBY_TIMEOUT,
            what="the server process to end the turn that fell due in the outage",
        )
        turn, state, ends_at = records.clock()
        assert (turn, state) == (2, "running")
        assert abs(ends_at - (fell_due + turn_length(records))) <= WITHIN_A_SECOND
        private_redis.kill()  # Control restarts Redis, on the same port
        private_redis.start()
        wait_until_ended(hall, records, 1)  # beat's ticks are back, and they end nothing again

        assert records.clock() == (turn, state, ends_at)
        assert records.hook_runs() == {0: HOOKS, 1: HOOKS}
        assert records.audit_count("clock.advance") == 1
        assert (
            wait_for(
                lambda: live_clock(hall, control, event_id, quietly=True),
                timeout=SOCKET_TIMEOUT * 3,
                what="an umpire's websocket to open again",
            )["turn"]
            == 2
        )


def signed_in(hall, username):
    session = requests.Session()
    answer(session.get, hall.url("/login/"))
    signing_in = send_form(session, hall.url("/login/"), {"username": username, "password": PASSWORD})
    assert signing_in.status_code == 302, f"{username} could not sign in"
    return session


def send_form(session, url, fields):
    """POST a form as the page would, with its CSRF token; the answer itself, not where it leads."""
    return answer(
        session.post, url, data={**fields, "csrfmiddlewaretoken": session.cookies["csrftoken"]}, allow_redirects=False
    )


def answer(request, url, **options):
    """The console's answer, or a failure saying none came: an umpire's browser would wait on and on."""
    try:
        return request(url, timeout=HTTP_TIMEOUT, **options)
    except requests.Timeout:
        raise AssertionError(f"{request.__name__.upper()} {url} had no answer in {HTTP_TIMEOUT} s") from None


def live_clock(hall, session, event_id, *, quietly=False):
    """The clock as the umpire's live feed gives it on connecting (its snapshot), or None if the socket
    could not open and `quietly`."""
    try:
        with connect(
            f"ws://{HOST}:{hall.port}/ws/events/{event_id}/",
            origin=f"http://{HOST}:{hall.port}",
            additional_headers={"Cookie": f"sessionid={session.cookies['sessionid']}"},
            open_timeout=SOCKET_TIMEOUT,
            close_timeout=2,
        ) as socket:
            snapshot = json.loads(socket.recv(timeout=SOCKET_TIMEOUT))
    except (OSError, TimeoutError, WebSocketException):
        if quietly:
            return None
        raise
    assert snapshot["type"] == "snapshot"
    return snapshot["clock"]


def table_id(records, name):
    return records.value("SELECT id FROM umpire_region WHERE name = %s", name)
