"""P10, battle victory points (5.11 Victory Points; 10.3 for the allies' split)."""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .units import RULESET

VP_RULE = "5.11 Victory Points"
UNITS_PER_VP = 5  # 5.11 "+1 VP for every full 5 enemy units eliminated during the battle"


def battle_vp(eliminated: int, working: Working, who: str = "The winner") -> int:
    """5.11: "The winner adds +1 VP for every full 5 enemy units eliminated during the battle
    ... Ships are counted on the same principles as land units." Leaders are not units."""
    vp = eliminated // UNITS_PER_VP
    working.step(f"{who}: {eliminated} enemy units eliminated, +1 VP per full {UNITS_PER_VP}: {vp} VP", VP_RULE, vp)
    return vp


class AlliedSplit(Choice):
    """10.3 says only that VP are individual; 5.11 does not say how allies of one side share them."""

    SIDE_TOTAL = "side_total"  # default: the side scores floor(all kills / 5); Control credits the players
    OWN_KILLS = "own_kills"  # each contingent scores floor(its own kills / 5)


@dataclass(frozen=True)
class Contingent:
    player: str = spec("The player of the winning side, as Hannibal")
    eliminated: int = spec("Enemy units (ships and their cargo included) this contingent eliminated", min=0, max=500)


@dataclass(frozen=True)
class BattleVpOptions:
    """The reading battle VP need where 5.11 and 10.3 leave the text open."""

    allied_split: AlliedSplit = spec(
        "5.11 and 10.3: how allies of the winning side share the battle VP — the side scores 1 per full 5 of all "
        "its kills and Control credits its players (default), or each contingent scores on its own kills",
        default=AlliedSplit.SIDE_TOTAL,
    )


@dataclass(frozen=True)
class BattleVpInput:
    contingents: tuple[Contingent, ...] = spec(
        "The winning side's contingents (one for a single player)", min_items=1, max_items=4
    )
    options: BattleVpOptions = spec("Readings of points the rulebook leaves open", default=BattleVpOptions())


@procedure(RULESET, "battle_vp", title="Battle victory points", source=VP_RULE, takes=BattleVpInput)
def battle_vp_procedure(case: BattleVpInput, dice: Dice) -> Result:
    """5.11: the winning side's VP for the enemy units it eliminated, 1 per full 5."""
    working = Working()
    names = [c.player for c in case.contingents]
    if len(set(names)) < len(names):
        raise RulesError("contingents", "a player is named twice")
    total = sum(c.eliminated for c in case.contingents)
    if case.options.allied_split is AlliedSplit.SIDE_TOTAL or len(case.contingents) == 1:
        vp = battle_vp(total, working, "The winning side")
        if len(case.contingents) > 1:
            working.note(
                "Reading used: the side scores on all its kills together; Control credits the VP to "
                "its players (5.11 and 10.3 do not say how allies share them)",
                "10.3",
            )
        outcome: dict[str, Any] = {"eliminated": total, "vp": vp, "by_player": None}
    else:
        working.note("Reading used: each allied contingent scores on its own kills (the event option)", "10.3")
        by_player = {c.player: battle_vp(c.eliminated, working, c.player) for c in case.contingents}
        outcome = {"eliminated": total, "vp": sum(by_player.values()), "by_player": by_player}
    return Result.of(f"{RULESET}.battle_vp", outcome, working, dice)
