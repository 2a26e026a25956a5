"""A backup file read back into a database that does not hold its event: all of it, or nothing.

Everything is checked before anything is written: the file's format, the event's slug, and every
row's id. A shared row (an umpire's account, a career rank) already there is accepted only if it is
the same row; a role group is matched by its name. Then the rows are saved as they were, in one
transaction, with the database's key checks at the end, and its id counters moved past them.
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import IO, Any

from django.apps import apps
from django.core import serializers
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from umpire.clockwork import do_hold_restored_clock
from umpire.models import Event, GameClock

from .export import FORMAT, VERSION, EventSerializer
from .walk import MATCHED_BY_NAME, event_lookups

SHOWN = 5  # ids named in a refusal; the rest are counted


def read_backup(stream: IO[str] | IO[bytes]) -> dict[str, Any]:
    """The backup file's data, or a refusal saying why it is not one."""
    try:
        backup = json.load(stream)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValidationError(f"This file is not JSON: {error}.") from error
    if not isinstance(backup, dict) or backup.get("format") != FORMAT or not isinstance(backup.get("rows"), list):
        raise ValidationError("This file is not an event backup of the umpire console.")
    if backup.get("version") != VERSION:
        raise ValidationError(f"This backup is version {backup.get('version')}; this console reads version {VERSION}.")
    if not isinstance(backup.get("event"), str):  # the slug it restores under
        raise ValidationError("This file is not an event backup of the umpire console: it names no event.")
    return backup


def do_restore_event(backup: dict[str, Any]) -> Event:
    """Write the backup's rows into this database; returns the restored Event. Refuses, writing nothing,
    if the event or any of its rows is already here. No audit entry for the restore: the restored log is
    the record, and an entry of ours would be a row the backup never held. A clock restored running
    arrives held, in the same transaction, so no ticker ever sees it running: its turns' ends since the
    backup are Control's to run or skip (and that hold is audited, as every hold is)."""
    by_model = _rows_by_model(backup)
    check_not_here(backup["event"], by_model)
    try:
        with transaction.atomic():
            models = _save_rows(backup["rows"])
            connection.check_constraints(table_names=[model._meta.db_table for model in models])
            _move_id_counters(models)
            restored = Event.objects.filter(slug=backup["event"]).first()
            if restored is None:  # rolls back whatever rows it did hold
                raise ValidationError(f"This backup holds no event “{backup['event']}”; nothing was written.")
            _hold_a_running_clock(restored, backup)
    except (DeserializationError, ObjectDoesNotExist, IntegrityError) as error:
        raise ValidationError(f"The backup could not be restored, and nothing was written: {error}") from error
    return restored


def _hold_a_running_clock(event: Event, backup: Mapping[str, Any]) -> None:
    if GameClock.objects.filter(event=event, state=GameClock.State.RUNNING).exists():
        do_hold_restored_clock(event, backed_up_at=_backed_up_at(backup))


def _backed_up_at(backup: Mapping[str, Any]) -> datetime:
    """When the backup was taken: its clock stood still from then."""
    taken = backup.get("exported_at")
    try:
        moment = parse_datetime(taken) if isinstance(taken, str) else None
    except ValueError:
        moment = None
    if moment is None or timezone.is_naive(moment):
        raise ValidationError(
            f"This backup's clock is running but the file does not say when it was taken (exported_at: "
            f"{str(taken)[:40]!r}); nothing was written."
        )
    return moment


def _rows_by_model(backup: Mapping[str, Any]) -> dict[type[Model], list[dict[str, Any]]]:
    """{model: [row]} of the file, refusing a row of a model this console does not have."""
    by_model: dict[type[Model], list[dict[str, Any]]] = {}
    for number, row in enumerate(backup["rows"], start=1):
        model = _model_of(number, row)
        unnamed = row.get("pk") is None and not issubclass(model, MATCHED_BY_NAME)
        if unnamed or not isinstance(row.get("fields"), dict):
            raise ValidationError(f"Row {number} of this backup ({model._meta.label}) has no id or no fields.")
        by_model.setdefault(model, []).append(row)
    return by_model


