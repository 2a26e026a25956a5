"""Moving troops by sea: a fleet's load, the open-sea crossing with Worse Things Happen At Sea, and
civilian charters (IX. WARFARE, FLEETS, SEA MOVEMENT, CIVILIAN SEA TRANSPORTS)."""

from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import Band, BandTable, KeyedTable
from ..working import Result, Working
from .forces import Force
from .weather import WeatherRegion, Where, is_winter

FLEETS = "IX. WARFARE, FLEETS"
SEA_MOVEMENT = "IX. WARFARE, SEA MOVEMENT"
CHARTERS = "IX. WARFARE, CIVILIAN SEA TRANSPORTS"

# IX. FLEETS: "up to 14 vexillations ... in a turn"; "a legionary Aquila counts as 4 vexillation
# equivalents, representing baggage and supplies".
SEA_TRANSPORT = KeyedTable(
    name="Sea transport",
    source=FLEETS,
    rows={"fleet_capacity": 14, "aquila_equivalents": 4},
)

# IX. SEA MOVEMENT: on an open-sea crossing "score 1 (1 or 2 in winter months) for something awful".
CROSSING_DISASTER = KeyedTable(
    name="Open sea crossing",
    source=SEA_MOVEMENT,
    rows={"summer": 1, "winter": 2},
)

# IX. SEA MOVEMENT, Worse Things Happen At Sea: "Roll 1d6". Neptune's +1 can lift a 6 to 7: still lucky.
WORSE_THINGS_DIE = 6
WORSE_THINGS = BandTable(
    name="Worse Things Happen At Sea",
    source=f"{SEA_MOVEMENT}, Worse Things Happen At Sea",
    bands=(
        Band(None, 1, "fleet_lost", "1: entire fleet lost with all hands"),
        Band(2, 5, "serious_losses", "2-5: serious losses, fleet capacity halves, half the transported troops lost"),
        Band(6, None, "lucky", "6: you lucky devil, the ships are damaged but the troops got there"),
    ),
)
NEPTUNE_OFFERING = 10  # talents, "a 10 talent offering to Neptune before the voyage"

# IX. CIVILIAN SEA TRANSPORTS: talents per vexillation per sea area; x4 in winter; 8 areas a month.
CHARTER_RATES = KeyedTable(
    name="Civilian sea transport",
    source=CHARTERS,
    rows={"coastal": 1, "open_sea": 4},
)
CHARTER_WINTER_MULTIPLIER = 4
CHARTER_MAX_SEA_AREAS = 8


def vexillation_equivalents(forces: Sequence[Force], working: Working) -> int:
    """IX. FLEETS: each unit is one; an Aquila is four."""
    per_aquila: int = SEA_TRANSPORT.lookup("aquila_equivalents", working)
    total = 0
    for force in forces:
        load = force.units + (per_aquila if force.aquila else 0)
        working.step(
            f"{force.name}: {force.units} vexillations{f' + Aquila {per_aquila}' if force.aquila else ''} = {load}",
            FLEETS,
            load,
        )
        total += load
    return total


def check_load(forces: Sequence[Force], capacity: int, working: Working, path: str = "forces") -> int:
    """IX. FLEETS: refuse a load over the fleet's capacity, naming the numbers."""
    load = vexillation_equivalents(forces, working)
    if load > capacity:
        vexillations, aquilae = sum(f.units for f in forces), sum(1 for f in forces if f.aquila)
        per_aquila = SEA_TRANSPORT.rows["aquila_equivalents"]
        raise RulesError(
            path,
            f"{load} vexillation equivalents ({vexillations} vexillations + {aquilae} Aquila "
            f"× {per_aquila}) is more than the fleet can carry in a turn: {capacity} ({FLEETS})",
        )
    working.step(f"Load {load} of {capacity}", FLEETS, load)
    return load


# ---- ad69.fleet_load -----------------------------------------------------------------------


@dataclass(frozen=True)
class FleetLoadInput:
    fleet: str = spec("The fleet, as Classis Misenensis")
    forces: tuple[Force, ...] = spec("What it carries this turn", max_items=20)
    capacity: int | None = spec(
        "Its capacity now, if less than the full 14 (halved by serious losses)", min=0, max=14, default=None
    )


