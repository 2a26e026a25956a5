"""export_event and import_event: one whole event to one file, and back into an emptied database."""

import json
from datetime import datetime, timedelta

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from backups.services.walk import event_lookups
from regions.models import Posting, Province
from regions.services.books import OPENING, outside, treasury_of
from regions.services.ledger import do_transfer
from tests.database import empty_the_database
from umpire import clockwork
from umpire.models import AuditEntry, Event, GameClock, TurnEnd

from .helpers import balances, count_every_table, every_row, unbalanced_transactions

pytestmark = pytest.mark.slow  # whole events, every table, exported and restored


def export(tmp_path, slug="ad69"):
    path = tmp_path / f"{slug}.json"
    call_command("export_event", slug, str(path))
    return path


def reaches_the_event(model, seen=()):
    """Read from the models' keys here, not from the walk under test: any chain of keys, optional or not."""
    event = apps.get_model("umpire", "Event")
    if model is event:
        return True
    keys = [
        field.related_model
        for field in model._meta.concrete_fields
        if field.is_relation and (field.many_to_one or field.one_to_one)
    ]
    return any(target not in seen and reaches_the_event(target, (*seen, model)) for target in keys)


def test_every_model_with_a_path_to_the_event_is_exported():
    reaching = {model for model in apps.get_models() if reaches_the_event(model)}
    missing = {model._meta.label for model in reaching - set(event_lookups())}
    assert not missing, f"models of the event the backup forgets: {', '.join(sorted(missing))}"
    assert {
        "regions.Posting",
        "mail.LetterStep",
        "warfare.SiegeMonth",
        "boardgames.DataCell",
        "senate.Vote",
        "umpire.TurnEndHookRun",
        "backups.SnapshotSchedule",
    } <= {model._meta.label for model in reaching}


def test_the_backup_holds_every_part_of_the_event(full_world, tmp_path):
    held = {row["model"] for row in json.loads(export(tmp_path).read_text())["rows"]}
    assert {
        "umpire.event",
        "umpire.region",
        "umpire.character",
        "umpire.gameclock",
        "umpire.turnend",
        "regions.transaction",
        "regions.posting",
        "mail.letter",
        "warfare.battle",
        "warfare.siege",
        "senate.session",
        "senate.motion",
        "boardgames.tracker",
        "boardgames.datacell",
        "umpire.auditentry",
        "auth.user",
        "auth.group",
        "umpire.careerrank",
    } <= held


def test_restore_into_an_emptied_database_gives_back_every_row_and_the_ledger_balanced(full_world, tmp_path):
    """Every row as it was, but the running clock, which arrives held, with that hold's audit entry."""
    counts, rows, before = count_every_table(), every_row(), balances(full_world.event)
    mark = Event.objects.get(slug="ad69").setting_mark
    path = export(tmp_path)
    empty_the_database()
    assert not Event.objects.exists() and not User.objects.exists()
    call_command("import_event", str(path), verbosity=0)
    assert count_every_table() == {**counts, "umpire.AuditEntry": counts["umpire.AuditEntry"] + 1}
    restored = every_row()
    [hold] = [key for key, row in restored.items() if key[0] == "umpire.auditentry" and row["action"] == "clock.held"]
    [clock] = [key for key in rows if key[0] == "umpire.gameclock"]
    assert (rows[clock]["state"], restored[clock]["state"]) == ("running", "held")
    assert restored[clock]["scheduled_end"] == rows[clock]["ends_at"] and restored[clock]["held_reason"] == "restored"
    assert {key: row for key, row in restored.items() if key not in (hold, clock)} == {
        key: row for key, row in rows.items() if key != clock
    }
    assert not unbalanced_transactions() and balances(Event.objects.get(slug="ad69")) == before
    assert Event.objects.get(slug="ad69").setting_mark != mark  # what a process kept of the setting is read again


def test_a_restored_running_clock_ends_no_turn_until_control_chooses(full_world, tmp_path):
    """The backup is an hour old: its turn's end and two more have passed, and not one of them runs by itself."""
    backup = json.loads(export(tmp_path).read_text())
    [clock] = [row for row in backup["rows"] if row["model"] == "umpire.gameclock"]
    ends_at = datetime.fromisoformat(clock["fields"]["ends_at"].replace("Z", "+00:00")) - timedelta(hours=1)
    clock["fields"]["ends_at"] = ends_at.isoformat()
    backup["exported_at"] = (ends_at - timedelta(minutes=5)).isoformat()
    empty_the_database()
    path = tmp_path / "an-hour-old.json"
    path.write_text(json.dumps(backup))
    call_command("import_event", str(path), verbosity=0)
    event = Event.objects.get(slug="ad69")
    turn_ends = list(TurnEnd.objects.filter(event=event).values_list("turn", flat=True))
    clockwork.advance_due()
    held = GameClock.objects.get(event=event)
    assert (held.state, held.turn, held.remaining, held.stopped_at) == (
        "held",
        clock["fields"]["turn"],
        timedelta(minutes=5),
        ends_at - timedelta(minutes=5),
    )
    assert list(TurnEnd.objects.filter(event=event).values_list("turn", flat=True)) == turn_ends


