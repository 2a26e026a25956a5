"""10.0 The Italian Allies: the Alliance track (10.11-10.13), what moves it (10.12, 10.21-10.23), and what a
change of allegiance does to the province's cities (10.31-10.33).

A province's level is a number from -4 (Box 4 on Carthage's side) to +4 (Box 4 on Rome's side): 10.13's example
counts 6 boxes from Rome's Box 2 to Carthage's Box 4, so the two sides share one 0 box. Its allegiance changes only
when the marker enters the other side's Box 4 (10.13)."""

import math
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import D10, RULESET, Named, Side, cell, roll_d10

TRACK_RULE = "10.11 Italian Allies Alliance Track"
SHIFT_RULE = "10.12 Alliance level changes"
DIPLOMACY_RULE = "10.21 Hannibal's Diplomacy"
RETRIBUTION_RULE = "10.22 Roman Retribution"
DEFECTION_RULE = "10.31 Defection"
RETURN_RULE = "10.32 Returning to the Fold"
AMBASSADOR_TABLE = "Ambassador Table"
AMBASSADOR_SOURCE = "AW PAC #1, not in the Thunderbolt rulebook"
BOX_4 = 4
D_RESULT = -2  # 10.21 "Treat any "D" result as a -2."
TOWARD = {Side.ROMAN: 1, Side.CARTHAGINIAN: -1}


class Cause(Named):
    BATTLE_MAJOR_VICTORY = "battle_major_victory"
    SIEGE_MAJOR_VICTORY = "siege_major_victory"
    DEVASTATION = "devastation"
    WATCHFUL_PRESENCE = "watchful_presence"
    ROMAN_RETRIBUTION = "roman_retribution"
    AMBASSADOR_OR_AUGURY = "ambassador_or_augury"


class Where(Named):
    THIS_PROVINCE = "this_province"
    ADJACENT = "adjacent"
    NOT_ADJACENT = "not_adjacent"


@dataclass(frozen=True)
class ShiftInput:
    province: str = spec("The Roman Italy province")
    level: int = spec("Its level: -4 (Carthage Box 4) to +4 (Rome Box 4)", min=-4, max=4)
    allied_to: Side = spec("The side it is allied to")
    cause: Cause = spec("What moves it")
    side: Side = spec("The player who won, devastated, sacked or is present")
    where: Where = spec("Where it happened, against this province", default=Where.THIS_PROVINCE)
    event_in_roman_italy: bool = spec("The battle or siege was in Roman Italy", default=True)
    boxes: int = spec("For an Ambassador/Augury result: the boxes it gives", min=0, max=8, default=0)


def shift_boxes(case: ShiftInput) -> tuple[int, Side]:
    """10.12: how many boxes, and toward whom."""
    if case.cause is Cause.DEVASTATION:
        other = Side.CARTHAGINIAN if case.side is Side.ROMAN else Side.ROMAN
        return (4, other) if case.where is Where.THIS_PROVINCE else (0, other)
    if case.cause is Cause.BATTLE_MAJOR_VICTORY:
        near = 2 if case.where is not Where.NOT_ADJACENT else 1 if case.event_in_roman_italy else 0
        return near, case.side
    if case.cause is Cause.SIEGE_MAJOR_VICTORY:
        return {Where.THIS_PROVINCE: 3, Where.ADJACENT: 1, Where.NOT_ADJACENT: 0}[case.where], case.side
    if case.cause is Cause.WATCHFUL_PRESENCE:
        return 1, case.side
    if case.cause is Cause.ROMAN_RETRIBUTION:
        return 2, Side.ROMAN
    return case.boxes, case.side


def move(level: int, allied_to: Side, boxes: int, toward: Side, working: Working, rule: str) -> tuple[int, Side, bool]:
    """The new level and allegiance: clamped at Box 4, switching only on entering the other side's Box 4."""
    after = max(-BOX_4, min(BOX_4, level + TOWARD[toward] * boxes))
    working.step(f"{boxes} box(es) toward {toward.title}: {level:+d} → {after:+d}", rule, after)
    switched = (allied_to is Side.ROMAN and after == -BOX_4) or (allied_to is Side.CARTHAGINIAN and after == BOX_4)
    if switched:
        allied_to = Side.CARTHAGINIAN if allied_to is Side.ROMAN else Side.ROMAN
        working.step(f"Box 4: the province is now allied to {allied_to.title} (see 10.3)", "10.13", allied_to.value)
    return after, allied_to, switched


