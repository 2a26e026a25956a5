"""The pages an umpire opens all day run the same number of queries however big the hall grows: more
tables (each with its umpire), more players, letters, battles, follow-ups and forces. Each page is
measured on the AD69 world, then again once the world has grown, and pinned (issue 34)."""

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from regions.models import Province
from regions.services.forces import do_order_upgrade
from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from umpire import clockwork
from umpire.models import Character, Event, GameClock, Region, Role
from umpire.services.followups import do_send_follow_up
from umpire.services.presence import do_check_out
from umpire.table_console import get_console, get_hall
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

TROOPS = [("legionary", 5, False), ("raw_levy", 10, False)]
NEW_TABLES = 3
# Measured on the AD69 world (8 map tables, the clock started). Before issue 34's pages work the hall ran 176
# queries with 24 more for every map table added, and a table's console 30. The hall's and the console's clock
# gives its turn to the panels, and its map tables to the console's other tables: one or two queries fewer each;
# a Region umpire's menu names his tables from the same regions (umpire.selectors.get_regions): one fewer again.
# The letters to hand out read their people in a query of their own when there are any (both worlds here have
# some): one more on the console and the tray, cheaper than joining them to every read of an empty tray. The
# treasury index takes its tables from the same regions: one fewer for a Region umpire, whose menu reads them too.
# The console finds its table among them: one fewer. The event's tables, its turn's phases and the post's
# stuck-letter time are kept by the process from one page to the next (umpire.event_setting): up to three fewer.
# So are the user's seats in the event: one fewer on every page. A page of AD69's own apps reads its event once,
# for its middleware (umpire.megagame_only) and its view: one fewer on those (two on the battles', whose view
# asked twice). The console's sieges read whether each was worked this month with their months joined, not
# prefetched: one fewer on the console (both worlds here have a siege). A page reads its event with the clock
# joined, so the hall's and the console's clock and the turn of the world, the books and the forces read nothing
# more: one fewer on each. The tray's post office setting is kept with the event's setting: one fewer. The tray
# finds its table among the page's regions, offers them as the letter's destinations, and reads the living once
# for its sender and its addressee: three fewer. The roster finds its table, the tables it links to and the other
# tables among the page's regions, and reads those here and those on their way together: four fewer. The battles
# page finds the table it opens at, and the tables it may open at, among the same regions (the first of them had
# its event read again), and takes the turn from the clock read with the event: four fewer. The tray reads the
# letters bound to it that runners carry and those that are overdue together: one fewer. Every page reads its
# user with its session (umpire.sessions): one fewer on each.
QUERIES = {
    "hall": 10,
    "console": 11,
    "console as control": 11,
    "tray": 11,
    "clock desk": 5,
    "books": 8,
    "roster": 4,
    "battles": 11,
    "forces": 7,
    "world": 5,
    "whole post": 7,
    "control's books": 8,
    "audit": 17,
}


def table(event, name):
    return Region.objects.get(event=event, name=name)


def player(event, name, where):
    return Character.objects.create(event=event, name=name, role="senator", social_class="senator", location=where)


@pytest.fixture
def hall(ad69, control, illyria_umpire, gaul_umpire, make_umpire):
    clockwork.do_start_clock(ad69, actor=None)
    rome, illyria = table(ad69, "Italia/Rome"), table(ad69, "Illyria")
    hall = SimpleNamespace(
        event=ad69,
        grown=0,
        control=control,
        illyria=illyria,
        illyria_umpire=illyria_umpire,
        gaul=table(ad69, "Gaul"),
        gaul_umpire=gaul_umpire,
        rome=rome,
        rome_umpire=make_umpire(ad69, Role.REGION, "Italia/Rome"),
        make_umpire=make_umpire,
        scribonius=player(ad69, "Quintus Scribonius", rome),
        fuscus=player(ad69, "Cornelius Fuscus", rome),
        primus=commander(ad69, "Antonius Primus", 1, illyria),
        flatulius=commander(ad69, "Flatulius Butus", 0, illyria),
    )
    some_of_everything(hall, 1)
    return hall


