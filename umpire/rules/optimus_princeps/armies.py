"""The armies that meet in a field battle (§8), their leaders (§9.11) and tactics (§8.2 Phase 0), and what a
phase's dice come to for each unit: the tactic's +1, the leader's Tactical Bonus, the limes, and how the
Destruction Factor counts."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..errors import RulesError
from ..schema import Choice, spec
from ..working import Working
from .battle_type import BattleType
from .combat import Destruction, Kind, Mandatory, Rank, Unit, check_units
from .common import People, Side, Terrain

if TYPE_CHECKING:
    from .battle import BattleInput

PHASES = "8.2 The Engagement"
TACTICS = "8.2 Phase 0"


class Tactic(Choice):
    """8.2 Phase 0: "There are four possible tactics"."""

    FRONTAL_ATTACK = "frontal_attack"
    ENVELOPMENT = "envelopment"
    DISSUASION = "dissuasion"
    GENERAL_ATTACK = "general_attack"


LEADERLESS_TACTICS = (Tactic.DISSUASION, Tactic.GENERAL_ATTACK)  # §8.2 "An army without a leader can only…"


@dataclass(frozen=True)
class Leader:
    name: str = spec("The leader, as Trajan")
    strategic: int = spec(
        "Strategic Value: SP he commands (§9.11.2); with the +8 of the Princeps or Roi Barbare "
        "counter when he carries it (§5.1.4)",
        min=0,
        max=30,
    )
    tactical: int = spec(
        "Tactical Bonus (Lusius Quietus: 2 when with the Ala Numidarum, SN0.3)", min=0, max=3, default=0
    )
    attached_to: str = spec("The unit he is with for the whole combat (§9.11.1)", default="")
    supreme: bool = spec("The supreme leader: the princeps or the Dacian king (§5.1.4, §9.11.3)", default=False)


@dataclass(frozen=True)
class Army:
    people: People = spec("Whose army: Roman, Dacian, German or Sarmatian")
    units: tuple[Unit, ...] = spec("Its combat units, each counter once", min_items=1, max_items=40)
    leaders: tuple[Leader, ...] = spec("Its leaders, highest Strategic Value first", max_items=8, default=())
    tactic: Tactic | None = spec("Pitched battle: the tactic chosen in secret in Phase 0 (§8.2)", default=None)
    switch_to_general_attack: bool = spec(
        "Phase 3: if this side inflicted the most losses, it changes its tactic to General Attack (§8.2)", default=False
    )
    retreat_after_phase: int | None = spec(
        "Attempt an orderly retreat at the end of this phase, 1 to 3 (§8.3.2)", min=1, max=3, default=None
    )
    precautions: bool = spec("Dacian stratagem Precautions: +2 to the orderly-retreat D6 (S1.3, S3.4)", default=False)
    loss_order: tuple[str, ...] = spec(
        "The units, in the order the owner puts losses on them (§10.3; Roman Blood still comes first, §10.4)",
        max_items=40,
        default=(),
    )
    convert_pairs: bool = spec(
        "After each phase, turn every 2 HDC on a unit into 1 SP eliminated (§10.2)", default=False
    )
    bonus_unit: str = spec("Defender with a limes: the unit that takes its bonus in each phase (§9.10.3)", default="")
    sheltered: tuple[str, ...] = spec(
        "Roman units sheltered by field forts: 5 SP a fort, 3 of them legions, safe "
        "from pursuit and from a tactic's destruction (§8.5, optional)",
        max_items=20,
        default=(),
    )
    forts: int = spec("Roman field forts in the region (§8.5, optional)", min=0, max=5, default=0)

    @property
    def side(self) -> Side:
        return self.people.side

    @property
    def commander(self) -> Leader | None:
        """9.11.2: "use only the Strategic Value of the highest-ranked leader"."""
        return max(self.leaders, key=lambda leader: leader.strategic) if self.leaders else None


def check_army(army: Army, path: str) -> None:
    check_units(army.units, f"{path}.units")
    names = {unit.name for unit in army.units}
    for i, leader in enumerate(army.leaders):
        if leader.attached_to and leader.attached_to not in names:
            raise RulesError(
                f"{path}.leaders.{i}.attached_to",
                f"{leader.name} is with {leader.attached_to!r}, which is not in the army",
            )
    for name in army.loss_order + army.sheltered + ((army.bonus_unit,) if army.bonus_unit else ()):
        if name not in names:
            raise RulesError(path, f"{name!r} is named but is not one of the army's units")
    check_command(army, path)
    check_shelter(army, path)


def check_command(army: Army, path: str) -> None:
    """9.11.2: the commanded SP are at most the commander's Strategic Value; §9.11.1: a leader's unit is one he
    commands."""
    commander = army.commander
    if commander is None:
        return
    commanded = sum(unit.sp for unit in army.units if unit.in_command)
    if commanded > commander.strategic:
        raise RulesError(
            f"{path}.units",
            f"{commanded} SP are marked in command, but {commander.name}'s Strategic "
            f"Value is {commander.strategic} (§9.11.2)",
        )
    by_name = {unit.name: unit for unit in army.units}
    for i, leader in enumerate(army.leaders):
        if leader.attached_to and not by_name[leader.attached_to].in_command:
            raise RulesError(
                f"{path}.leaders.{i}.attached_to",
                f"{leader.name} must be with a unit in command (§9.11.1); {leader.attached_to} is not",
            )


def check_shelter(army: Army, path: str) -> None:
    by_name = {unit.name: unit for unit in army.units}
    sheltered = [by_name[name] for name in army.sheltered]
    if sum(unit.sp for unit in sheltered) > 5 * army.forts:
        raise RulesError(f"{path}.sheltered", f"{army.forts} fort(s) shelter at most {5 * army.forts} SP (§8.5)")
    if sum(unit.sp for unit in sheltered if unit.rank is Rank.LEGION) > 3 * army.forts:
        raise RulesError(f"{path}.sheltered", f"{army.forts} fort(s) shelter at most {3 * army.forts} legion SP (§8.5)")
    if sheltered and army.side is not Side.ROMAN:
        raise RulesError(f"{path}.sheltered", "only a Roman army has field forts (§8.5)")


def check_tactic(army: Army, path: str, working: Working) -> None:
    """8.2: a pitched battle needs each side's tactic; a leaderless army has only two to choose from."""
    if army.tactic is None:
        raise RulesError(f"{path}.tactic", "a pitched battle needs each side's tactic (Phase 0, §8.2)")
    if not army.leaders and army.tactic not in LEADERLESS_TACTICS:
        raise RulesError(
            f"{path}.tactic", "an army without a leader can only choose Dissuasion or General Attack (§8.2)"
        )
    working.choice(f"{army.people.label}: {army.tactic.label} (revealed in Phase 2)", TACTICS, army.tactic.value)


