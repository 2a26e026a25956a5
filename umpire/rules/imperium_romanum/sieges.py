"""16.0-16.4 Sieges: the defender's offer to stand a siege and the attacker's answer (15.22, 16.2), and what
relieves a siege (16.21, 16.4). Attrition and fortifications are in siege.py."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

STAND_SIEGE = "15.22 Stand Siege"
ATTACKER_OPTIONS = "16.2 Attacker's Options"
RELIEF = "16.4 Relieving Sieges"
BREAK_OFF = "16.21 Attacker's Options"
FORT_AS_CITY = 5  # 17.32 (L811): "When a fortification reaches "+5", it acts like a city"


class Refuge(Choice):
    """Where the defender would stand a siege."""

    CITY = "city"  # a city, or a port, or both as one (15.61)
    NON_CITY_PORT = "non_city_port"
    FORTIFICATION = "fortification"


@dataclass(frozen=True)
class StandSiegeInput:
    refuge: Refuge = spec("What the defender withdraws into")
    plundered: bool = spec("The city or port is plundered (15.22: only a non-plundered one)", default=False)
    fortification: int = spec(
        "The fortification's level, when that is the refuge (17.32: +5 acts like a city)", min=0, max=5, default=0
    )
    attacker_accepts: bool = spec("The attacker accepts the offer and stacks units on top (16.2)", default=True)
    units_outside: bool = spec("Some defending units stay outside to retreat or fight (15.222)", default=False)


def check_refuge(case: StandSiegeInput) -> None:
    if case.refuge is Refuge.NON_CITY_PORT:
        raise RulesError("refuge", "non-city ports cannot be besieged; they are captured when they lose (15.62)")
    if case.refuge is Refuge.FORTIFICATION and case.fortification < FORT_AS_CITY:
        raise RulesError(
            "fortification", f"a fortification acts like a city only at +5, not +{case.fortification} (17.32)"
        )
    if case.plundered:
        raise RulesError("plundered", "the defender may stand a siege only in a non-plundered city or port (15.22)")


@procedure(RULESET, "stand_siege", title="Standing a siege", source=STAND_SIEGE, takes=StandSiegeInput)
def stand_siege(case: StandSiegeInput, dice: Dice) -> Result:
    """15.22, 16.2: the defender offers to stand a siege in a non-plundered city; if the attacker accepts, a Siege
    marker goes on the besieged; if not, there is no combat unless defenders stayed outside."""
    working = Working()
    check_refuge(case)
    if case.attacker_accepts:
        working.step(
            "The attacker accepts: his besiegers go on top of the besieged, with the Siege marker",
            ATTACKER_OPTIONS,
            True,
        )
        working.note(
            "The besieged may not retreat before combat (15.213); an assault may come in any later Combat "
            "Segment, the besieged doubled or tripled (15.221)",
            STAND_SIEGE,
        )
    else:
        working.step("The attacker declines the offer: no siege", ATTACKER_OPTIONS, False)
    working.step(
        "Combat with the defenders outside the city, who may also retreat before combat (15.222)"
        if case.units_outside
        else "No combat results now",
        ATTACKER_OPTIONS,
        case.units_outside,
    )
    return Result.of(
        f"{RULESET}.stand_siege", {"besieged": case.attacker_accepts, "combat": case.units_outside}, working, dice
    )


@dataclass(frozen=True)
class ReliefInput:
    lifted: bool = spec(
        "The besieger declares he lifts the siege, or moves all his units out of the hex (16.21)", default=False
    )
    besiegers_eliminated: bool = spec("The besieging units were eliminated", default=False)
    besiegers_retreated: bool = spec("The besieging units were forced to retreat", default=False)
    sortie_no_effect: bool = spec(
        "The besieged (and friends from outside) attacked and the result was no effect", default=False
    )


@procedure(RULESET, "siege_relief", title="Relieving a siege", source=RELIEF, takes=ReliefInput)
def siege_relief(case: ReliefInput, dice: Dice) -> Result:
    """16.4: a siege ends when the besieger lifts it or his units are eliminated or forced to retreat; a "no
    effect" sortie leaves it on."""
    working = Working()
    reasons = [
        why
        for why, holds in (
            ("the besieger lifts the siege or leaves the hex", case.lifted),
            ("the besiegers are eliminated", case.besiegers_eliminated),
            ("the besiegers are forced to retreat", case.besiegers_retreated),
        )
        if holds
    ]
    if case.sortie_no_effect and not reasons:
        working.step("A sortie with no effect: the besieged remain under siege", "16.41 Relieving Sieges", False)
    relieved = bool(reasons)
    working.step(f"The siege is relieved: {'; '.join(reasons)}" if relieved else "The siege goes on", RELIEF, relieved)
    if relieved:
        working.note("The city's defence lost to siege attrition comes back (16.61)", "16.61 Siege Attrition")
    return Result.of(f"{RULESET}.siege_relief", {"relieved": relieved}, working, dice)
