"""P8, the land battle (V. Battles, 5.1-5.9, 5.11; 1.2.3 Pursuit; 1.2.6 Elephants; 1.2.8 Leaders).

Sides are held as pairs: index 0 is the attacker (he enters the field and rolls first),
index 1 the defender. Each round has three attacks; the losses of both sides in an attack
are removed together before the next (5.3, 5.5). The players' decisions (who withdraws
after which round, which units they give up, where Command goes) come in the case. A side of allied
armies comes as contingents whose losses are counted apart (5.5 L450, .contingents); what leaders'
abilities and effects do in a pursuit comes from their cards (5.9 L505-509, .pursuit).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .battle_vp import battle_vp
from .cards import CardAttack, Negation, Role, card_volley, negate
from .contingents import ALLIED, ALLIED_LOSSES_HELP, AlliedLosses, Contingent, check_contingents, contingent_losses
from .kernel import Firer, Volley, firers, roll_volley, take_losses
from .pursuit import JOINS_HELP, MODIFIER_HELP, NUMBER_HELP, PursuitEffect, pursuers
from .units import CAV, CAVALRY, EL, GC, GI, HI, LI, RULESET, Units, UnitType

if TYPE_CHECKING:
    from .naval import Fleet, NavalInput

GENERAL = "5.1 General Rules"
PHASES_RULE = "5.3 Combat Round Phases"
RETREAT = "5.4 Retreat"
LOSSES = "5.5 Losses"
LEADERS = "5.6 Leaders"
ELEPHANTS = "1.2.6 Elephants"
PURSUIT_RULE = "5.9 Pursuit"
MAX_ROUNDS = 50  # the rules set no limit; past this the umpire must take the players' declarations
ROLES = (Role.ATTACKER, Role.DEFENDER)


class Phase(Choice):
    LIGHT = "light_infantry"
    MOUNTED = "cavalry_and_elephants"
    HEAVY = "heavy_and_gallic_infantry"
    PURSUIT = "pursuit"


ROUND_PHASES = (Phase.LIGHT, Phase.MOUNTED, Phase.HEAVY)


class GallicCavalryReading(Choice):
    """5.3 never names Gallic cavalry; 1.2.5 gives it Pursuit, so the default treats it as cavalry."""

    CAVALRY = "cavalry"  # default: attacks with the cavalry, and fears elephants
    CAVALRY_NOT_FEARED = "cavalry_not_feared"  # attacks with the cavalry, but "cavalry" in 1.2.6 is Cavalry only
    WITH_GALLIC_INFANTRY = "with_gallic_infantry"  # attacks in the third attack, with the Gallic infantry


class CommandReduction(Choice):
    """5.6: "Reduction of Command Points": per round or once per battle is not stated."""

    EACH_ROUND = "each_round"  # default: leader tokens are turned back each round, so it is applied again
    FIRST_ROUND = "first_round"


COMMAND_REDUCTION_HELP = (
    "5.6 Reduction of Command Points: when an enemy leader's reduction applies — again each "
    "round, as the tokens turn back (default), or in the first round only"
)


class MutualAnnihilation(Choice):
    """No winner is defined when both armies are wiped out in the same attack."""

    NO_WINNER = "no_winner"  # default: no battle VP (leaders' VP still count)
    DEFENDER_WINS = "defender_wins"  # the defender held the field


@dataclass(frozen=True)
class Leader:
    name: str = spec("The leader, as Hannibal")
    command: int | None = spec("Command, from his card (Hannibal 3); empty if unknown", min=0, max=9)
    victory_points: int | None = spec(
        "VP to the enemy if he is killed, from his card (Hannibal 8)", min=0, max=30, default=None
    )
    reduces_enemy_command: int = spec(
        "Reduces the opponent's Command during a battle by this (Hannibal 1)", min=0, max=5, default=0
    )
    resigned: bool = spec("Resignation from Command Points: no command this battle", default=False)
    dictator: bool = spec("12.4 Dictator: +1 Command, +2 VP to the enemy if killed", default=False)
    pursuit_ability: bool = spec("His card names an ability that applies in a pursuit (5.9 L509)", default=False)
    pursuit_joins: UnitType | None = spec(JOINS_HELP.format("his ability"), default=None)
    pursuit_joins_number: int | None = spec(NUMBER_HELP, min=1, max=200, default=None)
    pursuit_modifier: int | None = spec(MODIFIER_HELP.format("his ability"), min=-9, max=9, default=None)


@dataclass(frozen=True)
class ChosenLoss:
    """A player's pick of units for one attack: his own losses, or on his 10s the enemy's."""

    round: int = spec("The combat round (for the pursuit: any)", min=1, max=MAX_ROUNDS, default=1)
    phase: Phase = spec("The attack", default=Phase.LIGHT)
    kinds: tuple[UnitType, ...] = spec("The kinds, in the order given up", max_items=60, default=())
    contingent: str = spec(
        "With allied contingents (L450): whose units these are, by the contingent's owner; "
        "empty: the first listed that has one",
        default="",
    )


@dataclass(frozen=True)
class CommandUse:
    round: int = spec("The combat round", min=1, max=MAX_ROUNDS, default=1)
    phase: Phase = spec("The attack whose failed dice are re-rolled", default=Phase.LIGHT)
    rerolls: int = spec("How many failed dice to re-roll there (one Command point each)", min=0, max=30, default=0)


@dataclass(frozen=True)
class BattleSide:
    name: str = spec("The player or army, as Rome")
    units: Units = spec("Its units in the field (ships do not fight on land)")
    leaders: tuple[Leader, ...] = spec("Its leaders (not units)", max_items=8, default=())
    loss_order: tuple[UnitType, ...] = spec(
        "The kinds it gives up first when it chooses its losses; then "
        "the cheapest first (with contingents: each its own)",
        max_items=7,
        default=(),
    )
    critical_order: tuple[UnitType, ...] = spec("The enemy kinds it picks first on its 10s", max_items=7, default=())
    losses_chosen: tuple[ChosenLoss, ...] = spec("Its own losses as chosen in a given attack", max_items=60, default=())
    criticals_chosen: tuple[ChosenLoss, ...] = spec(
        "The enemy units picked on its 10s in a given attack", max_items=60, default=()
    )
    command_plan: tuple[CommandUse, ...] = spec(
        "Where its Command goes; empty: on every failed die, as soon as it fails, while Command lasts",
        max_items=60,
        default=(),
    )
    withdraw_after_round: int | None = spec(
        "It declares a withdrawal at the end of this round", min=0, max=MAX_ROUNDS, default=None
    )
    can_retreat: bool = spec("It has somewhere to retreat (5.4); if not, a withdrawal eliminates it", default=True)
    all_cavalry_retreats: bool = spec("5.1: an army of cavalry only retreats at once, with no battle", default=False)
    negations: tuple[Negation, ...] = spec("Convenient terrain played for this side", max_items=10, default=())
    contingents: tuple[Contingent, ...] = spec(
        "Allied armies fighting together on this side (5.5 L450): its units shared out by owner, losses counted apart",
        max_items=6,
        default=(),
    )
    pursuit_effects: tuple[PursuitEffect, ...] = spec(
        "Effects played for this side that join units to its pursuit or change its rolls (5.9 L505)",
        max_items=10,
        default=(),
    )


@dataclass(frozen=True)
class BattleOptions:
    """The readings a land battle needs where 5.3, 5.6, 1.2.6 and 5.11 leave the text open."""

    gallic_cavalry: GallicCavalryReading = spec(
        "5.3 and 1.2.6: how Gallic cavalry fights — with the cavalry and feared by elephants like it (default), "
        "with the cavalry but not feared by elephants, or in the third attack with the Gallic infantry",
        default=GallicCavalryReading.CAVALRY,
    )
    own_elephants_frighten: bool = spec(
        "1.2.6 Fear of horses: whose elephants set cavalry aside — the enemy's only, as Example 9 shows "
        "(default, off), or a side's own elephants too (on)",
        default=False,
    )
    command_reduction: CommandReduction = spec(COMMAND_REDUCTION_HELP, default=CommandReduction.EACH_ROUND)
    mutual_annihilation: MutualAnnihilation = spec(
        "5.1 and 5.11: both armies wiped out in the same attack — no winner and no battle VP, leaders' VP still "
        "count (default), or the defender holds the field and wins",
        default=MutualAnnihilation.NO_WINNER,
    )
    allied_losses: AlliedLosses = spec(ALLIED_LOSSES_HELP, default=AlliedLosses.OWNERS_CHOOSE)


@dataclass(frozen=True)
class BattleInput:
    attacker: BattleSide = spec("The side entering the field: rolls first")
    defender: BattleSide = spec("The side standing in the field: declares first")
    card_attacks: tuple[CardAttack, ...] = spec(
        "Pre-battle attacks from effects that took effect (Ambush)", max_items=10, default=()
    )
    options: BattleOptions = spec("Readings of points the rulebook leaves open", default=BattleOptions())
    max_rounds: int = spec("Stop after this many rounds if no one has withdrawn", min=1, max=MAX_ROUNDS, default=20)

    @property
    def sides(self) -> tuple[BattleSide, BattleSide]:
        return (self.attacker, self.defender)


@dataclass
class Fight:
    """The battle so far: each side's units and losses, as pairs (attacker, defender)."""

    units: list[Units]
    lost: list[Units]
    pursuit_lost: list[Units] = field(default_factory=lambda: [Units(), Units()])
    # each side's contingents' units, if it has them (None: it has none), and their losses
    parts: list[list[Units] | None] = field(default_factory=lambda: [None, None])
    parts_lost: list[list[Units]] = field(default_factory=lambda: [[], []])
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def gone(self, i: int) -> bool:
        return self.units[i].total == 0


