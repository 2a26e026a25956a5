"""The battle and the siege rolls carried to their result: this rulebook's DRMs (thunderbolt.battle_modifiers,
thunderbolt.siege_modifiers) on one DR, read on the AW Battle Results Table (AW 8.0) or the AW Siege Assault and
Siege Attrition Tables (AW 9.0). None of the three is printed in the Thunderbolt rulebook: each is per-event data;
the one BRT line the text gives (9.16, "-3 on the BRT, for a 20/5 result", a Major Victory for the defender) is
pre-filled."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, Outcome, PercentageLossRow, cell, percentage_of, roll_d10, total
from .rollups import BattleInput, SiegeInput, SiegeRoll, assault_modifiers, attrition_modifiers, battle_drms

BRT = "Battle Results Table"
BRT_SOURCE = "AW 8.0, not in the Thunderbolt rulebook"
BATTLE_RULE = "AW 8.0 Land Combat; 9.16"
ASSAULT_TABLE = "Siege Assault Table"
ATTRITION_TABLE = "Siege Attrition Table"
SIEGE_SOURCE = "AW 9.0, not in the Thunderbolt rulebook"
MIRROR = {
    Outcome.MAJOR_VICTORY: Outcome.MAJOR_DEFEAT,
    Outcome.VICTORY: Outcome.DEFEAT,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.DEFEAT: Outcome.VICTORY,
    Outcome.MAJOR_DEFEAT: Outcome.MAJOR_VICTORY,
}


@dataclass(frozen=True)
class BattleResultRow:
    row: str = spec("The adjusted Battle DR, as '-3'")
    attacker_loss: int | None = spec("The attacker's loss, % of his SP", min=0, max=100, default=None)
    defender_loss: int | None = spec("The defender's loss, % of his SP", min=0, max=100, default=None)
    attacker_outcome: Outcome | None = spec("The attacker's result (AW 8.51-8.52)", default=None)


@dataclass(frozen=True)
class BattleResultInput(BattleInput):
    attacker_sp: int | None = spec("The attacker's SP (none: his loss is not worked out)", min=1, max=999, default=None)
    defender_sp: int | None = spec("The defender's SP (none: his loss is not worked out)", min=1, max=999, default=None)
    table: tuple[BattleResultRow, ...] = spec("The AW Battle Results Table, from the data tables", default=())
    percentage_loss: tuple[PercentageLossRow, ...] = spec(
        "The Percentage Loss Chart's cells, from the data tables", default=()
    )


def brt_line(case: BattleResultInput, adjusted: int, working: Working) -> tuple[int, int, Outcome]:
    row = str(adjusted)
    found = [
        cell(case.table, row, column, table=BRT, source=BRT_SOURCE, field="table")
        for column in ("attacker_loss", "defender_loss", "attacker_outcome")
    ]
    attacker_loss, defender_loss, outcome = found[0], found[1], Outcome(found[2])
    working.step(f"{BRT}, {row}: {attacker_loss}/{defender_loss}", BATTLE_RULE, (attacker_loss, defender_loss))
    working.step(f"The attacker: {outcome.label}; the defender: {MIRROR[outcome].label}", "AW 8.51-8.52", outcome)
    return attacker_loss, defender_loss, outcome


def sp_lost(case: BattleResultInput, percent: int, sp: int | None, side: str, working: Working) -> int | None:
    if sp is None:
        return None
    return percentage_of(
        case.percentage_loss,
        percent,
        sp,
        field="percentage_loss",
        working=working,
        rule=f"{BATTLE_RULE}: the {side}'s loss",
    )


@procedure(
    RULESET,
    "battle",
    title="Land battle: the Battle DR on the Battle Results Table",
    source=BATTLE_RULE,
    takes=BattleResultInput,
    dice=f"{D10}, the attacker's",
)
def battle(case: BattleResultInput, dice: Dice) -> Result:
    """AW 8.0 with this rulebook's DRMs (4.92, 5.42, 5.52, 6.71, 13.74, and the umpire's AW odds, tactics and
    cavalry DRMs): the attacker rolls one Battle DR; the adjusted DR's line of the BRT gives each side's loss in %
    and the result (9.16: "-3 on the BRT, for a 20/5 result ... a Major Victory for the Carthaginians", the
    defenders); each side's SP lost come off the Percentage Loss Chart."""
    working = Working()
    modifiers = battle_drms(case, working)
    roll = roll_d10(working, dice, "Battle DR (the attacker)")
    adjusted = total(working, roll, modifiers)
    attacker_loss, defender_loss, outcome = brt_line(case, adjusted, working)
    result = {
        "adjusted": adjusted,
        "attacker_loss": attacker_loss,
        "defender_loss": defender_loss,
        "attacker_outcome": outcome.value,
        "defender_outcome": MIRROR[outcome].value,
        "attacker_sp_lost": sp_lost(case, attacker_loss, case.attacker_sp, "attacker", working),
        "defender_sp_lost": sp_lost(case, defender_loss, case.defender_sp, "defender", working),
    }
    working.note(
        "Then this rulebook's hooks: discipline (5.41), Recall (6.46), Emergency (4.57), alliances "
        "(10.12), tribes (9.12, 9.17), Gallic losses (9.5), Triumph (4.71)",
        "3.12 of the extraction",
    )
    return Result.of(f"{RULESET}.battle", result, working, dice)


