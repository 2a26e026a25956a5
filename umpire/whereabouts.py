"""Where an audited change happened: the tables and the characters an audit entry concerns.

Control filters the log by table and by character, so each entry is filed under them as it is
written (`AuditEntry.tables`, `AuditEntry.characters`). Three sources, added together:

- the record's own foreign keys to a table or a character (a province's table and governor, a
  letter's tables and sender), read without a query;
- what the record's kind registers with `register_whereabouts`, for what lies a step away (a
  force is at its province's table); the apps register theirs in their AppConfig.ready(), the
  core never names them;
- the same foreign keys as the before and after snapshots hold them, so a character who moved is
  filed at the table he left as well as at the one he reached.
"""

from collections.abc import Callable, Iterable
from typing import Any

from umpire.models import Character, Region

_WHEREABOUTS: dict[str, Callable[[Any], tuple[Iterable[int], Iterable[int]]]] = {}


def register_whereabouts(model_label, whereabouts):
    """`whereabouts(instance)` gives (table ids, character ids) beyond the record's own keys.

    `model_label` is the model's label_lower, as the audit's target_type: "regions.force".
    """
    _WHEREABOUTS[model_label] = whereabouts


def get_whereabouts(target, *, before=None, after=None):
    """The ids of the tables and of the characters a change to `target` concerns."""
    tables, characters = _own_keys(target)
    registered = _WHEREABOUTS.get(target._meta.label_lower)
    if registered is not None:
        more_tables, more_characters = registered(target)
        tables, characters = tables | set(more_tables), characters | set(more_characters)
    old_tables, old_characters = _keys_in_snapshots(target, before, after)
    return (
        tables | _existing(Region, old_tables - tables),
        characters | _existing(Character, old_characters - characters),
    )


def _key_fields(model):
    """The attnames of the model's foreign keys to a table, and to a character."""
    tables, characters = [], []
    for field in model._meta.concrete_fields:
        if field.is_relation and field.related_model is Region:
            tables.append(field.attname)
        elif field.is_relation and field.related_model is Character:
            characters.append(field.attname)
    return tables, characters


def _own_keys(target):
    table_fields, character_fields = _key_fields(type(target))
    return _values(vars(target), table_fields), _values(vars(target), character_fields)


def _keys_in_snapshots(target, before, after):
    table_fields, character_fields = _key_fields(type(target))
    snapshots = [s for s in (before, after) if isinstance(s, dict)]
    return (
        set().union(*(_values(s, table_fields) for s in snapshots)),
        set().union(*(_values(s, character_fields) for s in snapshots)),
    )


def _values(values, fields):
    return {values.get(f) for f in fields if isinstance(values.get(f), int)}


def _existing(model, ids):
    """A snapshot may name a record since deleted: keep only those still there (one query, if any)."""
    if not ids:
        return set()
    return set(model.objects.filter(pk__in=ids).values_list("pk", flat=True))


def _a_table(region):
    return {region.pk}, set()


def _a_character(character):
    """His tables are his own keys (where he is, where he is going); he is the one concerned."""
    return set(), {character.pk}


def _an_audit_entry(entry):
    """An undo's own entry (its target is the entry undone) is filed where the undone one was."""
    return set(entry.tables.values_list("pk", flat=True)), set(entry.characters.values_list("pk", flat=True))


register_whereabouts("umpire.region", _a_table)
register_whereabouts("umpire.character", _a_character)
register_whereabouts("umpire.auditentry", _an_audit_entry)
