"""6.1 Assault on a City (P12) and 6.2 Siege (P13): the siege track, a month's assault, the
"Resolving sieges" phase and early surrender.

The siege track's flags (early surrender on 1d10) are printed on the board; the rulebook shows one
field only (field 3, flag 9+). The rest come in the case as `flags`; each procedure is one step
(one assault, one declaration, one stage) and the desk carries the siege from stage to stage.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .cities import NOT_FIGHTING, CityCard, card_cell, check_level, check_room
from .kernel import Firer, Volley, firers, pick_order, roll_volley, take_losses
from .units import DIE, INFANTRY, NO_UNITS, RULESET, Units, UnitType, label

ASSAULT = "6.1 Assault on a City"
SIEGE = "6.2 Siege"
ASSAULT_NEEDS = 10  # 6.1 (L559): "The attacker makes an infantry attack, hitting only on 10."
ASSAULT_MP = 1  # 6.1 (L553): "if he spends 1 movement point on it"
SIEGE_MP = 1  # 6.2 (L571)
# 6.2, the illustration of a siege-track field (L585): "Current defence level" 3, "Chance of earlier
# surrender" 9+. The only flag the rulebook gives; Control enters the track's others.
ORDER_HELP = (
    "The {} picks units in this order of types: his own losses, and the enemy's where he chooses "
    "(empty: cheapest first)"
)
SIEGE_TRACK_FLAGS_GIVEN: dict[int, dict[str, Any]] = {
    3: {"flag": 9, "source": "6.2 Siege, illustration of a siege-track field (L585)"}
}


class SiegeThreshold(Choice):
    """6.2 gives two wordings of what the besiegers must outnumber."""

    LEVEL_AND_DEFENDERS = "level_and_defenders"  # default: L573, L593 and Example 12
    CURRENT_LEVEL = "current_level"  # L591: "equal to or lower than the current defence level"


THRESHOLD_HELP = (
    "6.2 (L573, L591, L593): what the besiegers must outnumber — the defence level plus the additional "
    "infantry defenders, as Example 12 (default), or the current defence level only (L591)"
)


@dataclass(frozen=True)
class TrackFlag:
    field: int = spec("A siege-track field that bears a flag", min=1, max=20)
    needs: int = spec("The number on its flag: the city surrenders on this or more on 1d10", min=1, max=10)


def only_infantry(units: Units, path: str, rule: str, who: str) -> None:
    others = units.total - units.of(*INFANTRY)
    if others:
        raise RulesError(path, f"only infantry units of all kinds {who} ({rule}); {others} other units named")


def siege_holds(besiegers: Units, level: int, defenders: Units, threshold: SiegeThreshold, working: Working) -> bool:
    """6.2 (L573): "the besieging army must be at all times more numerous than the defence of the city
    (the defence level plus the additional defenders)". Infantry only on both sides."""
    if threshold is SiegeThreshold.CURRENT_LEVEL:
        working.note("Reading: the besiegers must outnumber the current defence level only (6.2 L591)", SIEGE)
        defence = level
    else:
        working.note(
            "Reading: the besiegers must outnumber the level plus the infantry defenders (6.2 L573, L593, Example 12)",
            SIEGE,
        )
        defence = level + defenders.of(*INFANTRY)
    holds = besiegers.of(*INFANTRY) > defence
    working.step(
        f"{besiegers.of(*INFANTRY)} besieging infantry {'>' if holds else '≤'} defence {defence}: "
        f"the siege {'holds' if holds else 'is broken'}",
        SIEGE,
        holds,
    )
    return holds


def surrender_flag(level: int, flags: Sequence[TrackFlag] | None, working: Working) -> int | None:
    """The flag on the city's field, or None; with no flags entered, only field 3's is known."""
    if flags is None:
        if level not in SIEGE_TRACK_FLAGS_GIVEN:
            raise RulesError(
                "flags",
                f"field {level} of the siege track: whether it bears a flag, and its "
                "number, is not in the rulebook (only field 3, 9+, L585); Control must enter the "
                "track's flags",
            )
        given: int = SIEGE_TRACK_FLAGS_GIVEN[level]["flag"]
        working.step(
            f"Siege-track field {level}: flag {given}+, from the rulebook",
            SIEGE_TRACK_FLAGS_GIVEN[level]["source"],
            given,
        )
        return given
    needs = next((flag.needs for flag in flags if flag.field == level), None)
    working.step(f"Siege-track field {level}: " + (f"flag {needs}+" if needs else "no flag"), SIEGE, needs)
    return needs