# ---- checks -------------------------------------------------------------------------------------


def check_battle(case: BattleInput) -> None:
    for role, side in zip(ROLES, case.sides):
        path = role.value
        if side.units.ships:
            raise RulesError(
                f"{path}.units.ships",
                "ships do not fight a land battle (5.4: they cannot retreat "
                "from one either); fight them in a naval battle",
            )
        check_contingents(side, path)
        check_named_contingents(side.losses_chosen, side, f"{path}.losses_chosen")
        check_named_contingents(side.criticals_chosen, case.sides[1 - ROLES.index(role)], f"{path}.criticals_chosen")
        if not side.units.total:
            raise RulesError(
                f"{path}.units",
                "a side with no units does not fight (5.6: a lone leader with an enemy unit is eliminated)",
            )
        for j, leader in enumerate(side.leaders):
            if leader.command is None:
                raise RulesError(
                    f"{path}.leaders.{j}.command",
                    f"the leader card of {leader.name}: its Command is not in the rulebook; Control must enter it",
                )


def check_named_contingents(chosen: Sequence[ChosenLoss], owner_side: BattleSide, path: str) -> None:
    """A pick naming a contingent (L450) names one of the side whose units it takes."""
    owners = {c.owner for c in owner_side.contingents}
    for k, pick in enumerate(chosen):
        if pick.contingent and pick.contingent not in owners:
            raise RulesError(
                f"{path}.{k}.contingent",
                f"{owner_side.name} has no contingent {pick.contingent}"
                + (f": its contingents are {', '.join(sorted(owners))}" if owners else ""),
            )


