"""The post at scale: a table's tray page, and the turn-end release of 3,000 letters in transit.

On the AD69 world (9 tables, the Senate room among them) with the clock started, 300 more
characters spread over the tables and an umpire seated at Illyria, it builds 10,000 letters,
then 100,000: most delivered, the rest in trays, carried, in transit and arrived at other
tables. Illyria's tray has the same load at both sizes (30 letters to hand out, 30 waiting for
a courier, 4 couriers carrying 5 each, 6 overdue), and 3,000 letters in transit are due at the
next turn, over the 8 map tables. No letter has steps (LetterStep rows) but those the release
writes: neither measure reads them.

1. The tray page, GET /events/ad69/post/tables/<Illyria>/ through Django's test client as
   Illyria's umpire, with its SQL queries; beside it a bare page behind the same middleware and
   login that reads the same rows with one plain values_list per section and renders nothing.
2. `release_due_letters`, as the clock's turn-end hook runs it, in a transaction rolled back
   afterwards (so every repetition releases the same letters, and its messages, queued for the
   commit, are never sent); beside it one UPDATE of the same letters and one bulk_create of as
   many steps.

Each time is the best of the repetitions. It asserts no timings, but exits 1 if the tray page or
the release runs more queries among 100,000 letters than among 10,000. SQLite by default,
PostgreSQL if DATABASE_URL is set; either way in a scratch database of its own, dropped afterwards:

    .venv/bin/python bench/mail_post.py [--repeat 5] [--letters 100000]
"""

import argparse
import os
import platform
import random
import re
import sys
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from itertools import count
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# DEBUG off, as in the hall: with it on, Django would keep every query this process runs. No
# REDIS_URL: the in-memory channel layer, though the release's messages are never sent anyway.
os.environ.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_DEBUG="0", UMPIRE_LOG_LEVEL="WARNING")
os.environ.pop("REDIS_URL", None)
django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.decorators import login_required  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench.scratch import scratch_database  # noqa: E402
from mail.codes import ALPHABET, LENGTH  # noqa: E402
from mail.models import Letter, LetterStep, PostOffice  # noqa: E402
from mail.services.transit import release_due_letters  # noqa: E402
from regions.models import Province  # noqa: E402
from umpire import clockwork  # noqa: E402
from umpire.models import Character, Event, GameClock, Region, Role  # noqa: E402
from umpire.services.accounts import do_seat_umpire  # noqa: E402

SMALL = 10_000
CHARACTERS = 300
TABLE = "Illyria"  # the measured tray
TO_HAND_OUT, WAITING, COURIERS, EACH_CARRIES, OVERDUE = 30, 30, 4, 5, 6
RELEASED = 3_000
BATCH = 2_000
# The letters not in Illyria's tray nor due next turn: (state, share).
MIX = (("delivered", 88), ("in_tray", 4), ("carried", 2), ("in_transit", 4), ("arrived", 2))
QUERY_KIND = re.compile(r"^(\w+).*?\b(?:FROM|INTO|UPDATE)\s+(\S+)", re.DOTALL)


@dataclass
class Hall:
    """What the letters are built from, and the counter their codes come from."""

    event: Event
    table: Region
    tables: list  # every table
    others: list  # every table but the measured one
    characters: list
    away: list  # characters not at the measured table: the other tables' couriers
    here: list  # characters at the measured table
    turn: int
    now: object
    rng: random.Random
    numbers: count


@dataclass
class Size:
    letters: int
    tray_queries: int
    tray_seconds: float
    tray_sql_seconds: float
    bare_page_seconds: float
    tray_rows: int
    release_sql: list
    release_seconds: float
    bare_release_seconds: float
    queued: int  # messages publish_on_commit queued, dropped with the rollback

    @property
    def release_queries(self):
        return len(self.release_sql)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measure, the best kept (default 5)")
    parser.add_argument("--letters", type=int, default=100_000, help="letters in the larger post (default 100000)")
    args = parser.parse_args()
    check_channel_layer()
    sizes = []
    with scratch_database("bench_mail"):
        hall = build_hall()
        build_letters(hall, min(SMALL, args.letters))
        for letters in sorted({min(SMALL, args.letters), args.letters}):
            add_background(hall, letters - Letter.objects.count())
            sizes.append(measure(hall, args.repeat))
    print_table(hall, sizes, args.repeat)
    small, large = sizes[0], sizes[-1]
    if large.tray_queries > small.tray_queries or large.release_queries > small.release_queries:
        sys.exit(
            f"FAIL: queries grow with the letters: tray page {small.tray_queries} -> {large.tray_queries}, "
            f"release {small.release_queries} -> {large.release_queries}."
        )