def _model_of(number: int, row: Mapping[str, Any]) -> type[Model]:
    try:
        return apps.get_model(row["model"])
    except (KeyError, TypeError, LookupError, ValueError) as error:
        raise ValidationError(
            f"Row {number} of this backup is of no model this console has: {str(row)[:80]}."
        ) from error


def check_not_here(slug: str, by_model: Mapping[type[Model], list[dict[str, Any]]]) -> None:
    """Refuse if the event, or any row of the file, is already in this database."""
    if Event.objects.filter(slug=slug).exists():
        raise ValidationError(
            f"An event with the slug “{slug}” is already in this database; restore into an empty "
            f"one, or delete that event first."
        )
    own = event_lookups()
    clashes = [
        clash
        for model, rows in by_model.items()
        if not issubclass(model, MATCHED_BY_NAME)
        for clash in (_own_clashes if model in own else _shared_clashes)(model, rows)
    ]
    if clashes:
        raise ValidationError(
            "These rows of the backup are already in this database, so nothing was restored: "
            + "; ".join(clashes)
            + "."
        )


def _own_clashes(model: type[Model], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    taken = _taken_ids(model, [row["pk"] for row in rows])
    return [_named(model, taken, "ids")] if taken else []


def _shared_clashes(model: type[Model], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """A shared row may be here already, if it is the very same row; and none may take another's unique name."""
    files = {_pk(model, row["pk"]): row for row in rows}
    here = json.loads(
        json.dumps(EventSerializer().serialize(model._base_manager.filter(pk__in=files)), cls=DjangoJSONEncoder)
    )  # compared as the file holds them: dates as text
    differ = sorted(row["pk"] for row in here if row["fields"] != files[row["pk"]]["fields"])
    clashes = [_named(model, differ, "ids, different here")] if differ else []
    for field in (f for f in model._meta.concrete_fields if f.unique and not f.primary_key):
        values = {row["fields"].get(field.name): pk for pk, row in files.items()}
        taken = model._base_manager.filter(**{f"{field.name}__in": values}).exclude(pk__in=files)
        names = sorted(str(value) for value in taken.values_list(field.name, flat=True))
        clashes += [_named(model, names, f"{field.name}s held by other rows")] if names else []
    return clashes


def _taken_ids(model: type[Model], ids: Sequence[Any]) -> list[Any]:
    taken: list[Any] = []
    for start in range(0, len(ids), 500):  # SQLite's limit on a query's parameters
        taken += model._base_manager.filter(pk__in=ids[start : start + 500]).values_list("pk", flat=True)
    return sorted(taken)


def _pk(model: type[Model], value: object) -> Any:
    return model._meta.pk.to_python(value)


def _named(model: type[Model], values: Sequence[object], what: str) -> str:
    shown = ", ".join(str(value) for value in values[:SHOWN])
    more = f" and {len(values) - SHOWN} more" if len(values) > SHOWN else ""
    return f"{model._meta.verbose_name_plural} ({model._meta.label}) {what} {shown}{more}"


def _save_rows(rows: Iterable[dict[str, Any]]) -> set[type[Model]]:
    """Save each row as it was (raw: no model's save() logic runs); the models written, with their
    many-to-many tables. Role groups come first in the file, so the accounts that name them find them."""
    models: set[type[Model]] = set()
    for restored in serializers.deserialize("python", rows):
        restored.save()
        models.add(type(restored.object))
    through = (field.remote_field.through for model in models for field in model._meta.many_to_many)
    return {*models, *(table for table in through if table is not None)}


def _move_id_counters(models: Iterable[type[Model]]) -> None:
    """PostgreSQL's id sequences past the restored ids, as loaddata does; SQLite needs nothing."""
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
