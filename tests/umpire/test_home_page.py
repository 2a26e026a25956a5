"""The first screen after sign-in (umpire:home): a Region umpire's is his table's console, not the page of
every table; with several tables, a short list of their consoles. Every other role lands as before."""

import re

import pytest

from tests.boardgames.builders import hannibal_barkas_session
from umpire.models import Region, Role
from umpire.services.seats import do_assign_seat


def table(event, name):
    return Region.objects.get(event=event, name=name)


def console_of(event, name):
    return f"/events/{event.slug}/tables/{table(event, name).pk}/console/"


def first_screen(client, user):
    client.force_login(user)
    return client.get("/")


def links(response):
    return re.findall(r'href="([^"]+)"', response.content.decode())


@pytest.fixture
def hb(db):
    return hannibal_barkas_session()


def test_a_region_umpire_lands_on_his_tables_console(client, ad69, gaul_umpire):
    response = first_screen(client, gaul_umpire)
    assert response.status_code == 302 and response.url == console_of(ad69, "Gaul")
    assert client.get(response.url).status_code == 200


def test_a_region_umpire_of_two_tables_picks_one_of_their_consoles(client, ad69, gaul_umpire):
    do_assign_seat(event=ad69, user=gaul_umpire, role=Role.REGION, region=table(ad69, "Illyria"), actor=None)
    response = first_screen(client, gaul_umpire)
    assert response.status_code == 200
    consoles = [link for link in links(response) if link.endswith("/console/")]
    assert sorted(consoles) == sorted([console_of(ad69, "Gaul"), console_of(ad69, "Illyria")])
    assert "Gaul console" in response.content.decode() and "Illyria console" in response.content.decode()


@pytest.mark.parametrize("role", [Role.CONTROL, Role.SENATE, Role.NON_ROMAN_WORLD])
def test_every_other_role_lands_on_the_tables_page_as_before(client, ad69, make_umpire, role):
    response = first_screen(client, make_umpire(ad69, role))
    assert response.status_code == 302 and response.url == "/events/ad69/world/"


def test_a_region_umpire_with_another_seat_besides_keeps_the_tables_page(client, ad69, gaul_umpire):
    do_assign_seat(event=ad69, user=gaul_umpire, role=Role.SENATE, actor=None)
    response = first_screen(client, gaul_umpire)
    assert response.status_code == 302 and response.url == "/events/ad69/world/"


def test_a_board_games_table_umpire_still_lands_on_its_sequence_of_play(client, hb, make_umpire):
    response = first_screen(client, make_umpire(hb, Role.REGION, "Italy", username="hb-italy"))
    assert response.status_code == 302 and response.url == "/events/hb/sequence/"


def test_an_umpire_of_two_events_finds_his_tables_consoles_under_each(client, ad69, hb, gaul_umpire):
    do_assign_seat(event=hb, user=gaul_umpire, role=Role.REGION, region=table(hb, "Italy"), actor=None)
    response = first_screen(client, gaul_umpire)
    assert response.status_code == 200
    found = links(response)
    assert console_of(ad69, "Gaul") in found and console_of(hb, "Italy") in found
    assert "/events/ad69/world/" in found and "/events/hb/sequence/" in found
    assert all(client.get(link).status_code == 200 for link in (console_of(ad69, "Gaul"), console_of(hb, "Italy")))
