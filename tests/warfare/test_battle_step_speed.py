"""The battle desk's steps under a hall's load (issue 34): a step's POST reads the battle once with what
its service needs, under the lock; the desk it sends the umpire back to reads the battle as it began,
never the live forces; and none of their reads of one battle's rows joins the battle and its event
only to order them."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.regions.forces_builders import legion
from tests.warfare.test_battles import LEG, orders
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle

PARTS = ("warfare_battleforce", "warfare_battleround", "warfare_battleoverride")


def posted(client, user, battle, action, data=None):
    """The SQL of one step's POST, the desk it redirects to left out."""
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/events/{battle.event.slug}/battles/{battle.pk}/{action}/", data or {})
    assert response.status_code == 302, response.status_code
    return [query["sql"] for query in captured.captured_queries]


def desk_read(client, user, battle):
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/events/{battle.event.slug}/battles/{battle.pk}/")
    assert response.status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def reading(sql, table):
    """The queries that read `table`'s rows."""
    return [query for query in sql if re.search(rf'^SELECT .* FROM "{table}"', query)]


def fought_to_the_verdict(battle, umpire):
    for _ in range(4):
        do_fight_round(battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[6, 6], actor=umpire)


def test_a_steps_post_reads_the_battles_forces_and_rounds_once_under_the_lock(client, umpire, opened):
    fought_to_the_verdict(opened, umpire)

    sql = posted(client, umpire, opened, "verdict", {"victor": "a"})

    assert len([query for query in reading(sql, "warfare_battleforce") if '"warfare_battleforce"."side"' in query]) == 1
    # the lock's read, then the battle's record as the step leaves it, for its undo
    assert len(reading(sql, "warfare_battleround")) == 2


def test_a_steps_post_reads_the_battle_it_checks_without_its_relations(client, umpire, opened):
    sql = posted(client, umpire, opened, "claim")

    battle_reads = reading(sql, "warfare_battle")
    assert len(battle_reads) == 2  # the view's, then the service's under the lock
    assert not any('JOIN "regions_province"' in query for query in battle_reads)


def test_no_read_of_a_battles_rows_joins_the_battle_and_its_event_to_order_them(client, umpire, opened):
    fought_to_the_verdict(opened, umpire)

    sql = posted(client, umpire, opened, "verdict", {"victor": "a"}) + desk_read(client, umpire, opened)

    parts = [query for table in PARTS for query in reading(sql, table)]
    assert parts
    assert not [query for query in parts if 'JOIN "umpire_event"' in query]


def test_the_desk_reads_the_forces_as_they_began_and_the_battle_unordered(client, umpire, opened):
    sql = desk_read(client, umpire, opened)

    assert not reading(sql, "regions_force") and not reading(sql, "regions_forcetroops")
    assert not [query for query in reading(sql, "warfare_battle") if "ORDER BY" in query]


def test_the_desk_joins_no_umpire_it_does_not_show(client, umpire, opened):
    """Who opened the battle and who published it are on its audit trail, not on the desk."""
    (battle_read,) = reading(desk_read(client, umpire, opened), "warfare_battle")

    assert '"warfare_battle"."created_by_id"' not in battle_read.split(" FROM ")[1]
    assert '"warfare_battle"."published_by_id"' not in battle_read.split(" FROM ")[1]


def test_opening_asks_once_which_of_its_forces_are_fighting_elsewhere(ad69, illyria, umpire):
    forces = {
        side: [legion(ad69, f"Legion {side}{n}", "Pannonia", [(LEG, 2, False)]) for n in range(3)] for side in "ab"
    }

    with CaptureQueriesContext(connection) as captured:
        do_open_battle(illyria, side_a_forces=forces["a"], side_b_forces=forces["b"], actor=umpire)

    asked = [q["sql"] for q in captured.captured_queries if '"warfare_battle"."state"' in q["sql"]]
    assert len(asked) == 1