def lose_one(
    units: Units, kinds: Collection[UnitType], order: Sequence[UnitType], who: str, rule: str, working: Working
) -> tuple[Units, UnitType | None]:
    """One unit of `kinds` lost, the owner's choice by `order`; returns (units, kind or None)."""
    kind = next((k for k in pick_order(order) if k in kinds and units.count(k)), None)
    if kind is not None:
        working.choice(f"{who} loses 1 {label(kind)}", rule, kind.value)
        units = units.minus(kind)
    return units, kind


# ---- hannibal_barkas.assault (P12) -------------------------------------------------------------


class AssaultLength(Choice):
    """6.1 (L565) "The assault lasts until the city is captured ... or the attacker gives up", yet
    Example 11 makes one roll for one movement point."""

    UNTIL_GIVES_UP = "until_gives_up"  # default: volleys until capture or the attacker gives up
    ONE_VOLLEY = "one_volley"  # one volley for each movement point spent


class AssaultVictims(Choice):
    """Who picks the defender removed by the attacker's 10s: 6.1 (L559) or 5.5 (L448)."""

    DEFENDER_PICKS = "defender_picks"  # default: 6.1 "the defender removes a token"
    ATTACKER_PICKS = "attacker_picks"  # 5.5: every assault hit is a 10, so critical


@dataclass(frozen=True)
class AssaultOptions:
    """The readings an assault needs where 6.1 and 6.2 leave the text open."""

    length: AssaultLength = spec(
        "6.1 (L565) and Example 11: how long one assault lasts — volleys until the city falls or the attacker "
        "gives up (default), or one volley for each movement point spent",
        default=AssaultLength.UNTIL_GIVES_UP,
    )
    victims: AssaultVictims = spec(
        "6.1 L559: who picks the defenders the attacker's 10s remove — the defender (6.1, default) or the "
        "attacker (5.5's critical)",
        default=AssaultVictims.DEFENDER_PICKS,
    )
    threshold: SiegeThreshold = spec(THRESHOLD_HELP, default=SiegeThreshold.LEVEL_AND_DEFENDERS)


@dataclass(frozen=True)
class AssaultInput:
    city: CityCard = spec("The city card")
    assaulting: Units = spec("The infantry the attacker designates for the assault")
    level: int | None = spec(
        "Its siege-track field now, if already on the track (empty: the card's level)", min=1, max=20, default=None
    )
    defenders: Units = spec(
        "Additional units in the city (cavalry and elephants take room, do not fight)", default=NO_UNITS
    )
    other_infantry: int = spec(
        "The army's other infantry in the region, not assaulting (for the siege after)", min=0, max=200, default=0
    )
    movement_points_left: int = spec("Movement points the assaulting infantry have left", min=0, max=2, default=2)
    volleys: int = spec("Volleys the attacker fights before he gives up", min=1, max=30, default=1)
    attacker_order: tuple[UnitType, ...] = spec(ORDER_HELP.format("attacker"), max_items=7, default=())
    defender_order: tuple[UnitType, ...] = spec(ORDER_HELP.format("defender"), max_items=7, default=())
    options: AssaultOptions = spec("Readings of points the rulebook leaves open", default=AssaultOptions())


@dataclass(frozen=True)
class Walls:
    """The city during an assault: its field, the additional units inside, and the assaulters."""

    level: int
    defenders: Units
    attackers: Units
    attackers_lost: Units = NO_UNITS
    defenders_lost: Units = NO_UNITS


