"""bench/hall_load.py's results and output: the configurations side by side, then what failed, word
for word, and the errors the servers logged, each with its first traceback."""

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib.metadata import version

from bench.browsers import Tally
from bench.servers import percentile

REPORTED_PACKAGES = ("django", "uvicorn", "channels", "channels_redis", "celery")
# Django's "Internal Server Error: /path", not the server's access line for the same 500 ("... 500 Internal Server
# Error"), which would count each failed page twice.
LOGGED_ERROR = re.compile(r"\bERROR\b|\bCRITICAL\b|Exception inside application|Internal Server Error:|^Traceback")
LOG_PREFIX = re.compile(r"^\[[^\]]*\]\s*")  # Celery's "[time: LEVEL/process]"
TRACEBACK_GOES_ON = ("Traceback", " ")
CHAINED = ("The above exception", "During handling")
CHAIN_GAP = 8  # lines an exception's message may run to before the traceback chained to it
LABEL = 48
SLOWEST = 8
MOST_ASKED = 10
DATABASES = {"postgres": "PostgreSQL", "sqlite": "SQLite"}


@dataclass(frozen=True)
class Incident:
    log: str
    headline: str
    exception: str
    text: str


@dataclass
class Result:
    """One configuration's run: a database and a number of ASGI workers. Plain data, so that the process
    that ran it can hand it to the one that reports."""

    database: str  # a key of DATABASES
    workers: int
    tally: Tally
    filling: float = 0.0  # seconds for every browser to sign in and open its page
    turns: int = 0  # advanced while measured
    seconds: float = 0.0  # from the clock's start to the last advance's messages
    turn_ends: dict = field(default_factory=dict)
    database_bytes: int = 0
    at_once: dict = field(default_factory=dict)  # page kind -> its seconds, AT_ONCE at a time
    incidents: list = field(default_factory=list)  # what the servers logged as errors
    stopped_early: bool = False
    run: int = 0  # which run of its database and workers, where the bench ran them more than once
    machine: tuple = (0.0, 0.0)  # while measured, the machine's CPUs' (busy, stolen) shares, the bench's own work in

    @property
    def label(self):
        label = f"{DATABASES[self.database]}, {self.workers} worker{'s' if self.workers > 1 else ''}"
        return f"{label}, run {self.run}" if self.run else label


def number_repeated_runs(results):
    """Number the runs of each configuration run more than once, in the order they ran."""
    repeated = Counter((result.database, result.workers) for result in results)
    runs = Counter()
    for result in results:
        configuration = (result.database, result.workers)
        if repeated[configuration] > 1:
            runs[configuration] += 1
            result.run = runs[configuration]


# The servers' logs ----------------------------------------------------------------


def scan_logs(folder):
    """Every error the processes logged: its line, the exception it ended in and the whole text."""
    return [incident for path in sorted(folder.glob("*.log")) for incident in incidents_in(path)]


def incidents_in(path):
    lines, found, i = path.read_text(errors="replace").splitlines(), [], 0
    while i < len(lines):
        if not LOGGED_ERROR.search(lines[i]):
            i += 1
            continue
        end, last = traceback_end(lines, i + 1)
        headline = LOG_PREFIX.sub("", lines[i])
        exception = lines[last] if last is not None else headline
        found.append(Incident(path.stem, headline[:160], exception[:200], "\n".join(lines[i:end])))
        i = end
    return found


def traceback_end(lines, i):
    """(The line after the traceback that starts at `i`, the index of its last exception's line);
    (`i`, None) if none starts there. A chained traceback ("The above exception was the direct
    cause...") is one with the traceback before it, even after an exception of several lines."""
    last = None
    while i < len(lines) and lines[i].startswith("Traceback"):
        while i < len(lines) and (lines[i].startswith(TRACEBACK_GOES_ON) or not lines[i]):
            i += 1
        last, i = min(i, len(lines) - 1), i + 1
        chained = next((j for j in range(i, min(i + CHAIN_GAP, len(lines))) if lines[j].startswith(CHAINED)), None)
        if chained is None:
            break
        i = next((j for j in range(chained, len(lines)) if lines[j].startswith("Traceback")), len(lines))
    return min(i, len(lines)), last


