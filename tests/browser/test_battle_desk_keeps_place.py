"""The battle desk keeps its place on a tablet, held either way up: Combat Example 1's legions fought over
three rounds (two indecisive, then Flatulius Butus defeated outright) through the desk. After each step
the page is not reloaded, the step the battle waits for is on the screen, nothing scrolls sideways, and
the rounds fought before the last are folded to a line each."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.test_battle_desk import example_1_at_illyria

pytestmark = pytest.mark.browser

LANDSCAPE = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}

# Whether the element the desk marks as the step it waits for is (at least partly) on the screen.
STEP_IN_VIEW = """() => {
  const step = document.querySelector("#main [data-current-step]");
  if (!step) { return false; }
  const box = step.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
}"""

# Each round fought as the desk shows it: its number, whether it is open, its line's height and its own.
ROUNDS_AS_SHOWN = """() => [...document.querySelectorAll("#main details.round")].map(round => [
  Number(round.id.replace("round-", "")), round.open,
  round.querySelector("summary").getBoundingClientRect().height, round.getBoundingClientRect().height,
])"""


@pytest.mark.usefixtures("browser_on_class")
class BattleDeskKeepsItsPlace(ChannelsLiveServerTestCase):
    def setUp(self):
        self.table = off_the_browser_thread(example_1_at_illyria)

    def test_three_rounds_on_a_tablet_held_sideways(self):
        self.fight_three_rounds(LANDSCAPE)

    def test_three_rounds_on_a_tablet_held_upright(self):
        self.fight_three_rounds(PORTRAIT)

    def fight_three_rounds(self, viewport):
        page = open_page(self, viewport=viewport)
        self.open_example_1(page)
        page.evaluate("window.__marker = 1")
        self.at_the_step(page, "deploy")

        page.get_by_label("Legion XLV (side A)").fill("on the ridge, facing XLVI")
        page.get_by_role("button", name="Set the order of battle").click()
        self.at_the_step(page, "next-round")
        expect(page.get_by_label("Legion XLV (side A)")).to_have_value("on the ridge, facing XLVI")

        for number, dice, result in ((1, "5 5", "16 to 16: indecisive"), (2, "5 5", "16 to 16: indecisive")):
            self.fight(page, dice)
            expect(page.locator(f"#round-{number} > summary")).to_have_text(f"Round {number}: {result}")
            expect(page.locator("#next-round h2")).to_have_text(f"Round {number + 1}: orders and dice")
            self.at_the_step(page, "next-round")
            self.folded_before(page, number)

        self.fight(page, "10 2")
        expect(page.locator("#round-3 > summary")).to_have_text("Round 3: 21 to 13: Flatulius Butus defeated outright")
        expect(page.locator("#ending")).to_contain_text("Flatulius Butus was defeated outright in round 3")
        self.at_the_step(page, "losses")
        self.folded_before(page, 3)

    def open_example_1(self, page):
        page.goto(f"{self.live_server_url}/login/?next=/events/ad69/battles/%3Ftable%3D{self.table}")
        page.fill("input[name=username]", "illyria")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")
        page.locator("fieldset", has_text="Side A's forces").get_by_label("Legion XLV – CV 50", exact=True).check()
        page.locator("fieldset", has_text="Side B's forces").get_by_label("Legion XLVI – CV 50", exact=True).check()
        page.select_option("select[name=side_a_commander]", label="Bigius Diccus")
        page.select_option("select[name=side_b_commander]", label="Flatulius Butus")
        page.fill("input[name=place]", "Carnuntum")
        page.get_by_role("button", name="Open the battle").click()
        expect(page.locator("h1")).to_have_text("Bigius Diccus v Flatulius Butus, Carnuntum")

    def fight(self, page, dice):
        page.locator("input[name=a_stance][value=attack]").check()
        page.locator("input[name=b_stance][value=defend]").check()
        page.fill("input[name=dice]", dice)
        page.get_by_role("button", name="Fight with the table's dice").click()

    def at_the_step(self, page, step):
        """The desk marks `step` as the one it waits for, shows it, fits the screen's width, and was
        not loaded again (the marker set on the page before the first step survives)."""
        expect(page.locator("[data-current-step]")).to_have_id(step)
        page.wait_for_function(STEP_IN_VIEW, timeout=5000)
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert page.evaluate("window.__marker") == 1, "the page was loaded again"

    def folded_before(self, page, last):
        """Every round fought before the `last` is folded to its one line, which opens to its working.
        Measured in one go: the live refresh that the step sets off may put a fresh desk in at any moment."""
        rounds = page.evaluate(ROUNDS_AS_SHOWN)
        assert [number for number, *_ in rounds] == list(range(1, last + 1))
        for number, is_open, line, shown in rounds[:-1]:
            assert not is_open, f"round {number} is not folded"
            assert line < 60, f"round {number}'s line wraps: {line}px"
            assert shown <= line + 6, f"round {number} shows more than its line"  # its borders aside
        assert rounds[-1][1], "the last round fought stands open"