def check_channel_layer():
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    if not backend.endswith("InMemoryChannelLayer"):
        sys.exit(f"The bench wants the in-memory channel layer, not {backend}.")


# The world ----------------------------------------------------------------------


def build_hall():
    """The AD69 world, its clock started, the post by couriers, 300 more characters round the
    tables and Illyria's umpire."""
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    clockwork.do_start_clock(event, actor=None)
    PostOffice.objects.get_or_create(event=event)  # else the first tray page would create it
    tables = list(Region.objects.filter(event=event).order_by("position"))
    table = next(t for t in tables if t.name == TABLE)
    Character.objects.bulk_create(
        Character(
            event=event,
            name=f"Bench Character {n:03}",
            role=("senator", "governor", "procurator", "legate")[n % 4],
            social_class=("senator", "equestrian")[n % 2],
            location=tables[n % len(tables)],
        )
        for n in range(1, CHARACTERS + 1)
    )
    do_seat_umpire(event=event, username="illyria", role=Role.REGION, region=table, password="bench-only", actor=None)
    characters = list(Character.objects.filter(event=event))
    return Hall(
        event,
        table,
        tables,
        [t for t in tables if t.pk != table.pk],
        characters,
        [c for c in characters if c.location_id != table.pk],
        [c for c in characters if c.location_id == table.pk and c.name.startswith("Bench")],
        GameClock.objects.get(event=event).turn,
        timezone.now(),
        random.Random(69),
        count(1),
    )


def code_of(number):
    """A unique code for each number: the number scrambled (7919 is prime to 29) and written in
    the codes' alphabet."""
    number = number * 7919 % len(ALPHABET) ** LENGTH
    digits = []
    for _ in range(LENGTH):
        number, digit = divmod(number, len(ALPHABET))
        digits.append(ALPHABET[digit])
    return "".join(digits)


def letter(hall, state, *, minutes_ago, **fields):
    """An unsaved letter from a random character at his table, to another."""
    sender = hall.rng.choice(hall.characters)
    fields.setdefault("addressee", hall.rng.choice(hall.characters))
    fields.setdefault("destination", hall.rng.choice(hall.tables))
    return Letter(
        event=hall.event,
        code=code_of(next(hall.numbers)),
        sender=sender,
        origin_id=sender.location_id,
        written_turn=hall.turn,
        state=state,
        moved_at=hall.now - timedelta(minutes=minutes_ago),
        **fields,
    )


def build_letters(hall, total):
    """Illyria's tray and the letters due next turn; `add_background` fills up to `total`."""
    Letter.objects.bulk_create(tray_letters(hall) + due_letters(hall), batch_size=BATCH)
    add_background(hall, total - Letter.objects.count())


def tray_letters(hall):
    """To hand out: to players here and elsewhere, to offices, back to senders. Waiting for
    couriers. Carried by couriers here. Overdue: bound here, stuck at other tables."""
    rng, table = hall.rng, hall.table
    provinces = list(Province.objects.filter(event=hall.event, governor__isnull=False))
    arrived = dict(state="arrived", at_table=table, destination=table)
    letters = [
        letter(hall, minutes_ago=rng.uniform(0, 15), addressee=rng.choice(hall.here), **arrived)
        for _ in range(TO_HAND_OUT - 10)
    ]
    letters += [
        letter(hall, minutes_ago=rng.uniform(0, 15), addressee=rng.choice(hall.away), **arrived) for _ in range(5)
    ]
    letters += [
        letter(
            hall,
            minutes_ago=rng.uniform(0, 15),
            addressee=None,
            office="governor",
            office_province=rng.choice(provinces),
            **arrived,
        )
        for _ in range(3)
    ]
    letters += [letter(hall, minutes_ago=rng.uniform(0, 15), returning=True, **arrived) for _ in range(2)]
    letters += [
        letter(hall, "in_tray", minutes_ago=rng.uniform(0, 15), at_table=table, destination=rng.choice(hall.others))
        for _ in range(WAITING)
    ]
    letters += [
        letter(hall, "carried", minutes_ago=rng.uniform(0, 15), courier=courier)
        for courier in hall.here[:COURIERS]
        for _ in range(EACH_CARRIES)
    ]
    letters += [
        letter(hall, "in_tray", minutes_ago=rng.uniform(60, 120), at_table=rng.choice(hall.others), destination=table)
        for _ in range(OVERDUE)
    ]
    return letters


