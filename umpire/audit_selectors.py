"""Reads of the audit log: Control's filtered log and its CSV, and any record as it stood at the
start of a past turn.

Every list is one query for the entries and one each for their tables and characters, however many
rows; whether an entry has been undone is an EXISTS in the same query.
"""

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.db.models import Exists, OuterRef, Q
from django.utils.text import capfirst

from umpire.models import AuditEntry, Event
from umpire.services.audit import snapshot

# the action families an umpire filters by, in his words; others are worded from their names
FAMILY_LABELS = {
    "force": "Forces: orders and corrections",
    "fleet": "Fleets",
    "ledger": "Money: the ledger",
    "battle": "Battles",
    "siege": "Sieges",
    "senate": "The Senate",
    "mob": "The mob",
    "gods": "The gods",
    "letter": "Letters",
    "mailbox": "Players' mailboxes",
    "post": "The post office",
    "character": "Players' movements",
    "clock": "The clock",
    "announcement": "Announcements",
    "follow_up": "Follow-ups",
    "ruling": "Rulings",
    "rules": "The rules desk",
    "spending": "Spending",
    "bribe": "Bribes",
    "plunder": "Plunder",
    "tax_statement": "Tax statements",
    "tax_turn": "Tax turns",
    "revenue": "Revenue",
    "troops": "Troops' pay",
    "books": "Opening the books",
    "access_code": "Display codes",
    "audit": "Undoing",
}
UNSHOWN = ("id", "event_id")  # the same in every state of a record: they say nothing
_PAST_STATES: dict[str, Callable[[Event, int], str]] = {}


@dataclass(frozen=True)
class Change:
    """One field an entry changed, in words: "Income per quarter: 40 → 30"."""

    field: str
    before: object
    after: object


def register_past_state(target_type, url):
    """Records of `target_type` (label_lower) have a page of their past states: `url(event, target_id)`.
    The app that owns them registers it; the log links each such entry there."""
    _PAST_STATES[target_type] = url


def get_past_state_url(entry):
    url = _PAST_STATES.get(entry.target_type)
    return url(entry.event, entry.target_id) if url and entry.target_id else None


def get_audit_log(event, *, table=None, character=None, family=None, turn=None):
    """The event's entries, newest first, narrowed by whichever filters are given."""
    entries = (
        AuditEntry.objects.filter(event=event)
        .select_related("event")
        .prefetch_related("tables", "characters")
        .annotate(undone=Exists(undos_of(OuterRef("pk"))))
    )
    if table is not None:
        entries = entries.filter(tables=table)
    if character is not None:
        entries = entries.filter(characters=character)
    if family:
        entries = entries.filter(Q(action=family) | Q(action__regex=rf"^{re.escape(family)}\.[^.]+$"))
    if turn is not None:
        entries = entries.filter(game_turn=turn)
    return entries


def in_pages(entries, size=500):
    """Every entry of `entries`, newest first, read from the database `size` at a time rather than the whole log
    in one result: PostgreSQL's chunked reads (server-side cursors) are turned off, so `iterator()` would read it
    all at once (settings). Each page starts below the last entry of the one before (by time, then id), so an
    entry written meanwhile neither shifts a page nor repeats one."""
    entries = entries.order_by("-at", "-pk")
    page = list(entries[:size])
    yield from page
    while len(page) == size:
        last = page[-1]
        page = list(entries.filter(Q(at__lt=last.at) | Q(at=last.at, pk__lt=last.pk))[:size])
        yield from page


def undos_of(entry):
    return AuditEntry.objects.filter(compensates=entry, action=AuditEntry.UNDO)


def family_of(action):
    """The part of an action before its last dot: "force" of "force.marched"."""
    return action.rpartition(".")[0] or action


def get_families(event):
    """The kinds of change in the event's log, as (family, words) in the order of the words."""
    actions = AuditEntry.objects.filter(event=event).values_list("action", flat=True).distinct()
    families = {family_of(action) for action in actions}
    return sorted(((family, family_label(family)) for family in families), key=lambda pair: pair[1])


def family_label(family):
    """In words: "Forces: orders and corrections"; a record edited in the admin by its model's name."""
    if family in FAMILY_LABELS:
        return FAMILY_LABELS[family]
    model = model_of(family)
    if model is not None:
        return f"{capfirst(model._meta.verbose_name_plural)}: set-up and corrections"
    return capfirst(family.replace("_", " ").replace(".", " "))