def fleet_capacity(capacity: int | None, working: Working) -> int:
    if capacity is None:
        full: int = SEA_TRANSPORT.lookup("fleet_capacity", working)
        return full
    working.step(f"Fleet capacity now {capacity}", FLEETS, capacity)
    return capacity


@procedure("ad69", "fleet_load", title="Fleet transport load", source=FLEETS, takes=FleetLoadInput)
def fleet_load(case: FleetLoadInput, dice: Dice) -> Result:
    """IX. FLEETS: a fleet carries up to 14 vexillations a turn, an Aquila counting 4."""
    working = Working()
    capacity = fleet_capacity(case.capacity, working)
    load = check_load(case.forces, capacity, working)
    return Result.of("ad69.fleet_load", {"ok": True, "load": load, "capacity": capacity}, working, dice)


# ---- ad69.open_sea_crossing ----------------------------------------------------------------


@dataclass(frozen=True)
class CrossingInput:
    fleet: str = spec("The fleet making the crossing")
    region: WeatherRegion = spec("The weather region of the crossing")
    month: int = spec("The month, 1 (January) to 12", min=1, max=12)
    forces: tuple[Force, ...] = spec("The troops it carries", max_items=20, default=())
    capacity: int | None = spec("The fleet's capacity now, if less than 14", min=0, max=14, default=None)
    offering_to_neptune: bool = spec("A 10 talent offering to Neptune was made before the voyage", default=False)


def worse_things(case: CrossingInput, dice: Dice, working: Working) -> str:
    """IX. Worse Things Happen At Sea: 1d6, +1 for Neptune's offering."""
    score = working.roll(dice, WORSE_THINGS_DIE, "Worse Things Happen At Sea")
    if case.offering_to_neptune:
        score += working.modifier(
            f"+1 for the {NEPTUNE_OFFERING} talent offering to Neptune",
            1,
            f"{SEA_MOVEMENT}, Worse Things Happen At Sea",
        )
    if score > WORSE_THINGS_DIE:
        working.note(
            f"Worse Things Happen At Sea goes up to {WORSE_THINGS_DIE}: the console reads Neptune's "
            f"{score} as {WORSE_THINGS_DIE}, you lucky devil",
            WORSE_THINGS.source,
        )
    result: str = WORSE_THINGS.lookup(score, working)
    return result


