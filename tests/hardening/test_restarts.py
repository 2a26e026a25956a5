"""Issue 16, "Restarts": every process of the hall (the console's server, the Celery worker and Celery beat)
killed with SIGKILL in the middle of a turn, in the middle of a tax turn's drawing up, and half-way through a
print run, then started again.

Afterwards a clock whose turn end fell due while the hall was down holds for Control (issue 29), and one
that kept time carries on to the second; every turn that ended has one
TurnEnd row and each hook one run; and the letters in the post, the talents moved and the battle being
fought are all there as they were, each turn-end effect on them made once.
"""

import zipfile
from datetime import timedelta

import psycopg
import pytest

from printshop.runs import STALLED_AFTER
from tests.hardening.hall import (
    ADVANCE_TIMEOUT,
    console_environment,
    dedicated_redis_db,
    play_scene,
    running_hall,
    turn_end_hooks,
    turn_length,
    wait_for,
    wait_until_ended,
)
from tests.hardening.test_redis_outage import send_form, signed_in
from umpire.clockwork import MISSED_AFTER

pytestmark = [pytest.mark.real_processes, pytest.mark.postgres, pytest.mark.redis]

HOOKS = turn_end_hooks()
WITHIN_A_SECOND = timedelta(seconds=1)
LEVIES_BILL = "Raising 2 raw levies for Legio I Adiutrix"
PRINT_TIMEOUT = 120  # seconds: beat's sweep every half minute, then every table's pack printed


@pytest.fixture
def hall_env(hall_database, redis_url, tmp_path):
    with dedicated_redis_db(redis_url) as db_url:
        yield console_environment(hall_database, db_url, tmp_path)


@pytest.fixture
def hall(hall_env, tmp_path):
    with running_hall(hall_env, tmp_path) as hall:
        yield hall


def test_killed_past_two_turn_ends_the_hall_comes_back_held_and_control_catches_up(hall, hall_env, records):
    """Issue 29: the turn that was running ends once, with its hooks, and the clock holds at the next for
    Control; nothing else ends until Control catches up, which ends the other missed turn, audited."""
    play_scene(hall_env, "open_the_game")
    hall.start()
    end_turn_now(hall, records, 1)
    game = play_scene(hall_env, "busy_turn")
    before = the_game(records, game)

    hall.kill()
    # the stand-in for the hall staying down past the ends of turns 2 and 3
    turn_2_ended = records.now() - turn_length(records) - MISSED_AFTER - timedelta(seconds=5)
    records.set_turn_end(turn_2_ended)
    hall.start()
    wait_until_ended(hall, records, 2)

    assert records.clock()[:2] == (3, "held")
    assert records.hook_runs() == {0: HOOKS, 1: HOOKS, 2: HOOKS}
    assert (records.audit_count("clock.held"), records.audit_count("clock.advance")) == (1, 1)
    assert_nothing_lost_or_repeated(records, game, before, arrived_at_turn=3)

    caught_up = send_form(signed_in(hall, "control"), hall.url("/control/ad69/clock/catch-up/"), {})
    assert caught_up.status_code == 302
    wait_until_ended(hall, records, 3)
    turn, state, ends_at = records.clock()
    assert (turn, state) == (4, "running")
    assert abs(ends_at - (turn_2_ended + 2 * turn_length(records))) <= WITHIN_A_SECOND
    assert records.hook_runs() == {0: HOOKS, 1: HOOKS, 2: HOOKS, 3: HOOKS}
    assert records.audit_count("clock.catch_up") == 1


