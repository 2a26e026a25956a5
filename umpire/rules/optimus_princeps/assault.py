"""9.5 Assaulting an Inhabited Region and §9.6 Sorties during a Siege: fights with their own phases, fought
with the §10 kernel. All phases are simultaneous: a defender eliminated in a phase still strikes in it."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .armies import Leader, leader_bonus
from .combat import (
    SUFFERING,
    Destruction,
    Kind,
    Unit,
    allocate,
    check_units,
    convert_pairs,
    describe_units,
    per_sp,
)
from .common import DIE, OPTIONS_HELP, RULESET, Terrain
from .engineering import TAPAE_HELP, Region, TapaeIs, check_region, check_tapae
from .leaders import leader_fate

ASSAULT = "9.5 Assaulting an Inhabited Region"
SORTIE = "9.6 Sorties during a Siege"
PHASE_NAMES = {0: "Phase 0: Artillery", 1: "Phase 1: Firing", 2: "Phase 2: Assault", 3: "Phase 3: Final Assault"}


class FiringResults(Choice):
    """A16: "The besieger must score two 6+ results to put one enemy SP within the walls Out of Action"."""

    PER_SP = "per_sp"  # default: each SP's result counts; an odd one is lost
    PER_DIE = "per_die"


class ArtilleryPhase(Choice):
    """A17: whether the besieger's Phase 0 artillery hits under the ordinary rules or the two-6+ rule."""

    ORDINARY = "ordinary"  # default
    TWO_RESULTS = "two_results"


@dataclass(frozen=True)
class AssaultOptions:
    firing: FiringResults = spec(
        "A16, §9.5 Phase 1: the besieger's two 6+ results are counted per SP, an odd one lost (default), or per die",
        default=FiringResults.PER_SP,
    )
    artillery: ArtilleryPhase = spec(
        "A17, §9.5 Phase 0: the besieger's artillery hits under the ordinary rules of §10 (default) or needs two "
        "6+ results per HDC as in Phase 1",
        default=ArtilleryPhase.ORDINARY,
    )
    tapae: TapaeIs = spec(TAPAE_HELP, default=TapaeIs.RURAL)


@dataclass(frozen=True)
class Force:
    units: tuple[Unit, ...] = spec("Its units, each counter once", max_items=40)
    leaders: tuple[Leader, ...] = spec("Its leaders, each with the unit he is with", max_items=8, default=())
    loss_order: tuple[str, ...] = spec("The units in the order the owner puts losses on them", max_items=40, default=())
    convert_pairs: bool = spec(
        "After each phase, turn every 2 HDC on a unit into 1 SP eliminated (§10.2)", default=False
    )


@dataclass(frozen=True)
class AssaultInput:
    region: Region = spec("The besieged region")
    besieger: Force = spec("The besieging army that assaults")
    defender: Force = spec("The SP within the walls")
    bonus_units: tuple[str, ...] = spec(
        "The defender's unit that takes the Defensive Value bonus in each phase, Phase 0 first (empty: his first unit)",
        max_items=4,
        default=(),
    )
    press_on: bool = spec("After the artillery, the besieger launches the assault (§9.5 Phase 0)", default=True)
    final_assault: bool = spec("If the garrison survives Phase 2, the besieger makes the Final Assault", default=True)
    night_battle: bool = spec("Stratagem Night battle: no Phase 0 or Phase 1 (§14)", default=False)
    options: AssaultOptions = spec(OPTIONS_HELP, default=AssaultOptions())


@dataclass
class Party:
    who: str
    force: Force
    units: tuple[Unit, ...]
    fates: list[dict[str, str]]


def assault_phases(case: AssaultInput) -> list[int]:
    phases = [2, 3] if case.night_battle else [0, 1, 2, 3]
    return phases if case.final_assault else [p for p in phases if p != 3]


