"""12.0 Auguries: the roll on the scenario's Augury Table and its Conditional Event; 12.1 Revolts and 11.0
Macedonia, the events the rulebook itself explains. The 2nd Punic War Auguries table, its Conditional Events Chart
and the First Macedonian War Table are on PACs the text does not print: all three are per-event data, with the ANS
replacement lines of 13.10 given."""

from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Named, cell, roll_d10, total

AUGURY_RULE = "12.0 Auguries"
AUGURY_TABLE = "Augury Table"
CONDITIONAL_CHART = "Conditional Events Chart"
AUGURIES_PAC = "the scenario's Auguries PAC, not in the rulebook"
REVOLT_RULE = "12.1 Revolts"
MACEDONIA_RULE = "11.4 Resolving the Event"
MACEDONIAN_TABLE = "First Macedonian War Table"
SCENARIOS_PAC = "2nd Punic War Scenarios PAC, not in the rulebook"
MACEDONIA_LEGIONS = 4  # 11.31 "No more than four Legions may occupy the holding box"
FLEET_DRM_LIMIT = 4  # 13.10 "DRM minimum/maximum is -4/+4"
FLEET = "the largest Roman Fleet adjacent to/in the Mare Adriaticum"

# 13.10: with the Advanced Naval System, these entries replace the First Macedonian War Table's.
ANS_MACEDONIAN_LINES = KeyedTable(
    "First Macedonian War Table: ANS entries",
    "13.10 Augury Adjustments",
    {
        "0 or less": f"Macedonians smash Roman fleet: Eliminate 80% of {FLEET}. Roll for Leader Casualty if one present.",
        "1": f"Macedonians surprise Roman fleet: Eliminate 30% of {FLEET}. Roll for Leader Casualty if one present. "
        "Fleet is Scattered.",
        "2": f"Macedonians win naval skirmish: Eliminate 10% of {FLEET}. Roll for Leader Casualty if one present.",
        "13": f"Romans Win Naval Battle: Romans receive 2 Squadrons; place with {FLEET}. No Crew Rating adjustment. "
        "+2 DRM to the next DR (only) on this table.",
    },
)


class Target(Named):
    GARRISONED_CITY = "garrisoned_city"
    UNGARRISONED_CITY = "ungarrisoned_city"
    GARRISONED_SETTLEMENT = "garrisoned_settlement"
    UNGARRISONED_SETTLEMENT = "ungarrisoned_settlement"
    TRIBE = "tribe"


@dataclass(frozen=True)
class RevoltInput:
    target: Target = spec("What the Augury event selects")
    sads: int | None = spec("A garrisoned city's or settlement's SADS (AW)", min=0, max=99, default=None)


def garrison_revolt(case: RevoltInput, dice: Dice, working: Working) -> bool:
    if case.sads is None:
        raise RulesError("sads", "a garrisoned target needs its SADS (an AW value the umpire enters)")
    roll = roll_d10(working, dice, "revolt (the unaffected player)")
    eliminated = roll > case.sads
    working.step(
        f"{roll} against SADS {case.sads}: "
        f"{'the garrison is eliminated, any control marker removed' if eliminated else 'the garrison holds'}",
        REVOLT_RULE,
        eliminated,
    )
    return eliminated


@procedure(
    RULESET, "revolt", title="Augury: a Revolt", source=REVOLT_RULE, takes=RevoltInput, dice=f"{D10} for a garrison"
)
def revolt(case: RevoltInput, dice: Dice) -> Result:
    """12.1: a garrison is eliminated if the unaffected player rolls higher than its SADS; an ungarrisoned target
    loses its control marker, and a city takes an In Revolt marker (hostile to its ally, friendly to the other);
    a Tribe takes an In Revolt marker and loses any Pacified one."""
    working = Working()
    garrisoned = case.target in (Target.GARRISONED_CITY, Target.GARRISONED_SETTLEMENT)
    eliminated = garrison_revolt(case, dice, working) if garrisoned else False
    in_revolt = case.target in (Target.UNGARRISONED_CITY, Target.TRIBE)
    if case.target in (Target.UNGARRISONED_CITY, Target.UNGARRISONED_SETTLEMENT):
        working.step("Remove any control marker", REVOLT_RULE)
    if in_revolt:
        working.step(
            "Place an In Revolt marker"
            + (" and remove any Pacified marker; allegiance and depletion stay" if case.target is Target.TRIBE else ""),
            REVOLT_RULE,
        )
    outcome = {"garrison_eliminated": eliminated, "in_revolt": in_revolt}
    return Result.of(f"{RULESET}.revolt", outcome, working, dice)


