"""The advanced rules (XII): devastation (12.1), cutting off a city (12.2), the proconsulate (12.3) and the
dictatorship (12.4)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .units import DIE, RULESET, Units

DEVASTATION = "12.1 Devastation"
CUT_OFF = "12.2 Cutting Off a City"
PROCONSUL = "12.3 Rome - Proconsulate"
DICTATOR = "12.4 Rome - Dictatorship"

DEVASTATION_MP = {"infantry": 1, "cavalry": 2}  # 12.1 "costs an infantry unit 1 Movement Point, and a cavalry 2"
UNITS_PER_TALENT = 5  # 12.1 "1 Talent of Gold from the bank for every full 5 devastating units"
LEAST_LOOT = 1  # 12.1 "If fewer than 5 units devastate, it is assumed that he gains 1 Talent of gold."
TOKENS_PER_VP = 2  # 12.1 "+1 VP for every 2 devastation tokens"
PROCONSUL_ROLL = 6  # 12.3 "if he rolls 6 or more, the consul stays on the map"
DICTATOR_TRIGGER_VP = 5  # 12.4 "with a loss of at least 5 VP"
DICTATOR_STAGES = 3  # 12.4 "The dictator is appointed for only 3 stages."
DICTATOR_COMMAND = 1  # 12.4 "He has +1 to Command"
DICTATOR_EXTRA_VP = 2  # 12.4 "For the elimination of the dictator the opponent receives an additional +2 VP"
DICTATOR_ARMY = Units(heavy_infantry=8, light_infantry=4, cavalry=1)  # 12.4 the new consular army in Rome


# ---- 12.2 Cutting off a city ------------------------------------------------------------------


class CutOffReading(Choice):
    """12.2 says both "Income reduced to half (rounding up)" and "reduce income by at most half, rounding up"."""

    HALF_ROUNDED_UP = "half_rounded_up"  # the spec's default: income falls no lower than half, rounded up
    REDUCTION_ROUNDED_UP = "reduction_rounded_up"  # the reduction is at most half the income, rounded up


CUT_OFF_HELP = (
    "12.2 (L862-869): a cut-off city's odd income — it falls no lower than half, rounded up (default), "
    "or the reduction is at most half, rounded up, so it may fall 1 lower"
)


def floor_income(income: int, reading: CutOffReading) -> int:
    half_up = -(-income // 2)
    return half_up if reading == CutOffReading.HALF_ROUNDED_UP else income - half_up


def cut_off_income(city: str, income: int, enemy_units: int, reading: CutOffReading, working: Working) -> int:
    """12.2: each enemy unit in the province not besieging the city takes 1 from its income and recruiting,
    down to half its income."""
    least = floor_income(income, reading)
    effective = max(income - enemy_units, least)
    working.modifier(
        f"{city} is cut off by {enemy_units} enemy units: income {income} → {effective} (no lower than {least})",
        effective,
        CUT_OFF,
    )
    if income % 2:
        working.note(f"Reading used: {reading.label}; the two phrasings of 12.2 differ for an odd income", CUT_OFF)
    return effective


@dataclass(frozen=True)
class CutOffOptions:
    """The reading a cut-off city needs where 12.2's two phrasings differ."""

    rounding: CutOffReading = spec(CUT_OFF_HELP, default=CutOffReading.HALF_ROUNDED_UP)


@dataclass(frozen=True)
class CutOffInput:
    city: str = spec("The city, as Roma")
    income: int | None = spec("Income on its card; empty if not known", min=0, max=50)
    enemy_units: int = spec("Enemy units in its province", min=0, max=200)
    besieging: bool = spec("The enemy army is besieging this city (then it is a siege, not a cut-off)", default=False)
    options: CutOffOptions = spec("Readings of points the rulebook leaves open", default=CutOffOptions())