def pages(hall):
    slug, illyria = hall.event.slug, hall.illyria.pk
    return {
        "hall": (hall.control, f"/control/{slug}/hall/"),
        "console": (hall.illyria_umpire, f"/events/{slug}/tables/{illyria}/console/"),
        "console as control": (hall.control, f"/events/{slug}/tables/{illyria}/console/"),
        "tray": (hall.illyria_umpire, f"/events/{slug}/post/tables/{illyria}/"),
        "clock desk": (hall.control, f"/control/{slug}/clock/"),
        "books": (hall.illyria_umpire, f"/events/{slug}/treasury/"),
        "roster": (hall.illyria_umpire, f"/events/{slug}/tables/{illyria}/players/"),
        "battles": (hall.illyria_umpire, f"/events/{slug}/battles/?table={illyria}"),
        "forces": (hall.illyria_umpire, f"/events/{slug}/forces/"),
        "world": (hall.illyria_umpire, f"/events/{slug}/world/"),
        "whole post": (hall.control, f"/events/{slug}/post/all/"),
        "control's books": (hall.control, f"/events/{slug}/treasury/"),
        "audit": (hall.control, f"/control/{slug}/audit/"),
    }


def queries(client, user, url):
    client.force_login(user)
    client.get(url)  # the templates compiled, the session touched
    connection.queries_log.clear()  # a full log (growing the world runs thousands) miscounts what comes next
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def letter_arrives(hall, addressee, destination, umpire):
    """Posted at Rome, carried by Fuscus to `destination` and left there: to hand out."""
    letter = do_post_letter(
        hall.rome, sender=hall.scribonius, addressee=addressee, destination=destination, actor=hall.rome_umpire
    )
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=destination, actor=umpire)
    return letter


def some_of_everything(hall, n):
    """Work of every kind the pages list, `n` of each (players here and on the way, letters to hand out at
    Illyria and Gaul, a battle, a siege, a follow-up, an upgrade): a prefetch runs only when there is something
    to prefetch, so the small world has one of each and the bigger one more."""
    event = hall.event
    for i in range(n):
        player(event, f"Player {hall.grown}.{i} at Illyria", hall.illyria)
        traveller = player(event, f"Traveller {hall.grown}.{i}", hall.rome)
        do_check_out(traveller, to_table=hall.illyria, actor=hall.control)
        letter_arrives(hall, (hall.primus, hall.flatulius)[i % 2], hall.illyria, hall.illyria_umpire)
        letter_arrives(hall, hall.primus, hall.gaul, hall.gaul_umpire)
        a, b = (legion(event, f"Legion {hall.grown}.{i}{side}", "Pannonia", TROOPS) for side in "ab")
        do_open_battle(
            hall.illyria,
            side_a_forces=[a],
            side_b_forces=[b],
            side_a_commander=hall.primus,
            side_b_commander=hall.flatulius,
            place=f"Field {hall.grown}.{i}",
            actor=hall.illyria_umpire,
        )
        do_send_follow_up(event, text=f"Follow-up {hall.grown}.{i}", actor=hall.control, to_table=hall.illyria)
        do_order_upgrade(a, orders=[{"kind": "levies_to_auxiliaries", "count": 5}], actor=hall.control)
        do_begin_siege(
            besiegers=[legion(event, f"Legion {hall.grown}.{i}c", "Pannonia", TROOPS)],
            place=f"Town {hall.grown}.{i}",
            place_type="minor_fortified_city",
            province=Province.objects.get(event=event, name="Pannonia"),
            garrison=[],
            actor=hall.control,
        )
    hall.grown += 1


def grow(hall):
    """More tables, each with its umpire and players, and more of everything at Illyria and Gaul."""
    event = hall.event
    last = Region.objects.filter(event=event).order_by("-position").first().position
    for n in range(NEW_TABLES):
        new = Region.objects.create(event=event, name=f"Table {n}", kind=Region.Kind.MAP_TABLE, position=last + 1 + n)
        hall.make_umpire(event, Role.REGION, new.name)
        player(event, f"Player at table {n}", new)
    some_of_everything(hall, 3)


@pytest.mark.parametrize("page", list(QUERIES))
def test_each_page_runs_the_same_queries_when_the_hall_grows(client, hall, page):
    user, url = pages(hall)[page]
    small = queries(client, user, url)
    grow(hall)
    assert queries(client, user, url) == small == QUERIES[page]