# The table --------------------------------------------------------------------------


def print_report(args, people, results, projectors, rates):
    """`people`: (players, umpires) as the hall was built."""
    packages = ", ".join(f"{name} {version(name)}" for name in REPORTED_PACKAGES)
    players, umpires = people
    print(
        f"\nHall load: {players} players, {umpires} umpires, {projectors} projectors; "
        f"{args.turns} turns of {args.turn_seconds:g} s; {os.cpu_count()} CPUs; {packages}; "
        f"PostgreSQL over {args.postgres_over}"
    )
    print("Rates, mean seconds between two: " + ", ".join(f"{what} {every}" for what, every in rates.items()))
    print()
    print_row("", [result.label for result in results])
    for label, shown in rows():
        print_row(label, [shown(result) for result in results])
    print_database_ratios(results)
    print_notes()
    print_slowest(results)
    for result in results:
        print_failures(result)


def rows():
    return (
        ("filling the hall (s)", lambda r: f"{r.filling:.0f}"),
        ("measured (s), turns advanced", lambda r: f"{r.seconds:.0f}, {r.turns}" + (" STOPPED" * r.stopped_early)),
        ("pages (GET) p50 / p99 ms", lambda r: spread(r.tally.pages)),
        ("actions (POST) p50 / p99 ms", lambda r: spread(r.tally.actions)),
        ("clock fan-out from advance p50/p99", lambda r: spread(from_advance(r))),
        ("clock fan-out from send p50 / p99", lambda r: spread([got - sent for _, got, sent in r.tally.arrivals])),
        ("clock messages heard", lambda r: f"{len(r.tally.arrivals)}/{r.tally.live_clients * r.turns}"),
        ("requests", lambda r: str(r.tally.requests)),
        (
            "posted: letters / transfers / battle",
            lambda r: f"{r.tally.posted['letter']} / {r.tally.posted['transfer']} / {battle_steps(r.tally)}",
        ),
        ("forms refused", lambda r: str(sum(r.tally.refusals.values()))),
        ("errors, all told", lambda r: str(r.tally.errors.total() + len(r.incidents))),
        ("errors: HTTP 5xx", lambda r: str(r.tally.errors["HTTP 5xx"])),
        ("errors: HTTP 4xx", lambda r: str(r.tally.errors["HTTP 4xx"])),
        ("errors: other HTTP", lambda r: str(other_http(r.tally.errors))),
        (
            "errors: websockets dropped/refused",
            lambda r: f"{r.tally.errors['websocket dropped']}/{r.tally.errors['websocket refused']}",
        ),
        (
            "errors: messages lost / out of order",
            lambda r: f"{r.tally.errors['message lost']}/{r.tally.errors['message out of order']}",
        ),
        ("errors: server log", lambda r: str(len(r.incidents))),
        ("database size (MB)", lambda r: f"{r.database_bytes / 1e6:.1f}"),
        ("machine's CPUs busy / stolen (%)", lambda r: " / ".join(f"{share * 100:.0f}" for share in r.machine)),
    )


def print_database_ratios(results):
    """Issue 34's "PostgreSQL pages no slower than SQLite's": one worker each, from the same run, the timings of a
    database run more than once pooled."""
    one_worker = {}
    for result in results:
        if result.workers == 1:
            one_worker.setdefault(result.database, []).append(result.tally)
    if "postgres" not in one_worker or "sqlite" not in one_worker:
        return
    runs = ", runs pooled" if any(len(tallies) > 1 for tallies in one_worker.values()) else ""
    for what in ("pages", "actions"):
        postgres, sqlite = (pooled(one_worker[database], what) for database in ("postgres", "sqlite"))
        print(
            f"PostgreSQL {what} p50/p99 as a ratio of SQLite's (same run{runs}), one worker: {ratios(postgres, sqlite)}"
        )


