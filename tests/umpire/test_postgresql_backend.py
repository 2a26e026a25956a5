"""The console's PostgreSQL backend compares the column types of a join's two fields once per pair, not on every
query compiled, and still casts one side where they differ, as Django's does. It reads timestamps with psycopg's
own loader, as the same UTC datetimes Django's gave."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.db.models import BigIntegerField, Field, IntegerField
from django.db.models.functions import Cast
from psycopg.pq import Format

from mail.models import Letter
from umpire.models import Announcement
from umpire.postgresql import base, operations


@pytest.fixture
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("the console's own backend is PostgreSQL's")


def types_asked_while(monkeypatch, compile_query):
    asked = []
    db_type = Field.db_type

    def note(self, connection):
        asked.append(self)
        return db_type(self, connection)

    monkeypatch.setattr(Field, "db_type", note)
    compile_query()
    return len(asked)


def a_letter_with_its_sender():
    return str(Letter.objects.select_related("sender", "destination").filter(code="ABC123").query)


@pytest.mark.django_db
def test_a_joins_column_types_are_compared_once_per_pair_of_fields(postgresql, monkeypatch):
    monkeypatch.setattr(operations, "_TYPES_DIFFER", {})
    assert types_asked_while(monkeypatch, a_letter_with_its_sender) == 4  # two joins, two fields each
    assert types_asked_while(monkeypatch, a_letter_with_its_sender) == 0
    assert 'INNER JOIN "umpire_character" ON ("mail_letter"."sender_id" = "umpire_character"."id")' in (
        a_letter_with_its_sender()
    )


def test_a_join_of_two_columns_of_different_types_still_casts_one(postgresql):
    left, right = IntegerField(), BigIntegerField()
    same = connection.ops.prepare_join_on_clause("a", left, "b", IntegerField())
    cast = connection.ops.prepare_join_on_clause("a", left, "b", right)
    assert not isinstance(same[1], Cast)
    assert isinstance(cast[1], Cast) and cast[1].output_field is left


@pytest.mark.django_db
def test_a_timestamp_is_read_by_psycopgs_own_loader_as_the_same_utc_moment(postgresql):
    in_rome_in_summer = datetime(2026, 7, 1, 12, 30, 15, 250000, tzinfo=ZoneInfo("Europe/Rome"))
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::timestamptz", [in_rome_in_summer])
        (read,) = cursor.fetchone()
        loader = cursor.cursor.adapters.get_loader(base.TIMESTAMPTZ, Format.TEXT)
    assert loader is base.PSYCOPGS_TIMESTAMPS
    assert read == in_rome_in_summer and read.tzinfo is UTC
    assert read.hour == 10


@pytest.mark.django_db
def test_a_models_moment_comes_back_as_it_was_saved(postgresql, ad69):
    midsummer_midnight = datetime(2026, 6, 30, 23, 59, 59, 999999, tzinfo=ZoneInfo("Europe/London"))
    announcement = Announcement.objects.create(event=ad69, text="Galba is dead", published_at=midsummer_midnight)
    read = Announcement.objects.get(pk=announcement.pk).published_at
    assert read == midsummer_midnight and read.tzinfo is UTC
    assert (read.day, read.hour) == (30, 22)
