"""15.4 Combat Procedure: land combat from the strengths to the losses.

Strengths are multiplied as the Terrain and Seasonal Effects Chart, 12.335, 13.1, 15.13 and 15.221-15.223
say, each side's total rounded by 2.1 in the defender's favour; the odds are floored to a column of the
Optional Land Combat Results Table ("all rounding off of fractions is done in favor of the defender: thus,
18:5 = 3:1; 18:7 = 2:1"); the die is modified and held between -2 and 9; the cell gives each side's loss.
The Optional table is the only one printed, and only its row -2 whole: Control enters the rest (and the
standard table, if the event uses it) on the data tables page, and a case names the rows it needs. Its input is
in combat_input.py."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..working import Result, Working
from .cer import Rated, cer_modifier, stack_class
from .combat_input import Defence, Entry, Kind, LandCombatInput, LandUnit, LoneLeaderClass, PlusTwoNarrowSea, Side
from .common import DIE, ROUNDING, RULESET, Cer, Helps, Season, for_defender, half_up, words
from .land_crt import HIGHEST_ROW, LOWEST_ROW, OPTIONAL_CRT, Party, column, losses, table_cell, who_won

PROCEDURE = "15.4 Combat Procedure"
CHART = "Terrain and Seasonal Effects Chart"
SIEGE_ASSAULT = "15.221 Stand Siege"
LEADERS = "10.12 Combat"
LONE_LEADER = "10.31 Losing Leaders"
MORALE = "11.1 Effect of Morale"
MISSILE = "15.31 Missile bonus"
CAVALRY = "15.32 Cavalry bonus"
RETREAT_AFTER = "15.41 Combat Procedure"
FLEETS = "12.6 Fleets in Land Combat"
MORALE_GAP = 50  # 11.1 (L441): "at least 50 points higher"


# ---- strengths ------------------------------------------------------------------------------------


def entry_multiplier(unit: LandUnit, case: LandCombatInput) -> tuple[Fraction, str]:
    if unit.entered is Entry.ACROSS_RIVER:
        return Fraction(1, 2), f"{CHART}: river hexside, attacks across are halved"
    if unit.entered is Entry.ACROSS_NARROW_SEA:
        return Fraction(1, 2), "15.13 Attack: entered across a narrow seas hexside, halved"
    if unit.entered is Entry.AMPHIBIOUS:
        if unit.kind.cavalry:
            raise RulesError("attacker.units", "cavalry must remain on board: it cannot invade (12.332)")
        return Fraction(1, 2), "12.335 Amphibious Invasion: halved"
    if unit.entered is Entry.ACROSS_PLUS_2_NARROW_SEA:
        if unit.kind.cavalry:
            raise RulesError("attacker.units", 'only infantry may attack across a "+2" narrow sea hexside (13.1)')
        if case.options.plus_2_narrow_sea is PlusTwoNarrowSea.HALF:
            return Fraction(1, 2), '15.13 Attack (reading AMB-18): across a "+2" narrow sea, halved'
        return Fraction(1, 3), '13.1 Narrow Seas Hexsides (reading AMB-18): across a "+2" narrow sea, a third'
    return Fraction(1), ""


def unit_attack(unit: LandUnit, case: LandCombatInput, working: Working, n: int) -> Fraction:
    value, why = Fraction(unit.strength), []
    multiplier, reason = entry_multiplier(unit, case)
    if reason:
        value, why = value * multiplier, [reason]
    if unit.kind.cavalry and case.season is Season.WINTER:
        value, why = value / 2, why + [f"{CHART}: in winter cavalry is halved in attacks"]
    if why:
        working.step(
            f"Attacking unit {n} ({unit.strength} {unit.kind.label}): {words(value)} — {'; '.join(why)}",
            PROCEDURE,
            float(value),
        )
    return value


def assaulting_cavalry(cavalry: Fraction, case: LandCombatInput, working: Working) -> Fraction:
    """15.223: "Cavalry assaulting cities is halved, rounded up", only the part beyond the defenders outside."""
    outside = (
        sum(u.strength for u in case.defender.units if not u.in_city) if case.defence is Defence.SIEGE_ASSAULT else 0
    )
    excess = max(cavalry - outside, Fraction(0))
    kept = cavalry - excess
    value = kept + half_up(excess)
    working.step(
        f"Cavalry assaulting a city: {words(excess)} halved, rounded up"
        + (f" ({words(kept)} matched by the defenders outside)" if kept else "")
        + f": {words(value)}",
        "15.223 Stand Siege",
        float(value),
    )
    return Fraction(value)


def attack_strength(case: LandCombatInput, working: Working) -> int:
    side, assault = case.attacker, case.defence is not Defence.ACCEPT_COMBAT
    parts = [(unit, unit_attack(unit, case, working, n)) for n, unit in enumerate(side.units, 1)]
    cavalry = sum((value for unit, value in parts if unit.kind.cavalry), Fraction(0))
    others = sum((value for unit, value in parts if not unit.kind.cavalry), Fraction(0))
    if assault and cavalry:
        cavalry = assaulting_cavalry(cavalry, case, working)
    total = for_defender(others + cavalry, Helps.ATTACKER) + fleet_strength(side.fleets, "attacker", working)
    if side.militia:
        total += working.modifier("Attacker's militia", side.militia, "15.5 Militia")
    working.step(
        f"Attacker's strength {words(others + cavalry)}, rounded down in the defender's favour: {total}"
        if (others + cavalry).denominator != 1
        else f"Attacker's strength: {total}",
        ROUNDING,
        total,
    )
    return total


def fleet_strength(naval: int, who: str, working: Working) -> int:
    """12.6: "A fleet's land combat strength is one-fourth its naval combat strength" (18-30: 4; two: 9), so the
    fleets are summed and then quartered, rounding down as the example does."""
    if not naval:
        return 0
    return working.modifier(f"The {who}'s fleets: {naval} naval strength, a quarter", naval // 4, FLEETS)


def city_defence(case: LandCombatInput, working: Working) -> int:
    city = case.city
    if city is None:
        raise RulesError("city", "name the city or port whose defence fights")
    if city.defence is None:
        raise RulesError(
            "city.defence",
            f"the Unified Tax-Rate Defense Strength Table has no defence for "
            f"{city.name!r}: Control enters it on the data tables page",
        )
    value = max(city.defence - city.lost, 0)
    lost = f", less {city.lost} lost to siege attrition" if city.lost else ""
    return working.modifier(f"{city.name}'s defence strength{lost}", value, "16.1 City/Port Defense")


def siege_multiplier(case: LandCombatInput, working: Working) -> int:
    if case.barbarians_or_parthians:
        working.note("Barbarians or Parthians assault: the defenders are tripled", SIEGE_ASSAULT)
        return 3
    if case.tripling_province:
        working.note("In this province units defending in a besieged city are tripled", SIEGE_ASSAULT)
        return 3
    return 2


def besieged_strength(case: LandCombatInput, working: Working) -> int:
    times = siege_multiplier(case, working)
    total = 0
    for unit in (u for u in case.defender.units if u.in_city):
        multiplied = unit.kind.cavalry and not (times == 3 and case.options.cavalry_tripled)
        total += unit.strength * (1 if multiplied else times)
    working.note(
        "Reading: besieged cavalry "
        + (
            "is tripled too (AMB-41)"
            if times == 3 and case.options.cavalry_tripled
            else 'is not multiplied (15.221 "except cavalry", AMB-41)'
        ),
        SIEGE_ASSAULT,
    )
    return working.modifier(f"The besieged units, multiplied by {times}", total, SIEGE_ASSAULT)


def lone_leader(case: LandCombatInput, working: Working) -> int:
    """10.31: "A leader alone in a hex which does not contain any friendly units has a combat strength of 1, which
    can only be used defensively"."""
    side = case.defender
    if side.units or side.fleets or side.militia or case.city or case.fortification:
        raise RulesError("defence", "a leader alone has no friendly units, city, fleet or fortification with him")
    return working.modifier("A leader alone: combat strength 1, used only in defence", 1, LONE_LEADER)


