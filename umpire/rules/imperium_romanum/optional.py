"""The two optional rules at the end: 21.0 Don't Trust Anyone! (an unnamed leader's disobedience) and 22.0 the
Optional Dissolution Rule (the Power Dissolution Table, printed to its row 4)."""

import math
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET

DISOBEY = "21.0 Don't Trust Anyone!"
NON_ROMAN = "21.5 Don't Trust Anyone!"
DISSOLUTION = "22.1 Optional Dissolution Rule"
BARBARIANS = "22.3 Optional Dissolution Rule"
DISOBEYS_ON = 6
NOTHING = "does nothing, unable to move"
DECLARES = "declares for the nearest Roman faction"
USURPER = "sets up as a new Roman faction (usurper)"

# 21.0 (L909-917): the scenarios of each effect table; 25-27 are in the first for the Eastern Empire only.
SCENARIO_GROUPS = {
    "automatic": ("I", "II", *map(str, range(1, 10)), "18", *map(str, range(20, 25)), *map(str, range(28, 33))),
    "ten_to_nineteen": ("10", "11", "12", "15", "16", "17", "19"),
    "thirteen_and_later": ("13", "14", "25", "26", "27"),
}
EASTERN_ONLY = ("25", "26", "27")
EFFECTS = KeyedTable(
    "Don't Trust Anyone! effects",
    f"{DISOBEY} (L909-917)",
    {
        "ten_to_nineteen": {1: NOTHING, 2: NOTHING, 3: NOTHING, 4: NOTHING, 5: NOTHING, 6: DECLARES},
        "thirteen_and_later": {1: NOTHING, 2: NOTHING, 3: NOTHING, 4: DECLARES, 5: USURPER, 6: USURPER},
    },
)
PERCENT_COLUMNS = ("50% or less", "51-65%", "66-75%", "76% or more")
POWER_DISSOLUTION = KeyedTable(
    "Power Dissolution Table",
    f"{DISSOLUTION} (L934-943)",
    {
        0: dict.fromkeys(PERCENT_COLUMNS, "D"),
        1: dict(zip(PERCENT_COLUMNS, ("D", "D", "D", "-"))),
        2: dict(zip(PERCENT_COLUMNS, ("D", "D", "-", "-"))),
        3: dict(zip(PERCENT_COLUMNS, ("D", "-", "-", "-"))),
        4: dict.fromkeys(PERCENT_COLUMNS, "-"),
    },
)  # row 5 is cut off (L943) and no row above it is printed: Control's
DONATIVE = 25  # 22.1 (L945): "+1 for 25 treasure points spent"


@dataclass(frozen=True)
class DisobeyInput:
    roman: bool = spec("A Roman unnamed leader (else non-Roman, 21.5)", default=True)
    with_named_leader: bool = spec("He is in the same stack as a named leader", default=False)
    scenario: str = spec("The scenario (I, II, 1-32)", default="1")
    eastern_empire: bool = spec("In scenarios 25-27: he belongs to the Eastern Empire", default=False)
    active_roman_factions: bool = spec("There are active Roman factions (else a 4 counts as 5-6)", default=True)


def scenario_group(case: DisobeyInput) -> str:
    if case.scenario in EASTERN_ONLY and case.eastern_empire:
        return "automatic"
    for group, scenarios in SCENARIO_GROUPS.items():
        if case.scenario in scenarios:
            return group
    raise RulesError("scenario", f"{case.scenario!r} is not a scenario 21.0 names (I, II, 1-32)")


def effect(case: DisobeyInput, dice: Dice, working: Working) -> str:
    group = scenario_group(case)
    if not case.roman or group == "automatic":
        working.step("He automatically does nothing, unable to move", NON_ROMAN if not case.roman else DISOBEY, NOTHING)
        return NOTHING
    roll = working.roll(dice, DIE, "the effect of disobedience")
    found: str = EFFECTS.lookup(group, working)[roll]
    if found == DECLARES and group == "thirteen_and_later" and not case.active_roman_factions:
        working.step("No active Roman factions: a 4 is treated as 5-6", DISOBEY)
        found = USURPER
    working.step(f"{roll}: he {found}", DISOBEY, found)
    return found


@procedure(
    RULESET,
    "dont_trust_anyone",
    title="Don't Trust Anyone! (optional)",
    source=DISOBEY,
    takes=DisobeyInput,
    dice="1d6, and 1d6 again for the effect",
)
def dont_trust_anyone(case: DisobeyInput, dice: Dice) -> Result:
    """21.0 (optional): an unnamed leader activated away from a named one disobeys on a 6, before anyone moves."""
    working = Working()
    if case.with_named_leader:
        working.step("Stacked with a named leader: he obeys", DISOBEY, False)
        return Result.of(f"{RULESET}.dont_trust_anyone", {"disobeys": False, "effect": None}, working, dice)
    roll = working.roll(dice, DIE, "disobedience")
    if roll != DISOBEYS_ON:
        working.step(f"{roll}: he obeys", DISOBEY, False)
        return Result.of(f"{RULESET}.dont_trust_anyone", {"disobeys": False, "effect": None}, working, dice)
    working.step("6: he disobeys; it applies to all units he may activate or is stacked with (21.1)", DISOBEY, True)
    return Result.of(
        f"{RULESET}.dont_trust_anyone", {"disobeys": True, "effect": effect(case, dice, working)}, working, dice
    )


