"""On SQLite, two transactions that have both read and then write each wait their turn rather than one of them
failing with "database is locked" (umpire/settings.py: transaction_mode IMMEDIATE, issue 34)."""

import threading
import time

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own locking"),
]


def test_two_writers_who_read_first_each_wait_their_turn():
    first_has_read = threading.Event()
    failures = []

    def write(name, *, first):
        try:
            with transaction.atomic():
                list(User.objects.all())  # each reads before it writes, as a service checks before it changes
                if first:
                    first_has_read.set()
                    time.sleep(0.3)  # the second reads and writes meanwhile
                else:
                    first_has_read.wait(5)
                User.objects.create(username=name)
        except Exception as error:  # noqa: BLE001 - what failed is the test's finding
            failures.append(error)
        finally:
            connection.close()

    writers = [
        threading.Thread(target=write, args=("first",), kwargs={"first": True}),
        threading.Thread(target=write, args=("second",), kwargs={"first": False}),
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(30)
    assert failures == []
    assert set(User.objects.values_list("username", flat=True)) == {"first", "second"}


def test_the_console_reads_sqlite_while_one_writes():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
