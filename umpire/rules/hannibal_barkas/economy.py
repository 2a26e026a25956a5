"""The economy phase (IX), in stages III and VI: income from cities (9.1), paying the soldiers (9.2) and
recruiting (9.3), with the advanced deductions for devastation (12.1) and cut-off cities (12.2).

City cards beyond Siga and the Gallic tribes' strengths are not in the rulebook: they come in the case.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .advanced import CUT_OFF_HELP, CutOffReading, cut_off_income
from .turn import Nation
from .units import EL, GC, GI, HI, LI, NO_UNITS, RULESET, SHIPS, Units, UnitType, cost

ECONOMY = "IX. Economy"
INCOME = "9.1 Income from Cities"
PAY = "9.2 Paying Soldiers"
RECRUIT = "9.3 Recruiting Troops"
HANNIBAL = "1.3.3 Leader Cards (Hannibal)"

UPKEEP = 1  # 9.2 "the cost of maintaining each unit, regardless of its kind, is 1 Talent"
ROMAN_INFANTRY_UPKEEP = Fraction(1, 2)  # 9.2 "half a Talent of Gold for each Roman light and heavy infantry unit"
HANNIBAL_IP = 2  # 1.3.3 "In the economy phase add 2 Initiative Points to Carthage and draw a card."
ECONOMY_STAGES = (3, 6)  # IX "in stages 3 and 6"


class HalfTalents(Choice):
    """9.2 does not say how an odd number of Roman infantry is paid (Scen. I Army 1 costs 11.5)."""

    EXACT = "exact"  # the spec's recommendation: keep the half Talent
    ROUND_UP = "round_up"
    ROUND_DOWN = "round_down"


class Disbanding(Choice):
    """9.2 "he is forced to disband unpaid units. He himself decides which": how many is not said."""

    FEWEST = "fewest"  # the spec's recommendation: the fewest units whose pay covers the shortfall
    PLAYER_DECIDES = "player_decides"  # any units, at least enough to cover the shortfall


@dataclass(frozen=True)
class EconomyOptions:
    """The readings the economy phase needs where 9.2 and 12.2 leave the text open."""

    half_talents: HalfTalents = spec(
        "9.2: the half Talent an odd number of Roman infantry costs — kept exact (default), or rounded up, or "
        "rounded down",
        default=HalfTalents.EXACT,
    )
    disbanding: Disbanding = spec(
        "9.2: how many units a shortfall of gold disbands — the fewest whose pay covers it (default), or as many "
        "as the player decides, at least enough",
        default=Disbanding.FEWEST,
    )
    cut_off: CutOffReading = spec(CUT_OFF_HELP, default=CutOffReading.HALF_ROUNDED_UP)


@dataclass(frozen=True)
class City:
    name: str = spec("The city, as Placentium")
    income: int | None = spec("Income on its card (the coin); empty if not known", min=0, max=50, default=None)
    besieged: bool = spec("Its card is on the siege track", default=False)
    port: bool | None = spec("It has a port (ships are built here)", default=None)
    elephants: bool | None = spec("It has the elephant icon (Africa and Hispania)", default=None)
    enemy_units: int = spec("Advanced 12.2: enemy units in its province not besieging it", min=0, max=200, default=0)


@dataclass(frozen=True)
class Tribe:
    name: str = spec("The Gallic tribe, as Boii")
    allied: bool = spec("Allied with this player's side")
    infantry: int | None = spec("Infantry printed on its territory (the 6 of 6-2)", min=0, max=20, default=None)
    cavalry: int | None = spec("Cavalry printed on its territory (the 2 of 6-2)", min=0, max=20, default=None)


@dataclass(frozen=True)
class Recruit:
    place: str = spec("The city or allied tribe where the units are raised")
    unit: UnitType = spec("The kind of unit")
    count: int = spec("How many", min=1, max=50, default=1)


@dataclass(frozen=True)
class EconomyInput:
    player: str = spec("The player, as Hannibal")
    nation: Nation = spec("His nation (Roman players pay half for Roman infantry)")
    treasury: int = spec("Talents in his treasury before the phase", min=0, max=5000)
    units: Units = spec("Every land and naval unit he controls")
    cities: tuple[City, ...] = spec("The cities he controls, allies' too", max_items=80, default=())
    roman_units: Units = spec("Of those units, the Roman ones (only light and heavy infantry matter)", default=NO_UNITS)
    fixed_income: int | None = spec(
        "A scenario's fixed income instead of the cities (Scen. I)", min=0, max=500, default=None
    )
    recruits: tuple[Recruit, ...] = spec("Units he raises", max_items=40, default=())
    tribes: tuple[Tribe, ...] = spec("Gallic tribes he recruits in", max_items=11, default=())
    disbanded: Units = spec("Short of gold: the units he chooses to disband", default=NO_UNITS)
    hannibal: bool = spec("Hannibal is on the map with this (Carthaginian) player", default=False)
    advanced: bool = spec("Advanced rules: devastation (12.1) and cut-off cities (12.2)", default=False)
    devastation_tokens: int = spec("Advanced 12.1: devastation tokens on his territories", min=0, max=500, default=0)
    options: EconomyOptions = spec("Readings of points the rulebook leaves open", default=EconomyOptions())


def talents(value: Fraction | int) -> int | float:
    """A sum of Talents as plain data: whole numbers stay ints, a half Talent is 0.5."""
    return int(value) if value == int(value) else float(value)


def city_income(case: EconomyInput, i: int, city: City, working: Working) -> int:
    if city.income is None:
        raise RulesError(
            f"cities.{i}.income",
            f"the city card of {city.name}: its income is not in the rulebook; Control must enter it",
        )
    if city.besieged:
        working.modifier(f"{city.name} is besieged: no income", 0, INCOME)
        return 0
    if case.advanced and city.enemy_units:
        return cut_off_income(city.name, city.income, city.enemy_units, case.options.cut_off, working)
    return working.modifier(f"{city.name}", city.income, INCOME)


def income(case: EconomyInput, working: Working) -> int:
    """9.1: the income of every city he controls that is not besieged; 12.1: less the devastation."""
    if case.fixed_income is not None:
        total = working.modifier("the scenario's fixed income", case.fixed_income, "Scenario I")
    else:
        total = sum(city_income(case, i, city, working) for i, city in enumerate(case.cities))
    if case.advanced and case.devastation_tokens:
        cut = min(total, case.devastation_tokens)
        total -= working.modifier(f"{case.devastation_tokens} devastation tokens on his lands", cut, "12.1")
        if cut < case.devastation_tokens:
            working.note("The devastation is more than the income: income stops at 0 (the rule does not say)", "12.1")
    working.step(f"Income: {total} Talents", INCOME, total)
    return total


def check_roman_units(case: EconomyInput) -> None:
    for kind, count in case.roman_units.items():
        if count > case.units.count(kind):
            raise RulesError(
                f"roman_units.{kind.value}",
                f"{count} Roman {kind.label}, but only {case.units.count(kind)} {kind.label} in all",
            )


def discounted(case: EconomyInput, units: Units) -> int:
    """Roman light and heavy infantry of a Roman player: half pay (9.2)."""
    if case.nation != Nation.ROME:
        return 0
    return sum(min(case.roman_units.count(kind), units.count(kind)) for kind in (LI, HI))


def upkeep(case: EconomyInput, units: Units, working: Working) -> Fraction:
    """9.2: 1 Talent a unit; a Roman player pays half for each Roman light and heavy infantry unit."""
    half = discounted(case, units)
    full = units.total - half
    pay = Fraction(working.modifier(f"{full} units at 1 Talent", full * UPKEEP, PAY))
    if half:
        pay += half * ROMAN_INFANTRY_UPKEEP
        working.modifier(f"{half} Roman infantry at half a Talent", talents(half * ROMAN_INFANTRY_UPKEEP), PAY)
    return round_half(pay, case.options.half_talents, working)


def round_half(pay: Fraction, reading: HalfTalents, working: Working) -> Fraction:
    if pay == int(pay):
        return pay
    if reading == HalfTalents.EXACT:
        working.note(f"Reading used: the half Talent is kept exact ({float(pay)}); 9.2 does not say how to round", PAY)
        return pay
    rounded = (int(pay) + 1) if reading == HalfTalents.ROUND_UP else int(pay)
    working.note(
        f"Reading used: {float(pay)} rounded {'up' if reading == HalfTalents.ROUND_UP else 'down'} to "
        f"{rounded}; 9.2 does not say",
        PAY,
    )
    return Fraction(rounded)


def fewest_to_disband(case: EconomyInput, short: Fraction) -> int:
    """The fewest units whose pay covers `short`: full-pay units first, as a Roman infantryman saves only half."""
    half = discounted(case, case.units)
    full = case.units.total - half
    whole = min(full, -(-short // 1))
    rest = max(Fraction(0), short - whole)
    return whole + min(half, -(-rest // ROMAN_INFANTRY_UPKEEP))


def pay_soldiers(case: EconomyInput, treasury: Fraction, working: Working) -> tuple[Fraction | None, int | None]:
    """9.2: pay every unit; if the gold runs out, unpaid units are disbanded, the player choosing which."""
    check_roman_units(case)
    due = upkeep(case, case.units, working)
    working.step(f"Pay for {case.units.total} units: {talents(due)} Talents", PAY, talents(due))
    if due <= treasury:
        if case.disbanded.total:
            raise RulesError("disbanded", "he can pay every unit: nothing is disbanded")
        return treasury - due, None
    least = fewest_to_disband(case, due - treasury)
    working.step(
        f"Short by {talents(due - treasury)} Talents: at least {least} units are disbanded, the player choosing which",
        PAY,
        least,
    )
    if not case.disbanded.total:
        return None, least
    return pay_after_disbanding(case, treasury, least, working), least


def pay_after_disbanding(case: EconomyInput, treasury: Fraction, least: int, working: Working) -> Fraction:
    for kind, count in case.disbanded.items():
        if count > case.units.count(kind):
            raise RulesError(f"disbanded.{kind.value}", f"he has only {case.units.count(kind)} {kind.label}")
    kept = Units(**{k.value: case.units.count(k) - case.disbanded.count(k) for k in UnitType})
    due = upkeep(case, kept, Working())
    if due > treasury:
        raise RulesError(
            "disbanded", f"the {kept.total} units kept cost {talents(due)} Talents: he has {talents(treasury)}"
        )
    if case.options.disbanding == Disbanding.FEWEST and case.disbanded.total > least:
        raise RulesError("disbanded", f"{least} units are enough to cover the shortfall (reading: fewest units)")
    working.note(f"Reading used: {case.options.disbanding.label}: 9.2 says only that unpaid units are disbanded", PAY)
    working.step(f"He disbands {case.disbanded.describe()} and pays {talents(due)} for the rest", PAY, talents(due))
    return treasury - due


# ---- recruitment (9.3) ------------------------------------------------------------------------


def city_cap(case: EconomyInput, i: int, city: City, working: Working) -> int:
    """1.3.2: the income "gives the maximum number of military units that can be recruited in the given city at
    one time"; 12.2: a cut-off city recruits as many as its reduced income."""
    if city.income is None:
        raise RulesError(
            f"cities.{i}.income",
            f"the city card of {city.name}: its income is not in the rulebook; Control must enter it",
        )
    if case.advanced and city.enemy_units:
        return cut_off_income(city.name, city.income, city.enemy_units, case.options.cut_off, Working())
    return city.income


