"""6.0 The Carthaginian Political System: the Family in Power (6.1) and Political Climate (6.2) on the
Carthaginian PAC's tables (per-event data), the army limits (6.22-6.25), disbanding (6.3), recall and
crucifixion (6.46-6.47), and what may be raised this turn (7.13)."""

from dataclasses import dataclass
from typing import TypeVar

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import D10, RULESET, Family, Modifier, Named, cell, chart_modifiers, roll_d10, total

FAMILY_RULE = "6.1 Families"
CLIMATE_RULE = "6.21 Political Climate"
DISBAND_RULE = "6.31 Disbanding Armies"
RECALL_RULE = "6.46 Recalling Commanders"
CRUCIFIXION_RULE = "6.47 Crucifixion"
RAISE_RULE = "7.13 Political Climate"
CARTHAGINIAN_PAC = "Carthaginian Charts & Tables PAC, not in the rulebook"
FAMILY_TABLE = "Carthaginian Family Power Determination Table"
CLIMATE_TABLE = "Carthaginian Political Climate Table"
DISBAND_TABLE = "Army Disband and Commander Recall Table"
CRUCIFIXION_DRM = 2  # 6.47 "+2 DRM if the disgraced leader is from a family different from the one in power"
RECALL_ARMY_SP = 20  # 6.46 "a Carthaginian Army of at least 20 SP"

C = TypeVar("C", bound=Choice)


class Climate(Named):
    CAUTIOUS = "cautious"
    INTERESTED = "interested"
    ALERT = "alert"
    AGGRESSIVE = "aggressive"


# 6.22-6.25: Armies allowed besides Hannibal's, by Political Climate (the rule text's values for the 2nd Punic
# War Army Limit Chart, which the PAC prints).
ARMY_LIMIT = KeyedTable(
    "Armies allowed besides Hannibal's",
    "6.22 Army limits",
    {Climate.CAUTIOUS.value: 2, Climate.INTERESTED.value: 3, Climate.ALERT.value: 3, Climate.AGGRESSIVE.value: 4},
)


# ---- thunderbolt.family_in_power, thunderbolt.political_climate ---------------------------------------------------


@dataclass(frozen=True)
class FamilyModifier:
    row: str = spec("The Family Power Determination Table's modifier line, as '2nd Punic War'")
    drm: int | None = spec("Its DRM (from the data tables)", min=-9, max=9, default=None)


@dataclass(frozen=True)
class ClimateModifier:
    row: str = spec("The Political Climate Table's modifier line")
    drm: int | None = spec("Its DRM (from the data tables)", min=-9, max=9, default=None)


@dataclass(frozen=True)
class FamilyRow:
    row: str = spec("The adjusted DR, as '7'")
    family: str | None = spec("The Family in power for it: magonid or barcid", default=None)


def as_choice(kind: type[C], value: str, table: str) -> C:
    """A table's text cell as the choice it names, or a RulesError naming the table."""
    try:
        return kind(value.strip().lower())
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise RulesError("table", f"the {table}'s result {value!r} is not one of {allowed}") from None


@dataclass(frozen=True)
class FamilyInput:
    modifiers: tuple[FamilyModifier, ...] = spec(
        "The Family Power Determination Table's modifiers that apply", default=()
    )
    table: tuple[FamilyRow, ...] = spec("The table's rows, from the data tables", default=())


@procedure(RULESET, "family_in_power", title="Family in Power (B/2/a)", source=FAMILY_RULE, takes=FamilyInput, dice=D10)
def family_in_power(case: FamilyInput, dice: Dice) -> Result:
    """6.1: roll on the Carthaginian Family Power Determination Table (per-event data) with its modifiers; the
    result is the Family in power for the Game Turn."""
    working = Working()
    roll = roll_d10(working, dice, "Family in Power")
    adjusted = total(
        working, roll, chart_modifiers(case.modifiers, table=FAMILY_TABLE, source=CARTHAGINIAN_PAC, field="modifiers")
    )
    family = as_choice(
        Family,
        cell(case.table, str(adjusted), "family", table=FAMILY_TABLE, source=CARTHAGINIAN_PAC, field="table"),
        FAMILY_TABLE,
    )
    working.step(f"{family.title} in power", FAMILY_RULE, family.value)
    return Result.of(f"{RULESET}.family_in_power", {"adjusted": adjusted, "family": family.value}, working, dice)


