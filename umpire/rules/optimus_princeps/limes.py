"""9.10.3 Limes: building a wooden limes (a Dacian fort) and, in a later season, turning it to stone (a Dacian
fortress), the one limes a region may have, within the limits the scenario gives.

The text prices the building (1 AP, 1 SP, 1 Booty marker and a leader) but not the turning to stone: its AP are
the event's Action Costs Table ("Turn a wooden limes to stone"); whether it also costs an SP and a Booty marker
the text does not say, and the working says so.
"""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .actions import ActionCost, cost_of
from .common import RULESET, Side

LIMES = "9.10.3 Limes"
BUILD = {"ap": 1, "sp": 1, "booty": 1}  # L472: "Building a limes costs 1 AP, 1 SP, 1 Booty marker"
TO_STONE = "Turn a wooden limes to stone"
# L466 and L471: the counters; L468: "this +1 or +2 bonus", the wooden side +1, the stone side +2.
COUNTERS = {Side.ROMAN: ("Limes de bois", "Limes de pierre"), Side.BARBARIAN: ("Fortin dace", "Forteresse dace")}
BONUS = {"wooden": 1, "stone": 2}


class Limes(Choice):
    NONE = "none"
    WOODEN = "wooden"
    STONE = "stone"


@dataclass(frozen=True)
class LimesInput:
    side: Side = spec("The side building")
    region: str = spec("The region")
    ap_left: int = spec("AP on the side's D10", min=0, max=9)
    limes: Limes = spec("The limes in the region now", default=Limes.NONE)
    built_this_season: bool = spec("Its wooden limes was built this season", default=False)
    allowed: bool = spec(
        'The scenario allows a limes in this region (§9.10.3: "Each scenario will tell you")', default=True
    )
    leader: bool = spec("A leader is there", default=True)
    booty: int = spec("Booty markers the leader holds", min=0, max=60, default=0)
    sp: int = spec("SP there", min=0, max=200, default=0)
    to_stone: ActionCost = spec(
        "What turning it to stone costs (empty: the event's Action Costs Table)", default=ActionCost(TO_STONE)
    )


def check_limes(case: LimesInput) -> None:
    if not case.allowed:
        raise RulesError("allowed", f"the scenario allows no limes in {case.region} (§9.10.3)")
    if not case.leader:
        raise RulesError("leader", "building a limes requires a leader (§9.10.3)")
    if case.limes is Limes.STONE:
        raise RulesError("limes", "there can only be one limes per region, and this one is stone already (§9.10.3)")
    if case.limes is Limes.WOODEN and case.built_this_season:
        raise RulesError("built_this_season", "a wooden limes turns to stone in another season (§9.10.3)")


def build(case: LimesInput, working: Working) -> dict[str, Any]:
    for need, have in (("ap", case.ap_left), ("sp", case.sp), ("booty", case.booty)):
        if have < BUILD[need]:
            raise RulesError(
                f"{need}_left" if need == "ap" else need,
                f"building a limes costs 1 AP, 1 SP and 1 "
                f"Booty marker: {have} {need.upper() if need != 'booty' else 'Booty'} (§9.10.3)",
            )
    working.step(
        f"1 AP, 1 SP and 1 Booty marker: a wooden limes ({COUNTERS[case.side][0]}) in {case.region}",
        LIMES,
        BONUS["wooden"],
    )
    return {"limes": "wooden", **BUILD}


def flip(case: LimesInput, working: Working) -> dict[str, Any]:
    ap = cost_of(case.to_stone, working)
    if ap > case.ap_left:
        raise RulesError("ap_left", f"turning it to stone costs {ap} AP; the D10 shows {case.ap_left}")
    working.step(f"The limes in {case.region} turns to stone ({COUNTERS[case.side][1]})", LIMES, BONUS["stone"])
    working.note(
        "The text does not say whether turning it to stone costs an SP and a Booty marker as building "
        "does: the umpire rules",
        LIMES,
    )
    return {"limes": "stone", "ap": ap, "sp": 0, "booty": 0}


@procedure(RULESET, "build_limes", title="Build a limes", source=LIMES, takes=LimesInput)
def build_limes(case: LimesInput, dice: Dice) -> Result:
    """9.10.3: a wooden limes for 1 AP, 1 SP and 1 Booty marker with a leader; stone in a later season. It adds
    +1 (wooden) or +2 (stone) to one defending counter each combat phase, and is destroyed if the region falls."""
    working = Working()
    check_limes(case)
    done = build(case, working) if case.limes is Limes.NONE else flip(case, working)
    working.step(
        f"In each combat phase one defending counter has +{BONUS[done['limes']]}; if the region is taken, "
        "the limes is destroyed",
        LIMES,
        BONUS[done["limes"]],
    )
    return Result.of(
        "optimus_princeps.build_limes",
        {
            "limes": done["limes"],
            "counter": COUNTERS[case.side][done["limes"] == "stone"],
            "bonus": BONUS[done["limes"]],
            "ap_spent": done["ap"],
            "sp_spent": done["sp"],
            "booty_spent": done["booty"],
            "ap_left": case.ap_left - done["ap"],
        },
        working,
        dice,
    )
