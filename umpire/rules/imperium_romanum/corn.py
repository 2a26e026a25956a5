"""9.4-9.12 The Corn Supply: production (9.6, 9.61), the capital's consumption (9.9), and corn shortage and
rebellion (9.10-9.115)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, RULESET

PRODUCTION = "9.6 Corn Production"
CONSUMPTION = "9.9 Consumption"
SHORTAGE = "9.10 Corn Shortage"
IN_SIEGE = "9.101 Corn Shortage"
REBELLION = "9.112 Rebellion"
REVOLTS_ON = 6  # 9.10 (L334): "The city revolts on a roll on six or greater"
SP_PER_POINT = 10  # 9.10: "deduct 1 for each 10 land combat Strength Points"
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
FIRST_MONTH = 5  # 9.61: "from the beginning of the May game-turn ... until the end of December"

CORN_PRODUCTION = KeyedTable(
    "Corn production",
    f"{PRODUCTION} (L293); 9.12 (L352)",
    {
        "Sardinia": 2,
        "Sicilia": 4,
        "Africa Proconsularis": 4,
        "Aegyptus": 8,
        "Heraclea Chersonensus": 6,
    },
)


@dataclass(frozen=True)
class ProductionInput:
    month: int = spec("The game-turn's month (1 January to 12 December)", min=1, max=12)
    provinces: tuple[str, ...] = spec("Corn provinces whose majority of cities the player controls (9.62)", max_items=5)
    constantinople: bool = spec(
        "Constantinople is the Imperial capital (9.12: Heraclea Chersonensus produces)", default=False
    )


@procedure(RULESET, "corn_production", title="Corn production", source=PRODUCTION, takes=ProductionInput)
def corn_production(case: ProductionInput, dice: Dice) -> Result:
    """9.6-9.64: the year's corn, available from the May game-turn until the end of December."""
    working = Working()
    if case.month < FIRST_MONTH:
        working.step(f"{MONTHS[case.month - 1]}: this year's corn is not produced until May", "9.61", 0)
        return Result.of(f"{RULESET}.corn_production", {"corn": {}}, working, dice)
    corn: dict[str, int] = {}
    for province in case.provinces:
        if province not in CORN_PRODUCTION.rows:
            raise RulesError(
                "provinces", f"{province!r} produces no corn; the producers are {', '.join(CORN_PRODUCTION.rows)}"
            )
        if province == "Heraclea Chersonensus" and not case.constantinople:
            raise RulesError("provinces", "Heraclea Chersonensus produces only when Constantinople is the capital")
        corn[province] = CORN_PRODUCTION.lookup(province, working)
    working.step(
        f"{sum(corn.values())} corn units to collect by corn fleet until the end of December; what is "
        "not collected lapses",
        "9.61",
        sum(corn.values()),
    )
    return Result.of(f"{RULESET}.corn_production", {"corn": corn}, working, dice)


class SiegeShortage(Choice):
    """9.101 "add two to the die-roll for each game-turn consumption has not been met": in place of 9.10's one, or
    as well."""

    INSTEAD = "instead"
    AS_WELL = "as_well"


@dataclass(frozen=True)
class ConsumptionOptions:
    in_siege: SiegeShortage = spec(
        "9.101 L338 (extraction AMB-26): besieged, +2 for each unmet turn in place of 9.10's +1 (default), or as "
        "well (+3 in all)",
        default=SiegeShortage.INSTEAD,
    )


@dataclass(frozen=True)
class ConsumptionInput:
    index: int = spec("The capital's Corn Supply Index", min=0, max=200)
    unmet_before: int = spec(
        "Game-turns in a row, before this one, the consumption was not met", min=0, max=100, default=0
    )
    strength_near: int = spec(
        "The controlling faction's land combat strength within 4 movement points", min=0, max=5000, default=0
    )
    besieged: bool = spec("The capital is under siege", default=False)
    options: ConsumptionOptions = spec("Readings of points the rulebook leaves open", default=ConsumptionOptions())


def rebellion_roll(case: ConsumptionInput, unmet: int, dice: Dice, working: Working) -> int:
    roll = working.roll(dice, DIE, "corn rebellion")
    if case.besieged:
        roll += working.modifier(f"Besieged: +2 for each of {unmet} unmet turn(s)", 2 * unmet, IN_SIEGE)
    if not case.besieged or case.options.in_siege is SiegeShortage.AS_WELL:
        roll += working.modifier(f"+1 for each of {unmet} turn(s) since the consumption was last met", unmet, SHORTAGE)
    working.note(
        "Reading: "
        + (
            "the siege's +2 replaces the +1"
            if case.options.in_siege is SiegeShortage.INSTEAD
            else "the siege's +2 comes on top of the +1"
        )
        + " (AMB-26)",
        IN_SIEGE,
    )
    if case.strength_near >= SP_PER_POINT:
        roll += working.modifier(
            f"-1 for each 10 of {case.strength_near} strength points near",
            -(case.strength_near // SP_PER_POINT),
            SHORTAGE,
        )
    return roll


@procedure(
    RULESET,
    "corn_consumption",
    title="Corn consumption and rebellion",
    source=CONSUMPTION,
    takes=ConsumptionInput,
    dice="1d6 when there is no corn",
)
def corn_consumption(case: ConsumptionInput, dice: Dice) -> Result:
    """9.9-9.10: the capital eats one corn a turn; with none, its controller rolls for rebellion, 6 or more."""
    working = Working()
    if case.index:
        working.step(f"The capital consumes 1 corn: the index falls to {case.index - 1}", CONSUMPTION, case.index - 1)
        return Result.of(
            f"{RULESET}.corn_consumption", {"index": case.index - 1, "met": True, "revolts": False}, working, dice
        )
    unmet = case.unmet_before + 1
    working.step(
        f"No corn: the consumption is unmet, {unmet} turn(s) running (this one counted, AMB-26)", SHORTAGE, unmet
    )
    roll = rebellion_roll(case, unmet, dice, working)
    revolts = roll >= REVOLTS_ON
    working.step(f"Modified roll {roll}: " + ("the capital revolts" if revolts else "no rebellion"), SHORTAGE, revolts)
    if revolts:
        rebellion_effects(case, working)
    return Result.of(
        f"{RULESET}.corn_consumption", {"index": 0, "met": False, "revolts": revolts, "unmet": unmet}, working, dice
    )


def rebellion_effects(case: ConsumptionInput, working: Working) -> None:
    if case.besieged:
        working.step(
            "Rebellion during a siege: the capital surrenders to the besieger; all its defenders are eliminated",
            REBELLION,
        )
    else:
        working.step(
            "Two unseasoned 2-12 light infantry (CER B) are placed in the capital; the old owner's units "
            "there are outside it and may besiege it",
            REBELLION,
        )
    working.step("Morale: the owner loses 3 × the capital's Tax Rate; a new owner gains 2 × it", "9.115; Morale Table")
