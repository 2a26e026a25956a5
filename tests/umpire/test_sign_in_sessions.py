"""Sign-in fit for a hall: an umpire logs in once with his password and stays signed in for the
whole event day (SESSION_COOKIE_AGE, 16 hours), not until his tablet's browser closes. Each page reads his
session and his user in one query, with every check Django makes on them as before."""

from datetime import timedelta
from importlib import import_module

import time_machine
from django.apps import apps as django_apps
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DjangosSessionStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from umpire.models import BrowserSession

move_open_sessions = import_module("umpire.migrations.0017_browser_session").move_open_sessions

DAY = timedelta(hours=12)  # a megagame's day, set-up to wash-up, with room to spare


def sign_in(client, user):
    response = client.post("/login/", {"username": user.username, "password": "ad69-test-pass"})
    assert response.status_code == 302, "the login was refused"
    return response


def test_an_umpires_session_cookie_lasts_the_event_day(client, gaul_umpire):
    cookie = sign_in(client, gaul_umpire).cookies[settings.SESSION_COOKIE_NAME]
    assert int(cookie["max-age"]) >= DAY.total_seconds()
    assert not settings.SESSION_EXPIRE_AT_BROWSER_CLOSE


def test_an_umpire_signed_in_at_the_start_of_the_day_is_still_in_at_its_end(client, gaul_umpire):
    signed_in = timezone.now()
    sign_in(client, gaul_umpire)
    with time_machine.travel(signed_in + DAY, tick=False):
        assert client.get("/").status_code == 302 and "/login/" not in client.get("/")["Location"]
    with time_machine.travel(signed_in + timedelta(hours=17), tick=False):
        assert client.get("/")["Location"].startswith("/login/")  # the next morning he signs in again


# A page reads the session and its user in one query (umpire.sessions, issue 34) --------------------------------


def tables_read(client, url):
    with CaptureQueriesContext(connection) as read:
        assert client.get(url).status_code == 200
    return [query["sql"].split(" FROM ")[1].split()[0].strip('"') for query in read if " FROM " in query["sql"]]


def test_a_page_reads_its_user_with_its_session(client, gaul_umpire):
    sign_in(client, gaul_umpire)
    read = tables_read(client, "/events/ad69/world/")
    assert read.count("umpire_browsersession") == 1
    assert "auth_user" not in read


def test_the_session_names_who_signed_in_on_it_until_he_signs_out(client, gaul_umpire):
    sign_in(client, gaul_umpire)
    session = BrowserSession.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert session.user == gaul_umpire
    client.post("/logout/")
    assert not BrowserSession.objects.filter(pk=session.pk).exists()
    assert not BrowserSession.objects.filter(user=gaul_umpire).exists()


def test_an_umpire_made_inactive_is_signed_out_at_his_next_page(client, gaul_umpire):
    sign_in(client, gaul_umpire)
    User.objects.filter(pk=gaul_umpire.pk).update(is_active=False)
    assert client.get("/events/ad69/world/")["Location"].startswith("/login/")


def test_a_password_changed_elsewhere_signs_the_old_session_out(client, gaul_umpire):
    sign_in(client, gaul_umpire)
    gaul_umpire.set_password("a-new-password-for-gaul")
    gaul_umpire.save()
    assert client.get("/events/ad69/world/")["Location"].startswith("/login/")


def test_the_user_the_sessions_data_names_is_the_one_signed_in(client, gaul_umpire, illyria_umpire):
    sign_in(client, gaul_umpire)
    BrowserSession.objects.update(user=illyria_umpire)  # the column disagrees with the data: the data wins
    response = client.get("/events/ad69/world/")
    assert response.wsgi_request.user == gaul_umpire


def test_deleting_an_umpire_deletes_his_sessions(client, gaul_umpire):
    sign_in(client, gaul_umpire)
    gaul_umpire.delete()
    assert not BrowserSession.objects.exists()
    assert client.get("/")["Location"].startswith("/login/")


def test_the_upgrade_keeps_every_umpire_signed_in(client, gaul_umpire, illyria_umpire):
    djangos = DjangosSessionStore()
    in_djangos_table = {}
    for user in (gaul_umpire, illyria_umpire):
        store = DjangosSessionStore()
        store.update({SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0]})
        store.update({HASH_SESSION_KEY: user.get_session_auth_hash()})
        store.create()
        in_djangos_table[user.username] = store.session_key
    expired = Session.objects.create(
        session_key="gone", session_data=djangos.encode({}), expire_date=timezone.now() - timedelta(minutes=1)
    )
    illyria_umpire.delete()  # his session moves, naming no one
    move_open_sessions(django_apps, None)
    assert dict(BrowserSession.objects.values_list("session_key", "user")) == {
        in_djangos_table[gaul_umpire.username]: gaul_umpire.pk,
        in_djangos_table[illyria_umpire.username]: None,
    }
    assert not BrowserSession.objects.filter(pk=expired.pk).exists()
    client.cookies[settings.SESSION_COOKIE_NAME] = in_djangos_table[gaul_umpire.username]
    assert client.get("/events/ad69/world/").wsgi_request.user == gaul_umpire
