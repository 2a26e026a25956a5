"""6 Logistics: the Attrition Table and its cumulative penalties (§6.1, §6.1.1, §5.1.8), and the supply check of
Sequence 5 (§6.2).

The Attrition Table stops at "-4 | ..." (L252): the rows from -4 down are per-event data that Control enters
(the event's "Attrition Table, lower rows"); a result there with no row entered stops the roll, naming it.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable
from ..working import Result, Working
from .common import DIE, OPTIONS_HELP, RULESET, Modifier, Season, Side, total_of

ATTRITION = "6.1 Attrition"
RIVERS = "6.1.1 Crossing a River"
SUPPLY = "6.2 Supply"
AFTER_MOVING = "5.1.8 Post-Movement Attrition"
# §6.1 ATTRITION TABLE (L245-252), the rows the text prints; "-4 | ..." and below are Control's.
ATTRITION_TABLE = BandTable(
    "Attrition Table",
    ATTRITION,
    (
        Band(2, None, 0, "2+"),
        Band(-1, 1, 1, "1, 0, or -1"),
        Band(-2, -2, 2, "-2"),
        Band(-3, -3, 3, "-3"),
    ),
)
LOWEST_PRINTED = -3
STACK_FROM = 10  # §6.1 "Stack of more than 10/15/etc. SP: -1/-2/etc."
STACK_STEP = 5


@dataclass(frozen=True)
class AttritionRow:
    result: int = spec("A modified result below -3, as -4", min=-40, max=-4)
    hdc: int | None = spec(
        "SP put out of action on it (the event's Attrition Table, lower rows)", min=0, max=60, default=None
    )


class Cause(Choice):
    """6.1: "Each time that a unit makes a land move … or is unsupplied at the end of a season"."""

    MOVEMENT = "movement"
    SUPPLY = "supply"
    RETREAT = "retreat"
    TRUCE = "truce"
    CONTACT = "contact"


class RouteCounted(Choice):
    """A6: whether the route penalties (river, marsh, path, trade road) count for each link crossed."""

    EACH_LINK = "each_link"  # default
    ONCE_PER_MOVE = "once_per_move"


class SupplyLosses(Choice):
    """A8: §6.2 "Losses are immediately removed", yet the Attrition Table gives SP put Out of Action."""

    HDC = "hdc"  # default: HDC, with the 2:1 conversion open to the player
    ELIMINATED = "eliminated"


class MovesCounted(Choice):
    """A5: "Already moved X times" when the units of the stack have moved different numbers of times."""

    MOST_MOVED = "most_moved"  # default: the unit of the group that has moved most
    LEADER = "leader"  # the leader's (the army's) own moves


@dataclass(frozen=True)
class AttritionOptions:
    moves: MovesCounted = spec(
        'A5, §6.1: "already moved X times" counts the unit of the group that moved most (default) or the '
        "leader's own moves",
        default=MovesCounted.MOST_MOVED,
    )
    stack_counts_hdc: bool = spec(
        "A4, §6.1: the stack size counts HDC SP too (default yes) or only SP in good order", default=True
    )
    route: RouteCounted = spec(
        "A6, §6.1: a route penalty counts for each link crossed (default) or once per movement",
        default=RouteCounted.EACH_LINK,
    )
    supply_losses: SupplyLosses = spec(
        'A8, §6.2: an unsupplied stack\'s losses are HDC (default) or eliminated SP ("immediately removed")',
        default=SupplyLosses.HDC,
    )


@dataclass(frozen=True)
class AttritionInput:
    side: Side = spec("The side whose stack rolls")
    season: Season = spec("The season now")
    sp: int = spec("SP in the stack (dogs never count)", min=0, max=200)
    cause: Cause = spec("Why it rolls: a move, no supply, a retreat, a truce or contact", default=Cause.MOVEMENT)
    hdc_sp: int = spec("Of them, SP already HDC", min=0, max=200, default=0)
    moves_before: int = spec(
        "Times the unit of this army that moved most has already moved this season", min=0, max=20, default=0
    )
    leader_moves_before: int | None = spec(
        "Times its leader has already moved this season (A5's other reading)", min=0, max=20, default=None
    )
    forced_march: bool = spec("It moves by Forced March", default=False)
    attacks_in_enemy_territory: bool = spec("It attacks an enemy in enemy territory", default=False)
    major_rivers: int = spec(
        "Crossings of a major river (the Danube), flooded marshes too (§2)", min=0, max=8, default=0
    )
    minor_rivers_or_marshes: int = spec("Crossings of a minor river or marsh", min=0, max=8, default=0)
    frozen_or_bridged: bool = spec("The rivers are frozen, or it crosses by a bridge or Bridge of Boats", default=False)
    cavalry_sp: int = spec("Its cavalry SP (1 per 2 infantry SP: no river penalty, §5.1.6)", min=0, max=200, default=0)
    infantry_sp: int = spec("Its infantry SP", min=0, max=200, default=0)
    paths: int = spec("Links moved along a path", min=0, max=8, default=0)
    trade_roads: int = spec("Links moved along a trade road", min=0, max=8, default=0)
    pillaged: bool = spec("It is in or moved through a Pillaged region", default=False)
    marshes_entered: int = spec("Marshes it enters or moves through", min=0, max=8, default=0)
    south_of_danube: bool = spec("A barbarian stack south of the Danube", default=False)
    booty_spent: int = spec("Booty markers its leader spends: +1 each (§1.4)", min=0, max=30, default=0)
    message_on_a_hide: bool = spec("Dacian stratagem Message on a Hide: -3 (S1.3)", default=False)
    dogs_eaten: int = spec("German stratagem Eat the dogs!: +1 per Dog SP eaten", min=0, max=10, default=0)
    unit_alone: bool = spec("A unit that moved by itself (no attrition after moving, §5.1.8)", default=False)
    lower_rows: tuple[AttritionRow, ...] = spec(
        "The Attrition Table's rows from -4 down, from the event's data", max_items=40, default=()
    )
    options: AttritionOptions = spec(OPTIONS_HELP, default=AttritionOptions())


def penalties(case: AttritionInput, working: Working) -> list[Modifier]:
    """6.1 Attrition Penalties, "all penalties are cumulative", with the bonuses of Booty and stratagems."""
    found: list[Modifier] = []
    if case.season is Season.WINTER:
        found.append(("winter", -1 if case.side is Side.BARBARIAN else -2, ATTRITION))
    found += stack(case, working)
    found += moved(case, working)
    if case.forced_march:
        found.append(("forced march", -1, ATTRITION))
    if case.attacks_in_enemy_territory:
        found.append(("attacks an enemy in enemy territory", -1, ATTRITION))
    found += route(case, working)
    if case.pillaged:
        found.append(("in or through a Pillaged region", -1, ATTRITION))
    if case.side is Side.BARBARIAN and case.season is Season.SUMMER and case.south_of_danube:
        found.append(("barbarian south of the Danube in summer", -1, ATTRITION))
    if case.booty_spent:
        found.append((f"{case.booty_spent} Booty spent", case.booty_spent, "1.4 Booty Markers"))
    if case.message_on_a_hide:
        found.append(("Message on a Hide", -3, "S1.3 Dacian Stratagems"))
    if case.dogs_eaten:
        found.append((f"{case.dogs_eaten} Dog SP eaten", case.dogs_eaten, "Domitian's Reign: Eat the dogs!"))
    return found


def moved(case: AttritionInput, working: Working) -> list[Modifier]:
    """6.1 "Already moved X times this season: -X", for the unit A5 reads it of."""
    if case.options.moves is MovesCounted.LEADER:
        if case.leader_moves_before is None:
            raise RulesError("leader_moves_before", "Reading A5 counts the leader's own moves: enter them")
        working.note("Reading A5: the leader's own moves count", ATTRITION)
        times, who = case.leader_moves_before, "its leader has"
    else:
        working.note("Reading A5: the unit of the group that moved most counts", ATTRITION)
        times, who = case.moves_before, "a unit has"
    return [(f"{who} already moved {times} time(s) this season", -times, ATTRITION)] if times else []


def stack(case: AttritionInput, working: Working) -> list[Modifier]:
    """A4: more than 10 SP -1, more than 15 -2, more than 20 -3, and so on."""
    counted = case.sp if case.options.stack_counts_hdc else case.sp - case.hdc_sp
    which = "all its SP" if case.options.stack_counts_hdc else "its SP in good order"
    working.note(f"Reading A4: the stack counts {which}: {counted}", ATTRITION)
    steps = math.ceil((counted - STACK_FROM) / STACK_STEP) if counted > STACK_FROM else 0
    return (
        [(f"stack of {counted} SP (more than {STACK_FROM + STACK_STEP * (steps - 1)})", -steps, ATTRITION)]
        if steps
        else []
    )


def route(case: AttritionInput, working: Working) -> list[Modifier]:
    once = case.options.route is RouteCounted.ONCE_PER_MOVE
    working.note(
        f"Reading A6: route penalties count {'once per movement' if once else 'for each link crossed'}", ATTRITION
    )

    def times(count: int) -> int:
        return min(count, 1) if once else count

    found: list[Modifier] = []
    fords = case.cavalry_sp * 2 >= case.infantry_sp and case.cavalry_sp > 0
    rivers = case.major_rivers or case.minor_rivers_or_marshes
    if rivers and (case.frozen_or_bridged or fords):
        why = "frozen or bridged" if case.frozen_or_bridged else "1 cavalry SP for every 2 infantry SP"
        working.step(f"No river penalty: {why}", RIVERS)
    elif rivers:
        found += [("major river crossed", -2 * times(case.major_rivers), ATTRITION)] if case.major_rivers else []
        found += (
            [("minor river or marsh crossed", -times(case.minor_rivers_or_marshes), ATTRITION)]
            if case.minor_rivers_or_marshes
            else []
        )
    found += [("along a path", -2 * times(case.paths), ATTRITION)] if case.paths else []
    found += [("along a trade road", -times(case.trade_roads), ATTRITION)] if case.trade_roads else []
    found += (
        [("enters or moves through a marsh", -times(case.marshes_entered), ATTRITION)] if case.marshes_entered else []
    )
    return found


def hdc_for(total: int, rows: Sequence[AttritionRow], working: Working) -> int:
    """The table's row, or Control's row for a result below -3."""
    if total >= LOWEST_PRINTED:
        printed: int = ATTRITION_TABLE.lookup(total, working)
        return printed
    row = next((row for row in rows if row.result == total), None)
    if row is None or row.hdc is None:
        raise RulesError(
            "lower_rows",
            f"the Attrition Table has no row for {total} (the text stops at "
            '"-4 | ...", L252): Control enters it on the data tables page',
        )
    working.step(f"Attrition Table, row {total} (entered by Control): {row.hdc} SP Out of Action", ATTRITION, row.hdc)
    return row.hdc


@procedure(RULESET, "attrition", title="Attrition", source=ATTRITION, takes=AttritionInput, dice="1 D6")
def attrition(case: AttritionInput, dice: Dice) -> Result:
    """6.1: a D6 with every cumulative penalty: the SP put Out of Action (2 may become 1 eliminated)."""
    working = Working()
    if case.hdc_sp > case.sp:
        raise RulesError("hdc_sp", f"the stack has {case.sp} SP: at most {case.sp} are HDC")
    if case.unit_alone and case.cause is Cause.MOVEMENT:
        working.step("A unit which moves by itself does not suffer attrition after moving", AFTER_MOVING)
        return Result.of("optimus_princeps.attrition", {"rolled": False, "hdc": 0, "eliminated": 0}, working, dice)
    modifiers = penalties(case, working)
    roll = working.roll(dice, DIE, "attrition")
    total = total_of(working, roll, modifiers, "Attrition", ATTRITION)
    hdc = hdc_for(total, case.lower_rows, working)
    outcome: dict[str, Any] = {"rolled": True, "result": total, "hdc": hdc, "eliminated": 0}
    if case.cause is Cause.SUPPLY and case.options.supply_losses is SupplyLosses.ELIMINATED:
        working.note("Reading A8: an unsupplied stack's losses are removed at once, as eliminated SP", SUPPLY)
        outcome.update(hdc=0, eliminated=hdc)
    elif case.cause is Cause.SUPPLY:
        working.note("Reading A8: an unsupplied stack's losses are SP Out of Action, as the table says", SUPPLY)
    if hdc and outcome["hdc"]:
        working.note(
            "The player may turn each 2 SP Out of Action into 1 SP eliminated; all losses must be applied", ATTRITION
        )
    return Result.of("optimus_princeps.attrition", outcome, working, dice)


# ---- optimus_princeps.supply --------------------------------------------------------------------------


class Place(Choice):
    FRIENDLY_INHABITED = "friendly_inhabited"
    OFF_MAP_BOX = "off_map_box"
    ELSEWHERE = "elsewhere"


class OverGarrison(Choice):
    """A7: an army over the Garrison Value in a friendly inhabited region."""

    EXCESS_ONLY = "excess_only"  # default: §9.2.2 GV "indicates the number of friendly SP which are supplied"
    WHOLE_ARMY = "whole_army"  # §6.2 "the number of SP in the army cannot exceed the Garrison Value"


@dataclass(frozen=True)
class SupplyOptions:
    over_garrison: OverGarrison = spec(
        "A7, §6.2 and §9.2.2: SP beyond the Garrison Value — only the excess is unsupplied (default), or the "
        "whole army",
        default=OverGarrison.EXCESS_ONLY,
    )


@dataclass(frozen=True)
class SupplyInput:
    side: Side = spec("The side whose stack is checked")
    season: Season = spec("The season now")
    sp: int = spec("SP in the army or stack", min=1, max=200)
    single_unit: bool = spec("A single unit: always in supply", default=False)
    place: Place = spec("Where it is", default=Place.ELSEWHERE)
    garrison_value: int | None = spec("The inhabited region's Garrison Value", min=0, max=16, default=None)
    pillaged: bool = spec("The region is pillaged", default=False)
    besieged: bool = spec("The region is besieged", default=False)
    captured_from_enemy: bool = spec("A region captured from the other player: not friendly (§6.2 NOTE)", default=False)
    impedimenta: bool = spec("Roman: an impedimenta is in the region", default=False)
    river_fleet: bool = spec(
        "Roman: a non-pillaged, non-mountain region on a major river whose fleet is neither a "
        "bridge of boats nor destroyed",
        default=False,
    )
    options: SupplyOptions = spec(OPTIONS_HELP, default=SupplyOptions())


def roman_supply(case: SupplyInput, working: Working) -> bool:
    """6.2: "The following supply types work only for the Roman side, but not in winter"."""
    if case.side is not Side.ROMAN or not (case.impedimenta or case.river_fleet):
        return False
    if case.season is Season.WINTER:
        working.note("Impedimenta and fleets do not supply in winter", SUPPLY)
        return False
    working.step("Supplied by " + ("its impedimenta" if case.impedimenta else "the river fleet"), SUPPLY)
    return True


def unsupplied_in_region(case: SupplyInput, working: Working) -> int | None:
    """The SP a friendly inhabited region leaves without supply, or None if it supplies nobody."""
    if case.pillaged or case.besieged or case.captured_from_enemy:
        why = "pillaged" if case.pillaged else "besieged" if case.besieged else "captured, not friendly"
        working.step(f"The region is {why}: it supplies nobody", SUPPLY)
        return None
    if case.garrison_value is None:
        raise RulesError("garrison_value", "a friendly inhabited region's Garrison Value is needed")
    excess = max(case.sp - case.garrison_value, 0)
    if excess and case.options.over_garrison is OverGarrison.WHOLE_ARMY:
        working.note("Reading A7: over the Garrison Value, the whole army is unsupplied", SUPPLY)
        return case.sp
    if excess:
        working.note("Reading A7: only the SP beyond the Garrison Value are unsupplied", SUPPLY)
    working.step(
        f"{case.sp} SP in a region of Garrison Value {case.garrison_value}: {excess} unsupplied", SUPPLY, excess
    )
    return excess


@procedure(RULESET, "supply", title="Supply check", source=SUPPLY, takes=SupplyInput)
def supply(case: SupplyInput, dice: Dice) -> Result:
    """6.2: whether a stack is in supply in Sequence 5; the unsupplied SP roll on the Attrition Table."""
    working = Working()
    unsupplied = supply_gap(case, working)
    if unsupplied:
        working.step(f"{unsupplied} SP out of supply: roll on the Attrition Table", SUPPLY, unsupplied)
    return Result.of(
        "optimus_princeps.supply",
        {"supplied": unsupplied == 0, "unsupplied_sp": unsupplied, "attrition": unsupplied > 0},
        working,
        dice,
    )


def supply_gap(case: SupplyInput, working: Working) -> int:
    """The SP out of supply: none for a single unit or in an off-map box; else what the region, then the
    Roman impedimenta or fleet, leave unsupplied."""
    if case.single_unit:
        working.step("A single unit is always in supply", SUPPLY)
        return 0
    if case.place is Place.OFF_MAP_BOX:
        working.step("In an off-map box: in supply", SUPPLY)
        return 0
    excess = unsupplied_in_region(case, working) if case.place is Place.FRIENDLY_INHABITED else None
    if excess == 0 or roman_supply(case, working):
        return 0
    if excess is None:
        working.step("No source of supply", SUPPLY)
        return case.sp
    return excess
