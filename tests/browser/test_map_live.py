"""A table's map in a real browser, on a tablet: a march made through the service moves the force's marker to
its new point without a reload, and the page never scrolls sideways."""

import os

import pytest
from channels.layers import channel_layers
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from django.test import override_settings
from playwright.sync_api import expect

from regions.models import Force, Province
from regions.services.forces import do_march
from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.tablet import TABLETS, fits, misfits
from tests.conftest import missing_service
from tests.map_builders import build_rhine_map
from umpire.models import Event, Region, Role
from umpire.services.accounts import do_seat_umpire
from umpire.settings import redis_channel_layer

# The march is made here, the page is served by the live server's own process: only Redis carries the
# service's message from one to the other, as between the workers of a hall.
pytestmark = [pytest.mark.browser, pytest.mark.redis]

PASSWORD = "ad69-browser"
MARKER = '.map-marker[data-kind="force"][data-name="Vexillation of XXII"]'


def set_up_gaul():
    """The AD69 world with the Rhine map, Gaul's umpire, and a detachment at Durocortorum: with no player of
    its own, it marches by its Region umpire's order."""
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    gaul = Region.objects.get(event=event, name="Gaul")
    seat = do_seat_umpire(event=event, username="gaul", role=Role.REGION, region=gaul, password=PASSWORD, actor=None)
    points = build_rhine_map(event)
    detachment = Force.objects.create(
        event=event,
        name="Vexillation of XXII",
        kind=Force.Kind.DETACHMENT,
        province=Province.objects.get(event=event, name="Belgica"),
        map_point=points["Durocortorum"],
    )
    detachment.troops.create(type="legionary", count=2)
    return gaul.pk, detachment.pk, points["Lugdunum"].pk, seat.user


def march(force_id, point_id, umpire):
    from regions.models import MapPoint

    do_march(Force.objects.get(pk=force_id), to_point=MapPoint.objects.get(pk=point_id), actor=umpire)


@pytest.mark.usefixtures("browser_on_class")
class TableMapInABrowser(ChannelsLiveServerTestCase):
    serve_static = True

    @classmethod
    def setUpClass(cls):
        url = os.environ.get("REDIS_URL") or missing_service("this test needs Redis: set REDIS_URL=redis://…")
        cls.on_redis = override_settings(CHANNEL_LAYERS={"default": redis_channel_layer(url)})
        cls.on_redis.enable()  # before the server's process starts, so it shares the layer
        channel_layers.backends.clear()
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.on_redis.disable()
        channel_layers.backends.clear()

    def setUp(self):
        self.gaul, self.force, self.lugdunum, self.umpire = off_the_browser_thread(set_up_gaul)

    def open_map(self, viewport):
        page = open_page(self, viewport=viewport)
        page.goto(f"{self.live_server_url}/login/?next=/events/ad69/tables/{self.gaul}/map/")
        page.fill("input[name=username]", "gaul")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        expect(page.locator("svg.map")).to_be_visible()
        return page

    def test_a_march_moves_the_forces_marker_live(self):
        page = self.open_map(TABLETS[0])
        expect(page.locator(MARKER)).to_have_attribute("data-place", "Durocortorum")
        page.evaluate("window.notReloaded = true")
        page.wait_for_timeout(500)  # the socket has joined the table's group
        off_the_browser_thread(lambda: march(self.force, self.lugdunum, self.umpire))
        expect(page.locator(MARKER)).to_have_attribute("data-place", "Lugdunum")
        expect(page.locator("#map-facts")).to_contain_text("Lugdunum")
        assert page.evaluate("window.notReloaded === true")  # the main section was swapped, the page kept

    def test_the_map_fits_a_tablet_either_way_up(self):
        for viewport in TABLETS:
            page = self.open_map(viewport)
            assert fits(page), f"scrolls sideways at {viewport['width']} px"
            assert not misfits(page)
            drawn = page.locator("svg.map").bounding_box()
            assert drawn["width"] <= viewport["width"]
