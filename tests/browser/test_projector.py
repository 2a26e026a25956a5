"""The projector in a real browser: the countdown falls, and PAUSED shows when Control pauses."""

import re

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from umpire import clockwork
from umpire.models import Event, Role
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.accounts import do_seat_umpire

pytestmark = pytest.mark.browser


def set_up_a_running_game():
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    do_seat_umpire(event=event, username="control", role=Role.CONTROL, password="ad69-browser", actor=None)
    code = do_reissue_display_code(event, actor=None).code
    clockwork.do_start_clock(event, actor=None)
    return code


def seconds_shown(page):
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", page.inner_text(".countdown")).groups()
    return int(minutes) * 60 + int(seconds)


def sign_in_control(test):
    """Control's clock desk, signed in, on a page of its own."""
    desk = open_page(test)
    desk.goto(f"{test.live_server_url}/login/?next=/control/ad69/clock/")
    desk.fill("input[name=username]", "control")
    desk.fill("input[name=password]", "ad69-browser")
    desk.click("button[type=submit]")
    return desk


@pytest.mark.usefixtures("browser_on_class")
class RunningGameInABrowser(ChannelsLiveServerTestCase):
    """The AD69 game running, and its projector's link; `open_projector` shows it on a wide screen."""

    serve_static = True

    def setUp(self):
        self.code = off_the_browser_thread(set_up_a_running_game)

    def open_projector(self, before_loading=lambda page: None):
        projector = open_page(self, viewport={"width": 1920, "height": 1080})
        before_loading(projector)
        projector.goto(f"{self.live_server_url}/display/ad69/?code={self.code}")
        expect(projector.locator(".countdown")).to_have_text(re.compile(r"^(19|20):\d\d$"))
        return projector


class ProjectorInABrowser(RunningGameInABrowser):
    def test_countdown_falls_and_paused_shows_when_control_pauses(self):
        projector = self.open_projector()
        expect(projector.locator(".month")).to_have_text("September 68")
        expect(projector.locator(".tax-banner")).to_be_visible()
        first = seconds_shown(projector)
        projector.wait_for_timeout(2200)
        assert seconds_shown(projector) <= first - 2
        expect(projector.locator(".paused-banner")).to_be_hidden()

        sign_in_control(self).get_by_role("button", name="Pause").click()
        # how soon every screen hears it is measured by bench/clock_fanout.py, not timed here
        expect(projector.locator(".paused-banner")).to_be_visible()
        frozen = seconds_shown(projector)
        projector.wait_for_timeout(1500)
        assert seconds_shown(projector) == frozen

    def test_projector_fits_a_phone(self):
        phone = open_page(self, viewport={"width": 390, "height": 844})
        phone.goto(f"{self.live_server_url}/display/ad69/?code={self.code}")
        expect(phone.locator(".countdown")).to_have_text(re.compile(r"^\d+:\d\d$"))
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390
