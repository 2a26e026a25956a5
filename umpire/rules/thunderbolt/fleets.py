"""13.32 Fleet Composition: combining and splitting Fleets in one hex before a force is composed, with 13.31's
restriction when an enemy Fleet is present and the Crew Rating rules (13.15, 13.32); and 13.45 entering port,
within the Port Harbor Capacity Chart's capacity (13.81)."""

from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET
from .naval import harbor_capacity

COMPOSITION_RULE = "13.32 Fleet Composition"
FORCE_RULE = "13.31 Force Composition"
CREW_MAX = 4  # 13.13 "The rating, which ranges from 0 to 4"


@dataclass(frozen=True)
class Fleet:
    squadrons: int = spec("Its squadrons", min=1, max=40)
    crew: int = spec("Its Crew Rating", min=0, max=CREW_MAX)
    admiral: bool = spec("An Admiral is assigned to it", default=False)


@dataclass(frozen=True)
class CompositionPlace:
    enemy_fleet_in_hex: bool = spec("An enemy Fleet is in the hex", default=False)
    same_side_of_the_city: bool = spec(
        "With an enemy Fleet there: the leader and both Fleets are all inside the "
        "city/In Port, or all outside and not In Port",
        default=True,
    )
    acting_admiral: bool = spec(
        "The leader conducting operations is an Admiral, and the Admiral's Fleet takes part", default=False
    )
    admirals_fleet_changed: bool = spec(
        "His Admiral's Fleet has already taken in or given up squadrons this operation (he may do one, not both)",
        default=False,
    )


def check_place(place: CompositionPlace) -> None:
    if place.enemy_fleet_in_hex and not place.same_side_of_the_city:
        raise RulesError(
            "place.same_side_of_the_city",
            "with an enemy Fleet in the hex, the leader and the Fleets "
            "must all be inside the city/In Port or all outside it (13.31)",
        )


def check_admirals(fleets: Sequence[Fleet], place: CompositionPlace) -> None:
    """Fleets with an assigned Admiral are not combined or split, save the acting Admiral's own, once (13.32)."""
    with_admiral = [fleet for fleet in fleets if fleet.admiral]
    if with_admiral and not place.acting_admiral:
        raise RulesError(
            "place.acting_admiral",
            "only Fleets without an assigned Admiral may be combined or split, "
            "unless the Admiral conducting operations uses his own Fleet (13.32)",
        )
    if with_admiral and place.admirals_fleet_changed:
        raise RulesError(
            "place.admirals_fleet_changed",
            "the Admiral may take one Fleet's squadrons into his Fleet or create one Fleet from it, not both (13.32)",
        )


@dataclass(frozen=True)
class CombineInput:
    receiving: Fleet = spec("The Fleet taking the squadrons")
    contributing: Fleet = spec("The Fleet giving all its squadrons (its marker is removed)")
    place: CompositionPlace = spec("Where and by whom", default=CompositionPlace())


@procedure(RULESET, "combine_fleets", title="Combine two Fleets", source=COMPOSITION_RULE, takes=CombineInput)
def combine_fleets(case: CombineInput, dice: Dice) -> Result:
    """13.32, 13.15: every squadron of the contributing Fleet joins the receiving one and its marker goes; a lower
    Crew Rating among the contributors sets the receiving Fleet's. An Admiral's Fleet never contributes."""
    working = Working()
    check_place(case.place)
    if case.contributing.admiral:
        raise RulesError(
            "contributing.admiral",
            "a Fleet with an assigned Admiral gives up squadrons only by creating a Fleet, never all of them (13.32)",
        )
    check_admirals((case.receiving, case.contributing), case.place)
    squadrons = case.receiving.squadrons + case.contributing.squadrons
    crew = min(case.receiving.crew, case.contributing.crew)
    working.step(
        f"{case.receiving.squadrons} + {case.contributing.squadrons} squadrons: {squadrons}; the "
        "contributing Fleet's marker is removed",
        COMPOSITION_RULE,
        squadrons,
    )
    working.step(
        f"Crew Rating {crew}" + (" (the contributor's lower rating)" if crew < case.receiving.crew else ""),
        "13.15, 13.32",
        crew,
    )
    return Result.of(f"{RULESET}.combine_fleets", {"squadrons": squadrons, "crew": crew}, working, dice)


