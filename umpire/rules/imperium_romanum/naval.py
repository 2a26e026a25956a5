"""12.0 Naval Operations: attrition at sea (12.21, 12.22, 16.52), interception (12.5) and naval combat with
the Naval Combat Results Table (12.4). The table prints rows -1, 0 and 1 only; Control enters the rest."""

from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .cer import CER_MATRIX
from .common import DIE, RULESET, Cer, Helps, for_defender

WINTER_MOVE = "12.21 Sea Movement"
AT_SEA = "12.22 Sea Movement"
BESIEGING = "16.52 Ports and Sieges"
INTERCEPTION = "12.54 Naval Interception"
COMBAT = "12.4 Naval Combat"
NCRT = "Naval Combat Results Table"
INTERCEPTION_RANGE = 12  # 12.51 (L544): "within 12 movement points"
EMBARK_MP = 4  # 12.53 (L548)
FLEET_STRENGTH = 18  # 12.12: "The 18-30 side represents one fleet"
NAVAL_COLUMNS = ((1, 2), (2, 3), (1, 1), (5, 4), (3, 2), (2, 1), (3, 1))  # L1040
NAVAL_KEYS = tuple(f"{a}:{d}" for a, d in NAVAL_COLUMNS)
NAVAL_CRT = KeyedTable(
    NCRT,
    f"{NCRT} (L1039-1048)",
    {
        -1: dict(zip(NAVAL_KEYS, ("3/-", "2/-", "2/-", "1/-", "1/-", "1/1", "1/1"))),
        0: dict(zip(NAVAL_KEYS, ("3/-", "2/-", "1/-", "1/-", "1/-", "-/-", "1/2"))),
        1: dict(zip(NAVAL_KEYS, ("2/-", "2/-", "1/-", "1/1", "-/-", "1/1", "-/1"))),
    },
)
GROUP = 4  # the table's note: "for every four such fleets it has present"


class Attrition(Choice):
    WINTER_MOVE = "winter_move"  # 12.21: each time a fleet moves in winter, lost on 4-6
    AT_SEA_SUMMER = "at_sea_summer"  # 12.22: not in a friendly port at the end of the turn
    AT_SEA_WINTER = "at_sea_winter"
    BESIEGING_WINTER = "besieging_winter"  # 16.52: lost on a 6


class SummerAtSea(Choice):
    """12.22 (L471): "eliminated on a roll of 4 or 6 in summer" (5 survives, as printed) or 4 through 6."""

    FOUR_OR_SIX = "four_or_six"
    FOUR_TO_SIX = "four_to_six"


@dataclass(frozen=True)
class AttritionOptions:
    summer_at_sea: SummerAtSea = spec(
        "12.22 L471 (extraction AMB-31): a fleet at sea in summer is lost on a 4 or a 6, as printed (default), or "
        "on 4 to 6",
        default=SummerAtSea.FOUR_OR_SIX,
    )


@dataclass(frozen=True)
class AttritionInput:
    cause: Attrition = spec("Which attrition")
    fleets: tuple[str, ...] = spec("The fleets that roll, one die each", min_items=1, max_items=40)
    goths_or_herules: bool = spec(
        "Goths' and Herules' fleets deduct 1 from all naval attrition rolls (12.22)", default=False
    )
    options: AttritionOptions = spec("Readings of points the rulebook leaves open", default=AttritionOptions())


def losing_rolls(cause: Attrition, options: AttritionOptions, working: Working) -> tuple[set[int], str]:
    if cause is Attrition.AT_SEA_SUMMER:
        literal = options.summer_at_sea is SummerAtSea.FOUR_OR_SIX
        working.note(
            "Reading: " + ("a 4 or a 6 as printed; a 5 survives" if literal else "4 through 6") + " (AMB-31)", AT_SEA
        )
        return ({4, 6} if literal else {4, 5, 6}), AT_SEA
    return {
        Attrition.WINTER_MOVE: ({4, 5, 6}, WINTER_MOVE),
        Attrition.AT_SEA_WINTER: ({2, 3, 4, 5, 6}, AT_SEA),
        Attrition.BESIEGING_WINTER: ({6}, BESIEGING),
    }[cause]