# ---- Command (5.6) ------------------------------------------------------------------------------


def command_pool(case: "BattleInput | NavalInput", i: int, number: int, working: Working) -> int:
    """5.6: the Command of the side's leaders, re-rolls for this round; less any reduction by the
    enemy's leaders (the owner picks the leader: the pool is the same)."""
    side, enemy = case.sides[i], case.sides[1 - i]
    pool = 0
    for leader in side.leaders:
        if leader.resigned:
            working.note(f"{leader.name} has resigned his Command", LEADERS)
            continue
        assert leader.command is not None, "check_battle and check_fleets refuse a leader without his Command"
        pool += working.modifier(f"{side.name}: {leader.name}, Command {leader.command}", leader.command, LEADERS)
        if leader.dictator:
            pool += working.modifier(f"{side.name}: {leader.name} is Dictator", 1, "12.4 Dictator")
    return pool - _reduction(case, side, enemy, number, pool, working)


def _reduction(
    case: "BattleInput | NavalInput",
    side: "BattleSide | Fleet",
    enemy: "BattleSide | Fleet",
    number: int,
    pool: int,
    working: Working,
) -> int:
    cut = sum(leader.reduces_enemy_command for leader in enemy.leaders)
    if not cut or not pool:
        return 0
    if number > 1 and case.options.command_reduction is CommandReduction.FIRST_ROUND:
        working.note("Reading used: the reduction of Command applied in the first round only", LEADERS)
        return 0
    working.note(
        "Reading used: the reduction of Command applies again each round, as the tokens turn back"
        if case.options.command_reduction is CommandReduction.EACH_ROUND
        else "Reading used: the reduction of Command applies in the first round only",
        LEADERS,
    )
    return -working.modifier(f"{side.name}: Command reduced by {enemy.name}'s leaders", -min(cut, pool), LEADERS)