def pooled(tallies, what):
    return [seconds for tally in tallies for seconds in getattr(tally, what)]


def ratios(seconds, against):
    if not seconds or not against:
        return "-"
    return " / ".join(f"{percentile(seconds, p) / percentile(against, p):.2f}" for p in (50, 99))


def print_row(label, cells):
    print(f"{label:<{LABEL}}" + "".join(f" | {cell:>22}" for cell in cells))


def spread(seconds):
    low, high = percentile(seconds, 50), percentile(seconds, 99)
    return f"{low * 1000:.0f} / {high * 1000:.0f}" if seconds else "-"


def battle_steps(tally):
    return sum(count for what, count in tally.posted.items() if what.startswith("battle"))


def from_advance(result):
    return [got - result.turn_ends[turn] for turn, got, _ in result.tally.arrivals if turn in result.turn_ends]


def other_http(errors):
    kinds = ("HTTP connection failed", "too many redirects", "login failed", "page without live.js")
    return sum(errors[kind] for kind in kinds)


def print_notes():
    print("Timed once the hall is full (every umpire signed in, every page and socket open). Pages: every GET,")
    print("redirects followed and live reloads included. Actions: the POSTs of letters, transfers and battle")
    print("steps. Clock fan-out: from the turn's advance (TurnEnd.at), or from the message's sending, to each")
    print("umpire's and projector's socket. A refused form (the page's own error message) is the game saying no,")
    print("not an error. Battle: its steps posted. The machine's CPUs: every process's time while measured, the")
    print("bench's own included; stolen, the time a virtual machine's host gave to others. A busier machine, or a")
    print("host that steals, slows every figure: compare runs whose shares are alike.")


def print_slowest(results):
    """The kinds of request slowest at the 99th percentile, over all configurations; then the most asked,
    whose timings make the medians."""
    print("\nSlowest requests, p50 / p99 ms (count) in each configuration:")
    kinds = {kind for result in results for kind in result.tally.by_kind}
    worst = sorted(kinds, key=lambda kind: -max(percentile(r.tally.by_kind.get(kind, [0]), 99) for r in results))
    print_kinds(worst[:SLOWEST], results)
    print("\nMost asked requests, p50 / p99 ms (count) in each configuration:")
    asked = sorted(kinds, key=lambda kind: -sum(len(r.tally.by_kind.get(kind, [])) for r in results))
    print_kinds(asked[:MOST_ASKED], results)


def print_kinds(kinds, results):
    for kind in kinds:
        print_row(
            kind[:LABEL],
            [f"{spread(r.tally.by_kind.get(kind, []))} ({len(r.tally.by_kind.get(kind, []))})" for r in results],
        )


# What failed --------------------------------------------------------------------------


def print_failures(result):
    tally = result.tally
    if not (tally.errors or tally.refusals or result.incidents):
        return
    print(f"\n{result.label}:")
    for kind, count in tally.errors.most_common():
        print(f"  {count} x {kind}, e.g. " + "; ".join(tally.examples.get(kind, [])[:3]))
    for what, count in tally.refusals.most_common():
        print(f"  refused {count} x {what}, e.g. " + "; ".join(tally.examples.get(f"refused: {what}", [])[:2]))
    print_incidents(result.incidents)


def print_incidents(incidents):
    counted = Counter((incident.log, incident.exception) for incident in incidents)
    first = {}
    for incident in incidents:
        first.setdefault((incident.log, incident.exception), incident)
    for (log, exception), count in counted.most_common():
        print(f"  {count} x in {log}.log: {exception}")
        print("    " + first[(log, exception)].text.replace("\n", "\n    "))