def due_letters(hall):
    """In transit, due at the next turn, over the 8 map tables."""
    map_tables = [t for t in hall.tables if t.kind == Region.Kind.MAP_TABLE]
    return [
        letter(
            hall,
            "in_transit",
            minutes_ago=hall.rng.uniform(0, 15),
            destination=map_tables[n % len(map_tables)],
            due_turn=hall.turn + 1,
        )
        for n in range(RELEASED)
    ]


def add_background(hall, count_):
    """Letters that are neither in Illyria's tray nor bound for it while moving: most delivered."""
    states = hall.rng.choices([s for s, _ in MIX], [w for _, w in MIX], k=count_)
    for start in range(0, count_, BATCH):
        Letter.objects.bulk_create(
            [background(hall, state) for state in states[start : start + BATCH]], batch_size=BATCH
        )


def background(hall, state):
    rng = hall.rng
    if state == "delivered":
        made = letter(hall, state, minutes_ago=rng.uniform(0, 480))
        made.delivered_to = made.addressee
        return made
    there = rng.choice(hall.others)
    where = dict(destination=there, minutes_ago=rng.uniform(0, 15))
    if state in ("in_tray", "arrived"):
        return letter(hall, state, at_table=rng.choice(hall.others) if state == "in_tray" else there, **where)
    if state == "carried":
        return letter(hall, state, courier=rng.choice(hall.away), **where)
    return letter(hall, state, due_turn=hall.turn + rng.randint(2, 5), **where)


# Measuring ----------------------------------------------------------------------


def measure(hall, repeat):
    letters = Letter.objects.count()
    client = Client(HTTP_HOST="localhost")
    client.force_login(get_umpire())
    tray_url = f"/events/ad69/post/tables/{hall.table.pk}/"
    tray_runs = [timed_get(client, tray_url) for _ in range(repeat + 1)][1:]  # the first warms the templates
    tray_seconds, tray_sql = min(tray_runs, key=lambda run: run[0])
    with override_settings(ROOT_URLCONF=__name__):
        bare_runs = [timed_get(client, f"/bare/{hall.table.pk}/") for _ in range(repeat + 1)][1:]
    releases = [timed_release(hall) for _ in range(repeat)]
    release_seconds, release_sql, queued = min(releases, key=lambda run: run[0])
    bare_release = min(timed_bare_release(hall) for _ in range(repeat))
    return Size(
        letters,
        len(tray_sql),
        tray_seconds,
        replayed(tray_sql, repeat),
        min(seconds for seconds, _ in bare_runs),
        bare_rows(hall.table),
        release_sql,
        release_seconds,
        bare_release,
        queued,
    )


def get_umpire():
    return get_user_model().objects.get(username="illyria")


def timed_get(client, url):
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        response = client.get(url)
        seconds = time.perf_counter() - started
    if response.status_code != 200:
        sys.exit(f"{url} answered {response.status_code}.")
    return seconds, [query["sql"] for query in queries.captured_queries]


def replayed(sql, repeat):
    """The page's own SQL alone: each query it ran, run again raw and every row fetched."""
    best = float("inf")
    with connection.cursor() as cursor:
        for _ in range(repeat):
            started = time.perf_counter()
            for query in sql:
                replay(cursor, query)
            best = min(best, time.perf_counter() - started)
    return best


def replay(cursor, query):
    """Run one captured query again and fetch its rows."""
    cursor.execute(query)
    cursor.fetchall()


# The bare page: the same rows, one plain values_list per section, nothing rendered.
def tray_sections(table):
    letters = Letter.objects.filter(event_id=table.event_id).order_by()
    columns = ("pk", "code", "sender_id", "addressee_id", "destination_id")
    stuck = timezone.now() - timedelta(minutes=40)
    return [
        letters.filter(state=Letter.State.ARRIVED, at_table=table).values_list(*columns),
        letters.filter(state=Letter.State.IN_TRAY, at_table=table).values_list(*columns),
        letters.filter(state=Letter.State.CARRIED, courier__location=table).values_list(*columns),
        letters.filter(destination=table, state__in=Letter.MOVING, moved_at__lt=stuck)
        .exclude(state=Letter.State.ARRIVED)
        .values_list(*columns),
    ]