class CarthaginianAmbassador(Choice):
    AGAINST_ROME = "against_rome"  # each side's result helps its own cause: the Carthaginian's is subtracted
    AS_ROLLED = "as_rolled"  # both results are added as they stand


@dataclass(frozen=True)
class MacedoniaOptions:
    carthaginian_ambassador: CarthaginianAmbassador = spec(
        "11.4: how the Carthaginian ambassador's numerical result counts on the Roman's roll — against Rome, "
        "subtracted (default), or added as it stands",
        default=CarthaginianAmbassador.AGAINST_ROME,
    )


@dataclass(frozen=True)
class MacedonianRow:
    row: str = spec(
        "The adjusted DR, '0 or less', '13' …, 'D' for the number a D result counts, 'Legion in the box', 'Empty box'"
    )
    result: str | None = spec("The table's entry, or a DRM for the 'D'/'Legion'/'Empty box' rows", default=None)


@dataclass(frozen=True)
class MacedoniaInput:
    legions_in_box: int = spec("Roman Legions in the Macedonia Holding box", min=0, max=MACEDONIA_LEGIONS)
    roman_ambassador: str | None = spec(
        "The Roman ambassador's Ambassador Table result: a number or D (none: no ambassador)", default=None
    )
    carthaginian_ambassador: str | None = spec("The Carthaginian ambassador's result: a number or D", default=None)
    ans_fleet_difference: int | None = spec(
        "ANS: Roman less Carthaginian squadrons in the largest Fleets in or next "
        "to the Mare Adriaticum, an Admiral 1, a notable one 2",
        min=-40,
        max=40,
        default=None,
    )
    table: tuple[MacedonianRow, ...] = spec("The First Macedonian War Table's rows, from the data tables", default=())
    options: MacedoniaOptions = spec("Readings of points the rulebook leaves open", default=MacedoniaOptions())


def ambassador_drm(result: str, table: Sequence[MacedonianRow]) -> int:
    if result.strip().upper() == "D":
        result = cell(table, "D", "result", table=MACEDONIAN_TABLE, source=SCENARIOS_PAC, field="table")
    try:
        return int(result)
    except ValueError:
        raise RulesError("table", f"an ambassador's result {result!r} is neither a number nor D") from None


def macedonia_modifiers(case: MacedoniaInput) -> list[Modifier]:
    found: list[Modifier] = []
    if case.roman_ambassador is not None:
        found.append(("Roman ambassador", ambassador_drm(case.roman_ambassador, case.table), "11.4"))
    if case.carthaginian_ambassador is not None:
        sign = -1 if case.options.carthaginian_ambassador is CarthaginianAmbassador.AGAINST_ROME else 1
        found.append(
            ("Carthaginian ambassador", sign * ambassador_drm(case.carthaginian_ambassador, case.table), "11.4")
        )
    key = "Legion in the box" if case.legions_in_box else "Empty box"
    found.append(
        (
            key,
            int(cell(case.table, key, "result", table=MACEDONIAN_TABLE, source=SCENARIOS_PAC, field="table")),
            "11.31",
        )
    )
    if case.ans_fleet_difference is not None:
        limited = max(-FLEET_DRM_LIMIT, min(FLEET_DRM_LIMIT, case.ans_fleet_difference))
        found.append(("ANS: the largest Fleets' difference (-4 to +4)", limited, "13.10"))
    return [m for m in found if m[1]]


def table_row(adjusted: int) -> str:
    return "0 or less" if adjusted <= 0 else str(adjusted)


@procedure(
    RULESET,
    "macedonian_war",
    title="The First Macedonian War event",
    source=MACEDONIA_RULE,
    takes=MacedoniaInput,
    dice=D10,
)
def macedonian_war(case: MacedoniaInput, dice: Dice) -> Result:
    """11.4, 11.31, 13.10: the ambassadors' Ambassador Table results are DRMs (a D counts as the table says); the
    Legions in the Macedonia box and, with the ANS, the largest Fleets' difference (-4 to +4) modify the Roman's
    roll on the First Macedonian War Table (per-event data; 13.10 replaces its 0-or-less, 1, 2 and 13 lines)."""
    working = Working()
    roll = roll_d10(working, dice, MACEDONIAN_TABLE)
    adjusted = total(working, roll, macedonia_modifiers(case))
    row = table_row(adjusted)
    result: str
    if case.ans_fleet_difference is not None and row in ANS_MACEDONIAN_LINES.rows:
        result = ANS_MACEDONIAN_LINES.lookup(row, working)
    else:
        result = cell(case.table, row, "result", table=MACEDONIAN_TABLE, source=SCENARIOS_PAC, field="table")
    working.step(f"{MACEDONIAN_TABLE}, {row}: {result}", MACEDONIA_RULE, result)
    working.note("Ambassadors return in A/2 next Game Turn: to the pool, or a Subordinate to Hannibal", "11.4")
    return Result.of(f"{RULESET}.macedonian_war", {"adjusted": adjusted, "result": result}, working, dice)


