"""4.61-4.62 and 4.67: whether a Roman leader leaving his Theater/province needs the Senate, or leaves in Hot
Pursuit and so faces Censure; and 4.24, the Proconsul's Treachery. The Treachery operation itself is AW 9.62's,
which the text does not print."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, Named
from .roman_politics import Office

LEAVING_RULE = "4.61 Leaving a Theater/Province"
PURSUIT_RULE = '4.62 The "Hot Pursuit Exception"'
CENSURE_RULE = "4.67 Censure"
TREACHERY_RULE = "4.24 Treachery"
CENSURABLE = (Office.CONSUL, Office.PROCONSUL, Office.PRAETOR)  # 4.67 "A Consul/Proconsul/Praetor"


class Leaving(Named):
    FORCE_MOVEMENT = "force_movement"
    INTERCEPTION = "interception"
    COORDINATION = "coordination"
    LEADER_MOVEMENT = "leader_movement"


@dataclass(frozen=True)
class LeavingInput:
    office: Office = spec("The office of the leader conducting operations")
    how: Leaving = spec("How his force leaves the Theater/province (a Praetor: his Legion's province)")
    stops_at_enemy: bool = spec(
        "Force Movement: it Stops in a hex with, or adjacent to, an enemy force not inside a city", default=False
    )
    successful: bool = spec("Interception/Coordination: it succeeded", default=False)
    imperium: bool = spec("He holds an Imperium", default=True)
    in_dictators_force: bool = spec("He is part of a Dictator's/Magister Equitum's force", default=False)
    augury_event: bool = spec("He leaves to fulfil the text of an Augury event", default=False)
    permission_to_leave: bool = spec(
        "He (or the leader whose force he is in) has Permission to Leave this Game Turn", default=False
    )


def free_to_leave(case: LeavingInput) -> str | None:
    """The 4.61 exceptions that need no Senate and carry no Censure, or None."""
    for reason, applies in (
        (
            "a Dictator/Magister Equitum never needs permission",
            case.office in (Office.DICTATOR, Office.MAGISTER_EQUITUM),
        ),
        ("a leader in a Dictator's/ME's force never needs permission", case.in_dictators_force),
        ("a leader without an Imperium needs none", not case.imperium),
        ("Leader Movement needs none", case.how is Leaving.LEADER_MOVEMENT),
        ("to fulfil the text of an Augury event", case.augury_event),
        ("Permission to Leave already granted lasts the Game Turn", case.permission_to_leave),
    ):
        if applies:
            return reason
    return None


def in_hot_pursuit(case: LeavingInput) -> bool:
    if case.how is Leaving.FORCE_MOVEMENT:
        return case.stops_at_enemy
    return case.successful


@procedure(
    RULESET,
    "leaving_theater",
    title="Leaving a Theater/province: Senate, or Hot Pursuit?",
    source=PURSUIT_RULE,
    takes=LeavingInput,
)
def leaving_theater(case: LeavingInput, dice: Dice) -> Result:
    """4.61-4.62, 4.67: no permission for a Dictator/ME or his force, an Augury event, a leader without Imperium or
    Leader Movement; Hot Pursuit (a Force Movement that Stops with or next to an enemy force outside a city, or a
    successful Interception/Coordination) needs none but brings a Consul/Proconsul/Praetor to Censure at the end
    of his Operations Phase; otherwise he must have Senate Permission."""
    working = Working()
    reason = free_to_leave(case)
    pursuit = reason is None and in_hot_pursuit(case)
    needed = reason is None and not pursuit
    censure = pursuit and case.office in CENSURABLE
    if reason:
        working.step(f"No permission needed: {reason}", LEAVING_RULE, False)
    elif pursuit:
        working.step("Hot Pursuit: no permission needed", PURSUIT_RULE, False)
        working.step(
            f"{case.office.title}: "
            + (
                "Censure roll at the end of his Operations Phase (thunderbolt.censure)"
                if censure
                else "not subject to Censure"
            ),
            CENSURE_RULE,
            censure,
        )
    else:
        working.step("Senate Permission needed before he leaves (thunderbolt.senate_permission)", LEAVING_RULE, True)
    outcome = {"permission_needed": needed, "hot_pursuit": pursuit, "censure": censure}
    return Result.of(f"{RULESET}.leaving_theater", outcome, working, dice)


@dataclass(frozen=True)
class TreacheryInput:
    office: Office = spec("The Roman leader's office")
    guile_points: int = spec("Guile Points he has available", min=0, max=9, default=0)


@procedure(
    RULESET, "proconsul_treachery", title="May a Proconsul use Treachery?", source=TREACHERY_RULE, takes=TreacheryInput
)
def proconsul_treachery(case: TreacheryInput, dice: Dice) -> Result:
    """4.24: as an exception to AW 9.62, a Proconsul may use Treachery if he has a Guile Point to spend. Who else
    may, and the Treachery itself, are AW 9.62's rules, not printed here."""
    working = Working()
    if case.office is not Office.PROCONSUL:
        working.step(f"A {case.office.title}: AW 9.62 decides (not in the Thunderbolt rulebook)", TREACHERY_RULE)
        return Result.of(f"{RULESET}.proconsul_treachery", {"may": None}, working, dice)
    may = case.guile_points >= 1
    working.step(
        f"Proconsul with {case.guile_points} Guile Point(s): "
        + ("may use Treachery, with a Guile Point to spend" if may else "no Guile Point to spend: may not"),
        TREACHERY_RULE,
        may,
    )
    return Result.of(f"{RULESET}.proconsul_treachery", {"may": may}, working, dice)
