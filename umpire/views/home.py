from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from umpire.models import Role, UmpireSeat
from umpire.selectors import can_edit_world_anywhere, get_events_of


def home_page(event):
    """Where an event opens: AD69 on its tables, a board game on its sequence of play."""
    return "regions:world" if event.is_megagame else "boardgames:sequence"


def get_tables_run_by(user):
    """(event id -> the tables his Region seats run there, in the hall's order; the ids of the events where
    Region is his only seat). There his work is at his tables, and his first screen is theirs, not the page
    of every table; Control, the Senate and Non-Roman World umpires, and anyone with another seat besides,
    keep the event's own first page."""
    seats = UmpireSeat.objects.filter(user=user).select_related("region").order_by("region__position", "region__name")
    roles, tables = {}, {}
    for seat in seats:
        roles.setdefault(seat.event_id, set()).add(seat.role)
        if seat.role == Role.REGION and seat.region is not None:
            tables.setdefault(seat.event_id, []).append(seat.region)
    only_region = set() if user.is_superuser else {pk for pk, held in roles.items() if held == {Role.REGION}}
    return tables, only_region


@login_required
def home(request):
    """Straight to the umpire's first screen when he has one: his table's console if he keeps one table
    in one megagame as a Region umpire (a board game's table umpires work from its sequence of play),
    else the event's own first page; otherwise the list of his events, with his tables' consoles under each."""
    events = list(get_events_of(request.user))
    tables, only_region = get_tables_run_by(request.user)
    if len(events) == 1:
        only = events[0]
        first = first_screen(only, tables.get(only.pk, []), only.is_megagame and only.pk in only_region)
        if first:
            return first
    for event in events:
        event.home_page = home_page(event)
        event.consoles = tables.get(event.pk, [])
    context = {"events": events, "may_create": can_edit_world_anywhere(request.user)}
    return render(request, "umpire/home.html", context)


def first_screen(event, tables, only_region):
    """The redirect to the one event's first screen, or None when a Region umpire keeps several tables
    there and picks one from the list."""
    if not only_region:
        return redirect(home_page(event), slug=event.slug)
    if len(tables) == 1:
        return redirect("table:console", slug=event.slug, pk=tables[0].pk)
    return None
