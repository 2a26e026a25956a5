"""A request's seats are read once (umpire.request_roles): every permission check of one page reuses them,
and the next request reads them again, so a seat given or taken between two pages is seen on the second."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from umpire import clockwork
from umpire.models import Region, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.request_roles import seats_read_once
from umpire.selectors import (
    can,
    can_anywhere,
    can_edit_world_anywhere,
    can_move_players_at,
    get_roles,
    get_seats,
    get_tables_kept,
    get_turn,
)
from umpire.services.seats import do_assign_seat, do_remove_seat

SEATS = UmpireSeat._meta.db_table
# Measured on this world (8 map tables, the clock started, no work waiting). Before the seats were read once a
# request, Control's hall overview ran 256 queries, 105 of them seat look-ups, and a table's console 48, 22 of them;
# with the core's checks reading them once, 176 (25) and 30 (4), since the post's, the fights' and the money's
# scopes still read the seats themselves. Now every scope asks umpire.selectors.get_seats, and the hall counts
# each panel for all its tables at once (tests/umpire/test_page_queries.py). Since the seats are part of the
# event's setting (umpire.event_setting), a page after the first reads none: its process keeps them. The clock
# comes with the event (umpire.selectors.find_event): one fewer each. The user comes with the session
# (umpire.sessions): one fewer again.
HALL_QUERIES, CONSOLE_QUERIES = 10, 10


def table(event, name):
    return Region.objects.get(event=event, name=name)


def seat_queries(captured):
    return [query["sql"] for query in captured.captured_queries if f'"{SEATS}"' in query["sql"]]


def console_url(event, name):
    return f"/events/{event.slug}/tables/{table(event, name).pk}/console/"


@pytest.fixture
def hall(ad69, control):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


def test_the_hall_overview_reads_controls_seats_once_then_keeps_them(client, hall, control):
    client.force_login(control)
    with CaptureQueriesContext(connection) as first:
        assert client.get(f"/control/{hall.slug}/hall/").status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/control/{hall.slug}/hall/").status_code == 200
    assert len(seat_queries(first)) == 1
    assert len(seat_queries(captured)) == 0
    assert len(captured) == HALL_QUERIES


def test_a_tables_console_reads_its_umpires_seats_once_then_keeps_them(client, hall, illyria_umpire):
    client.force_login(illyria_umpire)
    url = console_url(hall, "Illyria")
    with CaptureQueriesContext(connection) as first:
        assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    assert len(seat_queries(first)) == 1
    assert len(seat_queries(captured)) == 0
    assert len(captured) == CONSOLE_QUERIES  # an umpire's menu names his tables from the page's regions


def test_every_permission_check_in_one_request_reads_the_seats_once(ad69, illyria_umpire, django_assert_num_queries):
    illyria, gaul = (Region.objects.select_related("event").get(event=ad69, name=n) for n in ("Illyria", "Gaul"))
    with seats_read_once(), django_assert_num_queries(1):
        for perm in Perm:
            can(illyria_umpire, ad69, perm)
        assert get_roles(illyria_umpire, ad69) == {Role.REGION}
        assert get_tables_kept(illyria_umpire, ad69) == {illyria.pk}
        assert can_move_players_at(illyria_umpire, illyria)
        assert not can_move_players_at(illyria_umpire, gaul)
        assert can_anywhere(illyria_umpire, Perm.KEEP_POST)
        assert not can_edit_world_anywhere(illyria_umpire)


def test_two_umpires_in_one_request_keep_their_own_seats(ad69, illyria_umpire, gaul_umpire):
    with seats_read_once():
        assert get_tables_kept(illyria_umpire, ad69) == {table(ad69, "Illyria").pk}
        assert get_tables_kept(gaul_umpire, ad69) == {table(ad69, "Gaul").pk}


def test_a_seat_given_between_two_requests_is_seen_on_the_second(client, ad69, gaul_umpire):
    client.force_login(gaul_umpire)
    assert client.get(console_url(ad69, "Illyria")).status_code == 404
    seat = do_assign_seat(event=ad69, user=gaul_umpire, role=Role.REGION, region=table(ad69, "Illyria"), actor=None)
    assert client.get(console_url(ad69, "Illyria")).status_code == 200
    do_remove_seat(seat, actor=None)
    assert client.get(console_url(ad69, "Illyria")).status_code == 404


def test_a_seat_given_during_a_request_is_seen_by_its_later_checks(ad69, illyria_umpire):
    gaul = table(ad69, "Gaul")
    with seats_read_once():
        assert gaul.pk not in get_tables_kept(illyria_umpire, ad69)
        seat = do_assign_seat(event=ad69, user=illyria_umpire, role=Role.REGION, region=gaul, actor=None)
        assert gaul.pk in get_tables_kept(illyria_umpire, ad69)
        do_remove_seat(seat, actor=None)
        assert gaul.pk not in get_tables_kept(illyria_umpire, ad69)


def test_outside_a_request_each_check_reads_the_seats(ad69, illyria_umpire, django_assert_num_queries):
    """A socket open for hours checks outside any request: it must see a seat taken at once."""
    with django_assert_num_queries(2):
        get_roles(illyria_umpire, ad69)
        get_roles(illyria_umpire, ad69)
    UmpireSeat.objects.filter(user=illyria_umpire).delete()
    assert not can(illyria_umpire, ad69, Perm.KEEP_POST)


def test_the_seats_read_are_forgotten_when_the_request_ends(client, ad69, illyria_umpire, django_assert_num_queries):
    client.force_login(illyria_umpire)
    assert client.get(console_url(ad69, "Illyria")).status_code == 200
    illyria = table(ad69, "Illyria")
    with django_assert_num_queries(1):
        assert get_seats(illyria_umpire, ad69) == [(Role.REGION, illyria.pk)]


def test_a_request_reads_the_clocks_turn_once(hall, django_assert_num_queries):
    with seats_read_once(), django_assert_num_queries(1):
        assert [get_turn(hall) for _ in range(5)] == [1] * 5


def test_a_turn_ended_during_a_request_is_seen_by_its_later_reads(hall, control):
    with seats_read_once():
        assert get_turn(hall) == 1
        clockwork.do_skip_turn(hall, actor=control)
        assert get_turn(hall) == 2


def test_outside_a_request_each_turn_is_read_again(hall, django_assert_num_queries):
    """A task or a socket asks the turn outside any request: it must see the turn move on at once."""
    with django_assert_num_queries(2):
        get_turn(hall)
        get_turn(hall)
