"""Control gives a seated umpire a new password from the Seats page (/control/<slug>/seats/<seat>/password/):
typed and checked as at seating, or made by the console and shown once; audited without the secret; every
sign-in of his before it ends."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.umpire.channels_helpers import listen
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import AuditEntry, Role, UmpireSeat
from umpire.services.event_templates import do_create_event_from_template

WORLD = "/events/ad69/world/"  # a page every umpire of AD69 opens, signed in
HB_CALENDAR = {"start_year": 218, "start_month": 3, "number_of_turns": 12, "turn_minutes": 30}
MADE = re.compile(r'<code id="made-password">([a-z0-9-]+)</code>')


def password_of(user):
    return f"/control/ad69/seats/{user.seats.get(event__slug='ad69').pk}/password/"


def accounts():
    """Every account's stored password, and the audit log's length: what a refused request leaves as it was."""
    return list(get_user_model().objects.order_by("pk").values_list("username", "password")), AuditEntry.objects.count()


def signed_in(user):
    """A browser of his own, signed in, as on his tablet at the table."""
    browser = Client()
    browser.force_login(user)
    assert browser.get(WORLD).status_code == 200
    return browser


def hannibal_barkas(actor):
    return do_create_event_from_template(
        name="HB", slug="hb", ruleset="hannibal_barkas", calendar=HB_CALENDAR, actor=actor
    )


def test_control_has_the_console_make_a_new_password_shown_once(client, ad69, control, illyria_umpire):
    client.force_login(control)
    response = client.post(password_of(illyria_umpire), {"password": ""})
    page = response.content.decode()
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    assert "region-illyria has a new password" in page and "Every sign-in of his before it has ended" in page
    made = MADE.search(page).group(1)
    assert re.fullmatch(r"([a-hj-km-np-z2-9]{4}-){3}[a-hj-km-np-z2-9]{4}", made)
    illyria_umpire.refresh_from_db()
    assert illyria_umpire.check_password(made) and not illyria_umpire.check_password("ad69-test-pass")
    assert made not in client.get("/control/ad69/seats/").content.decode()


def test_control_types_a_new_password(client, ad69, control, illyria_umpire):
    client.force_login(control)
    response = client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"}, follow=True)
    assert "region-illyria has the password you typed: every sign-in of his before it has ended." in (
        response.content.decode()
    )
    illyria_umpire.refresh_from_db()
    assert illyria_umpire.check_password("aquila-of-illyria")


def test_the_audit_and_the_live_update_say_who_and_how_never_the_password_nor_its_hash(
    client, ad69, control, illyria_umpire, django_capture_on_commit_callbacks
):
    client.force_login(control)
    with listen([f"control-{ad69.pk}", f"event-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
        got = heard()
    illyria_umpire.refresh_from_db()
    entry = AuditEntry.objects.get(action="auth.user.password")
    assert (entry.actor, entry.target_id, entry.target_label) == (control, str(illyria_umpire.pk), "region-illyria")
    assert (entry.before, entry.after) == (None, {"username": "region-illyria", "password": "typed by Control"})
    [message] = got[f"control-{ad69.pk}"]
    assert message["event"] == {
        "type": "world.changed",
        "action": "password",
        "model": "auth.user",
        "record_id": str(illyria_umpire.pk),
        "label": "region-illyria",
    }
    assert not got.get(f"event-{ad69.pk}")  # the players' and the projector's group hear nothing of it
    written = json.dumps([list(AuditEntry.objects.values()), message], cls=DjangoJSONEncoder)
    salt_and_hash = illyria_umpire.password.split("$")[-2:]
    assert "aquila-of-illyria" not in written and not any(part in written for part in salt_and_hash)


def test_the_seats_page_shows_who_gave_the_last_new_password(client, ad69, control, illyria_umpire):
    client.force_login(control)
    client.post(password_of(illyria_umpire), {"password": ""})
    row = client.get("/control/ad69/seats/").content.decode().split(f'id="seat-{illyria_umpire.seats.get().pk}"')[1]
    assert "New password made by the console: control," in row.split("</tr>")[0]


def test_every_sign_in_of_his_before_ends(client, ad69, control, illyria_umpire):
    tablet, phone = signed_in(illyria_umpire), signed_in(illyria_umpire)
    client.force_login(control)
    client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
    assert tablet.get(WORLD).url.startswith("/login/") and phone.get(WORLD).url.startswith("/login/")
    assert client.get(WORLD).status_code == 200  # Control's own sign-in is not his


def test_control_who_gives_himself_a_new_password_stays_signed_in_on_this_browser_alone(client, ad69, control):
    laptop = signed_in(control)
    client.force_login(control)
    client.post(password_of(control), {"password": "aquila-of-control"})
    assert client.get("/control/ad69/seats/").status_code == 200
    assert laptop.get(WORLD).url.startswith("/login/")


def bad_passwords():
    return [
        ("short", "This password is too short."),
        (DEMO_PASSWORD, "That is the demo&#x27;s published password: give him one of his own."),
        ("x" * 129, "Ensure this value has at most 128 characters (it has 129)."),
    ]


@pytest.mark.parametrize("typed, words", bad_passwords())
def test_a_bad_new_password_is_refused_beside_his_row_and_changes_nothing(
    client, ad69, control, illyria_umpire, typed, words
):
    client.force_login(control)
    before = accounts()
    response = client.post(password_of(illyria_umpire), {"password": typed})
    page = response.content.decode()
    assert response.status_code == 400 and words in page
    assert page.index(f'id="seat-{illyria_umpire.seats.get().pk}"') < page.index(words)
    assert accounts() == before


def test_each_row_has_its_own_password_box(client, ad69, control, illyria_umpire):
    client.force_login(control)
    page = client.get("/control/ad69/seats/").content.decode()
    for seat in UmpireSeat.objects.filter(event=ad69):
        assert f'<label for="id_seat_{seat.pk}_password">' in page and f'id="id_seat_{seat.pk}_password"' in page
    assert 'autocomplete="new-password"' in page


def test_only_control_gives_new_passwords(client, ad69, control, illyria_umpire, gaul_umpire):
    address = password_of(illyria_umpire)
    before = accounts()
    assert client.post(address, {"password": "aquila-of-illyria"}).url.startswith("/login/")
    for umpire in (illyria_umpire, gaul_umpire):
        client.force_login(umpire)
        assert client.post(address, {"password": "aquila-of-illyria"}).status_code == 404
    client.force_login(control)
    assert client.get(address).status_code == 405  # a password is only ever given by a POST
    assert accounts() == before


def test_an_umpire_seated_only_in_another_event_is_not_found_from_this_one(client, ad69, control, make_umpire):
    hb = hannibal_barkas(actor=None)
    hannibal = make_umpire(hb, Role.CONTROL, username="hannibal")
    client.force_login(control)
    before = accounts()
    response = client.post(f"/control/ad69/seats/{hannibal.seats.get().pk}/password/", {"password": ""})
    assert response.status_code == 404 and accounts() == before


def test_a_superuser_gets_a_new_password_from_a_superuser_alone(client, ad69, control, illyria_umpire):
    """A superuser's account opens every event and the admin: Control of one event taking it would hold them all."""
    illyria_umpire.is_superuser = True
    illyria_umpire.save()
    client.force_login(control)
    before = accounts()
    response = client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
    assert response.status_code == 400 and "region-illyria is a superuser" in response.content.decode()
    assert accounts() == before
    control.is_superuser = True
    control.save()
    client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
    illyria_umpire.refresh_from_db()
    assert illyria_umpire.check_password("aquila-of-illyria")