def rolls_in(unit: Unit, phase: int) -> bool:
    if unit.sp <= 0 or unit.good <= 0 or unit.kind is Kind.IMPEDIMENTA:
        return False
    if phase == 0:
        return unit.kind is Kind.ARTILLERY
    if phase == 1:
        return unit.missile or unit.kind is Kind.ARTILLERY
    return unit.kind is not Kind.ARTILLERY


def strike(case: AssaultInput, party: Party, phase: int, bonus_unit: str, dice: Dice, working: Working) -> int:
    """The HDC one side scores in one phase of the assault."""
    besieger = party.who == "besieger"
    halved = besieger and (phase == 1 or (phase == 0 and case.options.artillery is ArtilleryPhase.TWO_RESULTS))
    results = 0
    for unit in party.units:
        if not rolls_in(unit, phase):
            continue
        bonus = case.region.dv if unit.name == bonus_unit else 0
        leader = leader_bonus(party.force, unit)
        bonus += leader.tactical if leader and phase in (2, 3) else 0
        mode = Destruction.HITS_ONLY if besieger and phase in (2, 3) else Destruction.DOUBLES
        mode = mode if unit.in_command else Destruction.IGNORED
        roll = working.roll(dice, DIE, f"{party.who} {unit.name} ({unit.good} SP)")
        each = per_sp(roll + bonus, unit.destruction, mode)
        scored = each * unit.good if not (halved and case.options.firing is FiringResults.PER_DIE) else min(each, 1)
        working.step(
            f"{party.who} {unit.name}: {roll}{f' {bonus:+d}' if bonus else ''} = {roll + bonus}, DF "
            f"{mode.value}: {scored} {'result(s)' if halved else 'HDC'}",
            ASSAULT,
            scored,
        )
        results += scored
    if halved:
        working.note(
            f"Reading A16/A17: the besieger needs two 6+ results per HDC: {results} result(s) give {results // 2}",
            ASSAULT,
        )
        return results // 2
    return results


def take(party: Party, hits: int, dice: Dice, working: Working) -> None:
    before = {unit.name for unit in party.units if unit.sp > 0}
    units, _ = allocate(party.units, hits, working, who=party.who, order=party.force.loss_order)
    if party.force.convert_pairs:
        units, pairs = zip(*(convert_pairs(unit) for unit in units)) if units else ((), ())
        if sum(pairs):
            working.choice(
                f"{party.who} turns {2 * sum(pairs)} HDC into {sum(pairs)} SP eliminated", SUFFERING, sum(pairs)
            )
    party.units = units
    fallen = before - {unit.name for unit in units if unit.sp > 0}
    party.fates += [
        leader_fate(leader, dice, working) for leader in party.force.leaders if leader.attached_to in fallen
    ]


def check_assault(case: AssaultInput) -> None:
    check_region(case.region, "defensive_value", "garrison_value")
    check_units(case.besieger.units, "besieger.units")
    check_units(case.defender.units, "defender.units")
    if not case.besieger.leaders:
        raise RulesError("besieger.leaders", "a leaderless force cannot launch an assault (§9.1)")
    if not case.defender.units:
        raise RulesError("defender.units", "no SP within the walls: besiege or invade instead (§9)")
    names = {unit.name for unit in case.defender.units}
    for i, name in enumerate(case.bonus_units):
        if name not in names:
            raise RulesError(f"bonus_units.{i}", f"{name!r} is not within the walls")