def defence_strength(case: LandCombatInput, working: Working) -> int:
    side, total = case.defender, 0
    if case.defence is Defence.LEADER_ALONE:
        return lone_leader(case, working)
    if case.defence is Defence.SIEGE_ASSAULT:
        total += besieged_strength(case, working) + city_defence(case, working)
    elif case.defence is Defence.ALONE:
        total += city_defence(case, working) if case.city else 0
    if case.defence is not Defence.ALONE:
        outside = sum(u.strength for u in side.units if not u.in_city)
        total += working.modifier("Defending units outside the city", outside, "15.23 Accept Combat") if outside else 0
    if case.defence is Defence.ACCEPT_COMBAT and case.city and case.city.port_only:
        total += city_defence(case, working)  # 15.62: a non-city port adds its strength to friendly units
    if case.fortification:
        total += working.modifier(f"Fortification +{case.fortification}", case.fortification, "17.3 Fortifications")
    total += fleet_strength(side.fleets, "defender", working)
    if side.militia:
        total += working.modifier("Defender's militia", side.militia, "15.5 Militia")
    if not total:
        raise RulesError("defender", "the defender has no strength in this combat")
    working.step(f"Defender's strength: {total}", PROCEDURE, total)
    return total


# ---- odds and the die -----------------------------------------------------------------------------


