"""Issue 30: the hall overview's players cell counts those here and those on the way, as the console's heading does;
and the clock desk, a table's console and the hall print the clock's state and phase in the words live.js draws
there once it runs (the projector's words, umpire.views.display), never the raw state."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.umpire.test_table_console import hall, hall_cell  # noqa: F401 (hall is a fixture)
from umpire import clockwork
from umpire.models import Character
from umpire.services.presence import do_check_out


def test_the_halls_players_cell_counts_those_here_and_those_on_the_way(client, hall):  # noqa: F811
    here = Character.objects.filter(location=hall.illyria, died_turn__isnull=True).count()
    do_check_out(hall.fuscus, to_table=hall.illyria, actor=hall.control)
    client.force_login(hall.control)
    page = client.get("/control/ad69/hall/").content.decode()
    assert hall_cell(page, hall, "Illyria", "umpire.players") == ("cell", f"{here} here, 1 on the way")
    assert hall_cell(page, hall, "Gaul", "umpire.players")[1].endswith(" here, 0 on the way")


def started_ago(event, minutes, *, auto_advance=True):
    started = timezone.now() - timedelta(minutes=minutes)
    clockwork.do_set_auto_advance(event, auto_advance=auto_advance, actor=None, now=started)
    clockwork.do_start_clock(event, actor=None, now=started)


def not_started(event):
    pass


def running(event):
    started_ago(event, 1)


def paused(event):
    running(event)
    clockwork.do_pause_clock(event, actor=None)


def turn_over_waiting(event):
    """Turn 1's time is up with auto-advance off: running in the row, but the next turn is Control's to start."""
    started_ago(event, 20 + 1 / 12, auto_advance=False)


def held(event):
    """The console down across turn 1's end: the next tick finds it three minutes overdue and holds the game."""
    running(event)
    clockwork.advance_clock(event.pk, event.clock.ends_at + timedelta(minutes=3))


CLOCKS = [
    (not_started, "Not started", None),
    (running, "Running", None),
    (paused, "PAUSED", None),
    (turn_over_waiting, "Waiting for Control", "Turn over: waiting for Control"),
    (held, "Waiting for Control", "Game held: waiting for Control"),
]


def clock_words(page):
    """The state and phase as served: the text of the elements live.js redraws."""

    def text(name):
        found = re.search(rf'data-clock="{name}">([^<]*)<', page)
        return found.group(1).strip()

    return text("state"), text("phase")


@pytest.mark.parametrize(("make", "state", "phase"), CLOCKS, ids=[make.__name__ for make, *_ in CLOCKS])
@pytest.mark.parametrize("address", ["/control/ad69/hall/", "/control/ad69/clock/", "console"])
def test_each_clock_page_prints_the_words_live_js_draws(client, ad69, control, make, state, phase, address):
    make(ad69)
    client.force_login(control)
    if address == "console":
        address = f"/events/ad69/tables/{ad69.regions.get(name='Illyria').pk}/console/"
    served_state, served_phase = clock_words(client.get(address).content.decode())
    assert served_state == state
    if phase is not None:
        assert served_phase == phase
