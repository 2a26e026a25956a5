"""13.0 Advanced Naval System (optional): squadron construction (13.16-13.17), Distance Points and the Major
Disaster (13.42-13.44), interception and avoidance (13.51-13.52), naval battle (13.53-13.57), raids (13.6) and the
Oarsmen Shortage (13.10). The ANS PAC's charts (the Naval Movement Distance Effects Table, the Naval Combat Ratio
Chart, the Naval Battle Results Table, the Port Harbor Capacity Chart) are per-event data."""

import math
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Side, cell, roll_d10, total

CONSTRUCTION_RULE = "13.16 Fleet Construction"
DISTANCE_RULE = "13.42 Distance Points"
DISASTER_RULE = "13.44 Major Disaster"
INTERCEPTION_RULE = "13.51 Interception"
AVOIDANCE_RULE = "13.52 Avoidance"
BATTLE_RULE = "13.53 Resolving Naval Battles"
RAID_RULE = "13.63 Raid Resolution"
ANS_PAC = "Advanced Naval System PAC, not in the rulebook"
DISTANCE_TABLE = "Naval Movement Distance Effects Table"
RATIO_CHART = "Naval Combat Ratio Chart"
RESULTS_TABLE = "Naval Battle Results Table"
HARBOR_CHART = "Port Harbor Capacity Chart"
LEADERLESS_CAMPAIGN = 4  # 13.23 "an intrinsic Campaign Rating of 4 and an E Battle Rating"
RAID_SUCCESS_BELOW = 5  # 13.63 "If the modified die roll is less than 5, the Raid succeeds"
RESULTS_RANGE = (-2, 11)  # 13.53 "from -2 to +11, a total of 14 possible results"

SQUADRON_LIMIT = KeyedTable(
    "Squadrons in play at most",
    "13.17 Squadron Construction Limits",
    {Side.ROMAN.value: 28, Side.CARTHAGINIAN.value: 20},
)
BUILD_PORTS = KeyedTable(
    "Ports where squadrons are built",
    "13.17 Squadron Construction Limits",
    {Side.ROMAN.value: "Ostia, Neapolis, Lilybaeum", Side.CARTHAGINIAN.value: "Carthago"},
)
DISTANCE_POINTS = KeyedTable(
    "Distance Points a hex", DISTANCE_RULE, {"coastal": 1, "all_sea": 5, "all_sea_severe_weather": 10}
)
TACTICAL_SUPERIORITY = KeyedTable(
    "Tactical Superiority DRM (own, opponent's)", "13.54", {Side.ROMAN.value: (-1, 1), Side.CARTHAGINIAN.value: (-2, 2)}
)


# ---- thunderbolt.squadron_construction ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ConstructionInput:
    side: Side = spec("The player building")
    squadrons_in_play: int = spec("His squadrons in play", min=0, max=40)
    port: str = spec("The controlled port where they are built")
    squadrons_in_port: int = spec("Squadrons already in that port", min=0, max=300, default=0)
    harbor_capacity: int | None = spec(
        "The port's Harbor Capacity, from the Port Harbor Capacity Chart (the data tables)",
        min=0,
        max=300,
        default=None,
    )


def harbor_capacity(capacity: int | None, port: str) -> int:
    """13.16, 13.81: a port's Harbor Capacity, which only the ANS PAC's Port Harbor Capacity Chart gives."""
    if capacity is None:
        raise RulesError(
            "harbor_capacity",
            f"the {HARBOR_CHART} has no capacity for {port!r}: Control enters it on the data tables page ({ANS_PAC})",
        )
    return capacity