@dataclass(frozen=True)
class ClimateRow:
    row: str = spec("The adjusted DR, as '6'")
    climate: str | None = spec("The Political Climate for it: cautious, interested, alert or aggressive", default=None)


@dataclass(frozen=True)
class ClimateInput:
    modifiers: tuple[ClimateModifier, ...] = spec("The Political Climate Table's modifiers that apply", default=())
    table: tuple[ClimateRow, ...] = spec("The table's rows, from the data tables", default=())


@procedure(
    RULESET, "political_climate", title="Political Climate (B/2/b)", source=CLIMATE_RULE, takes=ClimateInput, dice=D10
)
def political_climate(case: ClimateInput, dice: Dice) -> Result:
    """6.21-6.25: roll on the Carthaginian Political Climate Table (per-event data); Cautious allows 2 Armies
    besides Hannibal's, Interested and Alert 3, Aggressive 4."""
    working = Working()
    roll = roll_d10(working, dice, "Political Climate")
    adjusted = total(
        working, roll, chart_modifiers(case.modifiers, table=CLIMATE_TABLE, source=CARTHAGINIAN_PAC, field="modifiers")
    )
    climate = as_choice(
        Climate,
        cell(case.table, str(adjusted), "climate", table=CLIMATE_TABLE, source=CARTHAGINIAN_PAC, field="table"),
        CLIMATE_TABLE,
    )
    limit: int = ARMY_LIMIT.lookup(climate.value, working)
    outcome = {"adjusted": adjusted, "climate": climate.value, "armies_allowed": limit}
    return Result.of(f"{RULESET}.political_climate", outcome, working, dice)


# ---- thunderbolt.carthaginian_raising -----------------------------------------------------------------------------


class AssignTheaters(Choice):
    CAUTIOUS_INTERESTED_ALERT = "cautious_interested_alert"  # 3.0 B/2/e
    CAUTIOUS_INTERESTED = "cautious_interested"  # 6.24: under Alert "All armies may conduct operations in any ..."


@dataclass(frozen=True)
class RaisingOptions:
    assign_theaters: AssignTheaters = spec(
        "3.0 B/2/e and 6.24: in which climates one Army must be assigned to Africa and one to Hispania — Cautious, "
        "Interested and Alert as B/2/e lists (default), or only Cautious and Interested, as 6.24 reads",
        default=AssignTheaters.CAUTIOUS_INTERESTED_ALERT,
    )


@dataclass(frozen=True)
class RaisingInput:
    climate: Climate = spec("The Political Climate this Game Turn")
    armies: int = spec("Carthaginian Armies in play, Hannibal's aside", min=0, max=20)
    army_disbanded_this_turn: bool = spec("An Army was disbanded in the Disband Armies segment", default=False)
    options: RaisingOptions = spec("Readings of points the rulebook leaves open", default=RaisingOptions())


def may_raise(case: RaisingInput, limit: int) -> str:
    if case.armies > limit:
        return "nothing (over the limit)"
    if case.army_disbanded_this_turn:
        return "nothing (an Army was disbanded this turn)" if case.armies >= limit else "one Army"
    return "reinforcements" if case.armies == limit else "one Army or reinforcements"


