from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from umpire.selectors import can_edit_world_anywhere, get_events_of


def home_page(event):
    """Where an event opens: AD69 on its tables, a board game on its sequence of play."""
    return "regions:world" if event.is_megagame else "boardgames:sequence"


@login_required
def home(request):
    """Straight to the event when the umpire has one; otherwise the list of his events."""
    events = list(get_events_of(request.user))
    if len(events) == 1:
        return redirect(home_page(events[0]), slug=events[0].slug)
    for event in events:
        event.home_page = home_page(event)
    return render(request, "umpire/home.html", {"events": events, "may_create": can_edit_world_anywhere(request.user)})
