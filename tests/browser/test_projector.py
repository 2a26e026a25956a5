"""The projector in a real browser: the countdown falls, and PAUSED shows when Control pauses."""

import re
from datetime import timedelta

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from django.utils import timezone
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

    def test_a_revoked_projector_blanks_at_once_and_asks_for_a_new_link(self):
        projector = self.open_projector()
        desk = sign_in_control(self)
        desk.get_by_text("Revoke and issue a new link…").click()
        desk.get_by_role("button", name="Issue a new link").click()

        for part in (".countdown", ".month", ".phase", ".state", "header", "footer"):
            expect(projector.locator(part)).to_have_count(0)
        expect(projector.locator("body")).to_have_class(re.compile(r"\brevoked\b"))
        expect(projector.locator("#live-status")).to_be_visible()
        expect(projector.locator("#live-status")).to_contain_text("Control has replaced it")
        expect(projector.locator("#live-status")).to_contain_text("Ask Control for the new link")

        # Control pauses: the blank screen neither reconnects nor comes back with a clock
        desk.get_by_role("button", name="Pause").click()
        projector.wait_for_timeout(2500)
        assert projector.locator(".countdown").count() == 0
        assert projector.locator(".paused-banner").count() == 0
        expect(projector.locator("#live-status")).to_contain_text("Control has replaced it")

    def test_projector_fits_a_phone(self):
        phone = open_page(self, viewport={"width": 390, "height": 844})
        phone.goto(f"{self.live_server_url}/display/ad69/?code={self.code}")
        expect(phone.locator(".countdown")).to_have_text(re.compile(r"^\d+:\d\d$"))
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390


def clock_lines(page):
    return page.inner_text(".state"), page.inner_text(".phase")


def as_served_and_as_live(test, code):
    """The projector's state and phase lines as the server renders them (no script) and once live.js runs."""
    served = open_page(test, java_script_enabled=False)
    served.goto(f"{test.live_server_url}/display/ad69/?code={code}")
    live = open_page(test)
    live.goto(f"{test.live_server_url}/display/ad69/?code={code}")
    expect(live.locator(".countdown")).not_to_have_text("–")  # live.js has drawn the clock
    return clock_lines(served), clock_lines(live)


def set_up_a_turn_run_out_with_auto_advance_off():
    """The game started 20 minutes and 5 seconds ago, auto-advance off: turn 1's time is up and the clock holds."""
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    started = timezone.now() - timedelta(minutes=20, seconds=5)
    clockwork.do_set_auto_advance(event, auto_advance=False, actor=None, now=started)
    clockwork.do_start_clock(event, actor=None, now=started)
    return do_reissue_display_code(event, actor=None).code


@pytest.mark.usefixtures("browser_on_class")
class HoldingGameInABrowser(ChannelsLiveServerTestCase):
    serve_static = True

    def test_a_turn_over_waiting_for_control_is_not_called_running(self):
        code = off_the_browser_thread(set_up_a_turn_run_out_with_auto_advance_off)
        served, live = as_served_and_as_live(self, code)
        assert served == live == ("Waiting for Control", "Turn over: waiting for Control")


def miss_the_turn_end():
    """The console down across turn 1's end: the next tick finds it three minutes overdue."""
    event = Event.objects.get(slug="ad69")
    clock = event.clock
    clockwork.advance_clock(event.pk, clock.ends_at + timedelta(minutes=3))


class HeldGameInABrowser(RunningGameInABrowser):
    def test_the_projector_says_the_game_is_held_until_control_catches_up(self):
        projector = self.open_projector()
        expect(projector.locator(".held-banner")).to_be_hidden()

        # the hold is found in this process, whose channel layer is not the live server's: the page is opened
        # again, as a projector restarted with the console would be
        off_the_browser_thread(miss_the_turn_end)
        projector.reload()
        expect(projector.locator(".held-banner")).to_be_visible()
        expect(projector.locator(".held-banner")).to_contain_text("GAME HELD")
        expect(projector.locator(".month")).to_have_text("October 68")

        desk = sign_in_control(self)
        expect(desk.get_by_text("The clock is held for you")).to_be_visible()
        desk.get_by_role("button", name="Catch up").click()
        # the desk's change is the server's own: the projector hears it live
        expect(projector.locator(".held-banner")).to_be_hidden()
        expect(projector.locator(".countdown")).to_have_text(re.compile(r"^\d+:\d\d$"))

    def test_the_held_projector_reads_the_same_served_and_live(self):
        off_the_browser_thread(miss_the_turn_end)
        served, live = as_served_and_as_live(self, self.code)
        assert served == live == ("Waiting for Control", "Game held: waiting for Control")

    def test_the_held_projector_fits_a_tablet_upright(self):
        off_the_browser_thread(miss_the_turn_end)
        tablet = open_page(self, viewport={"width": 768, "height": 1024})
        tablet.goto(f"{self.live_server_url}/display/ad69/?code={self.code}")
        expect(tablet.locator(".held-banner")).to_be_visible()
        assert tablet.evaluate("document.documentElement.scrollWidth") <= 768