@procedure(RULESET, "cut_off_city", title="Cutting off a city", source=CUT_OFF, takes=CutOffInput)
def cut_off_city(case: CutOffInput, dice: Dice) -> Result:
    """12.2 Cutting Off a City: -1 income and recruiting for each enemy unit, to half the income rounded up."""
    working = Working()
    if case.income is None:
        raise RulesError(
            "income", f"the city card of {case.city}: its income is not in the rulebook; Control must enter it"
        )
    if case.besieging:
        raise RulesError(
            "besieging",
            f"an army besieging {case.city} does not cut it off: a besieged city gives no income at all (9.1)",
        )
    effective = cut_off_income(case.city, case.income, case.enemy_units, case.options.rounding, working)
    working.step(f"{case.city} may recruit {effective} units at one time", CUT_OFF, effective)
    outcome = {"income": effective, "recruit_cap": effective, "reduction": case.income - effective}
    return Result.of(f"{RULESET}.cut_off_city", outcome, working, dice)


# ---- 12.1 Devastation -------------------------------------------------------------------------


class LootCap(Choice):
    """12.1 "One cannot gain more gold than the income of the devastated province": each time, or a stage?"""

    EACH_DEVASTATION = "each_devastation"
    WHOLE_STAGE = "whole_stage"


@dataclass(frozen=True)
class DevastationOptions:
    """The reading devastation needs where 12.1 leaves the text open."""

    cap: LootCap = spec(
        "12.1 (L846-860): 'no more gold than the income of the devastated province' — for each devastation "
        "(default), or for all the devastation of that province in the stage",
        default=LootCap.EACH_DEVASTATION,
    )


@dataclass(frozen=True)
class DevastationInput:
    region: str = spec("The enemy region devastated")
    infantry: int = spec("Infantry units devastating (1 MP each)", min=0, max=200, default=0)
    cavalry: int = spec("Cavalry units devastating (2 MP each)", min=0, max=200, default=0)
    province_income: int | None = spec(
        "Income of the devastated province; empty if not known", min=0, max=100, default=None
    )
    gallic_tribe: bool = spec("It is a Gallic tribe's territory", default=False)
    enemy_region: bool = spec("It belongs to the enemy", default=True)
    looted_this_stage: int = spec("Talents already taken from this province this stage", min=0, max=100, default=0)
    options: DevastationOptions = spec("Readings of points the rulebook leaves open", default=DevastationOptions())


def check_devastation(case: DevastationInput) -> int:
    """The checks 12.1 makes; returns the province's income, which caps the loot."""
    if case.gallic_tribe:
        raise RulesError("gallic_tribe", "the territories of the Gallic tribes cannot be devastated (12.1)")
    if not case.enemy_region:
        raise RulesError("enemy_region", "only a region belonging to the enemy is devastated (12.1)")
    if not case.infantry + case.cavalry:
        raise RulesError("infantry", "name the units devastating: 12.1 gives costs for infantry and cavalry only")
    if case.province_income is None:
        raise RulesError(
            "province_income",
            f"the income of {case.region} is not in the rulebook; Control must enter it (12.1 caps the loot at it)",
        )
    return case.province_income


