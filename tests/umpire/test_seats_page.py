"""Control seats the umpire team from the event's Seats page (/control/<slug>/seats/), with no admin."""

import re

from django.contrib.auth import get_user_model

from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import AuditEntry, Region, Role, UmpireSeat


def team():
    return sorted(UmpireSeat.objects.values_list("user__username", "role", "region__name")), list(
        get_user_model().objects.order_by("pk").values_list("username", "password")
    )


def everything():
    return team(), AuditEntry.objects.count()


def test_control_sees_the_team(client, ad69, control, illyria_umpire):
    client.force_login(control)
    page = client.get("/control/ad69/seats/").content.decode()
    assert "region-illyria" in page and "Illyria" in page and "control" in page
    assert 'data-refresh="world.changed"' in page


def test_control_seats_a_new_region_umpire_with_his_account(client, ad69, control):
    client.force_login(control)
    gaul = Region.objects.get(event=ad69, name="Gaul")
    response = client.post(
        "/control/ad69/seats/add/",
        {"username": "marcus", "role": "region", "region": gaul.pk, "password": "aquila-of-gaul"},
        follow=True,
    )
    assert "marcus – Region at Gaul is seated." in response.content.decode()
    marcus = get_user_model().objects.get(username="marcus")
    assert marcus.check_password("aquila-of-gaul") and marcus.seats.get().region == gaul
    assert AuditEntry.objects.filter(action="umpire.umpireseat.create", actor=control).exists()
    assert AuditEntry.objects.filter(action="auth.user.create", actor=control).exists()


def test_an_umpire_with_an_account_is_seated_with_his_own_password(client, ad69, control, illyria_umpire):
    client.force_login(control)
    client.post("/control/ad69/seats/add/", {"username": illyria_umpire.username, "role": "senate"})
    illyria_umpire.refresh_from_db()
    assert set(illyria_umpire.seats.values_list("role", flat=True)) == {"region", "senate"}
    assert illyria_umpire.check_password("ad69-test-pass")


def test_control_removes_a_seat(client, ad69, control, illyria_umpire):
    client.force_login(control)
    seat = illyria_umpire.seats.get()
    response = client.post(f"/control/ad69/seats/{seat.pk}/remove/", follow=True)
    assert "region-illyria – Region at Illyria is no longer seated." in response.content.decode()
    assert not UmpireSeat.objects.filter(pk=seat.pk).exists()
    assert AuditEntry.objects.filter(action="umpire.umpireseat.delete", actor=control).exists()


def test_the_last_control_seat_is_not_removed(client, ad69, control):
    client.force_login(control)
    before = everything()
    response = client.post(f"/control/ad69/seats/{control.seats.get().pk}/remove/", follow=True)
    assert "holds the last Control seat: seat another Control umpire first." in response.content.decode()
    assert everything() == before


def bad_seats(ad69):
    gaul = Region.objects.get(event=ad69, name="Gaul").pk
    return [
        ({"username": "marcus", "role": "region", "password": "aquila-of-gaul"}, "A Region umpire&#x27;s seat needs"),
        ({"username": "marcus", "role": "senate", "region": gaul, "password": "aquila-of-gaul"}, "seat has no table"),
        ({"username": "marcus", "role": "control", "password": "short"}, "This password is too short."),
        ({"username": "marcus", "role": "control", "password": DEMO_PASSWORD}, "the demo&#x27;s published password"),
        ({"username": "control", "role": "senate", "password": "aquila-of-gaul"}, "has an account already"),
        ({"username": "control", "role": "control"}, "This umpire already holds that seat."),
        ({"username": "marcus", "role": "legate", "password": "aquila-of-gaul"}, "Select a valid choice."),
        ({"username": "no spaces!", "role": "control", "password": "aquila-of-gaul"}, "Enter a valid username."),
    ]


def test_a_bad_seat_is_refused_by_its_field_and_changes_nothing(client, ad69, control):
    client.force_login(control)
    for sent, words in bad_seats(ad69):
        before = everything()
        response = client.post("/control/ad69/seats/add/", sent)
        assert response.status_code == 400, sent
        assert words in response.content.decode(), sent
        assert everything() == before, sent


def test_only_those_who_manage_seats_open_the_page(client, ad69, control, illyria_umpire):
    seat = control.seats.get()
    assert client.get("/control/ad69/seats/").url.startswith("/login/")
    client.force_login(illyria_umpire)
    before = everything()
    assert client.get("/control/ad69/seats/").status_code == 404
    assert client.post("/control/ad69/seats/add/", {"username": "x", "role": "control"}).status_code == 404
    assert client.post(f"/control/ad69/seats/{seat.pk}/remove/").status_code == 404
    assert everything() == before


def test_a_board_game_seats_only_control_and_table_umpires(client, ad69, control):
    from umpire.services.event_templates import do_create_event_from_template

    calendar = {"start_year": 218, "start_month": 3, "number_of_turns": 12, "turn_minutes": 30}
    do_create_event_from_template(name="HB", slug="hb", ruleset="hannibal_barkas", calendar=calendar, actor=control)
    client.force_login(control)
    page = client.get("/control/hb/seats/").content.decode()
    assert ">Region<" in page and ">Senate<" not in page and "Non-Roman World" not in page
    response = client.post("/control/hb/seats/add/", {"username": "senator", "role": Role.SENATE, "password": "x" * 12})
    assert response.status_code == 400 and "Select a valid choice." in response.content.decode()


def test_a_new_umpire_left_without_a_password_gets_one_made_and_shown_once(client, ad69, control):
    client.force_login(control)
    gaul = Region.objects.get(event=ad69, name="Gaul")
    response = client.post("/control/ad69/seats/add/", {"username": "marcus", "role": "region", "region": gaul.pk})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    made = re.search(r'<code id="made-password">([a-z0-9-]+)</code>', response.content.decode()).group(1)
    assert re.fullmatch(r"([a-hj-km-np-z2-9]{4}-){3}[a-hj-km-np-z2-9]{4}", made)
    marcus = get_user_model().objects.get(username="marcus")
    assert marcus.check_password(made) and made not in client.get("/control/ad69/seats/").content.decode()
