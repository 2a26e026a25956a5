"""16.7 City Surrender (optional): a force asks a non-garrisoned city or non-city port to surrender, on 1d6 and the
Cities Surrender Table, which is printed only to its row 4 (rows 5 and up are Control's, on the data tables page).

Each of the table's modifiers (L774-784) is worked out here from the facts it depends on, which the umpire enters,
and shown as its own line of the working, citing the modifier's words."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET, SITUATIONS

SURRENDER = "16.7 City Surrender"
SIZES = ("2-9", "10-25", "26-50", "51-99", "100+")
CITIES_SURRENDER = KeyedTable(
    "Cities Surrender Table",
    f"{SURRENDER} (L766-787)",
    {
        1: dict.fromkeys(SIZES, "-"),
        2: dict.fromkeys(SIZES, "-"),
        3: dict.fromkeys(SIZES, "-"),
        4: {**dict.fromkeys(SIZES[:4], "-"), "100+": "S"},
    },
)  # "1-" is the row for 1 or less; rows 5 and 6 are cut off (L773)

# The modifiers (L775-784), each with its words in the table, for the working.
PLUNDERED = (-2, "City in plundered province (if plundered by the asking force): -2", "L775")
ROMAN_AGAINST_ROMAN = (+1, "Roman faction vs other Roman factions' controlled cities: +1", "L776")
LOW_MORALE = (-1, "Morale of asking force 75 or less: -1", "L777")
HIGH_MORALE = (+1, "Morale of asking force 125 or more: +1", "L778")
LEADER = (+1, "Leader +2 or +3: +1", "L779")
ENEMY_LEADER = (-1, "Enemy Leader +2 or +3 in the same province: -1", "L780")
OWNER_AS_STRONG = (
    -2,
    "Original city owner's units in the same province, ≥ strength points than asking force: -2",
    "L782",
)
OWNER_WEAKER = (-1, "Original city owner's units in the same province, < strength points than asking force: -1", "L783")
IUDEA = (-2, "Any Iudean city, scenarios 1-7: -2", "L784")
LOW_MORALE_AT, HIGH_MORALE_AT = 75, 125  # L777-778
GREAT_LEADER = 2  # L779-780: "+2 or +3"
IUDEAN_SCENARIOS = tuple(map(str, range(1, 8)))  # L784: "scenarios 1-7"


@dataclass(frozen=True)
class SurrenderRow:
    roll: int = spec("A row the text does not print (5 or more)", min=5, max=20)
    size_2_9: str | None = spec("S or -", default=None)
    size_10_25: str | None = spec("S or -", default=None)
    size_26_50: str | None = spec("S or -", default=None)
    size_51_99: str | None = spec("S or -", default=None)
    size_100: str | None = spec("S or -", default=None)


@dataclass(frozen=True)
class SurrenderInput:
    army: int = spec("Strength points of the asking force: the table's army size (AMB-50)", min=2, max=5000)
    morale: int = spec(
        "The asking faction's morale now, from its tracker (75 or less: -1; 125 or more: +1). A morale not set yet "
        "is not 0: Control sets it from the situation outline first (20.2)",
        min=-5000,
        max=5000,
    )
    plundered_by_asker: bool = spec("The city's province has been plundered by the asking force (-2)", default=False)
    roman_against_roman: bool = spec(
        "The asking faction is Roman and the city is controlled by another Roman faction (+1)", default=False
    )
    leader: int = spec("The asking force's best leader's rating (0: none; +2 or +3: +1)", min=0, max=3, default=0)
    enemy_leader: int = spec(
        "The best enemy leader's rating in the same province (0: none; +2 or +3: -1)", min=0, max=3, default=0
    )
    owner_strength: int = spec(
        "Strength points of the original city owner's units in the same province (0: none; as many as the asking "
        "force or more: -2; fewer: -1)",
        min=0,
        max=5000,
        default=0,
    )
    iudean: bool = spec("The city is in Iudea (in scenarios 1-7: -2)", default=False)
    situation: str = spec("The situation played (I, II, 1 to 32); needed for an Iudean city", default="")
    barbarian: bool = spec("The asking faction is barbarian (they may not ask)", default=False)
    garrisoned: bool = spec("The city has a garrison (only a non-garrisoned city or port may be asked)", default=False)
    asked_this_year: bool = spec("The faction has asked for a surrender already this year (once a year)", default=False)
    rows: tuple[SurrenderRow, ...] = spec("Rows 5 and up, from the event's data tables", max_items=16, default=())


def check_may_ask(case: SurrenderInput) -> None:
    """L765: "Once per year a faction (except for barbarians) ... can ask for the surrender of a non-garrisoned city
    or non-city port"."""
    if case.barbarian:
        raise RulesError("barbarian", "barbarians may not ask for surrender (16.7)")
    if case.garrisoned:
        raise RulesError("garrisoned", "only a non-garrisoned city or non-city port may be asked to surrender (16.7)")
    if case.asked_this_year:
        raise RulesError("asked_this_year", "a faction may ask for a surrender once per year (16.7, AMB-50)")
    if case.situation and case.situation not in SITUATIONS:
        raise RulesError("situation", f"{case.situation!r} is not a situation (I, II, 1 to 32)")
    if case.iudean and not case.situation:
        raise RulesError("situation", "an Iudean city's -2 holds in scenarios 1-7 only: enter the situation played")


