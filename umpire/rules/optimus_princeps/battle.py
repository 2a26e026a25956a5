"""8 The Field of Battle: the battle type (§8.1), the phases 0 to 5 (§8.2), the Phase 4 table, the end of
combat (§8.3: tacit truce, orderly retreat), movement after combat (§8.4), field forts (§8.5), and the
leaders' command, bonus, death and capture (§9.11)."""

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .armies import (
    MISSILE_LOSSES,
    PHASES,
    PURSUIT_LOSSES,
    Army,
    RangedBattle,
    Tactic,
    check_army,
    check_tactic,
    destruction_mode,
    favoured,
    fires_in,
    leader_bonus,
    note_ranged_battle,
    tactic_losses,
    tactics_apply,
)
from .battle_type import BATTLE_TYPE, BattleType, StrengthCounted, judge_type
from .combat import (
    SUFFERING,
    Kind,
    Mandatory,
    Unit,
    UnmetShare,
    allocate,
    convert_pairs,
    describe_units,
    losses_to_eliminate,
    roll_unit,
)
from .common import DIE, OPTIONS_HELP, RULESET, Modifier, Side, Terrain, total_of
from .leaders import leader_fate

PHASE_4 = "8.2 Phase 4"
PURSUIT = "8.2 Phase 5"
END = "8.3 End of Combat"
TRUCE = "8.3.1 Tacit Truce"
RETREAT = "8.3.2 Orderly Retreat"
AFTER = "8.4 Movement after Combat"
FORTS = "8.5 Roman Field Fortifications"

P, LD, TT = "pursuit", "loser destroyed", "tacit truce"
End = dict[str, Any]  # how the battle ended: "end", "winner", "loser", "phase_4", "pursuit", "booty"
# §8.2 Phase 4 Table (L326-332): the winner's tactic (row) against the loser's (column).
PHASE_4_TABLE = KeyedTable(
    "Phase 4 Table",
    PHASE_4,
    {
        Tactic.FRONTAL_ATTACK.value: {"frontal_attack": P, "general_attack": LD, "dissuasion": P, "envelopment": P},
        Tactic.GENERAL_ATTACK.value: {"frontal_attack": P, "general_attack": P, "dissuasion": LD, "envelopment": P},
        Tactic.DISSUASION.value: {"frontal_attack": P, "general_attack": P, "dissuasion": TT, "envelopment": P},
        Tactic.ENVELOPMENT.value: {"frontal_attack": LD, "general_attack": P, "dissuasion": P, "envelopment": P},
    },
)


class HdcTally(Choice):
    """A11: Phase 4 "tally the Out of Action [HDC] results of both sides"."""

    INFLICTED = "inflicted"  # default: every HDC result scored, a doubled one twice
    ON_THE_FIELD = "on_the_field"  # the SP still out of action at the end of Phase 3


@dataclass(frozen=True)
class BattleOptions:
    ranged_battle: RangedBattle = spec(
        'A10, §8.2 Phase 2: the "ranged battle" whose tactics apply is the pitched battle (default), or a '
        "battle that had its Phase 1 fire, so none under Night battle",
        default=RangedBattle.PITCHED,
    )
    unmet_share: UnmetShare = spec(
        "A32, §10.3-10.4: a mandatory 50% share with no unit of that type left falls where the owner chooses "
        "(default) or is not taken",
        default=UnmetShare.FREE,
    )
    strength: StrengthCounted = spec(
        "A9, §8.1: the SP that count toward the 10 SP and 10-times thresholds — those in good order (default) or "
        "all SP, HDC too",
        default=StrengthCounted.GOOD_ORDER,
    )
    tally: HdcTally = spec(
        "A11, §8.2 Phase 4: the HDC results tallied — every result inflicted, doubles twice (default), or the SP "
        "still HDC at the end of Phase 3",
        default=HdcTally.INFLICTED,
    )
    skirmish_pursuit: bool = spec(
        "A12, §8.2 Phase 4-5: the winner of a skirmish pursues (default yes, Phase 4's words) or not (Phase 5 is "
        "marked pitched only)",
        default=True,
    )
    switch_changes_phase_4: bool = spec(
        "A13, §8.2 Phase 3: a switch to General Attack is the tactic Phase 4 compares (default yes) or the tactic "
        "chosen in Phase 0 is",
        default=True,
    )
    bonus_in_pursuit: bool = spec(
        'A14, §9.11.1 "only in melee": the leader\'s Tactical Bonus also in the Phase 5 pursuit (default no)',
        default=False,
    )
    crushing_booty_while_moving: bool = spec(
        "A24, §8.1 against §8.4: a crushing force takes booty and may move on (default yes), or takes none if it "
        "moves on",
        default=True,
    )


