"""The console's PostgreSQL backend: Django's own, with these changes for the hall (issue 34), the CPU its
operations spend on every join compiled cut (`operations`), and a list looked up `__in` sent as one array, one
statement whatever its length (`lookups`).

A connection the pool lends is checked without a round trip. Django has the pool run psycopg's check, an empty
query, each time it lends one: a round trip on every page, one of the four of a player's mailbox. PostgreSQL
writes to an idle connection only to end it (a restart, `pg_terminate_backend`, `idle_session_timeout`), so one
whose socket has nothing to read is lent as it is, and one that has is checked as psycopg checks it, and let go
and replaced if it fails (the settings turn Django's own check off where the pool is on). A connection whose
network went without a word (a cable, not a restart) is not caught until it is used; the console's PostgreSQL is
on the same machine or its network.

Each connection keeps 400 prepared queries. A connection prepares a query the second time it runs it
(`prepare_threshold` in umpire.settings), so that PostgreSQL plans it once on that connection rather than on every
run. psycopg keeps 100 per connection and lets the least recently run go. One look at every role's pages runs 165
different queries, the hall's actions and sockets more, and the pool lends each page the connection that has been
idle longest, so each connection met the queries in turn and let each go before its next run: it prepared them
again and again and planned them as often (PostgreSQL's CPU for those pages 117-144 ms with 100 kept, 65-92 with
room for them all). A prepared query holds some 60 kB in its server process, so a connection holds at most 24 MB
for them, and only with that many different queries run on it twice.

A timestamp is read by psycopg's own loader, in C: Django's, on every connection, is a Python subclass of
psycopg's Python loader that then stamps the connection's zone on what it read, some 2.5 µs a value against 0.1.
A page of letters or audit entries reads hundreds. Where Django's zone is UTC, which a connection's session is set
to, psycopg's loader gives the same UTC datetimes already."""

import select
from datetime import UTC

import psycopg
from django.db.backends.postgresql import base
from psycopg.postgres import types
from psycopg.pq import Format
from psycopg_pool import ConnectionPool

from . import lookups
from .operations import DatabaseOperations

PREPARED_QUERIES_KEPT = 400
TIMESTAMPTZ = types["timestamptz"].oid
PSYCOPGS_TIMESTAMPS = psycopg.adapters.get_loader(TIMESTAMPTZ, Format.TEXT)

lookups.register()


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        while self.pool and not still_open(connection):
            connection.close()
            self.pool.putconn(connection)  # the pool lets a closed connection go and opens another in its place
            connection = super().get_new_connection(conn_params)
        # At each borrowing, not once per connection: Django gives the pool's configure hook its own setup.
        connection.prepared_max = PREPARED_QUERIES_KEPT
        return connection

    def create_cursor(self, name=None):
        # Django's check of the connection's loader against its zone needs the loader it registered there, so
        # psycopg's is set on each cursor (a copy of one dict of loaders).
        cursor = super().create_cursor(name)
        if self.timezone is UTC:
            cursor.adapters.register_loader(TIMESTAMPTZ, PSYCOPGS_TIMESTAMPS)
        return cursor


def still_open(connection):
    """Whether a connection lent by the pool still works: at once if PostgreSQL has not written to it since it was
    given back, by psycopg's round trip if it has."""
    written_to = select.poll()
    written_to.register(connection.fileno(), select.POLLIN)
    if not written_to.poll(0):
        return True
    try:
        ConnectionPool.check_connection(connection)
    except psycopg.Error:
        return False
    return True