def test_a_running_clock_s_backup_that_does_not_say_when_it_was_taken_is_refused(full_world, tmp_path):
    backup = json.loads(export(tmp_path).read_text())
    backup["exported_at"] = "yesterday"
    empty_the_database()
    path = tmp_path / "undated.json"
    path.write_text(json.dumps(backup))
    with pytest.raises(CommandError, match="does not say when it was taken"):
        call_command("import_event", str(path))
    assert not Event.objects.exists() and not User.objects.exists()


def test_a_restored_event_goes_on_with_new_rows(full_world, tmp_path):
    """The id counters are moved past the restored rows (PostgreSQL's sequences), so the next transfer and
    the next audit entry are written."""
    path = export(tmp_path)
    empty_the_database()
    call_command("import_event", str(path), verbosity=0)
    event = Event.objects.get(slug="ad69")
    treasury = treasury_of(Province.objects.get(event=event, name="Achaea"))
    latest = AuditEntry.objects.latest("pk").pk
    do_transfer(source=outside(event, OPENING), target=treasury, talents=3, why="after the restore", actor=None)
    assert AuditEntry.objects.latest("pk").pk > latest and not unbalanced_transactions()


@pytest.mark.django_db(transaction=True)
def test_restore_on_postgresql(postgres, full_world, tmp_path):
    test_restore_into_an_emptied_database_gives_back_every_row_and_the_ledger_balanced(full_world, tmp_path)


def test_import_refuses_an_event_already_here_and_changes_nothing(full_world, tmp_path):
    path, counts = export(tmp_path), count_every_table()
    with pytest.raises(CommandError, match="slug “ad69” is already in this database"):
        call_command("import_event", str(path))
    assert count_every_table() == counts


def test_import_refuses_rows_already_here_under_another_slug(full_world, tmp_path):
    path = export(tmp_path)
    Event.objects.filter(slug="ad69").update(slug="ad69-old")
    counts = count_every_table()
    with pytest.raises(CommandError, match=r"already in this database.*\(umpire\.Region\) ids"):
        call_command("import_event", str(path))
    assert count_every_table() == counts


def test_import_refuses_an_account_name_taken_by_another(full_world, tmp_path):
    path = export(tmp_path)
    empty_the_database()
    User.objects.create_user(username="control", password="x", id=999)
    with pytest.raises(CommandError, match="usernames held by other rows control"):
        call_command("import_event", str(path))
    assert not Event.objects.exists() and User.objects.count() == 1


@pytest.mark.parametrize(
    "text, refusal",
    [
        ("{not json", "not JSON"),
        ('{"rows": []}', "not an event backup"),
        ('{"format": "umpire-event-backup", "version": 9, "rows": []}', "version 9"),
        # found by the service fuzz: a backup naming no event was a KeyError
        ('{"format": "umpire-event-backup", "version": 1, "rows": []}', "not an event backup"),
        ('{"format": "umpire-event-backup", "version": 1, "event": ["ad69"], "rows": []}', "not an event backup"),
        (
            '{"format": "umpire-event-backup", "version": 1, "event": "x", "rows": [{"model": "no.such"}]}',
            "Row 1 of this backup is of no model",
        ),
        (
            '{"format": "umpire-event-backup", "version": 1, "event": "x", "rows": [{"model": "umpire.region"}]}',
            r"Row 1 of this backup \(umpire.Region\) has no id",
        ),
        # found by the service fuzz: a backup without its event's row was written, then not found (DoesNotExist)
        ('{"format": "umpire-event-backup", "version": 1, "event": "x", "rows": []}', "holds no event “x”"),
    ],
)
def test_import_refuses_a_file_that_is_not_a_backup(empty_database, tmp_path, text, refusal):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CommandError, match=refusal):
        call_command("import_event", str(path))
    assert not Event.objects.exists()


def test_import_refuses_a_row_that_points_nowhere_and_writes_nothing(full_world, tmp_path):
    backup = json.loads(export(tmp_path).read_text())
    postings = [row for row in backup["rows"] if row["model"] == "regions.posting"]
    postings[0]["fields"]["account"] = 987654
    empty_the_database()
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(backup))
    with pytest.raises(CommandError, match="nothing was written"):
        call_command("import_event", str(path))
    assert not Event.objects.exists() and not Posting.objects.exists() and not User.objects.exists()


def test_export_names_the_events_there_are_when_the_slug_is_wrong(ad69, tmp_path):
    with pytest.raises(CommandError, match=r"No event with the slug “ad68” \(events here: ad69\)"):
        call_command("export_event", "ad68", str(tmp_path / "x.json"))