def test_an_umpire_of_two_events_gets_a_new_password_from_control_of_both(client, ad69, control, illyria_umpire):
    hb = hannibal_barkas(actor=None)
    UmpireSeat.objects.create(event=hb, user=illyria_umpire, role=Role.CONTROL)
    client.force_login(control)
    before = accounts()
    response = client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
    assert response.status_code == 400
    assert "region-illyria also umpires an event whose seats you do not manage" in response.content.decode()
    assert accounts() == before
    UmpireSeat.objects.create(event=hb, user=control, role=Role.CONTROL)
    client.post(password_of(illyria_umpire), {"password": "aquila-of-illyria"})
    illyria_umpire.refresh_from_db()
    assert illyria_umpire.check_password("aquila-of-illyria")


def test_the_seats_page_asks_as_many_queries_for_a_bigger_team(client, ad69, control, illyria_umpire, gaul_umpire):
    client.force_login(control)
    client.post(password_of(illyria_umpire), {"password": ""})
    with CaptureQueriesContext(connection) as small:
        client.get("/control/ad69/seats/")
    client.post(password_of(gaul_umpire), {"password": ""})
    client.post("/control/ad69/seats/add/", {"username": "marcus", "role": "senate"})
    client.get("/control/ad69/seats/")  # the seat added renewed the event's setting: read again once
    with CaptureQueriesContext(connection) as bigger:
        client.get("/control/ad69/seats/")
    assert UmpireSeat.objects.filter(event=ad69).count() == 4
    assert len(bigger) == len(small)