def check_assault(case: AssaultInput, working: Working) -> int:
    only_infantry(case.assaulting, "assaulting", ASSAULT, "can assault a city")
    if not case.assaulting.total:
        raise RulesError("assaulting", "name at least one infantry unit to assault")
    if case.movement_points_left < ASSAULT_MP:
        raise RulesError(
            "movement_points_left",
            f"an assault costs {ASSAULT_MP} movement point and the infantry have none left this stage ({ASSAULT})",
        )
    if case.options.length is AssaultLength.ONE_VOLLEY and case.volleys > 1:
        raise RulesError(
            "volleys",
            "under the one-volley reading each assault is one volley: spend another movement point for another",
        )
    defence = card_cell(case.city, "defence", working)
    check_room(case.city.name, defence, case.defenders, working)
    return check_level(case.level, defence)


def attackers_fire(walls: Walls, dice: Dice, working: Working, n: int) -> Volley:
    shooters = [
        Firer(f"assaulting {label(kind)} {i + 1}", ASSAULT_NEEDS)
        for kind, count in walls.attackers.items()
        for i in range(count)
    ]
    return roll_volley(shooters, dice, working, who=f"Volley {n}, the attacker", rule=ASSAULT)


def defenders_fire(walls: Walls, dice: Dice, working: Working, n: int) -> Volley:
    """6.1 (L559): "The defence of the city inflicts losses automatically (not critical ones). The
    additional defenders already roll normally." Cavalry and elephants do not fight (L597)."""
    working.step(
        f"Volley {n}: the city's level {walls.level} inflicts {walls.level} automatic hits, not critical",
        ASSAULT,
        walls.level,
    )
    shooters = [s for kind in INFANTRY for s in firers(kind, walls.defenders.count(kind), "Defending", working)]
    volley = roll_volley(shooters, dice, working, who=f"Volley {n}, the additional defenders", rule=ASSAULT)
    return replace(volley, hits=volley.hits + walls.level, automatic=volley.automatic + walls.level)


def hit_the_walls(walls: Walls, hits: int, case: AssaultInput, working: Working) -> Walls:
    """6.1 (L559): each hit removes an additional defender; with none left, the level drops by 1."""
    on_defenders = min(hits, walls.defenders.of(*INFANTRY))
    attacker_picks = case.options.victims is AssaultVictims.ATTACKER_PICKS
    working.note(
        "Reading: the "
        + (
            "attacker picks (5.5: a 10 is critical)"
            if attacker_picks
            else "defender picks (6.1: 'the defender removes a token')"
        )
        + " the defenders his 10s remove",
        ASSAULT,
    )
    volley = Volley(on_defenders, on_defenders if attacker_picks else 0, 0, (), 0)
    left, lost = take_losses(
        walls.defenders,
        volley,
        working,
        owner="the defender",
        roller="the attacker",
        owner_order=case.defender_order,
        roller_order=case.attacker_order,
        rule=ASSAULT,
        exclude=NOT_FIGHTING,
    )
    on_level = min(hits - on_defenders, walls.level)
    if on_level:
        working.modifier(f"No additional defenders left: the level drops by {on_level}", -on_level, ASSAULT)
    if hits - on_defenders > on_level:
        working.note(f"{hits - on_defenders - on_level} hits are beyond the walls' level: wasted", ASSAULT)
    return replace(walls, level=walls.level - on_level, defenders=left, defenders_lost=walls.defenders_lost.plus(lost))


def hit_the_attackers(walls: Walls, volley: Volley, case: AssaultInput, working: Working) -> Walls:
    left, lost = take_losses(
        walls.attackers,
        volley,
        working,
        owner="the attacker",
        roller="the defender",
        owner_order=case.attacker_order,
        roller_order=case.defender_order,
        rule=ASSAULT,
    )
    return replace(walls, attackers=left, attackers_lost=walls.attackers_lost.plus(lost))


