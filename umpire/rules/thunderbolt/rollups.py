"""The Battle and Siege die-roll modifiers this rulebook adds to the AW system's (AW 8.0, AW 9.0): the Command
Efficiency Rating (4.92), Veteran Legions (5.42), Slave Legions (5.52), the Army Efficiency Rating (6.71), landing
next to the enemy (13.74) and Fleets at a siege (13.9). One Battle DR is rolled; + favours the attacker. The odds,
leader tactical ability and cavalry superiority are the AW rulebook's: the umpire enters them as found."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET, Modifier, Named, Side

BATTLE_RULE = "Battle DRMs: 4.92, 5.42, 5.52, 6.71, 13.74"
SIEGE_RULE = "Siege DRMs: 4.92, 13.9"


class SlaveLegionDrm(Choice):
    FLAT = "flat"  # 5.52 "there is a +/- 1 DRM in favor of the opposing player"
    EACH = "each"  # one for each Slave Legion in the battle


@dataclass(frozen=True)
class BattleOptions:
    slave_legions: SlaveLegionDrm = spec(
        "5.52: the Slave Legion DRM — a flat +/-1 however many are in the battle (default), or +/-1 for each",
        default=SlaveLegionDrm.FLAT,
    )


@dataclass(frozen=True)
class EnteredModifier:
    text: str = spec("What it is, as 'Odds 1:4 (AW 8.0)'")
    drm: int = spec("Its DRM on the attacker's Battle DR", min=-20, max=20)


@dataclass(frozen=True)
class BattleInput:
    attacker: Side = spec("The attacking side")
    legions_over_efficiency: int = spec(
        "Roman Legions over the leader's Command Efficiency Rating (4.92)", min=0, max=40, default=0
    )
    veteran_legions_6_citizens: int = spec(
        "Roman Veteran Legions with 6+ Citizen Infantry SP", min=0, max=40, default=0
    )
    slave_legions: int = spec("Slave Legions in the battle", min=0, max=2, default=0)
    carthaginian_aer: int | None = spec(
        "The Carthaginian AER in the battle (thunderbolt.aer_in_battle)", min=-3, max=3, default=None
    )
    landing_force_attacks: bool = spec(
        "The attacker disembarked into the hex this turn (both outside a city)", default=False
    )
    landing_force_attacked: bool = spec(
        "The defender disembarked into the hex this turn (both outside a city)", default=False
    )
    entered: tuple[EnteredModifier, ...] = spec("AW DRMs as the umpire found them: odds, tactics, cavalry", default=())
    options: BattleOptions = spec("Readings of points the rulebook leaves open", default=BattleOptions())


def roman_sign(case: BattleInput) -> int:
    return 1 if case.attacker is Side.ROMAN else -1


def roman_modifiers(case: BattleInput) -> list[Modifier]:
    sign = roman_sign(case)
    slaves = case.slave_legions if case.options.slave_legions is SlaveLegionDrm.EACH else min(1, case.slave_legions)
    return [
        m
        for m in (
            ("Roman Legions over the Command Efficiency Rating", -sign * case.legions_over_efficiency, "4.92"),
            ("Roman Veteran Legions with 6+ Citizen Infantry", sign * case.veteran_legions_6_citizens, "5.42"),
            ("Slave Legion(s), in the opponent's favour", -sign * slaves, "5.52"),
        )
        if m[1]
    ]


def other_modifiers(case: BattleInput) -> list[Modifier]:
    found: list[Modifier] = []
    if case.carthaginian_aer:
        found.append(("Carthaginian AER", -roman_sign(case) * case.carthaginian_aer, "6.71"))
    if case.landing_force_attacks:
        found.append(("Attacking from the landing", -3, "13.74"))
    if case.landing_force_attacked:
        found.append(("Attacking a force that has just landed", 3, "13.74"))
    return found + [(m.text, m.drm, "AW 8.0") for m in case.entered]


def battle_drms(case: BattleInput, working: Working) -> list[Modifier]:
    """(text, value, rule) for each Battle DRM of this rulebook and the umpire's AW ones, the reading shown."""
    working.choice(f"Slave Legion DRM: {case.options.slave_legions.label}", "5.52")
    return roman_modifiers(case) + other_modifiers(case)