def check_city_recruit(case: EconomyInput, i: int, city: City, recruit: Recruit, where: str) -> None:
    if city.besieged:
        raise RulesError(f"{where}.place", f"{city.name} is besieged: no recruiting there (9.3; 6.2)")
    if recruit.unit in (GI, GC):
        raise RulesError(
            f"{where}.unit",
            f"Gallic units are raised in allied tribes and appear on their territory, not in {city.name} (9.3)",
        )
    needs = {EL: ("elephants", "the elephant icon (1.2.6)"), SHIPS: ("port", "a port (1.3.2)")}
    if recruit.unit in needs:
        cell, what = needs[recruit.unit]
        value: bool | None = getattr(city, cell)
        if value is None:
            raise RulesError(
                f"cities.{i}.{cell}",
                f"the city card of {city.name}: whether it has {what} is not in the rulebook; Control must enter it",
            )
        if not value:
            raise RulesError(f"{where}.unit", f"{city.name} has no {what.split(' (')[0]}: no {recruit.unit.label}")


def tribe_cap(i: int, tribe: Tribe, recruit: Recruit, where: str) -> int:
    """VIII: "Among allied tribes Gallic allies can be recruited. One can recruit at one time as many warriors
    as is given on the given territory" (the spec reads: at most the printed infantry and cavalry)."""
    if not tribe.allied:
        raise RulesError(
            f"{where}.place", f"{tribe.name} is not allied: Gallic units are raised only in allied tribes (9.3)"
        )
    if recruit.unit not in (GI, GC):
        raise RulesError(f"{where}.unit", f"a tribe raises Gallic infantry and cavalry, not {recruit.unit.label}")
    cell = "infantry" if recruit.unit == GI else "cavalry"
    value: int | None = getattr(tribe, cell)
    if value is None:
        raise RulesError(
            f"tribes.{i}.{cell}",
            f"the strength of the {tribe.name} is not in the rulebook; Control "
            "must enter the number printed on its territory",
        )
    return value