@procedure(
    RULESET, "carthaginian_raising", title="What Carthage may raise this turn", source=RAISE_RULE, takes=RaisingInput
)
def carthaginian_raising(case: RaisingInput, dice: Dice) -> Result:
    """7.13: under the climate's limit, one Army or reinforcements; at the limit, reinforcements only; over it,
    none; no reinforcements after a disband in B/2/c. Tribal and provincial manpower are not limited."""
    working = Working()
    limit: int = ARMY_LIMIT.lookup(case.climate.value, working)
    allowed = may_raise(case, limit)
    working.step(f"{case.armies} Armies against {limit} allowed: {allowed}", RAISE_RULE, allowed)
    assign = case.climate in (Climate.CAUTIOUS, Climate.INTERESTED) or (
        case.climate is Climate.ALERT and case.options.assign_theaters is AssignTheaters.CAUTIOUS_INTERESTED_ALERT
    )
    working.choice(
        f"Assign Theaters (B/2/e): {'one Army to Africa, one to Hispania' if assign else 'none'}",
        "3.0 B/2/e; 6.24",
        assign,
    )
    outcome = {
        "armies_allowed": limit,
        "may_raise": allowed,
        "disband_check": case.armies > limit,
        "assign_africa_and_hispania": assign,
    }
    return Result.of(f"{RULESET}.carthaginian_raising", outcome, working, dice)


# ---- thunderbolt.army_disband, thunderbolt.commander_recall -------------------------------------------------------


class Affiliation(Named):
    SAME = "same"
    DIFFERENT_OR_NONE = "different_or_none"


@dataclass(frozen=True)
class DisbandRecallRow:
    row: str = spec("'Same' or 'Different/None', and the DR: 'Different/None 3'")
    disband: bool | None = spec("The DR is in the Disband Army range", default=None)
    recall: bool | None = spec("The DR is in the Recall Commander range", default=None)


@dataclass(frozen=True)
class DisbandInput:
    affiliation: Affiliation = spec("The Army Commander's family against the family in power")
    commanded_by_hannibal: bool = spec("Hannibal commands the Army", default=False)
    only_army_in_africa: bool = spec("It is the only Army in the Africa Theater", default=False)
    besieged: bool = spec("The Army is besieged", default=False)
    table: tuple[DisbandRecallRow, ...] = spec("The table's rows, from the data tables", default=())


def row_name(affiliation: Affiliation, roll: int) -> str:
    return f"{'Same' if affiliation is Affiliation.SAME else 'Different/None'} {roll}"


def check_disband(case: DisbandInput) -> None:
    if case.commanded_by_hannibal:
        raise RulesError("commanded_by_hannibal", "an Army commanded by Hannibal is exempt (6.31)")
    if case.only_army_in_africa or case.besieged:
        raise RulesError(
            "only_army_in_africa" if case.only_army_in_africa else "besieged",
            "only an unbesieged Army, not the only one in Africa, may be selected (6.31-6.32)",
        )


@procedure(
    RULESET,
    "army_disband",
    title="Disband check for an excess Army (B/2/c)",
    source=DISBAND_RULE,
    takes=DisbandInput,
    dice=D10,
)
def army_disband(case: DisbandInput, dice: Dice) -> Result:
    """6.31-6.33: over the climate's limit, select an unbesieged Army and roll on the Army Disband and Commander
    Recall Table (per-event data) in its commander's row; in the Disband Army range it disbands. Hannibal's Army
    is exempt."""
    working = Working()
    check_disband(case)
    roll = roll_d10(working, dice, "Army Disband")
    disband: bool = cell(
        case.table,
        row_name(case.affiliation, roll),
        "disband",
        table=DISBAND_TABLE,
        source=CARTHAGINIAN_PAC,
        field="table",
    )
    working.step(
        f"{row_name(case.affiliation, roll)}: {'disbands' if disband else 'remains in play'}", DISBAND_RULE, disband
    )
    if disband:
        working.step(
            "Citizens to Carthage province or their box; Allies to cities or their box; Tribal Levies to "
            "their boxes; Provincial Allies go home; the commander to the pool",
            "6.33-6.34",
        )
    return Result.of(f"{RULESET}.army_disband", {"disband": disband}, working, dice)


class RecallCause(Named):
    LOST_BATTLE = "lost_battle"
    LOST_CITY = "lost_city"
    LAST_SP_LOST = "last_sp_lost"
    VOLUNTARY = "voluntary"


class AutomaticRecall(Choice):
    NO_CRUCIFIXION = "no_crucifixion"  # 6.47 names only recalls "because of failure (as in 6.46)" by die roll
    CRUCIFIXION = "crucifixion"  # losing the army's last SP is a failure too


