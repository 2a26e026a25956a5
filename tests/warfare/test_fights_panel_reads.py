"""The fights' panel on a table's console and its cells on the hall read rows of the columns they show, not
battles and sieges (issue 34): no model instance built, the sieges' months joined rather than prefetched, no
query ordered or grouped (the few rows are sorted and counted as read), and the drafts' filter left out for the
umpire who runs the table. What they show is the same in every state a fight can be in: claimed, its claim
lapsed or unclaimed, overdue or not, a draft hidden from one who only watches the table, a siege worked this
month or idle."""

import contextlib
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from regions.models import Province
from tests.regions.forces_builders import legion
from tests.warfare.test_non_roman_scope import illyria, nrw, pannonia  # noqa: F401  (fixtures)
from umpire import clockwork
from umpire.models import Region
from umpire.table_console import Row, get_map_tables
from warfare.console_panels import count_fights, gather_fights
from warfare.models import Battle, Siege, SiegeMonth
from warfare.selectors import FightScope
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

TROOPS = [("legionary", 5, False)]
FIGHTS = (f'"{Battle._meta.db_table}"', f'"{Siege._meta.db_table}"', f'"{SiegeMonth._meta.db_table}"')


def battle(table, a, b, place, umpire):
    return do_open_battle(table, side_a_forces=[a], side_b_forces=[b], place=place, actor=umpire)


def siege(event, place, control):
    besiegers = [legion(event, f"Legion before {place}", "Pannonia", TROOPS)]
    pannonia = Province.objects.get(event=event, name="Pannonia")
    return do_begin_siege(
        besiegers=besiegers,
        place=place,
        place_type="minor_fortified_city",
        province=pannonia,
        garrison=[],
        actor=control,
    )


def month(siege, turn, legion=None):
    """A month's work placed directly (test set-up, not the siege desk's adjudication)."""
    action = SiegeMonth.Action.BUILD_ENGINES if legion else SiegeMonth.Action.REDUCE_DEFENCES
    return SiegeMonth.objects.create(
        siege=siege, turn=turn, action=action, legion=legion, case={}, outcome={}, working={}
    )


@pytest.fixture
def fights(ad69, illyria, pannonia, control, illyria_umpire, gaul_umpire):  # noqa: F811
    """At Illyria in turn 2: a draft of Romans opened in turn 1 and claimed (opened last on the wall clock, so
    listed last), the Iazyges' draft of turn 1 whose claim has lapsed, and a battle of turn 2 published with its
    losses proposed and unclaimed; a siege begun in turn 2 with two sets of engines built this month, one worked
    last month only and one never worked. At Gaul, a draft of turn 1."""
    event, legions = ad69, [legion(ad69, f"Legion {n}", "Pannonia", TROOPS) for n in ("XV", "XVI", "XVII")]
    romans = battle(illyria, pannonia["xiii"], pannonia["vii"], "Mursa", illyria_umpire)
    hosts = battle(illyria, pannonia["iazyges"], legions[0], "Cibalae", illyria_umpire)
    gaul = Region.objects.get(event=event, name="Gaul")
    belgica = legion(event, "Legion I", "Belgica", TROOPS)
    battle(gaul, pannonia["belgica"], belgica, "Bonna", gaul_umpire)
    worked, idle, never = (siege(event, place, control) for place in ("Sirmium", "Siscia", "Poetovio"))
    clockwork.do_skip_turn(event, actor=control)
    published = battle(illyria, legions[1], legions[2], "Aquincum", illyria_umpire)
    Battle.objects.filter(pk=romans.pk).update(created_at=timezone.now() + timedelta(minutes=1))
    Battle.objects.filter(pk=hosts.pk).update(claim_expires_at=timezone.now() - timedelta(seconds=1))
    Battle.objects.filter(pk=published.pk).update(
        published_at=timezone.now(), state=Battle.State.LOSSES_PROPOSED, claimed_by=None, claim_expires_at=None
    )
    Siege.objects.filter(pk=worked.pk).update(begun_turn=2)
    month(idle, 1)
    month(worked, 1)
    for builder in legions[:2]:
        month(worked, 2, builder)
    return event, illyria, gaul, romans, hosts, published, (worked, idle, never)


def battle_row(fight, words, note, overdue):
    return Row(f"{fight.title}: {words}", f"/events/ad69/battles/{fight.pk}/", note, overdue)


def siege_row(fight, begun, done):
    return Row(
        f"Siege of {fight.place}: under siege", f"/events/ad69/sieges/{fight.pk}/", f"begun turn {begun}, {done}"
    )


