"""Which rows make up one event: found by walking the models' foreign keys, so a model added later
is carried without anyone remembering to list it.

A model belongs to an event when a chain of foreign keys leads from it to `umpire.Event`. Its rows
are found with that chain as a lookup ("transaction__event"), the shortest chain of required keys
preferred, since a row may leave an optional key empty (a posting always has its transaction; a
bill may have no force). Rows elsewhere that those rows point at (the umpires' accounts, the career
ladders) are "shared": carried too, since the event cannot be restored without them.

Not carried: the channel layer's message counters (umpire.GroupSequence, named by group, with no key to
the event); after a restore they start again, and a screen that sees its numbers jump asks for a snapshot.
"""

from collections.abc import Collection
from typing import Any

from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db.models import Field, Model, QuerySet

from umpire.models import Event

# rows every migrated database has already, whose ids differ from one database to the next: a backup
# names them by their natural key and never carries them
MADE_BY_MIGRATE = (ContentType, Permission)
# carried, but matched by name on import: the umpires' role groups are made by a migration too
MATCHED_BY_NAME = (Group,)
# world data that belongs to no one event, carried whole: a character is promoted along the whole ladder,
# not only to the rungs someone holds today
CARRIED_WHOLE = ("umpire.CareerRank",)


def forward_keys(model: type[Model]) -> list[Field]:
    """The model's own foreign and one-to-one keys (not its many-to-many)."""
    return [
        field
        for field in model._meta.concrete_fields
        if field.is_relation and field.many_to_one or field.is_relation and field.one_to_one
    ]


def event_lookups() -> dict[type[Model], str]:
    """{model: lookup from its rows to their event}, Event itself first with "" for its own row."""
    event = apps.get_model("umpire", "Event")
    lookups: dict[type[Model], str] = {event: ""}
    for required_only in (True, False):
        _extend(lookups, required_only)
    return lookups


def _extend(lookups: dict[type[Model], str], required_only: bool) -> None:
    """Add each model one key away from a model already reached, until no more are reached."""
    while True:
        found = {}
        for model in apps.get_models():
            if model in lookups:
                continue
            chains = [
                _chain(field, lookups[field.related_model])
                for field in forward_keys(model)
                if field.related_model in lookups and not (required_only and field.null)
            ]
            if chains:
                found[model] = min(chains, key=lambda chain: (chain.count("__"), chain))
        if not found:
            return
        lookups.update(found)


def _chain(field: Field, onward: str) -> str:
    return f"{field.name}__{onward}" if onward else field.name


def event_rows(event: Event, model: type[Model], lookup: str) -> QuerySet[Any]:
    """The model's rows that belong to the event, in id order."""
    return model._base_manager.filter(**({lookup: event} if lookup else {"pk": event.pk})).order_by("pk")


def with_many_to_many(rows: QuerySet[Any]) -> QuerySet[Any]:
    """The rows with their many-to-many read in one query a field, not one a row."""
    return rows.prefetch_related(*(field.name for field in rows.model._meta.many_to_many))


def references_out(
    model: type[Model], rows: QuerySet[Any], inside: Collection[type[Model]]
) -> dict[type[Model], set[Any]]:
    """{shared model: ids} the rows point at, by key or many-to-many, outside the models `inside`."""
    found: dict[type[Model], set[Any]] = {}
    for field in [*forward_keys(model), *model._meta.many_to_many]:
        target = field.related_model
        if target is None or target in inside or issubclass(target, MADE_BY_MIGRATE):
            continue
        ids = rows.filter(**{f"{field.name}__isnull": False}).values_list(f"{field.name}__pk", flat=True)
        found.setdefault(target, set()).update(ids)
    return found
