"""bench/hall_load.py's SQLite mode: its scratch file, its one worker, its time plan and the ratio of
PostgreSQL's pages to SQLite's it prints; and its browsers' reloads, as live.js's. The bench itself runs the
real processes and is not in the suite."""

import asyncio
import contextlib
import sqlite3
import time
from argparse import Namespace
from types import SimpleNamespace

import dj_database_url

from bench.browsers import REFRESH_SPREAD, Browser, Tally
from bench.hall_load import name_of, planned_seconds, worker_counts_of
from bench.hall_report import Result, incidents_in, number_repeated_runs, print_database_ratios, rows
from bench.hall_world import analyse
from bench.servers import PG_SOCKET, machine_cpu, machine_shares, postgres_url, scratch_sqlite_file


def test_sqlite_scratch_file_is_a_copy_of_its_template_removed_afterwards(tmp_path):
    template = tmp_path / "template.sqlite3"
    with sqlite3.connect(template) as made:
        made.execute("CREATE TABLE legion (name TEXT)")
        made.execute("INSERT INTO legion VALUES ('IV Macedonica')")
    made.close()
    with scratch_sqlite_file(tmp_path, "copy", template=template) as url:
        copied = sqlite3.connect(name_of(url))
        assert copied.execute("SELECT name FROM legion").fetchall() == [("IV Macedonica",)]
        copied.close()
    assert not (tmp_path / "copy.sqlite3").exists()
    assert template.exists()


def test_database_name_is_sqlite_file_or_postgres_database():
    assert name_of("sqlite:////tmp/hall/bench_hall_1w.sqlite3") == "/tmp/hall/bench_hall_1w.sqlite3"
    assert name_of("postgres://postgres@127.0.0.1:5432/bench_hall_1w_42") == "bench_hall_1w_42"


def test_postgres_url_reaches_the_socket_or_loopback_and_names_its_database():
    """The console's settings read the socket's directory as the host (dj_database_url), and the bench the name."""
    through_socket, over_tcp = postgres_url("bench_hall_1w_42", True), postgres_url("bench_hall_1w_42", False)
    assert dj_database_url.parse(through_socket)["HOST"] == PG_SOCKET
    assert dj_database_url.parse(over_tcp)["HOST"] == "127.0.0.1"
    assert dj_database_url.parse(over_tcp)["PORT"] == 5432
    assert name_of(through_socket) == name_of(over_tcp) == "bench_hall_1w_42"


def test_sqlite_runs_one_worker_whatever_asked():
    assert worker_counts_of("sqlite", [1, 2]) == [1]
    assert worker_counts_of("postgres", [1, 2]) == [1, 2]


def test_default_run_keeps_its_870_seconds_and_sqlite_adds_its_own():
    assert planned_seconds(Namespace(workers=[1, 2]), ["postgres"]) == 870
    assert planned_seconds(Namespace(workers=[1, 2]), ["postgres", "sqlite"]) > 870


def result(database, workers, pages):
    tally = Tally()
    tally.pages, tally.actions = pages, pages
    return Result(database, workers, tally)


def test_postgres_pages_reported_as_ratio_of_sqlite_one_worker_each(capsys):
    print_database_ratios(
        [
            result("postgres", 1, [0.1] * 50 + [0.4] * 50),
            result("postgres", 2, [9.0] * 100),  # two workers are not compared
            result("sqlite", 1, [0.2] * 50 + [0.8] * 50),
        ]
    )
    shown = capsys.readouterr().out
    assert "PostgreSQL pages p50/p99 as a ratio of SQLite's (same run), one worker: 0.50 / 0.50" in shown


def test_a_database_run_twice_has_its_runs_numbered_and_pooled_in_the_ratios(capsys):
    """postgres,sqlite,sqlite,postgres: the machine's drift across the four runs falls on both databases alike."""
    results = [
        result("postgres", 1, [0.1] * 100),
        result("sqlite", 1, [0.2] * 100),
        result("sqlite", 1, [0.2] * 100),
        result("postgres", 1, [0.3] * 100),
    ]
    number_repeated_runs(results)
    assert [r.label for r in results] == [
        "PostgreSQL, 1 worker, run 1",
        "SQLite, 1 worker, run 1",
        "SQLite, 1 worker, run 2",
        "PostgreSQL, 1 worker, run 2",
    ]
    print_database_ratios(results)
    shown = capsys.readouterr().out
    # PostgreSQL's 200 pages pooled: p50 0.1 (the 100th of 200, sorted), p99 0.3; SQLite's 0.2 throughout
    assert "PostgreSQL pages p50/p99 as a ratio of SQLite's (same run, runs pooled), one worker: 0.50 / 1.50" in shown