def assault_volley(walls: Walls, case: AssaultInput, dice: Dice, working: Working, n: int) -> Walls:
    """One exchange: both sides fire, then both remove their losses (5.5 L431, as in Example 11)."""
    attack = attackers_fire(walls, dice, working, n)
    defence = defenders_fire(walls, dice, working, n)
    walls = hit_the_walls(walls, attack.hits, case, working)
    walls = hit_the_attackers(walls, defence, case, working)
    working.step(
        f"After volley {n}: the city on field {walls.level} with {walls.defenders.of(*INFANTRY)} "
        f"additional infantry; {walls.attackers.total} assaulting infantry left",
        ASSAULT,
        walls.level,
    )
    return walls


def fight_assault(walls: Walls, case: AssaultInput, dice: Dice, working: Working) -> Walls:
    working.note("No Command, no leaders' abilities, no effects unless a card says so (6.1 L561-563)", ASSAULT)
    if case.options.length is AssaultLength.UNTIL_GIVES_UP:
        working.note(
            f"Reading: one assault is volleys until the city falls or the attacker gives up (6.1 L565); "
            f"the attacker fights at most {case.volleys}",
            ASSAULT,
        )
    else:
        working.note("Reading: one assault is one volley for its movement point (Example 11)", ASSAULT)
    for n in range(1, case.volleys + 1):
        walls = assault_volley(walls, case, dice, working, n)
        if walls.level == 0 or not walls.attackers.total:
            break
    return walls


def after_assault(walls: Walls, case: AssaultInput, working: Working) -> str:
    """6.1 (L565) and Example 11: not taken, the card stays on its field and the attacker besieges,
    if his army is big enough; else "there is no siege, and the city card returns to its owner"."""
    if walls.level == 0:
        working.step(
            f"The level is 0: the city is captured; resolve it with {RULESET}.city_capture", ASSAULT, "captured"
        )
        return "captured"
    besiegers = walls.attackers.plus(Units(heavy_infantry=case.other_infantry))
    if siege_holds(besiegers, walls.level, walls.defenders, case.options.threshold, working):
        working.step(
            f"The attacker passes into besieging {case.city.name} on field {walls.level}", ASSAULT, "besieging"
        )
        return "besieging"
    working.step("The army is too small to besiege: no siege, the card returns to its owner", ASSAULT, "no_siege")
    return "no_siege"


@procedure(
    RULESET,
    "assault",
    title="Assault on a city",
    source=ASSAULT,
    takes=AssaultInput,
    dice="d10 per assaulting infantry (hits on 10), then d10 per infantry defender, each volley",
)
def assault(case: AssaultInput, dice: Dice) -> Result:
    """6.1 Assault on a City: "The attacker makes an infantry attack, hitting only on 10. If he gains a hit,
    the defender removes a token of additional defender units. If there are no additional defenders, the
    defence level of the city is reduced by 1"; the city hits back automatically by its level."""
    working = Working()
    level = check_assault(case, working)
    working.step(f"{case.city.name} goes on the siege track at field {level}", ASSAULT, level)
    walls = fight_assault(Walls(level, case.defenders, case.assaulting), case, dice, working)
    result = after_assault(walls, case, working)
    outcome = {
        "result": result,
        "level": walls.level,
        "defenders": walls.defenders.as_dict(),
        "attackers_left": walls.attackers.as_dict(),
        "attackers_lost": walls.attackers_lost.total,
        "defenders_lost": walls.defenders_lost.total,
        "levels_lost": level - walls.level,
        "movement_points_left": case.movement_points_left - ASSAULT_MP,
    }
    return Result.of(f"{RULESET}.assault", outcome, working, dice)


# ---- hannibal_barkas.siege_declare (P13) -------------------------------------------------------


@dataclass(frozen=True)
class DeclareOptions:
    """The reading a siege's declaration needs where 6.2 leaves the text open."""

    threshold: SiegeThreshold = spec(THRESHOLD_HELP, default=SiegeThreshold.LEVEL_AND_DEFENDERS)


@dataclass(frozen=True)
class DeclareInput:
    city: CityCard = spec("The city card")
    besiegers: Units = spec("The infantry left to conduct the siege")
    defenders: Units = spec("Additional units in the city", default=NO_UNITS)
    movement_points_left: int = spec("Movement points the besieging infantry have left", min=0, max=2, default=1)
    options: DeclareOptions = spec("Readings of points the rulebook leaves open", default=DeclareOptions())


