"""Tax turn: how long drawing up every province's statement takes, and whether its queries grow.

Times `do_run_tax_turn` for turn 1 (September 68, a tax turn) on the AD69 world with its demo
forces, then on a world ten times its size: every province, with its forces (and their troops)
and the fleets based there, copied nine more times under new names ("Achaea 2") in the same
event. Each run is a transaction rolled back afterwards, so every repetition draws up the same
statements from nothing. Beside it, a bare bulk_create of as many statements as the service
wrote: the floor, so service/bare is what reading the world and drawing up add to writing the
statements. Each time is the best of the repetitions.

It asserts no timings, but exits 1 if the service runs more SQL queries on the larger world:
their number must not grow with the provinces. SQLite by default, PostgreSQL if DATABASE_URL
is set; either way in a scratch database of its own, dropped afterwards:

    .venv/bin/python bench/tax_turn.py [--repeat 5]
"""

import argparse
import os
import platform
import re
import sys
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# DEBUG off, as in the hall: with it on, Django would keep every query this process runs.
os.environ.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_DEBUG="0", UMPIRE_LOG_LEVEL="WARNING")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from bench.scratch import scratch_database  # noqa: E402
from regions.models import Fleet, Force, ForceTroops, Province, TaxStatement  # noqa: E402
from regions.services.taxes import do_run_tax_turn  # noqa: E402
from umpire.models import Event  # noqa: E402

TURN = 1  # September 68, the first tax turn
COPIES = 10  # the larger world: the AD69 world and nine copies of its provinces
# To name the queries that grew: a query's verb and the first table it names.
QUERY_KIND = re.compile(r"^(\w+).*?\b(?:FROM|INTO|UPDATE)\s+(\S+)", re.DOTALL)


@dataclass
class Run:
    """One world's tax turn: its size, the best times of service and floor, and the service's SQL."""

    provinces: int
    statements: int
    seconds: float
    sql: list
    bare_seconds: float

    @property
    def queries(self):
        return len(self.sql)

    @property
    def round_trips(self):
        """The queries, a bulk insert counted once however many chunks the database's limit on
        parameters a query splits it into (SQLite's 999; PostgreSQL sends it whole)."""
        kinds = []
        for query in self.sql:
            kind = query.split(" VALUES ")[0] if query.startswith("INSERT") else query
            if not (kinds and kind.startswith("INSERT") and kinds[-1] == kind):
                kinds.append(kind)
        return len(kinds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="tax turns per world, the best kept (default 5)")
    args = parser.parse_args()
    with scratch_database("bench_tax"):
        event = load_world()
        ad69 = measure(event, args.repeat)
        grow_world(event, COPIES)
        larger = measure(event, args.repeat)
    print_table(ad69, larger, args.repeat)
    if larger.round_trips > ad69.round_trips:
        sys.exit(
            f"FAIL: the tax turn's queries grow with the provinces, from {ad69.round_trips} to {larger.round_trips}."
        )


# The world ----------------------------------------------------------------------


def load_world():
    """The AD69 world and its demo forces, as seed_demo loads them."""
    call_command("loaddata", "ad69_world", verbosity=0)
    call_command("loaddata", "ad69_demo_forces", verbosity=0)
    return Event.objects.get(slug="ad69")


def grow_world(event, copies):
    """Copies 2 to `copies` of every province, with its forces and their troops, and the fleets based there.

    Other links (a province controlled from another, a detachment's legion, a force aboard a
    fleet) keep pointing at the originals: they are in the same event, and the tax turn reads none.
    """
    provinces = list(Province.objects.filter(event=event))
    forces = list(Force.objects.filter(event=event).prefetch_related("troops"))
    fleets = list(Fleet.objects.filter(event=event))
    for n in range(2, copies + 1):
        province_of = {p.pk: duplicate(p, name=f"{p.name} {n}") for p in provinces}
        Province.objects.bulk_create(province_of.values())
        force_of = {f.pk: duplicate(f, name=f"{f.name} {n}", province_id=province_of[f.province_id].pk) for f in forces}
        Force.objects.bulk_create(force_of.values())
        ForceTroops.objects.bulk_create(
            duplicate(t, force_id=force_of[f.pk].pk) for f in forces for t in f.troops.all()
        )
        Fleet.objects.bulk_create(duplicate(f, name=f"{f.name} {n}", base_id=province_of[f.base_id].pk) for f in fleets)