@dataclass(frozen=True)
class DissolutionRow:
    roll: int = spec("A row the text does not print (5 or more)", min=5, max=30)
    at_50_or_less: str | None = spec("D or -", default=None)
    at_51_65: str | None = spec("D or -", default=None)
    at_66_75: str | None = spec("D or -", default=None)
    at_76_or_more: str | None = spec("D or -", default=None)


@dataclass(frozen=True)
class DissolutionInput:
    income: int = spec("The power's actual income", min=0, max=100000)
    starting_income: int = spec("Its starting income", min=1, max=100000)
    donatives: int = spec("Treasure points spent on donatives to the troops", min=0, max=100000, default=0)
    corn_rebellion: bool = spec("A corn rebellion, and this power owns the capital", default=False)
    rows: tuple[DissolutionRow, ...] = spec("Rows 5 and up, from the event's data tables", max_items=26, default=())


def percent_column(case: DissolutionInput, working: Working) -> str:
    percent = math.floor(Fraction(100 * case.income, case.starting_income))
    column = PERCENT_COLUMNS[0 if percent <= 50 else 1 if percent <= 65 else 2 if percent <= 75 else 3]
    working.step(
        f"Income {case.income} of {case.starting_income}: {percent}% (rounded down): column {column}",
        DISSOLUTION,
        percent,
    )
    return column


def dissolution_cell(case: DissolutionInput, roll: int, column: str, working: Working) -> str:
    if roll in POWER_DISSOLUTION.rows:
        printed: str = POWER_DISSOLUTION.lookup(roll, working, column=column)
        return printed
    entered = next((row for row in case.rows if row.roll == roll), None)
    field = "at_" + column.replace("% or less", "_or_less").replace("% or more", "_or_more").replace("%", "").replace(
        "-", "_"
    )
    value: str | None = getattr(entered, field) if entered else None
    if value is None:
        raise RulesError(
            "rows",
            f"the Power Dissolution Table has no result for a roll of {roll} at {column}: "
            "Control enters it on the data tables page",
        )
    return value


@procedure(
    RULESET,
    "power_dissolution",
    title="Power Dissolution Phase (optional)",
    source=DISSOLUTION,
    takes=DissolutionInput,
    dice="1d6 (the rule names no die)",
)
def power_dissolution(case: DissolutionInput, dice: Dice) -> Result:
    """22.1 (optional): at each turn's end a power rolls on the Power Dissolution Table by its income's percentile."""
    working = Working()
    column = percent_column(case, working)
    working.note("The rule names no die: the game's one die, 1d6, is rolled (AMB-51)", DISSOLUTION)
    roll = working.roll(dice, DIE, "power dissolution")
    if case.donatives >= DONATIVE:
        roll += working.modifier(
            f"+1 for each 25 of {case.donatives} Treasure Points in donatives", case.donatives // DONATIVE, DISSOLUTION
        )
    if case.corn_rebellion:
        roll += working.modifier("Corn rebellion in its capital", -1, DISSOLUTION)
    result = dissolution_cell(case, roll, column, working)
    working.step("D: the power dissolves" if result == "D" else "No effect", DISSOLUTION, result)
    return Result.of(
        f"{RULESET}.power_dissolution", {"roll": roll, "column": column, "dissolves": result == "D"}, working, dice
    )


@dataclass(frozen=True)
class BarbarianInput:
    initial: int = spec("The barbarian power's initial strength points", min=1, max=100000)
    left: int = spec("Its strength points left on the map", min=0, max=100000)


@procedure(
    RULESET, "barbarian_dissolution", title="Barbarian dissolution (optional)", source=BARBARIANS, takes=BarbarianInput
)
def barbarian_dissolution(case: BarbarianInput, dice: Dice) -> Result:
    """22.3 (optional): barbarians dissolve when a third of their initial strength (rounded up) is left on the map."""
    working = Working()
    third = math.ceil(Fraction(case.initial, 3))
    dissolves = case.left <= third
    working.step(
        f"A third of {case.initial}, rounded up, is {third}; {case.left} left: "
        + ("the power dissolves" if dissolves else "it fights on"),
        BARBARIANS,
        dissolves,
    )
    return Result.of(f"{RULESET}.barbarian_dissolution", {"third": third, "dissolves": dissolves}, working, dice)
