"""A table's console is open all day and reloads on every change at its table: its panels read only what their
rows show (issue 34)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mail.console_panels import gather_letters
from mail.models import Letter
from regions.models import Province
from tests.regions.forces_builders import legion
from tests.umpire.test_page_queries import grow, pages
from tests.umpire.test_page_queries import hall as page_hall  # noqa: F401  (fixture)
from tests.umpire.test_table_console import busy, follow_up, hall, letter_arrives  # noqa: F401  (fixtures)
from umpire.models import FollowUp
from umpire.services.followups import do_acknowledge_follow_up
from umpire.table_console import gather_follow_ups
from warfare.console_panels import gather_fights
from warfare.models import Battle, Siege
from warfare.services.sieges import do_begin_siege


def letter_queries(captured):
    return [query["sql"] for query in captured if f'FROM "{Letter._meta.db_table}"' in query["sql"]]


def test_the_letters_to_hand_out_are_read_without_their_contents(busy):
    with CaptureQueriesContext(connection) as captured:
        view = gather_letters(busy.illyria, busy.illyria_umpire, timezone.now())
    assert [row.note for row in view.rows] == ["at the Illyria table"]
    (sql,) = letter_queries(captured)
    assert '"contents"' not in sql and '"runner"' not in sql


def test_a_letter_to_an_office_is_handed_to_its_holder_wherever_he_is(busy):
    pannonia = Province.objects.get(event=busy.event, name="Pannonia")
    Province.objects.filter(pk=pannonia.pk).update(governor=busy.scribonius)
    letter = letter_arrives(busy)
    Letter.objects.filter(pk=letter.pk).update(addressee=None, office="governor", office_province=pannonia)
    rows = gather_letters(busy.illyria, busy.illyria_umpire, timezone.now()).rows
    assert [row.note for row in rows] == ["at the Illyria table", "at the Italia/Rome table"]
    assert rows[1].text.endswith("to the Governor of Pannonia")


def test_the_consoles_follow_ups_are_the_open_ones_without_the_inbox_read(busy):
    done = follow_up(busy, "Seen to already")
    do_acknowledge_follow_up(done, actor=busy.illyria_umpire)
    with CaptureQueriesContext(connection) as captured:
        rows = gather_follow_ups(busy.illyria, busy.illyria_umpire, timezone.now()).rows
    assert [row.text for row in rows] == ["Legion XV lost half its strength in Gaul"]
    (sql,) = [query["sql"] for query in captured if f'FROM "{FollowUp._meta.db_table}"' in query["sql"]]
    assert '"auth_user"' not in sql  # neither who sent it nor who acknowledged it is shown


def test_the_consoles_fights_link_to_each_without_joining_the_event_again(busy):
    pannonia = Province.objects.get(event=busy.event, name="Pannonia")
    troops = [("legionary", 5, False)]
    siege = do_begin_siege(
        besiegers=[legion(busy.event, "Legio Obsidens", "Pannonia", troops)],
        place="Poetovio",
        place_type="minor_fortified_city",
        province=pannonia,
        garrison=[],
        actor=busy.control,
    )
    battle = Battle.objects.get(event=busy.event)
    with CaptureQueriesContext(connection) as captured:
        view = gather_fights(busy.illyria, busy.illyria_umpire, timezone.now())
    slug = busy.event.slug
    assert [row.link for row in view.rows] == [
        f"/events/{slug}/battles/{battle.pk}/",
        f"/events/{slug}/sieges/{siege.pk}/",
    ]
    fights = [query["sql"] for query in captured if f'FROM "{Battle._meta.db_table}"' in query["sql"]]
    fights += [query["sql"] for query in captured if f'FROM "{Siege._meta.db_table}"' in query["sql"]]
    assert len(fights) == 2 and not any('"umpire_event"' in sql for sql in fights)


# None: each page finds its event by the slug alone, and the console's table is found in it, not joined to it.
EVENT_JOINS = {"console": 0, "hall": 0}


@pytest.fixture
def grown_hall(page_hall):
    grow(page_hall)
    return page_hall


def joins_to_the_event(client, user, url):
    client.force_login(user)
    client.get(url)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in captured if 'JOIN "umpire_event"' in query["sql"]]


@pytest.mark.parametrize("page", ["console", "hall"])
def test_the_console_and_the_hall_read_the_event_once_not_with_each_list(client, grown_hall, page):
    """The page has the event; its clock, the map tables, the turn's phases and the work under way were each
    joined to it again (the tables and phases by their models' ordering, which starts with the event)."""
    user, url = pages(grown_hall)[page]
    assert len(joins_to_the_event(client, user, url)) == EVENT_JOINS[page]


def test_the_consoles_fights_read_only_what_their_rows_show(busy):
    """A battle's row shows its title, state, turn and claim; a siege's its place, state and first turn. The
    forces' sides, multipliers and engines, and the claimant's password, were read into every row."""
    do_begin_siege(
        besiegers=[legion(busy.event, "Legio Obsidens", "Pannonia", [("legionary", 5, False)])],
        place="Poetovio",
        place_type="minor_fortified_city",
        province=Province.objects.get(event=busy.event, name="Pannonia"),
        garrison=[],
        actor=busy.control,
    )
    battle = Battle.objects.get(event=busy.event)
    battle.renew_claim(busy.illyria_umpire)
    battle.save()
    with CaptureQueriesContext(connection) as captured:
        view = gather_fights(busy.illyria, busy.illyria_umpire, timezone.now())
    assert [row.note.split(", ")[1] for row in view.rows] == [
        f"claimed by {busy.illyria_umpire.username}",
        "no work yet this month",
    ]
    assert [row.text for row in view.rows][1] == "Siege of Poetovio: under siege"
    (battles,) = [query["sql"] for query in captured if f'FROM "{Battle._meta.db_table}"' in query["sql"]]
    (sieges,) = [query["sql"] for query in captured if f'FROM "{Siege._meta.db_table}"' in query["sql"]]
    assert '"side_a_name"' not in battles and '"password"' not in battles
    assert '"multiplier"' not in sieges and '"engines_required"' not in sieges