def get_logged_turns(event):
    """The turns with something in the log, as (turn, "Turn 3: November AD69"), oldest first."""
    turns = (
        AuditEntry.objects.filter(event=event, game_turn__isnull=False)
        .order_by("game_turn")
        .values_list("game_turn", flat=True)
        .distinct()
    )
    return [(turn, f"Turn {turn}: {event.game_month(turn)}") for turn in turns]


def model_of(target_type):
    try:
        return apps.get_model(target_type)
    except (LookupError, ValueError):
        return None


def field_label(model, key):
    """A snapshot's key in plain words: the field's verbose name ("income per quarter"), by its name or
    its attname ("region_id"); a key of no field ("troops") as it is."""
    if model is not None:
        for field in model._meta.concrete_fields:
            if key in (field.name, field.attname):
                return capfirst(field.verbose_name)
    return capfirst(key.replace("_", " "))


def get_changes(entries):
    """What each entry changed, field by field, in words, as {entry id: [Change]}: the fields whose
    before and after differ, foreign keys by name (one query for each kind of record named, however
    many rows)."""
    changed = {entry.pk: list(_changed_fields(entry)) for entry in entries}
    names = _names_of((field, value) for rows in changed.values() for field, _, *values in rows for value in values)
    return {
        pk: [
            Change(label, _in_words(field, before, names), _in_words(field, after, names))
            for field, label, before, after in rows
        ]
        for pk, rows in changed.items()
    }


def _changed_fields(entry):
    """(field or None, words, before, after) for each key that changed."""
    before, after = entry.before, entry.after
    if not isinstance(before, dict) and not isinstance(after, dict):
        if before != after:
            yield None, "Value", before, after
        return
    before, after = before if isinstance(before, dict) else {}, after if isinstance(after, dict) else {}
    model = model_of(entry.target_type)
    fields = _fields_by_attname(model)
    for key in {**before, **after}:
        if key not in UNSHOWN and before.get(key) != after.get(key):
            yield fields.get(key), field_label(model, key), before.get(key), after.get(key)


def get_state_at_turn_start(target, turn, *, current=snapshot):
    """The record's audited state at the start of `turn`, or None if it did not exist yet.

    That is the `before` of the first change to it made in that turn or later, else (nothing changed
    since) its state now, by `current`: the audit's snapshot, unless the record's service audits more
    (a force's units). Only entries that hold the record's state count (a snapshot has its "id"),
    not those that log something else about it, as a plunder's town. An entry made before the clock
    existed (no game turn) counts as made before turn 1.
    """
    first_change = (
        AuditEntry.objects.filter(target_type=target._meta.label_lower, target_id=str(target.pk), game_turn__gte=turn)
        .filter(Q(before__has_key="id") | Q(after__has_key="id"))
        .order_by("pk")
        .first()
    )
    if first_change is not None:
        return first_change.before
    return current(target)


def describe_state(model, state):
    """A record's state in words, as (field, value) rows: verbose names, choices by their labels and
    foreign keys by the names of what they point at (one query for each kind of record named)."""
    fields = _fields_by_attname(model)
    names = _names_of((fields.get(key), value) for key, value in state.items())
    return [
        (field_label(model, key), _in_words(fields.get(key), value, names))
        for key, value in state.items()
        if key not in UNSHOWN
    ]


def _fields_by_attname(model):
    return {} if model is None else {field.attname: field for field in model._meta.concrete_fields}


def _names_of(keys):
    """The names of the records that (field, value) foreign keys point at, by (model, id)."""
    wanted = defaultdict(set)
    for field, value in keys:
        if field is not None and field.is_relation and isinstance(value, (int, str)):
            wanted[field.related_model].add(value)
    return {
        (model, pk): str(record) for model, pks in wanted.items() for pk, record in model.objects.in_bulk(pks).items()
    }


def _in_words(field, value, names):
    if field is not None and field.is_relation and value is not None:
        return names.get((field.related_model, value), f"#{value}, since removed")
    if field is not None and field.choices and value is not None:
        return dict(field.flatchoices).get(value, value)
    return plain(value)


def plain(value):
    """A snapshot's value as an umpire reads it: "–" for nothing, a list as its items, yes or no."""
    if value is None or value == []:
        return "–"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value
