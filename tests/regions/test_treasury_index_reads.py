"""The treasury's index, open all day at a third of the tables and drawn again with every transfer at them,
reads each thing once and only what it shows (issue 34): the clock once, the view's turn being the index's;
each statement with its province; the sums of the treasuries, bills and purses without joining the event;
Control's purses without asking which are his, since all are; where each purse's holder is from the tables
the page has read already; of the troops unpaid, the columns their rows show. Its whole numbers are written
as `{{ value }}` would write them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.services.books import OPENING, do_open_books, outside, purse_of
from regions.services.ledger import do_transfer
from regions.services.taxes import do_run_tax_turn
from regions.templatetags.treasury import figure
from umpire.drawn import text
from umpire.models import Character, GameClock, Region

SEPTEMBER = 1  # AD69's first turn, a tax turn
PURSE_SUMS = '"regions_account"."character_id" AS'
PURSES_LISTED = 'SELECT "umpire_character"."id" AS "pk", "umpire_character"."name" AS "name"'


@pytest.fixture
def books(ad69):
    """The books open and the September statements drawn up, as on the first tax turn."""
    do_open_books(ad69, actor=None)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    return ad69


def index_queries(client, user, event):
    client.force_login(user)
    url = f"/events/{event.slug}/treasury/"
    client.get(url)  # the first page keeps the event's setting for the pages after it
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_the_index_reads_the_clock_once_with_its_event(client, books, illyria_umpire):
    sqls = index_queries(client, illyria_umpire, books)
    (clock,) = [sql for sql in sqls if '"umpire_gameclock"' in sql]
    assert 'FROM "umpire_event" LEFT OUTER JOIN "umpire_gameclock"' in clock


def test_the_index_reads_each_statement_with_its_province(client, books, control):
    sqls = index_queries(client, control, books)
    assert not [sql for sql in sqls if 'FROM "regions_taxstatement"' in sql]


def test_no_sum_on_the_index_joins_the_event(client, books, control):
    assert not [sql for sql in index_queries(client, control, books) if 'JOIN "umpire_event"' in sql]


def test_controls_purses_are_summed_without_asking_whose_they_are(client, books, control):
    (sums,) = [sql for sql in index_queries(client, control, books) if PURSE_SUMS in sql]
    assert "umpire_character" not in sums


def test_the_purses_listed_take_where_each_holder_is_from_the_tables_read_already(client, books, control):
    (listed,) = [sql for sql in index_queries(client, control, books) if PURSES_LISTED in sql]
    assert "umpire_region" not in listed


def test_a_purse_row_names_the_role_and_where_its_holder_is_or_that_he_is_travelling(client, books, control):
    blasio = Character.objects.get(event=books, name="Cornelius Blasio")
    Character.objects.filter(event=books, name="Titus Vinius").update(location=None)
    client.force_login(control)
    page = client.get(f"/events/{books.slug}/treasury/").content.decode()
    assert f'</a> <span class="muted">{blasio.get_role_display()}</span></td><td>{blasio.location}</td>' in page
    vinius = page[page.index("<strong>Titus Vinius</strong>") :]
    assert vinius.index("<td>travelling</td>") < vinius.index("</tr>")


def test_the_index_query_count_does_not_grow_with_the_purses(client, books, control):
    baseline = len(index_queries(client, control, books))
    illyria, opening = Region.objects.get(event=books, name="Illyria"), outside(books, OPENING)
    for n in range(5):
        character = Character.objects.create(
            event=books, name=f"Extra {n}", role="senator", social_class="senator", location=illyria if n else None
        )
        do_transfer(source=opening, target=purse_of(character), talents=1000 + n, why="seed", actor=None)
    assert len(index_queries(client, control, books)) == baseline


@pytest.mark.parametrize("grouped", [False, True], ids=["digits", "thousands grouped"])
def test_a_figure_is_written_as_the_template_writes_a_whole_number(settings, grouped):
    settings.USE_THOUSAND_SEPARATOR = grouped
    for number in (0, 7, -12, 1234567, -98765):
        assert figure(number) == text(number)


def test_the_troops_unpaid_read_only_what_their_rows_show(client, books, control):
    GameClock.objects.filter(event=books).update(turn=SEPTEMBER + 1)  # the tax turn is over: troops unpaid
    (troops,) = [
        sql for sql in index_queries(client, control, books) if 'ORDER BY "regions_taxstatement"."turn"' in sql
    ]
    assert '"regions_taxstatement"."lines"' not in troops and '"regions_force"."status"' not in troops
