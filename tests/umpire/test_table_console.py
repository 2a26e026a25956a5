"""A table's console and Control's hall overview, with real work made by the apps' services: a
letter arrived to hand out, a battle opened, a follow-up sent, a player on his way, this tax
turn's statements, an upgrade under way. Who may see which console, what is overdue, and the
hall's query count."""

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from regions.models import Province
from regions.services.forces import do_order_upgrade
from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from umpire import clockwork
from umpire.models import Character, Region, Role
from umpire.services.followups import do_send_follow_up
from umpire.services.presence import do_check_out
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"


def table(event, name):
    return Region.objects.get(event=event, name=name)


@pytest.fixture
def hall(ad69, control, illyria_umpire, gaul_umpire, make_umpire):
    """Illyria's Pannonian legions ready to fight, a writer at Rome and his correspondent at Illyria."""
    illyria, rome, gaul = table(ad69, "Illyria"), table(ad69, "Italia/Rome"), table(ad69, "Gaul")
    legions = [
        legion(ad69, f"Legion {n}", "Pannonia", [(LEG, 5, False), (LEV, 10, False)])
        for n in ("XLV", "XLVI", "XLVII", "XLVIII", "XLIX", "L")
    ]
    clockwork.do_start_clock(ad69, actor=None)
    return SimpleNamespace(
        event=ad69,
        illyria=illyria,
        rome=rome,
        gaul=gaul,
        legions=legions,
        control=control,
        illyria_umpire=illyria_umpire,
        gaul_umpire=gaul_umpire,
        rome_umpire=make_umpire(ad69, Role.REGION, "Italia/Rome"),
        scribonius=Character.objects.create(
            event=ad69, name="Quintus Scribonius", role="senator", social_class="senator", location=rome
        ),
        fuscus=Character.objects.create(
            event=ad69, name="Cornelius Fuscus", role="procurator", social_class="equestrian", location=rome
        ),
        primus=commander(ad69, "Antonius Primus", 1, illyria),
        flatulius=commander(ad69, "Flatulius Butus", 0, illyria),
    )


def letter_arrives(hall, addressee=None):
    """Posted at Rome, carried by Fuscus to Illyria and left there: to hand out at Illyria."""
    letter = do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=addressee or hall.primus,
        destination=hall.illyria,
        actor=hall.rome_umpire,
    )
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    return letter


def battle(hall, a, b, place="Carnuntum"):
    return do_open_battle(
        hall.illyria,
        side_a_forces=[hall.legions[a]],
        side_b_forces=[hall.legions[b]],
        side_a_commander=hall.primus,
        side_b_commander=hall.flatulius,
        place=place,
        actor=hall.illyria_umpire,
    )


def follow_up(hall, text="Legion XV lost half its strength in Gaul"):
    return do_send_follow_up(hall.event, text=text, actor=hall.gaul_umpire, to_table=hall.illyria, from_table=hall.gaul)


@pytest.fixture
def busy(hall):
    """One of each kind of work waiting at Illyria."""
    letter_arrives(hall)
    battle(hall, 0, 1)
    follow_up(hall)
    do_check_out(hall.fuscus, to_table=hall.illyria, actor=hall.control)
    do_order_upgrade(hall.legions[5], orders=[{"kind": "levies_to_auxiliaries", "count": 5}], actor=hall.control)
    return hall


def console(client, user, hall, name="Illyria"):
    client.force_login(user)
    return client.get(f"/events/ad69/tables/{table(hall.event, name).pk}/console/")


def panel(page, name):
    """The text of one panel's section of the console."""
    found = re.search(rf'id="panel-{re.escape(name)}">(.*?)</section>', page, re.S)
    assert found, f"no panel {name}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1)))


def hall_cell(page, hall, table_name, panel_name):
    row = re.search(rf'<tr id="table-{table(hall.event, table_name).pk}"[^>]*>(.*?)</tr>', page, re.S).group(1)
    cell = re.search(rf'<td class="([^"]*)" data-panel="{re.escape(panel_name)}">(.*?)</td>', row, re.S)
    return cell.group(1), re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell.group(2))).strip()


# ---- the table's own console ------------------------------------------------------------------