def favoured(tactic: Tactic | None, unit: Unit) -> bool:
    """8.2 Phase 0: the units each tactic gives +1 to the D6."""
    if tactic is Tactic.FRONTAL_ATTACK:
        return unit.kind is Kind.INFANTRY and unit.heavy
    if tactic is Tactic.ENVELOPMENT:
        return unit.kind is Kind.CAVALRY and unit.heavy
    if tactic is Tactic.DISSUASION:
        return unit.missile and not unit.heavy
    return False


def tactic_losses(tactic: Tactic | None) -> Mandatory | None:
    """8.2 Phase 0: the share of a side's losses its own tactic sends to one type of unit."""
    if tactic is Tactic.FRONTAL_ATTACK:
        return Mandatory("non-missile infantry", lambda u: u.kind is Kind.INFANTRY and not u.missile, TACTICS)
    if tactic is Tactic.ENVELOPMENT:
        return Mandatory("cavalry", lambda u: u.kind is Kind.CAVALRY, TACTICS)
    if tactic is Tactic.DISSUASION:
        return Mandatory("missile-equipped units", lambda u: u.missile, TACTICS)
    return None


MISSILE_LOSSES = Mandatory("missile-equipped units", lambda u: u.missile, "8.2 Phase 1")
PURSUIT_LOSSES = Mandatory("infantry", lambda u: u.kind is Kind.INFANTRY, "8.2 Phase 5")


class Led(Protocol):
    """An army or a force in a siege: its leaders, each with the unit he is with."""

    @property
    def leaders(self) -> tuple[Leader, ...]: ...


def leader_bonus(army: Led, unit: Unit) -> Leader | None:
    """9.11.1: the unit adds its leader's Tactical Bonus; of several, the one with the highest Strategic Value."""
    with_it = [leader for leader in army.leaders if leader.attached_to == unit.name]
    return max(with_it, key=lambda leader: leader.strategic) if with_it else None


def destruction_mode(unit: Unit, terrain: Terrain, *, firing: bool) -> Destruction:
    """9.11.2 and §10.1.1 ignore the DF; §10.1.2 makes it a plain hit in forest and mountain."""
    if not unit.in_command:
        return Destruction.IGNORED
    if firing and unit.kind is Kind.CAVALRY and unit.missile:
        return Destruction.IGNORED
    if unit.heavy and terrain is Terrain.FOREST:
        return Destruction.HITS_ONLY
    if unit.heavy and unit.kind is Kind.CAVALRY and terrain is Terrain.MOUNTAIN:
        return Destruction.HITS_ONLY
    return Destruction.DOUBLES


def fires_in(unit: Unit, phase: int) -> bool:
    """8.2: Phase 1 only missile units, artillery and ships; later phases every unit but artillery and ships.
    Impedimenta are baggage and never roll (§1.2, §10.5)."""
    if unit.good <= 0 or unit.kind is Kind.IMPEDIMENTA:
        return False
    if phase == 1:
        return unit.missile or unit.kind in (Kind.ARTILLERY, Kind.FLEET)
    return unit.kind not in (Kind.ARTILLERY, Kind.FLEET)


# ---- A10: when the tactics apply ------------------------------------------------------------------------


class RangedBattle(Choice):
    """A10: §8.2 Phase 2 "In a ranged battle (only), each side reveals his tactics choice and applies it"."""

    PITCHED = "pitched"  # default: the French "bataille rangée", the pitched battle
    MISSILE_PHASE = "missile_phase"  # a battle with its Phase 1 fire: under Night battle no tactic applies


def tactics_apply(case: "BattleInput", kind: BattleType) -> bool:
    """8.2 Phase 2: the tactics are revealed and applied in a "ranged battle" (A10)."""
    missile_phase = not case.night_battle or case.options.ranged_battle is RangedBattle.PITCHED
    return kind is BattleType.PITCHED and missile_phase


def note_ranged_battle(case: "BattleInput", working: Working) -> None:
    if case.options.ranged_battle is RangedBattle.PITCHED:
        working.note('Reading A10: the "ranged battle" is the pitched battle: the tactics apply from Phase 2', PHASES)
    elif case.night_battle:
        working.note(
            'Reading A10: the "ranged battle" is one with its Phase 1 fire: under Night battle no '
            "tactic is revealed or applied",
            PHASES,
        )
    else:
        working.note(
            'Reading A10: the "ranged battle" is one with its Phase 1 fire: the tactics apply from Phase 2', PHASES
        )