def applies(line: tuple[int, str, str], working: Working) -> int:
    value, words, where = line
    return working.modifier(words, value, f"{SURRENDER} ({where})")


def morale_modifier(morale: int, working: Working) -> int:
    """L777-778: the asking force's morale, 75 or less -1, 125 or more +1."""
    if morale <= LOW_MORALE_AT:
        return applies(LOW_MORALE, working)
    if morale >= HIGH_MORALE_AT:
        return applies(HIGH_MORALE, working)
    working.step(f"Morale of the asking force {morale}: between 76 and 124, no modifier", f"{SURRENDER} (L777-778)", 0)
    return 0


def owner_modifier(case: SurrenderInput, working: Working) -> int:
    """L781-783: the original owner's units in the province, as strong as the asking force or more -2, weaker -1."""
    if not case.owner_strength:
        return 0
    return applies(OWNER_AS_STRONG if case.owner_strength >= case.army else OWNER_WEAKER, working)


def modifiers(case: SurrenderInput, working: Working) -> int:
    """Every modifier of the Cities Surrender Table (L774-784) that the facts call for, each a line of the working."""
    facts = (
        (PLUNDERED, case.plundered_by_asker),
        (ROMAN_AGAINST_ROMAN, case.roman_against_roman),
        (LEADER, case.leader >= GREAT_LEADER),
        (ENEMY_LEADER, case.enemy_leader >= GREAT_LEADER),
        (IUDEA, case.iudean and case.situation in IUDEAN_SCENARIOS),
    )
    total = morale_modifier(case.morale, working) + owner_modifier(case, working)
    return total + sum(applies(line, working) for line, holds in facts if holds)


def size_column(army: int) -> str:
    for key, top in zip(SIZES, (9, 25, 50, 99)):
        if army <= top:
            return key
    return SIZES[-1]


def table_result(case: SurrenderInput, row: int, column: str, working: Working) -> str:
    """The printed rows 1- to 4, or a row 5 and up that Control has entered."""
    if row in CITIES_SURRENDER.rows:
        return str(CITIES_SURRENDER.lookup(row, working, column=column))
    entered = next((r for r in case.rows if r.roll == row), None)
    result = getattr(entered, "size_" + column.replace("-", "_").replace("+", "")) if entered else None
    if result is None:
        raise RulesError(
            "rows",
            f"the Cities Surrender Table has no result for a roll of {row} at army size "
            f"{column}: Control enters it on the data tables page",
        )
    working.step(f"Cities Surrender Table: {row}, army size {column} (the event's data tables)", SURRENDER, result)
    return str(result)


@procedure(
    RULESET, "city_surrender", title="City surrender (optional)", source=SURRENDER, takes=SurrenderInput, dice="1d6"
)
def city_surrender(case: SurrenderInput, dice: Dice) -> Result:
    """16.7 (optional): "Once per year a faction (except for barbarians) in the same hex or an adjacent hex can ask
    for the surrender of a non-garrisoned city or non-city port by rolling one 6 sided die on the following table",
    with its modifiers; "S: city surrender"; "-: No effect, the city must be besieged and assaulted"."""
    check_may_ask(case)
    working = Working()
    natural = working.roll(dice, DIE, "city surrender")
    roll = natural + modifiers(case, working)
    column, row = size_column(case.army), max(roll, 1)
    working.step(f"{natural} {roll - natural:+d} = {roll}" + (": the row 1-" if roll < 1 else ""), SURRENDER, roll)
    result = table_result(case, row, column, working)
    working.step(
        "S: the city surrenders" if result == "S" else "No effect: it must be besieged and assaulted", SURRENDER, result
    )
    return Result.of(
        f"{RULESET}.city_surrender", {"roll": roll, "column": column, "surrenders": result == "S"}, working, dice
    )