def bare_rows(table):
    return sum(len(list(section)) for section in tray_sections(table))


@login_required
def bare_tray(request, table_id):
    return HttpResponse(str(bare_rows(Region.objects.get(pk=table_id))))


urlpatterns = [path("bare/<int:table_id>/", bare_tray)]


@contextmanager
def rolled_back():
    """Whatever the block writes is undone, and what it queued for the commit is dropped unrun."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def timed_release(hall):
    """(seconds, the SQL it ran, messages queued for the commit) of one turn-end release."""
    with rolled_back(), CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        released = release_due_letters(hall.event, hall.turn)
        seconds = time.perf_counter() - started
        queued = len(connection.run_on_commit)
    if released != RELEASED:
        sys.exit(f"The release released {released} letters, not {RELEASED}.")
    return seconds, [query["sql"] for query in queries.captured_queries], queued


def timed_bare_release(hall):
    """The floor: one UPDATE of the due letters, one bulk_create of their steps."""
    due = list(
        Letter.objects.filter(event=hall.event, state=Letter.State.IN_TRANSIT, due_turn__lte=hall.turn + 1).values_list(
            "pk", "destination_id"
        )
    )
    now = timezone.now()
    with rolled_back():
        started = time.perf_counter()
        Letter.objects.filter(pk__in=[pk for pk, _ in due]).update(
            state=Letter.State.ARRIVED, at_table=F("destination"), moved_at=now
        )
        LetterStep.objects.bulk_create(
            LetterStep(letter_id=pk, what=LetterStep.What.ARRIVED, table_id=table, at=now, turn=hall.turn + 1, month="")
            for pk, table in due
        )
        return time.perf_counter() - started


# Output -------------------------------------------------------------------------


def print_table(hall, sizes, repeat):
    small, large = sizes[0], sizes[-1]
    characters = len(hall.characters)
    print(
        f"the post: Django {django.get_version()} on {connection.vendor}, Python {platform.python_version()}, "
        f"best of {repeat}; {len(hall.tables)} tables, {characters} characters"
    )
    print(
        f"tray page, {hall.table} ({TO_HAND_OUT} to hand out, {WAITING} waiting, {COURIERS} couriers carrying "
        f"{COURIERS * EACH_CARRIES}, {OVERDUE} overdue: {small.tray_rows} letters shown)"
    )
    print(f"{'letters':>8} {'queries':>7} {'page s':>8} {'its SQL s':>9} {'bare s':>8} {'page/bare':>9}")
    for size in sizes:
        print(
            f"{size.letters:>8} {size.tray_queries:>7} {size.tray_seconds:>8.4f} {size.tray_sql_seconds:>9.4f} "
            f"{size.bare_page_seconds:>8.4f} {size.tray_seconds / size.bare_page_seconds:>8.1f}x"
        )
    print(
        f"release_due_letters, {RELEASED} letters due at turn {hall.turn + 1} over 8 tables "
        f"({small.queued} messages queued for the commit, dropped by the rollback)"
    )
    print(f"{'letters':>8} {'queries':>7} {'release s':>9} {'bare s':>8} {'release/bare':>12}")
    for size in sizes:
        print(
            f"{size.letters:>8} {size.release_queries:>7} {size.release_seconds:>9.4f} "
            f"{size.bare_release_seconds:>8.4f} {size.release_seconds / size.bare_release_seconds:>11.1f}x"
        )
    kinds = query_kinds(large.release_sql)
    print("  the release's queries: " + ", ".join(f"{n} {kind}" for kind, n in kinds.most_common()))
    same = large.tray_queries == small.tray_queries and large.release_queries == small.release_queries
    print(f"queries: {'the same' if same else 'NOT the same'} at {small.letters} and {large.letters} letters")
    print(
        "page: the tray through the test client as its umpire; its SQL: the page's queries run again raw, "
        "rows fetched; bare: a page behind the same login reading the same rows, one values_list a section"
    )
    print("bare release: one UPDATE of the same letters and one bulk_create of their steps")


def query_kinds(sql):
    """How many of each kind of query; a savepoint is known by its words, as its name changes."""
    return Counter(
        " ".join(match.groups()) if (match := QUERY_KIND.match(query)) else query.split('"')[0].strip() for query in sql
    )


if __name__ == "__main__":
    main()
