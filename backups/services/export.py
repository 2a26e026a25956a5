"""One event as one JSON file: every row the walk finds, in Django's serialized form.

The file is {"format", "version", "event", "turn", "exported_at", "rows"}; "rows" is what
`serializers.serialize("python")` gives, so `serializers.deserialize("python")` reads it back.
Rows keep their ids, since the audit's before and after snapshots name records by id.
"""

import datetime
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.python import Serializer as PythonSerializer
from django.db import connection, transaction
from django.db.models import Field, Model, QuerySet
from django.utils import timezone

from umpire.models import Event, GameClock

from .walk import (
    CARRIED_WHOLE,
    MADE_BY_MIGRATE,
    MATCHED_BY_NAME,
    event_lookups,
    event_rows,
    references_out,
    with_many_to_many,
)

FORMAT, VERSION = "umpire-event-backup", 1


class ExactEncoder(DjangoJSONEncoder):
    """Times to the microsecond: Django's encoder keeps milliseconds, and a restored row must be the row
    that was saved."""

    def default(self, o: object) -> Any:
        if isinstance(o, (datetime.datetime, datetime.time)):
            return o.isoformat()
        return super().default(o)


class EventSerializer(PythonSerializer):
    """Django's serializer, naming rows made by migrate (content types, permissions) and the role groups
    by their natural keys, since their ids differ from one database to the next; every other key by id."""

    def handle_fk_field(self, obj: Model, field: Field) -> None:
        self.use_natural_foreign_keys = _by_name(field.related_model)
        super().handle_fk_field(obj, field)

    def handle_m2m_field(self, obj: Model, field: Field) -> None:
        self.use_natural_foreign_keys = _by_name(field.related_model)
        super().handle_m2m_field(obj, field)

    def get_dump_object(self, obj: Model) -> dict[str, Any]:
        self.use_natural_primary_keys = isinstance(obj, MATCHED_BY_NAME)
        return super().get_dump_object(obj)


def _by_name(model: type[Model] | None) -> bool:
    return model is not None and issubclass(model, MADE_BY_MIGRATE + MATCHED_BY_NAME)


def get_event_rows(event: Event) -> list[tuple[type[Model], QuerySet[Any]]]:
    """[(model, rows)]: the shared rows the event points at (groups first: users name them), then its own."""
    own = [(model, event_rows(event, model, lookup)) for model, lookup in event_lookups().items()]
    return [*get_shared_rows(own), *own]


def get_shared_rows(own: Iterable[tuple[type[Model], QuerySet[Any]]]) -> list[tuple[type[Model], QuerySet[Any]]]:
    """The rows outside the event that its rows point at, and the rows those point at in turn."""
    inside = {model for model, _ in own}
    whole = [apps.get_model(label) for label in CARRIED_WHOLE]
    wanted = {model: set(model._base_manager.values_list("pk", flat=True)) for model in whole}
    pending = list(own)
    while pending:
        model, rows = pending.pop()
        for target, ids in references_out(model, rows, inside).items():
            new = ids - wanted.setdefault(target, set())
            if new:
                wanted[target] |= new
                pending.append((target, target._base_manager.filter(pk__in=new)))
    shared = [(model, model._base_manager.filter(pk__in=ids).order_by("pk")) for model, ids in wanted.items() if ids]
    return sorted(shared, key=lambda pair: not issubclass(pair[0], MATCHED_BY_NAME))


def get_backup(event: Event) -> dict[str, Any]:
    """The whole event as the backup file's data, read from one view of the database."""
    serializer = EventSerializer()
    with consistent_reads():
        rows = [
            row for _, queryset in get_event_rows(event) for row in serializer.serialize(with_many_to_many(queryset))
        ]
        clock = GameClock.objects.filter(event=event).first()
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": event.slug,
        "turn": clock.turn if clock else None,
        "exported_at": timezone.now(),
        "rows": rows,
    }


@contextmanager
def consistent_reads() -> Iterator[None]:
    """Every query of the export sees the database as it was at its first: a letter posted halfway would
    otherwise leave its steps in the file without the letter, and the file could not be restored.
    SQLite's transaction is such a view already; PostgreSQL's needs REPEATABLE READ, which only the
    first statement of a transaction can ask for, so a caller inside a transaction brings its own."""
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def write_backup(event: Event, stream: TextIO) -> int:
    """Write the event's backup to an open text file; returns how many rows it holds."""
    backup = get_backup(event)
    json.dump(backup, stream, cls=ExactEncoder, indent=1)
    return len(backup["rows"])
