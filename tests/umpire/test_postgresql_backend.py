"""The console's PostgreSQL backend compares the column types of a join's two fields once per pair, not on every
query compiled, and still casts one side where they differ, as Django's does."""

import pytest
from django.db import connection
from django.db.models import BigIntegerField, Field, IntegerField
from django.db.models.functions import Cast

from mail.models import Letter
from umpire.postgresql import operations


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