@procedure(
    RULESET, "naval_attrition", title="Naval attrition", source=AT_SEA, takes=AttritionInput, dice="1d6 per fleet"
)
def naval_attrition(case: AttritionInput, dice: Dice) -> Result:
    """12.21, 12.22 and 16.52: a die for each fleet; the fleet, its cargo and any leader aboard are lost on it."""
    working = Working()
    losing, rule = losing_rolls(case.cause, case.options, working)
    lost: list[str] = []
    for fleet in case.fleets:
        roll = working.roll(dice, DIE, f"attrition of {fleet}")
        if case.goths_or_herules:
            roll += working.modifier("Goths and Herules: -1", -1, AT_SEA)
        if roll in losing:
            lost.append(fleet)
            working.step(f"{fleet}: {roll}, lost with its cargo; a leader aboard is killed (10.33)", rule, True)
        else:
            working.step(f"{fleet}: {roll}, survives", rule, False)
    return Result.of(f"{RULESET}.naval_attrition", {"lost": lost}, working, dice)


@dataclass(frozen=True)
class InterceptionInput:
    distance: int = spec("Naval movement points from the intercepting fleets to the moving fleet", min=0, max=12)
    embarking: bool = spec("The interceptors embark land units first (12.53: 4 points, counted)", default=False)
    rolls: int = spec("Dice rolled: one for the stack, or one for each fleet (12.55)", min=1, max=20, default=1)
    in_friendly_port: bool = spec("The interceptors are in a friendly, non-besieged port (12.53)", default=True)


@procedure(
    RULESET,
    "interception",
    title="Naval interception",
    source=INTERCEPTION,
    takes=InterceptionInput,
    dice="1d6 for the stack, or 1d6 per fleet",
)
def interception(case: InterceptionInput, dice: Dice) -> Result:
    """12.54: interception succeeds on a roll at least the distance in movement points divided by two."""
    working = Working()
    if not case.in_friendly_port:
        raise RulesError("in_friendly_port", "only fleets in friendly, non-besieged ports may intercept (12.53)")
    distance = case.distance + (EMBARK_MP if case.embarking else 0)
    if case.embarking:
        working.modifier("Embarking land units: 4 movement points, counted", EMBARK_MP, "12.53 Naval Interception")
    if distance > INTERCEPTION_RANGE:
        raise RulesError("distance", f"{distance} movement points is beyond the 12 of 12.51")
    results: list[bool] = []
    for n in range(1, case.rolls + 1):
        roll = working.roll(dice, DIE, f"interception {n}")
        results.append(2 * roll >= distance)
        working.step(
            f"{roll} {'≥' if results[-1] else '<'} {distance}/2: "
            + ("intercepts; the interceptor attacks" if results[-1] else "fails"),
            INTERCEPTION,
            results[-1],
        )
    return Result.of(f"{RULESET}.interception", {"distance": distance, "intercepts": results}, working, dice)


# ---- imperium_romanum.naval_combat ---------------------------------------------------------------


@dataclass(frozen=True)
class Squadron:
    fleets: int = spec("War fleets present, as 18-30s (a 36-30 is two)", min=0, max=200)
    light_infantry: int = spec("Strength of light and missile infantry carried", min=0, max=2000, default=0)
    other_infantry: int = spec(
        "Strength of other infantry carried (half counts; cavalry none)", min=0, max=2000, default=0
    )
    leader: int = spec("Its best leader's naval bonus (10.12)", min=0, max=3, default=0)
    cer: Cer = spec("Its combat efficiency class", default=Cer.B)
    morale: int | None = spec("Its faction's morale (11.1; empty: not compared)", default=None)


