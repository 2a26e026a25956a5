"""Sieges: the fortification table, a month's assault, reducing defences and building siege engines
(X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES).

There is one round of combat a month in a siege: each procedure here is one month's work, and the
desk keeps the siege going from month to month.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable, KeyedTable
from ..working import Result, Working
from .characters import military_skill_spec
from .forces import Force, TroopType, combat_value
from .legions import count

UNLIMITED = "unlimited"


class PlaceType(Choice):
    HUGE_MOUNTAIN_FORTIFIED_CITY = "huge_mountain_fortified_city"
    MAJOR_FORTIFIED_CITY = "major_fortified_city"
    MINOR_FORTIFIED_CITY = "minor_fortified_city"
    FORTIFIED_TOWN = "fortified_town"
    LEGIONARY_FORT = "legionary_fort"


# X. THE SIEGE SYSTEM. The Huge Mountain Fortified City's multiplier is "20+ (1) this varies, but
# includes Jerusalem and Masada": not a number, so the umpire enters it (None: never invented here).
# Rome is the handbook's example of a major fortified city.
FORTIFICATIONS = KeyedTable(
    name="Fortifications",
    source="X. THE SIEGE SYSTEM",
    rows={
        "huge_mountain_fortified_city": {
            "multiplier": None,
            "capacity": 100,
            "max_assaulters": UNLIMITED,
            "min_engines": 4,
        },
        "major_fortified_city": {"multiplier": 8, "capacity": 100, "max_assaulters": UNLIMITED, "min_engines": 3},
        "minor_fortified_city": {"multiplier": 5, "capacity": 50, "max_assaulters": 80, "min_engines": 2},
        "fortified_town": {"multiplier": 2, "capacity": 25, "max_assaulters": 60, "min_engines": 1},
        "legionary_fort": {"multiplier": 6, "capacity": 20, "max_assaulters": 40, "min_engines": 1},
    },
)

# X. SIEGE COMBAT RESULTS, by the attackers' score less the defenders'. "+3 or less" has no floor:
# a defender rolling higher is still a repulse, for the siege system has no sortie or rout.
SIEGE_RESULTS = BandTable(
    name="Siege combat results",
    source="X. SIEGE COMBAT RESULTS",
    bands=(
        Band(8, None, "place_falls", "+8 or more: assault victorious, place falls"),
        Band(4, 7, "bloody_repulse", "+4/+7: bloody repulse"),
        Band(None, 3, "repulse", "+3 or less: repulse"),
    ),
)
EMPTY_PLACE_COMBAT_VALUE = 3  # X. SIEGE COMBAT RESULTS: "a fortified place with no garrison units"
# X. COMBAT EXAMPLES, Example 1: a "Full Strength Legion" is 5 legionary and 5 auxiliary vexillations.
FULL_STRENGTH_VEXILLATIONS = 10
STRENGTH_TROOPS = (TroopType.LEGIONARY, TroopType.PRAETORIAN, TroopType.AUXILIARY)


@dataclass(frozen=True)
class Place:
    type: PlaceType = spec("What kind of defended place")
    name: str = spec("Its name, as Jerusalem")
    multiplier: int | None = spec(
        "Its strength multiplier now, after any reduction; empty for the table's "
        "full value (a Huge Mountain Fortified City must be given: 20 or more, varies)",
        min=1,
        max=50,
        default=None,
    )


def place_multiplier(place: Place, working: Working, path: str = "place.multiplier") -> int:
    """The place's strength multiplier now: the umpire's, or the table's full value."""
    if place.multiplier is not None:
        working.step(
            f"{place.name}: strength multiplier now {place.multiplier}", FORTIFICATIONS.source, place.multiplier
        )
        return place.multiplier
    if FORTIFICATIONS.rows[place.type.value]["multiplier"] is None:
        raise RulesError(
            path,
            f"{place.name} is a {place.type.label}: its multiplier is 20 or more and varies "
            f"({FORTIFICATIONS.source}), so the umpire must enter it",
        )
    full: int = FORTIFICATIONS.lookup(place.type.value, working, column="multiplier")
    return full


def units(forces: Sequence[Force], exclude: Collection[TroopType] = ()) -> int:
    return sum(t.count for force in forces for t in force.troops if t.type not in exclude)


# ---- ad69.fortification --------------------------------------------------------------------


@dataclass(frozen=True)
class FortificationInput:
    type: PlaceType = spec("What kind of defended place")


