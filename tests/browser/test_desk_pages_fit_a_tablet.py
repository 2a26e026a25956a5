"""Issue 30: every page of the post, the forces, the treasury and the umpires' desk fits a tablet upright
(768x1024) and on its side (1024x768): no sideways scroll, every target a finger can hit at least 44 px tall,
every field labelled. And the letter page keeps its place: a refused return comes back in place, as typed."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from mail.models import Letter
from regions.models import Fleet, Force, Province
from regions.models.ledger import Account
from regions.services.books import do_open_books
from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.tablet import fits, misfits
from tests.browser.test_mailbox_page import PASSWORD, set_up_a_letter_waiting_at_illyria
from tests.demo_data import load_demo_forces
from umpire.models import Character, Event, Region

pytestmark = pytest.mark.browser

UPRIGHT = {"width": 768, "height": 1024}
ON_ITS_SIDE = {"width": 1024, "height": 768}


def set_up_a_busy_hall():
    """The letter waiting at Illyria, the demo forces, the books open, and Control's seat."""
    code, letter_id, primus_id = set_up_a_letter_waiting_at_illyria()
    load_demo_forces()
    event = Event.objects.get(slug="ad69")
    do_open_books(event, actor=None)
    illyria = Region.objects.get(event=event, name="Illyria")
    province = Province.objects.filter(event=event).order_by("pk").first()
    force = Force.objects.filter(event=event, kind=Force.Kind.LEGION).order_by("pk").first()
    purse = Account.objects.filter(event=event, kind=Account.Kind.CHARACTER_PURSE).first()
    courier = Character.objects.get(event=event, name="Cornelius Fuscus")
    pages = [
        "/events/ad69/post/",
        f"/events/ad69/post/tables/{illyria.pk}/",
        f"/events/ad69/post/letters/{letter_id}/",
        f"/events/ad69/post/couriers/{courier.pk}/",
        "/events/ad69/post/all/",
        "/events/ad69/post/posting-times/",
        "/events/ad69/post/mailboxes/",
        f"/post/ad69/mailbox/?code={code}",
        "/events/ad69/forces/",
        f"/events/ad69/forces/{force.pk}/",
        f"/events/ad69/fleets/{Fleet.objects.filter(event=event).order_by('pk').first().pk}/",
        "/events/ad69/treasury/",
        f"/events/ad69/treasury/provinces/{province.pk}/",
        "/events/ad69/treasury/rome/",
        f"/control/ad69/as-of/province/{province.pk}/?turn=1",
        f"/control/ad69/as-of/force/{force.pk}/?turn=1",
        "/control/ad69/audit/",
        "/control/ad69/follow-ups/",
        f"/events/ad69/tables/{illyria.pk}/follow-ups/",
        "/events/ad69/rulings/",
        "/control/ad69/hall/",
        f"/events/ad69/tables/{illyria.pk}/console/",
        "/control/ad69/clock/",
    ]
    if purse is not None:
        pages.append(f"/events/ad69/treasury/purses/{purse.pk}/")
        pages.append(f"/control/ad69/as-of/account/{purse.pk}/?turn=1")
    # a table's umpire sees the forms Control does not: the tray's hand-overs, his forces' orders, his books
    illyrian = Force.objects.filter(event=event, province__region=illyria).order_by("pk").first()
    illyrian_province = Province.objects.filter(event=event, region=illyria).order_by("pk").first()
    rome = Region.objects.get(event=event, name="Italia/Rome")
    umpires = {
        "control": pages,
        "illyria": [
            f"/events/ad69/post/tables/{illyria.pk}/",
            f"/events/ad69/post/letters/{letter_id}/",
            f"/events/ad69/forces/{illyrian.pk}/",
            f"/events/ad69/treasury/provinces/{illyrian_province.pk}/",
            f"/events/ad69/tables/{illyria.pk}/console/",
        ],
        "rome": [f"/events/ad69/post/tables/{rome.pk}/"],
    }
    return umpires, letter_id


@pytest.mark.usefixtures("browser_on_class")
class DeskPagesOnATablet(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        self.umpires, self.letter_id = off_the_browser_thread(set_up_a_busy_hall)

    def sign_in(self, username, viewport):
        page = open_page(self, viewport=viewport)
        page.goto(f"{self.live_server_url}/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_load_state()
        return page

    def test_every_page_fits_a_tablet_with_large_targets_and_labelled_fields(self):
        found = {}
        for viewport, (umpire, pages) in ((v, u) for v in (UPRIGHT, ON_ITS_SIDE) for u in self.umpires.items()):
            page = self.sign_in(umpire, viewport)
            for address in pages:
                response = page.goto(f"{self.live_server_url}{address}")
                assert response.status < 400, address
                problems = misfits(page)
                if problems:
                    found[f"{address} for {umpire} at {viewport['width']}"] = problems
        assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())

    def test_a_refused_return_comes_back_in_place_as_typed(self):
        page = self.sign_in("illyria", UPRIGHT)
        page.goto(f"{self.live_server_url}/events/ad69/post/letters/{self.letter_id}/")
        page.locator("#return-reason").fill("   ")  # only blanks: the browser sends it, the form refuses it
        page.evaluate("window.scrollTo(0, 200)")
        page.get_by_role("button", name="Return it").click()
        expect(page.locator("#at-this-table .errorlist")).to_contain_text("This field is required.")
        expect(page.locator("#at-this-table")).to_have_attribute("data-current-step", "")
        expect(page.locator("#at-this-table .errorlist")).to_be_in_viewport()
        assert fits(page)
        assert off_the_browser_thread(lambda: Letter.objects.get(pk=self.letter_id).state) == "arrived"
        page.locator("#return-reason").fill("Primus will not read it")
        page.get_by_role("button", name="Return it").click()
        expect(page.locator("h1")).to_contain_text("Illyria: the post tray")
        expect(page.locator(".messages")).to_contain_text("goes back to Quintus Scribonius")