def classes(case: LandCombatInput, working: Working) -> tuple[Cer, Cer | None]:
    attacker = stack_class(rated(case.attacker, lambda u: True), "Attacker", working)
    if case.defence is Defence.ALONE:
        working.step("A city, port or fortification alone defends as class B", "14.4; 17.31", "B")
        return attacker, Cer.B
    if case.defence is Defence.LEADER_ALONE:
        return attacker, lone_leader_class(case, working)
    besieged = case.defence is Defence.SIEGE_ASSAULT
    return attacker, stack_class(rated(case.defender, lambda u: besieged or not u.in_city), "Defender", working)


def lone_leader_class(case: LandCombatInput, working: Working) -> Cer | None:
    if case.options.lone_leader_class is LoneLeaderClass.CLASS_B:
        working.step(
            "Reading: the leader alone defends as class B, like a city or fortification alone", "14.4; 17.31", "B"
        )
        return Cer.B
    working.step("Reading: a leader has no class (14.2), so the matrix does not change the roll", "14.2", None)
    return None


def rated(side: Side, fighting: Callable[[LandUnit], bool]) -> list[Rated]:
    units = [Rated(u.strength, u.cer) for u in side.units if fighting(u)]
    return units + ([Rated(side.militia, Cer.C)] if side.militia else [])


def morale_modifier(attacker: int | None, defender: int | None, working: Working) -> int:
    if attacker is None or defender is None:
        return 0
    if attacker - defender >= MORALE_GAP:
        return working.modifier(f"Attacker's morale {attacker} is 50 or more above {defender}", 1, MORALE)
    if defender - attacker >= MORALE_GAP:
        return working.modifier(f"Defender's morale {defender} is 50 or more above {attacker}", -1, MORALE)
    working.step(f"Morale {attacker} against {defender}: less than 50 apart, no change", MORALE, 0)
    return 0


def superiority(attacker: Fraction | int, defender: Fraction | int) -> int:
    """15.31-15.32: +1 at twice the defender's points, -1 at twice the attacker's; a side with none has no
    superiority (AMB-39: "0 >= 2 x 0" would otherwise hold for both)."""
    if attacker and attacker >= 2 * defender:
        return 1
    if defender and defender >= 2 * attacker:
        return -1
    return 0


def counted(side: Side, test: Callable[[Kind], bool], halved_by: Sequence[Entry]) -> Fraction | int:
    return sum(Fraction(u.strength, 2 if u.entered in halved_by else 1) for u in side.units if test(u.kind))


def bonuses(case: LandCombatInput, working: Working) -> int:
    total = 0
    if case.missile_bonus:
        halved: tuple[Entry, ...] = (
            Entry.AMPHIBIOUS,
            Entry.ACROSS_RIVER,
            Entry.ACROSS_NARROW_SEA,
            Entry.ACROSS_PLUS_2_NARROW_SEA,
        )
        value = superiority(
            counted(case.attacker, lambda k: k.missile, halved), counted(case.defender, lambda k: k.missile, ())
        )
        total += working.modifier("Missile superiority", value, MISSILE) if value else 0
    if case.cavalry_bonus and case.defence is Defence.ACCEPT_COMBAT and not case.fortification:
        halved = (Entry.ACROSS_RIVER, Entry.ACROSS_NARROW_SEA)
        value = superiority(
            counted(case.attacker, lambda k: k.cavalry, halved), counted(case.defender, lambda k: k.cavalry, ())
        )
        total += working.modifier("Cavalry superiority", value, CAVALRY) if value else 0
    if abs(total) > 1:
        total = working.modifier(
            "The two bonuses cannot together change the roll by 2", max(min(total, 1), -1), CAVALRY
        )
    return total


def modifiers(case: LandCombatInput, working: Working) -> int:
    attacker, defender = classes(case, working)
    total = cer_modifier(attacker, defender, working) if defender else 0
    defender_bonus = case.defender.leader
    if defender_bonus and case.defence is Defence.LEADER_ALONE:
        working.note("A leader's bonus favours the combat units he is stacked with: alone, he has none", LEADERS)
        defender_bonus = 0
    if case.attacker.leader or defender_bonus:
        total += working.modifier(
            f"Leaders: +{case.attacker.leader} against +{defender_bonus}",
            case.attacker.leader - defender_bonus,
            LEADERS,
        )
    total += morale_modifier(case.attacker.morale, case.defender.morale, working)
    if case.rough and case.defence is Defence.SIEGE_ASSAULT:
        working.note("Rough terrain's -1 is not applied to a siege assault", f"{CHART} (L979)")
    elif case.rough:
        total += working.modifier("Rough hex", -1, CHART)
    return total + bonuses(case, working)


