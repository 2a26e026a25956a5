"""A table's post tray in a real browser at tablet size: a refused letter comes back as typed, its
form in view with the problem beside the field; a letter handed out leaves the umpire in his tray,
where the letter posted this turn is traced."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.test_mailbox_page import PASSWORD, set_up_a_letter_waiting_at_illyria

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}


@pytest.mark.usefixtures("browser_on_class")
class PostTrayInABrowser(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        _, self.letter_id, _ = off_the_browser_thread(set_up_a_letter_waiting_at_illyria)

    def sign_in(self, username, then):
        page = open_page(self, viewport=TABLET)
        page.goto(f"{self.live_server_url}/login/?next={then}")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        return page

    def test_a_refused_letter_comes_back_as_typed_with_its_form_in_view(self):
        tray = self.sign_in("rome", "/events/ad69/post/")
        tray.locator("#main").get_by_role("link", name="Italia/Rome", exact=True).click()
        tray.get_by_label("From").select_option(label="Quintus Scribonius")
        tray.locator("#id_addressee").select_option(label="Antonius Primus")
        tray.get_by_label("Or to the office of").select_option(label="the Governor")
        tray.get_by_label("At the table of").select_option(label="Illyria")
        tray.get_by_label("Contents").fill("Hold the passes of the Julian Alps.")
        tray.get_by_role("button", name="Post it").click()

        section = tray.locator("#post-a-letter")
        expect(section.locator(".errorlist").first).to_contain_text("to a character or to an office")
        expect(section.locator(".errorlist").first).to_be_in_viewport()
        expect(tray.get_by_label("Contents")).to_have_value("Hold the passes of the Julian Alps.")
        for label, chosen in (("From", "Quintus Scribonius"), ("Or to the office of", "the Governor")):
            assert tray.get_by_label(label).locator("option:checked").inner_text() == chosen

    def test_handing_a_letter_out_ends_in_the_tray_saying_so(self):
        tray = self.sign_in("illyria", f"/events/ad69/post/letters/{self.letter_id}/")
        tray.get_by_role("button", name="Hand it out").click()
        expect(tray.locator("h1")).to_contain_text("Illyria: the post tray")
        expect(tray.locator(".messages")).to_contain_text("handed to Antonius Primus.")

    def test_a_step_in_the_tray_keeps_the_umpires_place(self):
        """The tray's own step answers with the tray, swapped in: the page is not loaded again (a mark left on
        the window survives) and the window stays where the umpire had it, upright on a tablet."""
        tray = self.sign_in("illyria", "/events/ad69/post/")
        tray.set_viewport_size({"width": 768, "height": 1024})
        tray.locator("#main").get_by_role("link", name="Illyria", exact=True).click()
        tray.evaluate("window.kept = true")
        tray.locator("#to-hand-out").get_by_role("button", name="Hand it out").click()
        expect(tray.locator("#to-hand-out")).to_contain_text("Nothing to hand out.")
        # the live reload the letter's move sets off comes right after: what the step did stays said
        tray.wait_for_load_state("networkidle")
        expect(tray.locator(".messages")).to_contain_text("handed to Antonius Primus.")
        assert tray.evaluate("window.kept") is True
        assert tray.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