@dataclass(frozen=True)
class BattleInput:
    attacker: Army = spec("The army that moved into the region")
    defender: Army = spec("The army that was there")
    terrain: Terrain = spec(
        "The region: plains, forest, mountain or marsh; inhabited if fought outside walls", default=Terrain.PLAINS
    )
    defender_in_inhabited_region: bool = spec(
        "The defender is in an inhabited region: it cannot be crushed (§8.1)", default=False
    )
    tribal_site: bool = spec(
        "Fought outside the walls of a tribal site: a barbarian army has +1 to retreat in order (§8.3.2)", default=False
    )
    limes: int = spec(
        "The defender's limes in this rural region: +1 wooden or fort, +2 stone or fortress (§9.10.3)",
        min=0,
        max=2,
        default=0,
    )
    night_battle: bool = spec("Stratagem Night battle: no missile phase and no pursuit (§14)", default=False)
    truce_after_phase: int | None = spec(
        "The players agree a tacit truce at the end of this phase, 1 to 3 (§8.3.1)", min=1, max=3, default=None
    )
    attacker_continues_moving: bool = spec("A victorious attacker moves on: he takes no booty (§8.4)", default=False)
    options: BattleOptions = spec(OPTIONS_HELP, default=BattleOptions())


@dataclass
class Fighter:
    """One side while the battle runs."""

    role: str
    army: Army
    units: tuple[Unit, ...]
    tactic: Tactic | None
    inflicted: int = 0
    eliminated: int = 0
    fell_on_nobody: int = 0  # hits scored after its last SP fell: they put no SP out of action (§11.1)
    fates: list[dict[str, str]] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.role} ({self.army.people.label})"

    def strength(self, reading: StrengthCounted) -> int:
        units = [unit for unit in self.units if unit.sp > 0]
        return sum(unit.good if reading is StrengthCounted.GOOD_ORDER else unit.sp for unit in units)

    @property
    def standing(self) -> bool:
        """Some SP of the army are still on the field, in good order or HDC (§10.2): it is not eliminated."""
        return any(unit.sp > 0 for unit in self.units)

    def hdc_now(self) -> int:
        return sum(unit.hdc for unit in self.units if unit.sp > 0)

    def pitched_tactic(self, *, as_chosen: bool = False) -> Tactic:
        """A pitched battle's tactic in force, or as chosen in Phase 0: check_tactic saw that each side has one."""
        tactic = self.army.tactic if as_chosen else self.tactic
        assert tactic is not None, "check_tactic refuses a pitched battle without each side's tactic"
        return tactic


# ---- optimus_princeps.battle ----------------------------------------------------------------------------


