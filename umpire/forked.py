"""A forked process starts with none of its parent's database connections.

Celery's prefork workers and the test suite's live servers are forked from a process that may already hold
connections, and on PostgreSQL a pool of them. In the child those are the parent's sockets: closing one would
end the parent's session, using one would mix two processes' traffic on one wire, and the pool's own threads
do not cross a fork, so the inherited pool could neither lend nor grow (it ran dry under the live servers,
issue 34). The child lets go of them without closing them (psycopg closes a connection only in the process
that opened it) and opens its own."""

import os

from django.db import connections


def forget_inherited_connections():
    for connection in connections.all():
        connection.connection = None
        connection.in_atomic_block, connection.savepoint_ids, connection.needs_rollback = False, [], False
        getattr(type(connection), "_connection_pools", {}).clear()


def register():
    os.register_at_fork(after_in_child=forget_inherited_connections)