# ---- thunderbolt.augury -------------------------------------------------------------------------------------------


class TwoDice(Choice):
    TENS_AND_UNITS = "tens_and_units"  # 00-99, the first die the tens, as 13.44 reads two dice
    SUM = "sum"  # 0-18


@dataclass(frozen=True)
class AuguryOptions:
    two_dice: TwoDice = spec(
        "12.0 does not say how the table's two dice read: as tens and units, 00-99, the way "
        "13.44 reads two dice (default), or added, 0-18",
        default=TwoDice.TENS_AND_UNITS,
    )


@dataclass(frozen=True)
class AuguryRow:
    row: str = spec("The dice, as '37' (one die: '0'-'9')")
    event: str | None = spec("The primary event's text", default=None)
    conditional_event: str | None = spec("The entry's Conditional Event", default=None)


@dataclass(frozen=True)
class ConditionalRow:
    row: str = spec("The Conditional Event, as the Augury Table names it")
    prerequisites: str | None = spec("What must hold before it is implemented", default=None)
    effect: str | None = spec("What it does", default=None)


@dataclass(frozen=True)
class AuguryInput:
    one_die: bool = spec("A shorter scenario: one die instead of two (12.0)", default=False)
    table: tuple[AuguryRow, ...] = spec("The scenario's Augury Table, from the data tables", default=())
    conditional: tuple[ConditionalRow, ...] = spec("The Conditional Events Chart, from the data tables", default=())
    options: AuguryOptions = spec("Readings of points the rulebook leaves open", default=AuguryOptions())


def augury_dice(case: AuguryInput, dice: Dice, working: Working) -> str:
    """The Augury Table's row: one die, or two read as the option says (each a d10 read 0-9)."""
    first = roll_d10(working, dice, AUGURY_TABLE)
    if case.one_die:
        working.choice("One die: a shorter scenario", AUGURY_RULE)
        return str(first)
    second = roll_d10(working, dice, AUGURY_TABLE)
    working.choice(f"Two dice read {case.options.two_dice.label}", AUGURY_RULE)
    return str(first * 10 + second if case.options.two_dice is TwoDice.TENS_AND_UNITS else first + second)


@procedure(
    RULESET,
    "augury",
    title="The Augury Phase (E): the Augury Table",
    source=AUGURY_RULE,
    takes=AuguryInput,
    dice=f"two dice, each a {D10}; one in a shorter scenario",
)
def augury(case: AuguryInput, dice: Dice) -> Result:
    """3.0 E, 12.0: roll on the scenario's Augury Table (two dice; one in a shorter scenario); carry out the event,
    whose text takes precedence over the rules; then consult the Conditional Events Chart for the entry's
    Conditional Event and resolve it if its prerequisites are met. Both charts are per-event data."""
    working = Working()
    row = augury_dice(case, dice, working)
    event: str = cell(case.table, row, "event", table=AUGURY_TABLE, source=AUGURIES_PAC, field="table")
    working.step(f"{AUGURY_TABLE}, {row}: {event}", AUGURY_RULE, event)
    working.note("The text of the event takes precedence over the rules", AUGURY_RULE)
    conditional: str = cell(
        case.table, row, "conditional_event", table=AUGURY_TABLE, source=AUGURIES_PAC, field="table"
    )
    prerequisites: str = cell(
        case.conditional,
        conditional,
        "prerequisites",
        table=CONDITIONAL_CHART,
        source=AUGURIES_PAC,
        field="conditional",
    )
    effect: str = cell(
        case.conditional, conditional, "effect", table=CONDITIONAL_CHART, source=AUGURIES_PAC, field="conditional"
    )
    working.step(f"Then the Conditional Event {conditional!r}, if {prerequisites}: {effect}", AUGURY_RULE, effect)
    working.note("If LAMs are left in the cup, return to C/2", "3.0 E")
    outcome = {
        "row": row,
        "event": event,
        "conditional_event": conditional,
        "prerequisites": prerequisites,
        "conditional_effect": effect,
    }
    return Result.of(f"{RULESET}.augury", outcome, working, dice)