@procedure(
    RULESET,
    "battle",
    title="Field battle",
    source="8 The Field of Battle; §9.11; §10",
    takes=BattleInput,
    dice="D6 per unit per phase until a side is eliminated (§8.3); D6 per orderly retreat, per leader whose unit falls",
)
def battle(case: BattleInput, dice: Dice) -> Result:
    """8: one field battle from the battle type to the pursuit, with losses, leaders' fates and booty due."""
    working = Working()
    check_army(case.attacker, "attacker")
    check_army(case.defender, "defender")
    sides = [
        Fighter("attacker", case.attacker, case.attacker.units, case.attacker.tactic),
        Fighter("defender", case.defender, case.defender.units, case.defender.tactic),
    ]
    reading = case.options.strength
    working.note(
        f"Reading A9: {'SP in good order' if reading is StrengthCounted.GOOD_ORDER else 'all SP'} count "
        "toward the thresholds",
        BATTLE_TYPE,
    )
    kind, crusher = judge_type(
        sides[0].strength(reading), sides[1].strength(reading), case.defender_in_inhabited_region, working
    )
    if kind is BattleType.CRUSHING:
        return crushing(case, sides, crusher, dice, working)
    if kind is BattleType.PITCHED:
        for side in sides:
            check_tactic(side.army, side.role, working)
            check_retreat(side)
        note_ranged_battle(case, working)
    else:
        for side in sides:
            side.tactic = None
        working.note("A skirmish: no tactics; both sides may retreat in order after Phases 1 to 3 (§8.1)", PHASES)
    end = fight_phases(case, sides, kind, dice, working)
    if end is None:
        end = decide(case, sides, kind, dice, working)
    return Result.of("optimus_princeps.battle", outcome(case, sides, kind, end), working, dice)


def crushing(case: BattleInput, sides: Sequence[Fighter], crusher: str | None, dice: Dice, working: Working) -> Result:
    """8.1: "The opposing force is eliminated. Booty is automatically taken and its movement may continue."""
    winner, loser = (sides[0], sides[1]) if crusher == "attacker" else (sides[1], sides[0])
    destroy(loser, (), dice, working, why="crushed (§8.1)")
    end: End = {
        "end": "crushing",
        "winner": winner.role,
        "loser": loser.role,
        "phase_4": None,
        "pursuit": False,
        "booty": winner.role,
    }
    if crusher == "attacker" and case.attacker_continues_moving and not case.options.crushing_booty_while_moving:
        working.note("Reading A24: a crushing attacker that moves on takes no booty (§8.4)", AFTER)
        end["booty"] = None
    elif crusher == "attacker" and case.attacker_continues_moving:
        working.note("Reading A24: crushing takes booty and may move on, an exception to §8.4", BATTLE_TYPE)
    return Result.of("optimus_princeps.battle", outcome(case, sides, BattleType.CRUSHING, end), working, dice)


def fight_phases(
    case: BattleInput, sides: Sequence[Fighter], kind: BattleType, dice: Dice, working: Working
) -> End | None:
    """Phases 1 to 3, each simultaneous; after each, a truce or an orderly retreat may end the battle."""
    for phase in (1, 2, 3):
        if phase == 1 and case.night_battle:
            working.note("Night battle: no missile phase (§14)", "14 Stratagems")
            continue
        if phase == 3:
            switch_tactics(case, sides, kind, working)
        fight_phase(case, sides, kind, phase, dice, working)
        eliminated = elimination(case, sides, phase, working)
        if eliminated is not None:
            return eliminated
        if case.truce_after_phase == phase:
            working.step(
                f"End of Phase {phase}: the players agree a tacit truce; the attacker is repulsed and rolls "
                "attrition; nobody collects booty",
                TRUCE,
            )
            return {
                "end": "tacit truce",
                "winner": None,
                "loser": None,
                "phase_4": None,
                "pursuit": False,
                "booty": None,
            }
        retreated = orderly_retreats(case, sides, phase, dice, working)
        if retreated is not None:
            return retreated
    return None


def elimination(case: BattleInput, sides: Sequence[Fighter], phase: int, working: Working) -> End | None:
    """8.3: "elimination of the enemy" ends the combat, at the end of the phase that eliminated it (the phases
    are simultaneous): no further phase, no Phase 4 and no pursuit, for there is no army left to fight or pursue.
    "The side that remains in occupation of the field is the winner of the battle"."""
    gone = [side for side in sides if not side.standing]
    if not gone:
        return None
    unreached(case, sides, phase, working)
    if len(gone) == 2:
        working.step(f"Both armies are eliminated in Phase {phase}: the combat ends", END)
        working.note(
            "Both eliminated at once: no side remains in occupation of the field, so neither wins and nobody "
            "collects booty (§8.3)",
            END,
        )
        return {"end": "elimination", "winner": None, "loser": None, "phase_4": None, "pursuit": False, "booty": None}
    loser = gone[0]
    winner = sides[0] if loser is sides[1] else sides[1]
    working.step(
        f"{loser.label} is eliminated in Phase {phase}: the combat ends; {winner.label} remains in occupation of the "
        "field and wins, with no Phase 4 and no pursuit",
        END,
        winner.role,
    )
    if loser.fell_on_nobody:
        working.note(
            f"{loser.fell_on_nobody} HDC scored beyond {loser.label}'s last SP put no SP out of action: they are "
            "not counted for booty (§11.1)",
            "11.1 Defeated in the Open Field",
        )
    end: End = {
        "end": "elimination",
        "winner": winner.role,
        "loser": loser.role,
        "phase_4": None,
        "pursuit": False,
        "booty": winner.role,
    }
    return moving_on(case, end, working)


