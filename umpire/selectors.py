"""Reads: access_* fetches or refuses, can_* answers yes or no, get_* reads.

A refusal never says whether the thing exists: "not yours" and "no such thing"
look the same.
"""

from collections.abc import Callable, Iterable
from datetime import datetime

from django.db.models import Q
from django.http import Http404
from django.utils import timezone

from umpire import calendar
from umpire.event_setting import kept
from umpire.models import (
    AccessCode,
    Announcement,
    Character,
    Event,
    GameClock,
    Region,
    Role,
    Route,
    TurnEnd,
    TurnPhase,
)
from umpire.permissions import Perm, permissions_of_roles
from umpire.printing.schedule import ScheduleRow, ScheduleSheet
from umpire.request_roles import get_all_seats, get_clock_turn, read_once, remember_clock

MAX_ID_DIGITS = 18  # a database id fits a signed 64-bit integer


def is_record_id(text):
    """Whether `text`, from a query string, can name a record: plain ASCII digits an id can hold. "²" passes
    str.isdigit() and a 30-digit number overflows the column: looked up, either is a server error."""
    text = str(text)
    return text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS


def get_seats(user, event):
    """The (role, table id) of each seat `user` holds in `event`. Seats are part of the event's setting: a page
    that has the event takes them from what its process keeps under the event's setting mark
    (umpire.event_setting); given only the event's id, from the user's seats read once a request."""
    if user is None or not user.is_authenticated:
        return []
    if isinstance(event, Event):
        return list(kept(event, f"seats of user {user.pk}", lambda: seats_in(user, event.pk)))
    return list(seats_in(user, event))


def seats_in(user, event_id):
    return tuple((role, region) for seat_event, role, region in get_all_seats(user) if seat_event == event_id)


def get_roles(user, event):
    return frozenset(role for role, _ in get_seats(user, event))


def can(user, event, perm):
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or perm in permissions_of_roles(get_roles(user, event))


def can_edit_world_anywhere(user):
    """The admin is Control's tool: open to a Control umpire of any event."""
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or any(role == Role.CONTROL for _, role, _ in get_all_seats(user))


def the_one(queryset):
    """A unique look-up's row, or None: read unordered, unlike `first()`. An ordered query costs Django a
    hashed expression for every column it selects (issue 34: half of building a console's queries), and
    one row has no order."""
    return next(iter(queryset.order_by()[:1]), None)


def access_event(user, slug, perm=Perm.VIEW_WORLD):
    event = find_event(slug)
    if event is None or not can(user, event, perm):
        raise Http404("No such event.")
    return event


def find_event(slug):
    """The event named by an address's slug, or None: read once a request, since a page of AD69's own apps is
    asked for by its middleware (umpire.megagame_only) before its view."""
    return read_once(("event", slug), lambda: event_with_clock(slug))


def event_with_clock(slug):
    """The event, its clock read in the same query: nearly every page asks the turn, and a round trip to
    PostgreSQL costs a page more than the join (issue 34)."""
    event = the_one(Event.objects.filter(slug=slug).select_related("clock"))
    if event is not None:
        remember_clock(event.pk, getattr(event, "clock", None))
    return event


def get_events_of(user):
    events = Event.objects.all()
    if user.is_superuser:
        return events
    return events.filter(seats__user=user).distinct()


def get_regions(event):
    """The event's map tables and Senate room in their order, read once a request (request_roles): the page's
    map tables, and the names of where each person on it stands."""
    return read_once(("regions", event.pk), lambda: regions_of(event))


def get_table(event, table_id):
    """The event's region (a map table or the Senate room) that `table_id` names, knowing its event, from the
    regions the page reads anyway: no query of its own. None if it names none."""
    table = next((region for region in get_regions(event) if str(region.pk) == str(table_id)), None)
    if table is not None:
        table.event = event  # read already: not joined again
    return table


def regions_of(event):
    """The event's regions, from the rows this process keeps (umpire.event_setting): each page's models its
    own, since a page may give a region its event."""
    fields = [field.attname for field in Region._meta.concrete_fields]
    rows = kept(event, "regions", lambda: read_region_rows(event, fields))
    return tuple(Region.from_db(Region.objects.db, fields, row) for row in rows)


def read_region_rows(event, fields):
    return tuple(Region.objects.filter(event=event).order_by("position", "name").values_list(*fields))


def get_map_tables(event):
    """The event's map tables in their order."""
    return [region for region in get_regions(event) if region.kind == Region.Kind.MAP_TABLE]


