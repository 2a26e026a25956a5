"""5.23-5.24 and 7.23-7.24: reinforcements waiting in a Theater Holding Box, carried by sea when the Legate or
Carthaginian Reinforcement LAM is drawn, on the AW Naval Transport Table (per-event data); and 5.14, which leader
new Legions go to."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, PercentageLossRow, cell, percentage_of, roll_d10, total

VOYAGE_RULE = "5.24 Legate LAM; 7.24 Reinforcement LAM"
ASSIGNMENT_RULE = "5.14 Leader Assignments"
TRANSPORT_TABLE = "Naval Transport Table"
TRANSPORT_SOURCE = "AW Player Aid Card #2, not in the Thunderbolt rulebook"


@dataclass(frozen=True)
class TransportRow:
    row: str = spec("The adjusted DR, as '3'")
    loss_percent: int | None = spec("The SP loss the table gives, in percent", min=0, max=100, default=None)


@dataclass(frozen=True)
class Contingent:
    name: str = spec("The contingent, as 'Numidian cavalry'")
    sp: int = spec("Its SP aboard", min=0, max=999)


@dataclass(frozen=True)
class VoyageInput:
    contingents: tuple[Contingent, ...] = spec("The reinforcement SP in the Theater Holding Box", min_items=1)
    ns_level_drm: int = spec(
        "The player's NS level in the least friendly sea zone on the path (AW 7.0)", min=-9, max=9, default=0
    )
    distance_drm: int = spec(
        "The Naval Transport Table's distance DRM for the path (AW PAC #2)", min=-9, max=9, default=0
    )
    embark_limit: int | None = spec("The origin port's Embark limit (none: not a factor)", min=0, max=999, default=None)
    disembark_limit: int | None = spec(
        "The arrival port's Disembark limit (none: not a factor)", min=0, max=999, default=None
    )
    table: tuple[TransportRow, ...] = spec("The Naval Transport Table's rows, from the data tables", default=())
    percentage_loss: tuple[PercentageLossRow, ...] = spec("The Percentage Loss Chart's cells (AW)", default=())


def landed(case: VoyageInput, percent: int, working: Working) -> dict[str, int]:
    after: dict[str, int] = {}
    for contingent in case.contingents:
        lost = percentage_of(
            case.percentage_loss, percent, contingent.sp, field="percentage_loss", working=working, rule=VOYAGE_RULE
        )
        after[contingent.name] = contingent.sp - lost
    return after


@procedure(
    RULESET,
    "reinforcement_voyage",
    title="Reinforcements by sea (Legate / Reinforcement LAM)",
    source=VOYAGE_RULE,
    takes=VoyageInput,
    dice=D10,
)
def reinforcement_voyage(case: VoyageInput, dice: Dice) -> Result:
    """5.24, 7.24: no more SP leave than the port's Embark limit; roll on the Naval Transport Table (AW PAC #2,
    per-event data) with the sea zone's NS level and the distance; apply only its SP loss (Scattered and NS results
    ignored); SP beyond the Disembark limit are lost; the rest join the Legions/Armies in the Theater."""
    working = Working()
    aboard = sum(contingent.sp for contingent in case.contingents)
    if case.embark_limit is not None and aboard > case.embark_limit:
        raise RulesError("contingents", f"{aboard} SP cannot leave a port whose Embark limit is {case.embark_limit}")
    roll = roll_d10(working, dice, "Naval Transport Table")
    adjusted = total(
        working,
        roll,
        [
            m
            for m in (
                ("Least friendly sea zone's NS level", case.ns_level_drm, "AW 7.0"),
                ("Distance", case.distance_drm, TRANSPORT_SOURCE),
            )
            if m[1]
        ],
    )
    percent: int = cell(
        case.table, str(adjusted), "loss_percent", table=TRANSPORT_TABLE, source=TRANSPORT_SOURCE, field="table"
    )
    after = landed(case, percent, working)
    arrived = sum(after.values())
    excess = max(0, arrived - case.disembark_limit) if case.disembark_limit is not None else 0
    beyond = f", {excess} beyond the Disembark limit lost" if excess else ""
    working.step(f"{percent}% loss: {arrived} SP arrive{beyond}", VOYAGE_RULE, arrived - excess)
    outcome = {
        "adjusted": adjusted,
        "loss_percent": percent,
        "landed": after,
        "sp_arrived": arrived - excess,
        "eliminated_at_disembark": excess,
    }
    return Result.of(f"{RULESET}.reinforcement_voyage", outcome, working, dice)


@dataclass(frozen=True)
class AssignmentInput:
    new_legions: int = spec("Legions just raised", min=1, max=20)
    single_legion_cas: int = spec("CAs with a single Legion", min=0, max=20, default=0)
    consuls_without_imperium: int = spec("Consuls without an Imperium", min=0, max=2, default=0)


@procedure(
    RULESET,
    "new_legion_assignment",
    title="Newly raised Legions: which leaders they go to",
    source=ASSIGNMENT_RULE,
    takes=AssignmentInput,
)
def new_legion_assignment(case: AssignmentInput, dice: Dice) -> Result:
    """5.14: first to CAs short a Legion; then into CAs for Consuls without Imperium (a lone Legion if one is odd);
    then, with both Consuls commanding and four or more left, at least two combined into a CA; the rest to
    Proconsuls, Praetors or training in Rome."""
    working = Working()
    left = case.new_legions
    topped = min(left, case.single_legion_cas)
    left -= topped
    working.step(f"{topped} Legion(s) complete single-Legion CAs", ASSIGNMENT_RULE, topped)
    consuls: list[int] = []
    for _ in range(case.consuls_without_imperium):
        take = min(2, left)
        if take:
            consuls.append(take)
            left -= take
    working.step(f"Consuls given CAs of {consuls or 'no'} Legion(s)", ASSIGNMENT_RULE, consuls)
    must_combine = left >= 4 and len(consuls) == case.consuls_without_imperium
    if must_combine:
        working.step("Four or more left with both Consuls commanding: at least two form a CA", ASSIGNMENT_RULE)
    working.step(
        f"{left} Legion(s) left for Proconsuls, Praetors (six at most) or training in Rome (one or two)",
        ASSIGNMENT_RULE,
        left,
    )
    outcome = {"completing_cas": topped, "consul_cas": consuls, "left": left, "must_form_a_ca": must_combine}
    return Result.of(f"{RULESET}.new_legion_assignment", outcome, working, dice)