def recruit_places(case: EconomyInput) -> dict[str, tuple[int, City | Tribe]]:
    places: dict[str, tuple[int, City | Tribe]] = {city.name: (i, city) for i, city in enumerate(case.cities)}
    places.update({tribe.name: (i, tribe) for i, tribe in enumerate(case.tribes)})
    return places


def recruit(case: EconomyInput, treasury: Fraction, working: Working) -> int:
    """9.3: in cities not besieged, up to each city's income in units; Gallic units in allied tribes."""
    places, spent = recruit_places(case), 0
    raised: dict[tuple[str, UnitType | None], int] = {}
    for n, order in enumerate(case.recruits):
        where = f"recruits.{n}"
        if order.place not in places:
            raise RulesError(f"{where}.place", f"{order.place} is not among his cities or tribes")
        i, place = places[order.place]
        key = (order.place, order.unit if isinstance(place, Tribe) else None)
        if isinstance(place, City):
            check_city_recruit(case, i, place, order, where)
            cap = city_cap(case, i, place, working)
        else:
            cap = tribe_cap(i, place, order, where)
        raised[key] = raised.get(key, 0) + order.count
        if raised[key] > cap:
            raise RulesError(
                f"{where}.count", f"{order.place} can raise at most {cap} at one time: {raised[key]} asked for"
            )
        price = order.count * cost(order.unit, working)
        spent += working.modifier(f"{order.count} {order.unit.label} at {order.place}", price, RECRUIT)
        if spent > treasury:
            raise RulesError(f"{where}.count", f"recruiting costs {spent} Talents: he has {talents(treasury)}")
    if case.recruits:
        working.step(f"Recruitment costs {spent} Talents", RECRUIT, spent)
    return spent


