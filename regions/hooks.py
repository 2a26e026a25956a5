"""What the map does at the end of every turn; registered with the clock in RegionsConfig.ready()."""
from .services.fleets import finish_fleet_work
from .services.forces import finish_upgrades


def end_of_turn(event, turn):
    """Upgrades and fleet work due by now are done."""
    finish_upgrades(event, turn)
    finish_fleet_work(event, turn)