def get_clock_state(clock, now, *, map_tables=None):
    """Everything a screen shows of the clock, as plain data: one shape for the page,
    the websocket snapshot and every clock message. A page that has the map tables already (the hall,
    a table's console) passes them (`get_map_tables`'s list) rather than have them read again."""
    event = clock.event
    month = clock.month()
    left = clock.time_left(now)
    regions = get_map_tables(event) if map_tables is None else map_tables
    phases = list(kept(event, "phases", lambda: read_phases(event)))
    return {
        "state": clock.state,
        "turn": clock.turn,
        "turns": event.number_of_turns,
        "turn_seconds": int(clock.turn_length.total_seconds()),
        "month": str(month),
        "tax_turn": event.is_megagame and calendar.is_tax_turn(clock.turn),
        "road_cost_month": event.is_megagame and calendar.is_road_cost_month(month),
        "ends_at": clock.ends_at.isoformat() if clock.is_running else None,
        "seconds_left": None if left is None else int(left.total_seconds()),
        "auto_advance": clock.auto_advance,
        "holding": clock.is_holding(now),
        "held": get_hold(clock, now),
        "phases": [
            {"name": p.name, "starts": p.starts, "ends": p.ends, "tax_turns_only": p.tax_turns_only} for p in phases
        ],
        "phase_now": [p.name for p in calendar.phases_now(phases, turn=clock.turn, elapsed=clock.elapsed(now))],
        "winter_on_land": [r.name for r in regions if r.in_winter(month)],
        "winter_at_sea": [r.name for r in regions if r.in_winter(month, at_sea=True)],
        "now": now.isoformat(),
    }


def read_phases(event):
    return tuple(phase.as_phase() for phase in TurnPhase.objects.filter(event=event).order_by("starts_minute", "pk"))


def get_hold(clock, now):
    """Why and since when a held clock waits for Control, and what each of Control's choices would do;
    None unless held."""
    if not clock.is_held:
        return None
    catch_up = clock.catch_up(now)
    return {
        "reason": clock.held_reason,
        "why": clock.get_held_reason_display(),
        "stopped_at": clock.stopped_at.isoformat(),
        "held_at": clock.held_at.isoformat(),
        "missed_ends": [{"turn": turn, "due": due.isoformat()} for turn, due in catch_up.ends],
        "catch_up_runs": catch_up.runs,
        "catch_up_until": catch_up.until.isoformat(),
        "resume_seconds": int(clock.remaining.total_seconds()),
    }


def get_turn(event):
    """The game turn the event's clock stands at, or None before it has a clock: read once a request."""
    return get_clock_turn(getattr(event, "pk", event))


def is_the_eve(event, turn):
    """Whether the turn end of `turn` is the game's first: the one the clock records as it starts,
    when the turn-end hooks prepare the first turn rather than close one."""
    return not TurnEnd.objects.filter(event=event, turn__lt=turn).exists()


def get_showing_announcements(event):
    return [
        {"id": a.pk, "text": a.text, "published_at": a.published_at.isoformat()}
        for a in Announcement.objects.filter(event=event, published_at__isnull=False, withdrawn_at__isnull=True)
    ]


def access_display(slug, code):
    """The event a projector's code opens; a wrong, revoked or other event's code opens nothing."""
    access = (
        AccessCode.objects.filter(event__slug=slug, kind=AccessCode.Kind.DISPLAY, code=code, revoked_at__isnull=True)
        .select_related("event")
        .first()
    )
    if access is None or not code:
        raise Http404("No such display.")
    return access.event


def can_anywhere(user, perm):
    """Whether any of the user's seats, in any event, carries `perm`."""
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or perm in permissions_of_roles({role for _, role, _ in get_all_seats(user)})


def senate_rooms(event):
    """The Senate room's table ids: where the Senate umpire sits and Rome's treasuries are kept."""
    return list(Region.objects.filter(event=event, kind=Region.Kind.SENATE_ROOM).values_list("pk", flat=True))


def get_tables_kept(user, event):
    """The ids of the tables this user keeps: his Region seats' tables, and the Senate room for a
    Senate umpire. Their post trays, follow-ups and packs are his."""
    seats = get_seats(user, event)
    tables = {region for role, region in seats if role == Role.REGION}
    if any(role == Role.SENATE for role, _ in seats):
        tables |= set(senate_rooms(event))
    return tables


# role -> tables_of(event), the ids of the tables a seat with no table of its own watches: named by
# the app that knows what stands on them (regions: a Non-Roman World umpire's hosts)
TABLES_WATCHED: dict[Role, Callable[[Event], Iterable[int]]] = {}


def register_tables_watched(role, tables_of):
    """Let `role` read the consoles of the tables `tables_of(event)` names; apps call this at start."""
    TABLES_WATCHED[Role(role)] = tables_of


