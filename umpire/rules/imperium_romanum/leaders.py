"""10.3-10.4 a leader killed or captured, and 10.61 the Imperator lost: replaced where the situation allows it,
else the faction dissolves (3.2) and the holder of the sole Imperator left wins (19.0). Whether a situation allows
replacement, and on what conditions, is in its Situation Outline, which the text does not print: Control enters
it in the event's Situations."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import MissingData, RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

IMPERATOR = "10.61 The Imperator"
DISSOLUTION = "3.2 Faction Dissolution"
VICTORY = "19.0 Game Length and Victory Conditions"
SITUATIONS = "Situations"


@dataclass(frozen=True)
class ImperatorLostInput:
    faction: str = spec("The faction whose Imperator is lost (killed, captured, or commanding no forces: 10.65)")
    situation: str = spec("The situation played (I, II, 1 to 32)")
    replacement: bool | None = spec(
        "The situation provides Imperator replacement (10.61; empty: from the event's Situations)", default=None
    )
    successor: bool = spec("The situation's special conditions give the faction a replacement now", default=False)
    imperators_left: tuple[str, ...] = spec(
        "The other factions whose Imperators are still in play", max_items=12, default=()
    )


def dissolves(case: ImperatorLostInput, working: Working) -> str | None:
    working.step(f"No replacement: {case.faction} dissolves and its Imperator is removed from play", DISSOLUTION, True)
    if len(case.imperators_left) == 1:
        working.step(
            f"{case.imperators_left[0]} holds the sole Imperator in play: the victor", VICTORY, case.imperators_left[0]
        )
        return case.imperators_left[0]
    working.step(
        "There is not yet a sole Imperator: the dissolved faction's provinces, units and leaders defect (3.22-3.24)",
        DISSOLUTION,
        None,
    )
    return None


@procedure(RULESET, "imperator_replacement", title="The Imperator lost", source=IMPERATOR, takes=ImperatorLostInput)
def imperator_replacement(case: ImperatorLostInput, dice: Dice) -> Result:
    """10.61: where the situation provides it, the Imperator is replaced at the end of the current faction-turn;
    otherwise, or with no replacement available, the faction dissolves and a sole Imperator left wins."""
    working = Working()
    if case.faction in case.imperators_left:
        raise RulesError("imperators_left", f"{case.faction}'s Imperator is the one lost")
    if case.replacement is None:
        raise MissingData(SITUATIONS, f"{case.situation}/imperator_replacement", IMPERATOR)
    if case.replacement and case.successor:
        working.step(
            f"Situation {case.situation} provides replacement and its conditions are met: {case.faction}'s "
            "new Imperator takes the marker at the end of the current faction-turn",
            IMPERATOR,
            True,
        )
        return Result.of(
            f"{RULESET}.imperator_replacement", {"replaced": True, "dissolves": False, "victor": None}, working, dice
        )
    working.step(
        f"Situation {case.situation} "
        + (
            "provides replacement, but none is available now"
            if case.replacement
            else "provides no Imperator replacement"
        ),
        IMPERATOR,
        False,
    )
    victor = dissolves(case, working)
    return Result.of(
        f"{RULESET}.imperator_replacement", {"replaced": False, "dissolves": True, "victor": victor}, working, dice
    )


# ---- imperium_romanum.leader_loss -----------------------------------------------------------------

LOSING = "10.32 Losing Leaders"
AT_SEA = "10.33 Losing Leaders"
ALONE = "10.31 Losing Leaders"
NAMED = "10.41 Leader Replacement"
UNNAMED = "10.42 Leader Replacement"


class LeaderFate(Choice):
    """How a leader comes to be lost (10.31-10.33)."""

    STACK_ELIMINATED = "stack_eliminated"  # 10.12, 10.32: all units in his stack eliminated in combat
    CITY_CAPTURED = "city_captured"  # 10.32: in a besieged city that is captured
    ALONE_ELIMINATED = "alone_eliminated"  # 10.31: alone, at strength 1, eliminated
    NAVAL_ATTRITION = "naval_attrition"  # 10.33: on a naval unit destroyed by naval attrition


@dataclass(frozen=True)
class LeaderLossInput:
    leader: str = spec("The leader")
    fate: LeaderFate = spec("How he is lost")
    named: bool = spec("A named leader (10.41), not an unnamed one (10.42)", default=False)
    capture: bool = spec("The enemy chooses to capture him rather than kill him", default=False)


def killed_or_captured(case: LeaderLossInput, working: Working) -> str:
    if case.fate is LeaderFate.NAVAL_ATTRITION:
        working.step(f"{case.leader}'s ship is lost to naval attrition: he is killed", AT_SEA, "killed")
        return "killed"
    rule = ALONE if case.fate is LeaderFate.ALONE_ELIMINATED else LOSING
    working.note("The winner chooses to kill or capture him (10.12 against 10.32, extraction AMB-29)", rule)
    fate = "captured" if case.capture else "killed"
    working.step(f"{case.leader} is {fate}", rule, fate)
    return fate


@procedure(RULESET, "leader_loss", title="A leader killed or captured", source=LOSING, takes=LeaderLossInput)
def leader_loss(case: LeaderLossInput, dice: Dice) -> Result:
    """10.31-10.42: a leader whose stack is wiped out, whose besieged city falls, or who is beaten alone is killed
    or captured as the enemy chooses; one lost to naval attrition is killed. A named leader killed is gone for
    good; an unnamed one goes on the Month Track to roll for his return."""
    working = Working()
    fate = killed_or_captured(case, working)
    if fate == "captured":
        working.step(
            "He moves with the captor's units, affecting nothing, until freed in a Mobilization Phase",
            "10.34 Losing Leaders",
        )
    elif case.named:
        working.step("A named leader killed is permanently removed from play", NAMED)
    else:
        working.step(
            "On the Month Track on the next month; he rolls to return in each Taxation and Mobilization Phase", UNNAMED
        )
    working.note("If he carried the treasury, see the treasury lost with its leader (5.3)", "5.3 The Treasury")
    return Result.of(
        f"{RULESET}.leader_loss", {"fate": fate, "month_track": fate == "killed" and not case.named}, working, dice
    )
