"""6.2 Siege (L575): a fleet of the besieged side sails into a besieged port city (P13, port resupply).

"The defence level of the besieged city is then increased by as many levels as the number of ships
without loaded units that sailed in ... The defence level increased in this way cannot exceed the
defence level on the city card. Of course ships with loaded units can also sail in, and such units
can be added to the defenders of the city."
"""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .cities import CITY_CARDS_GIVEN, CityCard, card_cell, check_level, check_room
from .given import entered_or_given
from .siege import SIEGE, THRESHOLD_HELP, SiegeThreshold, only_infantry, siege_holds
from .units import NO_UNITS, RULESET, SHIP_CAPACITY, Units

RESUPPLY = "6.2 Siege (L575), a fleet sails into a besieged port"


@dataclass(frozen=True)
class ResupplyOptions:
    """The reading the resupply needs where 6.2 leaves the text open."""

    threshold: SiegeThreshold = spec(THRESHOLD_HELP, default=SiegeThreshold.LEVEL_AND_DEFENDERS)


@dataclass(frozen=True)
class ResupplyInput:
    city: CityCard = spec("The besieged city card")
    besiegers: Units = spec("The infantry conducting the siege")
    port: bool | None = spec("The city has a port (its card); empty: from the rulebook where it gives it", default=None)
    level: int | None = spec("Its siege-track field now (empty: the card's level)", min=1, max=20, default=None)
    defenders: Units = spec("Additional units in the city before the fleet sails in", default=NO_UNITS)
    supply_ships: int = spec("Ships of the besieged side without loaded units that sail in", min=0, max=200, default=0)
    loaded_ships: int = spec("Ships with land units aboard that sail in", min=0, max=200, default=0)
    landed: Units = spec("The land units those ships add to the defenders", default=NO_UNITS)
    options: ResupplyOptions = spec("Readings of points the rulebook leaves open", default=ResupplyOptions())


def check_port(case: ResupplyInput, working: Working) -> None:
    has_port = entered_or_given(
        case.port,
        CITY_CARDS_GIVEN,
        case.city.name,
        "port",
        field="port",
        missing=f"the city card of {case.city.name}: whether it has a port is not in the "
        "rulebook; Control must enter it (1.3.2 City Cards)",
        words="port",
        working=working,
    )
    if not has_port:
        raise RulesError("port", f"{case.city.name} has no port: no fleet can sail in ({RESUPPLY})")


def check_cargo(case: ResupplyInput) -> None:
    if case.landed.ships:
        raise RulesError("landed.ships", "ships are not land units: count them in supply_ships or loaded_ships")
    if case.landed.total > SHIP_CAPACITY * case.loaded_ships:
        raise RulesError(
            "landed",
            f"{case.loaded_ships} loaded ships carry at most {SHIP_CAPACITY * case.loaded_ships} land units (1.2.7)",
        )
    if case.loaded_ships and not case.landed.total:
        raise RulesError("landed", "loaded ships carry land units: name them, or count the ships as supply ships")


def raise_level(level: int, defence: int, ships: int, working: Working) -> int:
    """Each ship without units adds a level, up to the level on the card."""
    if not ships:
        return level
    gained = min(ships, defence - level)
    working.step(
        f"{ships} ship(s) without units bring in supplies: +{gained} level(s), from {level} to "
        f"{level + gained} (never above the card's {defence})",
        RESUPPLY,
        gained,
    )
    if ships > gained:
        working.note(f"{ships - gained} supply ship(s) add nothing: the level is at the card's", RESUPPLY)
    return level + gained


@procedure(RULESET, "port_resupply", title="Resupply a besieged port", source=RESUPPLY, takes=ResupplyInput)
def port_resupply(case: ResupplyInput, dice: Dice) -> Result:
    """6.2 (L575): supply ships raise the besieged city's level, capped by its card; loaded ships land
    their units among the defenders (room: twice the defence level, an inference); then the siege's
    superiority is checked again (L573, L591: "at any moment of the siege")."""
    working = Working()
    only_infantry(case.besiegers, "besiegers", SIEGE, "may besiege")
    check_port(case, working)
    check_cargo(case)
    defence = card_cell(case.city, "defence", working)
    level = raise_level(check_level(case.level, defence), defence, case.supply_ships, working)
    defenders = case.defenders.plus(case.landed)
    if case.landed.total:
        working.step(
            f"{case.landed.describe()} land from the ships and join the defenders", RESUPPLY, case.landed.total
        )
        working.note("Inference: the landed units must fit in the city, twice its defence level (VI L547)", SIEGE)
    check_room(case.city.name, defence, defenders, working)
    holds = siege_holds(case.besiegers, level, defenders, case.options.threshold, working)
    if not holds:
        working.step("The siege is broken: the card leaves the track and returns to its owner", SIEGE, "broken")
    outcome = {
        "level_before": check_level(case.level, defence),
        "level": level,
        "defenders": defenders.as_dict(),
        "result": "continuing" if holds else "broken",
    }
    return Result.of(f"{RULESET}.port_resupply", outcome, working, dice)
