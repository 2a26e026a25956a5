"""Sign-in fit for a hall: an umpire logs in once with his password and stays signed in for the
whole event day (SESSION_COOKIE_AGE, 16 hours), not until his tablet's browser closes."""

from datetime import timedelta

import time_machine
from django.conf import settings
from django.utils import timezone

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