def unreached(case: BattleInput, sides: Sequence[Fighter], phase: int, working: Working) -> None:
    """A truce or an orderly retreat asked for at the end of this phase or a later one never comes."""
    if case.truce_after_phase is not None and case.truce_after_phase >= phase:
        working.note(f"The tacit truce agreed for the end of Phase {case.truce_after_phase} is not reached", TRUCE)
    for side in sides:
        if side.army.retreat_after_phase is not None and side.army.retreat_after_phase >= phase:
            working.note(
                f"{side.label}'s orderly retreat after Phase {side.army.retreat_after_phase} is not attempted",
                RETREAT,
            )


def moving_on(case: BattleInput, end: End, working: Working) -> End:
    """8.4: "A victorious attacker may continue its movement, but in this case he recovers no booty!"."""
    if end["winner"] == "attacker" and case.attacker_continues_moving and end["booty"]:
        working.note("The victorious attacker moves on: he recovers no booty (§8.4)", AFTER)
        end["booty"] = None
    return end


def fight_phase(
    case: BattleInput, sides: Sequence[Fighter], kind: BattleType, phase: int, dice: Dice, working: Working
) -> None:
    name = {1: "Phase 1: Harassment", 2: "Phase 2: Melee", 3: "Phase 3: Last Attacks"}[phase]
    working.step(name, PHASES)
    scored = [volley(case, side, kind, phase, dice, working) for side in sides]
    for side, hits, enemy in ((sides[0], scored[1], sides[1]), (sides[1], scored[0], sides[0])):
        enemy.inflicted += hits
        suffer(case, side, hits, losses_rule(case, side, kind, phase), dice, working)


def volley(case: BattleInput, side: Fighter, kind: BattleType, phase: int, dice: Dice, working: Working) -> int:
    """Each unit of the side that fights in this phase rolls its D6 (§10.1)."""
    total = 0
    for unit in side.units:
        if unit.sp > 0 and fires_in(unit, phase):
            total += roll_unit(
                unit,
                bonus(case, side, unit, kind, phase, working),
                destruction_mode(unit, case.terrain, firing=phase == 1),
                dice,
                working,
                who=side.label,
            )
    working.step(f"{side.label} inflicts {total} HDC in Phase {phase}", PHASES, total)
    return total


def bonus(
    case: BattleInput,
    side: Fighter,
    unit: Unit,
    kind: BattleType,
    phase: int,
    working: Working,
    pursuit: bool = False,
) -> int:
    """The tactic's +1 (pitched battle, Phases 2-3, in command), the leader's bonus (melee) and the limes."""
    value = 0
    if tactics_apply(case, kind) and phase in (2, 3) and unit.in_command and favoured(side.tactic, unit):
        value += 1
    leader = leader_bonus(side.army, unit)
    if leader and (phase in (2, 3) or (pursuit and case.options.bonus_in_pursuit)):
        value += leader.tactical
    if case.limes and side.role == "defender" and unit.name == side.army.bonus_unit:
        value += case.limes
    return value


def losses_rule(case: BattleInput, side: Fighter, kind: BattleType, phase: int) -> Mandatory | None:
    if phase == 1:
        return MISSILE_LOSSES
    return tactic_losses(side.tactic) if tactics_apply(case, kind) else None


