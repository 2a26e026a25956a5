"""Issue 29, a restore with the hall running: the backup's clock was running an hour ago, and the hall's
tickers, beat's and the server's standby, end none of the turns since; the clock arrives held."""

import json
from datetime import datetime, timedelta

import pytest

from tests.hardening.hall import console_environment, dedicated_redis_db, manage, play_scene, running_hall, wait_for

pytestmark = [pytest.mark.real_processes, pytest.mark.postgres, pytest.mark.redis]

TICKS_AFTER = 3  # beat's ticks after the restore, each a chance to end a turn


def test_a_backup_restored_with_the_hall_running_arrives_held_and_ends_no_turn(
    hall_database, redis_url, records, tmp_path
):
    with dedicated_redis_db(redis_url) as db_url:
        env = console_environment(hall_database, db_url, tmp_path)
        play_scene(env, "open_the_game")
        with running_hall(env, tmp_path) as hall:
            hall.start()
            backup_path = tmp_path / "ad69.json"
            manage(env, "export_event", "ad69", str(backup_path))
            hour_old = an_hour_old(json.loads(backup_path.read_text()))
            backup_path.write_text(json.dumps(hour_old))
            turn_ends = records.rows("SELECT turn FROM umpire_turnend ORDER BY turn")

            manage(env, "flush", "--noinput")
            manage(env, "import_event", str(backup_path))
            ticks = hall.ticks()
            wait_for(lambda: hall.ticks() >= ticks + TICKS_AFTER, timeout=60, what="beat's ticks after the restore")
            hall.check_all_running()

            assert records.clock()[:2] == (1, "held")
            assert records.rows("SELECT turn FROM umpire_turnend ORDER BY turn") == turn_ends
            assert records.audit_count("clock.held") == 1


def an_hour_old(backup):
    """The backup as if taken an hour ago: its turn's end and two more have passed since."""
    [clock] = [row for row in backup["rows"] if row["model"] == "umpire.gameclock"]
    ends_at = datetime.fromisoformat(clock["fields"]["ends_at"]) - timedelta(hours=1)
    clock["fields"]["ends_at"] = ends_at.isoformat()
    backup["exported_at"] = (ends_at - timedelta(minutes=5)).isoformat()
    return backup