def get_tables_watched(user, event):
    """The ids of the tables whose console this user reads without keeping them. Watching opens the
    console only: the table's post tray, follow-ups and money stay with those who keep it."""
    roles = get_roles(user, event)
    return set().union(*(tables_of(event) for role, tables_of in TABLES_WATCHED.items() if role in roles))


def get_tables_kept_or_watched(user, event):
    """The tables whose console is this user's to read, Control's aside (he reads them all)."""
    return get_tables_kept(user, event) | get_tables_watched(user, event)


# ---- where the players are ---------------------------------------------------------------------


def get_linked_tables(table):
    """The tables a route joins to `table` (VI. COMMUNICATIONS: players move only along them)."""
    routes = Route.objects.filter(Q(one=table) | Q(other=table)).values_list("one", "other")
    linked = {one if other == table.pk else other for one, other in routes}
    return [region for region in get_regions(table.event) if region.pk in linked]


def can_place_players(user, event):
    """Only Control checks in a player who is at no table and on his way to none."""
    return can(user, event, Perm.MOVE_PLAYERS) and (user.is_superuser or Role.CONTROL in get_roles(user, event))


def can_move_players_at(user, table):
    """Whether `user` checks players in and out at `table`: Control anywhere, a Region umpire at his own."""
    event = table.event
    if can_place_players(user, event):
        return True
    return can(user, event, Perm.MOVE_PLAYERS) and any(region == table.pk for _, region in get_seats(user, event))


def can_move_player(user, character, table):
    """Whether `user` may check `character` out of `table` (his own) or in at it (where he arrives)."""
    if table is None or table.event_id != character.event_id:
        return False
    placed = character.location_id or character.travelling_to_id
    return can_move_players_at(user, table) and (bool(placed) or can_place_players(user, character.event))


def get_table_roster(table, *, with_not_placed=False):
    """Who is at `table`, who is on his way to it, where they may go from it, and (for Control)
    who is at no table at all. Those here and those on their way are read together."""
    characters = Character.objects.filter(event_id=table.event_id).select_related("career_rank")
    not_placed = characters.filter(location__isnull=True, travelling_to__isnull=True, died_turn__isnull=True)
    near = list(characters.filter(Q(location=table) | Q(travelling_to=table)))
    return {
        "here": [character for character in near if character.location_id == table.pk],
        "on_the_way": [character for character in near if character.travelling_to_id == table.pk],
        "linked_tables": get_linked_tables(table),
        "not_placed": not_placed if with_not_placed else Character.objects.none(),
    }


# ---- the turn schedule ------------------------------------------------------------------------


def get_schedule(clock, now):
    """The turn table: planned from the first turn's time of day, or, once the clock runs,
    projected from where the current turn stands."""
    event = clock.event
    first = first_turn_starts(clock, now)
    return (
        calendar.turn_schedule(
            first_turn_starts=first,
            turn_minutes=event.turn_minutes,
            number_of_turns=event.number_of_turns,
            start_year=event.start_year,
            start_month=event.start_month,
            tax_turns=event.is_megagame,
        )
        if first
        else []
    )


def get_schedule_sheet(clock, now):
    """The printed turn schedule: every turn's month and notes, its times once the first turn's time
    of day is planned, left blank to write in before."""
    event = clock.event
    planned = {row.turn: row for row in get_schedule(clock, now)}
    return ScheduleSheet(
        event_name=event.name,
        turn_minutes=event.turn_minutes,
        rows=tuple(schedule_row(event, turn, planned.get(turn)) for turn in range(1, event.number_of_turns + 1)),
    )


def schedule_row(event, turn, planned):
    month = event.game_month(turn)
    starts, ends = (f"{planned.starts:%H:%M}", f"{planned.ends:%H:%M}") if planned else ("", "")
    return ScheduleRow(
        turn=turn,
        starts=starts,
        ends=ends,
        month=str(month),
        tax_turn=event.is_megagame and calendar.is_tax_turn(turn),
        road_cost=event.is_megagame and calendar.is_road_cost_month(month),
    )


def first_turn_starts(clock, now):
    if clock.state in (GameClock.State.RUNNING, GameClock.State.PAUSED, GameClock.State.HELD):
        current_turn_starts = now + clock.time_left(now) - clock.turn_length
        return timezone.localtime(current_turn_starts) - (clock.turn - 1) * clock.turn_length
    if clock.first_turn_time is None:
        return None
    today = timezone.localdate()
    return timezone.make_aware(datetime.combine(today, clock.first_turn_time))
