"""Fleets besides combat: 12.3 Naval Transport and 12.33 Amphibious Invasion, 12.1 building war fleets, and 12.7
disbanding them into legions."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import DIE, RULESET

TRANSPORT = "12.31 Sea Transport"
EMBARK = "12.312 Sea Transport"
DISEMBARK = "12.313 Sea Transport"
LAND_AFTER = "12.316 Sea Transport"
AMPHIBIOUS = "12.33 Amphibious Invasion"
BUILDING = "12.1 Building War Fleets"
OCCUPIED = "12.15 Building War Fleets"
DISBANDING = "12.7 Disbanding Fleets"
FREE_MOVE_LIMIT = 20  # 12.316 (L490): "20 or fewer movement points"
BUILD_TURNS = 3  # 12.11 (L456): "Fleets require three game-turns to build"
CAPTURED_ON = 4  # 12.15 (L464): "on a die-roll of 4 or greater"
DISBANDED_LEGION = "8-10"  # 12.7 (L580): "An 18-30 war fleet becomes an 8-10 "green" Legion"


class Embark(Choice):
    NONE = "none"
    PORT = "port"  # 4 points
    COASTAL_HEX = "coastal_hex"  # 12 points


class Disembark(Choice):
    NONE = "none"
    FRIENDLY_PORT = "friendly_port"  # 4
    FRIENDLY_PROVINCE = "friendly_province"  # 12, a non-port hex
    AMPHIBIOUS = "amphibious"  # 12, an enemy or neutral coastal hex


EMBARK_MP = {Embark.NONE: 0, Embark.PORT: 4, Embark.COASTAL_HEX: 12}
DISEMBARK_MP = {
    Disembark.NONE: 0,
    Disembark.FRIENDLY_PORT: 4,
    Disembark.FRIENDLY_PROVINCE: 12,
    Disembark.AMPHIBIOUS: 12,
}


@dataclass(frozen=True)
class TransportInput:
    fleets: int = spec("War fleets carrying, as 18-30s (a 36-30 is two)", min=1, max=100)
    legions: int = spec("Legion-sized units carried", min=0, max=200, default=0)
    detachments: int = spec("Detachment-sized units carried", min=0, max=400, default=0)
    cavalry: int = spec("Of those, cavalry units", min=0, max=400, default=0)
    embark: Embark = spec("Where the land units embark", default=Embark.NONE)
    disembark: Disembark = spec("Where they disembark", default=Disembark.NONE)
    sea_movement: int = spec(
        "Naval movement points spent moving, besides embarking and disembarking", min=0, max=60, default=0
    )
    leader: int = spec("The best leader with the fleets (an invasion needs +2 or +3)", min=0, max=3, default=0)
    needs_no_leader: bool = spec("Goths and Herules, Saxon and Frisian pirates (12.333)", default=False)


def check_load(case: TransportInput) -> None:
    if 2 * case.legions + case.detachments > 2 * case.fleets:
        raise RulesError(
            "legions",
            f"{case.fleets} fleet(s) carry {case.fleets} legion-sized units or twice as many "
            "detachments (12.31, 12.315)",
        )
    if case.cavalry > case.legions + case.detachments:
        raise RulesError("cavalry", "more cavalry than units carried")


def check_invasion(case: TransportInput, working: Working) -> None:
    if case.leader < 2 and not case.needs_no_leader:
        raise RulesError("leader", "only fleets stacked with a +2 or +3 leader may invade amphibiously (12.332)")
    if case.cavalry:
        working.step(f"{case.cavalry} cavalry unit(s) must remain on board", "12.332 Amphibious Invasion")
    working.step(
        "The invaders may not move by land this game-turn; into enemy units, a fortification or an enemy "
        "city or port they must attack this turn, at half strength",
        "12.334-12.335 Amphibious Invasion",
    )


@procedure(
    RULESET, "naval_transport", title="Sea transport and amphibious invasion", source=TRANSPORT, takes=TransportInput
)
def naval_transport(case: TransportInput, dice: Dice) -> Result:
    """12.31-12.335: what the fleets carry, the points embarking and disembarking cost, and whether the land units
    may still move by land."""
    working = Working()
    check_load(case)
    spent = case.sea_movement
    if case.embark is not Embark.NONE:
        spent += working.modifier(f"Embarking in a {case.embark.label}", EMBARK_MP[case.embark], EMBARK)
    if case.disembark is not Disembark.NONE:
        rule = AMPHIBIOUS if case.disembark is Disembark.AMPHIBIOUS else DISEMBARK
        spent += working.modifier(f"Disembarking: {case.disembark.label}", DISEMBARK_MP[case.disembark], rule)
    if case.disembark is Disembark.AMPHIBIOUS:
        check_invasion(case, working)
        may_move = False
    else:
        may_move = spent <= FREE_MOVE_LIMIT
        working.step(
            f"The fleets spent {spent} points: the land units "
            + ("may" if may_move else "may not")
            + ' move in the Land Movement Segment; they are activated and get a "moved" marker',
            LAND_AFTER,
            may_move,
        )
    return Result.of(
        f"{RULESET}.naval_transport", {"movement_points": spent, "land_units_may_move": may_move}, working, dice
    )


@dataclass(frozen=True)
class ConstructionInput:
    turns_built: int = spec("Game-turns of construction so far", min=0, max=100)
    paid: bool = spec("The Treasure Points are paid in full", default=False)
    occupied: bool = spec("Land combat units of an opposing faction occupy the port (12.15)", default=False)


@procedure(
    RULESET,
    "fleet_construction",
    title="Building a war fleet",
    source=BUILDING,
    takes=ConstructionInput,
    dice="1d6 if an enemy occupies the port",
)
def fleet_construction(case: ConstructionInput, dice: Dice) -> Result:
    """12.11-12.15: three game-turns and full payment, then the fleet is available next turn; an occupier completes
    it for himself on a 4 or more, else it is lost."""
    working = Working()
    if case.occupied:
        roll = working.roll(dice, DIE, "the occupied port's fleet")
        captured = roll >= CAPTURED_ON
        working.step(
            f"{roll}: "
            + (
                "the occupier completes the fleet for his own use"
                if captured
                else "the fleet is lost and removed from the mobilization pool"
            ),
            OCCUPIED,
            captured,
        )
        return Result.of(f"{RULESET}.fleet_construction", {"available": False, "captured": captured}, working, dice)
    ready = case.turns_built >= BUILD_TURNS and case.paid
    working.step(
        f"{case.turns_built} of {BUILD_TURNS} game-turns built, "
        + ("paid" if case.paid else "not paid")
        + (": available at the beginning of the next game-turn" if ready else ": still building"),
        "12.13 Building War Fleets",
        ready,
    )
    return Result.of(f"{RULESET}.fleet_construction", {"available": ready, "captured": False}, working, dice)


@dataclass(frozen=True)
class DisbandInput:
    fleets: int = spec("18-30 war fleets disbanded (a 36-30 is two)", min=1, max=50)
    in_land_movement: bool = spec("It is the Land Movement Segment (else: the fleet cannot retreat)", default=True)


@procedure(RULESET, "disband_fleet", title="Disbanding fleets", source=DISBANDING, takes=DisbandInput)
def disband_fleet(case: DisbandInput, dice: Dice) -> Result:
    """12.7: each 18-30 war fleet becomes an 8-10 green legion, treated as newly raised, never a fleet again."""
    working = Working()
    working.step(
        ("In the Land Movement Segment" if case.in_land_movement else "Unable to retreat (AMB-38)")
        + f": {case.fleets} fleet(s) become {case.fleets} green {DISBANDED_LEGION} legion(s)",
        DISBANDING,
        case.fleets,
    )
    return Result.of(f"{RULESET}.disband_fleet", {"legions": case.fleets, "legion": DISBANDED_LEGION}, working, dice)
