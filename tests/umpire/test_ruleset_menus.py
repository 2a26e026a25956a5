"""Each event shows only what its ruleset has: a Hannibal Barkas session has no treasury, Senate, post, forces, tax
turn or road costs, and its menu holds the board-game pages; AD69's menu is as it was."""

import io
import re

import pytest
from pypdf import PdfReader

from umpire import clockwork
from umpire.models import AuditEntry, GameClock, Region, Role
from umpire.selectors import get_clock_state
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.event_templates import do_create_event_from_template
from umpire.services.records import do_save_record

CALENDAR = {"start_year": 218, "start_month": 3, "number_of_turns": 12, "turn_minutes": 30}
AD69_WORDS = ("Treasury", "Senate", "Forces", "Battles", "Sieges", "Post", "TAX TURN", "Tax Turn", "Road costs")
AD69_MENU = [  # Control's links, the grouped ones in their groups' order
    "Hall",
    "Clock",
    "All tables",
    "Forces",
    "Treasury",
    "Map",
    "Battles",
    "Sieges",
    "Post",
    "Senate",
    "Rules desk",
    "Follow-ups",
    "Rulings",
    "Print",
    "Prepare",
    "Edit the map",
    "Seats",
    "Backups",
    "Audit",
    "New event",
]


@pytest.fixture
def hb(ad69, control):
    """A Hannibal Barkas session made from its template, with one table, its clock running in turn 1 (a tax turn
    by AD69's calendar: the first of every quarter), in March, when AD69's roads are paid for."""
    event = do_create_event_from_template(
        name="Hannibal Barkas", slug="hb", ruleset="hannibal_barkas", calendar=CALENDAR, actor=control
    )
    do_save_record(Region(event=event, name="Italy"), actor=control)
    clockwork.do_start_clock(event, actor=control)
    return event


@pytest.fixture
def italy(hb):
    return Region.objects.get(event=hb, name="Italy")


def menu(page):
    header = re.search(r'<header class="bar">(.*?)</header>', page, re.S).group(1)
    return re.findall(r"<a [^>]*>([^<]+)</a>", header)[1:]  # the brand left out


def hb_pages(hb, italy):
    return [
        "/events/hb/sequence/",
        "/events/hb/trackers/",
        "/events/hb/data/",
        "/events/hb/world/",
        f"/events/hb/tables/{italy.pk}/console/",
        "/control/hb/clock/",
        "/control/hb/hall/",
        "/control/hb/seats/",
    ]


def test_a_hannibal_barkas_session_shows_nothing_of_ad69(client, hb, italy, control):
    client.force_login(control)
    for address in hb_pages(hb, italy):
        page = client.get(address).content.decode()
        assert not [word for word in AD69_WORDS if word in page], address
        assert menu(page)[:4] == ["Hall", "Sequence of play", "Trackers", "Rules desk"], address
        assert {"Data tables", "Tables"} <= set(menu(page)), address


def test_its_projector_shows_no_tax_turn_winter_or_ad69_reports(client, hb):
    code = do_reissue_display_code(hb, actor=None).code
    page = client.get(f"/display/hb/?code={code}").content.decode()
    assert (
        "TAX TURN" not in page and "Winter" not in page and "Acta Diurna" not in page and "Battle reports" not in page
    )


def test_its_clock_has_no_tax_turn_or_road_costs(hb, ad69):
    clockwork.do_start_clock(ad69, actor=None)
    hb_clock, ad69_clock = (GameClock.objects.get(event=event) for event in (hb, ad69))
    state = get_clock_state(hb_clock, hb_clock.ends_at)
    assert state["month"] == "March 218" and not state["tax_turn"] and not state["road_cost_month"]
    assert get_clock_state(ad69_clock, ad69_clock.ends_at)["tax_turn"]


def test_its_printed_schedule_marks_no_tax_turn(client, hb, control):
    client.force_login(control)
    clockwork.do_plan_start(hb, first_turn_time="10:00", actor=control)
    pdf = client.get("/control/hb/clock/schedule.pdf").content
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "March 218" in text and "Tax" not in text and "Road" not in text


def test_its_table_console_has_the_sequence_and_none_of_ad69_s_panels(client, hb, italy, control):
    client.force_login(control)
    page = client.get(f"/events/hb/tables/{italy.pk}/console/").content.decode()
    assert "Sequence of play" in page and "Players here and on the way" in page
    assert not [title for title in ("Letters to hand out", "Battles and sieges", "Taxes to hand out") if title in page]


@pytest.mark.parametrize(
    "address",
    [
        "/events/hb/treasury/",
        "/events/hb/forces/",
        "/events/hb/battles/",
        "/events/hb/sieges/",
        "/events/hb/post/",
        "/events/hb/senate/",
    ],
)
def test_ad69_s_pages_in_a_board_game_say_they_are_ad69_s(client, hb, control, address):
    client.force_login(control)
    response = client.get(address)
    assert response.status_code == 404
    assert "This page is AD69's own" in response.content.decode()
    assert 'href="/events/hb/sequence/"' in response.content.decode()


def test_one_who_may_not_see_the_session_hears_only_that_there_is_no_such_event(client, hb, illyria_umpire):
    client.force_login(illyria_umpire)
    response = client.get("/events/hb/treasury/")
    assert response.status_code == 404 and "Hannibal" not in response.content.decode()


def test_a_form_posted_to_an_ad69_page_of_a_board_game_changes_nothing(client, hb, control):
    client.force_login(control)
    entries = AuditEntry.objects.count()
    assert client.post("/events/hb/treasury/rome/open-books/").status_code == 404
    assert AuditEntry.objects.count() == entries


def test_a_board_game_umpire_lands_on_its_sequence_of_play(client, hb, make_umpire):
    client.force_login(make_umpire(hb, Role.REGION, "Italy", username="hb-italy"))
    assert client.get("/").url == "/events/hb/sequence/"


def test_ad69_s_menu_is_as_it_was_with_prepare_and_seats_for_control(client, ad69, control):
    client.force_login(control)
    assert menu(client.get("/events/ad69/world/").content.decode()) == AD69_MENU


def test_ad69_s_clock_desk_still_says_tax_turn_and_winter(client, ad69, control):
    clockwork.do_start_clock(ad69, actor=control)
    client.force_login(control)
    page = client.get("/control/ad69/clock/").content.decode()
    assert "TAX TURN" in page and "Winter on land" in page and "mail, builds, taxes" in page