@dataclass(frozen=True)
class SiegeAssaultRow:
    row: str = spec("The adjusted Siege Assault DR, as '6'")
    result: str | None = spec("The table's result", default=None)


@dataclass(frozen=True)
class SiegeAttritionRow:
    row: str = spec("The adjusted Siege Attrition DR, as '6'")
    result: str | None = spec("The table's result", default=None)


@dataclass(frozen=True)
class SiegeResultInput(SiegeInput):
    assault_table: tuple[SiegeAssaultRow, ...] = spec("The AW Siege Assault Table, from the data tables", default=())
    attrition_table: tuple[SiegeAttritionRow, ...] = spec(
        "The AW Siege Attrition Table, from the data tables", default=()
    )


@procedure(
    RULESET,
    "siege",
    title="Siege Assault or Siege Attrition: the DR on the AW siege table",
    source="AW 9.0; 4.92, 13.9",
    takes=SiegeResultInput,
    dice=f"{D10}: the assaulting player's, or the besieged player's for Siege Attrition (13.9)",
)
def siege(case: SiegeResultInput, dice: Dice) -> Result:
    """AW 9.0 with 4.92 and 13.9: a Siege Assault DR (the assaulter's: -1 per Roman Legion over efficiency, +2/-2
    for Fleets of one side) or a Siege Attrition DR (the besieged player's, 13.9: +1 per 2 Roman Legions over,
    +3/-3 for the port held by one side's Fleet), read on the AW table for it."""
    working = Working()
    assault = case.roll is SiegeRoll.ASSAULT
    modifiers = assault_modifiers(case) if assault else attrition_modifiers(case)
    roll = roll_d10(working, dice, "Siege Assault DR" if assault else "Siege Attrition DR (the besieged player)")
    adjusted = total(working, roll, modifiers)
    name, rows = (ASSAULT_TABLE, case.assault_table) if assault else (ATTRITION_TABLE, case.attrition_table)
    result = cell(
        rows,
        str(adjusted),
        "result",
        table=name,
        source=SIEGE_SOURCE,
        field="assault_table" if assault else "attrition_table",
    )
    working.step(f"{name}, {adjusted}: {result}", "AW 9.0", result)
    working.note(
        "A captured city: Gallic Looting (9.6), Recall (6.46), Triumph (4.71), alliances (10.12), Fleets "
        "in port (13.9)",
        "3.13 of the extraction",
    )
    return Result.of(f"{RULESET}.siege", {"adjusted": adjusted, "result": result}, working, dice)