@procedure("ad69", "fortification", title="Fortification table", source=FORTIFICATIONS.source, takes=FortificationInput)
def fortification(case: FortificationInput, dice: Dice) -> Result:
    """X. THE SIEGE SYSTEM: a place type's multiplier, capacity, maximum assaulters and minimum engines."""
    working = Working()
    row = FORTIFICATIONS.lookup(case.type.value, working)
    outcome = {**row, "multiplier": row["multiplier"] if row["multiplier"] is not None else "20+, varies"}
    return Result.of("ad69.fortification", outcome, working, dice)


# ---- ad69.siege_assault --------------------------------------------------------------------
# Each side has the same factors: the rule lists "+2 if the Legionary Commander has joined the assault
# in person" for the d12 "per side", and a commander defending his walls joins the same assault.


@dataclass(frozen=True)
class SiegeSide:
    forces: tuple[Force, ...] = spec(
        "Its forces (the defenders: the garrison, empty if there is none)", max_items=20, default=()
    )
    commander_in_person: bool = spec("Its Legionary Commander fights in person (+2)", default=False)
    military_skill: int = military_skill_spec(
        "Military Skill of the Army Commander (not a subordinate legion commander)"
    )


@dataclass(frozen=True)
class SiegeAssaultInput:
    place: Place = spec("The defended place")
    attackers: SiegeSide = spec("The assaulting army")
    defenders: SiegeSide = spec("The garrison")


def check_capacity(case: SiegeAssaultInput, working: Working) -> None:
    """X. THE SIEGE SYSTEM: a place holds at most its capacity, and only so many can assault it."""
    capacity: int = FORTIFICATIONS.lookup(case.place.type.value, working, column="capacity")
    garrison = units(case.defenders.forces)
    if garrison > capacity:
        raise RulesError(
            "defenders.forces",
            f"a garrison of {garrison} units is more than {case.place.name} "
            f"({case.place.type.label}) can hold: {capacity} ({FORTIFICATIONS.source})",
        )
    limit: int | str = FORTIFICATIONS.lookup(case.place.type.value, working, column="max_assaulters")
    assaulting = units(case.attackers.forces, exclude=(TroopType.RAW_LEVY,))
    if isinstance(limit, int) and assaulting > limit:  # else UNLIMITED
        raise RulesError(
            "attackers.forces",
            f"{assaulting} assaulting units are more than can be deployed "
            f"against a {case.place.type.label}: {limit}; name the units that assault "
            f"({FORTIFICATIONS.source})",
        )


def assault_value(side: SiegeSide, working: Working) -> int:
    """X. SIEGE COMBAT RESULTS: the attackers' combat value, raw levies not counted."""
    working.note(
        "Attackers: raw levies do not count; every other type does, barbarian warbands included", SIEGE_RESULTS.source
    )
    total = sum(combat_value(force, working, exclude=(TroopType.RAW_LEVY,)) for force in side.forces)
    working.step(f"Attackers' combat value {total}", SIEGE_RESULTS.source, total)
    return total


def garrison_value(side: SiegeSide, working: Working) -> int:
    """X. SIEGE COMBAT RESULTS: the defenders head-counted, raw levies included; an empty place is 3."""
    if not units(side.forces):
        working.step(
            f"No garrison units: combat value {EMPTY_PLACE_COMBAT_VALUE}",
            SIEGE_RESULTS.source,
            EMPTY_PLACE_COMBAT_VALUE,
        )
        return EMPTY_PLACE_COMBAT_VALUE
    total = sum(combat_value(force, working) for force in side.forces)
    working.step(f"Defenders' combat value {total}", SIEGE_RESULTS.source, total)
    return total


def siege_score(who: str, side: SiegeSide, value: int, dice: Dice, working: Working) -> int:
    """X. SIEGE COMBAT RESULTS: 1d12, +1 per 10 points of (Defence) combat value, +2 for the Legionary
    Commander in person, + the Army Commander's Military Skill."""
    score = working.roll(dice, 12, f"the {who}' siege roll")
    score += working.modifier(
        f"+1 for every 10 points of the {who}' value ({value})", value // 10, SIEGE_RESULTS.source
    )
    if side.commander_in_person:
        score += working.modifier("+2 Legionary Commander in person", 2, SIEGE_RESULTS.source)
    if side.military_skill:
        score += working.modifier(
            f"{side.military_skill:+d} Military Skill of the Army Commander", side.military_skill, SIEGE_RESULTS.source
        )
    working.step(f"{who.capitalize()}' score {score}", SIEGE_RESULTS.source, score)
    return score