def modified_roll(case: LandCombatInput, dice: Dice, working: Working) -> int:
    natural = working.roll(dice, DIE, "land combat")
    roll = natural + modifiers(case, working)
    held = held_row(roll)
    working.step(
        f"Die-roll {natural} modified to {roll}" + (f", treated as {held}" if held != roll else ""),
        f"{OPTIONAL_CRT}, notes (L1030)",
        held,
    )
    return held


def held_row(roll: int) -> int:
    """The Optional table's note (L1030): "Treat a die-roll of less than -2 as -2, one of greater than 9 as 9"."""
    return min(max(roll, LOWEST_ROW), HIGHEST_ROW)


# ---- the result -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Forces:
    attacker: int
    defender: int


def forces(case: LandCombatInput) -> Forces:
    """Unmodified strength points each side can lose (15.4: terrain and cities count for the odds only; all the
    defender's units in the hex suffer, except besieged ones that did not fight; fleets a quarter, 12.65)."""
    attacker = sum(u.strength for u in case.attacker.units) + case.attacker.fleets // 4 + case.attacker.militia
    fighting = [u for u in case.defender.units if case.defence is Defence.SIEGE_ASSAULT or not u.in_city]
    defender = sum(u.strength for u in fighting) + case.defender.fleets // 4 + case.defender.militia
    return Forces(attacker, defender + (case.defence is Defence.LEADER_ALONE))


def loser_fate(case: LandCombatInput, loser: Party, remaining: int, working: Working) -> int:
    """15.41: the loser retreats; besieged losers stay under siege; one that cannot retreat loses at least half
    its remaining points (rounded in the defender's favour)."""
    if loser is Party.NEITHER:
        return 0
    if loser is Party.DEFENDER and case.defence is Defence.SIEGE_ASSAULT:
        working.step("Besieged units are not forced to retreat: they remain under siege", RETREAT_AFTER)
        return 0
    if case.loser_can_retreat:
        working.step(f"The {loser.label} must retreat (15.21 applies)", RETREAT_AFTER)
        return 0
    helps = Helps.ATTACKER if loser is Party.DEFENDER else Helps.DEFENDER
    extra = for_defender(Fraction(remaining, 2), helps)
    return working.modifier(
        f"The {loser.label} cannot retreat: half its remaining {remaining} points", extra, RETREAT_AFTER
    )


@dataclass(frozen=True)
class Resolved:
    """What a row of the column gives: the cell, each side's loss (a loser unable to retreat included), the
    winner and the morale each side gains or loses."""

    cell: str
    attacker_loses: int
    defender_loses: int
    winner: Party
    morale: dict[str, int]


def resolve(case: LandCombatInput, key: str, roll: int, force: Forces, working: Working) -> Resolved:
    """The Land Combat Results Table's cell at the modified roll `roll` in column `key`, and what follows it."""
    cell = table_cell(case, roll, key, working)
    attacker_lost, defender_lost = losses(cell, force, case.he_as_e, working)
    winner = who_won(case.winner, attacker_lost, defender_lost, working)
    loser = {Party.ATTACKER: Party.DEFENDER, Party.DEFENDER: Party.ATTACKER}.get(winner, Party.NEITHER)
    remaining = (force.attacker - attacker_lost) if loser is Party.ATTACKER else (force.defender - defender_lost)
    extra = loser_fate(case, loser, remaining, working)
    attacker_lost += extra if loser is Party.ATTACKER else 0
    defender_lost += extra if loser is Party.DEFENDER else 0
    morale = {Party.ATTACKER.value: 0, Party.DEFENDER.value: 0}
    if winner is not Party.NEITHER:
        morale = {winner.value: 2, loser.value: -2}
        working.step("Morale: victory in combat +2, losing a combat -2", "Morale Table (L1055-1056)")
    if case.defence is Defence.LEADER_ALONE and defender_lost:
        working.step("The leader alone is eliminated: the attacker chooses to kill or capture him", LONE_LEADER)
    return Resolved(cell, attacker_lost, defender_lost, winner, morale)


@procedure(
    RULESET, "land_combat", title="Land combat", source=PROCEDURE, takes=LandCombatInput, dice="1d6 for the attacker"
)
def land_combat(case: LandCombatInput, dice: Dice) -> Result:
    """15.4 Combat Procedure: strengths, odds in the defender's favour, the modified die and the result's losses."""
    working = Working()
    attack, defence = attack_strength(case, working), defence_strength(case, working)
    key = column(attack, defence, working)
    roll = modified_roll(case, dice, working)
    done = resolve(case, key, roll, forces(case), working)
    outcome = {
        "attack": attack,
        "defence": defence,
        "column": key,
        "roll": roll,
        "result": done.cell,
        "attacker_loses": done.attacker_loses,
        "defender_loses": done.defender_loses,
        "winner": done.winner.value,
        "morale": done.morale,
    }
    return Result.of(f"{RULESET}.land_combat", outcome, working, dice)
