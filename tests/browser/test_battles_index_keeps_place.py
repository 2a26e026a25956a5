"""The battles index keeps its place on a tablet: a battle refused comes back in place as typed, each problem
beside its field; the odds come back in place above the form as typed; the blank sheet opens in a tab of its
own, leaving the index as it was; and the battle opened is its desk, loaded whole."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.test_battle_desk import example_1_at_illyria
from tests.browser.test_battle_desk_keeps_place import STEP_IN_VIEW

pytestmark = pytest.mark.browser


@pytest.mark.usefixtures("browser_on_class")
class BattlesIndexKeepsItsPlace(ChannelsLiveServerTestCase):
    def setUp(self):
        self.table = off_the_browser_thread(example_1_at_illyria)

    def test_a_refusal_then_the_odds_then_the_sheet_then_the_battle_on_a_tablet_held_upright(self):
        page = open_page(self, viewport={"width": 768, "height": 1024})
        page.goto(f"{self.live_server_url}/login/?next=/events/ad69/battles/%3Ftable%3D{self.table}")
        page.fill("input[name=username]", "illyria")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")
        side_a, side_b = (page.locator("fieldset", has_text=f"Side {side}'s forces") for side in "AB")
        side_a.get_by_label("Legion XLV – CV 50", exact=True).check()
        page.select_option("select[name=side_a_commander]", label="Bigius Diccus")
        page.select_option("select[name=side_b_commander]", label="Flatulius Butus")
        page.fill("input[name=place]", "Carnuntum")
        page.evaluate("window.__marker = 1")

        page.get_by_role("button", name="Open the battle").click()
        expect(side_b.locator(".errorlist")).to_have_text("This field is required.")
        self.in_place(page, "form")
        expect(side_a.get_by_label("Legion XLV – CV 50", exact=True)).to_be_checked()
        expect(page.locator("input[name=place]")).to_have_value("Carnuntum")

        side_b.get_by_label("Legion XLVI – CV 50", exact=True).check()
        page.get_by_role("button", name="Show the odds first").click()
        expect(page.locator("#odds")).to_contain_text("Bigius Diccus wins outright")
        self.in_place(page, "#odds")
        expect(page.locator("input[name=place]")).to_have_value("Carnuntum")

        scrolled = page.evaluate("window.scrollY")
        with page.context.expect_page() as sheet:
            page.get_by_role("button", name="Print a blank battle sheet").click()
        assert sheet.value.url.endswith("/events/ad69/battles/blank-sheet.pdf"), sheet.value.url
        self.in_place(page, "#odds")
        assert page.evaluate("window.scrollY") == scrolled, "the form's buttons were at hand without scrolling"

        page.get_by_role("button", name="Open the battle").click()
        expect(page.locator("h1")).to_have_text("Bigius Diccus v Flatulius Butus, Carnuntum")
        assert page.evaluate("window.__marker") is None, "the desk is another page: loaded whole"

    def in_place(self, page, step):
        """The index was not loaded again, and marks `step` as the one the umpire is on, on the screen."""
        expect(page.locator(f"#main {step}[data-current-step]")).to_have_count(1)
        page.wait_for_function(STEP_IN_VIEW, timeout=5000)
        assert page.evaluate("window.__marker") == 1, "the index was loaded again"
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