def rerolls_allowed(side: BattleSide, number: int, phase: Phase, pool: int) -> int:
    if not side.command_plan:
        return pool
    planned = sum(use.rerolls for use in side.command_plan if use.round == number and use.phase is phase)
    return min(planned, pool)


# ---- who attacks in each attack (5.3, 1.2.6) ----------------------------------------------------


def phase_kinds(phase: Phase, options: BattleOptions) -> tuple[UnitType, ...]:
    gallic_late = options.gallic_cavalry is GallicCavalryReading.WITH_GALLIC_INFANTRY
    return {
        Phase.LIGHT: (LI,),
        Phase.MOUNTED: (CAV, EL) if gallic_late else (CAV, GC, EL),
        Phase.HEAVY: (HI, GI, GC) if gallic_late else (HI, GI),
        Phase.PURSUIT: CAVALRY,
    }[phase]


GALLIC_CAVALRY_WORDS = {
    GallicCavalryReading.CAVALRY: "Gallic cavalry fights with the cavalry and fears elephants",
    GallicCavalryReading.CAVALRY_NOT_FEARED: "Gallic cavalry fights with the cavalry and does not fear elephants",
    GallicCavalryReading.WITH_GALLIC_INFANTRY: "Gallic cavalry fights with the Gallic infantry, unafraid",
}


def note_elephant_readings(options: BattleOptions, working: Working) -> None:
    """1.2.6 leaves open whom the elephants frighten: say, once a battle, which reading it is fought by."""
    working.note(f"Reading used: {GALLIC_CAVALRY_WORDS[options.gallic_cavalry]}", ELEPHANTS)
    working.note(
        "Reading used: "
        + (
            "a side's own elephants frighten its cavalry too"
            if options.own_elephants_frighten
            else "only the enemy's elephants frighten a side's cavalry"
        ),
        ELEPHANTS,
    )


def set_aside(
    units: Sequence[Units], i: int, options: BattleOptions, working: Working, name: str
) -> tuple[int, tuple[UnitType, ...]]:
    """1.2.6 Fear of horses: "cavalry units in a number equal to the number of elephant units do not
    take part in the fighting (they are set aside). They may take part in absorbing losses.\""""
    feared = (CAV,) if options.gallic_cavalry is not GallicCavalryReading.CAVALRY else (CAV, GC)
    elephants = units[1 - i].count(EL) + (units[i].count(EL) if options.own_elephants_frighten else 0)
    aside = min(elephants, units[i].of(*feared))
    if aside:
        working.step(
            f"{name}: {aside} cavalry set aside for fear of {elephants} elephant(s) (they may still be lost)",
            ELEPHANTS,
            aside,
        )
    return aside, feared