@dataclass(frozen=True)
class RecallOptions:
    automatic_recall: AutomaticRecall = spec(
        "6.47: whether an automatic recall (the army lost its last SP) checks for Crucifixion — no (default), "
        "or yes, as a failure",
        default=AutomaticRecall.NO_CRUCIFIXION,
    )


@dataclass(frozen=True)
class RecallInput:
    cause: RecallCause = spec("Why the commander faces recall")
    affiliation: Affiliation = spec("His family against the family in power")
    mortality: int = spec("His Mortality Rating", min=0, max=9)
    army_sp: int = spec("SP of his Army in the lost battle", min=0, max=999, default=RECALL_ARMY_SP)
    table: tuple[DisbandRecallRow, ...] = spec("The Army Disband and Commander Recall Table's rows", default=())
    options: RecallOptions = spec("Readings of points the rulebook leaves open", default=RecallOptions())


def recalled(case: RecallInput, dice: Dice, working: Working) -> bool:
    if case.cause in (RecallCause.LAST_SP_LOST, RecallCause.VOLUNTARY):
        working.step(f"{case.cause.label}: recalled, no die roll", RECALL_RULE)
        return True
    if case.cause is RecallCause.LOST_BATTLE and case.army_sp < RECALL_ARMY_SP:
        raise RulesError("army_sp", "only a battle lost with an Army of at least 20 SP brings a recall (6.46)")
    roll = roll_d10(working, dice, "Commander Recall")
    recall: bool = cell(
        case.table,
        row_name(case.affiliation, roll),
        "recall",
        table=DISBAND_TABLE,
        source=CARTHAGINIAN_PAC,
        field="table",
    )
    working.step(
        f"{row_name(case.affiliation, roll)}: {'recalled' if recall else 'remains in command'}", RECALL_RULE, recall
    )
    return recall


def faces_crucifixion(case: RecallInput) -> bool:
    if case.cause is RecallCause.VOLUNTARY:
        return False
    return case.cause is not RecallCause.LAST_SP_LOST or case.options.automatic_recall is AutomaticRecall.CRUCIFIXION


def crucifixion(case: RecallInput, dice: Dice, working: Working) -> bool:
    roll = roll_d10(working, dice, "Crucifixion")
    drm: list[Modifier] = (
        [("Family different from the one in power", CRUCIFIXION_DRM, CRUCIFIXION_RULE)]
        if case.affiliation is Affiliation.DIFFERENT_OR_NONE
        else []
    )
    adjusted = total(working, roll, drm)
    crucified = adjusted > case.mortality
    working.step(
        f"{adjusted} against Mortality {case.mortality}: {'crucified' if crucified else 'escapes'}",
        CRUCIFIXION_RULE,
        crucified,
    )
    return crucified


@procedure(
    RULESET,
    "commander_recall",
    title="Commander recall and Crucifixion",
    source=RECALL_RULE,
    takes=RecallInput,
    dice=f"{D10} to recall; {D10} for Crucifixion",
)
def commander_recall(case: RecallInput, dice: Dice) -> Result:
    """6.46-6.47: after a lost battle (Army 20+ SP) or a lost Medium/Large city, roll on the Army Disband and
    Commander Recall Table (per-event data); a commander recalled for failure then rolls for Crucifixion, +2 if
    not of the family in power: higher than his Mortality, out of the game. Recall takes effect at the next
    Carthaginian LAM."""
    working = Working()
    recall = recalled(case, dice, working)
    check = recall and faces_crucifixion(case)
    if case.cause is RecallCause.LAST_SP_LOST:
        working.choice(f"Automatic recall: {case.options.automatic_recall.label}", CRUCIFIXION_RULE)
    crucified = crucifixion(case, dice, working) if check else False
    if recall:
        working.note("Recall takes effect when the next Carthaginian LAM is drawn; remove his LAMs", RECALL_RULE)
    outcome = {"recalled": recall, "crucified": crucified, "to_pool": recall and not crucified}
    return Result.of(f"{RULESET}.commander_recall", outcome, working, dice)
