"""19.0 Game Length and Victory Conditions: Victory Points, tallied at the end of the game only, and their levels
(19.1-19.2), for the sole Imperator and for barbarians, rebels and foreign powers played as factions."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..tables import Band, BandTable
from ..working import Result, Working
from .common import RULESET

SCHEDULE = "19.1 Victory Point Schedule"
LEVELS = "19.2 Levels of Victory"
IMPERATOR_LEVELS = BandTable(
    "Levels of Victory (Imperator)",
    f"{LEVELS} (L874-877)",
    (
        Band(None, 5, "The new Imperator is worse than Elagabalus.", "5 or less"),
        Band(6, 7, "The Fall draws nigh.", "6-7"),
        Band(8, 12, "The Empire will survive.", "8-12"),
        Band(13, None, "The new Imperator is greater than Caesar.", "13 or more"),
    ),
)
BARBARIAN_LEVELS = BandTable(
    "Levels of Victory (barbarians, rebels, foreign powers)",
    f"{LEVELS} (L879-882)",
    (
        Band(None, 49, "The Empire will last forever.", "49 or less"),
        Band(50, 74, "As a barbarian you're a washout.", "50-74"),
        Band(75, 100, "A not unsuccessful plundering expedition.", "75-100"),
        Band(101, None, "Even Attila would be proud.", "101 or more"),
    ),
)


@dataclass(frozen=True)
class ImperatorInput:
    sole_imperator: bool = spec("The faction has the sole Imperator", default=True)
    invaded_provinces: int = spec(
        "Provinces of the Empire with rebellious, barbarian or foreign land combat units", min=0, max=100, default=0
    )
    conquered_outside: int = spec(
        "Conquered provinces that were outside the Empire at the start", min=0, max=100, default=0
    )


@procedure(RULESET, "imperator_victory", title="Victory Points (Imperator)", source=SCHEDULE, takes=ImperatorInput)
def imperator_victory(case: ImperatorInput, dice: Dice) -> Result:
    """19.1-19.2: +10 for the sole Imperator, -2 a province invaded, +1 a province conquered outside the Empire."""
    working = Working()
    points = working.modifier("The sole Imperator", 10 if case.sole_imperator else 0, SCHEDULE)
    points += working.modifier(
        f"{case.invaded_provinces} Empire province(s) invaded, -2 each", -2 * case.invaded_provinces, SCHEDULE
    )
    points += working.modifier(
        f"{case.conquered_outside} province(s) conquered outside the Empire, +1 each", case.conquered_outside, SCHEDULE
    )
    level = IMPERATOR_LEVELS.lookup(points, working)
    return Result.of(f"{RULESET}.imperator_victory", {"points": points, "level": level}, working, dice)


@dataclass(frozen=True)
class BarbarianVictoryInput:
    occupied_provinces: int = spec("Provinces of the Empire wholly occupied", min=0, max=100, default=0)
    plundered_tax_rates: tuple[int, ...] = spec("The Tax Rate of each city plundered", max_items=200, default=())
    occupied_tax_rates: tuple[int, ...] = spec(
        "The Tax Rate of each city in the provinces wholly occupied", max_items=400, default=()
    )


@procedure(
    RULESET,
    "barbarian_victory",
    title="Victory Points (barbarians as a faction)",
    source=SCHEDULE,
    takes=BarbarianVictoryInput,
)
def barbarian_victory(case: BarbarianVictoryInput, dice: Dice) -> Result:
    """19.1: +20 a province wholly occupied, three times each plundered city's Tax Rate, the Tax Rates of the
    cities in the provinces wholly occupied."""
    working = Working()
    points = working.modifier(
        f"{case.occupied_provinces} province(s) wholly occupied, +20 each", 20 * case.occupied_provinces, SCHEDULE
    )
    points += working.modifier("Plundered cities: Tax Rate × 3", 3 * sum(case.plundered_tax_rates), SCHEDULE)
    points += working.modifier(
        "Cities of the provinces wholly occupied: their Tax Rate", sum(case.occupied_tax_rates), SCHEDULE
    )
    level = BARBARIAN_LEVELS.lookup(points, working)
    return Result.of(f"{RULESET}.barbarian_victory", {"points": points, "level": level}, working, dice)
