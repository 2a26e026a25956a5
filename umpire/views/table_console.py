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
from umpire.models import Region
from umpire.selectors import get_tables_kept_or_watched
from umpire.table_console import get_clock, get_console, get_hall, get_live_on, get_panels


@login_required
def table_console(request, slug, pk):
    table = access_console_table(request.user, slug, pk)
    event, now = table.event, timezone.now()
    control = is_control(request.user, event)
    # In the tables' order within one event, without the model's ordering's join to the event.
    others = (
        Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).exclude(pk=table.pk).order_by("position", "name")
    )
    return render(
        request,
        "umpire/table_console.html",
        {
            "event": event,
            "table": table,
            "panels": get_console(table, request.user, now),
            **clock_lines(event, now),
            "control": control,
            "live_on": get_live_on(),
            "other_tables": others
            if control
            else others.filter(pk__in=get_tables_kept_or_watched(request.user, event)),
        },
    )


@login_required
def hall_overview(request, slug):
    event = access_as_control(request.user, slug)
    now = timezone.now()
    hall = get_hall(event, request.user, now)
    return render(
        request,
        "umpire/hall_overview.html",
        {
            "event": event,
            "hall": hall,
            "panels": get_panels(event),
            **clock_lines(event, now),
            "live_on": get_live_on(),
            "overdue_tables": sum(1 for row in hall if row.overdue),
        },
    )


def clock_lines(event, now):
    """The clock, with its state and phase in the words live.js puts there once it takes over (the projector's)."""
    state = get_clock(event, now)
    state_line, phase_line = get_clock_lines(state) if state else ("", "")
    return {"state": state, "state_line": state_line, "phase_line": phase_line}
