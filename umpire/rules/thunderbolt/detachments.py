"""6.2 and 6.5: where a Carthaginian Army may operate under the Political Climate (6.22-6.25), and its
detachments (6.52-6.53), where a Subordinate may operate (6.56, 6.58)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .carthage import Climate
from .common import RULESET, Named

THEATER_RULE = "6.22 Cautious Climate"
DETACHMENT_RULE = "6.52 Detachments"
ARMIES_A_THEATER = 3  # 6.24 "never more than 3 armies in any one Theater other than Africa"


class Assigned(Named):
    NONE = "none"
    AFRICA = "africa"
    HISPANIA = "hispania"


@dataclass(frozen=True)
class TheaterInput:
    climate: Climate = spec("The Political Climate")
    now_in: str = spec("The Theater the Army is in")
    start_of_turn_in: str = spec("The Theater it was in at the start of the Game Turn")
    wants: str = spec("The Theater it would operate in")
    assigned: Assigned = spec("The Theater the Army was assigned in B/2/e", default=Assigned.NONE)
    hannibals_army: bool = spec("It is Hannibal's Army", default=False)
    armies_there: int = spec("Carthaginian Armies already in that Theater", min=0, max=10, default=0)
    africa_threatened: bool = spec(
        "An enemy land force is in Africa, holds a city there, or an allied province there is in revolt", default=False
    )


def restricted(case: TheaterInput) -> str | None:
    """6.22-6.23: the Armies assigned to Africa and Hispania, and (Cautious) those unassigned."""
    if case.assigned is not Assigned.NONE:
        home = case.assigned.title
        if case.wants == home:
            return (
                f"operates in {home}; may not leave it"
                if case.now_in == home
                else f"Force Movement only, each Stop closer, until in {home}"
            )
        if case.assigned is Assigned.HISPANIA and case.wants == "Africa" and case.africa_threatened:
            return "may go to Africa (the Africa exception), Force Movement only, each Stop closer"
        return None
    if case.climate is Climate.CAUTIOUS:
        if case.wants == case.start_of_turn_in:
            return f"operates in {case.start_of_turn_in}, where it began the turn"
        if case.wants in ("Africa", "Hispania"):
            return f"may go to {case.wants}, Force Movement only, then may not leave"
        return None
    return "any playable Theater"


@procedure(
    RULESET,
    "carthaginian_theater",
    title="Where a Carthaginian Army may operate",
    source=THEATER_RULE,
    takes=TheaterInput,
)
def carthaginian_theater(case: TheaterInput, dice: Dice) -> Result:
    """6.21-6.25: the Armies assigned to Africa and Hispania go there and stay (Hispania's may go to a threatened
    Africa); under Cautious an unassigned Army stays where it began or goes to Africa or Hispania; Interested's
    third Army, Alert and Aggressive go anywhere; never more than 3 Armies in a Theater but Africa. Hannibal's Army
    goes anywhere, within the 3-Army limit."""
    working = Working()
    if case.wants != "Africa" and case.armies_there >= ARMIES_A_THEATER:
        raise RulesError("armies_there", f"never more than 3 Armies in {case.wants} (6.24; 6.21 for Hannibal's)")
    may = "any playable Theater" if case.hannibals_army else restricted(case)
    working.step(f"{case.wants}: {may or 'not allowed'}", THEATER_RULE, may is not None)
    return Result.of(f"{RULESET}.carthaginian_theater", {"allowed": may is not None, "how": may}, working, dice)


@dataclass(frozen=True)
class DetachmentInput:
    army_sp: int = spec("The Army's current SP", min=1, max=999)
    detachment_sp: int = spec("SP to be detached", min=1, max=999)
    hannibals_army: bool = spec("It is Hannibal's Army", default=False)
    detachments_in_play: int = spec("The Army's detachments already in play", min=0, max=2, default=0)
    useless: bool = spec("The Army is Useless", default=False)
    aer: int = spec("The Army's AER", min=-3, max=3, default=0)


@procedure(RULESET, "detachment", title="Create a detachment", source=DETACHMENT_RULE, takes=DetachmentInput)
def detachment(case: DetachmentInput, dice: Dice) -> Result:
    """6.52-6.55: one detachment an Army (Hannibal's two), up to half its SP, never from a Useless Army; it takes
    the Army's ABS; the Army's AER counts one less for each detachment in play (never below -3), the detachment's
    likewise."""
    working = Working()
    limit = 2 if case.hannibals_army else 1
    if case.detachments_in_play >= limit:
        raise RulesError("detachments_in_play", f"this Army may have only {limit} detachment(s) (6.52)")
    if case.useless:
        raise RulesError("useless", "a Useless Army cannot form a detachment (6.53)")
    if 2 * case.detachment_sp > case.army_sp:
        raise RulesError("detachment_sp", f"at most half the Army's {case.army_sp} SP (6.53)")
    aer = max(-3, case.aer - case.detachments_in_play - 1)
    working.step(
        f"Detachment of {case.detachment_sp} SP; the Army's and its detachments' AER now {aer:+d}", "6.55", aer
    )
    working.note("It operates in the Army's province and those adjacent (6.56)", "6.56")
    return Result.of(f"{RULESET}.detachment", {"aer": aer}, working, dice)


# ---- thunderbolt.subordinate_operation ----------------------------------------------------------------------------

SUBORDINATE_RULE = "6.56 The detachment's area"
FREE_SUBORDINATE_RULE = "6.58 Subordinates without a detachment"


class Operation(Named):
    FORCE_MOVEMENT = "force_movement"
    OTHER = "other"


@dataclass(frozen=True)
class SubordinateInput:
    commands_detachment: bool = spec("The Subordinate leads a detachment", default=True)
    starts_in_area: bool = spec("He begins the operation in his Army's province or one adjacent to it", default=True)
    leaves_province: bool = spec("The operation takes him out of the province he is in", default=False)
    ends_in_area: bool = spec("The operation ends in the Army's province or one adjacent to it", default=True)
    operation: Operation = spec("The operation", default=Operation.OTHER)
    stops_closer: bool = spec(
        "Leaving from outside the area: each Stop is closer to his Army than where the operation began", default=False
    )


def detachment_may(case: SubordinateInput) -> tuple[bool, str]:
    """(allowed, why) under 6.56."""
    if case.starts_in_area:
        return case.ends_in_area, (
            "within the Army's province and those adjacent"
            if case.ends_in_area
            else "not beyond the Army's province and those adjacent"
        )
    if not case.leaves_province:
        return True, "outside the area, he may still operate in the province he is in"
    if case.operation is not Operation.FORCE_MOVEMENT:
        return False, "to leave that province he is limited to Force Movement"
    return case.stops_closer, (
        "Force Movement with each Stop closer to his Army"
        if case.stops_closer
        else "every Stop must be closer to his Army than where the operation began"
    )


@procedure(
    RULESET,
    "subordinate_operation",
    title="May the Subordinate operate there?",
    source=SUBORDINATE_RULE,
    takes=SubordinateInput,
)
def subordinate_operation(case: SubordinateInput, dice: Dice) -> Result:
    """6.56, 6.58: a Subordinate with a detachment operates in his Army's province and those adjacent; begun
    outside (the Army moved away), he may operate in his province, and leaves it only by Force Movement with every
    Stop closer to his Army, until he stops in the area. Without a detachment he goes anywhere, and may take SP
    that belong to no Army or detachment into his force."""
    working = Working()
    if not case.commands_detachment:
        allowed, why = True, "no detachment: anywhere, with SP of no Army or detachment in his force"
        rule = FREE_SUBORDINATE_RULE
    else:
        (allowed, why), rule = detachment_may(case), SUBORDINATE_RULE
    working.step(f"{'Allowed' if allowed else 'Not allowed'}: {why}", rule, allowed)
    return Result.of(f"{RULESET}.subordinate_operation", {"allowed": allowed}, working, dice)