def losses_at_sea(result: str, forces: Sequence[Force], capacity: int, working: Working) -> tuple[dict[str, int], int]:
    """What the sea takes: all, half (rounded down, as losses in battle), or nothing."""
    if result == "fleet_lost":
        working.note("The troops aboard go down with the fleet, Aquilae and all", WORSE_THINGS.source)
        return {force.name: force.units for force in forces}, 0
    if result == "serious_losses":
        working.step(f"Fleet capacity halves: {capacity} → {capacity // 2}", WORSE_THINGS.source, capacity // 2)
        return {force.name: force.units // 2 for force in forces}, capacity // 2
    return {force.name: 0 for force in forces}, capacity


@procedure(
    "ad69",
    "open_sea_crossing",
    title="Open sea crossing",
    source=SEA_MOVEMENT,
    takes=CrossingInput,
    dice="d6 for the crossing, then d6 for Worse Things Happen At Sea if it goes wrong",
)
def open_sea_crossing(case: CrossingInput, dice: Dice) -> Result:
    """IX. SEA MOVEMENT: 1d6, disaster on 1 (1 or 2 in sea winter), then Worse Things Happen At Sea."""
    working = Working()
    capacity = fleet_capacity(case.capacity, working)
    check_load(case.forces, capacity, working)
    season = "winter" if is_winter(case.region, case.month, Where.SEA, working) else "summer"
    disaster_on = CROSSING_DISASTER.lookup(season, working)
    crossing = working.roll(dice, 6, f"{case.fleet}'s open-sea crossing")
    result = "safe"
    if case.offering_to_neptune:
        working.note(
            "The handbook gives Neptune's '+1 to your die roll' under Worse Things Happen At Sea, after its "
            "table: the console adds it to that roll, not to the crossing roll",
            WORSE_THINGS.source,
        )
    if crossing <= disaster_on:
        working.step(
            f"{crossing}: something awful happens (1{' or 2' if disaster_on == 2 else ''} in {season})", SEA_MOVEMENT
        )
        result = worse_things(case, dice, working)
    else:
        working.step(f"{crossing}: a safe crossing", SEA_MOVEMENT)
    lost, capacity_after = losses_at_sea(result, case.forces, capacity, working)
    outcome = {
        "result": result,
        "fleet_lost": result == "fleet_lost",
        "units_lost": lost,
        "capacity_after": capacity_after,
    }
    return Result.of("ad69.open_sea_crossing", outcome, working, dice)


# ---- ad69.civilian_charter -----------------------------------------------------------------


@dataclass(frozen=True)
class CharterInput:
    forces: tuple[Force, ...] = spec("The troops carried", max_items=20)
    region: WeatherRegion = spec("The weather region it sails in")
    month: int = spec("The month it sails, 1 (January) to 12", min=1, max=12)
    coastal_sea_areas: int = spec("Sea areas moved on coastal routes", min=0, max=50, default=0)
    open_sea_areas: int = spec("Sea areas moved on open sea routes", min=0, max=50, default=0)
    booked_a_month_ahead: bool = spec("Booked one month before it sails", default=False)
    fleets_agree: bool = spec("Every Naval Fleet whose area it crosses agrees", default=True)


def check_charter(case: CharterInput, working: Working) -> None:
    areas = case.coastal_sea_areas + case.open_sea_areas
    if not areas:
        raise RulesError("coastal_sea_areas", "the charter moves through no sea area")
    if areas > CHARTER_MAX_SEA_AREAS:
        field = "open_sea_areas" if case.open_sea_areas else "coastal_sea_areas"
        raise RulesError(
            field,
            f"{areas} sea areas: a civilian charter transits at most {CHARTER_MAX_SEA_AREAS} a month ({CHARTERS})",
        )
    if not case.booked_a_month_ahead:
        raise RulesError("booked_a_month_ahead", f"civilian transport must be booked one month before use ({CHARTERS})")
    if not case.fleets_agree:
        raise RulesError(
            "fleets_agree", f"civilian ships will not cross a Naval Fleet's area without its agreement ({CHARTERS})"
        )
    working.step(f"{areas} sea areas of {CHARTER_MAX_SEA_AREAS} a month", CHARTERS, areas)


def charter_leg(kind: str, areas: int, load: int, working: Working) -> int:
    rate: int = CHARTER_RATES.lookup(kind, working)
    cost = load * areas * rate
    working.step(f"{load} vexillations × {areas} {kind.replace('_', ' ')} areas × {rate} = {cost}", CHARTERS, cost)
    return cost


@procedure("ad69", "civilian_charter", title="Civilian sea transport", source=CHARTERS, takes=CharterInput)
def civilian_charter(case: CharterInput, dice: Dice) -> Result:
    """IX. CIVILIAN SEA TRANSPORTS: 1 talent per vexillation per coastal area, 4 on open sea, x4 in winter."""
    working = Working()
    check_charter(case, working)
    working.note(
        "An Aquila counts as 4 vexillations: the FLEETS rule says so 'for the purposes of sea transport'", FLEETS
    )
    load = vexillation_equivalents(case.forces, working)
    cost = sum(
        charter_leg(kind, areas, load, working)
        for kind, areas in (("coastal", case.coastal_sea_areas), ("open_sea", case.open_sea_areas))
        if areas
    )
    if is_winter(case.region, case.month, Where.SEA, working):
        cost = working.modifier(
            f"×{CHARTER_WINTER_MULTIPLIER} in winter, ships being laid up: {cost} → {cost * CHARTER_WINTER_MULTIPLIER}",
            cost * CHARTER_WINTER_MULTIPLIER,
            CHARTERS,
        )
    working.step(f"Charter cost {cost} talents", CHARTERS, cost)
    working.note("Civilian charters load and unload only at a port or coastal town", CHARTERS)
    return Result.of("ad69.civilian_charter", {"cost": cost, "vexillation_equivalents": load}, working, dice)
