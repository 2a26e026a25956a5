"""Batch printing: 300 personal briefings of about eight pages each, against a bare canvas.

Seats 300 players in the AD69 world (with its demo forces, the clock started so the purses are
open): legates, procurators and senators in turn, each with Control's notes, objectives and five
acquaintances (then the summary page, the turn schedule and the handbook's rules for his role),
and prints them all as the print shop's batch run does (`do_print_run`: each
briefing gathered from the database, laid out, then merged into one PDF and zipped one file
each). Beside it, a bare ReportLab canvas writes as many pages of plain text (50 lines a page,
Helvetica, nothing embedded): the floor, so run/bare per page is what the print shop's layout,
fonts, gathering, merging and zipping add to putting text on pages. It also times the layout
alone, on the same sheets gathered beforehand, to say where the time goes, and reports the
process's peak memory. Each time is the best of the repetitions.

It asserts nothing. SQLite by default, PostgreSQL if DATABASE_URL is set; either way in a
scratch database of its own, dropped afterwards:

    .venv/bin/python bench/print_briefings.py [--players 300] [--repeat 3]
"""

import argparse
import os
import platform
import resource
import sys
import time
from io import BytesIO
from pathlib import Path

import django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.pop("REDIS_URL", None)  # the progress messages go to the in-memory channel layer
os.environ.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_DEBUG="0", UMPIRE_LOG_LEVEL="WARNING")
django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from bench.scratch import scratch_database  # noqa: E402
from printshop.briefings import get_briefing  # noqa: E402
from printshop.models import PrintRun  # noqa: E402
from printshop.runs import do_print_run  # noqa: E402
from umpire import clockwork  # noqa: E402
from umpire.models import Briefing, Character, Event  # noqa: E402
from umpire.printing.briefing import briefing_pdf  # noqa: E402

ROLES = (Character.Role.LEGIONARY_LEGATE, Character.Role.PROCURATOR, Character.Role.SENATOR)
# Control's notes: about two pages of a briefing's eight (a legate's; a senator's and a procurator's run shorter).
NOTES = "\n\n".join(
    f"Part {part}: the legions on the Rhine grumble at Galba's meanness; the procurators of Gaul "
    "count the cost of the revolt of Vindex; your friends in Rome write that the Praetorians were "
    "promised a donative they never received, and that the mob cheers whoever pays for the games. "
    "Watch the roads over the Alps and the corn ships from Egypt."
    for part in range(1, 21)
)
OBJECTIVES = "\n\n".join(
    ("Survive the year.", "End it richer than you began.", "Be on the winning side when the Senate names the Emperor.")
)
LINES_PER_PAGE = 50


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300, help="briefings to print (default 300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept (default 3)")
    args = parser.parse_args()
    with scratch_database("bench_print"):
        event = seat_players(args.players)
        run_seconds, pages = best_run(event, args.repeat)
        layout_seconds = best_layout(event, args.repeat)
        bare_seconds = best_of(args.repeat, lambda: bare_canvas(pages))
        report(args.players, pages, run_seconds, layout_seconds, bare_seconds)


def seat_players(players):
    call_command("loaddata", "ad69_world", verbosity=0)
    call_command("loaddata", "ad69_demo_forces", verbosity=0)
    event = Event.objects.get(slug="ad69")
    clockwork.do_start_clock(event, actor=None)
    Character.objects.filter(event=event).delete()  # the demo cast would add its own pages
    tables = list(event.regions.all())
    cast = Character.objects.bulk_create(
        Character(
            event=event,
            name=f"Player {number:03d} Aemilius",
            role=ROLES[number % len(ROLES)],
            social_class="senatorial",
            wealth=100 + number,
            support=number % 7,
            military_skill=number % 5,
            location=tables[number % len(tables)],
        )
        for number in range(players)
    )
    briefings = Briefing.objects.bulk_create(
        Briefing(character=character, personal_income=10, notes=NOTES, objectives=OBJECTIVES) for character in cast
    )
    for number, briefing in enumerate(briefings):
        briefing.acquaintances.set(cast[number + 1 : number + 6] or cast[:5])
    return event


def best_run(event, repeat):
    """The batch run's best time, and the pages it printed."""
    times = []
    for _ in range(repeat):
        run = PrintRun.objects.create(
            event=event, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", requested_at=timezone.now()
        )
        started = time.perf_counter()
        do_print_run(run.pk)
        times.append(time.perf_counter() - started)
        run.refresh_from_db()
        if run.state != PrintRun.State.DONE:
            sys.exit(f"the run failed: {run.failure}")
    return min(times), run.pages


def best_layout(event, repeat):
    """The layout alone: the same briefings, gathered once beforehand, drawn again."""
    characters = Character.objects.filter(event=event).select_related("event", "career_rank", "location")
    sheets = [get_briefing(character) for character in characters]
    return best_of(repeat, lambda: [briefing_pdf(sheet, event_name=event.name) for sheet in sheets])


def bare_canvas(pages):
    canvas = Canvas(BytesIO(), pagesize=A4)
    for page in range(pages):
        for line in range(LINES_PER_PAGE):
            canvas.drawString(60, 780 - 14 * line, f"Page {page + 1}, line {line + 1}: plain text on a bare canvas.")
        canvas.showPage()
    canvas.save()


def best_of(repeat, work):
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def report(players, pages, run_seconds, layout_seconds, bare_seconds):
    per_page = {
        name: 1000 * seconds / pages
        for name, seconds in (("run", run_seconds), ("layout", layout_seconds), ("bare", bare_seconds))
    }
    print(
        f"batch printing: {players} briefings, {pages} pages ({pages / players:.1f} a briefing), "
        f"Django {django.get_version()} on {connection.vendor}, Python {platform.python_version()}"
    )
    print(f"{'':>28} {'seconds':>8} {'ms/page':>8} {'/bare':>7}")
    for name, label in (
        ("run", "batch run (do_print_run)"),
        ("layout", "layout alone (briefing_pdf)"),
        ("bare", "bare canvas, plain text"),
    ):
        seconds = {"run": run_seconds, "layout": layout_seconds, "bare": bare_seconds}[name]
        print(f"{label:>28} {seconds:>8.2f} {per_page[name]:>8.2f} {per_page[name] / per_page['bare']:>7.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory of this process: {peak:.0f} MB (the run holds every PDF until it merges them)")


if __name__ == "__main__":
    main()
