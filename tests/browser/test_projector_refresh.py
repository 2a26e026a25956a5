"""The projector keeps its announcements when it fetches itself again.

A projector swaps #main for a fresh copy of itself when Control puts the map up (map.projector) and after a snapshot
that finds it behind. The copy brings the announcements the server shows (they used to be left out, so every such
refresh emptied the list until Control's next announcement). A copy the page asked for before it heard a newer
announcement is not shown over it: the page asks again.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread
from tests.browser.test_live_sequence_numbers import PlayedSocket, the_clock, wait_until
from tests.browser.test_projector import RunningGameInABrowser, sign_in_control
from umpire.models import Event
from umpire.selectors import get_showing_announcements
from umpire.services.announcements import do_draft_announcement, do_publish_announcement

pytestmark = pytest.mark.browser

ITSELF = re.compile(r"/display/ad69/\?code=")


def announce(text):
    event = Event.objects.get(slug="ad69")
    do_publish_announcement(do_draft_announcement(event, text=text, actor=None), actor=None)
    return get_showing_announcements(event)


class ProjectorRefresh(RunningGameInABrowser):
    def listed(self, projector):
        return projector.locator("#announcements li")

    def test_putting_the_map_up_keeps_the_announcements(self):
        off_the_browser_thread(lambda: announce("Vitellius marches on Italy"))
        projector = self.open_projector()
        expect(self.listed(projector)).to_have_text(["Vitellius marches on Italy"])

        sign_in_control(self).get_by_role("button", name="Let the projector show the map").click()
        expect(projector.get_by_role("link", name="The map")).to_be_visible()  # the page has fetched itself
        expect(self.listed(projector)).to_have_text(["Vitellius marches on Italy"])

    def test_a_copy_asked_for_before_an_announcement_is_not_shown_over_it(self):
        first = off_the_browser_thread(lambda: announce("Otho takes his own life"))
        played = PlayedSocket()
        projector = self.open_projector(lambda page: page.route_web_socket(re.compile(r"/ws/"), played.route))
        asked = []  # the page's fetches of itself, held until the test answers them
        projector.route(ITSELF, lambda route: asked.append(route))
        wait_until(projector, lambda: played.sockets)
        played.snapshot({"event-1": 5}, off_the_browser_thread(the_clock), first[0]["text"])
        expect(self.listed(projector)).to_have_text(["Otho takes his own life"])

        played.send_event(6, {"type": "map.projector", "shown": True})
        wait_until(projector, lambda: asked)
        before = asked[0].fetch()  # the server's answer while the page waits: one announcement
        showing = off_the_browser_thread(lambda: announce("The Senate hails Vitellius"))
        played.send_event(7, {"type": "announcements.changed", "showing": showing})
        expect(self.listed(projector)).to_have_count(2)

        asked[0].fulfill(response=before)
        wait_until(projector, lambda: len(asked) == 2)  # the copy from before was set aside; the page asks again
        expect(self.listed(projector)).to_have_count(2)
        again = asked[1].fetch()  # the server's answer now, marked so that the test sees it land
        asked[1].fulfill(response=again, body=again.text().replace('<div id="main"', '<div id="main" data-again', 1))
        expect(projector.locator("#main[data-again]")).to_be_attached()
        expect(self.listed(projector)).to_have_text([item["text"] for item in showing])