def phase_firers(case: BattleInput, units: Sequence[Units], i: int, phase: Phase, working: Working) -> list[Firer]:
    name = case.sides[i].name
    shooters: list[Firer] = []
    aside = 0
    feared: tuple[UnitType, ...] = ()
    if phase is Phase.MOUNTED:
        aside, feared = set_aside(units, i, case.options, working, name)
    for kind in phase_kinds(phase, case.options):
        count = units[i].count(kind)
        if kind in feared:
            held = min(aside, count)
            count, aside = count - held, aside - held
        shooters += firers(kind, count, name)
    return shooters


# ---- one attack, one round ---------------------------------------------------------------------


def chosen_for(chosen: Sequence[ChosenLoss], number: int, phase: Phase | None) -> list[ChosenLoss]:
    """The picks made for this attack; none for an attack from a card (phase None)."""
    return [c for c in chosen if c.phase is phase and (phase is Phase.PURSUIT or c.round == number)]


def without(units: Units, lost: Units) -> Units:
    for kind, count in lost.items():
        units = units.minus(kind, count)
    return units


def lose(
    case: BattleInput,
    fight: Fight,
    i: int,
    volley: Volley,
    working: Working,
    number: int = 0,
    phase: Phase | None = None,
) -> tuple[Units, Units]:
    """Side i takes a volley's hits: by the general rules (5.5), or contingent by contingent when allied
    armies fight together (L450). Returns (units left, units lost)."""
    side, roller = case.sides[i], case.sides[1 - i]
    own, theirs = chosen_for(side.losses_chosen, number, phase), chosen_for(roller.criticals_chosen, number, phase)
    parts = fight.parts[i]
    if parts is None:
        return take_losses(
            fight.units[i],
            volley,
            working,
            owner=side.name,
            roller=roller.name,
            owner_chosen=tuple(k for c in own for k in c.kinds),
            owner_order=side.loss_order,
            roller_chosen=tuple(k for c in theirs for k in c.kinds),
            roller_order=roller.critical_order,
        )
    fight.parts[i], lost = contingent_losses(
        parts,
        side.contingents,
        volley,
        working,
        owner=side.name,
        roller=roller.name,
        owner_picks=tuple((c.contingent, k) for c in own for k in c.kinds),
        roller_order=roller.critical_order,
        roller_picks=tuple((c.contingent, k) for c in theirs for k in c.kinds),
        reading=case.options.allied_losses,
    )
    fight.parts_lost[i] = [before.plus(now) for before, now in zip(fight.parts_lost[i], lost)]
    total = Units()
    for part in lost:
        total = total.plus(part)
    return without(fight.units[i], total), total


def phase_volleys(
    case: BattleInput,
    fight: Fight,
    number: int,
    phase: Phase,
    pools: list[int],
    negations: list[int],
    dice: Dice,
    working: Working,
) -> list[Volley]:
    volleys = []
    for i, side in enumerate(case.sides):
        shooters = phase_firers(case, fight.units, i, phase, working)
        volley = roll_volley(
            shooters,
            dice,
            working,
            who=side.name,
            rerolls=rerolls_allowed(side, number, phase, pools[i]),
            rule=PHASES_RULE,
        )
        pools[i] -= volley.rerolls_used
        rolled_needs = [s.needs for s in shooters if s.needs != "automatic"]
        volley, negations[1 - i] = negate(volley, rolled_needs, negations[1 - i], side.name, working)
        volleys.append(volley)
    return volleys


def remove_losses(
    case: BattleInput, fight: Fight, volleys: Sequence[Volley], number: int, phase: Phase, working: Working
) -> list[Units]:
    """5.5: "eliminated units are removed from the board only after both sides have finished their rolls"."""
    results = [lose(case, fight, 1 - i, volleys[i], working, number, phase) for i in range(2)]
    lost = [Units(), Units()]
    for i in range(2):
        fight.units[1 - i], lost[1 - i] = results[i]
    return lost


