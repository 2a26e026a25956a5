"""5.0 Roman Manpower: the Legion (2.2), raising Legions and reinforcements on the 2nd Punic War Legion Request
Table (5.1-5.2, the table itself per-event data), training (5.16), discipline (5.4), disbanding (5.3), and the
Marine and Slave Legions (5.5)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Named, Outcome, cell, roll_d10, total

LEGION_RULE = "2.2 The Counters: Republican Legion"
REQUEST_RULE = "5.13 Raising Legions"
REINFORCEMENT_RULE = "5.22 Raising Reinforcements"
TRAINING_RULE = "5.16 Legion training"
DISCIPLINE_RULE = "5.41 Roman Discipline"
REQUEST_TABLE = "2nd Punic War Legion Request Table"
ROMAN_PAC = "Roman Charts & Tables PAC, not in the rulebook"
REINFORCEMENT_COLUMN = "0-6"  # 5.22 "he always uses the "0-6" column"
AUXILIARY_ROLLS = (9, 10)  # 5.17 "an adjusted DR of 9 or 10"
AUXILIARY_SP = 6  # 5.17 "a self-contained 6 SP contingent"
VETERAN_FROM = 7  # 5.16 "If the DR is 7 or more, the Legion is now Veteran"
CAVALRY_EVERY = 8  # 5.22 "Every 8th SP raised is considered cavalry"
VETERAN_CITIZEN_INFANTRY = 6  # 5.42 "at least 6 SP of Roman Citizen Infantry"
MAJOR_DEFEAT_CITIZENS = 5  # 5.41 "5 SP or less Citizen Infantry"
ENEMY_IN_ITALY = 20  # 5.12 "an enemy land force of at least 20 SP anywhere in Roman Italy"
SLAVE_LEGIONS = {"legions": 2, "ala_infantry": 8, "italian_auxiliaries": 6}  # 5.52

# 2.2: a newly raised Legion, and the most its infantry may be reinforced to.
NEW_LEGION = KeyedTable(
    "A newly raised Legion (SP)",
    LEGION_RULE,
    {"citizen_infantry": 9, "citizen_cavalry": 1, "ala_infantry": 9, "ala_cavalry": 3},
)
LEGION_CAPS = KeyedTable(
    "Legion infantry reinforced at most to (SP)", LEGION_RULE, {"citizen_infantry": 10, "ala_infantry": 12}
)


class Raising(Named):
    LEGIONS = "legions"
    REINFORCEMENTS = "reinforcements"


@dataclass(frozen=True)
class LegionRequestRow:
    row: str = spec("'0-6: 8': the column (Legions in play) and the adjusted DR")
    legions: int | None = spec("New Legions raised", min=0, max=20, default=None)
    reinforcement_sp: int | None = spec("The bracketed reinforcement SP", min=0, max=99, default=None)


@dataclass(frozen=True)
class RequestInput:
    raising: Raising = spec("Legions, or reinforcement SP")
    column: str = spec(
        "The table's column for the Legions in play (reinforcements always use '0-6')", default=REINFORCEMENT_COLUMN
    )
    ns_levels_constructed: int = spec("NS levels built this GT (-2 each, 8.12)", min=0, max=20, default=0)
    squadrons_built: int = spec("ANS squadrons built this GT (-1 each, 13.16)", min=0, max=20, default=0)
    raid_drm: int = spec("Net ANS raid DRM from last GT's raids (13.64)", min=-20, max=20, default=0)
    table: tuple[LegionRequestRow, ...] = spec("The Legion Request Table's rows, from the data tables", default=())
    by_manpower_operation: bool = spec(
        "Raised by a Dictator's or Consul's Manpower Operation (else in B/3/b)", default=False
    )
    enemy_sp_in_roman_italy: int = spec(
        "(Manpower Operation) Enemy land SP in the largest force in Roman Italy", min=0, max=999, default=0
    )
    leader_unbesieged_in_roman_italy: bool = spec(
        "(Manpower Operation) The leader is in Roman Italy, not besieged", default=True
    )


def check_manpower_operation(case: RequestInput) -> None:
    if not case.by_manpower_operation:
        return
    if case.enemy_sp_in_roman_italy < ENEMY_IN_ITALY:
        raise RulesError(
            "enemy_sp_in_roman_italy",
            "a Manpower Operation needs an enemy land force of at least 20 SP in Roman Italy (5.12)",
        )
    if not case.leader_unbesieged_in_roman_italy:
        raise RulesError(
            "leader_unbesieged_in_roman_italy", "the Dictator or Consul must be in Roman Italy and not besieged (5.12)"
        )


def request_modifiers(case: RequestInput) -> list[Modifier]:
    found: list[Modifier] = []
    if case.ns_levels_constructed:
        found.append(("NS levels constructed (twice their number)", -2 * case.ns_levels_constructed, "8.12"))
    if case.squadrons_built:
        found.append(("Squadrons built", -case.squadrons_built, "13.16"))
    if case.raid_drm:
        found.append(("Raids last Game Turn", case.raid_drm, "13.64"))
    return found


def reinforcement_split(sp: int) -> dict[str, int]:
    cavalry = sp // CAVALRY_EVERY
    return {"sp": sp, "infantry": sp - cavalry, "cavalry": cavalry}


@procedure(
    RULESET,
    "legion_request",
    title="Legion Request Table: Legions or reinforcements",
    source=REQUEST_RULE,
    takes=RequestInput,
    dice=D10,
)
def legion_request(case: RequestInput, dice: Dice) -> Result:
    """5.13, 5.17, 5.22: roll on the 2nd Punic War Legion Request Table (per-event data) in the column for the
    Legions in play; reinforcements use the "0-6" column's bracketed SP, every 8th SP cavalry; an adjusted 9 or
    10 raising Legions also brings one 6 SP Auxiliary contingent."""
    working = Working()
    check_manpower_operation(case)
    column = REINFORCEMENT_COLUMN if case.raising is Raising.REINFORCEMENTS else case.column
    roll = roll_d10(working, dice, f"Legion Request Table ({case.raising.label})")
    adjusted = total(working, roll, request_modifiers(case))
    wanted = "legions" if case.raising is Raising.LEGIONS else "reinforcement_sp"
    value: int = cell(case.table, f"{column}: {adjusted}", wanted, table=REQUEST_TABLE, source=ROMAN_PAC, field="table")
    working.step(f"Column {column}, row {adjusted}: {value} {wanted.replace('_', ' ')}", REQUEST_TABLE, value)
    if case.raising is Raising.REINFORCEMENTS:
        outcome = reinforcement_split(value)
        working.step(
            f"{outcome['infantry']} infantry and {outcome['cavalry']} cavalry (every 8th SP; an infantry "
            "SP may replace each)",
            REINFORCEMENT_RULE,
        )
        if case.by_manpower_operation:
            working.note("By Manpower Operation: only Legions in Roman Italy, and not in a besieged Roma", "5.21; 5.23")
        return Result.of(f"{RULESET}.legion_request", {"adjusted": adjusted, **outcome}, working, dice)
    auxiliaries = adjusted in AUXILIARY_ROLLS
    if auxiliaries:
        working.step("Adjusted 9 or 10: one 6 SP Auxiliary contingent may also be raised", "5.17")
    outcome = {"adjusted": adjusted, "legions": value, "auxiliaries": auxiliaries}
    return Result.of(f"{RULESET}.legion_request", outcome, working, dice)


# ---- thunderbolt.legion_training ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainingInput:
    legions: tuple[str, ...] = spec("The newly raised Legions placed in Rome that stayed there", min_items=1)
    praetor_urbanus_stayed: bool = spec("The Praetor Urbanus was present and did not leave Rome", default=True)


@procedure(
    RULESET,
    "legion_training",
    title="Legion training in Rome (G/2)",
    source=TRAINING_RULE,
    takes=TrainingInput,
    dice=f"{D10} per Legion",
)
def legion_training(case: TrainingInput, dice: Dice) -> Result:
    """5.16: each new Legion that stayed in Rome with the Praetor Urbanus rolls: 7 or more, Veteran; else
    Recruit. No training if the Praetor Urbanus left Rome."""
    working = Working()
    if not case.praetor_urbanus_stayed:
        working.step("The Praetor Urbanus left Rome: no training", TRAINING_RULE)
        return Result.of(f"{RULESET}.legion_training", {name: "recruit" for name in case.legions}, working, dice)
    outcome: dict[str, str] = {}
    for name in case.legions:
        roll = roll_d10(working, dice, f"training Legion {name}")
        outcome[name] = "veteran" if roll >= VETERAN_FROM else "recruit"
        working.step(f"Legion {name}: {roll} → {outcome[name]}", TRAINING_RULE, outcome[name])
    return Result.of(f"{RULESET}.legion_training", outcome, working, dice)


# ---- thunderbolt.roman_discipline ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LegionInBattle:
    name: str = spec("The Legion")
    veteran: bool = spec("It is Veteran")
    citizen_infantry: int = spec("Its Citizen Infantry SP after the battle", min=0, max=10)
    sp_lost: int = spec("SP it lost in the battle", min=0, max=40, default=0)


@dataclass(frozen=True)
class DisciplineInput:
    outcome: Outcome = spec("The Roman side's result in the battle (not a Siege)")
    legions: tuple[LegionInBattle, ...] = spec("The Roman Legions that took part", min_items=1)


def demotions(case: DisciplineInput) -> list[str]:
    veterans = [legion for legion in case.legions if legion.veteran]
    if not veterans:
        return []
    if case.outcome is Outcome.MAJOR_DEFEAT:
        weak = [legion.name for legion in veterans if legion.citizen_infantry <= MAJOR_DEFEAT_CITIZENS]
        return weak or ["one Veteran Legion of the Roman player's choice"]
    most = max(legion.sp_lost for legion in veterans)
    tied = [legion.name for legion in veterans if legion.sp_lost == most]
    return tied if len(tied) == 1 else [f"one of {', '.join(tied)} (Roman player's choice)"]


@procedure(
    RULESET, "roman_discipline", title="Roman discipline after a battle", source=DISCIPLINE_RULE, takes=DisciplineInput
)
def roman_discipline(case: DisciplineInput, dice: Dice) -> Result:
    """5.41: a Winner promotes one participating Legion to Veteran, two after a Major Victory; a Loser demotes the
    Veteran Legion that lost most SP; after a Major Defeat every Veteran Legion with 5 or fewer Citizen Infantry
    SP, and at least one."""
    working = Working()
    promote = {Outcome.MAJOR_VICTORY: 2, Outcome.VICTORY: 1}.get(case.outcome, 0)
    demote = demotions(case) if case.outcome in (Outcome.DEFEAT, Outcome.MAJOR_DEFEAT) else []
    working.step(f"{case.outcome.label}: promote {promote} Legion(s) to Veteran", DISCIPLINE_RULE, promote)
    for name in demote:
        working.step(f"Demote to Recruit: {name}", DISCIPLINE_RULE)
    return Result.of(f"{RULESET}.roman_discipline", {"promote": promote, "demote": demote}, working, dice)


# ---- thunderbolt.disband_legions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DisbandLegion:
    name: str = spec("The Legion")
    has_leader: bool = spec("It has a leader after prorogue")
    besieged: bool = spec("It is besieged", default=False)
    ca_partner: str = spec("The other Legion of its CA ('' if none)", default="")


@dataclass(frozen=True)
class DisbandInput:
    disband: tuple[DisbandLegion, ...] = spec("The Legions the Roman player would disband", min_items=1)


@procedure(
    RULESET, "disband_legions", title="Disbanding Legions (B/1/a)", source="5.31 Disbanding Legions", takes=DisbandInput
)
def disband_legions(case: DisbandInput, dice: Dice) -> Result:
    """5.31: after prorogue, any unbesieged Legion without a leader may be disbanded; both Legions of a CA
    together."""
    working = Working()
    names = {legion.name for legion in case.disband}
    for index, legion in enumerate(case.disband):
        if legion.has_leader or legion.besieged:
            raise RulesError(
                f"disband.{index}",
                f"Legion {legion.name}: only unbesieged Legions without a leader may be disbanded (5.31)",
            )
        if legion.ca_partner and legion.ca_partner not in names:
            raise RulesError(
                f"disband.{index}.ca_partner",
                f"Legion {legion.name}: both Legions of a CA are disbanded together; add {legion.ca_partner} (5.31)",
            )
        working.step(f"Legion {legion.name} disbanded", "5.31")
    return Result.of(f"{RULESET}.disband_legions", {"disbanded": sorted(names)}, working, dice)


# ---- thunderbolt.marine_legion, thunderbolt.slave_legions ---------------------------------------------------------


@dataclass(frozen=True)
class MarineInput:
    major_emergency: bool = spec("A Major State of Emergency exists")
    sp_taken: int | None = spec("SP the Roman player takes (at most the roll; none: all)", min=0, max=9, default=None)
    ostia_enemy_controlled: bool = spec("Ostia is enemy-controlled", default=False)


@procedure(
    RULESET, "marine_legion", title="Raise the Marine Legion", source="5.51 Marine Legion", takes=MarineInput, dice=D10
)
def marine_legion(case: MarineInput, dice: Dice) -> Result:
    """5.51: only in a Major State of Emergency; the DR is its greatest strength (Ala counters), which the Roman
    may reduce; each SP costs one NS Level. It stays Recruit and cannot be reinforced."""
    working = Working()
    if not case.major_emergency:
        raise RulesError("major_emergency", "the Marine Legion is raised only in a Major State of Emergency (5.51)")
    most = roll_d10(working, dice, "Marine Legion strength")
    taken = most if case.sp_taken is None else case.sp_taken
    if taken > most:
        raise RulesError("sp_taken", f"the Marine Legion may have at most {most} SP, the roll (5.51)")
    place = "Roma" if case.ostia_enemy_controlled else "Ostia"
    working.step(
        f"Marine Legion: {taken} SP of a possible {most}, placed in {place}; reduce {taken} NS Level(s)", "5.51", taken
    )
    outcome = {"max_sp": most, "sp": taken, "ns_levels_reduced": taken, "placed": place}
    return Result.of(f"{RULESET}.marine_legion", outcome, working, dice)


@dataclass(frozen=True)
class SlaveInput:
    major_emergency: bool = spec("A Major State of Emergency exists")


@procedure(RULESET, "slave_legions", title="Raise the Slave Legions", source="5.52 Slave Legions", takes=SlaveInput)
def slave_legions(case: SlaveInput, dice: Dice) -> Result:
    """5.52: in a Major State of Emergency, two Slave Legions of 8 SP Ala infantry each, with 6 Italian Auxiliary
    SP attached to each; commanded only by the Dictator/ME or a Consul; Recruit; never out of Roman Italy."""
    working = Working()
    if not case.major_emergency:
        raise RulesError("major_emergency", "Slave Legions are raised only in a Major State of Emergency (5.52)")
    working.step(
        "Two Slave Legions, 8 SP Ala infantry each, 6 Italian Auxiliary SP attached to each, in any "
        "Roman-controlled city in Roman Italy",
        "5.52",
    )
    working.note(
        "In battle, +/-1 DRM in favour of the opposing player; disbanded at the end of the Election "
        "segment if no State of Emergency remains",
        "5.52; 5.53",
    )
    return Result.of(f"{RULESET}.slave_legions", dict(SLAVE_LEGIONS), working, dice)
