"""PostgreSQL's connections are lent from a pool, so that a page in a thread of its own does not open one, and
checked as they are lent without a round trip unless PostgreSQL has written to them; a queryset's iterator reads
in one round trip, not through a server-side cursor; and a query run again and again on a connection is prepared
there, planned once, and kept there among the hall's hundreds."""

import runpy
import threading
import time
from pathlib import Path

import psycopg
import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django import forms
from django.db import close_old_connections, connection

import umpire.settings
from umpire.models import Region
from umpire.postgresql.base import PREPARED_QUERIES_KEPT
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code

POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/hall"


def settings_with(monkeypatch, **environ):
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(Path(umpire.settings.__file__)))


def test_a_postgresql_url_lends_connections_from_a_pool_of_the_set_size(monkeypatch):
    database = settings_with(monkeypatch, DATABASE_URL=POSTGRES_URL, UMPIRE_DB_POOL_SIZE="6")["DATABASES"]["default"]
    assert database["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 6}
    assert database["CONN_MAX_AGE"] == 0  # Django refuses a pool with kept connections
    # The console's backend checks what the pool lends; Django's check would be a round trip on every page.
    assert database["ENGINE"] == "umpire.postgresql"
    assert database["CONN_HEALTH_CHECKS"] is False


@pytest.mark.parametrize("pool_size", ["6", "0"])
def test_postgresql_reads_a_queryset_iterator_in_one_round_trip(monkeypatch, pool_size):
    settings = settings_with(monkeypatch, DATABASE_URL=POSTGRES_URL, UMPIRE_DB_POOL_SIZE=pool_size)
    assert settings["DATABASES"]["default"]["DISABLE_SERVER_SIDE_CURSORS"] is True


@pytest.mark.django_db
def test_a_choice_fields_choices_are_a_plain_read_not_a_server_side_cursor(ad69):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no server-side cursors")
    cursors = []

    def note_cursor(execute, sql, params, many, context):
        cursors.append(context["cursor"].cursor)
        return execute(sql, params, many, context)

    field = forms.ModelChoiceField(queryset=Region.objects.filter(event=ad69))
    with connection.execute_wrapper(note_cursor):
        choices = list(field.choices)
    assert len(choices) == 1 + Region.objects.filter(event=ad69).count()
    assert cursors and not [cursor for cursor in cursors if isinstance(cursor, psycopg.ServerCursor)]


@pytest.mark.parametrize("pool_size", ["6", "0"])
def test_postgresql_binds_parameters_on_the_server_and_prepares_a_query_run_twice(monkeypatch, pool_size):
    options = settings_with(monkeypatch, DATABASE_URL=POSTGRES_URL, UMPIRE_DB_POOL_SIZE=pool_size)["DATABASES"][
        "default"
    ]["OPTIONS"]
    assert options["server_side_binding"] is True and options["prepare_threshold"] == 1


def prepared_statements():
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def region_names(event, first):
    """A query of its own for each `first`: the limit is written into its SQL."""
    return list(Region.objects.filter(event=event).values_list("name", flat=True)[:first])


@pytest.mark.django_db
def test_a_query_a_connection_runs_a_second_time_is_planned_once(ad69):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite plans in the process")
    query = "SELECT name FROM umpire_region WHERE event_id = %s /* run twice */"
    with connection.cursor() as cursor:
        cursor.execute(query, [ad69.pk])
        assert not [statement for statement in prepared_statements() if "run twice" in statement]
        cursor.execute(query, [ad69.pk])
    assert [statement for statement in prepared_statements() if "run twice" in statement]


@pytest.mark.django_db
def test_a_connection_keeps_its_prepared_queries_past_psycopgs_hundred(ad69):
    """The hall runs more different queries than psycopg's default keeps, and one let go is planned again."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite plans in the process")
    for first in range(1, 151):
        region_names(ad69, first)
        region_names(ad69, first)
    prepared = prepared_statements()
    assert [statement for statement in prepared if statement.endswith("LIMIT 1")]
    assert len([statement for statement in prepared if 'FROM "umpire_region"' in statement]) >= 150
    assert connection.connection.prepared_max == PREPARED_QUERIES_KEPT


def test_a_pool_size_of_0_keeps_each_threads_connection_instead(monkeypatch):
    database = settings_with(
        monkeypatch, DATABASE_URL=POSTGRES_URL, UMPIRE_DB_POOL_SIZE="0", UMPIRE_DB_CONN_MAX_AGE="60"
    )["DATABASES"]["default"]
    assert "pool" not in database.get("OPTIONS", {})
    assert database["CONN_MAX_AGE"] == 60
    assert database["CONN_HEALTH_CHECKS"] is True  # Django checks a kept connection before reusing it


def test_sqlite_has_no_pool(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    database = settings_with(monkeypatch, UMPIRE_DB_CONN_MAX_AGE="60")["DATABASES"]["default"]
    assert database["ENGINE"].endswith("sqlite3")
    assert "pool" not in database.get("OPTIONS", {})


def backend_of_a_page_in_its_own_thread():
    """The PostgreSQL backend that served one page run, as the ASGI handler runs each, in a new thread."""
    served = []

    def page():
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            served.append(cursor.fetchone()[0])
        close_old_connections()  # what the end of a request does

    thread = threading.Thread(target=page)
    thread.start()
    thread.join()
    return served[0]


@pytest.mark.django_db
def test_pages_in_threads_of_their_own_open_no_connection_once_the_pool_has_one():
    if connection.vendor != "postgresql" or not getattr(connection, "pool", None):
        pytest.skip("the pool is PostgreSQL's, and off where UMPIRE_DB_POOL_SIZE is 0")
    backend_of_a_page_in_its_own_thread()
    opened = connection.pool.get_stats()["connections_num"]
    backends = {backend_of_a_page_in_its_own_thread() for _ in range(6)}
    assert connection.pool.get_stats()["connections_num"] == opened
    assert len(backends) <= opened


def lent_out():
    stats = connection.pool.get_stats()
    return stats["pool_size"] - stats["pool_available"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_projector_socket_gives_back_every_connection_it_was_lent(ad69):
    if connection.vendor != "postgresql" or not getattr(connection, "pool", None):
        pytest.skip("the pool is PostgreSQL's, and off where UMPIRE_DB_POOL_SIZE is 0")
    access = await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    before = await database_sync_to_async(lent_out)()
    for _ in range(3):  # each reads its code and its snapshot in the loop's pool of threads
        projector = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/display/ad69/?code={access.code}")
        assert (await projector.connect())[0]
        assert (await projector.receive_json_from())["type"] == "snapshot"
        await projector.disconnect()
    assert await database_sync_to_async(lent_out)() == before


def pooled():
    if connection.vendor != "postgresql" or not getattr(connection, "pool", None):
        pytest.skip("the pool is PostgreSQL's, and off where UMPIRE_DB_POOL_SIZE is 0")


def empty_queries_asked(monkeypatch):
    """The empty queries asked on connections of their own, psycopg's check of a connection: Django's pages ask
    through cursors."""
    asked = []
    execute = psycopg.Connection.execute

    def note(self, query, *args, **kwargs):
        if query == "":
            asked.append(self.info.backend_pid)
        return execute(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "execute", note)
    return asked


@pytest.mark.django_db
def test_a_connection_the_pool_lends_is_not_asked_an_empty_query_first(monkeypatch):
    pooled()
    asked = empty_queries_asked(monkeypatch)
    backends = {backend_of_a_page_in_its_own_thread() for _ in range(6)}
    assert backends and asked == []


def end_backend(pid):
    """What a restart or an administrator does to a connection: PostgreSQL ends it, and tells it so."""
    # each look at pg_stat_activity a transaction of its own: within one, PostgreSQL shows the first look again
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as administrator:
        administrator.execute("SELECT pg_terminate_backend(%s)", [pid])
        deadline = time.monotonic() + 10
        while administrator.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            assert time.monotonic() < deadline, f"backend {pid} still there"
            time.sleep(0.05)


@pytest.mark.django_db
def test_a_connection_postgresql_has_ended_is_checked_let_go_and_replaced_not_lent(monkeypatch):
    pooled()
    ended = backend_of_a_page_in_its_own_thread()
    end_backend(ended)
    asked = empty_queries_asked(monkeypatch)
    # The pool lends the connection idle longest, so within as many pages as it holds it has offered the ended one.
    pages = connection.pool.get_stats()["pool_size"] + 1
    backends = [backend_of_a_page_in_its_own_thread() for _ in range(pages)]
    assert ended not in backends
    assert asked == [ended]
