"""The letters' panel on a table's console and its cells on the hall ask the post for less (issue 34): the
letters to hand out are read unordered and sorted oldest first as read; the hall counts each tray's letters
from plain rows of their tray and when they moved, not grouped counts, and Control's without naming every
tray he sees. What they show holds: oldest first, late once a letter has waited longer than the post's set
time, and a tray's umpire counts his own trays alone."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mail.console_panels import count_letters, gather_letters, stuck_after
from mail.models import Letter
from mail.selectors import get_to_hand_out
from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from umpire.table_console import get_map_tables

LETTERS = f'FROM "{Letter._meta.db_table}"'


def arrives(hall, table, umpire, moved_at):
    """Posted at Rome to Antonius Primus, carried by Fuscus and left at `table`, having last moved at `moved_at`."""
    letter = do_post_letter(
        hall.rome, sender=hall.scribonius, addressee=hall.primus, destination=table, actor=hall.rome_umpire
    )
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=table, actor=umpire)
    Letter.objects.filter(pk=letter.pk).update(moved_at=moved_at)
    return letter


@pytest.fixture
def trays(hall):
    """At Illyria, a letter that moved a minute ago, one that has waited past the post's set time and one that
    moved at the same moment after it (so the oldest is not the first posted); at Gaul, one not yet late."""
    now = timezone.now()
    late = now - timedelta(minutes=stuck_after(hall.event) + 1)
    recent = arrives(hall, hall.illyria, hall.illyria_umpire, now - timedelta(minutes=1))
    oldest = arrives(hall, hall.illyria, hall.illyria_umpire, late)
    tied = arrives(hall, hall.illyria, hall.illyria_umpire, late)
    arrives(hall, hall.gaul, hall.gaul_umpire, now)
    return now, [oldest, tied, recent]


def letter_queries(read):
    with CaptureQueriesContext(connection) as captured:
        read()
    return [query["sql"] for query in captured if LETTERS in query["sql"]]


def test_the_letters_to_hand_out_are_read_unordered_and_shown_oldest_first(hall, trays):
    now, letters = trays
    (sql,) = letter_queries(lambda: get_to_hand_out(hall.illyria))
    assert "ORDER BY" not in sql
    assert [item.letter for item in get_to_hand_out(hall.illyria)] == letters
    rows = gather_letters(hall.illyria, hall.illyria_umpire, now).rows
    assert [(row.text.split(" ")[0], row.overdue) for row in rows] == [
        (letters[0].shown_code, True),
        (letters[1].shown_code, True),
        (letters[2].shown_code, False),
    ]


def test_the_halls_letters_are_counted_from_plain_rows_of_every_tray(hall, trays):
    now = trays[0]
    tables = get_map_tables(hall.event)
    (sql,) = letter_queries(lambda: count_letters(hall.event, hall.control, now, tables))
    assert "GROUP BY" not in sql and "COUNT(" not in sql
    assert '"at_table_id" IN' not in sql and '"at_table_id" = ANY(' not in sql  # Django's list, or PostgreSQL's array
    cells = count_letters(hall.event, hall.control, now, tables)
    assert (cells[hall.illyria.pk].needs_action, cells[hall.illyria.pk].overdue) == (3, 2)
    assert (cells[hall.gaul.pk].needs_action, cells[hall.gaul.pk].overdue) == (1, 0)
    assert (cells[hall.rome.pk].needs_action, cells[hall.rome.pk].overdue) == (0, 0)


def test_a_tables_umpire_counts_the_letters_of_the_trays_he_keeps_alone(hall, trays):
    now = trays[0]
    cells = count_letters(hall.event, hall.illyria_umpire, now, get_map_tables(hall.event))
    assert (cells[hall.illyria.pk].needs_action, cells[hall.illyria.pk].overdue) == (3, 2)
    assert (cells[hall.gaul.pk].needs_action, cells[hall.gaul.pk].overdue) == (0, 0)
