"""The rules desk in a real browser, at tablet size: the form the server builds from the procedure's
description, its lists that start empty, a refusal beside its field, the console's or the table's dice, the
working, the save; and a board game's battle that fits a tablet and runs in one submission."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.contrib.auth import get_user_model
from django.core.management import call_command
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from boardgames.services.tables import do_prepare_data_tables
from boardgames.services.trackers import do_open_standard_trackers
from tests.boardgames.builders import hannibal_barkas_session
from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.tablet import TABLETS, fits, misfits
from tests.rules.test_desk_form import EXAMPLE_6, EXAMPLE_6_DICE
from umpire.models import Event, ProcedureRun, Role
from umpire.services.accounts import do_seat_umpire

pytestmark = pytest.mark.browser


def seat_a_region_umpire():
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    region = event.regions.get(name="Gaul")
    do_seat_umpire(event=event, username="gaul", role=Role.REGION, region=region, password="ad69-browser", actor=None)


def seat_a_hannibal_barkas_umpire():
    event = hannibal_barkas_session()
    italy = event.regions.get(name="Italy")
    do_seat_umpire(event=event, username="italy", role=Role.REGION, region=italy, password="hb-browser", actor=None)


def seat_hannibal_barkas_control():
    seat_a_hannibal_barkas_umpire()
    event = Event.objects.get(slug="hb")
    do_seat_umpire(event=event, username="control", role=Role.CONTROL, password="hb-browser", actor=None)
    control = get_user_model().objects.get(username="control")
    do_prepare_data_tables(event, actor=control)
    do_open_standard_trackers(event, actor=control)


def sign_in(page, url, next_page, username, password):
    page.goto(f"{url}/login/?next={next_page}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")


def comes_into_view(page, selector):
    """Whether the element's top is brought on screen; keep_place.js scrolls only once htmx has settled the swap,
    a moment after the answer's text is in the page."""
    try:
        page.wait_for_function(
            "s => { const b = document.querySelector(s).getBoundingClientRect();"
            " return b.top >= 0 && b.top < window.innerHeight; }",
            arg=selector,
            timeout=5000,
        )
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.usefixtures("browser_on_class")
class RulesDeskInABrowser(ChannelsLiveServerTestCase):
    def test_an_umpire_values_a_legion_and_saves_it_to_the_log(self):
        off_the_browser_thread(seat_a_region_umpire)
        page = open_page(self, viewport={"width": 820, "height": 1180})
        sign_in(page, self.live_server_url, "/events/ad69/rules/ad69.combat_value/", "gaul", "ad69-browser")
        page.fill("[data-path='force.name'] input", "Legion XLV")
        page.select_option("[data-path='force.troops.0.type'] select", "legionary")
        page.fill("[data-path='force.troops.0.count'] input", "-3")
        page.get_by_role("button", name="Work it out", exact=True).last.click()
        expect(page.locator("[data-path='force.troops.0.count'] .errorlist")).to_have_text("must be 0 or more, not -3")
        expect(page.locator("[data-path='force.name'] input")).to_have_value("Legion XLV")

        page.fill("[data-path='force.troops.0.count'] input", "5")
        page.get_by_role("button", name="Add a troop").click()  # copied by rules_desk.js, no round trip
        page.select_option("[data-path='force.troops.1.type'] select", "auxiliary")
        page.fill("[data-path='force.troops.1.count'] input", "5")
        page.get_by_role("button", name="Work it out", exact=True).last.click()
        expect(page.locator("#rules-outcome")).to_contain_text("50")
        expect(page.locator("#rules-working")).to_contain_text("Legion XLV: 5 auxiliary × 4 = 20")
        page.get_by_role("button", name="Save to the event's log").click()
        expect(page.locator("#rules-saved")).to_contain_text("is in the event's log")
        saved = off_the_browser_thread(lambda: list(ProcedureRun.objects.values_list("outcome", "region__name")))
        assert saved == [({"combat_value": 50, "if_veteran": 80}, "Gaul")]

    def test_a_minimal_hannibal_barkas_battle_runs_in_one_submission_on_a_tablet(self):
        off_the_browser_thread(seat_a_hannibal_barkas_umpire)
        for viewport in TABLETS:
            page = open_page(self, viewport=viewport)
            sign_in(page, self.live_server_url, "/events/hb/rules/hannibal_barkas.battle/", "italy", "hb-browser")
            assert page.locator("[data-entry]:visible").count() == 0, "no list starts with an empty entry"
            assert fits(page), f"the fresh form scrolls sideways at {viewport}"
            if viewport["width"] == 1024:
                height = page.evaluate("document.documentElement.scrollHeight")
                assert height < 4000, f"the fresh form is {height} px tall"
            for name, value in EXAMPLE_6.items():
                page.fill(f"[name='{name}']", value)
            page.get_by_role("button", name="Work it out", exact=True).last.click()
            expect(page.locator("#rules-outcome")).to_contain_text("attacker")
            assert comes_into_view(page, "#rules-result"), "the outcome is the step in view"
            assert fits(page), f"the outcome scrolls sideways at {viewport}"

    def test_the_tables_dice_are_typed_one_row_per_die_with_its_purpose(self):
        off_the_browser_thread(seat_a_hannibal_barkas_umpire)
        page = open_page(self, viewport={"width": 768, "height": 1024})
        sign_in(page, self.live_server_url, "/events/hb/rules/hannibal_barkas.battle/", "italy", "hb-browser")
        for name, value in EXAMPLE_6.items():
            page.fill(f"[name='{name}']", value)
        page.check("input[name=dice_mode][value=table]")
        page.get_by_role("button", name="Which dice do we roll?").click()
        expect(page.get_by_label("Die 1: d10 A light infantry 1 to hit (9+)")).to_be_visible()
        for number, value in enumerate(EXAMPLE_6_DICE):
            if page.locator(f"[name='die.{number}']").count() == 0:  # a later die depends on those typed before
                page.get_by_role("button", name="Which dice do we roll?").click()
            page.fill(f"[name='die.{number}']", str(value))
        page.get_by_role("button", name="Work it out", exact=True).last.click()
        expect(page.locator("#rules-outcome")).to_contain_text("End: eliminated in pursuit")
        assert comes_into_view(page, "#rules-result") and fits(page)

    def test_the_board_game_pages_fit_a_tablet(self):
        off_the_browser_thread(seat_hannibal_barkas_control)
        pages = ("sequence/", "trackers/", "data/", "data/gallic_tribes/")
        for viewport in TABLETS:
            page = open_page(self, viewport=viewport)
            sign_in(page, self.live_server_url, "/events/hb/sequence/", "control", "hb-browser")
            for address in pages:
                page.goto(f"{self.live_server_url}/events/hb/{address}")
                assert misfits(page) == [], f"/events/hb/{address} at {viewport}"
