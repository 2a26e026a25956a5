"""6.0 Mobilization: a city's recruits in the Joint Mobilization Phase (6.1-6.42), green units becoming
veterans (6.5), and leaders' replacement (10.42) and the Imperator's deserters (10.63). The costs, pools and
areas' classes are in the Annual Recruiting Limits Tables, which the text does not print: Control's data."""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET, Cer

MOBILIZATION = "6.12 Mobilization Areas and Pools"
TRAINING = "6.3 Training"
GREEN = '6.41 "Green" Units'
AFTER_300 = '6.42 "Green" Units'
VETERAN = "6.5 Veteran Units"
REPLACEMENT = "10.42 Leader Replacement"
DESERTION = "10.63 The Imperator"
PER_CITY = 2  # 6.12 (L200): "two units may be mobilized per non-plundered, non-besieged controlled city"

TRAINING_REQUIRED = KeyedTable(
    "Training requirements",
    "6.2 (L217-222)",
    {
        "legionary_infantry": True,
        "light_and_missile_infantry": False,
        "light_and_missile_cavalry": False,
        "heavy_cavalry": True,
    },
)
REPLACED_ON = KeyedTable("Unnamed leader replacement", f"{REPLACEMENT} (L418-419)", {2: 1, 1: 2})  # rolls of 1 to


class UnitType(Choice):
    LEGIONARY_INFANTRY = "legionary_infantry"
    LIGHT_AND_MISSILE_INFANTRY = "light_and_missile_infantry"
    LIGHT_AND_MISSILE_CAVALRY = "light_and_missile_cavalry"
    HEAVY_CAVALRY = "heavy_cavalry"


class Era(Choice):
    BEFORE_AD_69 = "before_ad_69"
    AD_69_TO_300 = "ad_69_to_300"
    AFTER_AD_300 = "after_ad_300"


@dataclass(frozen=True)
class Recruit:
    line: str = spec("Its line in the Annual Recruiting Limits (area and unit, as Control named it)")
    type: UnitType = spec("The unit's type (6.2)")
    strength: int = spec("Its full (veteran) strength", min=1, max=100)
    cer: Cer = spec("Its class")
    pool_left: int = spec("Units of this line the area may still raise this year (6.1)", min=0, max=100)
    cost: int | None = spec(
        "Its cost in Treasure Points (empty: from the event's Annual Recruiting Limits)", min=0, max=1000, default=None
    )
    area_cer: str | None = spec(
        "The area's class, A, B or C (empty: from the event's Annual Recruiting Limits)", default=None
    )
    trainer: bool = spec("A veteran unit of the same type is in the city this turn (6.3)", default=False)


@dataclass(frozen=True)
class MobilizationInput:
    city: str = spec("The city of mobilization")
    recruits: tuple[Recruit, ...] = spec("The units raised there this phase", min_items=1, max_items=PER_CITY)
    era: Era = spec("When the situation occurs (6.32, 6.42)", default=Era.AD_69_TO_300)
    plundered: bool = spec("The city is under a Plundered marker, or its own power once plundered it", default=False)
    besieged: bool = spec("The city is besieged", default=False)
    controls_province: bool = spec("The power controls the most taxation in the province (6.16)", default=True)
    waiver: bool = spec("The situation notes waive training for this faction (6.2)", default=False)


def check_city(case: MobilizationInput) -> None:
    if case.plundered or case.besieged:
        raise RulesError(
            "plundered" if case.plundered else "besieged",
            f"{case.city} cannot mobilize: units are "
            "raised only in non-plundered, non-besieged controlled cities (6.12, 5.53)",
        )
    if not case.controls_province:
        raise RulesError(
            "controls_province", "a power builds units only in provinces where it controls the most taxation (6.16)"
        )


