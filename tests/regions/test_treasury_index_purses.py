"""Control's treasury index lists every purse of the hall: each row reads only the columns it shows, and its
link comes from one reverse for the whole list rather than one a row (issue 34)."""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from regions import views
from regions.services.books import do_open_books
from umpire.models import Character

PURSES_LISTED = 'ORDER BY "umpire_character"."name"'


@pytest.fixture
def books(ad69):
    do_open_books(ad69, actor=None)
    return ad69


def test_the_purses_listed_read_only_the_name_role_and_whereabouts(client, books, control):
    client.force_login(control)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/events/{books.slug}/treasury/").status_code == 200
    (listed,) = [q["sql"] for q in captured.captured_queries if PURSES_LISTED in q["sql"]]
    assert '"umpire_character"."wealth"' not in listed and '"umpire_region"."winter_on_land"' not in listed


def test_the_purses_links_come_from_one_reverse(client, books, control):
    client.force_login(control)
    with mock.patch.object(views, "reverse", wraps=views.reverse) as reversed_:
        text = client.get(f"/events/{books.slug}/treasury/").content.decode()
    assert reversed_.call_count == 1
    for character in Character.objects.filter(event=books):
        assert f'<a href="{reverse("regions:treasury-purse", args=[books.slug, character.pk])}"><strong>' in text
