"""5.1.4 The Supreme Leader: the +8 of the princeps and of the Dacian king, passed to the heir by a Coronation
action, and the Taxation action that brings the supreme leader 1 Booty marker.

The text gives no cost, place or moment for the Coronation (extraction §4.1 item 9): its AP are the event's
Action Costs Table ("Coronation"), paid through spend_ap; the umpire rules on where and when.
"""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import OPTIONS_HELP, RULESET, Side

SUPREME = "5.1.4 The Supreme Leader"
RANK_BONUS = 8  # §5.1.4: "a Strategic Value bonus of +8 due to their rank"
TAXATION_BOOTY = 1  # §5.1.4: "without doing anything else gains 1 Booty marker"
COUNTERS = {Side.ROMAN: "Princeps", Side.BARBARIAN: "Roi Barbare"}


class PrintedValue(Choice):
    """A25: whether a supreme leader's printed Strategic Value already holds the +8."""

    AS_PRINTED = "as_printed"  # default: Trajan (16, +2) as emperor already holds it; +8 only when crowned
    ADD_BONUS = "add_bonus"  # the +8 is added to every supreme leader's printed value


@dataclass(frozen=True)
class CoronationOptions:
    printed_value: PrintedValue = spec(
        "A25, §5.1.4 against S1, S5 and Domitian's Reign: a scenario's printed Strategic Value of its princeps or "
        "king is used as printed, the +8 added only on a Coronation in play (default), or always gets the +8",
        default=PrintedValue.AS_PRINTED,
    )


@dataclass(frozen=True)
class CoronationInput:
    side: Side = spec("The side whose supreme leader it is: the princeps (Roman) or the Dacian king")
    leader: str = spec("The leader, as Trajan or Usimas")
    strategic: int = spec("His Strategic Value as printed on the counter or in the scenario", min=0, max=30)
    crowned_in_play: bool = spec(
        "He takes the counter by a Coronation action now (no: the scenario makes him supreme at the start)",
        default=True,
    )
    counter_free: bool = spec("The supreme leader is dead: his counter awaits an heir", default=True)
    options: CoronationOptions = spec(OPTIONS_HELP, default=CoronationOptions())


def check_coronation(case: CoronationInput) -> None:
    if case.crowned_in_play and not case.counter_free:
        raise RulesError(
            "counter_free", f"the {COUNTERS[case.side]} counter passes only when the supreme leader dies (§5.1.4)"
        )


def supreme_value(case: CoronationInput, working: Working) -> int:
    """A25: the +8 on the crowned heir; on a scenario's printed supreme leader, as the reading says."""
    if case.crowned_in_play:
        working.step(f"The {COUNTERS[case.side]} counter goes on {case.leader}: +{RANK_BONUS}", SUPREME)
        return case.strategic + RANK_BONUS
    if case.options.printed_value is PrintedValue.AS_PRINTED:
        working.note(f"Reading A25: the scenario's printed value holds the +{RANK_BONUS} already", SUPREME)
        return case.strategic
    working.note(f"Reading A25: the scenario's printed value gets the +{RANK_BONUS}", SUPREME)
    return case.strategic + RANK_BONUS


@procedure(RULESET, "coronation", title="Coronation and the supreme leader's +8", source=SUPREME, takes=CoronationInput)
def coronation(case: CoronationInput, dice: Dice) -> Result:
    """5.1.4: the heir takes the supreme leader's counter and its +8 Strategic Value by a Coronation action."""
    working = Working()
    check_coronation(case)
    value = supreme_value(case, working)
    working.step(f"{case.leader}: Strategic Value {value}", SUPREME, value)
    if case.crowned_in_play:
        working.note(
            "The text gives no cost, place or moment for the Coronation: its AP are on the event's Action "
            "Costs Table, the rest is the umpire's",
            SUPREME,
        )
    return Result.of(
        "optimus_princeps.coronation",
        {"leader": case.leader, "strategic": value, "counter": COUNTERS[case.side]},
        working,
        dice,
    )


# ---- optimus_princeps.taxation ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TaxationInput:
    supreme: bool = spec("The leader is the supreme leader (he carries the Princeps or Roi Barbare counter)")
    friendly_inhabited_region: bool = spec("He is in a friendly inhabited region", default=True)
    pillaged: bool = spec("The region is Pillaged", default=False)
    besieged: bool = spec("The region is besieged", default=False)
    leader_ap_unused: bool = spec("His Leader AP is unused this season", default=True)
    other_action: bool = spec("He does anything else with it (a move, a battle, a stratagem)", default=False)


TAXATION_NEEDS = (
    ("supreme", True, "only the supreme leader collects taxes"),
    ("friendly_inhabited_region", True, "he must be in a friendly inhabited region"),
    ("pillaged", False, "the region must not be Pillaged"),
    ("besieged", False, "the region must not be besieged"),
    ("leader_ap_unused", True, "Taxation uses his Leader AP (§4.1), once a season"),
    ("other_action", False, "he must do nothing else with his Leader AP"),
)


@procedure(RULESET, "taxation", title="Taxation", source=SUPREME, takes=TaxationInput)
def taxation(case: TaxationInput, dice: Dice) -> Result:
    """5.1.4: the supreme leader who uses his Leader AP in a friendly, non-pillaged, non-besieged inhabited region
    without doing anything else gains 1 Booty marker."""
    working = Working()
    for field, needed, why in TAXATION_NEEDS:
        if getattr(case, field) is not needed:
            raise RulesError(field, f"{why} (§5.1.4)")
    working.step(
        f"The supreme leader spends his Leader AP on Taxation: +{TAXATION_BOOTY} Booty marker", SUPREME, TAXATION_BOOTY
    )
    return Result.of(
        "optimus_princeps.taxation", {"booty": TAXATION_BOOTY, "ap_spent": 0, "leader_ap_used": True}, working, dice
    )
