"""16.0 Sieges and 17.0 Fortifications: the Siege Attrition Table (16.6) and a fortification's building and its
timer (17.1-17.4). 16.7 City Surrender is in surrender.py."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import MissingData, RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable
from ..working import Result, Working
from .common import DIE, RULESET, Season

ATTRITION = "16.6 Siege Attrition"
EMPTY_CITY = "16.61 Siege Attrition"
ATTRITION_TABLE = "Siege Attrition Table"
BUILD = "17.11 Placement of Fortification"
IN_EFFECT = "17.2 When Fortifications Are in Effect"
LIMITS = "17.4 Restrictions on Fortifications"
WINTER_ADDS = 2  # table note (L1004): "Winter: Add 2 to the die-roll."
HIGHEST_FORT = 5  # 17.41
AUTOMATIC = "automatic"

# Siege Attrition Table (L994-1002): the roll that eliminates one unit, by the siege's duration.
SIEGE_ATTRITION = BandTable(
    ATTRITION_TABLE,
    f"{ATTRITION_TABLE} (L995-1002)",
    (
        Band(1, 1, 6, "1: 6"),
        Band(2, 2, 5, "2: 5-6"),
        Band(3, 3, 4, "3: 4-6"),
        Band(4, 4, 3, "4: 3-6"),
        Band(5, 5, 2, "5: 2-6"),
        Band(6, None, AUTOMATIC, "6+: automatic loss"),
    ),
)


@dataclass(frozen=True)
class AttritionInput:
    city: str = spec("The besieged city")
    duration: int = spec(
        "The siege's duration on the table, in game-turns of attrition (AMB-45: from 1)", min=1, max=60
    )
    season: Season = spec("The season")
    units_inside: int = spec(
        "Besieged land units left inside (corn units are not counted: they are not lost)", min=0, max=100
    )
    defence: int = spec("The city's defence strength, before this turn's loss", min=0, max=20)
    corn_left: int = spec("Corn units still in the city", min=0, max=100, default=0)
    port_supplied: bool = spec("A port city drawing supply from its port (9.161: no siege attrition)", default=False)


def attrition_roll(case: AttritionInput, dice: Dice, working: Working) -> int:
    natural = working.roll(dice, DIE, f"siege attrition at {case.city}")
    roll = natural
    if case.season is Season.WINTER:
        roll += working.modifier("Winter: add 2", WINTER_ADDS, f"{ATTRITION_TABLE}, note (L1004)")
    if roll > DIE:
        working.step(f"{roll} is treated as 6", f"{ATTRITION_TABLE}, note (L1006)", DIE)
    return min(roll, DIE)


def city_loses(case: AttritionInput, working: Working) -> int:
    """16.61: no units left, the defence drops by one for the siege; at 0 the besieger captures the city."""
    defence = working.modifier(
        "No units left inside: the city's defence strength drops by 1 for the siege",
        max(case.defence - 1, 0),
        EMPTY_CITY,
    )
    if not defence:
        working.step(
            "Defence 0: the siege is over and the besieger has captured the city (Rome and "
            "Constantinopolis: see the corn rules)",
            EMPTY_CITY,
            "captured",
        )
    return defence


@procedure(
    RULESET,
    "siege_attrition",
    title="Siege attrition",
    source=ATTRITION,
    takes=AttritionInput,
    dice="1d6 for the besieged city, unless the loss is automatic",
)
def siege_attrition(case: AttritionInput, dice: Dice) -> Result:
    """16.6 and the Siege Attrition Table: once the corn is gone, a roll for each besieged city loses one unit."""
    working = Working()
    outcome = {"unit_lost": False, "defence": case.defence, "captured": False}
    if case.port_supplied or case.corn_left:
        why = "supplied from its port (9.161)" if case.port_supplied else f"{case.corn_left} corn unit(s) left"
        working.step(f"{case.city}: {why}: no siege attrition this turn", ATTRITION, False)
        return Result.of(f"{RULESET}.siege_attrition", outcome, working, dice)
    needs = SIEGE_ATTRITION.lookup(case.duration, working)
    loses = needs == AUTOMATIC or attrition_roll(case, dice, working) >= needs
    working.step("One unit is eliminated" if loses else "No loss", ATTRITION, loses)
    if loses and case.units_inside:
        outcome["unit_lost"] = True
        working.note("Its owner chooses which besieged unit (AMB-45)", ATTRITION)
    elif loses:
        outcome["defence"] = city_loses(case, working)
        outcome["captured"] = outcome["defence"] == 0
    return Result.of(f"{RULESET}.siege_attrition", outcome, working, dice)


# ---- imperium_romanum.fortification ----------------------------------------------------------------


class LevelsPerTurn(Choice):
    """17.11 lets each legion build a level, "more than one level ... during a game-turn"; 17.4 allows one a turn."""

    ONE = "one"
    ONE_PER_LEGION = "one_per_legion"


@dataclass(frozen=True)
class FortOptions:
    levels_per_turn: LevelsPerTurn = spec(
        "17.11 against 17.4 (extraction AMB-46): a hex gains at most +1 a turn (17.4, default), or one level for "
        "each legion building (17.11)",
        default=LevelsPerTurn.ONE,
    )


@dataclass(frozen=True)
class FortInput:
    legions: int = spec("Legion-sized infantry building (two detachments make one)", min=0, max=20)
    level: int = spec(
        "The fortification in effect in the hex now (0: none; a city or port: its added points)",
        min=0,
        max=5,
        default=0,
    )
    levels: int = spec("Levels to build this turn", min=1, max=5, default=1)
    situation: str = spec(
        "The situation played (I, II, 1 to 32), whose 4-12's cost the fortification costs", default=""
    )
    light_infantry_cost: int | None = spec(
        "The cost of mobilizing a 4-12 Light Infantry in this situation (17.12; empty: from the event's Situations)",
        min=0,
        max=1000,
        default=None,
    )
    under_siege: bool = spec("The hex is under siege (17.42)", default=False)
    options: FortOptions = spec("Readings of points the rulebook leaves open", default=FortOptions())


def check_fort(case: FortInput, working: Working) -> None:
    if case.under_siege:
        raise RulesError(
            "under_siege",
            "fortifications, cities or ports under siege may not have their defence strength increased (17.42)",
        )
    if case.levels > case.legions:
        raise RulesError(
            "legions",
            f"each legion-sized infantry unit builds one level: {case.legions} cannot build {case.levels} (17.11)",
        )
    if case.options.levels_per_turn is LevelsPerTurn.ONE and case.levels > 1:
        raise RulesError("levels", "a hex's defence may rise by one a turn (17.4; reading AMB-46)")
    if case.level + case.levels > HIGHEST_FORT:
        raise RulesError("levels", f"the highest level is +5 (17.41); +{case.level} cannot gain {case.levels}")


def level_price(case: FortInput) -> int:
    """17.12: a level costs a 4-12 Light Infantry's mobilization, which is in the situation's data."""
    if case.light_infantry_cost is None:
        raise MissingData(
            "Situations", f"{case.situation or 'the situation'}/light_infantry_cost", "17.12 Placement of Fortification"
        )
    return case.light_infantry_cost


@procedure(RULESET, "fortification", title="Building a fortification", source=BUILD, takes=FortInput)
def fortification(case: FortInput, dice: Dice) -> Result:
    """17.1-17.4: each level costs a 4-12 Light Infantry's mobilization; it goes in under construction in the
    Joint Mobilization Phase and takes effect in the Joint Supply Phase of the same turn."""
    working = Working()
    check_fort(case, working)
    price = level_price(case)
    working.note(
        "Reading: "
        + (
            "one level a turn (17.4)"
            if case.options.levels_per_turn is LevelsPerTurn.ONE
            else "one level for each legion building (17.11)"
        )
        + " (AMB-46)",
        LIMITS,
    )
    cost = working.modifier(
        f"{case.levels} level(s) at {price} each",
        case.levels * price,
        "17.12 Placement of Fortification",
    )
    new = case.level + case.levels
    working.step(
        f'Placed "Under Construction" now; +{new} in effect from the Joint Supply Phase; until then an '
        f"attack meets +{case.level} (17.22); the builders may not move this turn",
        IN_EFFECT,
        new,
    )
    if new == HIGHEST_FORT:
        working.note("At +5 it acts like a city: units may accept siege in it (17.32)", "17.32")
    return Result.of(
        f"{RULESET}.fortification", {"cost": cost, "level_now": case.level, "level_at_supply": new}, working, dice
    )