@procedure(RULESET, "siege_declare", title="Declare a siege", source=SIEGE, takes=DeclareInput)
def siege_declare(case: DeclareInput, dice: Dice) -> Result:
    """6.2 (L571-577): "A player ending his move in a field with a city may declare that he is besieging
    that city, if he spends 1 movement point on it." Only infantry besiege, and they must outnumber the
    defence; the card goes on the siege track at its defence level."""
    working = Working()
    only_infantry(case.besiegers, "besiegers", SIEGE, "may besiege")
    if case.movement_points_left < SIEGE_MP:
        raise RulesError("movement_points_left", f"declaring a siege costs {SIEGE_MP} movement point ({SIEGE})")
    defence = card_cell(case.city, "defence", working)
    check_room(case.city.name, defence, case.defenders, working)
    if not siege_holds(case.besiegers, defence, case.defenders, case.options.threshold, working):
        raise RulesError(
            "besiegers",
            f"{case.besiegers.total} infantry are too few to besiege {case.city.name}: "
            f"they must be more numerous than its defence ({SIEGE}, L573)",
        )
    working.step(
        f"{case.city.name} goes on the siege track at field {defence}; a 'besieged' marker on the map", SIEGE, defence
    )
    outcome = {
        "level": defence,
        "defenders": case.defenders.as_dict(),
        "besiegers": case.besiegers.total,
        "movement_points_left": case.movement_points_left - SIEGE_MP,
    }
    return Result.of(f"{RULESET}.siege_declare", outcome, working, dice)


# ---- hannibal_barkas.siege_stage (P13) ---------------------------------------------------------


class FirstAttrition(Choice):
    """6.2 does not say whether a siege declared this stage already suffers its losses."""

    DECLARING_STAGE = "declaring_stage"  # default: Example 12's five stages count from the declaration
    NEXT_STAGE = "next_stage"


@dataclass(frozen=True)
class SiegeStageOptions:
    """The readings a siege stage needs where 6.2 leaves the text open."""

    first_attrition: FirstAttrition = spec(
        "6.2: when a new siege suffers its first losses — at the end of the stage it is declared, as Example 12's "
        "five stages count (default), or at the end of the next stage",
        default=FirstAttrition.DECLARING_STAGE,
    )
    threshold: SiegeThreshold = spec(THRESHOLD_HELP, default=SiegeThreshold.LEVEL_AND_DEFENDERS)


@dataclass(frozen=True)
class SiegeStageInput:
    city: CityCard = spec("The city card")
    besiegers: Units = spec("The infantry conducting the siege")
    level: int | None = spec("Its siege-track field now (empty: the card's level)", min=1, max=20, default=None)
    defenders: Units = spec("Additional units in the city", default=NO_UNITS)
    flags: tuple[TrackFlag, ...] | None = spec(
        "The siege track's flags, every one (empty: not entered; only field 3's 9+ is known)",
        max_items=20,
        default=None,
    )
    declared_this_stage: bool = spec("The siege was declared this stage", default=False)
    defender_order: tuple[UnitType, ...] = spec(ORDER_HELP.format("defender"), max_items=7, default=())
    besieger_order: tuple[UnitType, ...] = spec(ORDER_HELP.format("besieger"), max_items=7, default=())
    options: SiegeStageOptions = spec("Readings of points the rulebook leaves open", default=SiegeStageOptions())


@dataclass(frozen=True)
class Siege:
    level: int
    defenders: Units
    besiegers: Units


def attrition(siege: Siege, case: SiegeStageInput, working: Working) -> Siege:
    """6.2 (L579-581, L597): one defending infantry or, with none, one level; one cavalry or elephant
    besides; and one besieging infantry."""
    defenders, kind = lose_one(siege.defenders, INFANTRY, case.defender_order, "The defender", SIEGE, working)
    level = siege.level
    if kind is None:
        level = siege.level - working.modifier("No infantry defenders: the card moves 1 field down", 1, SIEGE)
    defenders, _ = lose_one(
        defenders,
        NOT_FIGHTING,
        case.defender_order,
        "The defender, besides, (a cavalry or elephant unit)",
        SIEGE,
        working,
    )
    besiegers, _ = lose_one(siege.besiegers, INFANTRY, case.besieger_order, "The besieger", SIEGE, working)
    return Siege(level, defenders, besiegers)


