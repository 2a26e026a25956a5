from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from umpire.selectors import get_events_of


@login_required
def home(request):
    """Straight to the event when the umpire has one; otherwise the list of his events."""
    events = list(get_events_of(request.user))
    if len(events) == 1:
        return redirect("regions:world", slug=events[0].slug)
    return render(request, "umpire/home.html", {"events": events})