def test_a_region_umpires_console_shows_each_item_in_its_panel(client, busy):
    response = console(client, busy.illyria_umpire, busy)
    assert response.status_code == 200
    page = response.content.decode()
    letters, fights = panel(page, "mail.letters"), panel(page, "warfare.fights")
    assert "to Antonius Primus" in letters and "at the Illyria table" in letters
    assert "Carnuntum" not in letters and "Carnuntum" in fights and "being fought" in fights
    assert "claimed by region-illyria" in fights
    players = panel(page, "umpire.players")
    assert "Antonius Primus" in players and "Cornelius Fuscus · on the way here" in players
    assert "Quintus Scribonius" not in players
    assert "Legion XV lost half its strength in Gaul" in panel(page, "umpire.follow_ups")
    assert "Pannonia" in panel(page, "regions.taxes") and "tax turn 1" in panel(page, "regions.taxes")
    work = panel(page, "regions.work")
    assert "Legion L" in work and "10 raw levies → 5 auxiliaries" in work and "ready at the end of" in work
    assert "OVERDUE" not in page


def panel_heading(page, name):
    found = re.search(rf'id="panel-{re.escape(name)}">\s*<h2>(.*?)</h2>', page, re.S)
    assert found, f"no panel {name}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip()


def test_the_players_heading_counts_the_players_it_lists(client, hall):
    """Players here and none on the way once read "0" above the list: the count of those coming alone."""
    page = console(client, hall.illyria_umpire, hall).content.decode()
    players = panel(page, "umpire.players")
    here = players.count("· here")
    assert here >= 2 and "on the way here" not in players
    assert panel_heading(page, "umpire.players") == f"Players here and on the way {here} here, 0 on the way"

    do_check_out(hall.fuscus, to_table=hall.illyria, actor=hall.control)
    page = console(client, hall.illyria_umpire, hall).content.decode()
    assert panel(page, "umpire.players").count("· on the way here") == 1
    assert panel_heading(page, "umpire.players") == f"Players here and on the way {here} here, 1 on the way"


def test_a_work_panels_heading_says_its_count_is_work_to_do(client, busy):
    page = console(client, busy.illyria_umpire, busy).content.decode()
    assert panel_heading(page, "mail.letters") == "Letters to hand out 1 to do"


def test_each_panel_links_to_its_apps_page(client, busy):
    page = console(client, busy.illyria_umpire, busy).content.decode()
    pk = busy.illyria.pk
    for link in (
        f"/events/ad69/post/tables/{pk}/",
        "/events/ad69/battles/",
        "/events/ad69/treasury/",
        f"/events/ad69/tables/{pk}/players/",
        f"/events/ad69/tables/{pk}/follow-ups/",
    ):
        assert f'href="{link}"' in page


def test_the_console_has_the_clock_and_reloads_on_each_panels_events(client, busy):
    page = console(client, busy.illyria_umpire, busy).content.decode()
    assert 'data-clock="countdown"' in page and "Turn 1 of" in page
    refresh = re.search(r'data-refresh="([^"]*)"', page).group(1).split()
    for kind in (
        "letter.moved",
        "battle.changed",
        "siege.changed",
        "followup.changed",
        "character.moved",
        "statement.changed",
        "force.changed",
        "spending.changed",
        "clock.changed",
    ):
        assert kind in refresh


def test_another_tables_umpire_gets_404(client, busy):
    assert console(client, busy.gaul_umpire, busy).status_code == 404
    assert console(client, busy.illyria_umpire, busy, "Gaul").status_code == 404


def test_control_sees_every_tables_console(client, busy):
    assert "Carnuntum" in panel(console(client, busy.control, busy).content.decode(), "warfare.fights")
    assert console(client, busy.control, busy, "Gaul").status_code == 200


# ---- overdue, and the hall ---------------------------------------------------------------------


