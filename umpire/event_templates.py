"""What a new event starts with, ruleset by ruleset: its templates.

`umpire.services.event_templates.do_create_event_from_template` makes an event from the template of
the ruleset Control chooses. The core registers AD69's here: the handbook's world
(fixtures/ad69_world.json) under the new event's own slug and name, and optionally the demo forces
and the demo cast. The board games register theirs in BoardgamesConfig.ready(): the core knows none
of them.

A template whose rules give the calendar (AD69: September 68, 21 turns) takes it from there; one
whose rulebook gives no start or length (every board game here) asks Control for them.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import serializers
from django.core.management import call_command

from umpire.models import Event
from umpire.services.audit import Actor
from umpire.services.cast import do_load_demo_cast
from umpire.undo import register_refusal

# the fields of an event's calendar that Control gives when the rulebook does not
CALENDAR_FIELDS = ("start_year", "start_month", "number_of_turns", "turn_minutes")
DEMO_OPTIONS = ("demo_forces", "demo_cast")


@dataclass(frozen=True)
class NewEvent:
    """What Control asked for: the event's name and slug, the calendar he gave (empty for a template whose rules
    give it) and the options chosen."""

    name: str
    slug: str
    ruleset: str
    calendar: dict[str, int]
    options: frozenset[str]


@dataclass(frozen=True)
class EventTemplate:
    ruleset: str
    gives: str  # what a new event starts with, in words, for Control's form
    make: Callable[..., Event]  # make(new: NewEvent, *, actor) -> the saved event, with all it starts with
    asks_calendar: bool  # the rulebook gives no start or length: Control does
    options: tuple[str, ...] = ()  # of DEMO_OPTIONS, those this template offers


_TEMPLATES: dict[str, EventTemplate] = {}


def register_event_template(
    ruleset: str, *, make: Callable[..., Event], gives: str, asks_calendar: bool, options: tuple[str, ...] = ()
) -> None:
    _TEMPLATES[ruleset] = EventTemplate(Event.Ruleset(ruleset), gives, make, asks_calendar, tuple(options))


def get_event_template(ruleset: str) -> EventTemplate | None:
    return _TEMPLATES.get(ruleset)


def get_event_templates() -> list[EventTemplate]:
    """The registered templates, in the order of Event.Ruleset's choices."""
    return [_TEMPLATES[ruleset] for ruleset in Event.Ruleset.values if ruleset in _TEMPLATES]


def new_event(new: NewEvent) -> Event:
    """The event Control asked for, not yet saved, with the calendar he gave."""
    return Event(name=new.name, slug=new.slug, ruleset=new.ruleset, **new.calendar)


# ---- AD69: the handbook's world under the new event's slug ------------------------------------------------

FIXTURE_SLUG = "ad69"  # the event's natural key in the AD69 fixtures


def fixture_path(name: str) -> Path:
    return Path(settings.FIXTURE_DIRS[0]) / f"{name}.json"


def fixture_for(name: str, new: NewEvent) -> list[dict[str, Any]]:
    """The fixture's records, each natural key that names the AD69 event rewritten to name the new one."""
    records = json.loads(fixture_path(name).read_text(encoding="utf-8"))
    for record in records:
        fields = record["fields"]
        for field, value in fields.items():
            if isinstance(value, list) and value[:1] == [FIXTURE_SLUG]:
                fields[field] = [new.slug, *value[1:]]
        if record["model"] == "umpire.event":
            fields.update(slug=new.slug, name=new.name)
    return records


def load_records(records: list[dict[str, Any]]) -> None:
    """Store the records as loaddata does, in order; the event is checked first, so a slug that is taken or
    a name too long is refused by its field before anything is written."""
    deferred = []
    for record in serializers.deserialize("python", records, handle_forward_references=True):
        if isinstance(record.object, Event):
            record.object.full_clean()
        record.save()  # before the next is read: its natural keys may name this one
        if record.deferred_fields:
            deferred.append(record)
    for record in deferred:
        record.save_deferred_fields()


def get_ad69_calendar() -> dict[str, int]:
    """The handbook's start and length, as the world fixture has them."""
    event = next(
        r for r in json.loads(fixture_path("ad69_world").read_text(encoding="utf-8")) if r["model"] == "umpire.event"
    )
    return {field: event["fields"][field] for field in CALENDAR_FIELDS}


def make_ad69(new: NewEvent, *, actor: Actor) -> Event:
    """The handbook's world, with the demo order of battle and the demo cast when asked for: each marked demo,
    so the readiness check lists them until Control adopts or replaces them."""
    load_records(fixture_for("ad69_world", new))
    if "demo_forces" in new.options:
        # The demo forces stand at the demo map's points: the map first, by command, so the core imports no app.
        by = getattr(actor, "username", "") or ""
        call_command("load_demo_map", new.slug, by=by, verbosity=0)
        load_records(fixture_for("ad69_demo_forces", new))
    event = Event.objects.get(slug=new.slug)
    if "demo_cast" in new.options:
        do_load_demo_cast(event, actor=actor)
    return event


register_event_template(
    Event.Ruleset.AD69,
    make=make_ad69,
    gives="the handbook's world: its tables, provinces, routes, senators and governors, and its clock",
    asks_calendar=False,
    options=DEMO_OPTIONS,
)
register_refusal(
    "event.created",
    "an event is not unmade from its own log: leave a mistaken one unused, or correct its records, and make "
    "another with a new slug.",
)