@procedure(RULESET, "economy_phase", title="Economy phase", source=ECONOMY, takes=EconomyInput)
def economy_phase(case: EconomyInput, dice: Dice) -> Result:
    """IX. Economy: income from cities not besieged, 1 Talent a unit in pay (Roman infantry half), then recruits."""
    working = Working()
    treasury = Fraction(case.treasury) + income(case, working)
    working.step(f"Treasury with the income: {talents(treasury)} Talents", INCOME, talents(treasury))
    left, must_disband = pay_soldiers(case, treasury, working)
    if left is None:
        if case.recruits:
            raise RulesError("recruits", "he cannot pay his soldiers: there is no gold to recruit with (9.3)")
        outcome: dict[str, Any] = {
            "income": talents(treasury - case.treasury),
            "treasury": None,
            "must_disband": must_disband,
        }
        return Result.of(f"{RULESET}.economy_phase", finish(case, outcome, working), working, dice)
    spent = recruit(case, left, working) if case.recruits else 0
    left -= spent
    working.step(f"{talents(left)} Talents stay in the treasury as his reserve", RECRUIT, talents(left))
    outcome = {
        "income": talents(treasury - case.treasury),
        "treasury": talents(left),
        "must_disband": must_disband or 0,
        "recruited": recruited(case),
        "recruitment_cost": spent,
    }
    return Result.of(f"{RULESET}.economy_phase", finish(case, outcome, working), working, dice)


def recruited(case: EconomyInput) -> list[dict[str, Any]]:
    return [{"place": r.place, "unit": r.unit.value, "count": r.count} for r in case.recruits]


def finish(case: EconomyInput, outcome: dict[str, Any], working: Working) -> dict[str, Any]:
    """1.3.3 Hannibal: "In the economy phase add 2 Initiative Points to Carthage and draw a card." """
    if case.hannibal:
        working.modifier("Hannibal: +2 Initiative Points to Carthage", HANNIBAL_IP, HANNIBAL)
        working.step("Hannibal: Carthage draws a card", HANNIBAL, 1)
    return {**outcome, "initiative_gained": HANNIBAL_IP if case.hannibal else 0, "cards_drawn": int(case.hannibal)}


# ---- hannibal_barkas.recruitment_order --------------------------------------------------------


@dataclass(frozen=True)
class OrderInput:
    last_order: tuple[str, ...] = spec("The players in the last stage's order of moves", min_items=1, max_items=5)


@procedure(RULESET, "recruitment_order", title="Order of recruitment", source=RECRUIT, takes=OrderInput)
def recruitment_order(case: OrderInput, dice: Dice) -> Result:
    """9.3: recruit "in the reverse order in relation to the moves from the last stage"; the first recruits last."""
    working = Working()
    order = list(reversed(case.last_order))
    working.step(f"Recruitment order: {', '.join(order)}", RECRUIT, len(order))
    working.note("Income and pay (9.1, 9.2) do not depend on the order; only recruiting does", ECONOMY)
    return Result.of(f"{RULESET}.recruitment_order", {"order": order}, working, dice)
