"""The forces page, every table's cards, runs the rules engine once for each make of force rather than once a
card (a hall's legions are mostly alike, and the engine's runs were a third of the page), joins only what its
cards show, and reverses no URL for each card twice (issue 34). Its query count is pinned by
tests/umpire/test_page_queries.py."""

from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from regions import selectors
from regions.views import record_links
from tests.regions.forces_builders import legion
from umpire import clockwork

TROOPS = [("legionary", 5, False), ("raw_levy", 10, False)]


@pytest.fixture
def started(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


def engine_runs_on_the_page(client, user, event):
    client.force_login(user)
    with mock.patch.object(selectors, "run_rules", wraps=selectors.run_rules) as engine:
        assert client.get(f"/events/{event.slug}/forces/").status_code == 200
    return engine.call_count


def test_the_forces_page_runs_the_engine_once_for_each_make_of_force(client, started, control):
    legion(started, "Legio Prima Bench", "Pannonia", TROOPS)
    before = engine_runs_on_the_page(client, control, started)
    for n in range(5):
        legion(started, f"Legio Bench {n}", "Pannonia", TROOPS)
    assert engine_runs_on_the_page(client, control, started) == before


def test_a_card_shows_the_combat_values_of_its_own_make(client, started, control):
    big = legion(started, "Legio Magna", "Pannonia", [("legionary", 9, True)])
    small = legion(started, "Legio Parva", "Pannonia", [("legionary", 1, False)])
    client.force_login(control)
    text = client.get(f"/events/{started.slug}/forces/").content.decode()
    for force in (big, small):
        card = text.split(f'id="force-{force.pk}"')[1].split("</article>")[0]
        value, if_veteran = selectors.get_combat_values(force)
        assert f"Combat value <strong>{value}</strong> · if veteran {if_veteran}" in card


def test_the_cards_query_joins_neither_the_event_nor_the_oath_nor_the_parent_legion(client, started, control):
    client.force_login(control)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/events/{started.slug}/forces/").status_code == 200
    (forces,) = [q["sql"] for q in captured.captured_queries if q["sql"].startswith('SELECT "regions_force"."id"')]
    assert '"umpire_event"' not in forces and "sworn_to" not in forces.split("FROM")[1]
    assert "T8" not in forces  # detached_from: a second join of the forces' own table


def test_record_links_are_the_urls_reverse_gives(started):
    link = record_links("regions:force", started)
    assert [link(pk) for pk in (1, 42, 2147483646)] == [
        reverse("regions:force", args=[started.slug, pk]) for pk in (1, 42, 2147483646)
    ]