def statements(client, user, url):
    """Each query the page runs, as the statement the database is sent: its SQL with its placeholders."""
    client.force_login(user)
    client.get(url)
    sent = []

    def keep(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        assert client.get(url).status_code == 200
    return sent


# The audit log's first page is limited to the entries there are until there are a page's worth (Django's
# Paginator); an event's log passes a page's worth in its first minutes.
GROWING_PAGES = [page for page in QUERIES if page != "audit"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the console's PostgreSQL backend's arrays")
@pytest.mark.parametrize("page", GROWING_PAGES)
def test_each_page_sends_the_same_statements_as_the_game_goes_on(client, hall, page):
    """Not only as many queries: the same ones, however many players, letters, battles and forces the game comes
    to (its tables are set before it starts). Django's `IN (%s, %s, ...)` takes a placeholder for each value, so
    each length of a prefetch's list was another statement, parsed and planned apart: the console's and the tray's
    people of their letters, the battles' forces, their troops and rounds, the forces page's open upgrades (a
    parameter for each of the event's forces). On PostgreSQL such a list is one array (umpire.postgresql.lookups,
    issue 34)."""
    user, url = pages(hall)[page]
    small = statements(client, user, url)
    some_of_everything(hall, 3)
    assert statements(client, user, url) == small


@pytest.mark.parametrize("page", ["hall", "console"])
def test_the_hall_and_the_console_read_the_clock_once(client, hall, page):
    """Every panel of every table asks the turn: the request read it once (it read it 32 times), then the
    clock's whole state again for the clock on the page. Now the page's clock, read with its event, gives the
    turn."""
    user, url = pages(hall)[page]
    client.force_login(user)
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    clock = f'"{GameClock._meta.db_table}"'
    reads = [query["sql"] for query in captured.captured_queries if clock in query["sql"]]
    assert len(reads) == 1
    assert f'FROM "{Event._meta.db_table}" LEFT OUTER JOIN {clock}' in reads[0]


@pytest.mark.parametrize("page", ["hall", "console"])
def test_the_hall_and_the_console_read_the_regions_once(client, hall, page):
    """The clock's winter lists, the hall's rows, the console's other tables and where the people its letters go
    to stand are the same regions, read once (umpire.selectors.get_regions), and the table the console is of
    is found among them, its event not read again."""
    user, url = pages(hall)[page]
    client.force_login(user)
    Region.objects.filter(pk=hall.illyria.pk).get().save()  # a new setting mark: the next page reads them
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    region = f'FROM "{Region._meta.db_table}"'
    regions = [query["sql"] for query in captured.captured_queries if region in query["sql"]]
    assert len(regions) == 1
    assert not any(f'"{Event._meta.db_table}"' in sql for sql in regions)


@pytest.mark.parametrize("page", list(QUERIES))
def test_no_page_joins_the_event_only_to_order_by_it(client, hall, page):
    """A model ordered by its event, its letter, its battle or its force orders by that record's id, not by that
    record's own ordering: the same order within one event, without a join on every read (21 of the pages' 140
    queries joined the event to order by its name)."""
    user, url = pages(hall)[page]
    client.force_login(user)
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    orders = [query["sql"].split(" ORDER BY ")[1:] for query in captured.captured_queries]
    orders = [order for query_orders in orders for order in query_orders]
    assert not [order for order in orders if f'"{Event._meta.db_table}".' in order]


def counts(view):
    return view.needs_action, view.overdue, view.count_words


@pytest.mark.parametrize("turns_skipped", [0, 1])
def test_the_halls_counts_are_what_each_console_counts(hall, turns_skipped):
    """The hall counts each panel for every table at once; each cell must say what that table's console says,
    for Control and for a Region umpire, with work waiting, work overdue and letters stuck in a tray."""
    grow(hall)
    for _ in range(turns_skipped):
        clockwork.do_skip_turn(hall.event, actor=hall.control)
    now = timezone.now() + timedelta(minutes=41 * turns_skipped)  # past the post's stuck_after_minutes
    for user in (hall.control, hall.illyria_umpire):
        for row in get_hall(hall.event, user, now):
            console = get_console(row.table, user, now)
            assert [counts(item.view) for item in row.panels] == [counts(item.view) for item in console], row.table
    illyria = {item.panel.name: item.view for item in hall_row(hall, now).panels}
    if turns_skipped:
        assert all(illyria[name].overdue for name in ("mail.letters", "warfare.fights", "umpire.follow_ups"))
    else:
        assert all(view.needs_action for name, view in illyria.items() if name != "boardgames.sequence")
        assert not any(view.overdue for view in illyria.values())


def hall_row(hall, now):
    return next(row for row in get_hall(hall.event, hall.control, now) if row.table == hall.illyria)


def test_the_letters_to_hand_out_are_read_alone_and_name_where_their_recipients_stand(client, hall):
    """Joined for each of five people (sender, addressee and the holders of an office), where each stood and
    was going made the console's letters query fourteen tables, which PostgreSQL took longer to plan than the
    rest of the page to run (issue 34). The letters are read alone, their people after them, and the regions
    the page has read name where they stand."""
    user, url = pages(hall)["console"]
    client.force_login(user)
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url).content.decode()
    (letters,) = [query["sql"] for query in captured.captured_queries if 'FROM "mail_letter"' in query["sql"]]
    assert " JOIN " not in letters
    assert "at the Illyria table" in page
