"""A hall's cast spreadsheet: 300 characters and 300 players, previewed and applied.

Builds the XLSX a Control team would upload for a 300-player event (the 48 AD69 characters and 252
legates of its own, each with his figures and notes, and a player for each), then times what the
cast import page does with it: reading the file (`read_cast`), the preview of every row
(`preview_cast`) and the apply (`do_import_cast`: one transaction, each record saved and audited as
a step). Beside it, the floor: openpyxl reading the same workbook's cells, nothing checked. So
read/floor is what the refusals' checks add to reading, and the preview and apply are reported with
their database queries. Each time is the best of the repetitions; the apply runs in a transaction
rolled back each time, so every repetition imports the same cast into the same world.

It asserts nothing. SQLite by default, PostgreSQL if DATABASE_URL is set; either way in a scratch
database of its own, dropped afterwards:

    .venv/bin/python bench/cast_import.py [--players 300] [--repeat 3]
"""

import argparse
import io
import os
import platform
import sys
import time
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.pop("REDIS_URL", None)  # the live updates go to the in-memory channel layer
os.environ.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_DEBUG="0", UMPIRE_LOG_LEVEL="WARNING")
django.setup()

import openpyxl  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from bench.scratch import scratch_database  # noqa: E402
from tests.browser.cast_sheet import CHARACTER_HEADER, PLAYER_HEADER, TEAMS, character_rows  # noqa: E402
from umpire.cast_sheets import read_cast  # noqa: E402
from umpire.models import Event  # noqa: E402
from umpire.services.cast import do_import_cast, preview_cast  # noqa: E402

TABLES = ("Northern", "Gaul", "Spain", "Italia/Rome", "Illyria", "Eastern Med", "North Africa", "Alpes")


class RolledBack(Exception):
    """Raised at the end of each apply, so the next repetition finds the world as it was."""


def cast_workbook(players):
    """The AD69 characters with the figures the browser test gives them, then legates up to `players`."""
    rows = [list(row) for row in character_rows()[:48]]
    for number in range(len(rows) + 1, players + 1):
        name = f"Legatus {number:03d}"
        table = TABLES[number % len(TABLES)]
        rows.append(
            [
                name,
                "Legionary Legate",
                "Equestrian",
                table,
                50 + number,
                number % 7,
                number % 9,
                number % 4,
                f"{name}'s orders.",
            ]
        )
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Characters"
    sheet.append(CHARACTER_HEADER)
    for row in rows:
        sheet.append(row)
    people = book.create_sheet("Players")
    people.append(PLAYER_HEADER)
    for number, row in enumerate(rows, start=1):
        people.append([f"Player {number:03d}", f"player{number:03d}@example.org", row[0], TEAMS[number % len(TEAMS)]])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def floor(data):
    """Every cell of the workbook read, nothing checked."""
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True)
    return sum(1 for sheet in book.worksheets for row in sheet.iter_rows(values_only=True) for _ in row)


def best(work, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def apply(event, sheets):
    try:
        with transaction.atomic():
            do_import_cast(event, sheets, actor=None)
            raise RolledBack
    except RolledBack:
        pass


def queries(work):
    """How many statements `work` sends (counted as they go: Django's query log keeps only the last 9,000)."""
    sent = []

    def count(execute, sql, params, many, context):
        sent.append(1)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        work()
    return len(sent)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    data = cast_workbook(options.players)
    print(
        f"{options.players} characters and players, {len(data) // 1024} KB of XLSX; {connection.vendor}, "
        f"Python {platform.python_version()}, best of {options.repeat}"
    )
    with scratch_database("bench_cast"):
        call_command("loaddata", "ad69_world", verbosity=0)
        event = Event.objects.get(slug="ad69")
        sheets = read_cast(data, "cast.xlsx")
        floor_s = best(lambda: floor(data), options.repeat)
        read_s = best(lambda: read_cast(data, "cast.xlsx"), options.repeat)
        preview_s = best(lambda: preview_cast(event, sheets), options.repeat)
        apply_s = best(lambda: apply(event, sheets), options.repeat)
        preview_q, apply_q = queries(lambda: preview_cast(event, sheets)), queries(lambda: apply(event, sheets))
    print(f"floor (openpyxl reads every cell) {floor_s:7.3f} s")
    print(f"read_cast                         {read_s:7.3f} s   read/floor {read_s / floor_s:5.2f}")
    print(f"preview_cast                      {preview_s:7.3f} s   {preview_q} queries")
    print(
        f"do_import_cast (apply)            {apply_s:7.3f} s   {apply_q} queries, "
        f"{apply_q / (2 * options.players):.1f} a row"
    )


if __name__ == "__main__":
    main()