def suffer(
    case: BattleInput, side: Fighter, hits: int, mandatory: Mandatory | None, dice: Dice, working: Working
) -> None:
    before = {unit.name for unit in side.units if unit.sp > 0}
    can_take = sum(losses_to_eliminate(unit) for unit in side.units if unit.sp > 0)
    units, eliminated = allocate(
        side.units,
        hits,
        working,
        who=side.label,
        mandatory=mandatory,
        order=side.army.loss_order,
        unmet=case.options.unmet_share,
    )
    if side.army.convert_pairs:
        units, pairs = convert(units, working, side.label)
        eliminated += pairs
    side.units, side.eliminated = units, side.eliminated + eliminated
    if not side.standing:
        side.fell_on_nobody += max(hits - can_take, 0)
    fallen = before - {unit.name for unit in side.units if unit.sp > 0}
    side.fates += leaders_of_fallen(side, fallen, dice, working)


def convert(units: Sequence[Unit], working: Working, who: str) -> tuple[tuple[Unit, ...], int]:
    converted: list[Unit] = []
    total = 0
    for unit in units:
        unit, pairs = convert_pairs(unit)
        converted.append(unit)
        total += pairs
    if total:
        working.choice(f"{who} turns {2 * total} HDC into {total} SP eliminated", SUFFERING, total)
    return tuple(converted), total


def leaders_of_fallen(side: Fighter, fallen: Collection[str], dice: Dice, working: Working) -> list[dict[str, str]]:
    """9.11.3: a leader whose unit is eliminated is captured on 1-3, killed on 4-6."""
    return [leader_fate(leader, dice, working) for leader in side.army.leaders if leader.attached_to in fallen]


def switch_tactics(case: BattleInput, sides: Sequence[Fighter], kind: BattleType, working: Working) -> None:
    """8.2 Phase 3: "The player who inflicted the most losses may choose to change his tactic to General
    Attack"."""
    if kind is not BattleType.PITCHED:
        return
    for side, other in ((sides[0], sides[1]), (sides[1], sides[0])):
        if side.army.switch_to_general_attack and side.inflicted > other.inflicted:
            side.tactic = Tactic.GENERAL_ATTACK
            working.choice(
                f"{side.label} inflicted the most losses ({side.inflicted}) and changes to General Attack",
                PHASES,
                side.tactic.value,
            )
        elif side.army.switch_to_general_attack:
            working.note(
                f"{side.label} did not inflict the most losses: it keeps {side.pitched_tactic().label}", PHASES
            )


def orderly_retreats(
    case: BattleInput, sides: Sequence[Fighter], phase: int, dice: Dice, working: Working
) -> End | None:
    """8.3.2: the defender announces first (check_retreat saw that a pitched battle's is the Dissuasion
    defender's)."""
    for side in (sides[1], sides[0]):
        if side.army.retreat_after_phase != phase:
            continue
        if retreat_roll(case, side, dice, working):
            other = sides[0] if side is sides[1] else sides[1]
            working.step(f"{side.label} leaves the region in good order; {other.label} wins and collects booty", END)
            return {
                "end": "orderly retreat",
                "winner": other.role,
                "loser": side.role,
                "phase_4": None,
                "pursuit": False,
                "booty": other.role,
            }
    return None


def check_retreat(side: Fighter) -> None:
    """8.3.2: in a pitched battle "a defending player who chose the Dissuasion tactic may attempt an orderly
    retreat"; refused before any die is rolled, however the battle would have gone."""
    if side.army.retreat_after_phase is not None and not (
        side.role == "defender" and side.army.tactic is Tactic.DISSUASION
    ):
        raise RulesError(
            f"{side.role}.retreat_after_phase",
            "in a pitched battle only a defender who chose Dissuasion may retreat in order (§8.3.2)",
        )


