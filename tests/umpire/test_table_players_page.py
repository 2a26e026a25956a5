"""A table's roster over HTTP: who is here and on the way, checked out and in by those who run it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from umpire.models import AuditEntry, Character, Region
from umpire.services.presence import do_check_out


def table(event, name):
    return Region.objects.get(event=event, name=name)


def roster(event, name):
    return f"/events/ad69/tables/{table(event, name).pk}/players/"


def where(event, name):
    character = Character.objects.select_related("location", "travelling_to").get(event=event, name=name)
    return character.whereabouts


def everyone():
    return list(Character.objects.order_by("pk").values()), AuditEntry.objects.count()


def test_a_region_umpire_checks_out_a_player_of_his_table(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    response = client.post(
        roster(ad69, "Illyria") + "check-out/",
        {"character": blasio.pk, "to_table": table(ad69, "Alpes").pk},
        follow=True,
    )
    assert "Cornelius Blasio has checked out of Illyria, travelling to Alpes." in response.content.decode()
    assert where(ad69, "Cornelius Blasio") == "travelling to Alpes"


def test_an_unlinked_table_is_refused_with_the_tables_he_can_go_to(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    before = everyone()
    page = client.post(
        roster(ad69, "Illyria") + "check-out/",
        {"character": blasio.pk, "to_table": table(ad69, "Gaul").pk},
        follow=True,
    ).content.decode()
    assert "Going to: Illyria and Gaul are not linked" in page and "Alpes, Italia/Rome, Eastern Med" in page
    assert everyone() == before


def test_a_region_umpire_cannot_check_in_at_another_umpires_table(client, ad69, control, illyria_umpire):
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)
    client.force_login(illyria_umpire)
    before = everyone()
    page = client.post(roster(ad69, "Alpes") + "check-in/", {"character": blasio.pk}, follow=True).content.decode()
    assert "You may not check Cornelius Blasio in or out at Alpes" in page
    assert everyone() == before


def test_a_region_umpire_cannot_check_out_a_player_of_another_table(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    otho = Character.objects.get(event=ad69, name="Marcus Otho")
    before = everyone()
    client.post(roster(ad69, "Spain") + "check-out/", {"character": otho.pk, "to_table": table(ad69, "Gaul").pk})
    # nor by naming his own table in the address while the player stands elsewhere
    client.post(roster(ad69, "Illyria") + "check-out/", {"character": otho.pk, "to_table": table(ad69, "Gaul").pk})
    assert everyone() == before


def test_a_region_umpire_sees_no_forms_at_another_table(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    page = client.get(roster(ad69, "Gaul")).content.decode()
    assert "Valerius Asiaticus" in page and "Check out" not in page and "Place a player" not in page


def test_control_checks_in_anywhere_and_places_a_player_at_no_table(client, ad69, control):
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)
    Character.objects.filter(event=ad69, name="Marcus Otho").update(location=None)
    client.force_login(control)
    page = client.get(roster(ad69, "Gaul")).content.decode()
    assert "Place a player at no table" in page and "Marcus Otho" in page
    client.post(roster(ad69, "Alpes") + "check-in/", {"character": blasio.pk})
    otho = Character.objects.get(event=ad69, name="Marcus Otho")
    client.post(roster(ad69, "Gaul") + "check-in/", {"character": otho.pk})
    assert (where(ad69, "Cornelius Blasio"), where(ad69, "Marcus Otho")) == ("at Alpes", "at Gaul")


def test_a_region_umpire_does_not_place_a_player_at_no_table(client, ad69, illyria_umpire):
    Character.objects.filter(event=ad69, name="Marcus Otho").update(location=None)
    otho = Character.objects.get(event=ad69, name="Marcus Otho")
    client.force_login(illyria_umpire)
    client.post(roster(ad69, "Illyria") + "check-in/", {"character": otho.pk})
    assert where(ad69, "Marcus Otho") == "not placed"


def test_the_roster_lists_who_is_here_and_who_is_on_the_way(client, ad69, control, gaul_umpire):
    do_check_out(
        Character.objects.get(event=ad69, name="Cornelius Blasio"), to_table=table(ad69, "Alpes"), actor=control
    )
    do_check_out(
        Character.objects.get(event=ad69, name="Valerius Asiaticus"), to_table=table(ad69, "Alpes"), actor=control
    )
    client.force_login(gaul_umpire)
    page = client.get(roster(ad69, "Alpes")).content.decode()
    here, on_the_way = page.split("On the way here")
    assert "Petronius Urbicus" in here and "Pocius Septiminus" in here and "Cornelius Blasio" not in here
    assert "Cornelius Blasio" in on_the_way and "Valerius Asiaticus" in on_the_way
    assert 'data-refresh="character.moved world.changed"' in page


def test_the_roster_offers_the_linked_tables_to_those_who_run_it(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    page = client.get(roster(ad69, "Illyria")).content.decode()
    assert "Check out" in page
    options = page.split('name="to_table">')[1].split("</select>")[0]
    assert [name in options for name in ("Alpes", "Italia/Rome", "Eastern Med", "Gaul")] == [True, True, True, False]


def test_an_umpire_of_another_event_sees_no_roster(client, ad69, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="stranger", password="x-pass-69"))
    assert client.get(roster(ad69, "Illyria")).status_code == 404
    assert client.post(roster(ad69, "Illyria") + "check-in/", {"character": 1}).status_code == 404


@pytest.mark.parametrize("who", ["control", "illyria_umpire"])
def test_the_roster_reads_in_a_fixed_number_of_queries(client, ad69, control, who, request):
    client.force_login(request.getfixturevalue(who))
    illyria = table(ad69, "Illyria")

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(roster(ad69, "Illyria")).status_code == 200
        return len(captured)

    client.get(roster(ad69, "Illyria"))  # the first page reads the event's setting, kept for the pages after it
    first = queries()
    for number in range(3):
        Character.objects.create(
            event=ad69, name=f"Here {number}", role="senator", social_class="senator", location=illyria
        )
        Character.objects.create(
            event=ad69, name=f"Coming {number}", role="senator", social_class="senator", travelling_to=illyria
        )
        Character.objects.create(event=ad69, name=f"Nowhere {number}", role="senator", social_class="senator")
    assert queries() == first