def test_killed_while_a_tax_turn_is_drawn_up_the_statements_are_drawn_up_once(hall, hall_env, hall_database, records):
    quarter = play_scene(hall_env, "eve_of_a_quarter")
    game = play_scene(hall_env, "busy_turn")
    before = the_game(records, game)
    hall.start()
    holder = psycopg.connect(hall_database, connect_timeout=5)
    try:
        # the levies' cost is billed on tax turn 4's statement: while the test holds its row, the hook
        # drawing the statements up has begun, and waits, with its transaction open
        holder.execute("SELECT id FROM regions_costowed WHERE id = %s FOR UPDATE", (quarter["cost"],))
        turn_4_starts = records.now()
        records.set_turn_end(turn_4_starts)
        waiting = wait_for(
            lambda: waiting_on(records, holder),
            timeout=ADVANCE_TIMEOUT,
            what="the tax turn's hook to wait for the levies' cost",
        )
        assert any("regions_costowed" in query for query in waiting)
        hall.kill()
        assert "regions.tax_turn" not in records.hook_runs()[3]
        assert statements_of(records, 4) == []
    finally:
        holder.rollback()
        holder.close()
    hall.start()
    wait_until_ended(hall, records, 3)

    turn, state, ends_at = records.clock()
    assert (turn, state) == (4, "running")
    assert abs(ends_at - (turn_4_starts + turn_length(records))) <= WITHIN_A_SECOND
    assert records.hook_runs() == {1: HOOKS, 2: HOOKS, 3: HOOKS}
    provinces = records.value("SELECT count(*) FROM regions_province")
    assert [count for _, count in statements_of(records, 4)] == [1] * provinces
    assert records.audit_count("tax_turn.drawn_up") == 1
    assert records.rows("SELECT settled FROM regions_costowed") == [(True,)]
    billed_to = records.rows(
        "SELECT p.name, s.turn FROM regions_bill b "
        "JOIN regions_taxstatement s ON s.id = b.statement_id "
        "JOIN regions_province p ON p.id = s.province_id WHERE b.what = %s",
        LEVIES_BILL,
    )
    assert billed_to == [("Italia", 4)]
    assert_nothing_lost_or_repeated(records, game, before, arrived_at_turn=4)


def test_killed_while_the_table_packs_print_the_run_prints_again_and_finishes(hall, hall_env, hall_database, records):
    tables = records.rows("SELECT id FROM umpire_region WHERE kind = 'map' ORDER BY position, name")
    hall.start()
    holder = psycopg.connect(hall_database, connect_timeout=5)
    try:
        # the third pack reserves its slips' codes for its table: while the test holds the table's row, two
        # packs are printed and the third waits to commit (its references are checked then), mid-run
        holder.execute("SELECT id FROM umpire_region WHERE id = %s FOR UPDATE", tables[2])
        run = play_scene(hall_env, "a_print_run")["run"]
        wait_for(
            lambda: waiting_on(records, holder) and print_run(records, run)[:2] == ("printing", 2),
            timeout=ADVANCE_TIMEOUT,
            what="the worker to wait on the third table's pack",
        )
        hall.kill()
    finally:
        holder.rollback()
        holder.close()
    assert print_run(records, run) == ("printing", 2, 1)

    # the stand-in for the hall staying down long enough for the sweep to hear nothing from the printer
    records.rows("UPDATE printshop_printrun SET heard_at = heard_at - %s RETURNING id", STALLED_AFTER)
    hall.start()
    wait_for(
        lambda: print_run(records, run)[0] == "done",
        timeout=PRINT_TIMEOUT,
        what=f"beat's sweep to start the run again and the worker to print it (see {hall.log_path('worker')})",
    )

    assert print_run(records, run) == ("done", len(tables), 2)
    assert records.audit_count("print run resumed") == 1
    bundle = records.value("SELECT bundle FROM printshop_printrun WHERE id = %s", run)
    with zipfile.ZipFile(hall.workdir / "print_outputs" / bundle) as packs:
        assert len(packs.namelist()) == len(tables)
    # a reprint keeps the codes its run reserved: each table's slips were reserved once, by whichever attempt
    # reached it first (the dead attempt's last pack may commit as the test lets its row go), never again
    reserved = records.rows(
        "SELECT target_label, count(*) FROM umpire_auditentry WHERE action = 'letter.stationery_printed' "
        "GROUP BY target_label"
    )
    assert len(reserved) == len(tables)
    assert {count for _, count in reserved} == {1}
    assert records.value("SELECT count(*) FROM printshop_runslip WHERE run_id = %s", run) == records.value(
        "SELECT count(*) FROM mail_stationerycode"
    )