def loot(case: DevastationInput, income: int, working: Working) -> int:
    units = case.infantry + case.cavalry
    gold = max(LEAST_LOOT, units // UNITS_PER_TALENT)
    working.step(
        f"{units} units devastate: {'fewer than 5, 1 Talent' if units < 5 else f'{gold} Talents'}", DEVASTATION, gold
    )
    room = income - (case.looted_this_stage if case.options.cap == LootCap.WHOLE_STAGE else 0)
    working.note(
        f"Reading used: the cap ({income}) applies {case.options.cap.label.replace('_', ' ')}; 12.1 does not say",
        DEVASTATION,
    )
    if gold > room:
        gold = working.modifier(
            f"no more than the province's income allows ({max(room, 0)})", max(room, 0), DEVASTATION
        )
    return gold


@procedure(RULESET, "devastate", title="Devastation", source=DEVASTATION, takes=DevastationInput)
def devastate(case: DevastationInput, dice: Dice) -> Result:
    """12.1 Devastation: 1 Talent from the bank per full 5 devastating units (at least 1), as many tokens."""
    working = Working()
    income = check_devastation(case)
    gold = loot(case, income, working)
    mp = {"infantry": DEVASTATION_MP["infantry"], "cavalry": DEVASTATION_MP["cavalry"]}
    working.step(
        f"Each devastating infantry unit spends {mp['infantry']} MP, each cavalry unit {mp['cavalry']}", DEVASTATION
    )
    working.step(f"{gold} devastation tokens on {case.region}", DEVASTATION, gold)
    outcome = {"talents": gold, "tokens": gold, "mp_cost": mp}
    return Result.of(f"{RULESET}.devastate", outcome, working, dice)


class TokenCount(Choice):
    """12.1 "+1 VP for every 2 devastation tokens": over all the devastated lands, or territory by territory?"""

    SUMMED = "summed"
    PER_TERRITORY = "per_territory"


@dataclass(frozen=True)
class Devastated:
    territory: str = spec("The devastated territory")
    tokens: int = spec("Devastation tokens on it", min=0, max=100)


@dataclass(frozen=True)
class DevastationScoreOptions:
    """The reading devastation's VP need where 12.1 leaves the text open."""

    token_count: TokenCount = spec(
        "12.1: '+1 VP for every 2 devastation tokens' — the tokens summed over all the owner's lands (default), "
        "or counted territory by territory, an odd token on each lost",
        default=TokenCount.SUMMED,
    )


@dataclass(frozen=True)
class DevastationScoreInput:
    territories: tuple[Devastated, ...] = spec("The owner's devastated territories", min_items=1, max_items=40)
    options: DevastationScoreOptions = spec(
        "Readings of points the rulebook leaves open", default=DevastationScoreOptions()
    )


@procedure(
    RULESET,
    "devastation_in_economy",
    title="Devastation in the economy phase",
    source=DEVASTATION,
    takes=DevastationScoreInput,
)
def devastation_in_economy(case: DevastationScoreInput, dice: Dice) -> Result:
    """12.1: the owner loses income equal to the tokens; the other side gains 1 VP per 2 tokens; tokens go."""
    working = Working()
    tokens = sum(t.tokens for t in case.territories)
    working.modifier(f"The owner subtracts {tokens} Talents from his income", -tokens, DEVASTATION)
    if case.options.token_count == TokenCount.SUMMED:
        vp = tokens // TOKENS_PER_VP
    else:
        vp = sum(t.tokens // TOKENS_PER_VP for t in case.territories)
    counted = case.options.token_count.label
    working.note(
        f"Reading used: tokens counted {counted}, whole VP only (rounded down); 12.1 does not say", DEVASTATION
    )
    working.step(f"The devastating side gains {vp} VP; every devastation token is removed", DEVASTATION, vp)
    outcome = {"income_lost": tokens, "vp": vp, "tokens_removed": tokens}
    return Result.of(f"{RULESET}.devastation_in_economy", outcome, working, dice)


# ---- 12.3 Proconsulate ------------------------------------------------------------------------


@dataclass(frozen=True)
class ProconsulInput:
    consul: str = spec("Last year's consul the Roman player tries to keep")
    re_elected: bool = spec("He was drawn again as consul this year", default=False)
    defending_besieged_city: bool = spec("He commands the defence of a besieged city", default=False)
    already_tried: bool = spec("A Roman player has already tried an extension this election", default=False)


@procedure(
    RULESET,
    "proconsulate",
    title="Extend a consul as proconsul",
    source=PROCONSUL,
    takes=ProconsulInput,
    dice="d10: 6 or more keeps him",
)
def proconsulate(case: ProconsulInput, dice: Dice) -> Result:
    """12.3 Rome - Proconsulate: after the election, one previous consul stays on 1d10 of 6 or more."""
    working = Working()
    if case.re_elected:
        raise RulesError("re_elected", f"{case.consul} was re-elected: he commands as consul, no extension needed")
    if case.defending_besieged_city:
        working.step(
            f"{case.consul} commands a besieged city: he stays in it as proconsul, with his card; he dies if it falls",
            PROCONSUL,
            True,
        )
        return Result.of(f"{RULESET}.proconsulate", {"extended": True, "roll": None}, working, dice)
    if case.already_tried:
        raise RulesError("already_tried", "one and only one of the previous consuls may be tried (12.3)")
    roll = working.roll(dice, DIE, f"extending {case.consul}")
    extended = roll >= PROCONSUL_ROLL
    working.step(
        f"{roll}: {'6 or more, he stays on the map as proconsul' if extended else 'under 6, he leaves'}",
        PROCONSUL,
        extended,
    )
    if extended:
        working.note(
            "A proconsul leads as a normal leader for the year; if he dies no one replaces him; at the "
            "next elections he leaves and may be drawn again",
            PROCONSUL,
        )
    return Result.of(f"{RULESET}.proconsulate", {"extended": extended, "roll": roll}, working, dice)


# ---- 12.4 Dictatorship ------------------------------------------------------------------------


class DefeatMeasure(Choice):
    """12.4 "a loss of at least 5 VP": the opponent's VP from the battle, leaders too, or the battle VP only."""

    ALL_VP = "all_vp"
    BATTLE_VP = "battle_vp"


@dataclass(frozen=True)
class DictatorOptions:
    """The reading a dictatorship needs where 12.4 leaves the text open."""

    measure: DefeatMeasure = spec(
        "12.4 (L881): what 'a loss of at least 5 VP' counts — the opponent's battle VP and VP for Roman leaders "
        "killed (default), or the battle VP only",
        default=DefeatMeasure.ALL_VP,
    )


@dataclass(frozen=True)
class DictatorInput:
    consuls: tuple[str, ...] = spec("The consuls in office", min_items=1, max_items=2)
    dictator: str = spec("The consul the Roman player appoints")
    in_italy: bool = spec("The Roman army was beaten on the territory of Italy")
    battle_vp: int = spec("Battle VP the opponent gained (1 per full 5 units)", min=0, max=50)
    leader_vp: int = spec("VP the opponent gained for Roman leaders killed in it", min=0, max=50, default=0)
    options: DictatorOptions = spec("Readings of points the rulebook leaves open", default=DictatorOptions())
    dictator_in_office: bool = spec("A dictator is already in office", default=False)


def defeat_vp(case: DictatorInput, working: Working) -> int:
    vp = case.battle_vp + (case.leader_vp if case.options.measure == DefeatMeasure.ALL_VP else 0)
    working.step(f"Rome lost {vp} VP in the defeat", DICTATOR, vp)
    counted = "battle and leader VP" if case.options.measure == DefeatMeasure.ALL_VP else "battle VP only"
    working.note(f"Reading used: the opponent's {counted} from the defeat; 12.4 does not define the measure", DICTATOR)
    return vp


def check_dictator(case: DictatorInput, vp: int) -> None:
    if case.dictator not in case.consuls:
        raise RulesError("dictator", "one of the currently ruling consuls becomes dictator (12.4)")
    if case.dictator_in_office:
        raise RulesError("dictator_in_office", "a dictator is already in office")
    if not case.in_italy:
        raise RulesError("in_italy", "only a defeat on the territory of Italy allows a dictator (12.4)")
    if vp < DICTATOR_TRIGGER_VP:
        raise RulesError("battle_vp", f"the defeat cost Rome {vp} VP: a dictator needs a loss of at least 5")


@procedure(RULESET, "dictatorship", title="Appoint a dictator", source=DICTATOR, takes=DictatorInput)
def dictatorship(case: DictatorInput, dice: Dice) -> Result:
    """12.4 Rome - Dictatorship: after a defeat in Italy costing 5 VP, a consul rules 3 stages; a new army in Rome."""
    working = Working()
    vp = defeat_vp(case, working)
    check_dictator(case, vp)
    working.step(f"{case.dictator} is dictator for {DICTATOR_STAGES} stages: always active", DICTATOR, DICTATOR_STAGES)
    working.modifier("the dictator's Command", DICTATOR_COMMAND, DICTATOR)
    working.modifier("VP to the opponent if the dictator is eliminated, beyond his card's", DICTATOR_EXTRA_VP, DICTATOR)
    working.step(
        f"A new consular army in Rome: {DICTATOR_ARMY.describe()}; it stays after his term",
        DICTATOR,
        DICTATOR_ARMY.total,
    )
    working.note("If the dictator dies no one replaces him, unless another such defeat follows", DICTATOR)
    outcome = {
        "dictator": case.dictator,
        "stages": DICTATOR_STAGES,
        "command_bonus": DICTATOR_COMMAND,
        "always_active": True,
        "extra_vp_if_killed": DICTATOR_EXTRA_VP,
        "army": DICTATOR_ARMY.as_dict(),
    }
    return Result.of(f"{RULESET}.dictatorship", outcome, working, dice)
