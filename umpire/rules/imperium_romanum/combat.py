"""15.4 Combat Procedure: land combat from the strengths to the losses.

Strengths are multiplied as the Terrain and Seasonal Effects Chart, 12.335, 13.1, 15.13 and 15.221-15.223
say, each side's total rounded by 2.1 in the defender's favour; the odds are floored to a column of the
Optional Land Combat Results Table ("all rounding off of fractions is done in favor of the defender: thus,
18:5 = 3:1; 18:7 = 2:1"); the die is modified and held between -2 and 9; the cell gives each side's loss.
The Optional table is the only one printed, and only its row -2 whole: Control enters the rest (and the
standard table, if the event uses it) on the data tables page, and a case names the rows it needs."""
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .cer import Rated, cer_modifier, stack_class
from .common import DIE, ROUNDING, RULESET, Cer, Helps, Season, for_defender, half_up, words
from .land_crt import (
    HIGHEST_ROW, LOWEST_ROW, OPTIONAL_CRT, CrtRow, Party, StandardCrtRow, Table, column, losses, table_cell, who_won,
)

PROCEDURE = "15.4 Combat Procedure"
CHART = "Terrain and Seasonal Effects Chart"
SIEGE_ASSAULT = "15.221 Stand Siege"
LEADERS = "10.12 Combat"
MORALE = "11.1 Effect of Morale"
MISSILE = "15.31 Missile bonus"
CAVALRY = "15.32 Cavalry bonus"
RETREAT_AFTER = "15.41 Combat Procedure"
FLEETS = "12.6 Fleets in Land Combat"
MORALE_GAP = 50  # 11.1 (L441): "at least 50 points higher"


class Kind(Choice):
    """The unit types 6.2 and 15.31-15.33 name."""

    LEGIONARY_INFANTRY = "legionary_infantry"
    HEAVY_INFANTRY = "heavy_infantry"
    LIGHT_INFANTRY = "light_infantry"
    MISSILE_INFANTRY = "missile_infantry"
    LIGHT_CAVALRY = "light_cavalry"
    HORSE_ARCHERS = "horse_archers"
    HEAVY_CAVALRY = "heavy_cavalry"

    @property
    def cavalry(self):
        return self in (Kind.LIGHT_CAVALRY, Kind.HORSE_ARCHERS, Kind.HEAVY_CAVALRY)

    @property
    def missile(self):
        return self in (Kind.MISSILE_INFANTRY, Kind.HORSE_ARCHERS)


class Entry(Choice):
    """How an attacking unit came into the combat hex."""

    OVERLAND = "overland"
    ACROSS_RIVER = "across_river"
    ACROSS_NARROW_SEA = "across_narrow_sea"
    ACROSS_PLUS_2_NARROW_SEA = "across_plus_2_narrow_sea"
    AMPHIBIOUS = "amphibious"


class Defence(Choice):
    """What the defender does (15.2) or what is attacked."""

    ACCEPT_COMBAT = "accept_combat"  # 15.23
    SIEGE_ASSAULT = "siege_assault"  # 15.221: the units that withdrew into the city, and the city
    ALONE = "alone"  # a city, port or fortification with no units (14.4, 15.6, 17.31)


class PlusTwoNarrowSea(Choice):
    """13.1 cuts infantry crossing a "+2" narrow sea hexside to a third; 15.13 halves all narrow-sea attackers."""

    THIRD = "third"
    HALF = "half"


@dataclass(frozen=True)
class LandUnit:
    strength: int = spec("Printed combat strength (a green unit: its green side)", min=0, max=200)
    kind: Kind = spec("Its type", default=Kind.LEGIONARY_INFANTRY)
    cer: Cer = spec("Its combat efficiency rating", default=Cer.B)
    entered: Entry = spec("An attacker: how it came into the hex", default=Entry.OVERLAND)
    in_city: bool = spec("A defender: inside the besieged city (15.221-15.222)", default=False)


@dataclass(frozen=True)
class City:
    name: str = spec("The city or port")
    defence: int | None = spec("Its defence strength (Unified Tax-Rate Defense Strength Table; empty: from the "
                               "event's data tables)", min=0, max=20, default=None)
    lost: int = spec("Defence points lost to siege attrition (16.61)", min=0, max=20, default=0)
    port_only: bool = spec("A port that is not a city (15.62: it adds its strength to friendly units)",
                           default=False)


