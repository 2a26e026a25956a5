"""The projector: opened with a display code, no login; it shows only what is public."""

from django.shortcuts import render
from django.utils import timezone

from umpire.code_tries import limits_code_tries
from umpire.models import GameClock
from umpire.selectors import access_display, get_clock_state, get_showing_announcements

# What the projector's state line says for each clock state; live.js's STATE_WORDS says the same once
# it takes over, so the page reads alike before and after its script runs.
STATE_LINES = {
    GameClock.State.SCHEDULED: "Not started",
    GameClock.State.RUNNING: "Running",
    GameClock.State.PAUSED: "PAUSED",
    GameClock.State.HELD: "Waiting for Control",
    GameClock.State.FINISHED: "Game over",
}
# A running clock whose time is up with auto-advance off is not running on: the next turn is Control's to start.
HOLDING_LINE = "Waiting for Control"
HOLDING_PHASE = "Turn over: waiting for Control"
HELD_PHASE = "Game held: waiting for Control"


def get_clock_lines(state):
    """The projector's state line and phase line for `state` (get_clock_state's shape)."""
    if state["state"] == GameClock.State.HELD:
        return STATE_LINES[GameClock.State.HELD], HELD_PHASE
    if state["holding"]:
        return HOLDING_LINE, HOLDING_PHASE
    return STATE_LINES[state["state"]], " · ".join(state["phase_now"])


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
