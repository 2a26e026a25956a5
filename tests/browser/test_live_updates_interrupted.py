"""Live updates interrupted (issue 16, item 2), in a real browser.

The projector's socket is cut and every reconnection refused, as when Redis stops and the
server closes its sockets: the page says so, polls the server and still shows Control's pause.
Once sockets open again it hides the notice and hears events live, without a reload.
"""

import re
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread
from tests.browser.test_projector import RunningGameInABrowser, sign_in_control
from umpire import clockwork
from umpire.code_tries import TRIES
from umpire.models import Event

pytestmark = pytest.mark.browser

POLL_WAIT_MS = 15000  # live.js polls every 10 s
RECONNECT_WAIT_MS = 25000  # its retries back off to 15 s apart


class Outage:
    """Stands between the page and the server's sockets: while `down`, every socket is closed."""

    def __init__(self):
        self.down = False
        self.open = []

    def route(self, socket):
        if self.down:
            socket.close(code=1011)
            return
        socket.connect_to_server()
        self.open.append(socket)

    def begin(self):
        self.down = True
        for socket in self.open:
            socket.close(code=1011)
        self.open = []


def pause_the_clock():
    clockwork.do_pause_clock(Event.objects.get(slug="ad69"), actor=None)


class ProjectorThroughAnOutage(RunningGameInABrowser):
    def open_projector_through(self, outage):
        return self.open_projector(lambda page: page.route_web_socket(re.compile(r"/ws/"), outage.route))


class LiveUpdatesInterrupted(ProjectorThroughAnOutage):
    def test_the_projector_polls_through_an_outage_and_resumes_without_a_reload(self):
        outage = Outage()
        projector = self.open_projector_through(outage)
        expect(projector.locator("#live-status")).to_be_hidden()
        projector.evaluate("window.sameLoad = true")

        outage.begin()
        notice = projector.locator("#live-status")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Live updates interrupted")
        off_the_browser_thread(pause_the_clock)
        expect(projector.locator(".paused-banner")).to_be_visible(timeout=POLL_WAIT_MS)

        outage.down = False
        expect(notice).to_be_hidden(timeout=RECONNECT_WAIT_MS)
        assert projector.evaluate("window.sameLoad") is True
        sign_in_control(self).get_by_role("button", name="Resume").click()
        expect(projector.locator(".paused-banner")).to_be_hidden()


class AddressLockedOut(ProjectorThroughAnOutage):
    """A class of its own: its server, which counts the wrong codes, stops with it, and so does the lockout."""

    def test_an_address_locked_out_for_wrong_codes_is_told_how_long_to_wait(self):
        outage = Outage()
        projector = self.open_projector_through(outage)
        for _ in range(TRIES):  # someone at the same address guessing codes
            with pytest.raises(HTTPError):
                urlopen(f"{self.live_server_url}/display/ad69/?code=guess")

        outage.begin()  # the socket drops; reconnecting, this address is refused
        outage.down = False
        notice = projector.locator("#live-status")
        expect(notice).to_have_text(re.compile(r"^Too many wrong codes from this address: wait \d+ seconds"))
