"""Snapshots every N turns, written by the turn-end hook, and Control's page that lists and sets them."""

import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from backups.hooks import snapshot_at_turn_end
from backups.models import SnapshotSchedule
from backups.services.snapshots import do_set_snapshot_schedule
from tests.database import empty_the_database
from umpire import clockwork
from umpire.models import AuditEntry, GameClock, Role, TurnEnd, TurnEndHookRun

pytestmark = pytest.mark.slow  # whole events written to disk and restored


@pytest.fixture
def every_two(ad69, control):
    do_set_snapshot_schedule(ad69, every_turns=2, actor=control)
    return ad69


@pytest.fixture
def end_turns(django_capture_on_commit_callbacks):
    """End `count` turns, each committed, as the clock does: the snapshot is written after the commit."""

    def end(event, count):
        with django_capture_on_commit_callbacks(execute=True):
            clockwork.do_start_clock(event, actor=None)
        for _ in range(count):
            with django_capture_on_commit_callbacks(execute=True):
                clockwork.do_skip_turn(event, actor=None)

    return end


def test_a_snapshot_is_written_at_each_turn_end_that_is_a_multiple_of_n(every_two, backup_dir, end_turns):
    end_turns(every_two, 5)
    assert sorted(path.name for path in backup_dir.iterdir()) == ["ad69-turn-002.json", "ad69-turn-004.json"]
    backup = json.loads((backup_dir / "ad69-turn-004.json").read_text())
    assert backup["event"] == "ad69" and backup["turn"] == 5
    assert TurnEndHookRun.objects.filter(hook="backups.snapshot", turn_end__turn=4).count() == 1


def test_no_snapshot_without_a_schedule(ad69, backup_dir, end_turns):
    end_turns(ad69, 2)
    assert not backup_dir.exists() or not list(backup_dir.iterdir())


def test_the_hook_run_twice_writes_one_file(every_two, backup_dir, end_turns, django_capture_on_commit_callbacks):
    end_turns(every_two, 2)
    written = (backup_dir / "ad69-turn-002.json").stat().st_mtime_ns
    with django_capture_on_commit_callbacks(execute=True) as written_after:
        snapshot_at_turn_end(every_two, 2)
        clockwork.run_pending_hooks(every_two)
    assert len(written_after) == 1  # the hook asked again; the clockwork did not run it again
    assert [path.name for path in backup_dir.iterdir()] == ["ad69-turn-002.json"]
    assert (backup_dir / "ad69-turn-002.json").stat().st_mtime_ns == written


def test_control_sees_the_snapshots_and_downloads_one(client, every_two, control, end_turns):
    end_turns(every_two, 2)
    client.force_login(control)
    page = client.get(reverse("backups:snapshots", args=["ad69"])).content.decode()
    assert "ad69-turn-002.json" in page and 'value="2"' in page
    response = client.get(reverse("backups:download", args=["ad69", "ad69-turn-002.json"]))
    assert response.status_code == 200 and json.loads(b"".join(response.streaming_content))["event"] == "ad69"


@pytest.mark.parametrize("name", ["ad69-turn-009.json", "..%2Fconsole.sqlite3", "ad69-turn-002.json.partial"])
def test_only_a_listed_snapshot_is_downloaded(client, every_two, control, name, end_turns):
    end_turns(every_two, 2)
    client.force_login(control)
    assert client.get(reverse("backups:snapshots", args=["ad69"]) + name).status_code == 404


def test_control_sets_n_and_the_change_is_audited(client, ad69, control):
    client.force_login(control)
    response = client.post(reverse("backups:schedule", args=["ad69"]), {"every_turns": "3"})
    assert response.status_code == 302 and SnapshotSchedule.objects.get(event=ad69).every_turns == 3
    entry = AuditEntry.objects.filter(event=ad69, action="backups.schedule").get()
    assert entry.actor == control and entry.after["every_turns"] == 3


@pytest.mark.parametrize(
    "every, refusal",
    [
        ("-1", "greater than or equal to 0"),
        ("many", "Enter a whole number"),
        ("101", "less than or equal to 100"),
        ("", "This field is required"),
    ],
)
def test_a_bad_n_is_refused_in_words_and_changes_nothing(client, every_two, control, every, refusal):
    client.force_login(control)
    entries = AuditEntry.objects.count()
    response = client.post(reverse("backups:schedule", args=["ad69"]), {"every_turns": every})
    assert response.status_code == 400 and refusal in response.content.decode()
    assert SnapshotSchedule.objects.get(event=every_two).every_turns == 2 and AuditEntry.objects.count() == entries


def test_a_table_umpire_may_not_see_or_set_the_backups(client, every_two, make_umpire):
    client.force_login(make_umpire(every_two, Role.REGION, "Illyria"))
    assert client.get(reverse("backups:snapshots", args=["ad69"])).status_code == 404
    assert client.post(reverse("backups:schedule", args=["ad69"]), {"every_turns": "1"}).status_code == 404
    assert SnapshotSchedule.objects.get(event=every_two).every_turns == 2


def test_a_snapshot_restores_the_event_as_its_turn_ended(every_two, backup_dir, end_turns):
    end_turns(every_two, 2)
    empty_the_database()
    call_command("import_event", str(backup_dir / "ad69-turn-002.json"), verbosity=0)
    clock = GameClock.objects.get(event__slug="ad69")
    assert clock.turn == 3 and TurnEnd.objects.filter(event=clock.event).count() == 3
    assert SnapshotSchedule.objects.get(event=clock.event).every_turns == 2


def test_a_snapshot_that_cannot_be_written_does_not_stop_the_clock(every_two, settings, tmp_path, end_turns):
    (tmp_path / "not-a-folder").write_text("a file where the folder should be")
    settings.BACKUP_DIR = tmp_path / "not-a-folder"
    end_turns(every_two, 3)
    assert GameClock.objects.get(event=every_two).turn == 4