def surrenders(siege: Siege, case: SiegeStageInput, dice: Dice, working: Working) -> bool:
    """6.2 (L583): "if the city card is on a field of the siege track marked with a flag, a 1d10 roll is
    made ... If a result equal to or higher than the digit placed on the flag is obtained, the city
    surrenders immediately"."""
    needs = surrender_flag(siege.level, case.flags, working)
    if needs is None:
        return False
    roll = working.roll(dice, DIE, f"early surrender of {case.city.name} ({needs}+)")
    working.step(f"Early surrender: {roll} {'≥' if roll >= needs else '<'} {needs}", SIEGE, roll >= needs)
    return roll >= needs


def resolve_stage(siege: Siege, case: SiegeStageInput, dice: Dice, working: Working) -> tuple[Siege, str]:
    if not siege_holds(siege.besiegers, siege.level, siege.defenders, case.options.threshold, working):
        return siege, "broken"
    siege = attrition(siege, case, working)
    if siege.level == 0:
        working.step(
            f"{case.city.name} is at level 0: captured; resolve it with {RULESET}.city_capture", SIEGE, "captured"
        )
        return siege, "captured"
    if not siege_holds(siege.besiegers, siege.level, siege.defenders, case.options.threshold, working):
        return siege, "broken"
    if surrenders(siege, case, dice, working):
        working.step("The city surrenders: its additional defenders are eliminated", SIEGE, "surrendered")
        return siege, "surrendered"
    return siege, "continuing"


def check_stage(case: SiegeStageInput, working: Working) -> int:
    only_infantry(case.besiegers, "besiegers", SIEGE, "may besiege")
    defence = card_cell(case.city, "defence", working)
    check_room(case.city.name, defence, case.defenders, working)
    return check_level(case.level, defence)


def stage_outcome(before: Siege, siege: Siege, result: str) -> dict[str, Any]:
    return {
        "result": result,
        "level_before": before.level,
        "level": siege.level,
        "defenders": siege.defenders.as_dict(),
        "besiegers": siege.besiegers.total,
        "defenders_lost": before.defenders.total - siege.defenders.total,
        "besiegers_lost": before.besiegers.total - siege.besiegers.total,
    }


@procedure(
    RULESET,
    "siege_stage",
    title="Resolve a siege (one stage)",
    source=SIEGE,
    takes=SiegeStageInput,
    dice="d10 for early surrender, if the city's field bears a flag",
)
def siege_stage(case: SiegeStageInput, dice: Dice) -> Result:
    """6.2 Siege, the "Resolving sieges" phase: "At the end of each stage the defence level of the city
    falls by 1 level, which results in the elimination of one unit from the defenders (if any are
    present), or ... in moving the city card 1 field on the siege track"; the besieger loses one
    infantry; then the early-surrender roll on a flagged field."""
    working = Working()
    before = Siege(check_stage(case, working), case.defenders, case.besiegers)
    if case.declared_this_stage and case.options.first_attrition is FirstAttrition.NEXT_STAGE:
        working.note("Reading: a siege declared this stage suffers its first losses next stage", SIEGE)
        return Result.of(f"{RULESET}.siege_stage", stage_outcome(before, before, "continuing"), working, dice)
    if case.declared_this_stage:
        working.note("Reading: a siege suffers its first losses in the stage it is declared (Example 12)", SIEGE)
    siege, result = resolve_stage(before, case, dice, working)
    if result == "broken":
        working.step("The siege is broken: the card leaves the track and returns to its owner", SIEGE, "broken")
    return Result.of(f"{RULESET}.siege_stage", stage_outcome(before, siege, result), working, dice)