def test_work_left_past_its_turn_shows_overdue_on_the_console_and_the_hall(client, busy):
    clockwork.do_skip_turn(busy.event, actor=busy.control)
    page = console(client, busy.illyria_umpire, busy).content.decode()
    assert "OVERDUE" in panel(page, "warfare.fights") and "OVERDUE" in panel(page, "umpire.follow_ups")
    assert "OVERDUE" in panel(page, "regions.taxes")

    client.force_login(busy.control)
    hall_page = client.get("/control/ad69/hall/").content.decode()
    assert hall_cell(hall_page, busy, "Illyria", "warfare.fights") == ("cell overdue", "1 1 overdue")
    assert hall_cell(hall_page, busy, "Illyria", "umpire.follow_ups") == ("cell overdue", "1 1 overdue")
    assert hall_cell(hall_page, busy, "Gaul", "warfare.fights") == ("cell", "0")
    assert f'href="/events/ad69/tables/{busy.illyria.pk}/console/"' in hall_page


def test_a_letter_waiting_longer_than_the_posts_set_time_is_overdue(client, busy):
    client.force_login(busy.control)
    assert hall_cell(client.get("/control/ad69/hall/").content.decode(), busy, "Illyria", "mail.letters") == (
        "cell",
        "1",
    )
    with time_machine.travel(timezone.now() + timedelta(minutes=41), tick=False):
        page = client.get("/control/ad69/hall/").content.decode()
    assert hall_cell(page, busy, "Illyria", "mail.letters") == ("cell overdue", "1 1 overdue")
    assert "1 table with overdue work" in page


def test_a_region_umpire_gets_404_on_the_hall(client, busy):
    client.force_login(busy.illyria_umpire)
    assert client.get("/control/ad69/hall/").status_code == 404
    client.force_login(busy.control)
    assert client.get("/control/ad69/hall/").status_code == 200


def test_the_bar_links_the_hall_and_the_backups_for_control_alone(client, busy):
    links = ('href="/control/ad69/hall/"', 'href="/control/ad69/backups/"')
    client.force_login(busy.control)
    page = client.get("/events/ad69/world/").content.decode()
    assert all(link in page for link in links)
    client.force_login(busy.illyria_umpire)
    page = client.get("/events/ad69/world/").content.decode()
    assert not any(link in page for link in links)


def test_the_halls_query_count_stays_the_same_with_more_work(client, busy):
    client.force_login(busy.control)

    def queries():
        client.get("/control/ad69/hall/")  # the event's setting kept (umpire.event_setting), as after the first page
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/control/ad69/hall/").status_code == 200
        return len(captured)

    before = queries()
    letter_arrives(busy)
    letter_arrives(busy, addressee=busy.flatulius)
    battle(busy, 2, 3, place="Sirmium")
    battle(busy, 4, 5, place="Siscia")
    follow_up(busy, "The Alps are closed")
    follow_up(busy, "Rome wants its taxes")
    do_check_out(busy.scribonius, to_table=busy.illyria, actor=busy.control)
    assert queries() == before
    page = client.get("/control/ad69/hall/").content.decode()
    assert hall_cell(page, busy, "Illyria", "mail.letters") == ("cell", "3")
    assert hall_cell(page, busy, "Illyria", "warfare.fights") == ("cell", "3")


def test_the_taxes_panel_reads_no_ledger(busy):
    """A table's console reloads on every change at the table: its taxes panel reads this tax turn's
    statements alone, not the whole event's treasury index with every account's balance summed."""
    from regions.console_panels import gather_taxes
    from regions.models import Posting, Transaction

    with CaptureQueriesContext(connection) as captured:
        view = gather_taxes(busy.illyria, busy.illyria_umpire, timezone.now())
    assert any("Pannonia" in row.text for row in view.rows) and view.needs_action == len(view.rows)
    ledger = (Posting._meta.db_table, Transaction._meta.db_table)
    assert not [query["sql"] for query in captured if any(f'"{name}"' in query["sql"] for name in ledger)]


def test_a_siege_under_way_at_the_table_waits_for_this_months_work(client, hall):
    pannonia = Province.objects.get(event=hall.event, name="Pannonia")
    do_begin_siege(
        besiegers=[hall.legions[0]],
        place="Sirmium",
        place_type="minor_fortified_city",
        province=pannonia,
        garrison=[],
        actor=hall.control,
    )
    fights = panel(console(client, hall.illyria_umpire, hall).content.decode(), "warfare.fights")
    assert "Siege of Sirmium: under siege" in fights and "no work yet this month" in fights
    assert "Siege of Sirmium" not in console(client, hall.control, hall, "Gaul").content.decode()
