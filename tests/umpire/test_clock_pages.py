"""The clock desk, the projector page and the printed schedule, over HTTP."""

import io
import re

import pytest
from pypdf import PdfReader

from umpire import clockwork
from umpire.models import AuditEntry, GameClock, Role
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.announcements import do_draft_announcement, do_publish_announcement


@pytest.fixture
def region_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")


def test_control_runs_the_clock_from_the_desk(client, ad69, control):
    client.force_login(control)
    page = client.get("/control/ad69/clock/").content.decode()
    assert "Start turn 1" in page and "September 68" in page and "TAX TURN" in page
    response = client.post("/control/ad69/clock/start/", follow=True)
    assert "The clock is running." in response.content.decode()
    assert GameClock.objects.get(event=ad69).state == "running"
    assert AuditEntry.objects.filter(action="clock.start", actor=control).exists()


def test_region_umpire_sees_the_clock_but_cannot_run_it(client, ad69, region_umpire):
    client.force_login(region_umpire)
    page = client.get("/control/ad69/clock/").content.decode()
    assert "September 68" in page and "Start turn 1" not in page and "Announcements" not in page
    assert client.post("/control/ad69/clock/start/").status_code == 404
    assert GameClock.objects.get(event=ad69).state == "scheduled"


@pytest.mark.parametrize(
    "minutes, message",
    [("abc", "Enter a whole number."), ("0", "other than 0"), ("-90", "greater than or equal to -60")],
)
def test_bad_extension_is_refused_by_name_and_changes_nothing(client, ad69, control, minutes, message):
    client.force_login(control)
    client.post("/control/ad69/clock/start/")
    before = list(GameClock.objects.values()), AuditEntry.objects.count()
    page = client.post("/control/ad69/clock/extend/", {"minutes": minutes}, follow=True).content.decode()
    assert "Minutes:" in page and message in page
    assert (list(GameClock.objects.values()), AuditEntry.objects.count()) == before


def test_desk_shows_the_schedule_from_the_planned_first_turn(client, ad69, control):
    client.force_login(control)
    page = client.get("/control/ad69/clock/").content.decode()
    assert "11:00–11:20" in page and "17:40–18:00" in page and page.count("Tax Turn") == 7


def test_schedule_pdf_lists_real_times_against_game_months(client, ad69, control):
    client.force_login(control)
    response = client.get("/control/ad69/clock/schedule.pdf")
    assert response["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "11:00–11:20" in text and "May 70" in text and text.count("Tax Turn") == 7
    assert client.get("/control/ad69/clock/schedule.pdf?size=A0").status_code == 400


def test_projector_needs_a_valid_code(client, ad69):
    code = do_reissue_display_code(ad69, actor=None).code
    assert client.get("/display/ad69/").status_code == 404
    assert client.get("/display/ad69/?code=guess").status_code == 404
    assert client.get(f"/display/ad69/?code={code}").status_code == 200
    do_reissue_display_code(ad69, actor=None)
    assert client.get(f"/display/ad69/?code={code}").status_code == 404


def test_projector_shows_only_published_announcements(client, ad69):
    code = do_reissue_display_code(ad69, actor=None).code
    do_draft_announcement(ad69, text="Galba is dead (draft, secret)", actor=None)
    shown = do_draft_announcement(ad69, text="Otho hailed Emperor by the Praetorians", actor=None)
    do_publish_announcement(shown, actor=None)
    page = client.get(f"/display/ad69/?code={code}").content.decode()
    assert "Otho hailed Emperor" in page and "Galba is dead" not in page


def test_projector_serves_its_announcements_in_the_list_it_shows(client, ad69):
    """live.js swaps #main for a fresh copy when the projector refreshes (a map put up, a snapshot after a drop):
    the list must come with the page, or every refresh would empty it until Control's next announcement."""
    code = do_reissue_display_code(ad69, actor=None).code
    do_draft_announcement(ad69, text="Galba is dead (draft, secret)", actor=None)
    do_publish_announcement(do_draft_announcement(ad69, text="Otho hailed Emperor", actor=None), actor=None)
    page = client.get(f"/display/ad69/?code={code}").content.decode()
    listed = re.search(r'<ul id="announcements">(.*?)</ul>', page, re.DOTALL).group(1)
    assert re.findall(r"<li>(.*?)</li>", listed) == ["Otho hailed Emperor"]


def test_projector_page_shows_month_phase_tax_turn_and_winter(client, ad69):
    code = do_reissue_display_code(ad69, actor=None).code
    clockwork.do_set_turn(ad69, turn=4, actor=None, reason="December")
    page = client.get(f"/display/ad69/?code={code}").content.decode()
    assert "December 68" in page and "TAX TURN" in page and "tax-turn" in page
    assert "Alpes, Spain, Italia/Rome" in page  # winter on land in December