def fight_attack(
    case: BattleInput,
    fight: Fight,
    number: int,
    phase: Phase,
    pools: list[int],
    negations: list[int],
    dice: Dice,
    working: Working,
) -> dict[str, Any]:
    working.step(f"Round {number}: attack of {phase.label}", PHASES_RULE)
    volleys = phase_volleys(case, fight, number, phase, pools, negations, dice, working)
    lost = remove_losses(case, fight, volleys, number, phase, working)
    for i in range(2):
        fight.lost[i] = fight.lost[i].plus(lost[i])
    return {
        "phase": phase.value,
        **{role.value: {**v.as_dict(), "lost": lo.as_dict()} for role, v, lo in zip(ROLES, volleys, lost)},
    }


def fight_round(case: BattleInput, fight: Fight, number: int, dice: Dice, working: Working) -> None:
    """5.3: one round, three attacks; leader tokens turned back first (5.6)."""
    pools = [command_pool(case, i, number, working) for i in range(2)]
    negations = [sum(n.hits for n in side.negations if n.round == number) for side in case.sides]
    attacks = []
    for phase in ROUND_PHASES:
        attacks.append(fight_attack(case, fight, number, phase, pools, negations, dice, working))
        if fight.gone(0) or fight.gone(1):
            break
    fight.rounds.append(
        {"round": number, "attacks": attacks, "after": {role.value: u.as_dict() for role, u in zip(ROLES, fight.units)}}
    )


def withdrawal(case: BattleInput, number: int, working: Working) -> int | None:
    """5.3: "The decision to withdraw is made first by the defender." Returns the index withdrawing."""
    for i in (1, 0):
        side = case.sides[i]
        if side.withdraw_after_round is not None and number >= side.withdraw_after_round:
            working.choice(f"{side.name} withdraws", PHASES_RULE, ROLES[i].value)
            return i
        working.choice(f"{side.name} fights on", PHASES_RULE, "continue")
    return None


# ---- the end: retreat, pursuit, leaders, VP ----------------------------------------------------


def pursue(case: BattleInput, fight: Fight, winner: int, dice: Dice, working: Working) -> None:
    """5.9: the winner pursues with all its cavalry, and the units its leaders' abilities and effects join
    (L505, L509): a normal to-hit roll each, no Command."""
    side = case.sides[winner]
    shooters = pursuers(side, fight.units[winner], ROLES[winner].value, working)
    if not shooters:
        working.note(f"{side.name} has no cavalry: no pursuit", PURSUIT_RULE)
        return
    working.step(f"{side.name} pursues with {len(shooters)} unit(s); no Command in a pursuit", PURSUIT_RULE)
    working.note("Fear of horses is not applied in the pursuit (1.2.6 speaks of combat rounds)", ELEPHANTS)
    volley = roll_volley(shooters, dice, working, who=side.name, rerolls=0, rule=PURSUIT_RULE)
    left, lost = lose(case, fight, 1 - winner, volley, working, 0, Phase.PURSUIT)
    fight.units[1 - winner] = left
    fight.pursuit_lost[1 - winner] = lost
    fight.lost[1 - winner] = fight.lost[1 - winner].plus(lost)


def retreat(case: BattleInput, fight: Fight, i: int, dice: Dice, working: Working) -> str:
    """5.4 and 5.9: a side that withdraws is pursued, or eliminated if it has nowhere to go."""
    side = case.sides[i]
    if not side.can_retreat:
        working.step(
            f"{side.name} has nowhere to withdraw: it is eliminated (VP are awarded normally)",
            RETREAT,
            fight.units[i].total,
        )
        fight.lost[i], fight.units[i] = fight.lost[i].plus(fight.units[i]), Units()
        parts = fight.parts[i]
        if parts is not None:
            fight.parts_lost[i] = [lost.plus(part) for lost, part in zip(fight.parts_lost[i], parts)]
            fight.parts[i] = [Units() for _ in parts]
        return "no_retreat"
    pursue(case, fight, 1 - i, dice, working)
    if fight.gone(i):
        return "eliminated_in_pursuit"
    working.note(
        f"{side.name} retreats: "
        + (
            "to the field it attacked from, or an unbesieged city in the region"
            if i == 0
            else "to a field not held by the enemy (not the one the attacker came from), or a city in the region"
        )
        + "; a retreat is not an activation",
        RETREAT,
    )
    return "withdrew"


