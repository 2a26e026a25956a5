"""8.0 Naval Superiority System: NS Level construction (8.11) and what it costs the manpower rolls (8.12).

The NS Level Construction Table is on the 2nd Punic War Scenarios PAC, which the rulebook does not print: its
cells are per-event data, and the rulebook does not say what picks "the appropriate column", so the umpire names
it. Re-allotment, which follows construction in the same segment, and the levels' range and effects are the AW
rulebook's (AW 7.0), not in this text. A zone's level is kept as one signed number, + Rome and - Carthage, as the
examples read it: "Carthage has a +2 NS Level" (8.12), "his NS Level in Mare Ionium from +2 to -1" (5.51)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import D10, RULESET, Side, cell, roll_d10

CONSTRUCTION_RULE = "8.11 Construction"
PENALTY_RULE = "8.12"
CONSTRUCTION_TABLE = "NS Level Construction Table"
SCENARIOS_PAC = "2nd Punic War Scenarios PAC, not in the rulebook"
PENALTY_PER_LEVEL = -2  # 8.12 "an adverse DRM which is equal to twice the number of NS Levels constructed"
TOWARD = {Side.ROMAN: 1, Side.CARTHAGINIAN: -1}  # the signed level's direction for each side
OWNER = {1: "Rome", -1: "Carthage"}
MANPOWER_TABLE = {Side.ROMAN: "Legion Request Table", Side.CARTHAGINIAN: "Carthaginian Manpower Table"}


class Constructed(Choice):
    RESULT = "result"  # every level the table's result gives
    PLACED = "placed"  # only the levels the player puts in a zone


COUNTED = {Constructed.RESULT: "every level the table gives", Constructed.PLACED: "the levels placed in a zone"}


@dataclass(frozen=True)
class NsConstructionOptions:
    constructed: Constructed = spec(
        "8.12 'twice the number of NS Levels constructed': every level the table's result gives (default), or only "
        "those the player places in a zone (8.11 'the number of NS levels the player may use')",
        default=Constructed.RESULT,
    )


@dataclass(frozen=True)
class ConstructionRow:
    row: str = spec("The table's column and DR, as 'Roman 7'")
    levels: int | None = spec("The NS levels it gives (from the data tables)", min=0, max=20, default=None)


@dataclass(frozen=True)
class ZonePlacement:
    zone: str = spec("The Naval Zone, as 'Mare Africum'")
    levels: int = spec("NS levels placed there", min=1, max=20)
    level_now: int | None = spec(
        "Its NS level before, + Rome, - Carthage (its 'NS Level' tracker), to read out the new level",
        min=-20,
        max=20,
        default=None,
    )


@dataclass(frozen=True)
class NsConstructionInput:
    side: Side = spec("The player constructing")
    column: str = spec(
        "The NS Level Construction Table's column to read, as the 2nd Punic War Scenarios PAC heads it (8.11 "
        "'the appropriate column': the rulebook does not say which)"
    )
    table: tuple[ConstructionRow, ...] = spec(
        "The NS Level Construction Table's rows, as 'Roman 7', from the data tables", default=()
    )
    zones: tuple[ZonePlacement, ...] = spec(
        "Where he places the levels; leave empty to read the result first", default=()
    )
    options: NsConstructionOptions = spec(
        "Readings of points the rulebook leaves open", default=NsConstructionOptions()
    )


def level_words(level: int) -> str:
    """A zone's signed level as the rulebook says it: 'Carthage +2', or no marker at 0."""
    if not level:
        return "0 (no marker)"
    return f"{OWNER[1 if level > 0 else -1]} +{abs(level)}"


def check_placements(zones: tuple[ZonePlacement, ...], levels: int) -> int:
    """The levels placed, or a RulesError: a zone left blank or named twice, or more levels placed than the table
    gives."""
    named: set[str] = set()
    for index, placement in enumerate(zones):
        if not placement.zone.strip():
            raise RulesError(f"zones.{index}.zone", "name the Naval Zone, as 'Mare Africum'")
        if placement.zone in named:
            raise RulesError(f"zones.{index}.zone", f"{placement.zone!r} is named twice: give its levels once")
        named.add(placement.zone)
    placed = sum(placement.levels for placement in zones)
    if placed > levels:
        raise RulesError("zones", f"{placed} NS levels are placed, but the {CONSTRUCTION_TABLE} gives {levels}")
    return placed


def place(case: NsConstructionInput, working: Working) -> dict[str, int]:
    """Each zone's signed change: a level of one side's is one less of the other's (8.11)."""
    changes: dict[str, int] = {}
    sign = TOWARD[case.side]
    for placement in case.zones:
        change = sign * placement.levels
        text = f"{placement.zone}: {placement.levels} level(s) to {OWNER[sign]}"
        if placement.level_now is not None:
            text += f", {level_words(placement.level_now)} → {level_words(placement.level_now + change)}"
        working.step(text, CONSTRUCTION_RULE, change)
        changes[placement.zone] = change
    return changes


def manpower_penalty(case: NsConstructionInput, levels: int, placed: int, working: Working) -> tuple[int, int]:
    """8.12: (levels constructed, the DRM) on the side's manpower table for the rest of the Game Turn."""
    counted = levels if case.options.constructed is Constructed.RESULT else placed
    working.choice(f"Levels constructed: {COUNTED[case.options.constructed]}", PENALTY_RULE, counted)
    drm = PENALTY_PER_LEVEL * counted
    working.step(
        f"Twice the {counted} NS level(s) constructed: {drm} on each {MANPOWER_TABLE[case.side]} DR this Game Turn",
        PENALTY_RULE,
        drm,
    )
    working.note("No effect on Provincial or Tribal Manpower Operations", PENALTY_RULE)
    return counted, drm


@procedure(
    RULESET,
    "ns_construction",
    title="NS Level construction (B/3/a)",
    source=CONSTRUCTION_RULE,
    takes=NsConstructionInput,
    dice=D10,
)
def ns_construction(case: NsConstructionInput, dice: Dice) -> Result:
    """8.11-8.12: the player rolls on the NS Level Construction Table, in the appropriate column; the result is the
    NS levels he may use to adjust any Naval Zone(s), each raising his level there and lowering his opponent's.
    Twice the levels constructed is an adverse DRM on the Legion Request Table or the Carthaginian Manpower Table
    for the rest of the Game Turn. Construction comes before Re-allotment (AW 7.0) in the same segment."""
    working = Working()
    roll = roll_d10(working, dice, "NS Level construction")
    levels: int = cell(
        case.table, f"{case.column} {roll}", "levels", table=CONSTRUCTION_TABLE, source=SCENARIOS_PAC, field="table"
    )
    working.step(
        f"{CONSTRUCTION_TABLE}, column {case.column}, DR {roll}: {levels} NS level(s) to place in any Naval Zone(s)",
        CONSTRUCTION_RULE,
        levels,
    )
    placed = check_placements(case.zones, levels)
    changes = place(case, working)
    if case.zones and placed < levels:
        working.note(f"{levels - placed} level(s) not placed", CONSTRUCTION_RULE)
    constructed, drm = manpower_penalty(case, levels, placed, working)
    working.note("Re-allotment (AW 7.0) follows, construction first", CONSTRUCTION_RULE)
    working.note("Not with the Advanced Naval System, which ignores NS levels and builds squadrons", "13.0")
    outcome = {
        "side": case.side.value,
        "levels": levels,
        "placed": placed,
        "ns_levels": changes,
        "constructed": constructed,
        "manpower_drm": drm,
    }
    return Result.of(f"{RULESET}.ns_construction", outcome, working, dice)
