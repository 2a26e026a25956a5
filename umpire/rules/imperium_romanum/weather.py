"""7.0 Weather: a province's season in a month (7.0, 7.1) and the month its rivers flood (7.2)."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, Season

WEATHER = "7.0 Weather"
SUMMER_RULE = "7.1 Summer"
FLOODS = "7.2 Special River Crossing"
SUMMER_MONTHS = range(4, 11)  # 7.0 (L257): "Summer: April through October"
FLOOD_MONTH, NILE_FLOOD_MONTH = 4, 10  # 7.2 (L263): "All rivers flood in April (Exception: October in Aegyptus)"
# 7.1 (L260): "It is always summer in" these; "Mesopotamia Persica Arabia Petraea" read as two provinces (AMB-14).
ALWAYS_SUMMER = (
    "Aegyptus",
    "Arabia Deserta",
    "Africa Proconsularis",
    "Cyrenaica",
    "Mesopotamia Persica",
    "Arabia Petraea",
    "Mesopotamia Romana",
    "Mauretania",
    "Numidia",
    "Babylonia",
    "Syria",
    "Iudea",
)
ASSYRIA = "Assyria"  # "(clear hexes only)"


@dataclass(frozen=True)
class WeatherInput:
    month: int = spec("The game-turn's month (1 January to 12 December)", min=1, max=12)
    province: str = spec("The province (empty: a sea hex, for naval movement)", default="")
    clear_hex: bool = spec("In Assyria: the hex is clear", default=False)


def land_season(case: WeatherInput, calendar: Season, working: Working) -> Season:
    if case.province in ALWAYS_SUMMER or (case.province == ASSYRIA and case.clear_hex):
        working.step(
            f"It is always summer in {case.province}" + (" (clear hexes)" if case.province == ASSYRIA else ""),
            SUMMER_RULE,
            "summer",
        )
        return Season.SUMMER
    working.step(f"{case.province}: {calendar.value} by the calendar", WEATHER, calendar.value)
    return calendar


@procedure(RULESET, "season", title="Season and floods", source=WEATHER, takes=WeatherInput)
def season(case: WeatherInput, dice: Dice) -> Result:
    """7.0-7.2: summer April to October, winter November to March, some provinces always summer; rivers flood in
    April (in Aegyptus in October), when crossing them costs double."""
    working = Working()
    calendar = Season.SUMMER if case.month in SUMMER_MONTHS else Season.WINTER
    if not case.province:
        working.step(
            f"At sea it is {calendar.value}: in winter months every sea hex is in winter", SUMMER_RULE, calendar.value
        )
        return Result.of(f"{RULESET}.season", {"season": calendar.value, "rivers_flood": False}, working, dice)
    found = land_season(case, calendar, working)
    flood = case.month == (NILE_FLOOD_MONTH if case.province == "Aegyptus" else FLOOD_MONTH)
    if flood:
        working.step("Its rivers flood this month: crossing them costs double", FLOODS, True)
    return Result.of(f"{RULESET}.season", {"season": found.value, "rivers_flood": flood}, working, dice)
