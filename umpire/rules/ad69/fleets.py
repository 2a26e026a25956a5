"""A fleet's repairs, stripping its marines and its bridge of boats (VIII. NAVAL FLEET MAINTENANCE AND
REPAIR; IX. WARFARE, FLEETS). New fleets are not created in the time frame of the game."""

import enum
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working

REPAIRS = "VIII. EXPENDITURE, NAVAL FLEET MAINTENANCE AND REPAIR"
FLEETS = "IX. WARFARE, FLEETS"


class Repair(enum.Enum):
    SERIOUS_STORM_DAMAGE = "serious_storm_damage"
    LIGHT_STORM_DAMAGE = "light_storm_damage"
    REPLACEMENT_MARINES = "replacement_marines"


FLEET_REPAIRS = KeyedTable(
    name="Fleet repairs",
    source=REPAIRS,
    rows={
        "serious_storm_damage": {"cost": 40, "months": 2},
        "light_storm_damage": {"cost": 20, "months": 1},
        "replacement_marines": {"cost": 36, "months": 2},
    },
)
MARINE_VEXILLATIONS = 6  # IX. FLEETS: stripping a fleet "will create 6 Auxiliary vexillations"
BRIDGE_OF_BOATS_MONTHS = 1  # IX. FLEETS: "This takes one month"


# ---- ad69.fleet_repair ---------------------------------------------------------------------


@dataclass(frozen=True)
class RepairInput:
    fleet: str = spec("The fleet, as Classis Ravennas")
    repair: Repair = spec("What it needs")


@procedure("ad69", "fleet_repair", title="Repair a fleet", source=REPAIRS, takes=RepairInput)
def fleet_repair(case: RepairInput, dice: Dice) -> Result:
    """VIII. NAVAL FLEET MAINTENANCE AND REPAIR: the cost and time of a repair or new marines."""
    working = Working()
    cost = FLEET_REPAIRS.lookup(case.repair.value, working, column="cost")
    months = FLEET_REPAIRS.lookup(case.repair.value, working, column="months")
    working.step(
        f"{case.fleet}: {case.repair.value.replace('_', ' ')}, {cost} talents, {months} "
        f"month{'s' if months > 1 else ''}",
        REPAIRS,
        cost,
    )
    if case.repair is Repair.REPLACEMENT_MARINES:
        working.note("With its marines back the fleet can resume its anti-pirate operations", FLEETS)
    return Result.of("ad69.fleet_repair", {"cost": cost, "months": months}, working, dice)


# ---- ad69.strip_marines --------------------------------------------------------------------


@dataclass(frozen=True)
class StripInput:
    fleet: str = spec("The fleet stripped of its marines")
    marines_aboard: bool = spec("It still has its marines", default=True)


@procedure("ad69", "strip_marines", title="Strip a fleet of its marines", source=FLEETS, takes=StripInput)
def strip_marines(case: StripInput, dice: Dice) -> Result:
    """IX. FLEETS: stripping a fleet's marines makes 6 auxiliary vexillations and ends its anti-pirate work."""
    working = Working()
    if not case.marines_aboard:
        raise RulesError(
            "marines_aboard", f"{case.fleet} has no marines to strip: recruit replacements first ({REPAIRS})"
        )
    working.step(
        f"{case.fleet}'s marines form {MARINE_VEXILLATIONS} auxiliary vexillations", FLEETS, MARINE_VEXILLATIONS
    )
    working.note(
        "The handbook calls them Marine Legionary vexillations but makes them auxiliaries: they fight "
        "and count against a legion's limits as auxiliaries",
        FLEETS,
    )
    working.note(f"{case.fleet} ceases its anti-pirate operations until replacement marines are recruited", FLEETS)
    outcome = {
        "troops": {"type": "auxiliary", "count": MARINE_VEXILLATIONS, "veteran": False},
        "anti_pirate_operations": False,
    }
    return Result.of("ad69.strip_marines", outcome, working, dice)


# ---- ad69.bridge_of_boats ------------------------------------------------------------------


@dataclass(frozen=True)
class BridgeInput:
    fleet: str = spec("The fleet making the bridge")
    waterway: str = spec("The narrow waterway, as the Hellespont or the Straits of Messina")


@procedure("ad69", "bridge_of_boats", title="Bridge of boats", source=FLEETS, takes=BridgeInput)
def bridge_of_boats(case: BridgeInput, dice: Dice) -> Result:
    """IX. FLEETS: a fleet bridges a narrow waterway with its ships in one month."""
    working = Working()
    working.step(
        f"{case.fleet} bridges {case.waterway} in {BRIDGE_OF_BOATS_MONTHS} month", FLEETS, BRIDGE_OF_BOATS_MONTHS
    )
    working.note("Building it hampers the fleet's other actions that month", FLEETS)
    return Result.of("ad69.bridge_of_boats", {"months": BRIDGE_OF_BOATS_MONTHS}, working, dice)