def leaders_killed(case: BattleInput, fight: Fight, working: Working) -> tuple[list[dict[str, Any]], list[int]]:
    """5.6: "Leaders are eliminated at the moment when all units in the army are eliminated"; their VP
    go to the enemy at once (5.11)."""
    killed: list[dict[str, Any]] = []
    vp = [0, 0]
    for i, (role, side) in enumerate(zip(ROLES, case.sides)):
        if not fight.gone(i):
            continue
        for j, leader in enumerate(side.leaders):
            if leader.victory_points is None:
                raise RulesError(
                    f"{role.value}.leaders.{j}.victory_points",
                    f"the leader card of {leader.name}: his VP are not in the rulebook; Control must enter them",
                )
            value = leader.victory_points + (2 if leader.dictator else 0)
            working.step(
                f"{leader.name} is eliminated with his army: +{value} VP to {case.sides[1 - i].name}",
                "5.11 Victory Points",
                value,
            )
            killed.append({"side": role.value, "name": leader.name, "vp": value})
            vp[1 - i] += value
    return killed, vp


def decide_winner(case: BattleInput, fight: Fight, working: Working) -> tuple[int | None, str | None]:
    if fight.gone(0) and fight.gone(1):
        if case.options.mutual_annihilation is MutualAnnihilation.DEFENDER_WINS:
            working.note("Both armies are wiped out. Reading used: the defender holds the field and wins", GENERAL)
            return 1, "mutual_annihilation"
        working.note(
            "Both armies are wiped out together. Reading used: no winner and no battle VP (leaders' VP still count)",
            GENERAL,
        )
        return None, "mutual_annihilation"
    if fight.gone(0) or fight.gone(1):
        return (1 if fight.gone(0) else 0), "eliminated"
    return None, None


def all_cavalry_retreat(case: BattleInput, fight: Fight, dice: Dice, working: Working) -> tuple[int, str] | None:
    """5.1: "If an army consists exclusively of cavalry, it ... may begin a retreat at once and no battle
    takes place. However, the victorious side may conduct a pursuit with its cavalry"."""
    for i in (1, 0):
        side = case.sides[i]
        if side.all_cavalry_retreats:
            if side.units.of(*CAVALRY) != side.units.total:
                raise RulesError(
                    f"{ROLES[i].value}.all_cavalry_retreats",
                    "only an army of cavalry alone may retreat without a battle (5.1)",
                )
            working.step(f"{side.name}, all cavalry, retreats at once: no battle", GENERAL)
            return 1 - i, retreat(case, fight, i, dice, working)
    return None


def pre_battle(case: BattleInput, fight: Fight, dice: Dice, working: Working) -> None:
    """5.2 and Example 8: attacks from effects that took effect; losses removed before round 1."""
    for k, attack in enumerate(case.card_attacks):
        i = ROLES.index(attack.by)
        volley = card_volley(attack, case.sides[i].name, dice, working, path=f"card_attacks.{k}")
        fight.units[1 - i], lost = lose(case, fight, 1 - i, volley, working)
        fight.lost[1 - i] = fight.lost[1 - i].plus(lost)
    if case.card_attacks:
        working.note(
            "Units lost to pre-battle attacks count as eliminated in the battle (5.11 'during the battle')",
            "5.11 Victory Points",
        )


def fight_battle(case: BattleInput, fight: Fight, dice: Dice, working: Working) -> tuple[int | None, str]:
    """Rounds until one side is eliminated or withdraws. Returns (winner index or None, how it ended)."""
    early = all_cavalry_retreat(case, fight, dice, working)
    if early:
        return early[0], "all_cavalry_retreat"
    pre_battle(case, fight, dice, working)
    for number in range(1, case.max_rounds + 1):
        winner, end = decide_winner(case, fight, working)
        if end:
            return winner, end
        fight_round(case, fight, number, dice, working)
        winner, end = decide_winner(case, fight, working)
        if end:
            return winner, end
        quitter = withdrawal(case, number, working)
        if quitter is not None:
            return 1 - quitter, retreat(case, fight, quitter, dice, working)
    working.note(f"No decision after {case.max_rounds} rounds: the players must declare a withdrawal", PHASES_RULE)
    return None, "undecided"