@dataclass(frozen=True)
class Side:
    units: tuple[LandUnit, ...] = spec("Land combat units", max_items=80, default=())
    fleets: int = spec("Naval strength of its fleets in the combat (12.6: a quarter counts)", min=0, max=1000,
                       default=0)
    leader: int = spec("Its best leader's combat bonus in the stack (10.12)", min=0, max=3, default=0)
    morale: int | None = spec("Its faction's morale (11.1; empty: not compared)", default=None)
    militia: int = spec("Militia strength points in the fight, class C (15.5)", min=0, max=100, default=0)


@dataclass(frozen=True)
class CombatOptions:
    plus_2_narrow_sea: PlusTwoNarrowSea = spec(
        "13.1 against 15.13 (extraction AMB-18): infantry attacking across a \"+2\" narrow sea hexside count a "
        "third (13.1, default) or half (15.13)", default=PlusTwoNarrowSea.THIRD)
    cavalry_tripled: bool = spec(
        "15.221 (extraction AMB-41): when besieged units are tripled, cavalry is tripled too (yes) or, as in the "
        "doubling, not multiplied (default no)", default=False)


@dataclass(frozen=True)
class LandCombatInput:
    attacker: Side = spec("The attacking stack")
    defender: Side = spec("The defending stack (its units in the city marked)", default=Side())
    defence: Defence = spec("What is attacked (15.2)", default=Defence.ACCEPT_COMBAT)
    city: City | None = spec("The city or port in the hex, when it fights (a siege assault, alone, a non-city port)",
                             default=None)
    fortification: int = spec("The defender's fortification level in effect (17.3; 17.22: at the turn's start)",
                              min=0, max=5, default=0)
    season: Season = spec("The season in the combat hex", default=Season.SUMMER)
    rough: bool = spec("The combat hex is rough", default=False)
    tripling_province: bool = spec("A siege assault in Syria, Arabia Petraea, Mesopotamia Romana or Persica, "
                                   "Cappadocia or Iudea (15.221)", default=False)
    barbarians_or_parthians: bool = spec("The attacker is barbarian or Parthian, not Persian (15.221)",
                                         default=False)
    missile_bonus: bool = spec("Optional rule 15.31 Missile bonus is in play", default=False)
    cavalry_bonus: bool = spec("Optional rule 15.32 Cavalry bonus is in play", default=False)
    table: Table = spec("The land CRT the event plays: the Optional one (printed in part) or the standard one "
                        "(Control's)", default=Table.OPTIONAL)
    crt: tuple[CrtRow, ...] = spec("Rows of the Optional table this combat may need (empty cells: from the event's "
                                   "data tables)", max_items=12, default=())
    standard_crt: tuple[StandardCrtRow, ...] = spec("Rows of the standard table, when the event plays it",
                                                    max_items=12, default=())
    he_as_e: bool = spec("Optional (15.4 L697): treat all hE results as E", default=False)
    winner: Party | None = spec("The side the table's boldface makes the winner (lost in the text; empty: the side "
                                "that lost fewer strength points wins)", default=None)
    loser_can_retreat: bool = spec("The losing force can retreat (15.41)", default=True)
    options: CombatOptions = spec("Readings of points the rulebook leaves open", default=CombatOptions())


# ---- strengths ------------------------------------------------------------------------------------

def entry_multiplier(unit, case):
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
            raise RulesError("attacker.units", "only infantry may attack across a \"+2\" narrow sea hexside (13.1)")
        if case.options.plus_2_narrow_sea is PlusTwoNarrowSea.HALF:
            return Fraction(1, 2), "15.13 Attack (reading AMB-18): across a \"+2\" narrow sea, halved"
        return Fraction(1, 3), "13.1 Narrow Seas Hexsides (reading AMB-18): across a \"+2\" narrow sea, a third"
    return Fraction(1), ""


def unit_attack(unit, case, working, n):
    value, why = Fraction(unit.strength), []
    multiplier, reason = entry_multiplier(unit, case)
    if reason:
        value, why = value * multiplier, [reason]
    if unit.kind.cavalry and case.season is Season.WINTER:
        value, why = value / 2, why + [f"{CHART}: in winter cavalry is halved in attacks"]
    if why:
        working.step(f"Attacking unit {n} ({unit.strength} {unit.kind.label}): {words(value)} — {'; '.join(why)}",
                     PROCEDURE, float(value))
    return value