def capped(lost: int, present: int, who: str, working: Working) -> int:
    """Losses cannot be more units than were there to lose."""
    if lost > present:
        working.note(f"The {who} lose {lost} by the rule but have only {present}: all {present} are lost")
    return min(lost, present)


# X. SIEGE COMBAT RESULTS: the attackers lose the defenders' value divided by this, rounded down as
# in the battle examples (50 / 20 = 2).
ATTACKER_LOSS_DIVISORS = {"place_falls": 20, "bloody_repulse": 10, "repulse": 20}


def attackers_lost(result: str, garrison: int, working: Working) -> int:
    divisor = ATTACKER_LOSS_DIVISORS[result]
    return working.modifier(
        f"Attackers lose the defenders' {garrison} ÷ {divisor}, rounded down", garrison // divisor, SIEGE_RESULTS.source
    )


def defenders_lost(result: str, attack: int, garrison_units: int, working: Working) -> int:
    if result == "place_falls":
        return working.modifier(
            f"The defenders are wiped out: {garrison_units} units", garrison_units, SIEGE_RESULTS.source
        )
    if result == "bloody_repulse":
        return working.modifier(
            f"Defenders lose the attackers' {attack} ÷ 10, rounded down", attack // 10, SIEGE_RESULTS.source
        )
    return working.modifier("A repulse costs the defenders nothing", 0, SIEGE_RESULTS.source)


def siege_losses(result: str, garrison: int, attack: int, case: SiegeAssaultInput, working: Working) -> tuple[int, int]:
    """X. SIEGE COMBAT RESULTS, losses in units, from each side's combat value (its "strength")."""
    working.note(
        "The handbook divides the other side's 'combat value' or 'strength' for the losses: the console "
        "reads this as each side's combat value as head-counted (attackers without raw levies), not the "
        "multiplied Defence Combat Value, which would cost more units than a legion has",
        SIEGE_RESULTS.source,
    )
    assaulting = units(case.attackers.forces, exclude=(TroopType.RAW_LEVY,))
    garrison_units = units(case.defenders.forces)
    lost = (
        capped(attackers_lost(result, garrison, working), assaulting, "attackers", working),
        capped(defenders_lost(result, attack, garrison_units, working), garrison_units, "defenders", working),
    )
    if lost[0]:
        working.note(
            "The handbook does not say which attackers are lost: the console takes them from the units that "
            "assaulted, not the raw levies left out of it; the owner divides them among types, as in battle",
            f"{SIEGE_RESULTS.source}; X. LOSSES",
        )
    return lost


@procedure(
    "ad69",
    "siege_assault",
    title="Siege assault (one month)",
    source=SIEGE_RESULTS.source,
    takes=SiegeAssaultInput,
    dice="d12 for the attackers, then d12 for the defenders",
)
def siege_assault(case: SiegeAssaultInput, dice: Dice) -> Result:
    """X. SIEGE COMBAT RESULTS: one month's assault on a defended place, with its losses."""
    working = Working()
    check_capacity(case, working)
    multiplier = place_multiplier(case.place, working)
    attack = assault_value(case.attackers, working)
    garrison = garrison_value(case.defenders, working)
    defence = working.modifier(
        f"Defence Combat Value: {garrison} × {multiplier}", garrison * multiplier, SIEGE_RESULTS.source
    )
    difference = siege_score("attackers", case.attackers, attack, dice, working) - siege_score(
        "defenders", case.defenders, defence, dice, working
    )
    result: str = SIEGE_RESULTS.lookup(difference, working)
    attackers_lost, defenders_lost = siege_losses(result, garrison, attack, case, working)
    if case.attackers.commander_in_person or case.defenders.commander_in_person:
        working.note(
            "The d6 risk to a commander in person is written for battles; the umpire rules whether "
            "it applies to an assault",
            "X. RISK TO PLAYER CHARACTERS IN BATTLE",
        )
    outcome = {
        "result": result,
        "place_falls": result == "place_falls",
        "difference": difference,
        "attack_value": attack,
        "garrison_value": garrison,
        "defence_value": defence,
        "attackers_lost": attackers_lost,
        "defenders_lost": defenders_lost,
    }
    return Result.of("ad69.siege_assault", outcome, working, dice)


