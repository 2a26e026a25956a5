"""The projector: opened with a display code, no login; it shows only what is public."""

from django.shortcuts import render
from django.utils import timezone

from umpire.clock_words import get_clock_lines
from umpire.code_tries import limits_code_tries
from umpire.models import GameClock
from umpire.selectors import access_display, get_clock_state, get_showing_announcements


@limits_code_tries
def projector(request, slug):
    code = request.GET.get("code", "")
    event = access_display(slug, code)
    clock = GameClock.objects.select_related("event").get(event=event)
    state = get_clock_state(clock, timezone.now())
    state_line, phase_line = get_clock_lines(state)
    context = {
        "event": event,
        "state": state,
        "state_line": state_line,
        "phase_line": phase_line,
        "code": code,
        "initial": {"clock": state, "announcements": get_showing_announcements(event)},
    }
    return render(request, "display/projector.html", context)
