"""9.11.3 Leader Capture and Death, and the leader alone (a procedure of its own, and the step every fight
calls when a leader's unit is eliminated)."""

import re
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .armies import Leader
from .common import DIE, RULESET

FATE = "9.11.3 Leader Capture and Death"
CAPTURED_UP_TO = 3  # §9.11.3: "On a roll of 1-3, he is captured, otherwise he is killed."


def leader_fate(leader: "Leader | FateInput", dice: Dice, working: Working) -> dict[str, str]:
    """9.11.3: the unit he was with is eliminated: 1-3 captured, 4-6 killed; a captured supreme leader is put
    to death."""
    roll = working.roll(dice, DIE, f"{leader.name}'s fate, his unit eliminated")
    fate = "captured" if roll <= CAPTURED_UP_TO else "killed"
    working.step(f"{leader.name}: {roll}, {fate}", FATE, fate)
    if fate == "captured" and leader.supreme:
        fate = "put to death"
        working.step(f"{leader.name} is the supreme leader: captured, he is put to death", FATE, fate)
    return {"name": leader.name, "fate": fate}


@dataclass(frozen=True)
class FateInput:
    name: str = spec("The leader whose unit was eliminated")
    supreme: bool = spec("He is the supreme leader (princeps or Dacian king)", default=False)


@procedure(RULESET, "leader_fate", title="Leader capture or death", source=FATE, takes=FateInput, dice="1 D6")
def leader_fate_procedure(case: FateInput, dice: Dice) -> Result:
    """9.11.3: the leader whose unit is eliminated is captured on 1-3 and killed on 4-6."""
    working = Working()
    result = leader_fate(case, dice, working)
    return Result.of("optimus_princeps.leader_fate", result, working, dice)


# ---- optimus_princeps.leader_notation -------------------------------------------------------------------

NOTATION = "SN0.2 The Counters: Leaders"
# SN0.2: "Legate (12, +1). This is a leader with a strategic value of 12 and a Tactical Bonus of +1"; SN0.3
# writes Lusius Quietus "+1(+2)", +2 with the Moorish cavalry.
NOTATION_PATTERN = re.compile(
    r"^\s*(?P<name>[^(]+?)\s*\((?P<sv>\d+)\s*,\s*\+?(?P<tb>\d+)(\s*\(\+(?P<alt>\d+)\))?\)\s*$"
)


@dataclass(frozen=True)
class NotationInput:
    notation: str = spec("The leader as the scenarios write him, as Legate (12, +1)")


@procedure(RULESET, "leader_notation", title="Read a leader's notation", source=NOTATION, takes=NotationInput)
def leader_notation(case: NotationInput, dice: Dice) -> Result:
    """SN0.2: "Legate (12, +1)" is a Strategic Value of 12 and a Tactical Bonus of +1."""
    working = Working()
    found = NOTATION_PATTERN.match(case.notation)
    if not found:
        raise RulesError("notation", f"{case.notation!r} is not written as Name (Strategic Value, Tactical Bonus)")
    outcome: dict[str, Any] = {"name": found["name"], "strategic": int(found["sv"]), "tactical": int(found["tb"])}
    working.step(
        f"{outcome['name']}: Strategic Value {outcome['strategic']}, Tactical Bonus +{outcome['tactical']}", NOTATION
    )
    if found["alt"]:
        outcome["tactical_with_moorish_cavalry"] = int(found["alt"])
        working.step(f"+{found['alt']} when with the Ala Numidarum (Lusius Quietus)", "SN0.3 Special Rules")
    return Result.of("optimus_princeps.leader_notation", outcome, working, dice)
