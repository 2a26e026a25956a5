"""The cast page in a real browser, on a 768 px tablet: the grid scrolls in its own box and the page never
sideways; a row saved by its button is replaced in place by the server's rendering, its refusal shown in
the row; a row changed on another screen is fetched again, or marked while its umpire edits it.

The page's socket is played by the test (Playwright's route_web_socket), so each world.changed comes
exactly when the test says; the change itself is made through the service, as another screen would."""

import json
import re

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from umpire.models import Character, Event, Role
from umpire.services.accounts import do_seat_umpire
from umpire.services.sheets import do_save_sheet

pytestmark = pytest.mark.browser

TABLET = {"width": 768, "height": 1024}


def control_and_cast():
    """The AD69 world and its Control; the ids of two characters at Illyria."""
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    do_seat_umpire(event=event, username="control", role=Role.CONTROL, password="ad69-browser", actor=None)
    at_illyria = Character.objects.filter(event=event, location__name="Illyria").order_by("name")
    return event.pk, at_illyria[0].pk, at_illyria[1].pk, at_illyria[0].location_id


def changed_elsewhere(character_id, **fields):
    do_save_sheet(Character.objects.get(pk=character_id), actor=None, **fields)


class PlayedSocket:
    """The page's socket, played by the test."""

    def __init__(self):
        self.sockets = []
        self.seq = 0

    def route(self, socket):
        self.sockets.append(socket)
        socket.send(json.dumps({"type": "snapshot", "now": timezone.now().isoformat(), "seq": {}}))

    def wait_for_the_page(self, page, *, seconds=10):
        """Until live.js has opened its socket: a message sent before would have nowhere to go."""
        for _ in range(seconds * 10):
            if self.sockets:
                return
            page.wait_for_timeout(100)  # Playwright hands the socket to `route` while it waits
        raise AssertionError(f"the page opened no socket in {seconds} s")

    def world_changed(self, event_id, model, record_id, action="update"):
        self.seq += 1
        change = {"type": "world.changed", "action": action, "model": model, "record_id": str(record_id), "label": ""}
        message = {"type": "event", "group": f"control-{event_id}", "seq": self.seq, "now": timezone.now().isoformat()}
        self.sockets[-1].send(json.dumps({**message, "event": change}))


@pytest.mark.usefixtures("browser_on_class")
class CastGridOnATablet(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        self.event_id, self.first, self.second, self.table = off_the_browser_thread(control_and_cast)

    def open_grid(self):
        page = open_page(self, viewport=TABLET)
        self.played = PlayedSocket()
        page.route_web_socket(re.compile(r"/ws/"), self.played.route)
        page.goto(f"{self.live_server_url}/login/?next=/control/ad69/cast/%3Ftable%3D{self.table}")
        page.fill("input[name=username]", "control")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")
        expect(page.locator("h1")).to_have_text("The cast")
        self.played.wait_for_the_page(page)
        return page

    def test_the_page_fits_a_tablet_and_the_grid_scrolls_in_its_box(self):
        page = self.open_grid()
        assert page.evaluate("document.documentElement.scrollWidth") <= TABLET["width"]
        box = page.locator("#sheets .grid-box")
        assert box.evaluate("box => box.scrollWidth > box.clientWidth")  # the wide grid scrolls inside

    def test_a_row_is_saved_in_place_and_a_refusal_shown_in_it(self):
        page = self.open_grid()
        page.evaluate("window.stayed = true")  # gone if the page were loaded again
        row = page.locator(f"#character-{self.first}")
        row.locator("input[name=wealth]").fill("45")
        row.get_by_role("button", name="Save").click()
        expect(page.locator(f"#character-{self.first} .row-message")).to_contain_text("sheet is saved")
        assert page.evaluate("window.stayed") is True

        row = page.locator(f"#character-{self.first}")
        row.locator("input[name=military_skill]").fill("-2")
        row.get_by_role("button", name="Save").click()
        expect(page.locator(f"#character-{self.first} .row-message")).to_contain_text(
            "Military skill: Ensure this value is greater than or equal to 0."
        )
        expect(page.locator(f"#character-{self.first} td.has-error input[name=military_skill]")).to_have_value("-2")
        assert page.evaluate("window.stayed") is True

    def test_a_row_changed_on_another_screen_is_fetched_again_or_marked_while_edited(self):
        page = self.open_grid()
        off_the_browser_thread(lambda: changed_elsewhere(self.second, wealth=88))
        self.played.world_changed(self.event_id, "umpire.character", self.second)
        expect(page.locator(f"#character-{self.second} input[name=wealth]")).to_have_value("88")

        page.locator(f"#character-{self.first} input[name=support]").fill("4")  # he is editing this row
        off_the_browser_thread(lambda: changed_elsewhere(self.first, wealth=12))
        self.played.world_changed(self.event_id, "umpire.character", self.first)
        message = page.locator(f"#character-{self.first} .row-message")
        expect(message).to_contain_text("Changed on another screen")
        expect(page.locator(f"#character-{self.first} input[name=support]")).to_have_value("4")
        message.get_by_role("button", name="Show theirs").click()
        expect(page.locator(f"#character-{self.first} input[name=wealth]")).to_have_value("12")

    def test_a_player_added_elsewhere_asks_for_a_reload(self):
        page = self.open_grid()
        self.played.world_changed(self.event_id, "umpire.player", 999, action="create")
        expect(page.locator("#cast-notice")).to_be_visible()