@dataclass(frozen=True)
class NcrtRow:
    """A row of the Naval Combat Results Table that the text does not print (rows -1 to 1 are printed)."""

    roll: int = spec("The modified die-roll", min=-10, max=20)
    at_1_2: str | None = spec('The result at 1:2, as "1/-"', default=None)
    at_2_3: str | None = spec("The result at 2:3", default=None)
    at_1_1: str | None = spec("The result at 1:1", default=None)
    at_5_4: str | None = spec("The result at 5:4", default=None)
    at_3_2: str | None = spec("The result at 3:2", default=None)
    at_2_1: str | None = spec("The result at 2:1", default=None)
    at_3_1: str | None = spec("The result at 3:1", default=None)


class NavalMorale(Choice):
    """11.1 applies morale to "combat (land or naval)"; 12.4's list of naval modifiers leaves it out."""

    APPLIES = "applies"
    OMITTED = "omitted"


@dataclass(frozen=True)
class NavalOptions:
    morale: NavalMorale = spec(
        "11.1 against 12.4 (extraction AMB-33): morale 50 or more apart changes the naval roll by 1 (default) or not",
        default=NavalMorale.APPLIES,
    )


@dataclass(frozen=True)
class NavalCombatInput:
    attacker: Squadron = spec("The interceptor, or else the moving player (12.46)")
    defender: Squadron = spec("The other side")
    ncrt: tuple[NcrtRow, ...] = spec(
        "Rows of the table the text does not print, from the event's data tables", max_items=20, default=()
    )
    options: NavalOptions = spec("Readings of points the rulebook leaves open", default=NavalOptions())


def naval_strength(side: Squadron, who: str, helps: Helps, working: Working) -> int:
    """12.4: the fleets, the light and missile infantry carried, half the other infantry; cavalry nothing."""
    value = Fraction(side.fleets * FLEET_STRENGTH + side.light_infantry) + Fraction(side.other_infantry, 2)
    total = for_defender(value, helps)
    working.step(
        f"{who}: {side.fleets} fleets × 18 + {side.light_infantry} light and missile + half of "
        f"{side.other_infantry} other infantry = {total}",
        COMBAT,
        total,
    )
    return total


def naval_column(attack: int, defence: int, working: Working) -> str:
    odds = Fraction(attack, defence)
    found = NAVAL_COLUMNS[0]
    for a, d in NAVAL_COLUMNS:
        if Fraction(a, d) <= odds:
            found = (a, d)
    key = f"{found[0]}:{found[1]}"
    edge = " (beyond the table: its edge column, AMB-33)" if odds < Fraction(1, 2) or odds > 3 else ""
    working.step(f"Odds {attack}:{defence}, rounded in the defender's favour: {key}{edge}", COMBAT, key)
    return key


def naval_roll(case: NavalCombatInput, dice: Dice, working: Working) -> int:
    roll = working.roll(dice, DIE, "naval combat") + naval_modifier(case, working)
    working.step(f"Modified die-roll {roll}", COMBAT, roll)
    return roll


def naval_modifier(case: NavalCombatInput, working: Working) -> int:
    """12.4 with 10.12, 14.3 and 11.1: the leaders, the classes and (by reading AMB-33) morale."""
    a, d, total = case.attacker, case.defender, 0
    if a.leader or d.leader:
        total += working.modifier(f"Leaders: +{a.leader} against +{d.leader}", a.leader - d.leader, "10.12 Combat")
    matrix: int = CER_MATRIX.lookup(d.cer.value, working, column=a.cer.value)
    total += working.modifier(f"Class {a.cer.value} against {d.cer.value}", matrix, "14.3; matrix note")
    if case.options.morale is NavalMorale.OMITTED:
        working.note("Reading: morale does not change a naval roll (12.4's list, AMB-33)", COMBAT)
    elif a.morale is not None and d.morale is not None and abs(a.morale - d.morale) >= 50:
        total += working.modifier(
            "Morale 50 or more apart (11.1, reading AMB-33)", 1 if a.morale > d.morale else -1, "11.1 Effect of Morale"
        )
    return total


def event_naval_cell(case: NavalCombatInput, roll: int, key: str) -> str | None:
    """The cell the case's rows of the event's table give at the row and column, if any."""
    entered = next((row for row in case.ncrt if row.roll == roll), None)
    value: str | None = getattr(entered, "at_" + key.replace(":", "_")) if entered else None
    return value or None


