"""The test database beyond what pytest-django gives: emptied, world and all, inside a test's transaction."""

from django.core.management import call_command
from django.db import connection


def empty_the_database():
    """Every row gone, inside the test's transaction: on PostgreSQL the deferred key checks the test's writes
    left pending are run first, since TRUNCATE refuses to run while any are pending, and deferred again after."""
    if connection.vendor != "postgresql":
        call_command("flush", interactive=False, verbosity=0)
        return
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        call_command("flush", interactive=False, verbosity=0)
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")  # as Django's keys are, for the rest of the test
