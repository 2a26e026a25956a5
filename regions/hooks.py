"""What the map does at the end of every turn; registered with the clock in RegionsConfig.ready()."""

from umpire.calendar import is_tax_turn
from umpire.selectors import is_the_eve

from .services.books import do_open_books
from .services.fleets import finish_fleet_work
from .services.forces import finish_upgrades
from .services.spending import finish_spending
from .services.taxes import do_run_tax_turn, flag_unpaid_troops


def end_of_turn(event, turn):
    """Upgrades, fleet work and builds due by now are done."""
    finish_upgrades(event, turn)
    finish_fleet_work(event, turn)
    finish_spending(event, turn)


def tax_turn(event, turn):
    """The books open on the eve of the game. Taxes are due at the start of a tax turn: when the
    turn that ended leads into one, draw up its statements; when it was one, flag the troops it
    left unpaid."""
    if is_the_eve(event, turn):
        do_open_books(event, actor=None)
    if is_tax_turn(turn):
        flag_unpaid_troops(event, turn)
    starting = turn + 1
    if is_tax_turn(starting) and starting <= event.number_of_turns:
        do_run_tax_turn(event, starting, actor=None)
