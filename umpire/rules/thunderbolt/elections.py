"""4.44 A Visit from Pluto and 4.5 Election and Assignment of Magistrates: the Consuls' Imperium (4.51), the
governors (4.54), the Praetor limit, the Magister Equitum (4.56) and each magistrate's LAMs (3.0 C/1)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, cell, roll_d10, total
from .roman_politics import ME_WITHIN, PRAETOR_LIMIT, Office

ELECTION_RULE = "4.5 Election and Assignment of Magistrates"
PLUTO_RULE = "4.44 A Visit from Pluto"
LEADER_LOSS = "Leader Loss Chart"
LEADER_LOSS_SOURCE = "AW 8.61, not in the Thunderbolt rulebook"
PLUTO_DRM = 1  # the 4.58 example: "with the +1 DRM for A Visit From Pluto roll"; 4.44 does not state it


# ---- thunderbolt.lams ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LamInput:
    office: Office = spec("The leader's office")
    initiative: int = spec("His printed Initiative Rating", min=0, max=9)
    notable_admiral: bool = spec("A Praetor-Admiral with the anchor symbol (13.22)", default=False)


def lams_for(case: LamInput, working: Working) -> int:
    if case.office is Office.PRAETOR_URBANUS:
        working.step("The Praetor Urbanus has no LAM; he may use a Consul's", "4.55")
        return 0
    if case.office is Office.PRAETOR and not case.notable_admiral:
        working.step("A Praetor places one LAM whatever his Initiative", "4.54")
        return 1
    if case.office in (Office.DICTATOR, Office.MAGISTER_EQUITUM):
        working.step("Dictator/ME: Initiative minus one, never less than one", "4.56")
        return max(1, case.initiative - 1)
    working.step("LAMs equal to the Initiative Rating", "3.0 C/1")
    return case.initiative


@procedure(
    RULESET, "lams", title="LAMs a Roman magistrate puts in the cup", source="3.0 C/1; 4.54; 4.56", takes=LamInput
)
def lams(case: LamInput, dice: Dice) -> Result:
    """3.0 C/1, 4.54-4.56, 13.22: a leader's LAMs; a Praetor 1, a Dictator/ME his Initiative less one (at least
    one), the Praetor Urbanus none; a notable Admiral is not held to one."""
    working = Working()
    count = lams_for(case, working)
    working.step(f"{count} LAM(s)", "", count)
    return Result.of(f"{RULESET}.lams", {"lams": count}, working, dice)


# ---- thunderbolt.magister_equitum ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MagisterInput:
    dictator_id: int = spec("The Dictator's leader ID number", min=400, max=499)
    magister_id: int = spec("The ID number of the leader chosen from the pool", min=400, max=499)
    magister_on_map: bool = spec("The chosen leader is on the map", default=False)
    dictator_takes_field: bool = spec("The Dictator takes the field himself", default=False)


@procedure(
    RULESET,
    "magister_equitum",
    title="Magister Equitum: may this leader be chosen?",
    source="4.56 Dictator/Magister Equitum",
    takes=MagisterInput,
)
def magister_equitum(case: MagisterInput, dice: Dice) -> Result:
    """4.56: if the Dictator stays in Rome, a Magister Equitum is chosen with purpose from the pool (not the map),
    his ID within 5 of the Dictator's; a Dictator in the field brings no ME."""
    working = Working()
    if case.dictator_takes_field:
        raise RulesError("dictator_takes_field", "the Dictator takes the field: no Magister Equitum (4.56)")
    if case.magister_on_map:
        raise RulesError("magister_on_map", "leaders on the map are not eligible to be Magister Equitum (4.56)")
    gap = abs(case.magister_id - case.dictator_id)
    fits = gap <= ME_WITHIN
    working.step(
        f"#{case.magister_id} is {gap} from the Dictator's #{case.dictator_id}: "
        f"{'eligible' if fits else 'not eligible'} (within {ME_WITHIN})",
        "4.56",
        fits,
    )
    return Result.of(f"{RULESET}.magister_equitum", {"eligible": fits, "difference": gap}, working, dice)


# ---- thunderbolt.consul_imperium ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ConsulInput:
    leaderless_cas: int = spec("Consular Armies without a leader", min=0, max=20)
    leaderless_legions: int = spec("Single Legions without a leader (not in a CA)", min=0, max=40)


def consul_command(cas: int, legions: int) -> tuple[str, int, int]:
    """What the next Consul is given, and what is left: 4.51's order."""
    if cas:
        return "a Consular Army without a leader", cas - 1, legions
    if legions >= 2:
        return "a CA of two Legions without leaders, combined", cas, legions - 2
    if legions == 1:
        return "a CA of the single Legion without a leader", cas, 0
    return "no Imperium: placed in Rome", cas, legions


