"""An event's readings of the points its rules leave open, and runs that start from them.

A procedure whose rulebook is ambiguous takes one input field, `options`: a frozen dataclass of
readings (Choice enums or bools), each defaulting to the recommended reading. Control chooses the
event's readings once (`do_set_readings`); the rules desk's form is pre-filled with them, and a
desk run or a saved run whose case leaves an option out takes the event's reading for it. The CLI
and the event-less JSON API keep the rulebook's defaults. A procedure that works another's
situation (a combat's odds) reads that procedure's readings and has none of its own, so the two
can never read the rules apart.
"""

import dataclasses
import enum
import typing
from typing import Any

from django.db import transaction

from umpire.events import ReadingsChanged, publish_on_commit, umpires_group
from umpire.models import AuditEntry, Event, ProcedureReadings
from umpire.rules import schema
from umpire.rules.errors import RulesError
from umpire.rules.registry import Procedure, get_procedure, get_procedures

from .audit import Actor, record_audit

OPTIONS = "options"


def get_options_type(proc: Procedure) -> type | None:
    """The dataclass of the procedure's `options` input, or None when its rules leave nothing open."""
    if OPTIONS not in {f.name for f in dataclasses.fields(proc.input_type)}:
        return None
    hint = typing.get_type_hints(proc.input_type)[OPTIONS]
    return hint if isinstance(hint, type) and dataclasses.is_dataclass(hint) else None


def access_readings_procedure(key: str) -> tuple[Procedure, type]:
    """The procedure `key` and its options dataclass, or a RulesError naming `procedure`."""
    proc = get_procedure(key)
    kind = get_options_type(proc)
    if kind is None:
        raise RulesError("procedure", f"{key} leaves no point of its rules open: it has no readings to choose")
    if proc.readings_of:
        raise RulesError("procedure", f"{key} reads the rules as {proc.readings_of} does: choose the readings there")
    return proc, kind


def get_procedures_with_readings(event: Event) -> list[Procedure]:
    """The event's ruleset's procedures that have readings, then any other the event holds readings for."""
    held = set(ProcedureReadings.objects.filter(event=event).values_list("procedure", flat=True))
    procs = [
        p
        for p in get_procedures()
        if get_options_type(p) and not p.readings_of and (p.ruleset == event.ruleset or p.key in held)
    ]
    return sorted(procs, key=lambda p: (p.ruleset != event.ruleset, p.key))


def get_rulebook_readings(kind: type) -> dict[str, Any]:
    """The rulebook's recommended reading of each option, as plain values."""
    return {entry["name"]: entry.get("default") for entry in schema.describe(kind)}


def get_event_readings(event: Event, key: str, kind: type) -> dict[str, Any]:
    """The readings the event chose for procedure `key` (or the procedure it reads as), of the options it still has;
    {} if none."""
    stored = (
        ProcedureReadings.objects.filter(event=event, procedure=get_procedure(key).readings_key)
        .values_list(OPTIONS, flat=True)
        .first()
    )
    known = {f.name for f in dataclasses.fields(kind)}
    return {name: value for name, value in (stored or {}).items() if name in known}


def with_event_readings(event: Event, key: str, case: Any) -> Any:
    """`case` with the event's reading for each option it leaves out; any other case unchanged,
    for the procedure's parse to accept or refuse by name."""
    kind = get_options_type(get_procedure(key))
    if kind is None or not isinstance(case, dict) or not isinstance(case.get(OPTIONS, {}), dict):
        return case
    readings = get_event_readings(event, key, kind)
    return {**case, OPTIONS: {**readings, **case.get(OPTIONS, {})}} if readings else case


def do_set_readings(event: Event, *, procedure: str, options: dict[str, Any], actor: Actor) -> ProcedureReadings | None:
    """Set the event's readings of procedure `procedure`; refused by the option's name, writing
    nothing, if a value is not one of its readings. Options left out take the rulebook's."""
    proc, kind = access_readings_procedure(procedure)
    schema.parse(kind, options, f"{OPTIONS}.")
    chosen = {**get_rulebook_readings(kind), **options}
    with transaction.atomic():
        record = ProcedureReadings.objects.select_for_update().filter(event=event, procedure=procedure).first()
        before = record.options if record else None
        if before == chosen:
            return record
        record = record or ProcedureReadings(event=event, procedure=procedure)
        record.options, record.set_by = chosen, actor
        record.full_clean()
        record.save()
        record_audit(event=event, actor=actor, action="rules.readings", target=record, before=before, after=chosen)
        publish_on_commit([umpires_group(event.pk)], ReadingsChanged(procedure, proc.title, chosen))
    return record


def get_readings_sheet(event: Event, proc: Procedure) -> list[dict[str, Any]]:
    """Each option of `proc` as the readings page shows it: its help, why it is open, its
    readings with the rulebook's marked, and the event's."""
    kind = get_options_type(proc)
    if kind is None:  # its rules leave nothing open
        return []
    hints = typing.get_type_hints(kind)
    current = {**get_rulebook_readings(kind), **get_event_readings(event, proc.key, kind)}
    return [_option_sheet(entry, hints[entry["name"]], current[entry["name"]]) for entry in schema.describe(kind)]


def _option_sheet(entry: dict[str, Any], hint: object, current: object) -> dict[str, Any]:
    values = entry.get("choices") or ([True, False] if entry["type"] == "boolean" else [])
    choices = [
        {
            "value": value,
            "label": reading_label(value),
            "rulebook": value == entry.get("default"),
            "chosen": value == current,
        }
        for value in values
    ]
    return {
        "name": entry["name"],
        "label": entry["name"].replace("_", " "),
        "help": entry["help"],
        "why": _why_open(hint),
        "choices": choices,
        "current": reading_label(current),
        "differs": current != entry.get("default"),
        "rulebook": reading_label(entry.get("default")),
    }


def get_readings_departures(event: Event, proc: Procedure) -> list[dict[str, Any]]:
    """The options the event reads otherwise than the rulebook, for the desk page to say so."""
    if get_options_type(proc) is None:
        return []
    return [option for option in get_readings_sheet(event, proc) if option["differs"]]


def reading_label(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def _why_open(hint: object) -> str:
    """A Choice's own docstring says why the point is open (its section and the reading chosen)."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return (hint.__dict__.get("__doc__") or "").strip()
    return ""


def undo_readings(entry: AuditEntry, *, actor: Actor, reason: str) -> None:
    """An audited change of readings is undone by setting the readings it replaced (the rulebook's,
    if it was the first); the change of readings is itself audited."""
    record = ProcedureReadings.objects.select_related("event").get(pk=entry.target_id)
    do_set_readings(record.event, procedure=record.procedure, options=entry.before or {}, actor=actor)
