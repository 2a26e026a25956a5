"""Control's posting times: the turns a letter takes along each link between tables when transit
is simulated (VI. COMMUNICATIONS gives none), set link by link, or all at once from a default by
land and by sea.

A posting time is a whole number of turns, at least 1: the post's round of arrivals runs at a
turn's end (mail.services.transit), so no letter arrives in less. Winter at sea slows only a sea
link (mail.transit), so only a sea link has a winter time, and it is never quicker than the
summer one (the model's "Empty: no slower"); the same as summer is allowed and changes nothing.
"""

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import Event, Route
from umpire.services.audit import Actor, record_audit, steps_of
from umpire.services.records import do_save_record

from ..models import PostingTime
from .post import post_office


def do_set_posting_time(route: Route, *, turns: int, winter_turns: int | None, actor: Actor) -> PostingTime:
    """One link's posting time, audited as a record of the world (and undone as one); letters already
    in transit keep their due turn."""
    with transaction.atomic():
        time = PostingTime.objects.select_for_update().filter(route=route).first() or PostingTime(route=route)
        time.route, time.turns, time.winter_turns = route, turns, winter_turns
        check_posting_time(time)
        return do_save_record(time, actor=actor)


def check_posting_time(time: PostingTime) -> None:
    """The model's own checks, then the post's: at least one turn; a winter time only by sea, and no quicker."""
    time.full_clean()
    errors = {}
    if time.turns < 1:
        errors["turns"] = "A letter takes at least 1 turn along a link: the post delivers at a turn's end."
    if time.winter_turns is not None:
        errors.update(winter_errors(time))
    if errors:
        raise ValidationError(errors)


def winter_errors(time: PostingTime) -> dict[str, str]:
    route = time.route
    if route.kind != Route.Kind.SEA:
        return {"winter_turns": f"{route} is by land: winter at sea does not slow it. Leave its winter time empty."}
    if time.winter_turns is not None and time.winter_turns < time.turns:
        return {
            "winter_turns": f"{time.winter_turns} turn(s) in winter is quicker than {time.turns} in summer: "
            "winter at sea only slows the post. Leave it empty for no slower."
        }
    return {}


def do_set_default_posting_times(
    event: Event, *, by_land: int, by_sea: int, by_sea_in_winter: int | None, overwrite: bool, actor: Actor
) -> list[PostingTime]:
    """Every link's posting time from a default, by land or by sea: the links with none, or with
    `overwrite` every link. One action, undone whole; the links it changed are returned, and when
    it changes none nothing is written."""
    check_defaults(by_land=by_land, by_sea=by_sea, by_sea_in_winter=by_sea_in_winter)
    with transaction.atomic():
        routes = list(Route.objects.filter(event=event).select_related("one", "other"))
        held = PostingTime.objects.select_for_update().filter(route__in=[route.pk for route in routes])
        existing = {time.route_id: time for time in held}
        defaults: dict[str, tuple[int, int | None]] = {
            Route.Kind.LAND: (by_land, None),
            Route.Kind.SEA: (by_sea, by_sea_in_winter),
        }
        changes = []
        for route in routes:
            if overwrite or route.pk not in existing:
                time = defaulted(existing.get(route.pk) or PostingTime(route=route), *defaults[route.kind])
                changes += [time] if time else []
        if changes:
            record_defaults(event, changes, by_land, by_sea, by_sea_in_winter, overwrite=overwrite, actor=actor)
    return changes


def check_defaults(*, by_land: int, by_sea: int, by_sea_in_winter: int | None) -> None:
    """The defaults refused before anything is read or written, each by its own name."""
    errors = {}
    for name, turns in (("by_land", by_land), ("by_sea", by_sea), ("by_sea_in_winter", by_sea_in_winter)):
        if turns is not None and (not isinstance(turns, int) or isinstance(turns, bool) or turns < 1):
            errors[name] = f"{turns!r} is not a whole number of turns of at least 1."
    if not errors and by_sea_in_winter is not None and by_sea_in_winter < by_sea:
        errors["by_sea_in_winter"] = (
            f"{by_sea_in_winter} turn(s) in winter is quicker than {by_sea} in summer: winter at sea only slows "
            "the post. Leave it empty for no slower."
        )
    if errors:
        raise ValidationError(errors)


def defaulted(time: PostingTime, turns: int, winter_turns: int | None) -> PostingTime | None:
    """The link with the default's times, or None if it has them already."""
    if time.pk is not None and (time.turns, time.winter_turns) == (turns, winter_turns):
        return None
    time.turns, time.winter_turns = turns, winter_turns
    check_posting_time(time)
    return time


def record_defaults(
    event: Event,
    changes: list[PostingTime],
    by_land: int,
    by_sea: int,
    by_sea_in_winter: int | None,
    *,
    overwrite: bool,
    actor: Actor,
) -> None:
    """The action's entry first, then each link saved as its step, so the undo puts every link back."""
    entry = record_audit(
        event=event,
        actor=actor,
        action="post.default_posting_times",
        target=post_office(event),
        after={
            "by_land": by_land,
            "by_sea": by_sea,
            "by_sea_in_winter": by_sea_in_winter,
            "overwrite": overwrite,
            "links": len(changes),
        },
        reason="every link" if overwrite else "the links with no posting time",
    )
    with steps_of(entry):
        for time in changes:
            do_save_record(time, actor=actor)
