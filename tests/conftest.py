"""Shared fixtures: the AD69 world, and the real services when they are there."""

import os
import socket

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.db import connection
from hypothesis import settings as hypothesis_settings

from tests.database import empty_the_database
from umpire.models import Event, Region, Role
from umpire.services.seats import do_assign_seat

IN_CI = os.environ.get("CI", "").lower() == "true"
# Property tests run thoroughly in CI and quickly in the edit loop; HYPOTHESIS_PROFILE chooses either anywhere.
# A test that gives its own count (the database-backed fuzz) keeps it: each example there costs a transaction.
hypothesis_settings.register_profile("thorough", max_examples=150, deadline=None)
hypothesis_settings.register_profile("quick", max_examples=30, deadline=None)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "thorough" if IN_CI else "quick"))
# The embedded ticker is a serving process's: a test that imports umpire.asgi must not start one ticking
# beside the tests (tests/umpire/test_ticker.py drives its schedule by hand).
django_settings.EMBEDDED_TICKER = False
django_settings.STANDBY_TICKER = False
# A test umpire's password needs no protection, and the default hasher costs a third of a second of CPU a user.
django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# The tries counted (umpire.tries) stay in this process's memory, even under REDIS_URL: clearing them between
# tests must not flush the Redis the channel-layer tests and the hall use. tests/security/ tries Redis's own.
django_settings.CACHES = {
    name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": f"tests-{name}"}
    for name in ("default", "local")
}


def missing_service(reason):
    """Skip for want of a service, except in CI, where the service must be there."""
    if IN_CI:
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def in_memory_channel_layer(request, settings):
    """Each test hears only its own messages; the Redis tests set up their own layer."""
    from channels.layers import channel_layers

    if request.node.get_closest_marker("redis") is None:
        settings.CHANNEL_LAYERS = {"default": {"BACKEND": "umpire.channel_layers.HallInMemoryChannelLayer"}}
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def no_tries_counted():
    """Each test starts with no wrong codes or passwords counted against the test client's address or a login
    (umpire.tries), so the wrong tries of one test never lock out the next."""
    from django.core.cache import caches

    for cache in caches.all():
        cache.clear()
    yield
    for cache in caches.all():
        cache.clear()


@pytest.fixture
def postgres(db):
    if connection.vendor != "postgresql":
        missing_service("this test needs PostgreSQL: set DATABASE_URL=postgres://…")


@pytest.fixture
def redis_url():
    url = os.environ.get("REDIS_URL")
    if not url:
        missing_service("this test needs Redis: set REDIS_URL=redis://…")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.exceptions.ConnectionError as error:
        missing_service(f"Redis at {url} does not answer: {error}")
    return url


@pytest.fixture
def redis_down():
    """The URL of a Redis that does not answer, as when Redis has stopped: a loopback port just found free."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def broker_down(settings, redis_down):
    """Celery as a live event runs it, a worker's queue on Redis, with Redis stopped."""
    from umpire.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.broker_url = redis_down
    yield
    app.conf.broker_url = settings.CELERY_BROKER_URL


@pytest.fixture
def channel_layer_down(settings, redis_down):
    """The channels-redis layer of a live event, with Redis stopped."""
    from channels.layers import channel_layers

    from umpire.settings import redis_channel_layer

    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(redis_down)}
    channel_layers.backends.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database starts with the AD69 world in it, loaded once for the session (once per worker):
    each test's transaction is rolled back, so every test finds the world as the fixture gives it."""
    with django_db_blocker.unblock():
        load_the_world()


def load_the_world():
    call_command("loaddata", "ad69_world", verbosity=0)


@pytest.fixture(autouse=True)
def the_world_again_after_a_flush(request, django_db_blocker):
    """A transactional test (`transaction=True`, a live server) empties every table when it ends; the next test
    that uses the database finds the world loaded again, before its own transaction begins."""
    if not {"db", "transactional_db"} & set(request.fixturenames) and not request.node.get_closest_marker("django_db"):
        return
    with django_db_blocker.unblock():
        if not Event.objects.filter(slug="ad69").exists():
            load_the_world()


@pytest.fixture
def ad69(db):
    return Event.objects.get(slug="ad69")


@pytest.fixture
def empty_database(db):
    """No rows at all, not even the world the session loads: for what a fresh database does. Rolled back after."""
    empty_the_database()


@pytest.fixture
def make_umpire(django_user_model):
    def make(event, role, table_name=None, username=None):
        region = Region.objects.get(event=event, name=table_name) if table_name else None
        name = username or f"{role}-{table_name or 'x'}".lower().replace(" ", "-").replace("/", "-")
        user = django_user_model.objects.create_user(username=name, password="ad69-test-pass")
        do_assign_seat(event=event, user=user, role=role, region=region, actor=None)
        user.refresh_from_db()
        return user

    return make


@pytest.fixture
def control(ad69, make_umpire):
    return make_umpire(ad69, Role.CONTROL, username="control")


@pytest.fixture
def illyria_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Illyria")


@pytest.fixture
def gaul_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")
