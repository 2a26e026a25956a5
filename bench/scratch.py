"""A database of a benchmark's own: on the server DATABASE_URL names, or a SQLite file, migrated
for the run and dropped afterwards. Import it after django.setup()."""

import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from django.db import connection


@contextmanager
def scratch_database(name):
    """`name` ("bench_tax") names the database, with this process's id on a server, so a test run
    beside it, whose name the settings give, is not clobbered."""
    with tempfile.TemporaryDirectory() as scratch:
        test_settings = connection.settings_dict["TEST"]
        if connection.vendor == "sqlite":
            test_settings["NAME"] = str(Path(scratch) / f"{name}.sqlite3")
        else:
            test_settings["NAME"] = f"{name}_{os.getpid()}"
        real_name = connection.settings_dict["NAME"]
        connection.creation.create_test_db(verbosity=0, serialize=False)
        try:
            yield
        finally:
            connection.creation.destroy_test_db(real_name, verbosity=0)
