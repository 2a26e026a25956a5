"""7.0 Carthaginian Manpower: the Carthaginian Manpower Table (7.21-7.22, per-event data), the OC's Manpower
Operation (7.26), Provincial Manpower from the scenario's Province Information Chart (7.27, per-event data) and
the Citizen limit (7.31)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Named, cell, roll_d10, total

MANPOWER_RULE = "7.21 Carthaginian Manpower Table"
PROVINCIAL_RULE = "7.27 Provincial Manpower"
MANPOWER_TABLE = "Carthaginian Manpower Table"
CARTHAGINIAN_PAC = "Carthaginian Charts & Tables PAC, not in the rulebook"
PIC = "Province Information Chart"
PIC_SOURCE = "the scenario's PIC, not in the rulebook"
CITIZEN_LIMIT = 50  # 7.31 "never more than 50 SP of Carthaginian ... infantry and/or cavalry (not Elephants)"
SUBORDINATE_FROM = 20  # 7.21, 7.22 "20 SP or larger"


class Contingent(Named):
    """The nine contingents with Manpower Holding Boxes (7.32; listed in 6.33)."""

    CARTHAGINIAN = "carthaginian"
    LIBYAN = "libyan"
    NUMIDIAN = "numidian"
    MAURETANIAN = "mauretanian"
    GALLIC = "gallic"
    IBERIAN = "iberian"
    CELTIBERIAN = "celtiberian"
    LUSITANIAN = "lusitanian"
    LIGURIAN = "ligurian"


@dataclass(frozen=True)
class ManpowerRow:
    row: str = spec("The contingent and the adjusted DR, as 'Libyan 3'")
    infantry: int | None = spec("Infantry SP", min=0, max=99, default=None)
    cavalry: int | None = spec("Cavalry SP (Elite for the Numidians)", min=0, max=99, default=None)


@dataclass(frozen=True)
class OverallCommanderOperation:
    """7.26: the OC's Manpower Operation, the "Hail Mary"."""

    oc_and_army_in_carthago: bool = spec("The OC and his Army are in the Carthago city/hex")
    oc_of_family_in_power: bool = spec("The OC is of the family in power")
    climate_aggressive: bool = spec("The Political Climate is Aggressive")
    used_this_turn: bool = spec("An OC Manpower Operation was tried already this Game Turn", default=False)


@dataclass(frozen=True)
class ManpowerInput:
    contingent: Contingent = spec("The contingent rolled for")
    ns_levels_constructed: int = spec("NS levels built (-2 each, 8.12)", min=0, max=20, default=0)
    squadrons_built: int = spec("ANS squadrons built (-1 each, 13.16)", min=0, max=20, default=0)
    raid_drm: int = spec("Net ANS raid DRM from last GT's raids (13.64)", min=-20, max=20, default=0)
    pool_sp: int | None = spec(
        "SP left in the contingent's Manpower Holding Box (none: no pools)", min=0, max=999, default=None
    )
    citizen_sp_in_play: int = spec(
        "Carthaginian infantry and cavalry SP in play already (7.31)", min=0, max=999, default=0
    )
    oc_operation: OverallCommanderOperation | None = spec("For an OC Manpower Operation (7.26)", default=None)
    table: tuple[ManpowerRow, ...] = spec("The Carthaginian Manpower Table's rows, from the data tables", default=())


def check_oc_operation(operation: OverallCommanderOperation | None) -> None:
    if operation is None:
        return
    for name in ("oc_and_army_in_carthago", "oc_of_family_in_power", "climate_aggressive"):
        if not getattr(operation, name):
            raise RulesError(
                f"oc_operation.{name}", f"the OC's Manpower Operation needs {name.replace('_', ' ')} (7.26)"
            )
    if operation.used_this_turn:
        raise RulesError("oc_operation.used_this_turn", "only one such operation a Game Turn (7.26)")


def manpower_modifiers(case: ManpowerInput) -> list[Modifier]:
    return [
        m
        for m in (
            ("NS levels constructed (twice their number)", -2 * case.ns_levels_constructed, "8.12"),
            ("Squadrons built", -case.squadrons_built, "13.16"),
            ("Raids last Game Turn", case.raid_drm, "13.64"),
        )
        if m[1]
    ]