@procedure(
    RULESET,
    "squadron_construction",
    title="Squadron construction (B/3/a)",
    source=CONSTRUCTION_RULE,
    takes=ConstructionInput,
    dice=D10,
)
def squadron_construction(case: ConstructionInput, dice: Dice) -> Result:
    """13.16-13.17: roll and halve, rounding up: the squadrons he may build, in one eligible port, within its
    harbor room (its capacity on the Port Harbor Capacity Chart less the squadrons in it) and his limit (Rome 28,
    Carthage 20); each is -1 to this turn's manpower rolls."""
    working = Working()
    ports: str = BUILD_PORTS.lookup(case.side.value, working)
    if case.port not in ports.split(", "):
        raise RulesError("port", f"{case.side.title} builds only in {ports} (13.17)")
    harbor_room = max(0, harbor_capacity(case.harbor_capacity, case.port) - case.squadrons_in_port)
    roll = roll_d10(working, dice, "squadron construction")
    may = math.ceil(roll / 2)
    limit: int = SQUADRON_LIMIT.lookup(case.side.value, working)
    room = limit - case.squadrons_in_play
    built = max(0, min(may, room, harbor_room))
    working.step(
        f"{roll} halved, round up: {may}; room for {room} under the limit, {harbor_room} in "
        f"{case.port}: {built} built, Crew 0, In Port",
        CONSTRUCTION_RULE,
        built,
    )
    working.note(f"-{built} DRM to the Raise Manpower segment and this turn's Manpower Operations", "13.16")
    return Result.of(
        f"{RULESET}.squadron_construction", {"may_build": may, "built": built, "manpower_drm": -built}, working, dice
    )


# ---- thunderbolt.naval_distance -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DistanceRow:
    row: str = spec("The adjusted DR, as '2'")
    effect: str | None = spec("No Effect, Scattered, Blown Off Course, Blown Off Course and Lose 25%", default=None)


@dataclass(frozen=True)
class DistanceInput:
    coastal_hexes: int = spec("Coastal hexes entered", min=0, max=300)
    all_sea_hexes: int = spec("All Sea hexes entered", min=0, max=300, default=0)
    severe_weather: bool = spec("Severe Weather at Sea this GT (13.10)", default=False)
    winter: bool = spec("Winter move to port in G/1: roll for Major Disaster instead (13.82)", default=False)
    began_scattered: bool = spec("(Winter) The Fleet began the segment Scattered: +20 DP", default=False)
    table: tuple[DistanceRow, ...] = spec("The Distance Effects Table's rows, from the data tables", default=())


def distance_points(case: DistanceInput, working: Working) -> int:
    sea: int = DISTANCE_POINTS.lookup("all_sea_severe_weather" if case.severe_weather else "all_sea", working)
    points = case.coastal_hexes + sea * case.all_sea_hexes + (20 if case.winter and case.began_scattered else 0)
    working.step(
        f"{case.coastal_hexes} Coastal + {case.all_sea_hexes} All Sea hexes"
        f"{' + 20 (Scattered)' if case.winter and case.began_scattered else ''}: {points} DP",
        DISTANCE_RULE,
        points,
    )
    return points


def major_disaster(case: DistanceInput, points: int, dice: Dice, working: Working) -> bool:
    tens = roll_d10(working, dice, "Major Disaster: tens")
    units = roll_d10(working, dice, "Major Disaster: units")
    number = 10 * tens + units - (10 if case.severe_weather else 0)
    sunk = number < points
    working.step(
        f"{number} against {points} DP: {'the whole Fleet is sunk' if sunk else 'it survives'}", DISASTER_RULE, sunk
    )
    return sunk