@procedure(RULESET, "consul_imperium", title="The Consuls' Imperium (B/1/c)", source="4.51 Consuls", takes=ConsulInput)
def consul_imperium(case: ConsulInput, dice: Dice) -> Result:
    """4.51: both Consuls are drawn first; each must be given a CA without a leader if possible; two leaderless
    Legions must be combined if CAs are too few; a single Legion makes a one-Legion CA; else he waits in Rome."""
    working = Working()
    cas, legions = case.leaderless_cas, case.leaderless_legions
    given: list[str] = []
    for consul in ("First Consul", "Second Consul"):
        command, cas, legions = consul_command(cas, legions)
        working.step(f"{consul}: {command}", "4.51", command)
        given.append(command)
    working.step(f"Left for Proconsuls: {cas} CA(s); for Praetors: {legions} Legion(s)", ELECTION_RULE)
    outcome = {"consuls": given, "cas_left": cas, "legions_left": legions}
    return Result.of(f"{RULESET}.consul_imperium", outcome, working, dice)


# ---- thunderbolt.governor -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GovernorInput:
    island: str = spec("Sicily or Sardinia")
    former_governor_prorogued: bool = spec("Last Game Turn's governor was prorogued", default=False)
    all_provinces_carthaginian: bool = spec("Carthage controls every province on the island", default=False)
    within_consul_or_proconsul_theater: bool = spec(
        "The island is within a Consul's/Proconsul's Theater", default=False
    )
    praetors_in_play: int = spec("Praetors in play, the Praetor Urbanus aside", min=0, max=20, default=0)


@procedure(
    RULESET,
    "governor",
    title="Governor of Sicily or Sardinia: must one be named?",
    source="4.54 Praetors",
    takes=GovernorInput,
)
def governor(case: GovernorInput, dice: Dice) -> Result:
    """4.54: a Praetor must be designated or elected governor of Sicily and of Sardinia unless the former governor
    was prorogued, Carthage holds the whole island, or the island lies in a Consul's/Proconsul's Theater (then he
    may). Six Praetors at most, the Praetor Urbanus aside."""
    working = Working()
    if case.former_governor_prorogued or case.all_provinces_carthaginian:
        need = "not needed"
    elif case.within_consul_or_proconsul_theater:
        need = "may"
    else:
        need = "must"
    working.step(f"{case.island}: a governor {need}", "4.54", need)
    room = case.praetors_in_play < PRAETOR_LIMIT
    working.step(
        f"{case.praetors_in_play} Praetors in play: "
        f"{'room to elect one' if room else 'at the limit of six; only one in play may be designated'}",
        "4.54",
        room,
    )
    return Result.of(f"{RULESET}.governor", {"governor": need, "may_elect": room}, working, dice)


# ---- thunderbolt.visit_from_pluto ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaderLossRow:
    """A row of the AW Leader Loss Chart: the first roll by the leader's Mortality Rating, the second by its DR."""

    row: str = spec("'MR 7' for the casualty roll of a leader of Mortality 7, or 'DR 6' for the second roll")
    casualty_from: int | None = spec("(MR rows) the lowest adjusted DR that is a casualty", default=None)
    result: str | None = spec("(DR rows) Leader Wounded, Leader Killed…", default=None)


@dataclass(frozen=True)
class PlutoInput:
    leader: str = spec("The leader in play")
    mortality: int = spec("His Mortality Rating", min=0, max=9)
    leader_loss: tuple[LeaderLossRow, ...] = spec(
        "The Leader Loss Chart's rows (AW 8.61), from the data tables", default=()
    )


def casualty_result(case: PlutoInput, dice: Dice, working: Working) -> str:
    second = roll_d10(working, dice, "Leader Loss Chart: second roll (no DRM)")
    result: str = cell(
        case.leader_loss, f"DR {second}", "result", table=LEADER_LOSS, source=LEADER_LOSS_SOURCE, field="leader_loss"
    )
    return result


@procedure(
    RULESET,
    "visit_from_pluto",
    title="A Visit from Pluto (B/1/b)",
    source=PLUTO_RULE,
    takes=PlutoInput,
    dice=f"{D10}; a second if a casualty",
)
def visit_from_pluto(case: PlutoInput, dice: Dice) -> Result:
    """4.44: each Roman leader not returned to the pool rolls on the Leader Loss Chart (AW 8.61), +1 (the 4.58
    example); Wounded: set aside to the pool; Killed: out of the game."""
    working = Working()
    first = roll_d10(working, dice, f"Leader Loss Chart: {case.leader}")
    adjusted = total(working, first, [("A Visit from Pluto", PLUTO_DRM, "4.58 example")])
    needed: int = cell(
        case.leader_loss,
        f"MR {case.mortality}",
        "casualty_from",
        table=LEADER_LOSS,
        source=LEADER_LOSS_SOURCE,
        field="leader_loss",
    )
    casualty = adjusted >= needed
    working.step(
        f"Mortality {case.mortality}: a casualty from {needed}; {adjusted} is "
        f"{'a casualty' if casualty else 'no loss'}",
        LEADER_LOSS_SOURCE,
        casualty,
    )
    result = casualty_result(case, dice, working) if casualty else "no effect"
    if casualty:
        working.step(f"{case.leader}: {result}", PLUTO_RULE, result)
    return Result.of(f"{RULESET}.visit_from_pluto", {"casualty": casualty, "result": result}, working, dice)