def limited(case: ManpowerInput, raised: int, working: Working) -> int:
    """7.32 and 7.31: no more than the holding box holds, nor 50 Carthaginian SP in play."""
    room = case.pool_sp if case.pool_sp is not None else raised
    if case.contingent is Contingent.CARTHAGINIAN:
        room = min(room, max(0, CITIZEN_LIMIT - case.citizen_sp_in_play))
    if raised > room:
        working.step(
            f"Only {room} SP may be taken (Manpower Holding Box; 50 Carthaginian SP in play)", "7.31; 7.32", room
        )
    return min(raised, room)


@procedure(
    RULESET,
    "carthaginian_manpower",
    title="Carthaginian Manpower Table",
    source=MANPOWER_RULE,
    takes=ManpowerInput,
    dice=D10,
)
def carthaginian_manpower(case: ManpowerInput, dice: Dice) -> Result:
    """7.21-7.26, 7.31-7.32: roll for one contingent on the Carthaginian Manpower Table (per-event data) with its
    DRMs; the SP come from the contingent's holding box, Carthaginians never beyond 50 SP in play."""
    working = Working()
    check_oc_operation(case.oc_operation)
    roll = roll_d10(working, dice, f"Carthaginian Manpower Table: {case.contingent.label}")
    adjusted = total(working, roll, manpower_modifiers(case))
    key = f"{case.contingent.title} {adjusted}"
    infantry: int = cell(case.table, key, "infantry", table=MANPOWER_TABLE, source=CARTHAGINIAN_PAC, field="table")
    cavalry: int = cell(case.table, key, "cavalry", table=MANPOWER_TABLE, source=CARTHAGINIAN_PAC, field="table")
    working.step(f"{key}: {infantry} infantry SP, {cavalry} cavalry SP", MANPOWER_TABLE)
    taken = limited(case, infantry + cavalry, working)
    outcome = {
        "adjusted": adjusted,
        "infantry": infantry,
        "cavalry": cavalry,
        "sp_taken": taken,
        "elite_cavalry": case.contingent is Contingent.NUMIDIAN,
    }
    return Result.of(f"{RULESET}.carthaginian_manpower", outcome, working, dice)


@dataclass(frozen=True)
class ProvinceManpower:
    province: str = spec("The province")
    controlled: bool = spec("Carthage controls it", default=True)
    leader_here: bool = spec("The leader is in it (else it is adjacent)", default=False)
    sp: int | None = spec("Its manpower on the PIC (from the data tables)", min=0, max=99, default=None)


@dataclass(frozen=True)
class ProvincialInput:
    army_commander: bool = spec("An Army Commander (else a Subordinate leader)")
    provinces: tuple[ProvinceManpower, ...] = spec("The provinces he draws on", min_items=1)
    besieged: bool = spec("The leader is besieged", default=False)


def province_sp(index: int, province: ProvinceManpower, case: ProvincialInput, working: Working) -> int:
    if not province.controlled:
        raise RulesError(f"provinces.{index}.controlled", f"{province.province}: Carthage must control it (7.27)")
    if not province.leader_here and not case.army_commander:
        raise RulesError(
            f"provinces.{index}.leader_here", "a Subordinate leader raises only in his own province (7.27)"
        )
    if province.sp is None:
        raise RulesError(
            f"provinces.{index}.sp",
            f"the {PIC} has no manpower for {province.province!r}: Control "
            f"enters it on the data tables page ({PIC_SOURCE})",
        )
    working.step(f"{province.province}: {province.sp} SP", PIC, province.sp)
    return province.sp


@procedure(
    RULESET, "provincial_manpower", title="Provincial Manpower Operation", source=PROVINCIAL_RULE, takes=ProvincialInput
)
def provincial_manpower(case: ProvincialInput, dice: Dice) -> Result:
    """7.27: an unbesieged Army Commander raises the PIC's SP from his controlled province and the controlled
    provinces adjacent; a Subordinate from his own alone; once per leader per Game Turn, placed with him."""
    working = Working()
    if case.besieged:
        raise RulesError("besieged", "only an unbesieged leader may raise Provincial Manpower (7.27)")
    raised = sum(province_sp(i, p, case, working) for i, p in enumerate(case.provinces))
    working.step(f"{raised} SP raised, placed with the leader", PROVINCIAL_RULE, raised)
    return Result.of(f"{RULESET}.provincial_manpower", {"sp": raised}, working, dice)
