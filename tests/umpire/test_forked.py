"""A forked process (a Celery worker, a test's live server) opens its own database connections, and its
parent's, pool and all, go on working."""

import json
import os

import pytest
from django.db import connection

LIVE = pytest.mark.django_db(transaction=True)


def backend_of(wrapper):
    """What identifies the session a query ran on: PostgreSQL's backend, or SQLite's connection object."""
    if wrapper.vendor != "postgresql":
        wrapper.ensure_connection()
        return id(wrapper.connection)
    with wrapper.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def in_a_forked_child(work):
    """`work()` run in a child forked from this process: its result, read back through a pipe."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child's coverage is not collected)
        os.close(reading)
        try:
            os.write(writing, json.dumps(work()).encode())
        finally:
            os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as pipe:
        said = pipe.read()
    os.waitpid(child, 0)
    return json.loads(said)


@LIVE
def test_a_forked_child_opens_its_own_connection_and_its_parents_go_on_working():
    parent = backend_of(connection)
    parents_connection, pool = connection.connection, getattr(connection, "pool", None)  # held, so ids stay apart

    def child():
        return (
            backend_of(connection),
            connection.connection is parents_connection,
            getattr(connection, "pool", None) is pool,
        )

    child_backend, shares_the_connection, shares_the_pool = in_a_forked_child(child)
    assert child_backend != parent
    assert not shares_the_connection
    assert not (pool and shares_the_pool)
    assert backend_of(connection) == parent  # the child did not end the parent's session
