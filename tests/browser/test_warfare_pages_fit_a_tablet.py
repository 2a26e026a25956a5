"""Every battle and siege page an umpire works from fits a tablet, held either way up: nothing scrolls
sideways, every target is at least 44 px tall (a checkbox or radio by its label), and every field has a
label. The pages as they are mid-game: the battles index with its open form, a desk after a round (its
override form open), the sieges index with its begin form and a siege's page with this month's work."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.contrib.auth import get_user_model

from tests.browser.conftest import off_the_browser_thread, open_page
from tests.browser.tablet import TABLETS, misfits
from tests.browser.test_battle_desk import example_1_at_illyria
from umpire.models import Character, Event
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

pytestmark = pytest.mark.browser


def a_battle_and_a_siege():
    """Example 1 opened at the Illyria table and its first round fought; its legions besieging a city."""
    table = example_1_at_illyria()
    event = Event.objects.get(slug="ad69")
    umpire = get_user_model().objects.get(username="illyria")
    xlv, xlvi = (event.forces.get(name=name) for name in ("Legion XLV", "Legion XLVI"))
    battle = do_open_battle(
        event.regions.get(pk=table),
        side_a_forces=[xlv],
        side_b_forces=[xlvi],
        side_a_commander=Character.objects.get(name="Bigius Diccus"),
        side_b_commander=Character.objects.get(name="Flatulius Butus"),
        place="Carnuntum",
        actor=umpire,
    )
    orders = {"joins": False, "outflanking": False, "withdraw": False}
    attack, defend = {"stance": "attack", **orders}, {"stance": "defend", **orders}
    do_fight_round(battle, orders={"a": attack, "b": defend}, dice=[5, 5], actor=umpire)  # 16 to 16
    siege = do_begin_siege(
        besiegers=[xlv, xlvi],
        place="Siscia",
        place_type="minor_fortified_city",
        province=xlv.province,
        garrison=[],
        actor=umpire,
    )
    return table, battle.pk, siege.pk


@pytest.mark.usefixtures("browser_on_class")
class WarfarePagesFitATablet(ChannelsLiveServerTestCase):
    def setUp(self):
        table, battle, siege = off_the_browser_thread(a_battle_and_a_siege)
        self.pages = [
            f"/events/ad69/battles/?table={table}",
            f"/events/ad69/battles/{battle}/",
            "/events/ad69/sieges/",
            f"/events/ad69/sieges/{siege}/",
        ]

    def test_every_page_fits_a_tablet_either_way_up(self):
        page = open_page(self)
        page.goto(f"{self.live_server_url}/login/")
        page.fill("input[name=username]", "illyria")
        page.fill("input[name=password]", "ad69-browser")
        page.click("button[type=submit]")
        page.wait_for_load_state()
        for viewport in TABLETS:
            page.set_viewport_size(viewport)
            for address in self.pages:
                page.goto(f"{self.live_server_url}{address}")
                assert misfits(page) == [], (address, viewport)
