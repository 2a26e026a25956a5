"""Making an event from its ruleset's template (umpire.event_templates), from Control's pages.

One transaction: the event, everything its template gives it, and its creator's Control seat, or, on a
refusal, nothing at all. One audited action, the writes of the template's services its steps.
"""

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.event_templates import CALENDAR_FIELDS, DEMO_OPTIONS, EventTemplate, NewEvent, get_event_template
from umpire.models import Event, Role

from .audit import Actor, adopt_steps, gathering_steps, record_audit, snapshot
from .seats import do_assign_seat


def do_create_event_from_template(
    *,
    name: str,
    slug: str,
    ruleset: str,
    demo_forces: bool = False,
    demo_cast: bool = False,
    calendar: dict[str, int | None] | None = None,
    actor: Actor,
) -> Event:
    """A new event of `ruleset`, made by its template. `calendar` (start_year, start_month, number_of_turns,
    turn_minutes) is given only for a ruleset whose rulebook gives none; the creator is seated as its Control."""
    template = check_template(ruleset)
    check_slug_free(slug)
    options = frozenset(option for option, chosen in zip(DEMO_OPTIONS, (demo_forces, demo_cast), strict=True) if chosen)
    check_options(template, options)
    new = NewEvent(
        (name or "").strip(), (slug or "").strip(), template.ruleset, check_calendar(template, calendar), options
    )
    with transaction.atomic(), gathering_steps() as gathered:
        event = template.make(new, actor=actor)
        if isinstance(actor, User):
            do_assign_seat(event=event, user=actor, role=Role.CONTROL, actor=actor)
        entry = record_audit(
            event=event,
            actor=actor,
            action="event.created",
            target=event,
            after=created(event, options),
            reason=f"made from the {event.get_ruleset_display()} template",
        )
        adopt_steps(entry, gathered)
    return event


def check_template(ruleset: str) -> EventTemplate:
    template = get_event_template(ruleset)
    if template is None:
        choices = ", ".join(str(label) for value, label in Event.Ruleset.choices if get_event_template(value))
        raise ValidationError({"ruleset": f"No template for the ruleset {ruleset!r}: choose one of {choices}."})
    return template


def check_slug_free(slug: str) -> None:
    """Named before anything is loaded: the slug is every address of the event, and a taken one belongs to a
    game that must not be touched."""
    taken = Event.objects.filter(slug=(slug or "").strip()).first()
    if taken is not None:
        raise ValidationError({"slug": f"The slug {taken.slug!r} is {taken.name}'s: choose another."})


def check_options(template: EventTemplate, options: frozenset[str]) -> None:
    label = Event.Ruleset(template.ruleset).label
    for option in sorted(options - set(template.options)):
        what = option.replace("demo_", "demo ")
        raise ValidationError({option: f"{label} has no {what}: they are AD69's."})


def check_calendar(template: EventTemplate, calendar: dict[str, int | None] | None) -> dict[str, int]:
    """The calendar Control gave: every field when the rulebook gives none, and none when it does."""
    given = {field: value for field, value in (calendar or {}).items() if value is not None}
    label = Event.Ruleset(template.ruleset).label
    if unknown := sorted(set(given) - set(CALENDAR_FIELDS)):
        raise ValidationError({unknown[0]: f"An event's calendar has no {unknown[0]}."})
    if not template.asks_calendar and given:
        raise ValidationError({sorted(given)[0]: f"{label}'s start and length come from its handbook: leave it empty."})
    missing = [field for field in CALENDAR_FIELDS if template.asks_calendar and field not in given]
    if missing:
        raise ValidationError(
            {field: f"{label}'s rulebook gives no start or length: Control gives this." for field in missing}
        )
    return given


def created(event: Event, options: frozenset[str]) -> dict[str, Any]:
    return {**snapshot(event), "options": sorted(options)}
