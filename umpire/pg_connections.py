"""How many prepared queries each PostgreSQL connection keeps.

A connection prepares a query the second time it runs it (`prepare_threshold` in umpire.settings), so that
PostgreSQL plans it once on that connection rather than on every run. psycopg keeps 100 per connection and lets
the least recently run go. One look at every role's pages runs 165 different queries, the hall's actions and
sockets more, and the pool lends each page the connection that has been idle longest, so each connection met
the queries in turn and let each go before its next run: it prepared them again and again and planned them as
often (issue 34: PostgreSQL's CPU for those pages 117-144 ms with 100 kept, 65-92 with room for them all). A
prepared query holds some 60 kB in its server process, so a connection holds at most 24 MB for them, and only
with that many different queries run on it twice."""

PREPARED_QUERIES_KEPT = 400


def keep_prepared_queries(sender, connection, **kwargs):
    # On each page's borrowing, not once per connection: Django gives the pool's configure hook its own setup.
    if connection.vendor == "postgresql":
        connection.connection.prepared_max = PREPARED_QUERIES_KEPT