def naval_cell(case: NavalCombatInput, roll: int, key: str, working: Working) -> str:
    value = event_naval_cell(case, roll, key)
    if value:
        working.step(f"{NCRT}, die-roll {roll} at {key}: {value}, from the event's table", COMBAT, value)
        return value
    if roll not in NAVAL_CRT.rows:
        raise RulesError(
            "ncrt", f"the {NCRT} has no result for die-roll {roll} at {key}: Control enters it on the data tables page"
        )
    printed: str = NAVAL_CRT.lookup(roll, working, column=key)
    return printed


def fleets_lost(number: int, fleets: int, who: str, working: Working) -> int:
    """The table's note: "loses as many 18-30 fleets as its number for every four such fleets it has present
    (rounded down, but lose a minimum of 1 fleet if your number is 1 or greater)"."""
    if not number:
        return 0
    lost = min(max(number * (fleets // GROUP), 1), fleets)
    working.step(
        f"{who}: {number} for each of {fleets // GROUP} full group(s) of four among {fleets} fleets"
        f" (at least 1): loses {lost}",
        NCRT,
        lost,
    )
    return lost


def naval_numbers(cell: str) -> list[int]:
    parts = cell.replace(" ", "").split("/")
    if len(parts) != 2 or not all(p == "-" or p.isdigit() for p in parts):
        raise RulesError("ncrt", f'{cell!r} is not a result such as "1/2" or "-/1"')
    return [0 if p == "-" else int(p) for p in parts]


@dataclass(frozen=True)
class NavalResolved:
    """What a row of the column gives: the cell, the fleets each side loses and the side or sides that lost."""

    cell: str
    attacker_loses: int
    defender_loses: int
    losers: tuple[str, ...]


def naval_resolve(case: NavalCombatInput, key: str, roll: int, working: Working) -> NavalResolved:
    """The Naval Combat Results Table's cell at the modified roll `roll` in column `key`, and what follows it."""
    cell = naval_cell(case, roll, key, working)
    numbers = naval_numbers(cell)
    a_lost = fleets_lost(numbers[0], case.attacker.fleets, "Attacker", working)
    d_lost = fleets_lost(numbers[1], case.defender.fleets, "Defender", working)
    losers = ("attacker",) * (a_lost >= d_lost) + ("defender",) * (d_lost >= a_lost)
    working.step(
        "The side that lost more fleets goes to its nearest friendly port"
        + ("; equal losses: both have lost" if len(losers) == 2 else ""),
        COMBAT,
        list(losers),
    )
    working.note(
        "Land units aboard an eliminated fleet are lost with it; a loser more than 10 points from a "
        "friendly port loses one more fleet (12.4)",
        COMBAT,
    )
    return NavalResolved(cell, a_lost, d_lost, losers)


def naval_strengths(case: NavalCombatInput, working: Working) -> tuple[int, int]:
    attack = naval_strength(case.attacker, "Attacker", Helps.ATTACKER, working)
    defence = naval_strength(case.defender, "Defender", Helps.DEFENDER, working)
    if not attack or not defence:
        raise RulesError("defender" if attack else "attacker", "each side needs naval strength to fight")
    return attack, defence


@procedure(
    RULESET, "naval_combat", title="Naval combat", source=COMBAT, takes=NavalCombatInput, dice="1d6 for the attacker"
)
def naval_combat(case: NavalCombatInput, dice: Dice) -> Result:
    """12.4: naval strengths, odds in the defender's favour, the modified die on the Naval Combat Results Table."""
    working = Working()
    attack, defence = naval_strengths(case, working)
    key = naval_column(attack, defence, working)
    roll = naval_roll(case, dice, working)
    done = naval_resolve(case, key, roll, working)
    return Result.of(
        f"{RULESET}.naval_combat",
        {
            "column": key,
            "roll": roll,
            "result": done.cell,
            "attacker_loses": done.attacker_loses,
            "defender_loses": done.defender_loses,
            "losers": list(done.losers),
        },
        working,
        dice,
    )