def assaulting_cavalry(cavalry, case, working):
    """15.223: "Cavalry assaulting cities is halved, rounded up", only the part beyond the defenders outside."""
    outside = sum(u.strength for u in case.defender.units if not u.in_city) if case.defence is Defence.SIEGE_ASSAULT \
        else 0
    excess = max(cavalry - outside, 0)
    kept = cavalry - excess
    value = kept + half_up(excess)
    working.step(f"Cavalry assaulting a city: {words(excess)} halved, rounded up"
                 + (f" ({words(kept)} matched by the defenders outside)" if kept else "") + f": {words(value)}",
                 "15.223 Stand Siege", float(value))
    return Fraction(value)


def attack_strength(case, working):
    side, assault = case.attacker, case.defence is not Defence.ACCEPT_COMBAT
    parts = [(unit, unit_attack(unit, case, working, n)) for n, unit in enumerate(side.units, 1)]
    cavalry = sum((value for unit, value in parts if unit.kind.cavalry), Fraction(0))
    others = sum((value for unit, value in parts if not unit.kind.cavalry), Fraction(0))
    if assault and cavalry:
        cavalry = assaulting_cavalry(cavalry, case, working)
    total = for_defender(others + cavalry, Helps.ATTACKER) + fleet_strength(side.fleets, "attacker", working)
    if side.militia:
        total += working.modifier("Attacker's militia", side.militia, "15.5 Militia")
    working.step(f"Attacker's strength {words(others + cavalry)}, rounded down in the defender's favour: {total}"
                 if (others + cavalry).denominator != 1 else f"Attacker's strength: {total}", ROUNDING, total)
    return total


