"""13.5 Naval Combat: each side's DRMs (strength ratio, Tactical and Crew Superiority, 13.54), its roll on the
Naval Battle Results Table (per-event data), its squadron losses (13.55), the Winner (13.56) and the retreat
(13.57)."""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, BattleRating, Modifier, Side, cell, roll_d10, total
from .naval import (
    ANS_PAC,
    BATTLE_RULE,
    RATIO_CHART,
    RESULTS_RANGE,
    RESULTS_TABLE,
    TACTICAL_SUPERIORITY,
    RatioRow,
    ratio_label,
)

DRM_RULE = "13.54 The Naval Battle DR Adjustments"
LOSS_RULE = "13.55 Combat Losses"
WINNER_RULE = "13.56 Winners/Losers"
RETREAT_RULE = "13.57 Retreats"
LEADERLESS_BATTLE = BattleRating.E  # 13.23
GRADE = {rating: index for index, rating in enumerate(BattleRating)}  # A best

SideLoss = tuple[int, str]
"""A side's line of the Naval Battle Results Table: the percentage of squadrons lost, rounded up or down."""


@dataclass(frozen=True)
class ResultRow:
    row: str = spec("The adjusted DR, -2 to 11")
    percent: int | None = spec("The percentage of squadrons lost", min=0, max=100, default=None)
    rounding: str | None = spec("up or down", default=None)


@dataclass(frozen=True)
class NavalSide:
    side: Side = spec("Roman or Carthaginian")
    squadrons: int = spec("Squadrons in the battle (a Transport Fleet counts 1)", min=1, max=40)
    crew: int = spec("The lowest Crew Rating among his Fleets (a Transport Fleet 0)", min=0, max=4)
    battle_rating: BattleRating | None = spec("The leader's Battle Rating (none: a leaderless Fleet, E)", default=None)
    transport_only: bool = spec(
        "Land units in Naval Transport caught without a Fleet (1 squadron, Crew 0): the "
        "side attacking them does not roll",
        default=False,
    )


@dataclass(frozen=True)
class NavalBattleInput:
    attacker: NavalSide = spec("The side that attacked or intercepted")
    defender: NavalSide = spec("The other side")
    chart: tuple[RatioRow, ...] = spec("The Naval Combat Ratio Chart's rows, from the data tables", default=())
    table: tuple[ResultRow, ...] = spec("The Naval Battle Results Table's rows, from the data tables", default=())


def rating_of(side: NavalSide) -> BattleRating:
    return side.battle_rating or LEADERLESS_BATTLE


def side_modifiers(own: NavalSide, other: NavalSide, chart: Sequence[RatioRow], field: str) -> list[Modifier]:
    ratio = ratio_label(own.squadrons, other.squadrons)
    drm: int = cell(chart, ratio, "drm", table=RATIO_CHART, source=ANS_PAC, field=field)
    found: list[Modifier] = [(f"Strength ratio {ratio}", drm, DRM_RULE)]
    if GRADE[rating_of(own)] != GRADE[rating_of(other)]:
        better = own if GRADE[rating_of(own)] < GRADE[rating_of(other)] else other
        superiority: tuple[int, int] = TACTICAL_SUPERIORITY.lookup(better.side.value)
        own_drm, their_drm = superiority
        found.append((f"{better.side.title} Tactical Superiority", own_drm if better is own else their_drm, DRM_RULE))
    if own.crew < other.crew:
        found.append(("Crew Superiority against him", other.crew - own.crew, DRM_RULE))
    return [m for m in found if m[1]]


def side_result(
    own: NavalSide, other: NavalSide, case: NavalBattleInput, dice: Dice, working: Working
) -> SideLoss | None:
    if other.transport_only:
        working.step(f"{own.side.title} attacks a Transport Fleet: he does not roll and takes no losses", "13.72")
        return None
    roll = roll_d10(working, dice, f"{own.side.title} naval battle")
    adjusted = total(working, roll, side_modifiers(own, other, case.chart, "chart"))
    row = min(max(adjusted, RESULTS_RANGE[0]), RESULTS_RANGE[1])
    if row != adjusted:
        working.note(f"The table runs from -2 to +11: row {row}", BATTLE_RULE)
    percent: int = cell(case.table, str(row), "percent", table=RESULTS_TABLE, source=ANS_PAC, field="table")
    rounding: str = cell(case.table, str(row), "rounding", table=RESULTS_TABLE, source=ANS_PAC, field="table")
    return percent, rounding


def squadrons_lost(side: NavalSide, result: SideLoss | None, working: Working) -> int:
    if result is None:
        return 0
    percent, rounding = result
    exact = percent * side.squadrons / 100
    lost = math.ceil(exact) if rounding.strip().lower() == "up" else math.floor(exact)
    working.step(
        f"{side.side.title}: {percent} {rounding} of {side.squadrons} squadrons = {lost} lost", LOSS_RULE, lost
    )
    return lost


def winner_of(case: NavalBattleInput, results: Sequence[SideLoss | None]) -> NavalSide | None:
    percents = [0 if r is None else r[0] for r in results]
    if percents[0] == percents[1]:
        return None
    return case.defender if percents[0] > percents[1] else case.attacker


def must_retreat(loser_lost: int, winner_lost: int) -> bool:
    return loser_lost >= 2 * winner_lost if winner_lost else loser_lost > 0


@procedure(
    RULESET, "naval_battle", title="Naval battle", source=BATTLE_RULE, takes=NavalBattleInput, dice=f"{D10} per side"
)
def naval_battle(case: NavalBattleInput, dice: Dice) -> Result:
    """13.53-13.57: each side rolls with its strength-ratio DRM (Naval Combat Ratio Chart), Tactical Superiority
    (Rome -1/+1, Carthage -2/+2) and the Crew difference against the lower crew, on the Naval Battle Results
    Table (both per-event data); losses are a percentage of squadrons rounded up or down; the higher percentage
    loses; the Winner's Fleets gain a Crew level."""
    working = Working()
    results = [
        side_result(case.attacker, case.defender, case, dice, working),
        side_result(case.defender, case.attacker, case, dice, working),
    ]
    lost = [squadrons_lost(case.attacker, results[0], working), squadrons_lost(case.defender, results[1], working)]
    winner = winner_of(case, results)
    retreat = False
    if winner is not None:
        loser_lost, winner_lost = (lost[1], lost[0]) if winner is case.attacker else (lost[0], lost[1])
        retreat = must_retreat(loser_lost, winner_lost)
        working.step(f"{winner.side.title} is the Winner: Crew +1 (up to 4)", WINNER_RULE, winner.side.value)
        working.step(f"The Loser {'must' if retreat else 'may choose to'} retreat", RETREAT_RULE, retreat)
    else:
        working.step("The same percentage: no Winner or Loser", WINNER_RULE)
    working.note(
        "Any Admiral of a Fleet that lost squadrons rolls for Leader Casualty (AW 8.6); a Fleet wiped out "
        "kills its Admiral; a Transport Fleet's percentage falls on its land SP (AW 8.35)",
        LOSS_RULE,
    )
    outcome = {
        "attacker_lost": lost[0],
        "defender_lost": lost[1],
        "winner": winner.side.value if winner else None,
        "loser_must_retreat": retreat,
    }
    return Result.of(f"{RULESET}.naval_battle", outcome, working, dice)