@procedure(RULESET, "alliance_shift", title="Alliance track: move a province", source=SHIFT_RULE, takes=ShiftInput)
def alliance_shift(case: ShiftInput, dice: Dice) -> Result:
    """10.12-10.13: a Major Victory in battle moves the province 2 boxes if in it or next to it, 1 if elsewhere in
    Roman Italy; a siege's 3 in it, 1 next to it; a Devastation 4 toward the other player; Watchful Presence 1;
    Retribution 2 toward Rome. Never beyond Box 4; entering the other side's Box 4 switches the alliance."""
    working = Working()
    boxes, toward = shift_boxes(case)
    after, allied, switched = move(case.level, case.allied_to, boxes, toward, working, SHIFT_RULE)
    outcome = {"province": case.province, "level": after, "allied_to": allied.value, "switched": switched}
    return Result.of(f"{RULESET}.alliance_shift", outcome, working, dice)


# ---- thunderbolt.hannibal_diplomacy -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AmbassadorRow:
    row: str = spec("Diplomacy Rating and DR, as 'A 7'")
    result: str | None = spec("The table's result: a number of boxes (negative toward Rome) or D", default=None)


@dataclass(frozen=True)
class HannibalDiplomacyInput:
    province: str = spec("The Roman-allied province")
    level: int = spec("Its level", min=-4, max=4)
    hannibal_and_army_in_province: bool = spec("Hannibal is in the province with his Army")
    guile_points: int = spec("Hannibal's Guile Points available", min=0, max=9)
    targeted_this_turn: bool = spec("The province was targeted already this Game Turn", default=False)
    table: tuple[AmbassadorRow, ...] = spec("The Ambassador Table's rows (AW PAC #1), from the data tables", default=())


def check_hannibal(case: HannibalDiplomacyInput) -> None:
    if not case.hannibal_and_army_in_province:
        raise RulesError("hannibal_and_army_in_province", "Hannibal must be in the province with his Army (10.21)")
    if case.guile_points < 1:
        raise RulesError("guile_points", "the operation costs 1 Guile Point (10.21)")
    if case.targeted_this_turn:
        raise RulesError("targeted_this_turn", "a province may be targeted only once a Game Turn (10.21)")


def ambassador_boxes(result: str, working: Working) -> int:
    if result.strip().upper() == "D":
        working.step("D: treated as -2", DIPLOMACY_RULE, D_RESULT)
        return D_RESULT
    try:
        return int(result)
    except ValueError:
        raise RulesError("table", f"the Ambassador Table's result {result!r} is neither a number nor D") from None


@procedure(
    RULESET,
    "hannibal_diplomacy",
    title="Hannibal's Diplomacy with an Italian ally",
    source=DIPLOMACY_RULE,
    takes=HannibalDiplomacyInput,
    dice=D10,
)
def hannibal_diplomacy(case: HannibalDiplomacyInput, dice: Dice) -> Result:
    """10.21: Hannibal, with his Army in a Roman-allied province, spends 1 Guile Point and rolls on the Ambassador
    Table (AW PAC #1, per-event data) at Diplomacy Rating A; a positive result moves the marker that many boxes
    toward Carthage, a negative one toward Rome, D counting -2."""
    working = Working()
    check_hannibal(case)
    working.modifier("Guile Point spent", -1, DIPLOMACY_RULE)
    roll = roll_d10(working, dice, "Ambassador Table")
    result: str = cell(
        case.table, f"A {roll}", "result", table=AMBASSADOR_TABLE, source=AMBASSADOR_SOURCE, field="table"
    )
    boxes = ambassador_boxes(result, working)
    toward = Side.CARTHAGINIAN if boxes >= 0 else Side.ROMAN
    after, allied, switched = move(case.level, Side.ROMAN, abs(boxes), toward, working, DIPLOMACY_RULE)
    outcome = {"province": case.province, "level": after, "allied_to": allied.value, "switched": switched}
    return Result.of(f"{RULESET}.hannibal_diplomacy", outcome, working, dice)


# ---- thunderbolt.roman_retribution --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProvinceLevel:
    province: str = spec("The province")
    level: int = spec("Its level", min=-4, max=4)
    allied_to: Side = spec("The side it is allied to")


@dataclass(frozen=True)
class RetributionInput:
    sacked_in: ProvinceLevel = spec("The Carthaginian-allied province where Rome sacked a city")
    adjacent: tuple[ProvinceLevel, ...] = spec("The provinces adjacent to it", default=())


