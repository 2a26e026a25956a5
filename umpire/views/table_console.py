"""A table's console and Control's hall overview (umpire.table_console has the panels).

The console is for the umpires who keep the table, Control, and the umpires whose seat watches
it (the Non-Roman World umpire where his hosts stand); the hall overview for Control alone.
Anyone else gets the same 404 as for a table that does not exist. Both pages reload their main
section when any panel's live event arrives (live.js, data-refresh).
"""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils import timezone

from umpire.clock_words import get_clock_lines
from umpire.follow_up_selectors import access_as_control, access_console_table, is_control
from umpire.selectors import get_map_tables, get_tables_kept_or_watched
from umpire.table_console import get_clock, get_console, get_hall, get_live_on, get_panels


@login_required
def table_console(request, slug, pk):
    table = access_console_table(request.user, slug, pk)
    event, now = table.event, timezone.now()
    control = is_control(request.user, event)
    map_tables = get_map_tables(event)
    clock = clock_lines(event, now, map_tables)  # before the panels: they take the turn from it
    return render(
        request,
        "umpire/table_console.html",
        {
            "event": event,
            "table": table,
            "panels": get_console(table, request.user, now),
            **clock,
            "control": control,
            "live_on": get_live_on(),
            "other_tables": other_tables(request.user, table, map_tables, control),
        },
    )


def other_tables(user, table, map_tables, control):
    """The consoles a button away: every other map table for Control, those he keeps or watches for anyone else."""
    others = [other for other in map_tables if other.pk != table.pk]
    if control:
        return others
    readable = get_tables_kept_or_watched(user, table.event)
    return [other for other in others if other.pk in readable]


@login_required
def hall_overview(request, slug):
    event = access_as_control(request.user, slug)
    now = timezone.now()
    map_tables = get_map_tables(event)
    clock = clock_lines(event, now, map_tables)  # before the panels: they take the turn from it
    hall = get_hall(event, request.user, now, map_tables)
    return render(
        request,
        "umpire/hall_overview.html",
        {
            "event": event,
            "hall": hall,
            "panels": get_panels(event),
            **clock,
            "live_on": get_live_on(),
            "overdue_tables": sum(1 for row in hall if row.overdue),
        },
    )


def clock_lines(event, now, map_tables=None):
    """The clock, with its state and phase in the words live.js puts there once it takes over (the projector's)."""
    state = get_clock(event, now, map_tables)
    state_line, phase_line = get_clock_lines(state) if state else ("", "")
    return {"state": state, "state_line": state_line, "phase_line": phase_line}
