"""The battle desk in a real browser, at tablet size: the handbook's Combat Example 1 from
opening the battle, through the commanders' choice to fight and the order of battle, to its
confirmation and publication, with the table's dice typed in."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.regions.forces_builders import composition, legion
from umpire.models import Character, Event, Role
from umpire.services.accounts import do_seat_umpire

pytestmark = pytest.mark.browser

LEG, AUX = "legionary", "auxiliary"


def example_1_at_illyria():
    """Example 1's legions in Pannonia and their commanders at the Illyria table, and its umpire."""
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    table = event.regions.get(name="Illyria")
    do_seat_umpire(event=event, username="illyria", role=Role.REGION, region=table, password="ad69-browser", actor=None)
    for name in ("Legion XLV", "Legion XLVI"):
        legion(event, name, "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    for name, skill in (("Bigius Diccus", 1), ("Flatulius Butus", 0)):
        Character.objects.create(
            event=event, name=name, role="legate", social_class="senator", military_skill=skill, location=table
        )
    return table.pk


def legions_after():
    event = Event.objects.get(slug="ad69")
    return {force.name: composition(force) for force in event.forces.filter(name__startswith="Legion XLV")}


@pytest.mark.usefixtures("browser_on_class")
class BattleDeskOnATablet(ChannelsLiveServerTestCase):
    def setUp(self):
        self.table = off_the_browser_thread(example_1_at_illyria)

    def test_combat_example_1_from_opening_to_confirmation(self):
        page = open_page(self, viewport={"width": 1024, "height": 768})
        page.goto(f"{self.live_server_url}/login/?next=/events/ad69/battles/%3Ftable%3D{self.table}")
        page.fill("input[name=username]", "illyria")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")

        page.locator("fieldset", has_text="Side A's forces").get_by_label("Legion XLV – CV 50", exact=True).check()
        page.locator("fieldset", has_text="Side B's forces").get_by_label("Legion XLVI – CV 50", exact=True).check()
        page.select_option("select[name=side_a_commander]", label="Bigius Diccus")
        page.select_option("select[name=side_b_commander]", label="Flatulius Butus")
        page.fill("input[name=place]", "Carnuntum")
        page.get_by_label("Both commanders have chosen to fight").uncheck()
        page.get_by_role("button", name="Open the battle").click()
        expect(page.locator("h1")).to_have_text("Bigius Diccus v Flatulius Butus, Carnuntum")
        expect(page.locator("#claim")).to_contain_text("You hold this battle")

        expect(page.locator("#next-round")).to_contain_text("The commanders must first choose to fight")
        page.get_by_role("button", name="Both commanders choose to fight").click()
        expect(page.locator("#decide")).to_contain_text("Both commanders chose to fight")
        expect(page.locator("[data-current-step]")).to_have_id("deploy")
        page.get_by_label("Legion XLV (side A)").fill("on the ridge, facing XLVI")
        page.get_by_role("button", name="Set the order of battle").click()
        expect(page.locator(".messages")).to_contain_text("The order of battle is set.")
        expect(page.locator("[data-current-step]")).to_have_id("next-round")
        expect(page.get_by_label("Legion XLV (side A)")).to_have_value("on the ridge, facing XLVI")

        page.locator("input[name=a_stance][value=attack]").check()
        page.locator("input[name=b_stance][value=defend]").check()
        page.fill("input[name=dice]", "10 2")
        page.get_by_role("button", name="Fight with the table's dice").click()
        expect(page.locator("#round-1")).to_contain_text("21 to 13: Flatulius Butus defeated outright")
        expect(page.locator("#round-1")).to_contain_text("Military Skill of the army commander")
        expect(page.locator("#ending")).to_contain_text("Flatulius Butus was defeated outright in round 1")

        page.get_by_role("button", name="Propose the losses").click()
        expect(page.locator("#losses")).to_contain_text("must place 1 more unit(s)")
        expect(page.get_by_role("button", name="Confirm the battle")).to_have_count(0)
        page.get_by_label("Legion XLVI: legionary (of 5)").fill("2")
        page.get_by_label("Legion XLVI: auxiliary (of 5)").fill("3")
        page.get_by_role("button", name="Place Flatulius Butus's losses").click()
        page.get_by_role("button", name="Confirm the battle").click()
        expect(page.locator("#losses")).to_contain_text("Confirmed by illyria")
        page.get_by_role("button", name="Publish the result").click()
        expect(page.locator("#publish")).to_contain_text("Published")

        assert off_the_browser_thread(legions_after) == {
            "Legion XLV": [(AUX, 4, True), (LEG, 4, True)],
            "Legion XLVI": [(AUX, 2, False), (LEG, 3, False)],
        }