def retreat_roll(case: BattleInput, side: Fighter, dice: Dice, working: Working) -> bool:
    modifiers: list[Modifier] = []
    if case.terrain in (Terrain.MOUNTAIN, Terrain.FOREST):
        modifiers.append(("in mountain or forest", 1, RETREAT))
    if case.tribal_site and side.army.side is Side.BARBARIAN:
        modifiers.append(("a barbarian army outside the walls of a tribal site", 1, RETREAT))
    if side.army.precautions:
        modifiers.append(("stratagem Precautions", 2, "S1.3 Precautions"))
    roll = working.roll(dice, DIE, f"{side.label} orderly retreat")
    total = total_of(working, roll, modifiers, f"{side.label} orderly retreat (6+)", RETREAT)
    return total >= 6


def decide(case: BattleInput, sides: Sequence[Fighter], kind: BattleType, dice: Dice, working: Working) -> End:
    """8.2 Phase 4: the side that suffered more HDC results loses; a pitched battle then reads the table."""
    attacker, defender = sides
    suffered = tallies(sides, case.options.tally, working)
    if suffered[0] == suffered[1]:
        working.step("The HDC are equal: the combat ends, the attacker retreats and no booty is taken", PHASE_4)
        return {"end": "drawn", "winner": None, "loser": None, "phase_4": None, "pursuit": False, "booty": None}
    winner, loser = (defender, attacker) if suffered[0] > suffered[1] else (attacker, defender)
    working.step(f"{loser.label} suffered more HDC: {winner.label} wins", PHASE_4, winner.role)
    result = P
    if kind is BattleType.PITCHED:
        result = table_result(case, winner, loser, working)
    end: End = {
        "end": "phases",
        "winner": winner.role,
        "loser": loser.role,
        "phase_4": result if kind is BattleType.PITCHED else None,
        "pursuit": False,
        "booty": winner.role,
    }
    if result == TT:
        working.step("Tacit Truce: no pursuit, the attacker is repulsed, nobody collects booty", TRUCE)
        end.update(end="tacit truce", winner=None, loser=None, booty=None)
    elif result == LD:
        destroy(loser, loser.army.sheltered, dice, working, why="destroyed by the winner's tactic (Phase 4)")
    else:
        end["pursuit"] = pursue(case, winner, loser, kind, dice, working)
    return moving_on(case, end, working)


def tallies(sides: Sequence[Fighter], reading: HdcTally, working: Working) -> list[int]:
    if reading is HdcTally.INFLICTED:
        suffered = [sides[1].inflicted, sides[0].inflicted]
        working.note("Reading A11: the HDC results inflicted on each side are tallied, a double twice", PHASE_4)
    else:
        suffered = [sides[0].hdc_now(), sides[1].hdc_now()]
        working.note("Reading A11: the SP still HDC on each side at the end of Phase 3 are tallied", PHASE_4)
    working.step(f"HDC suffered: attacker {suffered[0]}, defender {suffered[1]}", PHASE_4, suffered)
    return suffered


def table_result(case: BattleInput, winner: Fighter, loser: Fighter, working: Working) -> str:
    def tactic(side: Fighter) -> Tactic:
        return side.pitched_tactic(as_chosen=not case.options.switch_changes_phase_4)

    working.note(
        "Reading A13: the Phase 4 table compares the tactics "
        + ("in force after Phase 3" if case.options.switch_changes_phase_4 else "chosen in Phase 0"),
        PHASE_4,
    )
    result: str = PHASE_4_TABLE.lookup(tactic(winner).value, working, column=tactic(loser).value)
    return result


def destroy(side: Fighter, sheltered: Sequence[str], dice: Dice, working: Working, *, why: str) -> None:
    """The losing army is eliminated, but for the units a field fort shelters (§8.5)."""
    before = {unit.name for unit in side.units if unit.sp > 0}
    kept = tuple(unit if unit.name in sheltered else replace(unit, sp=0, hdc=0) for unit in side.units)
    lost = sum(unit.sp for unit in side.units) - sum(unit.sp for unit in kept)
    side.units, side.eliminated = kept, side.eliminated + lost
    working.step(f"{side.label} is {why}: {lost} SP eliminated", PHASE_4, lost)
    if sheltered:
        working.step(f"Sheltered by field forts: {', '.join(sheltered)}", FORTS)
    side.fates += leaders_of_fallen(side, before - {u.name for u in kept if u.sp > 0}, dice, working)


