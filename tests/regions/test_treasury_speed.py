"""The treasury's index, opened all day at every table, reads only the purses the umpire keeps: a table's
umpire keeps a handful of the hall's 300, and reading and summing all of them to show his few was most of his
page's time. Control's lists every purse of the hall: each row reads only the columns it shows, and the
links come from one reverse for the whole list rather than one a row (issue 34)."""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from regions import views
from regions.services.books import do_open_books
from umpire.models import Character

PURSES = 'FROM "regions_account"'
# the purses' list: the characters' own columns, read as rows (the sums read them only in a subquery, as U0)
CHARACTERS = 'SELECT "umpire_character"."id" AS "pk", "umpire_character"."name" AS "name"'


@pytest.fixture
def books(ad69):
    do_open_books(ad69, actor=None)
    return ad69


def treasury_queries(client, user, event):
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/events/{event.slug}/treasury/").status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_a_tables_umpire_reads_and_sums_only_the_purses_he_keeps(client, books, illyria_umpire):
    sqls = treasury_queries(client, illyria_umpire, books)
    sums = [sql for sql in sqls if PURSES in sql and '"regions_account"."character_id" AS' in sql]
    listed = [sql for sql in sqls if CHARACTERS in sql]
    assert len(sums) == len(listed) == 1
    assert by_location(sums[0]) and by_location(listed[0])


def by_location(sql):
    """Whether `sql` keeps the rows at a list of tables: Django's IN, or on PostgreSQL one array of them."""
    return '"location_id" IN' in sql or '"location_id" = ANY(' in sql


def test_the_index_lists_every_purse_he_keeps_with_its_balance_and_no_other(client, books, illyria_umpire):
    at_illyria = Character.objects.filter(event=books, location__name="Illyria").order_by("name")
    client.force_login(illyria_umpire)
    text = client.get(f"/events/{books.slug}/treasury/").content.decode()
    shown = [row.split('"')[0] for row in text.split('id="purse-')[1:]]
    assert shown == [str(character.pk) for character in at_illyria] != []


def test_the_purses_listed_read_only_the_name_role_and_whereabouts(client, books, control):
    (listed,) = [sql for sql in treasury_queries(client, control, books) if CHARACTERS in sql]
    assert '"umpire_character"."wealth"' not in listed and '"umpire_region"."winter_on_land"' not in listed


def test_the_purses_links_come_from_one_reverse(client, books, control):
    client.force_login(control)
    with mock.patch.object(views, "reverse", wraps=views.reverse) as reversed_:
        text = client.get(f"/events/{books.slug}/treasury/").content.decode()
    assert reversed_.call_count == 1
    for character in Character.objects.filter(event=books):
        assert f'<a href="{reverse("regions:treasury-purse", args=[books.slug, character.pk])}"><strong>' in text