@procedure(
    RULESET, "battle_modifiers", title="Battle DRMs from the Thunderbolt rules", source=BATTLE_RULE, takes=BattleInput
)
def battle_modifiers(case: BattleInput, dice: Dice) -> Result:
    """4.92, 5.42, 5.52, 6.71, 13.74: the attacker's Battle DR gets -1 per Roman Legion over efficiency when Rome
    attacks (+1 when it defends), +/-1 per Veteran Legion, the Slave Legion's 1 for the opponent, the Carthaginian
    AER added attacking and subtracted defending, and -3/+3 around a landing. The result is read on the AW BRT."""
    working = Working()
    modifiers = battle_drms(case, working)
    for text, value, rule in modifiers:
        working.modifier(text, value, rule)
    drm = sum(value for _, value, _ in modifiers)
    working.step(f"Net DRM on the attacker's Battle DR: {drm:+d}; read the AW Battle Results Table", BATTLE_RULE, drm)
    return Result.of(f"{RULESET}.battle_modifiers", {"drm": drm}, working, dice)


class SiegeRoll(Named):
    ASSAULT = "assault"
    ATTRITION = "attrition"


class FleetsPresent(Named):
    NONE = "none"
    BESIEGER_ONLY = "besieger_only"
    DEFENDER_ONLY = "defender_only"
    BOTH = "both"


@dataclass(frozen=True)
class SiegeInput:
    roll: SiegeRoll = spec("A Siege Assault, or a Siege Attrition DR")
    roman_legions_over_efficiency: int = spec(
        "Roman Legions over the efficiency limit (4.92)", min=0, max=40, default=0
    )
    roman_besieging: bool = spec("The Romans are the besiegers", default=True)
    fleets: FleetsPresent = spec(
        "Whose Fleets are in the hex/port (In Port or not; not Scattered)", default=FleetsPresent.NONE
    )


def assault_modifiers(case: SiegeInput) -> list[Modifier]:
    found: list[Modifier] = []
    if case.roman_besieging and case.roman_legions_over_efficiency:
        found.append(("Roman Legions over efficiency, assaulting", -case.roman_legions_over_efficiency, "4.92"))
    fleet = {FleetsPresent.BESIEGER_ONLY: 2, FleetsPresent.DEFENDER_ONLY: -2}.get(case.fleets)
    if fleet:
        found.append(("Fleets of one side only", fleet, "13.9"))
    return found


def attrition_modifiers(case: SiegeInput) -> list[Modifier]:
    found: list[Modifier] = []
    if case.roman_legions_over_efficiency >= 2:
        found.append(("Roman Legions over efficiency (1 per 2)", case.roman_legions_over_efficiency // 2, "4.92"))
    fleet = {FleetsPresent.BESIEGER_ONLY: 3, FleetsPresent.DEFENDER_ONLY: -3}.get(case.fleets)
    if fleet:
        found.append(("The port held by one side's Fleet only (on the besieged player's DR)", fleet, "13.9"))
    return found


@procedure(
    RULESET, "siege_modifiers", title="Siege DRMs from the Thunderbolt rules", source=SIEGE_RULE, takes=SiegeInput
)
def siege_modifiers(case: SiegeInput, dice: Dice) -> Result:
    """4.92, 13.9, 8.2: Siege Assault, -1 per Roman Legion over efficiency when Rome assaults, +2 if only the
    besieger has Fleets there, -2 if only the defender; Siege Attrition, +1 per 2 Roman Legions over, +3 on the
    besieged player's DR if only enemy Fleets hold the port, -3 if only friendly ones. Roma counts as a port if
    Rome holds Ostia."""
    working = Working()
    modifiers = assault_modifiers(case) if case.roll is SiegeRoll.ASSAULT else attrition_modifiers(case)
    for text, value, rule in modifiers:
        working.modifier(text, value, rule)
    drm = sum(value for _, value, _ in modifiers)
    working.step(f"Net {case.roll.label} DRM: {drm:+d}; the siege itself is AW 9.0", SIEGE_RULE, drm)
    return Result.of(f"{RULESET}.siege_modifiers", {"drm": drm}, working, dice)