def fleet_strength(naval, who, working):
    """12.6: "A fleet's land combat strength is one-fourth its naval combat strength" (18-30: 4; two: 9), so the
    fleets are summed and then quartered, rounding down as the example does."""
    if not naval:
        return 0
    return working.modifier(f"The {who}'s fleets: {naval} naval strength, a quarter", naval // 4, FLEETS)


def city_defence(case, working):
    city = case.city
    if city is None:
        raise RulesError("city", "name the city or port whose defence fights")
    if city.defence is None:
        raise RulesError("city.defence", f"the Unified Tax-Rate Defense Strength Table has no defence for "
                         f"{city.name!r}: Control enters it on the data tables page")
    value = max(city.defence - city.lost, 0)
    lost = f", less {city.lost} lost to siege attrition" if city.lost else ""
    return working.modifier(f"{city.name}'s defence strength{lost}", value, "16.1 City/Port Defense")


def siege_multiplier(case, working):
    if case.barbarians_or_parthians:
        working.note("Barbarians or Parthians assault: the defenders are tripled", SIEGE_ASSAULT)
        return 3
    if case.tripling_province:
        working.note("In this province units defending in a besieged city are tripled", SIEGE_ASSAULT)
        return 3
    return 2


def besieged_strength(case, working):
    times = siege_multiplier(case, working)
    total = 0
    for unit in (u for u in case.defender.units if u.in_city):
        multiplied = unit.kind.cavalry and not (times == 3 and case.options.cavalry_tripled)
        total += unit.strength * (1 if multiplied else times)
    working.note("Reading: besieged cavalry " + ("is tripled too (AMB-41)" if times == 3 and
                 case.options.cavalry_tripled else "is not multiplied (15.221 \"except cavalry\", AMB-41)"),
                 SIEGE_ASSAULT)
    return working.modifier(f"The besieged units, multiplied by {times}", total, SIEGE_ASSAULT)


def defence_strength(case, working):
    side, total = case.defender, 0
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

def classes(case, working):
    attacker = stack_class(rated(case.attacker, lambda u: True), "Attacker", working)
    if case.defence is Defence.ALONE:
        working.step("A city, port or fortification alone defends as class B", "14.4; 17.31", "B")
        return attacker, Cer.B
    besieged = case.defence is Defence.SIEGE_ASSAULT
    return attacker, stack_class(rated(case.defender, lambda u: besieged or not u.in_city), "Defender", working)


def rated(side, fighting):
    units = [Rated(u.strength, u.cer) for u in side.units if fighting(u)]
    return units + ([Rated(side.militia, Cer.C)] if side.militia else [])


def morale_modifier(attacker, defender, working):
    if attacker is None or defender is None:
        return 0
    if attacker - defender >= MORALE_GAP:
        return working.modifier(f"Attacker's morale {attacker} is 50 or more above {defender}", 1, MORALE)
    if defender - attacker >= MORALE_GAP:
        return working.modifier(f"Defender's morale {defender} is 50 or more above {attacker}", -1, MORALE)
    working.step(f"Morale {attacker} against {defender}: less than 50 apart, no change", MORALE, 0)
    return 0


def superiority(attacker, defender):
    """15.31-15.32: +1 at twice the defender's points, -1 at twice the attacker's; a side with none has no
    superiority (AMB-39: "0 >= 2 x 0" would otherwise hold for both)."""
    if attacker and attacker >= 2 * defender:
        return 1
    if defender and defender >= 2 * attacker:
        return -1
    return 0


def counted(side, test, halved_by):
    return sum(Fraction(u.strength, 2 if u.entered in halved_by else 1) for u in side.units if test(u.kind))


def bonuses(case, working):
    total = 0
    if case.missile_bonus:
        halved = (Entry.AMPHIBIOUS, Entry.ACROSS_RIVER, Entry.ACROSS_NARROW_SEA, Entry.ACROSS_PLUS_2_NARROW_SEA)
        value = superiority(counted(case.attacker, lambda k: k.missile, halved),
                            counted(case.defender, lambda k: k.missile, ()))
        total += working.modifier("Missile superiority", value, MISSILE) if value else 0
    if case.cavalry_bonus and case.defence is Defence.ACCEPT_COMBAT and not case.fortification:
        halved = (Entry.ACROSS_RIVER, Entry.ACROSS_NARROW_SEA)
        value = superiority(counted(case.attacker, lambda k: k.cavalry, halved),
                            counted(case.defender, lambda k: k.cavalry, ()))
        total += working.modifier("Cavalry superiority", value, CAVALRY) if value else 0
    if abs(total) > 1:
        total = working.modifier("The two bonuses cannot together change the roll by 2", max(min(total, 1), -1),
                                 CAVALRY)
    return total


def modifiers(case, working):
    attacker, defender = classes(case, working)
    total = cer_modifier(attacker, defender, working)
    if case.attacker.leader or case.defender.leader:
        total += working.modifier(f"Leaders: +{case.attacker.leader} against +{case.defender.leader}",
                                  case.attacker.leader - case.defender.leader, LEADERS)
    total += morale_modifier(case.attacker.morale, case.defender.morale, working)
    if case.rough and case.defence is Defence.SIEGE_ASSAULT:
        working.note("Rough terrain's -1 is not applied to a siege assault", f"{CHART} (L979)")
    elif case.rough:
        total += working.modifier("Rough hex", -1, CHART)
    return total + bonuses(case, working)


def modified_roll(case, dice, working):
    natural = working.roll(dice, DIE, "land combat")
    roll = natural + modifiers(case, working)
    held = min(max(roll, LOWEST_ROW), HIGHEST_ROW)
    working.step(f"Die-roll {natural} modified to {roll}" + (f", treated as {held}" if held != roll else ""),
                 f"{OPTIONAL_CRT}, notes (L1030)", held)
    return held


# ---- the result -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Forces:
    attacker: int
    defender: int


def forces(case):
    """Unmodified strength points each side can lose (15.4: terrain and cities count for the odds only; all the
    defender's units in the hex suffer, except besieged ones that did not fight; fleets a quarter, 12.65)."""
    attacker = sum(u.strength for u in case.attacker.units) + case.attacker.fleets // 4 + case.attacker.militia
    fighting = [u for u in case.defender.units if case.defence is Defence.SIEGE_ASSAULT or not u.in_city]
    defender = sum(u.strength for u in fighting) + case.defender.fleets // 4 + case.defender.militia
    return Forces(attacker, defender)


def loser_fate(case, loser, remaining, working):
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
    return working.modifier(f"The {loser.label} cannot retreat: half its remaining {remaining} points",
                            extra, RETREAT_AFTER)


@procedure(RULESET, "land_combat", title="Land combat", source=PROCEDURE, takes=LandCombatInput,
           dice="1d6 for the attacker")
def land_combat(case, dice):
    """15.4 Combat Procedure: strengths, odds in the defender's favour, the modified die and the result's losses."""
    working = Working()
    attack, defence = attack_strength(case, working), defence_strength(case, working)
    key = column(attack, defence, working)
    roll = modified_roll(case, dice, working)
    cell = table_cell(case, roll, key, working)
    force = forces(case)
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
    outcome = {"attack": attack, "defence": defence, "column": key, "roll": roll, "result": cell,
               "attacker_loses": attacker_lost, "defender_loses": defender_lost, "winner": winner.value,
               "morale": morale}
    return Result.of(f"{RULESET}.land_combat", outcome, working, dice)
