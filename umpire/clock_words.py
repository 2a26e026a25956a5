"""The clock's state in words, as every screen says it: the projector, the clock desk, the table consoles and
the hall. The server prints them; live.js (its STATE_WORDS) says the same once it takes over, so a page reads
alike before and after its script runs."""

from umpire.models import GameClock

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
