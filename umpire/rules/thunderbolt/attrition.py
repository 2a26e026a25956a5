"""2.1 and 2.11: the Theater-specific adjustments to movement attrition: Rough hexes in Africa and Mauretania,
Level C roads in Hispania ("Up two rows"), and Home Territory halving. The Attrition Results Table and the Attrition
Points a province or river costs are the AW rulebook's (AW 6.4): per-event data."""

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import NOT_PRINTED, RULESET

MAP_RULE = "2.1 The Maps"
HOME_RULE = "2.11 Home Territory"
ATTRITION_TABLE = "Attrition Results Table"
ATTRITION_SOURCE = "AW 6.4, not in the Thunderbolt rulebook"
HISPANIA_ROAD_SHIFT = 2  # 2.1 "an "Up two rows" adjustment on the Attrition Results Table"


class HalvingScope(Choice):
    QUALIFYING_PROVINCES = "qualifying_provinces"  # 2.11 "the attrition cost of movement within any ... province"
    WHOLE_MOVE = "whole_move"


@dataclass(frozen=True)
class AttritionOptions:
    halving: HalvingScope = spec(
        "2.11: what Home Territory halves — the AP spent in the qualifying provinces only (default), or the whole "
        "move's AP",
        default=HalvingScope.QUALIFYING_PROVINCES,
    )


@dataclass(frozen=True)
class Leg:
    province: str = spec("A province entered")
    province_ap: int = spec("Its Attrition Point cost (AW 6.4)", min=0, max=20)
    river_ap: int = spec(
        "AP for rivers crossed in it (AW 6.4; Gades' crossing is a Minor river)", min=0, max=20, default=0
    )
    rivers_crossed_by_road: int = spec(
        "Rivers the Level C road crosses here, in an all-road Hispania move (-1 AP each)", min=0, max=10, default=0
    )
    rough_hexes_off_road: int = spec(
        "Rough hexes entered in Africa/Mauretania not along a Level C road (+1 AP each)", min=0, max=20, default=0
    )
    home_territory: bool = spec(
        "Home Territory: Roman Legions in a Roman-controlled Roman Italy province, or an "
        "all-Carthaginian/Numidian/Libyan force in its own home province",
        default=False,
    )


@dataclass(frozen=True)
class AttritionRow:
    row: str = spec("The row's label, as '7-9'")
    low: int | None = spec("Its lowest AP", min=0, max=99, default=None)
    high: int | None = spec("Its highest AP (none: no top)", min=0, max=99, default=None)


@dataclass(frozen=True)
class AttritionInput:
    legs: tuple[Leg, ...] = spec("The provinces entered, in order", min_items=1)
    all_along_level_c_road_in_hispania: bool = spec(
        "The move was exclusively along Level C roads in Hispania", default=False
    )
    table: tuple[AttritionRow, ...] = spec("The Attrition Results Table's rows, top to bottom", default=())
    options: AttritionOptions = spec("Readings of points the rulebook leaves open", default=AttritionOptions())


def leg_ap(leg: Leg, working: Working) -> int:
    road = min(leg.rivers_crossed_by_road, leg.river_ap)
    ap = leg.province_ap + leg.river_ap - road + leg.rough_hexes_off_road
    working.step(
        f"{leg.province}: {leg.province_ap} + rivers {leg.river_ap - road} + Rough {leg.rough_hexes_off_road}"
        f" = {ap} AP",
        MAP_RULE,
        ap,
    )
    return ap


def accumulated(case: AttritionInput, working: Working) -> int:
    aps = [leg_ap(leg, working) for leg in case.legs]
    if case.options.halving is HalvingScope.WHOLE_MOVE and any(leg.home_territory for leg in case.legs):
        points: float = sum(aps) / 2
    else:
        points = sum(ap / 2 if leg.home_territory else ap for ap, leg in zip(aps, case.legs))
    working.choice(f"Home Territory halves the {case.options.halving.label.replace('_', ' ')}", HOME_RULE)
    final = math.floor(points)
    working.step(f"{points:g} AP; the fraction dropped: {final}", HOME_RULE, final)
    return final


def row_index(table: Sequence[AttritionRow], points: int) -> int:
    for index, row in enumerate(table):
        if row.low is None:
            raise RulesError(
                f"table.{index}.low",
                f"the {ATTRITION_TABLE} row {row.row!r} has no AP range: {NOT_PRINTED} ({ATTRITION_SOURCE})",
            )
        if row.low <= points and (row.high is None or points <= row.high):
            return index
    raise RulesError("table", f"the {ATTRITION_TABLE} has no row for {points} AP: {NOT_PRINTED} ({ATTRITION_SOURCE})")


@procedure(
    RULESET,
    "movement_attrition",
    title="Movement attrition: Theater adjustments",
    source=MAP_RULE,
    takes=AttritionInput,
)
def movement_attrition(case: AttritionInput, dice: Dice) -> Result:
    """2.1, 2.11: add 1 AP a Rough hex in Africa/Mauretania off a Level C road; an all-Level-C-road move in Hispania
    uses the row two up on the Attrition Results Table (AW, per-event data) and pays 1 AP less a river the road
    crosses; Home Territory halves the AP (fractions kept, dropped at the end)."""
    working = Working()
    points = accumulated(case, working)
    index = row_index(case.table, points)
    working.step(f"{ATTRITION_TABLE}: row {case.table[index].row}", ATTRITION_SOURCE, case.table[index].row)
    if case.all_along_level_c_road_in_hispania:
        if index < HISPANIA_ROAD_SHIFT:
            raise RulesError(
                "table",
                f"the {ATTRITION_TABLE} needs the rows above {case.table[index].row!r} to shift "
                f"two up: {NOT_PRINTED} ({ATTRITION_SOURCE})",
            )
        index -= HISPANIA_ROAD_SHIFT
        working.step(
            f"Exclusively along Level C roads in Hispania: up two rows, to {case.table[index].row}",
            MAP_RULE,
            case.table[index].row,
        )
    return Result.of(f"{RULESET}.movement_attrition", {"ap": points, "row": case.table[index].row}, working, dice)