@procedure(
    RULESET,
    "roman_retribution",
    title="Roman Retribution",
    source=RETRIBUTION_RULE,
    takes=RetributionInput,
    dice=f"{D10} per adjacent province",
)
def roman_retribution(case: RetributionInput, dice: Dice) -> Result:
    """10.22: a city sacked by Rome in a Carthaginian-allied Roman Italy province moves it 2 boxes toward Rome, and
    each adjacent province 1 box on an even die (0 is even)."""
    working = Working()
    if case.sacked_in.allied_to is not Side.CARTHAGINIAN:
        raise RulesError("sacked_in.allied_to", "Retribution follows a sack in a Carthaginian-allied province (10.22)")
    levels: dict[str, dict[str, Any]] = {}
    level, allied, _ = move(case.sacked_in.level, case.sacked_in.allied_to, 2, Side.ROMAN, working, RETRIBUTION_RULE)
    levels[case.sacked_in.province] = {"level": level, "allied_to": allied.value}
    for province in case.adjacent:
        roll = roll_d10(working, dice, f"Retribution: {province.province}")
        boxes = 1 if roll % 2 == 0 else 0
        level, allied, _ = move(province.level, province.allied_to, boxes, Side.ROMAN, working, RETRIBUTION_RULE)
        levels[province.province] = {"level": level, "allied_to": allied.value}
    return Result.of(f"{RULESET}.roman_retribution", {"provinces": levels}, working, dice)


# ---- thunderbolt.city_changes_sides -------------------------------------------------------------------------------


class OtherHalf(Choice):
    STAY = "stay"  # 10.32 eliminates only "non-Italian Infantry"; the rest of the Italians are not named
    ELIMINATED = "eliminated"  # only the half made Ala remain


@dataclass(frozen=True)
class CityOptions:
    other_half: OtherHalf = spec(
        "10.32: the Italian infantry not made Ala when a province returns to Rome — they stay (default), or they "
        "are eliminated",
        default=OtherHalf.STAY,
    )


@dataclass(frozen=True)
class CityInput:
    now_allied_to: Side = spec("The side the province has just allied to")
    medium_or_large: bool = spec("The city is Medium or Large")
    exempt: bool = spec(
        "Defecting: a Legion occupies it; returning: a Carthaginian Army, Detachment or leader-led force occupies it",
        default=False,
    )
    citizen_sp: int = spec("Roman Citizen SP in it", min=0, max=99, default=0)
    ala_sp: int = spec("Roman Ala SP in it", min=0, max=99, default=0)
    italian_infantry: int = spec("Italian infantry SP in it", min=0, max=99, default=0)
    other_infantry: int = spec("Other non-Italian infantry SP in it", min=0, max=99, default=0)
    options: CityOptions = spec("Readings of points the rulebook leaves open", default=CityOptions())


def defect(case: CityInput) -> dict[str, int]:
    """10.31: Citizens eliminated, Ala become Italian SP."""
    italian = case.italian_infantry + case.ala_sp
    return {"citizen_sp": 0, "ala_sp": 0, "italian_infantry": italian, "other_infantry": case.other_infantry}


def return_to_rome(case: CityInput) -> dict[str, int]:
    """10.32: non-Italian infantry eliminated; half the Italian infantry (round up) become Ala."""
    ala = case.ala_sp + math.ceil(case.italian_infantry / 2)
    rest = case.italian_infantry // 2 if case.options.other_half is OtherHalf.STAY else 0
    return {"citizen_sp": case.citizen_sp, "ala_sp": ala, "italian_infantry": rest, "other_infantry": 0}


@procedure(
    RULESET,
    "city_changes_sides",
    title="A city when its province changes allegiance",
    source=DEFECTION_RULE,
    takes=CityInput,
)
def city_changes_sides(case: CityInput, dice: Dice) -> Result:
    """10.31-10.33: to Carthage, each city without a Legion loses its control markers and Roman Citizens, its Ala
    becoming Italian SP; to Rome, each city without a Carthaginian Army, Detachment or leader loses its non-Italian
    infantry and half its Italian infantry (round up) become Ala; an emptied Medium/Large city gets 1 SP."""
    working = Working()
    rule = DEFECTION_RULE if case.now_allied_to is Side.CARTHAGINIAN else RETURN_RULE
    if case.exempt:
        working.step("The city is occupied: no change", rule)
        return Result.of(f"{RULESET}.city_changes_sides", {"changed": False}, working, dice)
    after = defect(case) if case.now_allied_to is Side.CARTHAGINIAN else return_to_rome(case)
    working.step("Remove both players' control markers", rule)
    if case.medium_or_large and not any(after.values()):
        filler = "italian_infantry" if case.now_allied_to is Side.CARTHAGINIAN else "ala_sp"
        after[filler] = 1
        working.step(f"Every SP eliminated in a Medium/Large city: place 1 SP ({filler.replace('_', ' ')})", rule)
    if case.now_allied_to is Side.ROMAN and case.italian_infantry > 1:
        working.choice(f"The other Italian infantry: {case.options.other_half.label}", rule)
    working.step(", ".join(f"{k.replace('_', ' ')} {v}" for k, v in after.items()), rule)
    return Result.of(f"{RULESET}.city_changes_sides", {"changed": True, **after}, working, dice)