def test_a_configuration_run_once_keeps_its_plain_label():
    results = [result("postgres", 1, [0.1]), result("postgres", 2, [0.1]), result("sqlite", 1, [0.1])]
    number_repeated_runs(results)
    assert [r.label for r in results] == ["PostgreSQL, 1 worker", "PostgreSQL, 2 workers", "SQLite, 1 worker"]


def test_no_ratio_without_both_databases(capsys):
    print_database_ratios([result("postgres", 1, [0.1]), result("postgres", 2, [0.1])])
    assert capsys.readouterr().out == ""


def test_failed_page_is_one_server_log_error_not_two(tmp_path):
    log = tmp_path / "server-1.log"
    log.write_text(
        "Internal Server Error: /events/ad69/battles/1/round/\n"
        "Traceback (most recent call last):\n"
        '  File "warfare/views.py", line 411, in fight_round\n'
        "django.db.utils.OperationalError: database is locked\n"
        'INFO:     127.0.0.1:36278 - "POST /events/ad69/battles/1/round/ HTTP/1.1" 500 Internal Server Error\n'
    )
    (incident,) = incidents_in(log)
    assert incident.exception == "django.db.utils.OperationalError: database is locked"


def test_a_browser_reloads_once_for_events_heard_together_after_a_moment_of_its_own():
    """As live.js's refreshSoon: a turn's end (the clock, then the letters it brought) is one fetch, within the
    spread."""

    async def hear_two_events():
        browser = Browser("umpire of Illyria", 0, Tally(), None)
        browser.page, browser.refresh_on = "/events/ad69/tables/3/console/", {"clock.changed", "letters.arrived"}
        fetched = []

        async def get(path):
            fetched.append((path, time.monotonic()))

        browser.get = get
        heard_at = time.monotonic()
        for seq, kind in enumerate(["clock.changed", "letters.arrived"], start=1):
            browser.heard(
                {"type": "event", "group": "event-1", "seq": seq, "event": {"type": kind, "action": "turn end"}},
                heard_at,
            )
        await asyncio.sleep(REFRESH_SPREAD + 0.2)
        return heard_at, fetched

    heard_at, fetched = asyncio.run(hear_two_events())
    assert [path for path, _ in fetched] == ["/events/ad69/tables/3/console/"]
    assert fetched[0][1] - heard_at <= REFRESH_SPREAD + 0.1


class Recorded:
    """A database connection that only records the statements run on it."""

    def __init__(self, vendor):
        self.vendor, self.statements = vendor, []

    def cursor(self):
        return contextlib.nullcontext(SimpleNamespace(execute=self.statements.append))


def test_the_hall_built_on_postgresql_is_analysed_as_an_events_database_would_be_and_sqlite_left_alone():
    postgresql, sqlite = Recorded("postgresql"), Recorded("sqlite")
    analyse(postgresql)
    analyse(sqlite)
    assert postgresql.statements == ["ANALYZE"] and sqlite.statements == []


def test_the_machines_cpu_is_read_from_proc_stat_and_shared_out_between_two_readings(tmp_path):
    stat = tmp_path / "stat"
    # user nice system idle iowait irq softirq steal guest guest_nice (guest is counted in user already)
    stat.write_text("cpu  100 0 50 800 20 5 5 20 7 0\ncpu0 50 0 25 400 10 2 3 10 7 0\n")
    before = machine_cpu(stat)
    assert before == (160, 20, 1000)
    stat.write_text("cpu  200 0 70 1500 20 5 5 200 9 0\n")
    busy, stolen = machine_shares(before, machine_cpu(stat))
    # 1,000 ticks later: 120 busy (100 user, 20 system), 180 stolen, 700 idle
    assert (round(busy, 3), round(stolen, 3)) == (0.12, 0.18)
    assert machine_shares(before, before) == (0.0, 0.0)


def test_each_run_reports_how_busy_the_machine_was_while_measured():
    quiet, busy = result("postgres", 1, [0.1]), result("sqlite", 1, [0.1])
    quiet.machine, busy.machine = (0.184, 0.0), (0.71, 0.126)
    shown = dict(rows())["machine's CPUs busy / stolen (%)"]
    assert [shown(quiet), shown(busy)] == ["18 / 0", "71 / 13"]