@procedure(
    RULESET,
    "assault",
    title="Assault on an inhabited region",
    source=ASSAULT,
    takes=AssaultInput,
    dice="D6 per unit that fights in each phase; D6 per leader whose unit falls",
)
def assault(case: AssaultInput, dice: Dice) -> Result:
    """9.5: artillery, firing, assault and final assault against the SP within the walls, the defender's DV a
    bonus to one unit each phase; the besieger's DF hits but does not double."""
    working = Working()
    check_tapae(case.region, case.options.tapae, working)
    check_assault(case)
    per = "per SP" if case.options.firing is FiringResults.PER_SP else "per die"
    artillery = "ordinary rules" if case.options.artillery is ArtilleryPhase.ORDINARY else "two 6+ results per HDC"
    working.note(
        f"Reading A16: the besieger's two 6+ results are counted {per}; A17: his Phase 0 artillery hits "
        f"by the {artillery}",
        ASSAULT,
    )
    sides = [
        Party("besieger", case.besieger, case.besieger.units, []),
        Party("defender", case.defender, case.defender.units, []),
    ]
    for phase in assault_phases(case):
        if not standing(sides[1]):
            break
        working.step(PHASE_NAMES[phase], ASSAULT)
        chosen = bonus_unit(case, sides[1], phase)
        working.choice(
            f"The defender's Defensive Value +{case.region.defensive_value} goes to {chosen}", ASSAULT, chosen
        )
        hits = [strike(case, side, phase, chosen, dice, working) for side in sides]
        take(sides[1], hits[0], dice, working)
        take(sides[0], hits[1], dice, working)
        if phase == 0 and not case.press_on:
            working.step("The besieger does not launch the assault: the combat ends", ASSAULT)
            break
    return Result.of("optimus_princeps.assault", assault_outcome(case, sides, working), working, dice)


def standing(party: Party) -> int:
    return sum(unit.sp for unit in party.units if unit.sp > 0)


def bonus_unit(case: AssaultInput, defender: Party, phase: int) -> str:
    index = phase if not case.night_battle else phase - 2
    if index < len(case.bonus_units):
        return case.bonus_units[index]
    return next(unit.name for unit in defender.units if unit.sp > 0)


def assault_outcome(case: AssaultInput, sides: Sequence[Party], working: Working) -> dict[str, Any]:
    """9.5 Phase 4: enough SP to keep the siege; a garrison annihilated opens a free siege action or invasion."""
    besieger, defender = sides
    gv = case.region.gv
    total = standing(besieger)
    good = sum(unit.good for unit in besieger.units if unit.sp > 0)
    cleared = standing(defender) == 0
    free = cleared and good > gv
    working.step(
        f"Phase 4: the besieger has {total} SP ({good} not HDC) against Garrison Value {gv}; the garrison "
        f"has {standing(defender)} SP",
        ASSAULT,
    )
    if cleared:
        working.step(
            "The garrison is eliminated: "
            + (
                "a siege action or an invasion follows without spending AP"
                if free
                else f"{good} SP not HDC is not more than {gv}: no free siege action or invasion"
            ),
            ASSAULT,
            free,
        )
    return {
        "garrison_eliminated": cleared,
        "free_action": free,
        "siege_holds": total > gv,
        "besieger": {
            "units": describe_units(besieger.units),
            "sp": total,
            "sp_not_hdc": good,
            "leaders": besieger.fates,
        },
        "defender": {"units": describe_units(defender.units), "sp": standing(defender), "leaders": defender.fates},
    }


# ---- optimus_princeps.sortie --------------------------------------------------------------------------


class Matching(Choice):
    """A21: the besieger responds "with his choice of the same number of units"."""

    UNITS = "units"  # default: as many units, their SP within his leader's Strategic Value
    SP = "sp"


@dataclass(frozen=True)
class SortieOptions:
    matching: Matching = spec(
        "A21, §9.6: the besieger answers with as many units (default) or as many SP as sortie, within his "
        "leader's Strategic Value",
        default=Matching.UNITS,
    )


@dataclass(frozen=True)
class SortieInput:
    sortie: Force = spec("The besieged units that sortie, with the leader activated to lead them")
    response: Force = spec("The besieging units that answer (not artillery)")
    besieging_leader_sv: int = spec("The besieging leader's Strategic Value", min=0, max=30)
    terrain: Terrain = spec("The region's terrain, for the Destruction Factor (§10.1.2)", default=Terrain.PLAINS)
    options: SortieOptions = spec(OPTIONS_HELP, default=SortieOptions())


