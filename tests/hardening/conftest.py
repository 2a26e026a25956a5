"""What the hall's tests share: a PostgreSQL server, and the AD69 world migrated and seeded once per run.

They do not use pytest-django's test database: the console's processes need a database they can reach
by name from other processes and that the test may break, so each test gets a scratch database of its
own, copied from a template that `migrate` and `seed_demo` (what `console.py run` does) fill once.
DATABASE_URL names the server (its database is never touched), REDIS_URL the shared Redis:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python -m pytest tests/hardening/test_restarts.py tests/hardening/test_redis_outage.py
"""

import os

import psycopg
import pytest

from tests.conftest import missing_service
from tests.hardening.hall import Records, console_environment, database_name, manage, run_sql, scratch_database


@pytest.fixture(scope="session")
def postgres_server():
    """DATABASE_URL's server, which must be PostgreSQL and answer; its own database is never touched."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        missing_service("the hall's tests need PostgreSQL: set DATABASE_URL=postgres://…")
    try:
        run_sql(url, "SELECT 1")
    except psycopg.OperationalError as error:
        missing_service(f"PostgreSQL at {url} does not answer: {error}")
    return url


@pytest.fixture(scope="session")
def ad69_template(postgres_server, tmp_path_factory):
    """The name of a database holding the AD69 world, its demo forces and umpires, clock not started."""
    with scratch_database(postgres_server, prefix="hall_ad69_template") as url:
        env = console_environment(url, "", tmp_path_factory.mktemp("template"))
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "seed_demo")
        yield database_name(url)


@pytest.fixture
def hall_database(postgres_server, ad69_template):
    with scratch_database(postgres_server, prefix="hall", template=ad69_template) as url:
        yield url


@pytest.fixture
def records(hall_database):
    records = Records(hall_database)
    yield records
    records.close()
