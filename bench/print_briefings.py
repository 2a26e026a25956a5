"""Batch printing: 300 and 1,000 personal briefings of about eight pages each, against layout alone.

Seats the players in the AD69 world (with its demo map and forces, the clock started so the purses
are open): legates, procurators and senators in turn, each with Control's notes, objectives and
five acquaintances (then the summary page, the turn schedule and the handbook's rules for his
role), and prints them all as the print shop's batch run does (`do_print_run`: each briefing
gathered from the database, laid out, spooled to its own file, then merged into one PDF and zipped
one file each from those files, both moved into the var directory's print outputs; the runs, and so
their files, are deleted at the end). Beside it, the layout alone: `briefing_pdf` on the same sheets
gathered beforehand, ReportLab's platypus laying out the same stories into memory, each dropped as
soon as it is built; run/layout is what gathering, spooling, merging and zipping add. And a bare
ReportLab canvas writing as many pages of plain text (50 lines a page, Helvetica, nothing
embedded), the floor.

Memory: each cast is printed in a child process of its own, so the high-water marks do not mix.
It reports the run's peak of Python allocations (tracemalloc, one extra run traced) and how far
the first run raised the process's peak resident size (getrusage's maxrss, before and after it,
before anything else is measured). Flat means the same at 1,000 briefings as at 300.

Time: each repetition is a round of one run, the layout alone and the bare canvas, back to back,
and each time is the best of its rounds. The machine's load drifts over minutes, and times taken
minutes apart compared the drift more than the run.

It asserts nothing. SQLite by default, PostgreSQL if DATABASE_URL is set; either way in a
scratch database of its own, dropped afterwards:

    .venv/bin/python bench/print_briefings.py [--players 300,1000] [--repeat 3] [--no-trace]
"""

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
import tracemalloc
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
MB = 1024 * 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="300,1000", help="casts to print, comma-separated (default 300,1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best kept (default 3)")
    parser.add_argument("--no-trace", action="store_true", help="skip the traced run (tracemalloc's peak)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(int(args.players), args.repeat, trace=not args.no_trace)))
        return
    results = [in_child(int(players), args) for players in args.players.split(",")]
    report(results)


def in_child(players, args):
    """One cast measured in a process of its own, so its peak memory is its own."""
    command = [sys.executable, __file__, "--child", "--players", str(players), "--repeat", str(args.repeat)]
    done = subprocess.run([*command, *(["--no-trace"] if args.no_trace else [])], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"printing {players} briefings failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(players, repeat, *, trace):
    with scratch_database("bench_print"):
        event = seat_players(players)
        try:
            before = peak_rss()
            run_seconds, run = timed_run(event)  # first, so the peak it raises is the run's alone
            raised = peak_rss() - before
            traced = traced_peak(event) if trace else None
            times = interleaved(event, repeat, first_run=run_seconds, pages=run.pages)
            return {
                "players": players,
                "pages": run.pages,
                **times,
                "rss_raised": raised,
                "rss_peak": peak_rss(),
                "traced_peak": traced,
                "merged_bytes": run.merged_pdf.size,
                "bundle_bytes": run.bundle.size,
                "vendor": connection.vendor,
            }
        finally:
            PrintRun.objects.all().delete()  # and their files, which outlive the scratch database


def seat_players(players):
    call_command("loaddata", "ad69_world", verbosity=0)
    call_command("load_demo_map", "ad69", verbosity=0)  # the demo forces stand at its points
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


def timed_run(event):
    """One batch run's time, and the run, done."""
    run = new_run(event)
    started = time.perf_counter()
    do_print_run(run.pk)
    seconds = time.perf_counter() - started
    run.refresh_from_db()
    if run.state != PrintRun.State.DONE:
        sys.exit(f"the run failed: {run.failure}")
    return seconds, run


def interleaved(event, repeat, *, first_run, pages):
    """The best of `repeat` rounds of a run, the layout alone and the bare canvas, one after the other
    in each round: the machine's load drifts over minutes, so each ratio compares times taken together."""
    lay_out = layout_alone(event)
    runs, layouts, bares = [first_run], [], []
    for round_ in range(repeat):
        if round_:
            runs.append(timed_run(event)[0])
        layouts.append(timed(lay_out))
        bares.append(timed(lambda: bare_canvas(pages)))
    return {"run": min(runs), "layout": min(layouts), "bare": min(bares)}


def new_run(event):
    return PrintRun.objects.create(
        event=event, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", requested_at=timezone.now()
    )


def traced_peak(event):
    """The peak of Python's allocations while one more run prints, above what was held before it."""
    run = new_run(event)
    tracemalloc.start()
    do_print_run(run.pk)
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def layout_alone(event):
    """The layout alone: the same briefings, gathered once beforehand, drawn again."""
    characters = Character.objects.filter(event=event).select_related("event", "career_rank", "location")
    sheets = [get_briefing(character) for character in characters]

    def lay_out():
        for sheet in sheets:
            briefing_pdf(sheet, event_name=event.name)  # built into memory, then dropped

    return lay_out


def bare_canvas(pages):
    canvas = Canvas(BytesIO(), pagesize=A4)
    for page in range(pages):
        for line in range(LINES_PER_PAGE):
            canvas.drawString(60, 780 - 14 * line, f"Page {page + 1}, line {line + 1}: plain text on a bare canvas.")
        canvas.showPage()
    canvas.save()


def timed(work):
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def peak_rss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux gives kilobytes


def report(results):
    first = results[0]
    print(
        f"batch printing of personal briefings, {first['pages'] / first['players']:.1f} pages a briefing, "
        f"Django {django.get_version()} on {first['vendor']}, Python {platform.python_version()}"
    )
    print(
        f"{'briefings':>9} {'pages':>6} {'run s':>7} {'layout s':>8} {'bare s':>7} {'run/layout':>10} "
        f"{'run/bare':>8} {'layout/bare':>11} {'traced MB':>9} {'RSS+ MB':>8} {'RSS MB':>7} {'merged MB':>9} {'zip MB':>7}"
    )
    for result in results:
        traced = "-" if result["traced_peak"] is None else f"{result['traced_peak'] / MB:.0f}"
        print(
            f"{result['players']:>9} {result['pages']:>6} {result['run']:>7.2f} {result['layout']:>8.2f} "
            f"{result['bare']:>7.2f} {result['run'] / result['layout']:>10.2f} {result['run'] / result['bare']:>8.1f} "
            f"{result['layout'] / result['bare']:>11.1f} {traced:>9} {result['rss_raised'] / MB:>8.0f} "
            f"{result['rss_peak'] / MB:>7.0f} {result['merged_bytes'] / MB:>9.1f} {result['bundle_bytes'] / MB:>7.1f}"
        )
    print(
        "traced MB: the peak of Python's allocations during one run (tracemalloc); RSS+ MB: how far the first run "
        "raised the process's peak resident size; RSS MB: that peak, set-up and layout included."
    )


if __name__ == "__main__":
    main()