def test_the_tables_umpire_sees_each_fight_at_his_table_as_it_stands(fights, illyria_umpire):
    event, illyria, _, romans, hosts, published, (worked, idle, never) = fights
    view = gather_fights(illyria, illyria_umpire, timezone.now())
    assert view.rows == (
        battle_row(hosts, "being fought", "opened turn 1, waiting: nobody has claimed it", True),
        battle_row(published, "losses proposed", "opened turn 2, waiting: nobody has claimed it", False),
        battle_row(romans, "being fought", "opened turn 1, claimed by region-illyria", True),
        siege_row(idle, 1, "no work yet this month"),
        siege_row(never, 1, "no work yet this month"),
        siege_row(worked, 2, "worked this month"),
    )
    assert (view.needs_action, view.overdue) == (5, 2)
    assert (view.link, view.link_text) == ("/events/ad69/battles/", "Open the battle desk")


def test_one_who_watches_the_table_sees_no_draft_of_romans_there(fights, nrw):  # noqa: F811
    event, illyria, _, romans, hosts, published, _ = fights
    view = gather_fights(illyria, nrw, timezone.now())
    assert [row.text for row in view.rows[:2]] == [
        f"{hosts.title}: being fought",
        f"{published.title}: losses proposed",
    ]
    assert romans.title not in str(view.rows) and (view.needs_action, view.overdue) == (4, 1)


def test_a_claim_lapses_at_its_time_on_the_panel(fights, illyria_umpire):
    romans = fights[3]
    later = Battle.objects.get(pk=romans.pk).claim_expires_at
    (row,) = [row for row in gather_fights(fights[1], illyria_umpire, later).rows if row.text.startswith(romans.title)]
    assert row.note == "opened turn 1, waiting: nobody has claimed it"


def test_the_halls_cells_count_what_each_console_shows(fights, control):
    event, illyria, gaul = fights[:3]
    now, tables = timezone.now(), get_map_tables(event)
    cells = count_fights(event, control, now, tables)
    for table in tables:
        view = gather_fights(table, control, now)
        assert (cells[table.pk].needs_action, cells[table.pk].overdue) == (view.needs_action, view.overdue)
    assert (cells[illyria.pk].needs_action, cells[illyria.pk].overdue) == (5, 2)
    assert (cells[gaul.pk].needs_action, cells[gaul.pk].overdue) == (1, 1)


def test_the_panel_and_the_hall_build_no_battle_siege_month_or_user(fights, control):
    event, illyria = fights[:2]
    now, tables = timezone.now(), get_map_tables(event)
    with contextlib.ExitStack() as stack:
        for model in (Battle, Siege, SiegeMonth, User):
            stack.enter_context(mock.patch.object(model, "from_db", side_effect=AssertionError(f"a {model} built")))
        view = gather_fights(illyria, control, now)
        cells = count_fights(event, control, now, tables)
    assert len(view.rows) == 6 and cells[illyria.pk].needs_action == 5


def fights_queries(read):
    with CaptureQueriesContext(connection) as captured:
        read()
    return [query["sql"] for query in captured if any(f"FROM {name}" in query["sql"] for name in FIGHTS)]


def test_the_consoles_sieges_read_their_months_in_the_same_query(fights, control):
    sqls = fights_queries(lambda: gather_fights(fights[1], control, timezone.now()))
    (sieges,) = [sql for sql in sqls if f"FROM {FIGHTS[1]}" in sql]
    assert len(sqls) == 2 and f"JOIN {FIGHTS[2]}" in sieges


def test_no_fights_query_is_ordered_or_grouped(fights, control):
    event, illyria = fights[:2]
    sqls = fights_queries(lambda: gather_fights(illyria, control, timezone.now()))
    sqls += fights_queries(lambda: count_fights(event, control, timezone.now(), get_map_tables(event)))
    assert len(sqls) == 4 and not [sql for sql in sqls if "ORDER BY" in sql or "GROUP BY" in sql]


def test_the_consoles_battles_are_read_without_the_event_or_the_drafts_filter_for_the_tables_umpire(
    fights,
    illyria_umpire,
    nrw,  # noqa: F811
):
    illyria = fights[1]
    (kept,) = fights_queries(lambda: gather_fights(illyria, illyria_umpire, timezone.now()))[:1]
    (watched,) = fights_queries(lambda: gather_fights(illyria, nrw, timezone.now()))[:1]
    assert '"published_at"' not in kept and '"event_id"' not in kept
    assert '"published_at"' in watched


def test_a_scope_sees_every_fight_at_a_table_it_runs_and_what_it_may_elsewhere():
    scope = FightScope(tables=frozenset({7}))
    assert scope.visible_at(7) == Q() and FightScope(everything=True).visible_at(8) == Q()
    assert scope.visible_at(8) == scope.visible()