# ---- ad69.reduce_defences ------------------------------------------------------------------


@dataclass(frozen=True)
class ReductionInput:
    place: Place = spec("The defended place")
    engine_sets: int = spec("Sets of siege engines the besiegers have at this place", min=0, max=20)
    engines_required: int | None = spec(
        "The umpires' advice on the sets this place needs, if it differs from the table's minimum",
        min=1,
        max=20,
        default=None,
    )


def engines_needed(case: ReductionInput, working: Working) -> int:
    if case.engines_required is not None:
        working.step(
            f"The umpires advise {case.engines_required} sets for {case.place.name}",
            "X. REDUCING DEFENCES",
            case.engines_required,
        )
        return case.engines_required
    minimum: int = FORTIFICATIONS.lookup(case.place.type.value, working, column="min_engines")
    return minimum


@procedure(
    "ad69", "reduce_defences", title="Reduce defences (one month)", source="X. REDUCING DEFENCES", takes=ReductionInput
)
def reduce_defences(case: ReductionInput, dice: Dice) -> Result:
    """X. REDUCING DEFENCES: a month's reduction with enough siege engines lowers the multiplier by one."""
    working = Working()
    needed = engines_needed(case, working)
    if case.engine_sets < needed:
        raise RulesError(
            "engine_sets",
            f"{case.engine_sets} sets of siege engines are too few to reduce "
            f"{case.place.name}: it needs {needed} (X. REDUCING DEFENCES)",
        )
    before = place_multiplier(case.place, working)
    # The text gives no floor. At 1 the walls add nothing and the garrison fights at its own value;
    # at 0 it would count for nothing, which even an empty place (3) does not.
    after = max(before - 1, 1)
    if after == before:
        working.note(
            f"{case.place.name} is at multiplier 1: the handbook gives reduction no floor; the "
            "console stops at 1, where the walls add nothing, for at 0 the garrison would count for nothing",
            "X. REDUCING DEFENCES",
        )
    else:
        working.modifier("-1 for a month of reduction", -1, "X. REDUCING DEFENCES")
    working.note("Siege engines and equipment cannot be moved from place to place", "X. REDUCING DEFENCES")
    outcome = {"multiplier_before": before, "multiplier_after": after, "reduced": after < before}
    return Result.of("ad69.reduce_defences", outcome, working, dice)


# ---- ad69.build_siege_engines --------------------------------------------------------------


@dataclass(frozen=True)
class EnginesInput:
    legion: Force = spec("The legion building")
    doing_nothing_else: bool = spec("It does nothing else this month", default=False)
    sets_built_here: int = spec("Sets this legion has already built at this place", min=0, max=5, default=0)


def check_can_build(case: EnginesInput, working: Working) -> None:
    """X. REDUCING DEFENCES: at least half strength, its Aquila present, nothing else, one set per legion."""
    legion, strength = case.legion, count(case.legion, *STRENGTH_TROOPS)
    half = FULL_STRENGTH_VEXILLATIONS // 2
    working.step(
        f"{legion.name}: {strength} legionary and auxiliary vexillations; half strength is {half} "
        "of the 10 of a full strength legion (raw levies not counted)",
        "X. COMBAT EXAMPLES, Example 1",
    )
    if strength < half:
        raise RulesError(
            "legion.troops",
            f"{legion.name} is below half strength ({strength} of {half}) and cannot build siege engines",
        )
    if not legion.aquila:
        raise RulesError("legion.aquila", f"{legion.name} builds siege engines only with its Aquila present")
    if not case.doing_nothing_else:
        raise RulesError(
            "doing_nothing_else", f"{legion.name} builds siege engines only by doing nothing else for the month"
        )
    if case.sets_built_here:
        raise RulesError("sets_built_here", f"{legion.name} has built its set here: one set per legion")


@procedure(
    "ad69",
    "build_siege_engines",
    title="Build siege engines (one month)",
    source="X. REDUCING DEFENCES",
    takes=EnginesInput,
)
def build_siege_engines(case: EnginesInput, dice: Dice) -> Result:
    """X. REDUCING DEFENCES: a legion of half strength with its Aquila builds one set of engines in a month."""
    working = Working()
    check_can_build(case, working)
    working.step(f"{case.legion.name} builds 1 set of siege engines in one month", "X. REDUCING DEFENCES", 1)
    return Result.of("ad69.build_siege_engines", {"sets_built": 1, "months": 1}, working, dice)
