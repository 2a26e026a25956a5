"""Snapshots: the event's backup written by the console itself into settings.BACKUP_DIR, one file a
turn, named "<event>-turn-<turn>.json", and Control's choice of how often.

A snapshot is written whole to a temporary name and then renamed, so a snapshot file is never half
written; a turn's file already there is left alone, so running the turn-end hook twice writes one file."""

import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import transaction

from umpire.models import Event
from umpire.services.audit import Actor, record_audit, snapshot

from ..models import SnapshotSchedule
from .export import write_backup


@dataclass(frozen=True)
class Snapshot:
    name: str
    turn: int
    size: int
    written_at: datetime


def snapshot_folder() -> Path:
    return Path(settings.BACKUP_DIR)


def snapshot_name(event: Event, turn: int) -> str:
    return f"{event.slug}-turn-{turn:03d}.json"


def do_take_snapshot(event: Event, turn: int) -> Path:
    """Write the event's snapshot for the end of `turn`, unless it is there already; returns its path."""
    path = snapshot_folder() / snapshot_name(event, turn)
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".partial-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            write_backup(event, stream)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return path


def get_snapshots(event: Event) -> list[Snapshot]:
    """The event's snapshot files, the latest turn first."""
    pattern = re.compile(rf"{re.escape(event.slug)}-turn-(\d+)\.json")
    found = []
    for path in snapshot_folder().glob(f"{event.slug}-turn-*.json"):
        match = pattern.fullmatch(path.name)
        if match:
            stat = path.stat()
            found.append(
                Snapshot(path.name, int(match[1]), stat.st_size, datetime.fromtimestamp(stat.st_mtime, tz=UTC))
            )
    return sorted(found, key=lambda snap: snap.turn, reverse=True)


def get_every_turns(event: Event) -> int:
    schedule = SnapshotSchedule.objects.filter(event=event).first()
    return schedule.every_turns if schedule else 0


def is_snapshot_due(event: Event, turn: int) -> bool:
    every = get_every_turns(event)
    return bool(every) and turn > 0 and turn % every == 0


def do_set_snapshot_schedule(event: Event, *, every_turns: int, actor: Actor) -> SnapshotSchedule:
    """Control's choice: a snapshot every `every_turns` turns (0: none). Audited with before and after."""
    with transaction.atomic():
        schedule, created = SnapshotSchedule.objects.select_for_update().get_or_create(event=event)
        before = None if created else snapshot(schedule)
        schedule.every_turns = every_turns
        schedule.full_clean()
        schedule.save()
        record_audit(
            event=event,
            actor=actor,
            action="backups.schedule",
            target=schedule,
            before=before,
            after=snapshot(schedule),
        )
    return schedule