# Steps ----------------------------------------------------------------------------------------------


def end_turn_now(hall, records, turn):
    """End the running `turn` now, with the hall up: the next starts at once, and is a whole turn long."""
    now = records.now()
    records.set_turn_end(now)
    wait_until_ended(hall, records, turn)
    assert records.clock()[:2] == (turn + 1, "running")
    assert abs(records.clock()[2] - (now + turn_length(records))) <= WITHIN_A_SECOND


def waiting_on(records, holder):
    """The queries of the hall's sessions waiting for a lock the test holds."""
    return [
        query
        for (query,) in records.rows(
            "SELECT query FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))", holder.info.backend_pid
        )
    ]


def print_run(records, run):
    return records.rows("SELECT state, done, attempts FROM printshop_printrun WHERE id = %s", run)[0]


def statements_of(records, turn):
    return records.rows(
        "SELECT province_id, count(*) FROM regions_taxstatement WHERE turn = %s "
        "GROUP BY province_id ORDER BY province_id",
        turn,
    )


# The game as it stood, and after --------------------------------------------------------------------


def the_game(records, game):
    """The letters, talents and battle the busy turn made, as the database holds them."""
    return {
        "letters": records.rows(
            "SELECT id, code, sender_id, addressee_id, origin_id, destination_id, written_turn, contents, due_turn, "
            "state FROM mail_letter ORDER BY id"
        ),
        "steps": records.rows("SELECT letter_id, what FROM mail_letterstep ORDER BY id"),
        "transactions": records.rows(
            "SELECT t.id, t.why, t.game_turn, array_agg(p.account_id || ':' || p.amount ORDER BY p.id) "
            "FROM regions_transaction t JOIN regions_posting p ON p.transaction_id = t.id "
            "WHERE t.id = ANY(%s) GROUP BY t.id ORDER BY t.id",
            game["transactions"],
        ),
        "battle": records.rows("SELECT id, state, advantage, turn FROM warfare_battle"),
        "rounds": records.rows("SELECT id, battle_id, number, seed, outcome::text FROM warfare_battleround"),
        # the whole balance of every account the busy turn touched, whatever posted to it
        "balances": records.rows(
            "SELECT account_id, sum(amount) FROM regions_posting WHERE account_id IN "
            "(SELECT account_id FROM regions_posting WHERE transaction_id = ANY(%s)) "
            "GROUP BY account_id ORDER BY account_id",
            game["transactions"],
        ),
    }


def assert_nothing_lost_or_repeated(records, game, before, *, arrived_at_turn):
    """Everything staged is there, unchanged but for the turn end's own work, done once: the letter
    due at the start of `arrived_at_turn` has arrived, with one arrival in its history; the other is
    still on the road; no transaction was posted twice."""
    after = the_game(records, game)
    first, second = game["letters"]
    assert [row[:-1] for row in after["letters"]] == [row[:-1] for row in before["letters"]]
    assert [(row[0], row[-2], row[-1]) for row in after["letters"]] == [
        (first, arrived_at_turn, "arrived"),
        (second, arrived_at_turn + 1, "in_transit"),
    ]
    assert after["steps"] == before["steps"] + [(first, "arrived")]
    assert records.audit_count("letter.arrived_by_post") == 1
    for key in ("transactions", "balances", "battle", "rounds"):
        assert after[key] == before[key], key
    assert records.rows("SELECT why, count(*) FROM regions_transaction GROUP BY why HAVING count(*) > 1") == []
