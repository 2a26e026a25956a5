"""On PostgreSQL a list of values looked up `__in` is sent as one array (umpire.postgresql.lookups): the same rows
as Django's `IN (...)`, one statement whatever the list's length, and Django's own SQL wherever an array would not
do (issue 34)."""

import pytest
from django.db import connection
from django.db.models import ExpressionWrapper, F, IntegerField
from django.test.utils import CaptureQueriesContext

from umpire.models import Character, Region
from umpire.postgresql import lookups


def sent(queryset):
    """The rows' names, and the one statement sent for them with its parameters."""
    with CaptureQueriesContext(connection) as captured:
        names = sorted(queryset.values_list("name", flat=True))
    (query,) = captured.captured_queries
    return names, query["sql"]


def statement(queryset):
    return queryset.query.sql_with_params()


@pytest.fixture
def tables(postgres, ad69):
    return list(Region.objects.filter(event=ad69).order_by("pk"))


def test_listed_ids_are_one_array_of_the_columns_type(tables):
    wanted = [table.pk for table in tables[:3]]
    sql, params = statement(Region.objects.filter(pk__in=wanted))
    assert '"umpire_region"."id" = ANY(%s::bigint[])' in sql
    assert params == (wanted,)
    assert sorted(Region.objects.filter(pk__in=wanted).values_list("pk", flat=True)) == wanted


def test_every_length_of_list_is_the_same_statement(tables):
    shorter, longer = (statement(Region.objects.filter(pk__in=[t.pk for t in tables[:n]])) for n in (2, 7))
    assert shorter[0] == longer[0]
    assert len(longer[1][0]) == 7


def test_a_relations_list_takes_records_or_ids_and_leaves_none_out(ad69, tables):
    rome, illyria = (Region.objects.get(event=ad69, name=name) for name in ("Italia/Rome", "Illyria"))
    names, sql = sent(Character.objects.filter(event=ad69, location__in=[rome, illyria, None]))
    assert "= ANY(" in sql
    assert names == sent(Character.objects.filter(event=ad69, location_id__in=[rome.pk, illyria.pk]))[0]
    everyone = Character.objects.filter(event=ad69).values_list("name", "location")
    assert names == sorted(name for name, location in everyone if location in (rome.pk, illyria.pk))
    assert names


def test_text_columns_are_arrays_too(ad69, tables):
    names, sql = sent(Region.objects.filter(event=ad69, name__in=["Illyria", "Gaul", "Nowhere"]))
    assert names == ["Gaul", "Illyria"]
    assert "= ANY(" in sql


def test_a_list_of_nothing_but_none_finds_nothing(ad69, tables):
    assert list(Region.objects.filter(pk__in=[None])) == []


def test_a_subquery_and_a_list_of_expressions_are_left_as_django_writes_them(ad69, tables):
    subquery = Region.objects.filter(name="Illyria").values("pk")
    sql, _ = statement(Region.objects.filter(pk__in=subquery))
    assert "IN (SELECT" in sql and "ANY(" not in sql
    sql, _ = statement(Region.objects.filter(pk__in=[F("position"), tables[0].pk]))
    assert "ANY(" not in sql
    assert Region.objects.filter(pk__in=subquery).get().name == "Illyria"


def test_a_column_of_another_type_keeps_its_list(ad69, tables):
    sql, _ = statement(Character.objects.filter(left_table_at__in=[None, "2026-01-01T00:00:00Z"]))
    assert "ANY(" not in sql


def test_a_value_longer_than_its_column_is_not_cut_to_match(ad69, tables):
    """An array of the column's own varchar(12) would cut the value to twelve characters, and find this one."""
    Region.objects.filter(pk=tables[0].pk).update(winter_on_land="Oct-Feb-1234")
    assert not Region.objects.filter(winter_on_land__in=["Oct-Feb-12345"]).exists()
    assert Region.objects.filter(winter_on_land__in=["Oct-Feb-1234", "Oct-Feb-123"]).get().pk == tables[0].pk


def test_an_expressions_own_field_is_not_kept(ad69, tables, monkeypatch):
    """Only a model's fields are kept with their array's type: a field made for one query would be kept for ever."""
    monkeypatch.setattr(lookups, "_ELEMENT_TYPES", {})
    wanted = [table.position for table in tables[:2]]
    positions = Region.objects.annotate(place=ExpressionWrapper(F("position") + 0, output_field=IntegerField()))
    found = positions.filter(place__in=wanted, pk__in=[tables[0].pk])
    sql, _ = statement(found)
    assert "= ANY(%s::integer[])" in sql and "= ANY(%s::bigint[])" in sql
    assert list(found) == [tables[0]]
    assert list(lookups._ELEMENT_TYPES) == [Region._meta.pk]