def check_sortie(case: SortieInput) -> None:
    check_units(case.sortie.units, "sortie.units")
    check_units(case.response.units, "response.units")
    if not case.sortie.leaders:
        raise RulesError("sortie.leaders", "a sortie needs a leader present to activate (§9.6)")
    if any(unit.kind is Kind.ARTILLERY for unit in case.sortie.units + case.response.units):
        raise RulesError("sortie.units", "artillery cannot sortie, nor answer one (§9.6, per the designer)")
    by_units = case.options.matching is Matching.UNITS
    size = (lambda units: len(units)) if by_units else (lambda units: sum(u.sp for u in units))
    if size(case.response.units) > size(case.sortie.units):
        raise RulesError(
            "response.units",
            f"the besieger answers with at most as many {'units' if by_units else 'SP'} as sortie (§9.6)",
        )
    if sum(unit.sp for unit in case.response.units) > case.besieging_leader_sv:
        raise RulesError("response.units", "the answer is limited by the besieging leader's Strategic Value (§9.6)")


def sortie_mode(unit: Unit, terrain: Terrain, sortying: bool) -> Destruction:
    """9.6: the besieged's DF results are not doubled; §10.1.2 forest and mountain still apply."""
    if not unit.in_command:
        return Destruction.IGNORED
    if (
        sortying
        or (unit.heavy and terrain is Terrain.FOREST)
        or (unit.heavy and unit.kind is Kind.CAVALRY and terrain is Terrain.MOUNTAIN)
    ):
        return Destruction.HITS_ONLY
    return Destruction.DOUBLES


def sortie_strike(party: Party, terrain: Terrain, dice: Dice, working: Working) -> int:
    total = 0
    for unit in party.units:
        if unit.good <= 0 or unit.kind is Kind.IMPEDIMENTA:
            continue
        leader = leader_bonus(party.force, unit)
        bonus = leader.tactical if leader else 0
        mode = sortie_mode(unit, terrain, party.who == "sortie")
        roll = working.roll(dice, DIE, f"{party.who} {unit.name} ({unit.good} SP)")
        scored = per_sp(roll + bonus, unit.destruction, mode) * unit.good
        working.step(
            f"{party.who} {unit.name}: {roll}{f' {bonus:+d}' if bonus else ''} = {roll + bonus}, DF "
            f"{mode.value}: {scored} HDC",
            SORTIE,
            scored,
        )
        total += scored
    return total


@procedure(
    RULESET,
    "sortie",
    title="Sortie during a siege",
    source=SORTIE,
    takes=SortieInput,
    dice="D6 per unit on each side; D6 per leader whose unit falls",
)
def sortie(case: SortieInput, dice: Dice) -> Result:
    """9.6: one phase of combat, the Defensive Value not counting; the survivors break through the siege lines."""
    working = Working()
    check_sortie(case)
    working.note(f"Reading A21: the answer is matched by {case.options.matching.label}", SORTIE)
    sides = [
        Party("sortie", case.sortie, case.sortie.units, []),
        Party("besieger", case.response, case.response.units, []),
    ]
    hits = [sortie_strike(side, case.terrain, dice, working) for side in sides]
    take(sides[1], hits[0], dice, working)
    take(sides[0], hits[1], dice, working)
    through = [unit.name for unit in sides[0].units if unit.sp > 0]
    working.step(
        f"Through the siege lines: {', '.join(through) or 'nobody'}; they cannot return inside the walls; "
        "attrition applies after the combat or movement",
        SORTIE,
        len(through),
    )
    return Result.of(
        "optimus_princeps.sortie",
        {
            "broke_through": through,
            "sortie": {"units": describe_units(sides[0].units), "leaders": sides[0].fates},
            "besieger": {"units": describe_units(sides[1].units), "leaders": sides[1].fates},
        },
        working,
        dice,
    )