def check_recruit(recruit: Recruit, n: int) -> None:
    field = f"recruits.{n}"
    if recruit.cost is None:
        raise RulesError(
            f"{field}.cost",
            f"the Annual Recruiting Limits have no cost for {recruit.line!r}: Control "
            "enters it on the data tables page",
        )
    if recruit.area_cer is None:
        raise RulesError(
            f"{field}.area_cer",
            f"the Annual Recruiting Limits have no class for {recruit.line!r}'s "
            "area: Control enters it on the data tables page",
        )
    if not recruit.pool_left:
        raise RulesError(
            f"{field}.pool_left", f"{recruit.line}: the area's annual limit is reached until January (6.1)"
        )
    area = recruit.area_cer.strip().upper()
    if area not in ("A", "B", "C"):
        raise RulesError(f"{field}.area_cer", f"{recruit.area_cer!r} is not a class: A, B or C")
    if recruit.cer.value != area and not (area == "A" and recruit.cer is Cer.B):
        raise RulesError(
            f"{field}.cer",
            f"a class {area} area raises class {area} units (a class A area class B "
            f"too), not {recruit.cer.value} (6.13)",
        )


def training_applies(case: MobilizationInput, recruit: Recruit, working: Working) -> bool:
    if case.era is Era.BEFORE_AD_69 or case.waiver:
        why = "before A.D. 69 the training rule is ignored (6.32)" if not case.waiver else "waived by the situation"
        working.step(f"{recruit.line}: {why}", TRAINING, False)
        return False
    if case.era is Era.AFTER_AD_300 and recruit.type is UnitType.LEGIONARY_INFANTRY:
        working.step(f"{recruit.line}: after A.D. 300 legions have no training requirement", AFTER_300, False)
        return False
    required: bool = TRAINING_REQUIRED.lookup(recruit.type.value, working)
    return required


def raise_unit(case: MobilizationInput, recruit: Recruit, working: Working) -> dict[str, Any]:
    cost = recruit.cost
    assert cost is not None  # check_recruit refused a recruit with no cost
    if training_applies(case, recruit, working) and not recruit.trainer:
        cost = working.modifier(
            f"{recruit.line}: no veteran of its type in {case.city}: the cost doubles", 2 * cost, TRAINING
        )
    after_300_legion = case.era is Era.AFTER_AD_300 and recruit.type is UnitType.LEGIONARY_INFANTRY
    strength = recruit.strength if after_300_legion else recruit.strength // 2
    working.step(
        f"{recruit.line}: {cost} Treasure Points; placed in {case.city} at {strength}"
        + (
            " (never green after A.D. 300)"
            if after_300_legion
            else ", green at half strength; it may not move or attack this turn"
        ),
        AFTER_300 if after_300_legion else GREEN,
        strength,
    )
    return {"line": recruit.line, "cost": cost, "strength": strength, "green": not after_300_legion}


@procedure(RULESET, "mobilization", title="Mobilizing units in a city", source=MOBILIZATION, takes=MobilizationInput)
def mobilization(case: MobilizationInput, dice: Dice) -> Result:
    """6.12-6.42: up to two units in a city, in the area's limits and class; the cost doubles without a trainer."""
    working = Working()
    check_city(case)
    for n, recruit in enumerate(case.recruits):
        check_recruit(recruit, n)
    raised = [raise_unit(case, recruit, working) for recruit in case.recruits]
    total = sum(unit["cost"] for unit in raised)
    working.step(f"Treasure Points spent: {total}", MOBILIZATION, total)
    return Result.of(f"{RULESET}.mobilization", {"units": raised, "cost": total}, working, dice)


# ---- imperium_romanum.veteran_upgrade -------------------------------------------------------------


class UpgradeMeasure(Choice):
    """6.5: "as many strength points of green units as the total combat strength of the enemy force"."""

    GREEN_STRENGTH = "green_strength"
    VETERAN_STRENGTH = "veteran_strength"


@dataclass(frozen=True)
class UpgradeOptions:
    measure: UpgradeMeasure = spec(
        "6.5 L237 and its example (extraction AMB-13): green units are counted at their green strength (default, "
        "as the example) or their veteran strength",
        default=UpgradeMeasure.GREEN_STRENGTH,
    )


@dataclass(frozen=True)
class GreenUnit:
    name: str = spec("The green unit")
    strength: int = spec("Its green strength", min=1, max=100)
    veteran: int = spec("Its veteran strength", min=1, max=200)