@procedure(
    RULESET,
    "naval_distance",
    title="A Fleet's voyage: Distance Effects and Major Disaster",
    source=DISTANCE_RULE,
    takes=DistanceInput,
    dice=f"{D10}; on a natural 0, two more read tens then units (00-99), each a {D10}",
)
def naval_distance(case: DistanceInput, dice: Dice) -> Result:
    """13.42-13.44, 13.82: 1 DP a Coastal hex, 5 an All Sea hex (10 in Severe Weather); roll +1 for each full 10 DP
    on the Naval Movement Distance Effects Table (per-event data); a natural 0 also rolls two dice as 00-99: lower
    than the DP, the Fleet is sunk. In Winter only the Major Disaster is rolled."""
    working = Working()
    points = distance_points(case, working)
    if case.winter:
        sunk = major_disaster(case, points, dice, working)
        return Result.of(f"{RULESET}.naval_distance", {"dp": points, "effect": None, "sunk": sunk}, working, dice)
    roll = roll_d10(working, dice, "Distance Effects")
    adjusted = total(working, roll, [("Full 10 DP", points // 10, DISTANCE_RULE)])
    effect: str = cell(case.table, str(adjusted), "effect", table=DISTANCE_TABLE, source=ANS_PAC, field="table")
    working.step(f"{DISTANCE_TABLE}: {effect}", "13.43", effect)
    sunk = major_disaster(case, points, dice, working) if roll == 0 else False
    return Result.of(f"{RULESET}.naval_distance", {"dp": points, "effect": effect, "sunk": sunk}, working, dice)


# ---- thunderbolt.naval_interception, thunderbolt.naval_avoidance --------------------------------------------------


@dataclass(frozen=True)
class InterceptionInput:
    campaign_rating: int | None = spec(
        "The intercepting leader's Campaign Rating (none: a leaderless Fleet, 4)", min=0, max=9, default=None
    )
    into_adjacent_hex: bool = spec("The interception is into an adjacent hex", default=False)
    in_port: bool = spec("The intercepting Fleet is In Port", default=False)
    another_fleet_tried: bool = spec(
        "Another of his eligible Fleets has already tried against this same move (a new "
        "trigger, as the enemy moving out of the hex, clears it)",
        default=False,
    )


@procedure(
    RULESET,
    "naval_interception",
    title="Naval interception",
    source=INTERCEPTION_RULE,
    takes=InterceptionInput,
    dice=D10,
)
def naval_interception(case: InterceptionInput, dice: Dice) -> Result:
    """13.51: roll, +3 into an adjacent hex, +2 from In Port; no higher than the Campaign Rating (4 for a Fleet
    without a leader): intercepted. Of Fleets eligible in one or more hexes, only one may make the attempt."""
    working = Working()
    # The seed (13.51, L798-799) allows one attempt, not one hex's Fleets (the extraction's §3.11.4): its example
    # lets only one of two Fleets in the same hex try.
    if case.another_fleet_tried:
        raise RulesError(
            "another_fleet_tried",
            "if Fleets in more than one hex are eligible to intercept, only one "
            "may make the attempt (13.51); another may try at the enemy's next trigger",
        )
    rating = LEADERLESS_CAMPAIGN if case.campaign_rating is None else case.campaign_rating
    roll = roll_d10(working, dice, "naval interception")
    adjusted = total(
        working,
        roll,
        [
            m
            for m, met in (
                (("Into an adjacent hex", 3, INTERCEPTION_RULE), case.into_adjacent_hex),
                (("From In Port", 2, INTERCEPTION_RULE), case.in_port),
            )
            if met
        ],
    )
    success = adjusted <= rating
    working.step(
        f"{adjusted} against Campaign Rating {rating}: {'intercepted' if success else 'no interception'}",
        INTERCEPTION_RULE,
        success,
    )
    return Result.of(f"{RULESET}.naval_interception", {"intercepted": success}, working, dice)


@dataclass(frozen=True)
class AvoidanceInput:
    campaign_rating: int | None = spec(
        "The Admiral's Campaign Rating (none: a leaderless Fleet, 4)", min=0, max=9, default=None
    )
    guile_points: int = spec("Guile Points an Admiral-only leader spends (-1 each)", min=0, max=9, default=0)
    coastal_hex_with_land: bool = spec("The Fleet is in a Coastal hex with some land", default=True)


@procedure(RULESET, "naval_avoidance", title="Naval avoidance", source=AVOIDANCE_RULE, takes=AvoidanceInput, dice=D10)
def naval_avoidance(case: AvoidanceInput, dice: Dice) -> Result:
    """13.52: only from a Coastal hex with land; roll, -1 a Guile Point; higher than the Campaign Rating: battle;
    else the Fleet enters port or moves 1-2 hexes, and an Attack Operation is cancelled."""
    working = Working()
    if not case.coastal_hex_with_land:
        raise RulesError("coastal_hex_with_land", "avoidance only from a Coastal hex with some land (13.52)")
    rating = LEADERLESS_CAMPAIGN if case.campaign_rating is None else case.campaign_rating
    roll = roll_d10(working, dice, "naval avoidance")
    guile: list[Modifier] = [("Guile Points", -case.guile_points, AVOIDANCE_RULE)] if case.guile_points else []
    adjusted = total(working, roll, guile)
    avoided = adjusted <= rating
    working.step(
        f"{adjusted} against {rating}: {'avoided' if avoided else 'the battle commences'}", AVOIDANCE_RULE, avoided
    )
    return Result.of(f"{RULESET}.naval_avoidance", {"avoided": avoided}, working, dice)


# ---- thunderbolt.raid ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RatioRow:
    row: str = spec("The ratio as the chart lists it, as '2:1'")
    drm: int | None = spec("The battle DRM for the side at that ratio", min=-9, max=9, default=None)
    raid_drm: int | None = spec("The Raid Defense DRM at that ratio", min=-9, max=9, default=None)


def ratio_label(own: int, other: int) -> str:
    """13.54, 13.63: the ratio, rounded down (against the side computing it)."""
    if other == 0:
        raise RulesError("squadrons", "a ratio needs squadrons (or SADS) on both sides")
    return f"{own // other}:1" if own >= other else f"1:{math.ceil(other / own)}"


@dataclass(frozen=True)
class RaidInput:
    squadrons: int = spec("Squadrons in the raiding Fleet", min=4, max=40)
    sads: int = spec("The city's SADS, In Port squadrons and cavalry/elephants counted as infantry", min=1, max=99)
    chart: tuple[RatioRow, ...] = spec("The Naval Combat Ratio Chart's rows, from the data tables", default=())
    medium_or_large: bool = spec("The target is a Medium/Large city", default=False)


@procedure(RULESET, "raid", title="Naval raid", source=RAID_RULE, takes=RaidInput, dice=D10)
def raid(case: RaidInput, dice: Dice) -> Result:
    """13.61-13.64: squadrons against the city's SADS as a ratio (fractions dropped) gives the Raid Defense DRM
    (Naval Combat Ratio Chart, per-event data); a modified roll under 5 succeeds: +1 next turn's B/3/a and B/3/b
    rolls for a Small city, +2 for a Medium/Large one."""
    working = Working()
    ratio = ratio_label(case.squadrons, case.sads)
    drm: int = cell(case.chart, ratio, "raid_drm", table=RATIO_CHART, source=ANS_PAC, field="chart")
    roll = roll_d10(working, dice, "raid")
    adjusted = total(working, roll, [(f"Ratio {ratio}", drm, RATIO_CHART)])
    success = adjusted < RAID_SUCCESS_BELOW
    bonus = (2 if case.medium_or_large else 1) if success else 0
    working.step(
        f"{adjusted}: {'the raid succeeds' if success else 'the raid fails'}; a die roll Finish", RAID_RULE, success
    )
    return Result.of(f"{RULESET}.raid", {"ratio": ratio, "success": success, "next_turn_drm": bonus}, working, dice)


# ---- thunderbolt.oarsmen_shortage ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OarsmenInput:
    roman_squadrons: int = spec("Roman squadrons in play", min=0, max=40)
    carthaginian_squadrons: int = spec("Carthaginian squadrons in play", min=0, max=40)


@procedure(
    RULESET,
    "oarsmen_shortage",
    title="Augury: Oarsmen Shortage",
    source="13.10 Augury Adjustments",
    takes=OarsmenInput,
    dice=f"{D10} for the side; {D10} for the squadrons",
)
def oarsmen_shortage(case: OarsmenInput, dice: Dice) -> Result:
    """13.10: even, the Carthaginians are affected, odd the Romans; that player rolls and removes half the DR in
    squadrons, rounded down, at least one."""
    working = Working()
    side = Side.CARTHAGINIAN if roll_d10(working, dice, "which side") % 2 == 0 else Side.ROMAN
    roll = roll_d10(working, dice, "squadrons lost")
    have = case.carthaginian_squadrons if side is Side.CARTHAGINIAN else case.roman_squadrons
    lost = min(have, max(1, roll // 2))
    working.step(f"{side.title}: remove {lost} squadron(s) of his choice", "13.10", lost)
    return Result.of(f"{RULESET}.oarsmen_shortage", {"side": side.value, "squadrons_lost": lost}, working, dice)
