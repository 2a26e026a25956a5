"""What the map does at the end of every turn; registered with the clock in RegionsConfig.ready()."""
from umpire.calendar import is_tax_turn

from .services.fleets import finish_fleet_work
from .services.forces import finish_upgrades
from .services.taxes import do_run_tax_turn


def end_of_turn(event, turn):
    """Upgrades and fleet work due by now are done."""
    finish_upgrades(event, turn)
    finish_fleet_work(event, turn)


def tax_turn(event, turn):
    """Taxes are due at the start of a tax turn: when the turn that ended leads into one, draw up
    its statements (the first turn's are drawn up by hand: no turn ends before it)."""
    starting = turn + 1
    if is_tax_turn(starting) and starting <= event.number_of_turns:
        do_run_tax_turn(event, starting, actor=None)