@dataclass(frozen=True)
class UpgradeInput:
    green: tuple[GreenUnit, ...] = spec(
        "The player's green units in the combat, in the order he would upgrade them", min_items=1, max_items=40
    )
    enemy_strength: int = spec("Total combat strength of the enemy force (its printed strengths)", min=0, max=5000)
    resolved: bool = spec(
        "The combat was resolved (not a retreat before combat, nor a siege without assault)", default=True
    )
    options: UpgradeOptions = spec("Readings of points the rulebook leaves open", default=UpgradeOptions())


@procedure(RULESET, "veteran_upgrade", title="Green units become veterans", source=VETERAN, takes=UpgradeInput)
def veteran_upgrade(case: UpgradeInput, dice: Dice) -> Result:
    """6.5: green units in a resolved combat become veterans, up to the enemy force's total strength."""
    working = Working()
    if not case.resolved:
        working.step("No combat was resolved: no unit is seasoned", "6.51 Veteran Units", 0)
        return Result.of(f"{RULESET}.veteran_upgrade", {"upgraded": []}, working, dice)
    by_green = case.options.measure is UpgradeMeasure.GREEN_STRENGTH
    working.note(
        "Reading: green units counted at their " + ("green" if by_green else "veteran") + " strength (AMB-13)", VETERAN
    )
    upgraded: list[str] = []
    counted = 0
    for unit in case.green:
        points = unit.strength if by_green else unit.veteran
        if counted + points > case.enemy_strength:
            working.step(
                f"{unit.name}: {counted} + {points} would pass the enemy's {case.enemy_strength}: stays green",
                VETERAN,
                False,
            )
            continue
        counted += points
        upgraded.append(unit.name)
        working.step(
            f"{unit.name} flips to its veteran side ({unit.veteran}); {counted} of {case.enemy_strength} used",
            VETERAN,
            True,
        )
    return Result.of(f"{RULESET}.veteran_upgrade", {"upgraded": upgraded}, working, dice)


# ---- leaders ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplacementInput:
    rating: int = spec("The killed unnamed leader's rating (+1 or +2)", min=1, max=2)


@procedure(
    RULESET,
    "leader_replacement",
    title="Unnamed leader replacement",
    source=REPLACEMENT,
    takes=ReplacementInput,
    dice="1d6",
)
def leader_replacement(case: ReplacementInput, dice: Dice) -> Result:
    """10.42: in each Taxation and Mobilization Phase a killed unnamed +2 returns on a 1, a +1 on a 1 or 2."""
    working = Working()
    top = REPLACED_ON.lookup(case.rating, working)
    roll = working.roll(dice, DIE, f"replacing a +{case.rating} leader")
    back = roll <= top
    working.step(
        f"{roll}: "
        + ("he returns, with any stack of his power's units" if back else "not this time; roll again next phase"),
        REPLACEMENT,
        back,
    )
    return Result.of(f"{RULESET}.leader_replacement", {"returns": back}, working, dice)


@dataclass(frozen=True)
class DesertionInput:
    imperator_bonus: int = spec("The victorious Imperator's combat bonus", min=0, max=3)
    retreated: bool = spec(
        "The defeated units were forced to retreat after combat (10.64: never defect)", default=False
    )


@procedure(RULESET, "desertion", title="Desertion to the Imperator", source=DESERTION, takes=DesertionInput, dice="1d6")
def desertion(case: DesertionInput, dice: Dice) -> Result:
    """10.63: leaderless Roman units beaten by an Imperator's desert to him on a roll at most his bonus."""
    working = Working()
    if case.retreated:
        working.step("Units forced to retreat after combat may never defect", "10.64 The Imperator", False)
        return Result.of(f"{RULESET}.desertion", {"desert": False}, working, dice)
    roll = working.roll(dice, DIE, "desertion")
    desert = roll <= case.imperator_bonus
    working.step(
        f"{roll} {'≤' if desert else '>'} +{case.imperator_bonus}: "
        + ("the survivors desert; place the winner's control markers" if desert else "no desertion"),
        DESERTION,
        desert,
    )
    return Result.of(f"{RULESET}.desertion", {"desert": desert}, working, dice)