def battle_outcome(case: BattleInput, fight: Fight, winner: int | None, end: str, working: Working) -> dict[str, Any]:
    killed, leader_vp = leaders_killed(case, fight, working)
    vp = 0
    if winner is not None:
        vp = battle_vp(fight.lost[1 - winner].total, working, case.sides[winner].name)
        if case.sides[winner].leaders:
            working.note("The winner's leaders' abilities for a won battle apply (Hannibal: draw a card)", "1.3.3")
    return {
        "winner": None if winner is None else ROLES[winner].value,
        "end": end,
        "rounds": len(fight.rounds),
        "battle_vp": vp,
        "leaders_killed": killed,
        "leader_vp": {role.value: v for role, v in zip(ROLES, leader_vp)},
        **{
            role.value: {
                "left": fight.units[i].as_dict(),
                "lost": fight.lost[i].as_dict(),
                "lost_total": fight.lost[i].total,
                "lost_in_pursuit": fight.pursuit_lost[i].as_dict(),
            }
            for i, role in enumerate(ROLES)
        },
        "round_log": fight.rounds,
        "contingents": {role.value: contingents_outcome(case.sides[i], fight, i) for i, role in enumerate(ROLES)},
    }


def contingents_outcome(side: BattleSide, fight: Fight, i: int) -> list[dict[str, Any]]:
    """L450: "losses must be accounted for separately": each contingent's units left and lost."""
    parts = fight.parts[i]
    if parts is None:
        return []
    return [
        {"owner": c.owner, "left": left.as_dict(), "lost": lost.as_dict(), "lost_total": lost.total}
        for c, left, lost in zip(side.contingents, parts, fight.parts_lost[i])
    ]


@procedure(
    RULESET,
    "battle",
    title="Land battle",
    source="V. Battles (5.1-5.9, 5.11)",
    takes=BattleInput,
    dice="d10 per unit per attack, attacker first; re-rolls after each side's dice; then pursuit",
)
def battle_procedure(case: BattleInput, dice: Dice) -> Result:
    """V. Battles: a land battle fought to its end, with pursuit, leaders' deaths and battle VP."""
    working = Working()
    check_battle(case)
    working.step(
        f"{case.attacker.name} attacks ({case.attacker.units.describe()}); {case.defender.name} "
        f"defends ({case.defender.units.describe()})",
        GENERAL,
    )
    note_elephant_readings(case.options, working)
    fight = Fight([case.attacker.units, case.defender.units], [Units(), Units()])
    open_contingents(case, fight, working)
    winner, end = fight_battle(case, fight, dice, working)
    return Result.of(f"{RULESET}.battle", battle_outcome(case, fight, winner, end, working), working, dice)


def open_contingents(case: BattleInput, fight: Fight, working: Working) -> None:
    """5.5 (L450): a side of allied armies keeps each one's units and losses apart."""
    for i, side in enumerate(case.sides):
        if side.contingents:
            fight.parts[i] = [c.units for c in side.contingents]
            fight.parts_lost[i] = [Units() for _ in side.contingents]
            working.step(
                f"{side.name} fights as allied contingents, their losses counted apart: "
                + "; ".join(f"{c.owner} {c.units.describe()}" for c in side.contingents),
                ALLIED,
            )
            working.note(
                "Reading used: "
                + (
                    "the hits that are not 10s are shared in proportion to the contingents"
                    if case.options.allied_losses is AlliedLosses.PROPORTIONAL
                    else "the allies choose whose units take the hits that are not 10s (in turn when they do not say)"
                ),
                ALLIED,
            )