def duplicate(row, **changes):
    """An unsaved copy of `row`, with `changes` (by attribute name: province_id, not province)."""
    fields = {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if not f.primary_key}
    return type(row)(**{**fields, **changes})


# Measuring ----------------------------------------------------------------------


@contextmanager
def rolled_back():
    """Whatever the block writes is undone, so the next repetition starts from the same world.
    The service's own transaction becomes a savepoint in it: two queries more, in both worlds."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def measure(event, repeat):
    runs = [timed_tax_turn(event) for _ in range(repeat)]
    seconds, sql, statements = min(runs, key=lambda run: run[0])
    bare = min(timed_bare_writes(statements) for _ in range(repeat))
    provinces = Province.objects.filter(event=event).count()
    return Run(provinces, len(statements), seconds, sql, bare)


def timed_tax_turn(event):
    """(seconds, the SQL it ran, statements) of one tax turn, as the clock's hook runs it."""
    with rolled_back(), CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        statements = do_run_tax_turn(event, TURN, actor=None)
        seconds = time.perf_counter() - started
    return seconds, [query["sql"] for query in queries.captured_queries], statements


def timed_bare_writes(statements):
    """The floor: the same statements written with one bulk_create, nothing read or worked out."""
    copies = [duplicate(statement) for statement in statements]
    with rolled_back():
        started = time.perf_counter()
        TaxStatement.objects.bulk_create(copies)
        return time.perf_counter() - started


# Output -------------------------------------------------------------------------


def print_table(ad69, larger, repeat):
    print(
        f"tax turn {TURN}: Django {django.get_version()} on {connection.vendor}, "
        f"Python {platform.python_version()}, best of {repeat}"
    )
    print(
        f"{'provinces':>9} {'statements':>10} {'queries':>7} {'service s':>9} {'ms/province':>11} "
        f"{'bare s':>8} {'service/bare':>12}"
    )
    for run in (ad69, larger):
        print(
            f"{run.provinces:>9} {run.statements:>10} {run.queries:>7} {run.seconds:>9.4f} "
            f"{run.seconds * 1000 / run.provinces:>11.2f} {run.bare_seconds:>8.4f} "
            f"{run.seconds / run.bare_seconds:>11.1f}x"
        )
    print(f"{larger.provinces} provinces against {ad69.provinces}: {larger.seconds / ad69.seconds:.1f}x the time")
    if larger.queries == ad69.queries:
        print(f"queries: the same for both worlds ({ad69.queries}): they do not grow with the provinces")
    elif larger.round_trips == ad69.round_trips:
        print(
            f"queries: the same for both worlds ({ad69.round_trips}) once each bulk insert counts once; "
            f"{connection.vendor} sends the larger world's inserts in more chunks ({ad69.queries} -> "
            f"{larger.queries}) for its limit on parameters a query"
        )
    else:
        print(
            f"queries: NOT the same, {ad69.queries} for {ad69.provinces} provinces and "
            f"{larger.queries} for {larger.provinces}; the kinds that differ:"
        )
        small, large = query_kinds(ad69.sql), query_kinds(larger.sql)
        for kind in sorted(small.keys() | large.keys()):
            if small[kind] != large[kind]:
                print(f"  {small[kind]:>4} -> {large[kind]:<4} {kind[:100]}")
    print(
        "bare: the same number of statements written with one bulk_create; service/bare is what "
        "reading the world and drawing up add to that"
    )
    print(
        "queries include the SAVEPOINT and RELEASE of the service's transaction, nested in the bench's rolled-back one"
    )


def query_kinds(sql):
    """How many of each kind of query; a savepoint is known by its words, as its name changes."""
    return Counter(
        " ".join(match.groups()) if (match := QUERY_KIND.match(query)) else query.split('"')[0].strip() for query in sql
    )


if __name__ == "__main__":
    main()
