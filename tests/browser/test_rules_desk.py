"""The rules desk in a real browser, at tablet size: the form built from the procedure's
description, the console's dice, the working, a refusal that names the field, the save."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from playwright.sync_api import expect

from tests.browser.conftest import off_the_browser_thread, open_page
from umpire.models import Event, ProcedureRun, Role
from umpire.services.accounts import do_seat_umpire

pytestmark = pytest.mark.browser


def seat_a_region_umpire():
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    region = event.regions.get(name="Gaul")
    do_seat_umpire(event=event, username="gaul", role=Role.REGION, region=region, password="ad69-browser", actor=None)


@pytest.mark.usefixtures("browser_on_class")
class RulesDeskInABrowser(ChannelsLiveServerTestCase):
    def setUp(self):
        off_the_browser_thread(seat_a_region_umpire)

    def test_an_umpire_values_a_legion_and_saves_it_to_the_log(self):
        page = open_page(self, viewport={"width": 820, "height": 1180})
        page.goto(f"{self.live_server_url}/login/?next=/events/ad69/rules/ad69.combat_value/")
        page.fill("input[name=username]", "gaul")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")
        page.fill("[data-path='force.name'] input", "Legion XLV")
        page.select_option("[data-path='force.troops.0.type'] select", "legionary")
        page.fill("[data-path='force.troops.0.count'] input", "-3")
        page.get_by_role("button", name="Work it out").click()
        expect(page.locator("#rules-error")).to_have_text("force.troops.0.count: must be 0 or more, not -3")

        page.fill("[data-path='force.troops.0.count'] input", "5")
        page.get_by_role("button", name="Add").click()
        page.select_option("[data-path='force.troops.1.type'] select", "auxiliary")
        page.fill("[data-path='force.troops.1.count'] input", "5")
        page.get_by_role("button", name="Work it out").click()
        expect(page.locator("#rules-outcome")).to_contain_text("50")
        expect(page.locator("#rules-working")).to_contain_text("Legion XLV: 5 auxiliary × 4 = 20")
        page.get_by_role("button", name="Save to the event's log").click()
        expect(page.locator("#saved")).to_be_visible()
        saved = off_the_browser_thread(lambda: list(ProcedureRun.objects.values_list("outcome", "region__name")))
        assert saved == [({"combat_value": 50, "if_veteran": 80}, "Gaul")]
