"""4.0 Roman Political and Command System: offices and Imperium (4.2), Theater and province assignments (4.3),
prorogue (4.4), elections (4.5), States of Emergency (4.57), the Command Efficiency Rating (4.9) and the
command hierarchy (4.8). The Senate, Censure and Triumphs are in senate.py."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import RULESET, BattleRating, Named

IMPERIUM_RULE = "4.21 Imperium"
ASSIGNMENT_RULE = "4.31 Theater and Province Assignments"
PROROGUE_RULE = "4.42 Prorogue of Imperium"
EMERGENCY_RULE = "4.57 Emergencies"
CER_RULE = "4.91 Command Efficiency Rating"
HIERARCHY_RULE = "4.81 Command Hierarchy"
PRAETOR_LIMIT = 6  # 4.54 "limited to six Praetors (in addition to the Praetor Urbanus)"
ME_WITHIN = 5  # 4.56 "whose ID# is within 5 of the Dictator's ID #"


class Office(Named):
    DICTATOR = "dictator"
    MAGISTER_EQUITUM = "magister_equitum"
    CONSUL = "consul"
    PROCONSUL = "proconsul"
    PRAETOR = "praetor"
    PRAETOR_URBANUS = "praetor_urbanus"
    ALLIED_LEADER = "allied_leader"


# 4.21: the allowable Imperium by office, in Legions (the Praetor Urbanus: the Rome Garrison, no Legion count).
IMPERIUM = KeyedTable(
    "Allowable Imperium (Legions)",
    IMPERIUM_RULE,
    {
        Office.DICTATOR.value: 4,
        Office.MAGISTER_EQUITUM.value: 2,
        Office.CONSUL.value: 2,
        Office.PROCONSUL.value: 2,
        Office.PRAETOR.value: 1,
        Office.PRAETOR_URBANUS.value: "Rome Garrison",
    },
)

# 4.81: the command hierarchy in order of precedence (0 highest).
PRECEDENCE = KeyedTable(
    "Roman command hierarchy (0 highest)",
    HIERARCHY_RULE,
    {
        Office.DICTATOR.value: 0,
        Office.MAGISTER_EQUITUM.value: 0,
        Office.CONSUL.value: 1,
        Office.PROCONSUL.value: 2,
        Office.PRAETOR.value: 3,
        Office.PRAETOR_URBANUS.value: 3,
        Office.ALLIED_LEADER.value: 4,
    },
)

# 4.91: Legions a leader commands efficiently, by Battle Rating.
COMMAND_EFFICIENCY = KeyedTable(
    "Command Efficiency Rating (Legions)",
    CER_RULE,
    {
        BattleRating.A.value: 6,
        BattleRating.B.value: 5,
        BattleRating.C.value: 4,
        BattleRating.D.value: 3,
        BattleRating.E.value: 2,
    },
)


# ---- thunderbolt.imperium -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImperiumInput:
    office: Office = spec("The magistrate's office")
    legions: int = spec("Legions in the Imperium to be assigned", min=0, max=12)


@procedure(
    RULESET,
    "imperium",
    title="Imperium: may this office hold these Legions?",
    source=IMPERIUM_RULE,
    takes=ImperiumInput,
)
def imperium(case: ImperiumInput, dice: Dice) -> Result:
    """4.21: Dictator 2 CAs (4 Legions), Magister Equitum, Consul and Proconsul 1 CA (2 Legions), Praetor 1
    Legion, Praetor Urbanus the Rome Garrison; Auxiliary and Allied SP may be added to any."""
    working = Working()
    if case.office is Office.ALLIED_LEADER:
        raise RulesError("office", "an Allied leader holds no Roman Imperium (4.21)")
    allowed: int | str = IMPERIUM.lookup(case.office.value, working)
    if isinstance(allowed, str):  # the Praetor Urbanus: the Rome Garrison, no Legion count
        fits = case.legions <= 1
        working.step(
            "The Praetor Urbanus holds the Rome Garrison and newly raised Legions training in Rome; he "
            "may operate with one such Legion instead of the garrison",
            "4.55 Praetor Urbanus",
        )
    else:
        fits = case.legions <= allowed
    working.step(
        f"{case.legions} Legion(s): {'within' if fits else 'beyond'} the {case.office.title}'s Imperium",
        IMPERIUM_RULE,
        fits,
    )
    return Result.of(f"{RULESET}.imperium", {"allowed": allowed, "fits": fits}, working, dice)


# ---- thunderbolt.theater_assignment -------------------------------------------------------------------------------


class ProconsulsPerProvince(Choice):
    ONE = "one"  # 4.31 "only one Proconsul can be assigned to a given Province in Roman Italy"
    TWO = "two"  # the 4.58 example puts Flaccus and Pulcher both in Campania: "no more than two"


@dataclass(frozen=True)
class AssignmentOptions:
    proconsuls_per_province: ProconsulsPerProvince = spec(
        "4.31 and the 4.58 example: Proconsuls one Roman Italy province may hold — one, as 4.31 says (default), "
        "or two, as the 4.58 example assigns Campania",
        default=ProconsulsPerProvince.ONE,
    )


@dataclass(frozen=True)
class Assignment:
    leader: str = spec("The magistrate")
    office: Office = spec("His office")
    area: str = spec("The Theater, or the province, assigned ('' for none)", default="")
    is_province_in_roman_italy: bool = spec("The area is a single province within Roman Italy", default=False)
    is_roman_italy: bool = spec("The area is the Roman Italy Theater", default=False)
    governor: bool = spec("A Praetor assigned as governor of Sicily or Sardinia", default=False)


@dataclass(frozen=True)
class AssignmentInput:
    assignments: tuple[Assignment, ...] = spec("Every Theater/province assignment this Game Turn", min_items=1)
    options: AssignmentOptions = spec("Readings of points the rulebook leaves open", default=AssignmentOptions())


def check_one_assignment(index: int, item: Assignment) -> None:
    field = f"assignments.{index}.area"
    if item.office in (Office.DICTATOR, Office.MAGISTER_EQUITUM) and item.area:
        raise RulesError(field, f"{item.leader}: a Dictator/ME is never assigned a Theater/province (4.32)")
    if item.office is Office.PRAETOR and item.area and not item.governor:
        raise RulesError(field, f"{item.leader}: a Praetor is assigned only as governor of Sicily or Sardinia (4.32)")
    if item.office is Office.PROCONSUL and item.is_roman_italy:
        raise RulesError(
            field,
            f"{item.leader}: a Proconsul may not be assigned the Roman Italy Theater, only a province within it (4.31)",
        )
    if item.office is Office.CONSUL and item.is_province_in_roman_italy:
        raise RulesError(field, f"{item.leader}: a Consul is assigned a Theater, not a single province (4.31)")


def check_proconsul_counts(case: AssignmentInput, working: Working) -> None:
    limit = 1 if case.options.proconsuls_per_province is ProconsulsPerProvince.ONE else 2
    working.choice(f"Proconsuls per Roman Italy province: at most {limit}", ASSIGNMENT_RULE, limit)
    counts: dict[str, int] = {}
    for item in case.assignments:
        if item.office is Office.PROCONSUL and item.area:
            counts[item.area] = counts.get(item.area, 0) + 1
            cap = limit if item.is_province_in_roman_italy else 2
            if counts[item.area] > cap:
                raise RulesError("assignments", f"{item.area}: more than {cap} Proconsul(s) assigned (4.31)")


@procedure(
    RULESET,
    "theater_assignment",
    title="Theater/province assignments: check them",
    source=ASSIGNMENT_RULE,
    takes=AssignmentInput,
)
def theater_assignment(case: AssignmentInput, dice: Dice) -> Result:
    """4.31-4.32: a Consul any Theater; a Proconsul a Theater other than Roman Italy, or a province within it; no
    more than two Proconsuls a Theater and one a Roman Italy province; a Dictator/ME never; a Praetor only as
    governor of Sicily or Sardinia."""
    working = Working()
    for index, item in enumerate(case.assignments):
        check_one_assignment(index, item)
        working.step(f"{item.leader} ({item.office.title}): {item.area or 'no Theater/province'}", ASSIGNMENT_RULE)
    check_proconsul_counts(case, working)
    return Result.of(f"{RULESET}.theater_assignment", {"valid": True}, working, dice)


# ---- thunderbolt.prorogue -----------------------------------------------------------------------------------------


class ProrogueAs(Named):
    NOT_PROROGUED = "not_prorogued"
    PROCONSUL = "proconsul"
    PRAETOR = "praetor"


@dataclass(frozen=True)
class Magistrate:
    leader: str = spec("The leader")
    office: Office = spec("His office last Game Turn")
    legions: int = spec("Legions in his Imperium", min=0, max=4)
    besieged_outside_port_or_rome: bool = spec("Besieged in a city that is neither a port nor Rome", default=False)
    triumph: bool = spec("He has earned a Triumph at any time in the game", default=False)
    prorogue_as: ProrogueAs = spec("What the Roman player prorogues him as", default=ProrogueAs.NOT_PROROGUED)


@dataclass(frozen=True)
class ProrogueInput:
    magistrates: tuple[Magistrate, ...] = spec("Every Roman leader on the map", min_items=1)


MAY_BECOME: dict[Office, tuple[ProrogueAs, ...]] = {  # 4.42: the voluntary prorogues
    Office.CONSUL: (ProrogueAs.PROCONSUL, ProrogueAs.PRAETOR),
    Office.PROCONSUL: (ProrogueAs.PROCONSUL,),
    Office.PRAETOR: (ProrogueAs.PRAETOR,),
}
BESIEGED_BECOMES = {
    Office.DICTATOR: ProrogueAs.PROCONSUL,
    Office.MAGISTER_EQUITUM: ProrogueAs.PROCONSUL,
    Office.CONSUL: ProrogueAs.PROCONSUL,
    Office.PROCONSUL: ProrogueAs.PROCONSUL,
    Office.PRAETOR: ProrogueAs.PRAETOR,
}


def prorogue_one(index: int, item: Magistrate, working: Working) -> str:
    if item.besieged_outside_port_or_rome and item.office in BESIEGED_BECOMES:
        office = BESIEGED_BECOMES[item.office]
        working.step(
            f"{item.leader} is besieged outside a port or Rome: must be prorogued as {office.title}, "
            "keeping his CA/Legions",
            PROROGUE_RULE,
            office.value,
        )
        return office.value
    if item.prorogue_as is ProrogueAs.NOT_PROROGUED:
        home = "the Triumph Holding Box" if item.triumph else "the leader pool"
        working.step(f"{item.leader} is not prorogued: to {home}", "4.41", home)
        return home
    check_may_become(index, item)
    working.step(f"{item.leader}: {item.office.title} prorogued as {item.prorogue_as.title}", PROROGUE_RULE)
    prorogued_as: str = item.prorogue_as.value  # mypy reads .value on the narrowed members as Any
    return prorogued_as


def check_may_become(index: int, item: Magistrate) -> None:
    field = f"magistrates.{index}.prorogue_as"
    if item.prorogue_as not in MAY_BECOME.get(item.office, ()):
        raise RulesError(
            field, f"{item.leader}: a {item.office.title} cannot be prorogued as {item.prorogue_as.title} (4.42)"
        )
    if item.office is Office.CONSUL and item.legions == 0:
        raise RulesError(field, f"{item.leader}: a Consul without Imperium cannot be prorogued (4.42)")
    if item.prorogue_as is ProrogueAs.PRAETOR and item.legions != 1:
        raise RulesError(
            field, f"{item.leader}: a Consul is prorogued as a Praetor only if his Imperium is a single Legion (4.42)"
        )


@procedure(RULESET, "prorogue", title="Imperium Prorogue (B/1/a)", source=PROROGUE_RULE, takes=ProrogueInput)
def prorogue(case: ProrogueInput, dice: Dice) -> Result:
    """4.41-4.42: a Consul may become Proconsul (or Praetor with a single Legion), a Proconsul stays Proconsul, a
    Praetor stays Praetor; a Dictator/ME, the Praetor Urbanus and a Consul without Imperium cannot be; one besieged
    outside a port or Rome must be. The rest go to the pool, or the Triumph Holding Box."""
    working = Working()
    outcome = {item.leader: prorogue_one(index, item, working) for index, item in enumerate(case.magistrates)}
    working.note("Prorogued leaders and those in the Triumph Holding Box now face A Visit from Pluto", "4.41")
    return Result.of(f"{RULESET}.prorogue", {"magistrates": outcome}, working, dice)


# ---- thunderbolt.state_of_emergency -------------------------------------------------------------------------------


class Emergency(Named):
    NONE = "none"
    MINOR = "minor"
    MAJOR = "major"


@dataclass(frozen=True)
class EmergencyInput:
    ca_lost_major_battle_with_30_percent: bool = spec(
        "A Roman Consular Army or larger force lost a Major land battle and lost 30% or more of its SP in it",
        default=False,
    )
    enemy_occupies_medium_large_cities_in_roman_italy: int = spec(
        "Medium/Large cities in Roman Italy an enemy force occupies", min=0, max=99, default=0
    )
    enemy_occupies_city_within_3_hexes_of_roma: bool = spec(
        "An enemy force occupies a city within 3 hexes of Roma", default=False
    )
    major_battles_lost_this_turn: int = spec(
        "Major land battles lost this GT, each with a Consular Army", min=0, max=20, default=0
    )
    major_battles_lost_prior_turn: int = spec(
        "Major land battles lost in the prior GT, each with a Consular Army", min=0, max=20, default=0
    )
    roma_under_siege: bool = spec("Roma is Under Siege", default=False)


def major_triggers(case: EmergencyInput) -> list[str]:
    return [
        text
        for text, met in (
            ("an enemy force occupies a city within 3 hexes of Roma", case.enemy_occupies_city_within_3_hexes_of_roma),
            (
                "two Major land battles lost in one Game Turn (one in each does not count)",
                case.major_battles_lost_this_turn >= 2 or case.major_battles_lost_prior_turn >= 2,
            ),
            ("Roma is Under Siege", case.roma_under_siege),
        )
        if met
    ]


def minor_triggers(case: EmergencyInput) -> list[str]:
    return [
        text
        for text, met in (
            (
                "a Consular Army or larger lost a Major land battle with 30%+ losses",
                case.ca_lost_major_battle_with_30_percent,
            ),
            (
                "an enemy force occupies two or more Medium/Large cities in Roman Italy",
                case.enemy_occupies_medium_large_cities_in_roman_italy >= 2,
            ),
        )
        if met
    ]


@procedure(RULESET, "state_of_emergency", title="State of Emergency", source=EMERGENCY_RULE, takes=EmergencyInput)
def state_of_emergency(case: EmergencyInput, dice: Dice) -> Result:
    """4.57: a Minor State of Emergency lets the Roman player elect a Dictator; a Major one makes him, and lets him
    raise the Marine and Slave Legions (5.51-5.52)."""
    working = Working()
    major, minor = major_triggers(case), minor_triggers(case)
    for text in major:
        working.step(f"Major: {text}", EMERGENCY_RULE)
    for text in minor:
        working.step(f"Minor: {text}", EMERGENCY_RULE)
    level = Emergency.MAJOR if major else Emergency.MINOR if minor else Emergency.NONE
    dictator = {Emergency.MAJOR: "must", Emergency.MINOR: "may", Emergency.NONE: "may not"}[level]
    working.step(f"{level.title} State of Emergency: a Dictator {dictator} be elected", "4.56", level.value)
    outcome = {
        "emergency": level.value,
        "dictator": dictator,
        "marine_and_slave_legions": level is Emergency.MAJOR,
        "praetor_urbanus_may_leave_rome": level is not Emergency.NONE,
    }
    return Result.of(f"{RULESET}.state_of_emergency", outcome, working, dice)


# ---- thunderbolt.command_efficiency -------------------------------------------------------------------------------


class Situation(Named):
    BATTLE_ATTACKING = "battle_attacking"
    BATTLE_DEFENDING = "battle_defending"
    SIEGE_ASSAULT_ATTACKING = "siege_assault_attacking"
    SIEGE_ASSAULT_DEFENDING = "siege_assault_defending"
    SIEGE_ATTRITION = "siege_attrition"


@dataclass(frozen=True)
class EfficiencyInput:
    legions: int = spec("Legions in the force (their SP do not matter)", min=0, max=40)
    situation: Situation = spec("Battle or siege, and which side the Roman is on")
    battle_rating: BattleRating | None = spec(
        "The Roman leader's Battle Rating (for Siege Attrition, the highest-ranked leader's; none if no eligible "
        "commander is present)",
        default=None,
    )


def legions_over(case: EfficiencyInput, working: Working) -> int:
    if case.battle_rating is None:
        working.step("No eligible commander: every Legion is over the efficiency limit", "4.92", case.legions)
        return case.legions
    limit: int = COMMAND_EFFICIENCY.lookup(case.battle_rating.value, working)
    over = max(0, case.legions - limit)
    working.step(f"{case.legions} Legions against a limit of {limit}: {over} over", "4.92", over)
    return over


def efficiency_drm(situation: Situation, over: int) -> int:
    """The DRM on the Roman's own roll, or (defending in battle) on the opponent's; siege attrition +1 per 2."""
    return {
        Situation.BATTLE_ATTACKING: -over,
        Situation.BATTLE_DEFENDING: over,
        Situation.SIEGE_ASSAULT_ATTACKING: -over,
        Situation.SIEGE_ASSAULT_DEFENDING: 0,
        Situation.SIEGE_ATTRITION: over // 2,
    }[situation]


@procedure(
    RULESET, "command_efficiency", title="Command Efficiency Rating penalty", source=CER_RULE, takes=EfficiencyInput
)
def command_efficiency(case: EfficiencyInput, dice: Dice) -> Result:
    """4.91-4.92: A 6, B 5, C 4, D 3, E 2 Legions. Over the limit: -1 a Legion attacking in battle or assault, +1 a
    Legion defending in battle, none defending an assault, +1 a Siege Attrition DR for every 2 over."""
    working = Working()
    if case.situation is not Situation.SIEGE_ATTRITION and case.battle_rating is None:
        raise RulesError("battle_rating", "a battle or assault needs the Roman leader's Battle Rating (4.91)")
    over = legions_over(case, working)
    drm = working.modifier(
        f"{case.situation.label}: {over} Legion(s) over", efficiency_drm(case.situation, over), "4.92"
    )
    return Result.of(f"{RULESET}.command_efficiency", {"over": over, "drm": drm}, working, dice)


# ---- thunderbolt.command_hierarchy --------------------------------------------------------------------------------


@dataclass(frozen=True)
class HierarchyInput:
    commander: Office = spec("The office of the leader forming the force")
    others: tuple[Office, ...] = spec("The offices of the other leaders he would include", min_items=1)
    dictator_in_play: bool = spec("A Dictator is in play", default=False)


@procedure(
    RULESET,
    "command_hierarchy",
    title="Command hierarchy: may he include them?",
    source=HIERARCHY_RULE,
    takes=HierarchyInput,
)
def command_hierarchy(case: HierarchyInput, dice: Dice) -> Result:
    """4.81: a leader may include leaders of lower office (same or lower for a Consul): Dictator/ME, Consul,
    Proconsul, Praetor/Praetor Urbanus, Allied Leader. Both Consuls are Overall Commanders unless a Dictator is
    in play."""
    working = Working()
    own: int = PRECEDENCE.lookup(case.commander.value, working)
    allowed: list[bool] = []
    for office in case.others:
        rank: int = PRECEDENCE.lookup(office.value)
        fits = rank > own or (rank == own and case.commander is Office.CONSUL)
        working.step(f"{office.title}: {'may' if fits else 'may not'} be included", HIERARCHY_RULE, fits)
        allowed.append(fits)
    overall = case.commander is Office.CONSUL and not case.dictator_in_play
    outcome = {"allowed": allowed, "all_allowed": all(allowed), "consul_is_overall_commander": overall}
    return Result.of(f"{RULESET}.command_hierarchy", outcome, working, dice)
