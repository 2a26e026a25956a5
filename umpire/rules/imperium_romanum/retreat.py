"""15.21 Retreat before combat, 15.41 retreat after combat, 15.34 cavalry preventing retreat, and 15.33
Overruns."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET

BEFORE = "15.21 Retreat before combat"
CROSSED = "15.211 Retreat before combat"
CAVALRY = "15.34 Retreat before combat"
AFTER = "15.41 Combat Procedure"
OVERRUN = "15.33 Overruns"
MORALE_LOSS = -5  # 11.3, 15.216, Morale Table: "Retreat before Combat -5"
OVERRUN_ODDS = 5  # 15.33 (L678): "at least five times"


@dataclass(frozen=True)
class RetreatHex:
    name: str = spec("An adjacent hex")
    crosses_river_or_narrow_sea: bool = spec(
        "Getting there crosses a river, narrow sea or prohibited hexside", default=False
    )
    enemy_strength: int = spec("Enemy land combat strength in that hex", min=0, max=2000, default=0)
    entered_through: int = spec(
        "Strength of an enemy force that entered the combat hex across that hexside", min=0, max=2000, default=0
    )


@dataclass(frozen=True)
class RetreatInput:
    strength: int = spec("Combat strength of the retreating stack", min=1, max=2000)
    hexes: tuple[RetreatHex, ...] = spec("The hexes it might retreat into", min_items=1, max_items=6)
    after_combat: bool = spec("A loser's retreat after combat (15.41), not before (15.21)", default=False)
    besieged: bool = spec("The units are under siege (15.213)", default=False)
    attacker_cavalry: int = spec("The attacker's cavalry strength (15.34)", min=0, max=2000, default=0)
    defender_cavalry: int = spec("The defender's cavalry strength (15.34)", min=0, max=2000, default=0)


def quarter_or_more(enemy: int, strength: int) -> bool:
    """ "at least one-fourth that of the retreating units", compared exactly (no rounding)."""
    return 4 * enemy >= strength


def hex_open(place: RetreatHex, strength: int, working: Working) -> bool:
    if place.crosses_river_or_narrow_sea:
        working.step(f"{place.name}: across a river, narrow sea or prohibited hexside", BEFORE, False)
        return False
    if place.enemy_strength and quarter_or_more(place.enemy_strength, strength):
        working.step(f"{place.name}: enemy {place.enemy_strength} is at least a quarter of {strength}", BEFORE, False)
        return False
    if place.entered_through and quarter_or_more(place.entered_through, strength):
        working.step(
            f"{place.name}: an enemy force of {place.entered_through} entered across that hexside, at "
            f"least a quarter of {strength}",
            CROSSED,
            False,
        )
        return False
    working.step(f"{place.name}: open", BEFORE, True)
    return True


def cavalry_prevents(case: RetreatInput, working: Working) -> bool:
    """15.34, read as cavalry against cavalry, and only with attacking cavalry (AMB-39)."""
    if case.after_combat:
        working.note("Cavalry superiority does not prevent retreat after combat", AFTER)
        return False
    if case.attacker_cavalry and case.attacker_cavalry >= 2 * case.defender_cavalry:
        working.step(
            f"The attacker's cavalry {case.attacker_cavalry} is at least twice the defender's "
            f"{case.defender_cavalry}: no retreat before combat",
            CAVALRY,
            True,
        )
        return True
    return False


@procedure(RULESET, "retreat", title="Where a stack may retreat", source=BEFORE, takes=RetreatInput)
def retreat(case: RetreatInput, dice: Dice) -> Result:
    """15.21 and 15.41: the adjacent hexes a stack may retreat into, whole, and whether cavalry prevents it."""
    working = Working()
    if case.besieged and not case.after_combat:
        raise RulesError("besieged", "units under siege may not retreat before combat (15.213; 16.58 excepted)")
    if case.besieged:
        working.step("Besieged units are not forced to retreat: they remain under siege", AFTER)
        return Result.of(f"{RULESET}.retreat", {"prevented": False, "open": [], "morale": 0}, working, dice)
    prevented = cavalry_prevents(case, working)
    open_hexes = [] if prevented else [place.name for place in case.hexes if hex_open(place, case.strength, working)]
    morale = 0 if case.after_combat or prevented or not open_hexes else MORALE_LOSS
    if morale:
        working.step("Retreating before combat costs the power 5 morale points", "11.3 Retreat before Combat", -5)
    if case.after_combat and not open_hexes:
        working.step("No hex is open: at least half the remaining strength points are eliminated", AFTER)
    return Result.of(
        f"{RULESET}.retreat", {"prevented": prevented, "open": open_hexes, "morale": morale}, working, dice
    )


@dataclass(frozen=True)
class OverrunInput:
    heavy_cavalry: int = spec("Strength of the moving heavy cavalry (30-16s and 15-16s) only", min=0, max=2000)
    enemy: int = spec("Total strength of the enemy units in the hex", min=1, max=2000)
    besieged: bool = spec("The enemy units are besieged", default=False)
    city: bool = spec("The hex holds the enemy's city, which the units may withdraw into instead", default=False)


@procedure(RULESET, "overrun", title="Overrun", source=OVERRUN, takes=OverrunInput)
def overrun(case: OverrunInput, dice: Dice) -> Result:
    """15.33: heavy cavalry at five times the enemy's strength removes it, at no cost in movement points."""
    working = Working()
    if case.besieged:
        raise RulesError("besieged", "only non-besieged enemy units can be overrun (15.33)")
    done = case.heavy_cavalry >= OVERRUN_ODDS * case.enemy
    working.step(
        f"Heavy cavalry {case.heavy_cavalry} against five times {case.enemy} = {OVERRUN_ODDS * case.enemy}: "
        + ("overrun: the enemy units are removed and the stack moves on" if done else "no overrun"),
        OVERRUN,
        done,
    )
    if done and case.city:
        working.note("Cities cannot be overrun: the units may accept siege in their city instead", OVERRUN)
    return Result.of(f"{RULESET}.overrun", {"overrun": done}, working, dice)
