"""Wrong passwords: after ACCOUNT_TRIES for one login, or ADDRESS_TRIES from one address, every password for it,
right or wrong, is refused for a while, on the console's sign-in page and the admin's; the page says until when.
The counts are shared by every process of the console through Redis, and a Redis that has gone refuses nobody."""

import os
import subprocess
import sys

import pytest
import time_machine
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

from tests.hardening.hall import ROOT, dedicated_redis_db
from umpire import sign_in_tries, tries
from umpire.settings import redis_cache
from umpire.sign_in_tries import ACCOUNT_TRIES, ADDRESS_TRIES, LOCKOUT, seconds_to_wait

GUESSER, NEIGHBOUR = "10.0.0.66", "10.0.0.7"
RIGHT = "ad69-test-pass"  # tests/conftest.py's make_umpire


def sign_in(client, username, password, address=GUESSER, path="/login/"):
    return client.post(path, {"username": username, "password": password}, REMOTE_ADDR=address)


def signed_in(response):
    return response.status_code == 302


def test_too_many_wrong_passwords_lock_the_login_even_against_the_right_one(client, control):
    for n in range(ACCOUNT_TRIES):
        assert sign_in(client, "control", f"guess-{n}").status_code == 200  # the form again, "not correct"
    refused = sign_in(client, "control", RIGHT)
    assert refused.status_code == 429 and refused["Retry-After"] == str(LOCKOUT)
    page = refused.content.decode()
    assert "Too many wrong passwords" in page and f"in {LOCKOUT // 60} minutes" in page
    assert "_auth_user_id" not in client.session
    assert signed_in(sign_in(client, "control", RIGHT, address=NEIGHBOUR)) is False  # the login is locked


def test_a_mistyped_password_or_two_locks_nothing(client, control):
    for n in range(ACCOUNT_TRIES - 1):
        sign_in(client, "control", f"typo-{n}")
    assert signed_in(sign_in(client, "control", RIGHT))


def test_the_lock_lifts_when_its_time_is_up(client, control):
    with time_machine.travel(0, tick=False) as clock:
        for n in range(ACCOUNT_TRIES):
            sign_in(client, "control", f"guess-{n}")
        clock.shift(LOCKOUT - 1)
        assert sign_in(client, "control", RIGHT).status_code == 429
        clock.shift(2)
        assert signed_in(sign_in(client, "control", RIGHT))


def test_one_address_trying_many_logins_is_locked_out_of_every_login(client, control, make_umpire, ad69):
    for n in range(ADDRESS_TRIES):
        sign_in(client, f"umpire-{n}", "guess")
    assert sign_in(client, "control", RIGHT).status_code == 429  # a login it never tried
    assert signed_in(sign_in(client, "control", RIGHT, address=NEIGHBOUR))  # another device is let in


def test_the_admin_sign_in_is_counted_and_refused_the_same(client, control):
    for n in range(ACCOUNT_TRIES):
        sign_in(client, "control", f"guess-{n}", path="/admin/login/")
    assert sign_in(client, "control", RIGHT, path="/admin/login/").status_code == 429
    assert sign_in(client, "control", RIGHT).status_code == 429


def test_a_locked_login_is_refused_by_the_backend_itself(rf, control):
    """Whatever page signs in, the backend refuses a locked login before the password is looked at."""
    for _ in range(ACCOUNT_TRIES):
        sign_in_tries.note_wrong_password("control", GUESSER)
    request = rf.post("/elsewhere/", REMOTE_ADDR=NEIGHBOUR)
    backend = sign_in_tries.LimitedSignInBackend()
    assert backend.authenticate(request, username="control", password=RIGHT) is None


@pytest.fixture
def counted_in_redis(monkeypatch):
    """The tries counted in a Redis at `url`, as settings.CACHES has it under REDIS_URL."""

    def count_in(url):
        monkeypatch.setattr(tries, "caches", {"default": RedisCache(url, redis_cache(url)), "local": caches["local"]})

    return count_in


@pytest.mark.redis
def test_the_counts_are_shared_by_every_process_through_redis(redis_url, counted_in_redis):
    """Wrong passwords typed at one worker (a process of its own) lock the login at another."""
    with dedicated_redis_db(redis_url) as shared:
        counted_in_redis(shared)
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "umpire.settings", "REDIS_URL": shared}
        other_worker = (
            "import django; django.setup()\n"
            "from umpire.sign_in_tries import ACCOUNT_TRIES, note_wrong_password\n"
            "for _ in range(ACCOUNT_TRIES): note_wrong_password('control', '10.0.0.66')\n"
        )
        assert seconds_to_wait("control", NEIGHBOUR) == 0
        subprocess.run([sys.executable, "-c", other_worker], cwd=ROOT, env=env, check=True, timeout=60)
        assert seconds_to_wait("control", NEIGHBOUR) > 0


def test_a_redis_that_has_gone_refuses_nobody_and_still_counts(client, control, counted_in_redis, caplog):
    counted_in_redis("redis://127.0.0.1:1/0")
    assert signed_in(sign_in(client, "control", RIGHT))
    client.logout()
    for n in range(ACCOUNT_TRIES):
        sign_in(client, "control", f"guess-{n}")
    assert sign_in(client, "control", RIGHT).status_code == 429  # counted in the process meanwhile
    assert "The shared cache does not answer" in caplog.text
