"""The core's own panels, on every console and the hall, read only what they show (issue 34): the players panel
its people as (name, where he is) rows, built into no character; the follow-ups panel its open follow-ups as
plain rows, joining neither the sending table (its name is among the request's regions) nor the record's kind;
the hall's two counts a plain read of each one's place, counted in Python rather than grouped. Their rows and
counts are what they were, in every state: here, on the way, at a table and bound for it, dead, acknowledged,
sent to Control, sent from no table, overdue, linked to a record with or without a page."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.umpire.test_table_console import follow_up, hall  # noqa: F401  (fixtures)
from umpire.models import Character, FollowUp, GameClock
from umpire.selectors import get_map_tables
from umpire.services.followups import do_acknowledge_follow_up, do_send_follow_up
from umpire.services.presence import do_check_out
from umpire.table_console import (
    HERE,
    ON_THE_WAY,
    count_follow_ups,
    count_players,
    gather_follow_ups,
    gather_players,
    tallied,
)


def person(hall, name, where, **more):
    return Character.objects.create(
        event=hall.event, name=name, role="senator", social_class="senator", location=where, **more
    )


@pytest.fixture
def crowd(hall):
    """At Illyria: one more here, one at it and bound for it (here), one dead; bound for Illyria: Fuscus
    checked out of Rome, one still at Gaul, and one dead on the road. Aemilius sorts first but is on the way."""
    person(hall, "Aulus Novicius", hall.illyria)
    person(hall, "Decimus Manens", hall.illyria, travelling_to=hall.illyria)
    person(hall, "Gaius Mortuus", hall.illyria, died_turn=1)
    person(hall, "Aemilius Viator", hall.gaul, travelling_to=hall.illyria)
    person(hall, "Titus Peremptus", None, travelling_to=hall.illyria, died_turn=1)
    do_check_out(hall.fuscus, to_table=hall.illyria, actor=hall.control)
    return hall


def players_at(hall, where):
    """The living at `where` in the world the tests load, besides those a test puts there."""
    return list(Character.objects.filter(location=where, died_turn__isnull=True).values_list("name", flat=True))


def captured_sql(read, table_name):
    with CaptureQueriesContext(connection) as captured:
        result = read()
    return result, [query["sql"] for query in captured if f'FROM "{table_name}"' in query["sql"]]


def no_instances_of(model, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError(f"a {model.__name__} was built")

    monkeypatch.setattr(model, "from_db", classmethod(refuse))


# ---- the players -------------------------------------------------------------------------------------


def test_the_players_are_here_first_then_on_the_way_each_by_name_and_the_dead_left_out(crowd):
    here = sorted(players_at(crowd, crowd.illyria))  # the world's, Primus, Flatulius, Novicius and Manens
    view = gather_players(crowd.illyria, crowd.illyria_umpire, timezone.now())
    assert [(row.text, row.note) for row in view.rows] == [(name, HERE) for name in here] + [
        ("Aemilius Viator", ON_THE_WAY),
        ("Cornelius Fuscus", ON_THE_WAY),
    ]
    assert "Decimus Manens" in here and "Gaius Mortuus" not in here
    assert (view.needs_action, view.overdue) == (2, 0)
    assert view.count_words == f"{len(here)} here, 2 on the way"
    assert view.link == f"/events/ad69/tables/{crowd.illyria.pk}/players/"


def test_one_at_a_table_and_bound_for_another_is_here_at_the_first_and_on_the_way_at_the_other(crowd):
    rows = gather_players(crowd.gaul, crowd.gaul_umpire, timezone.now()).rows
    assert ("Aemilius Viator", HERE) in [(row.text, row.note) for row in rows]


def test_the_players_are_read_as_names_and_places_building_no_character(crowd, monkeypatch):
    no_instances_of(Character, monkeypatch)
    view, (sql,) = captured_sql(
        lambda: gather_players(crowd.illyria, crowd.illyria_umpire, timezone.now()), Character._meta.db_table
    )
    assert len(view.rows) == len(players_at(crowd, crowd.illyria)) + 2
    selected = sql[: sql.index(" FROM ")]
    assert selected.count('"umpire_character".') == 2 and '"name"' in selected and '"location_id"' in selected
    assert "JOIN" not in sql and "ORDER BY" not in sql


def test_the_halls_tally_of_players_is_each_consoles(crowd):
    now = timezone.now()
    tables = get_map_tables(crowd.event)
    counted = count_players(crowd.event, crowd.control, now, tables)
    for table in tables:
        view = gather_players(table, crowd.control, now)
        assert (counted[table.pk].needs_action, counted[table.pk].count_words) == (view.needs_action, view.count_words)
    assert counted[crowd.illyria.pk].needs_action == 2


def test_the_halls_tally_of_players_is_a_plain_read_of_where_the_living_are(crowd, monkeypatch):
    no_instances_of(Character, monkeypatch)
    _, (sql,) = captured_sql(
        lambda: count_players(crowd.event, crowd.control, timezone.now(), get_map_tables(crowd.event)),
        Character._meta.db_table,
    )
    assert "GROUP BY" not in sql and "COUNT(" not in sql and "JOIN" not in sql


# ---- the follow-ups -------------------------------------------------------------------------------


@pytest.fixture
def word(crowd):
    """Follow-ups to Illyria: from Gaul, from no table (Control), about a record with a page and one without,
    those two sent at the same moment (the older first, though its words sort after), one acknowledged; and
    one to Control, one to Gaul. The clock is past turn 1: those sent then are overdue."""
    legion = crowd.legions[0]
    sent = [
        follow_up(crowd, "From Gaul, the oldest"),
        do_send_follow_up(crowd.event, text="From Control", actor=crowd.control, to_table=crowd.illyria),
        do_send_follow_up(crowd.event, text="The legion", actor=crowd.control, to_table=crowd.illyria, about=legion),
        do_send_follow_up(
            crowd.event, text="About a man", actor=crowd.control, to_table=crowd.illyria, about=crowd.primus
        ),
        follow_up(crowd, "Seen to"),
    ]
    do_acknowledge_follow_up(sent[-1], actor=crowd.illyria_umpire)
    do_send_follow_up(crowd.event, text="To Control", actor=crowd.control, to_control=True)
    do_send_follow_up(crowd.event, text="To Gaul", actor=crowd.control, to_table=crowd.gaul)
    start = timezone.now() - timedelta(hours=1)
    for minutes, turn, open_one in zip((0, 5, 3, 3), (1, 2, 1, 1), sent, strict=False):
        FollowUp.objects.filter(pk=open_one.pk).update(sent_at=start + timedelta(minutes=minutes), turn=turn)
    GameClock.objects.filter(event=crowd.event).update(turn=2)
    crowd.legion = legion
    return crowd


def shown(view):
    return [(row.text, row.link, row.note, row.overdue) for row in view.rows]


def test_a_tables_follow_ups_are_its_open_ones_oldest_first_with_their_sender_turn_and_link(word):
    legion_page = word.legion.get_absolute_url()
    admin_page = f"/admin/umpire/character/{word.primus.pk}/change/"
    expected = [
        ("From Gaul, the oldest", "", "from Gaul, turn 1", True),
        ("The legion", legion_page, "from Control, turn 1", True),
        ("About a man", "{man}", "from Control, turn 1", True),
        ("From Control", "", "from Control, turn 2", False),
    ]
    for user, man in ((word.control, admin_page), (word.illyria_umpire, "")):
        view = gather_follow_ups(word.illyria, user, timezone.now())
        assert shown(view) == [(text, link.format(man=man), *rest) for text, link, *rest in expected]
        assert (view.needs_action, view.overdue) == (4, 3)
        assert view.link == f"/events/ad69/tables/{word.illyria.pk}/follow-ups/"


def test_one_who_does_not_keep_the_table_reads_none_of_its_follow_ups(word):
    assert gather_follow_ups(word.illyria, word.gaul_umpire, timezone.now()).rows == ()


def test_the_follow_ups_are_read_as_rows_joining_nothing(word, monkeypatch):
    no_instances_of(FollowUp, monkeypatch)
    view, (sql,) = captured_sql(
        lambda: gather_follow_ups(word.illyria, word.control, timezone.now()), FollowUp._meta.db_table
    )
    assert len(view.rows) == 4
    assert "JOIN" not in sql and "ORDER BY" not in sql and '"event_id"' not in sql


def test_the_halls_follow_ups_are_each_consoles(word):
    now = timezone.now()
    tables = get_map_tables(word.event)
    for user in (word.control, word.illyria_umpire):
        counted = count_follow_ups(word.event, user, now, tables)
        for table in tables:
            view = gather_follow_ups(table, user, now)
            assert (counted[table.pk].needs_action, counted[table.pk].overdue) == (view.needs_action, view.overdue)
    assert (counted[word.illyria.pk].needs_action, counted[word.illyria.pk].overdue) == (4, 3)
    assert counted[word.gaul.pk].needs_action == 0  # the Region umpire does not keep Gaul


def test_the_halls_follow_ups_are_a_plain_read_of_each_ones_table_and_turn(word, monkeypatch):
    no_instances_of(FollowUp, monkeypatch)
    counted, (sql,) = captured_sql(
        lambda: count_follow_ups(word.event, word.control, timezone.now(), get_map_tables(word.event)),
        FollowUp._meta.db_table,
    )
    assert counted[word.gaul.pk].needs_action == 1
    assert "GROUP BY" not in sql and "COUNT(" not in sql
    assert " IN (" not in sql and " = ANY(" not in sql  # Control keeps every table: no list of them, nor an array


def test_the_halls_tally_counts_each_tables_work_and_what_of_it_is_overdue():
    waiting, overdue = tallied([(3, True), (3, False), (7, False), (3, True)])
    assert (dict(waiting), dict(overdue)) == ({3: 3, 7: 1}, {3: 2, 7: 0})
