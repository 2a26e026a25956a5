"""live.js's sequence numbers: a gap asks for a snapshot; a number a snapshot has counted does not.

A message is sent before its number is committed, so a snapshot read meanwhile may count one fewer
than the socket has heard: the page keeps the higher number, on the same socket (the load bench saw
pages asking for snapshot after snapshot). The page's socket is played by the test (Playwright's
route_web_socket, never connected to the server), so each message comes exactly as the test says.
Each message carries an announcement: the page showing it is the page having read it.
"""

import json
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread
from tests.browser.test_projector import RunningGameInABrowser
from umpire.models import GameClock
from umpire.selectors import get_clock_state

pytestmark = pytest.mark.browser


class PlayedSocket:
    """The page's socket, played by the test; a new one each time the page reconnects."""

    def __init__(self):
        self.sockets = []
        self.asked = 0  # the snapshots the page asked for

    def route(self, socket):
        self.sockets.append(socket)
        socket.on_message(self.heard)

    def heard(self, text):
        if json.loads(text).get("type") == "snapshot":
            self.asked += 1

    def snapshot(self, numbers, clock, text):
        self.sockets[-1].send(
            json.dumps(
                {
                    "type": "snapshot",
                    "now": timezone.now().isoformat(),
                    "seq": numbers,
                    "clock": clock,
                    "announcements": [{"text": text}],
                }
            )
        )

    def event(self, seq, text):
        self.send_event(seq, {"type": "announcements.changed", "showing": [{"text": text}]})

    def send_event(self, seq, event):
        message = {"type": "event", "group": "event-1", "seq": seq, "now": timezone.now().isoformat(), "event": event}
        self.sockets[-1].send(json.dumps(message))


def wait_until(page, condition, tries=100):
    """Let the page run (and its socket's frames reach the test) until `condition` holds; a bounded wait."""
    for _ in range(tries):
        if condition():
            return
        page.wait_for_timeout(100)
    assert condition()


def the_clock():
    return get_clock_state(GameClock.objects.select_related("event").get(event__slug="ad69"), timezone.now())


class SequenceNumbers(RunningGameInABrowser):
    def open_played(self):
        """The projector, its socket played. A stale snapshot has the page fetch itself again, and the server,
        which never heard the played messages, would answer with none of their announcements: whenever that
        answer landed, it wiped what the test had just played (a failure seen once in CI). Once the page is
        open, its fetches of itself go unanswered; the page keeps what its socket told it."""
        played = PlayedSocket()
        projector = self.open_projector(lambda page: page.route_web_socket(re.compile(r"/ws/"), played.route))
        projector.route(re.compile(r"/display/ad69/\?code="), lambda route: route.abort())
        wait_until(projector, lambda: played.sockets)
        return projector, played

    def shows(self, projector, text):
        expect(projector.locator("#announcements")).to_have_text(text)

    def asked(self, projector, played):
        """The snapshots asked for so far: the page sends its asks before it shows what follows them, and
        Playwright hands this test the page's frames in order, before the answer to a later call."""
        projector.evaluate("0")
        return played.asked

    def test_a_snapshot_counting_one_fewer_than_was_heard_asks_for_no_more(self):
        projector, played = self.open_played()
        clock = off_the_browser_thread(the_clock)
        played.snapshot({"event-1": 5}, clock, "snapshot of five")
        self.shows(projector, "snapshot of five")

        played.event(5, "five, which the snapshot counted")
        self.shows(projector, "five, which the snapshot counted")
        played.event(6, "six")
        self.shows(projector, "six")
        assert self.asked(projector, played) == 0

        played.event(8, "eight, after a gap")
        played.snapshot({"event-1": 7}, clock, "snapshot of seven, read before eight committed")
        self.shows(projector, "snapshot of seven, read before eight committed")
        assert self.asked(projector, played) == 1
        played.event(9, "nine")
        self.shows(projector, "nine")
        assert self.asked(projector, played) == 1

    def test_a_new_socket_takes_the_snapshots_numbers_as_they_are(self):
        """As after a restore from a backup, whose numbers are lower than the page has heard."""
        projector, played = self.open_played()
        clock = off_the_browser_thread(the_clock)
        played.snapshot({"event-1": 9}, clock, "snapshot of nine")
        self.shows(projector, "snapshot of nine")

        played.sockets[-1].close(code=1011)
        wait_until(projector, lambda: len(played.sockets) == 2)
        played.snapshot({"event-1": 1}, clock, "snapshot of one, after the restore")
        self.shows(projector, "snapshot of one, after the restore")
        played.event(2, "two")
        self.shows(projector, "two")
        assert self.asked(projector, played) == 0
        played.event(4, "four, after a gap")
        wait_until(projector, lambda: played.asked)
        assert played.asked == 1