@dataclass(frozen=True)
class SplitInput:
    fleet: Fleet = spec("The Fleet giving up squadrons")
    squadrons: int = spec("Squadrons taken out for the new Fleet (the player's choice)", min=1, max=39)
    place: CompositionPlace = spec("Where and by whom", default=CompositionPlace())


@procedure(RULESET, "split_fleet", title="Split a Fleet", source=COMPOSITION_RULE, takes=SplitInput)
def split_fleet(case: SplitInput, dice: Dice) -> Result:
    """13.32: the chosen squadrons take a new Fleet marker and keep the giving Fleet's Crew Rating (a Fleet created
    from an Admiral's Fleet inherits its rating). The giving Fleet keeps at least one squadron."""
    working = Working()
    check_place(case.place)
    check_admirals((case.fleet,), case.place)
    if case.squadrons >= case.fleet.squadrons:
        raise RulesError(
            "squadrons",
            f"the Fleet has {case.fleet.squadrons} squadrons: a split leaves it some; to "
            "move them all, combine (13.32)",
        )
    left = case.fleet.squadrons - case.squadrons
    working.step(f"{case.squadrons} squadrons take a new Fleet marker, {left} stay", COMPOSITION_RULE, left)
    working.step(
        f"The new Fleet's Crew Rating is the giving Fleet's, {case.fleet.crew}", COMPOSITION_RULE, case.fleet.crew
    )
    outcome = {"left": left, "new_fleet": case.squadrons, "crew": case.fleet.crew}
    return Result.of(f"{RULESET}.split_fleet", outcome, working, dice)


# ---- thunderbolt.port_entry ---------------------------------------------------------------------------------------

PORT_RULE = "13.45 Port Entry/Exit"
HARBOR_RULE = "13.81 Winter"


@dataclass(frozen=True)
class PortEntryInput:
    port: str = spec("The friendly port the Fleet ends its operation in")
    squadrons_entering: int = spec(
        "Squadrons that would enter (land units in Naval Transport do not count)", min=1, max=40
    )
    squadrons_in_port: int = spec("Squadrons already In Port there", min=0, max=300, default=0)
    harbor_capacity: int | None = spec(
        "The port's Harbor Capacity, from the Port Harbor Capacity Chart (the data tables)",
        min=0,
        max=300,
        default=None,
    )
    scattered: bool = spec("The Fleet is Scattered", default=False)


@procedure(RULESET, "port_entry", title="A Fleet enters port", source=PORT_RULE, takes=PortEntryInput)
def port_entry(case: PortEntryInput, dice: Dice) -> Result:
    """13.45, 13.81: an un-Scattered Fleet ending an operation in a friendly port may enter it (even Under Siege),
    at no DP cost, as far as the port's Harbor Capacity less the squadrons In Port allows; land units using Naval
    Transport are not counted. The capacities are the ANS PAC's Port Harbor Capacity Chart."""
    working = Working()
    if case.scattered:
        raise RulesError("scattered", 'a Scattered Fleet may not enter port (13.45 "An un-Scattered Fleet")')
    capacity = harbor_capacity(case.harbor_capacity, case.port)
    room = max(0, capacity - case.squadrons_in_port)
    may = case.squadrons_entering <= room
    working.step(
        f"{case.port}: capacity {capacity}, {case.squadrons_in_port} In Port, room for {room}; "
        f"{case.squadrons_entering} entering: {'they may' if may else 'more than the harbor holds'}",
        f"{PORT_RULE}; {HARBOR_RULE}",
        may,
    )
    return Result.of(f"{RULESET}.port_entry", {"room": room, "may_enter": may}, working, dice)