def pursue(case: BattleInput, winner: Fighter, loser: Fighter, kind: BattleType, dice: Dice, working: Working) -> bool:
    """8.2 Phase 5: the winner's commanded cavalry roll; 50% of the loser's losses from infantry."""
    if case.night_battle:
        working.note("Night battle: no pursuit (§14)", "14 Stratagems")
        return False
    if kind is BattleType.SKIRMISH and not case.options.skirmish_pursuit:
        working.note("Reading A12: no pursuit after a skirmish (Phase 5 is marked pitched only)", PURSUIT)
        return False
    if not winner.army.leaders:
        working.note("An army without a leader cannot perform pursuit", PURSUIT)
        return False
    if kind is BattleType.SKIRMISH:
        working.note("Reading A12: the winner of a skirmish pursues (Phase 4)", PURSUIT)
    working.step("Phase 5: Pursuit", PURSUIT)
    where = "also in the pursuit" if case.options.bonus_in_pursuit else "in melee only, not in the pursuit"
    working.note(f"Reading A14: the leader's Tactical Bonus applies {where}", "9.11.1 Tactical Bonus")
    hits = sum(
        roll_unit(
            unit,
            bonus(case, winner, unit, kind, 5, working, pursuit=True),
            destruction_mode(unit, case.terrain, firing=False),
            dice,
            working,
            who=winner.label,
        )
        for unit in winner.units
        if unit.sp > 0 and unit.good and unit.kind is Kind.CAVALRY and unit.in_command
    )
    working.step(f"{winner.label}'s pursuit inflicts {hits} HDC", PURSUIT, hits)
    exposed = tuple(unit for unit in loser.units if unit.name not in loser.army.sheltered)
    safe = tuple(unit for unit in loser.units if unit.name in loser.army.sheltered)
    if safe:
        working.step(f"Sheltered from the pursuit by field forts: {', '.join(u.name for u in safe)}", FORTS)
    before = {unit.name for unit in exposed if unit.sp > 0}
    exposed, eliminated = allocate(
        exposed,
        hits,
        working,
        who=loser.label,
        mandatory=PURSUIT_LOSSES,
        order=loser.army.loss_order,
        unmet=case.options.unmet_share,
    )
    by_name = {unit.name: unit for unit in exposed + safe}
    loser.units = tuple(by_name[unit.name] for unit in loser.units)
    loser.eliminated += eliminated
    loser.fates += leaders_of_fallen(loser, before - {u.name for u in exposed if u.sp > 0}, dice, working)
    return True


def outcome(case: BattleInput, sides: Sequence[Fighter], kind: BattleType, end: End) -> dict[str, Any]:
    report: dict[str, Any] = {"type": kind.value, **end}
    for side, other in ((sides[0], sides[1]), (sides[1], sides[0])):
        report[side.role] = {
            "units": describe_units(side.units),
            "hdc_suffered": other.inflicted - side.fell_on_nobody,
            "sp_eliminated": side.eliminated,
            "sp_left": sum(u.sp for u in side.units),
            "leaders": side.fates,
        }
    loser = end.get("loser")
    report["retreat"] = retreat_due(case, end, report)
    if end.get("booty") and loser:
        report["sacking_counts"] = {
            "sp_put_out_of_action": report[loser]["hdc_suffered"],
            "sp_eliminated": report[loser]["sp_eliminated"],
            "annihilated": report[loser]["sp_left"] == 0,  # §11.3 "Enemy army annihilated: +1"
        }
    return report


def retreat_due(case: BattleInput, end: End, report: dict[str, Any]) -> dict[str, Any] | None:
    """8.4: who leaves the region, and whether that costs an attrition roll."""
    if end["end"] in ("tacit truce", "drawn"):
        return {"side": "attacker", "attrition": True}
    loser = end.get("loser")
    if not loser or end["end"] == "orderly retreat" or report[loser]["sp_left"] == 0:
        return None
    into_walls = loser == "defender" and case.defender_in_inhabited_region
    return {"side": loser, "attrition": not into_walls, "may_enter_walls": into_walls}
