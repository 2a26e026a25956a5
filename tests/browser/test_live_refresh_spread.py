"""live.js's reloads: a page waits a moment of its own (up to a second) before fetching itself again, and the
events heard meanwhile share the one fetch. A turn's end reaches every screen of the hall at once, and every
page fetching itself in the same instant queued the hall's pages a second and more (issue 34). The page's socket
is played by the test, so the two events come together, exactly as a turn's end sends them."""

import re
import time

import pytest

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.test_live_sequence_numbers import PlayedSocket, the_clock, wait_until
from tests.browser.test_projector import RunningGameInABrowser

pytestmark = pytest.mark.browser

SPREAD_SECONDS = 1.0  # live.js's REFRESH_SPREAD_MS
DESK = "/control/ad69/clock/"


class RefreshSpread(RunningGameInABrowser):
    def open_desk_with_played_socket(self):
        played = PlayedSocket()
        desk = open_page(self)
        desk.route_web_socket(re.compile(r"/ws/"), played.route)
        desk.goto(f"{self.live_server_url}/login/?next={DESK}")
        desk.fill("input[name=username]", "control")
        desk.fill("input[name=password]", "ad69-browser")
        desk.click("button[type=submit]")
        wait_until(desk, lambda: played.sockets)
        played.snapshot({"event-1": 0}, off_the_browser_thread(the_clock), "")
        return desk, played

    def test_events_heard_together_bring_one_fetch_within_the_spread(self):
        desk, played = self.open_desk_with_played_socket()
        fetched = []
        desk.on("request", lambda r: fetched.append(time.monotonic()) if r.url.endswith(DESK) else None)

        sent = time.monotonic()
        played.event(1, "Control has published a notice")
        played.event(2, "and another, in the same instant")
        wait_until(desk, lambda: fetched)
        desk.wait_for_timeout(SPREAD_SECONDS * 1500)  # longer than any wait: no second fetch comes

        assert len(fetched) == 1
        assert fetched[0] - sent < SPREAD_SECONDS + 0.5  # the spread, and the test's own round trips
