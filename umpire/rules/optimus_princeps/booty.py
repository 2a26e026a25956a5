"""11 Collecting Booty (the Sacking Table, after a battle or the capture of an inhabited region), §12 Pillage,
Forage, Harvest and Tribute (the Harvest Table), §11.4 Rally after Combat and §9.2.1 restoring a Defensive Value.

The Sacking Table prints its rows up to a modified 3 (L520-529): row "4" is there with no values and the rows
after it are absent. Those rows are per-event data Control enters (the event's "Sacking Table, rows 4 and
up"); a roll that lands there with no value entered stops, naming the cell.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, OPTIONS_HELP, RULESET, Modifier, Season, total_of

OPEN_FIELD = "11.1 Defeated in the Open Field"
CAPTURE = "11.2 Capture of an inhabited region"
SACKING = "11.3 Sacking Table"
RALLY = "11.4 Rally After Combat"
PILLAGE = "12.2.2 Looting an Inhabited Region: Pillage"
HARVEST = "12.3 Imposing Tribute and Harvesting"
HARVEST_TABLE_RULE = "12 Harvest Table"
DEFENCES = "9.2.1 Defensive Value"
RESTORE_COST = 3  # §1.4, §9.2.1: "It costs 3 Booty markers to restore the Defensive to its original value."

# §11.3 SACKING TABLE (L520-529): the columns by SP put out of action or Garrison Value; "-" is no booty.
SACKING_COLUMNS = (
    ("sp_1_5", 1, 5),
    ("sp_6_10", 6, 10),
    ("sp_11_14", 11, 14),
    ("sp_15_20", 15, 20),
    ("sp_21_up", 21, None),
)
SACKING_TABLE = KeyedTable(
    "Sacking Table",
    SACKING,
    {
        "0 or less": {"sp_1_5": 0, "sp_6_10": 0, "sp_11_14": 0, "sp_15_20": 0, "sp_21_up": 0},
        "1": {"sp_1_5": 0, "sp_6_10": 0, "sp_11_14": 0, "sp_15_20": 1, "sp_21_up": 2},
        "2": {"sp_1_5": 0, "sp_6_10": 0, "sp_11_14": 1, "sp_15_20": 2, "sp_21_up": 3},
        "3": {"sp_1_5": 0, "sp_6_10": 1, "sp_11_14": 2, "sp_15_20": 3, "sp_21_up": 4},
    },
)
LAST_PRINTED_ROW = 3

# §12 HARVEST TABLE (L557-565): Booty gathered, by the region looted; a natural 1 is a revolt.
HARVEST_TABLE = KeyedTable(
    "Harvest Table",
    HARVEST_TABLE_RULE,
    {
        "2-4": {"plains": 0, "inhabited": 0, "other": 0},
        "5": {"plains": 1, "inhabited": 1, "other": 0},
        "6": {"plains": 1, "inhabited": 1, "other": 1},
        "7": {"plains": 2, "inhabited": 2, "other": 1},
        "8+": {"plains": 2, "inhabited": 3, "other": 2},
    },
)


@dataclass(frozen=True)
class SackingRow:
    result: int = spec("A modified result of 4 or more", min=4, max=30)
    sp_1_5: int | None = spec("Booty for 1-5", min=0, max=30, default=None)
    sp_6_10: int | None = spec("Booty for 6-10", min=0, max=30, default=None)
    sp_11_14: int | None = spec("Booty for 11-14", min=0, max=30, default=None)
    sp_15_20: int | None = spec("Booty for 15-20", min=0, max=30, default=None)
    sp_21_up: int | None = spec("Booty for 21+", min=0, max=30, default=None)


class Occasion(Choice):
    BATTLE = "battle"  # §11.1
    CAPTURE = "capture"  # §11.2
    PILLAGE = "pillage"  # §12.2.2


class BootyCount(Choice):
    """A15: the column after a battle: §11.1 SP put out of action, or the SP eliminated (§8.2 Phase 5, §8.4)."""

    PUT_OUT_OF_ACTION = "put_out_of_action"  # default
    ELIMINATED = "eliminated"


@dataclass(frozen=True)
class SackingOptions:
    count: BootyCount = spec(
        "A15, §11.1 against §8.2 Phase 5 and §8.4: the column after a battle is the loser's SP put out of action "
        "(default) or only its SP eliminated",
        default=BootyCount.PUT_OUT_OF_ACTION,
    )
    supreme_adds: bool = spec(
        "11.3: a supreme leader killed or captured gives +2 in place of the +1 of any leader (default) or both, +3",
        default=False,
    )


@dataclass(frozen=True)
class SackingInput:
    occasion: Occasion = spec("After a battle, a capture or a pillage")
    sp_put_out_of_action: int = spec("Battle: the loser's SP put out of action", min=0, max=400, default=0)
    sp_eliminated: int = spec("Battle: the loser's SP eliminated", min=0, max=400, default=0)
    garrison_value: int | None = spec("Capture or pillage: the region's Garrison Value", min=1, max=16, default=None)
    germans: bool = spec("The defeated army was Germans: -1", default=False)
    annihilated: bool = spec("The enemy army was annihilated: +1", default=False)
    legions_eliminated: int = spec("Praetorian or legion units eliminated: +1 each", min=0, max=20, default=0)
    leaders_taken: int = spec(
        "Leaders killed or captured: +1 each (the supreme leader counted apart)", min=0, max=10, default=0
    )
    supreme_taken: bool = spec("The supreme leader killed or captured: +2", default=False)
    impedimenta_destroyed: int = spec("Impedimenta counters destroyed: +1 each", min=0, max=5, default=0)
    garrison_eliminated: bool = spec("Capture: the garrison was eliminated just before the assault: +1", default=False)
    dacia_ravaged: bool = spec("Scenario 5, Dacia Ravaged: a pillage in Dacia, -1", default=False)
    leaderless: bool = spec("A leaderless army collects it", default=False)
    rows: tuple[SackingRow, ...] = spec(
        "The Sacking Table's rows from 4 up, from the event's data", max_items=30, default=()
    )
    options: SackingOptions = spec(OPTIONS_HELP, default=SackingOptions())


def sacking_modifiers(case: SackingInput, working: Working) -> list[Modifier]:
    """11.3 Modifiers, with Scenario 5's Dacia Ravaged."""
    found: list[Modifier] = [("defeated army was Germans", -1, SACKING)] if case.germans else []
    found += [("enemy army annihilated", 1, SACKING)] if case.annihilated else []
    found += (
        [(f"{case.legions_eliminated} praetorian or legion unit(s) eliminated", case.legions_eliminated, SACKING)]
        if case.legions_eliminated
        else []
    )
    found += (
        [(f"{case.leaders_taken} leader(s) killed or captured", case.leaders_taken, SACKING)]
        if case.leaders_taken
        else []
    )
    if case.supreme_taken:
        gives = "+2 and the +1 of a leader" if case.options.supreme_adds else "+2 in place of a leader's +1"
        working.note(f"Reading: the supreme leader gives {gives}", SACKING)
        found.append(("supreme leader killed or captured", 3 if case.options.supreme_adds else 2, SACKING))
    found += (
        [(f"{case.impedimenta_destroyed} impedimenta destroyed", case.impedimenta_destroyed, SACKING)]
        if case.impedimenta_destroyed
        else []
    )
    found += [("garrison eliminated just before the assault", 1, SACKING)] if case.garrison_eliminated else []
    found += [("Dacia Ravaged", -1, "S5 Special Rules")] if case.dacia_ravaged else []
    return found


def column_count(case: SackingInput, working: Working) -> int:
    if case.occasion is not Occasion.BATTLE:
        if case.garrison_value is None:
            raise RulesError(
                "garrison_value", "a capture or pillage reads the column by the region's Garrison Value (§11.2)"
            )
        working.step(f"Column by the Garrison Value {case.garrison_value} (§11.2)", CAPTURE, case.garrison_value)
        return case.garrison_value
    if case.options.count is BootyCount.ELIMINATED:
        working.note("Reading A15: the column counts the loser's SP eliminated only", OPEN_FIELD)
        return case.sp_eliminated
    working.note("Reading A15: the column counts the loser's SP put out of action (§11.1)", OPEN_FIELD)
    return case.sp_put_out_of_action


def column_of(count: int) -> str:
    return next(key for key, low, high in SACKING_COLUMNS if count >= low and (high is None or count <= high))


def sacking_booty(total: int, column: str, rows: Sequence[SackingRow], working: Working) -> int:
    """The printed rows up to 3; Control's rows from 4 up."""
    if total <= LAST_PRINTED_ROW:
        printed: int = SACKING_TABLE.lookup("0 or less" if total <= 0 else str(total), working, column=column)
        return printed
    row = next((row for row in rows if row.result == total), None)
    value: int | None = getattr(row, column) if row else None
    if value is None:
        raise RulesError(
            "rows",
            f"the Sacking Table has no value for {total} in column {column_label(column)} (the "
            "text stops at row 3, L528): Control enters it on the data tables page",
        )
    working.step(
        f"Sacking Table row {total}, column {column_label(column)} (entered by Control): {value}", SACKING, value
    )
    return value


def column_label(column: str) -> str:
    key, low, high = next(c for c in SACKING_COLUMNS if c[0] == column)
    return f"{low}-{high}" if high else f"{low}+"


def sack(case: SackingInput, dice: Dice, working: Working) -> int:
    count = column_count(case, working)
    if count <= 0:
        working.step("Nothing to count: no booty", SACKING, 0)
        return 0
    column = column_of(count)
    roll = working.roll(dice, DIE, "sacking")
    modifiers = sacking_modifiers(case, working)
    total = total_of(working, roll, modifiers, f"Sacking Table, column {column_label(column)}", SACKING)
    return sacking_booty(total, column, case.rows, working)


@procedure(RULESET, "sacking", title="Booty (Sacking Table)", source=SACKING, takes=SackingInput, dice="1 D6")
def sacking(case: SackingInput, dice: Dice) -> Result:
    """11.3: the booty a victor collects after a battle, a capture or a pillage."""
    working = Working()
    booty = sack(case, dice, working)
    kept = booty
    if case.leaderless and booty:
        working.step(f"A leaderless army spends its {booty} Booty on drink at once", SACKING, 0)
        kept = 0
    if case.occasion is not Occasion.BATTLE:
        working.step(
            "The region is Pillaged: no supply, no enemy recruitment, Defensive Value 0; not again for 12 months",
            CAPTURE,
        )
    return Result.of(
        "optimus_princeps.sacking", {"booty": kept, "pillaged": case.occasion is not Occasion.BATTLE}, working, dice
    )


# ---- optimus_princeps.harvest ---------------------------------------------------------------------------


class Looting(Choice):
    FORAGE = "forage"  # §12.2.1 an enemy rural region, +2, Pillaged after
    HARVEST = "harvest"  # §12.3.1 a rural region, summer or autumn only
    TRIBUTE = "tribute"  # §12.3.2 a controlled inhabited region


class Ground(Choice):
    """The Harvest Table's columns."""

    PLAINS = "plains"
    INHABITED = "inhabited"
    OTHER = "other"


class RevoltOn(Choice):
    """A26: whether the Revolt row is a natural 1 or a modified 1."""

    NATURAL_ONE = "natural_one"  # default: "If you roll a 1 on the D6"
    MODIFIED_ONE = "modified_one"


@dataclass(frozen=True)
class HarvestOptions:
    revolt_on: RevoltOn = spec(
        "A26, §12.3.2: a revolt on a natural 1 (default) or on a modified result of 1 or less",
        default=RevoltOn.NATURAL_ONE,
    )
    rural_revolt: bool = spec(
        "A26, §12: a revolt on foraging or harvesting puts SP out of action as for tribute (default yes), or has "
        "no effect",
        default=True,
    )


@dataclass(frozen=True)
class HarvestInput:
    looting: Looting = spec("Forage, harvest or impose tribute")
    ground: Ground = spec("Plains, an inhabited region, or other rural ground (forest, mountain, marsh)")
    season: Season = spec("The season now")
    roman_region: bool = spec("A Roman region: +2", default=False)
    garrison_value: int = spec("An inhabited region's Garrison Value (over 10: +1)", min=0, max=16, default=0)
    pillaged: bool = spec("The region is Pillaged now", default=False)
    done_this_season: bool = spec("This army already harvested or imposed tribute this season", default=False)
    dacia_ravaged: bool = spec("Scenario 5, Dacia Ravaged: in Dacia, -1", default=False)
    options: HarvestOptions = spec(OPTIONS_HELP, default=HarvestOptions())


def check_harvest(case: HarvestInput) -> None:
    if case.pillaged:
        raise RulesError("pillaged", "the region is Pillaged: not until the marker goes in spring (§12.2, §12.3)")
    if case.looting is Looting.TRIBUTE and case.ground is not Ground.INHABITED:
        raise RulesError("ground", "tribute is imposed on a controlled inhabited region (§12.3.2)")
    if case.looting is not Looting.TRIBUTE and case.ground is Ground.INHABITED:
        raise RulesError(
            "ground",
            "forage and harvest are for rural regions; an inhabited region is pillaged (§12.2.2) or pays tribute",
        )
    if case.looting is Looting.HARVEST and case.season not in (Season.SUMMER, Season.AUTUMN):
        raise RulesError("season", "a rural region is harvested in summer or autumn only (§12.3.1)")
    if case.looting is not Looting.FORAGE and case.done_this_season:
        raise RulesError("done_this_season", "an army harvests or imposes tribute once per season (§12.3)")


def harvest_modifiers(case: HarvestInput) -> list[Modifier]:
    """12 Harvest Table Modifiers, with Scenario 5's Dacia Ravaged."""
    found: list[Modifier] = [("winter", -1, HARVEST_TABLE_RULE)] if case.season is Season.WINTER else []
    found += [("foraging", 2, HARVEST_TABLE_RULE)] if case.looting is Looting.FORAGE else []
    found += [("Roman region", 2, HARVEST_TABLE_RULE)] if case.roman_region else []
    found += (
        [("Garrison Value over 10", 1, HARVEST_TABLE_RULE)]
        if case.ground is Ground.INHABITED and case.garrison_value > 10
        else []
    )
    found += [("Dacia Ravaged", -1, "S5 Special Rules")] if case.dacia_ravaged else []
    return found


def harvest_row(total: int) -> str:
    if total >= 8:
        return "8+"
    return "2-4" if total <= 4 else str(total)


@procedure(
    RULESET,
    "harvest",
    title="Forage, harvest or tribute",
    source=HARVEST,
    takes=HarvestInput,
    dice="1 D6; 1 more on a revolt",
)
def harvest(case: HarvestInput, dice: Dice) -> Result:
    """12: a D6 on the Harvest Table: the Booty gathered, or a revolt that puts SP out of action."""
    working = Working()
    check_harvest(case)
    roll = working.roll(dice, DIE, case.looting.label)
    total = total_of(working, roll, harvest_modifiers(case), "Harvest Table", HARVEST_TABLE_RULE)
    revolt = roll == 1 if case.options.revolt_on is RevoltOn.NATURAL_ONE else total <= 1
    working.note(f"Reading A26: a revolt on a {case.options.revolt_on.label.replace('one', '1')}", HARVEST)
    outcome: dict[str, Any] = {
        "result": total,
        "booty": 0,
        "revolt": revolt,
        "hdc": 0,
        "pillaged": case.looting is Looting.FORAGE,
    }
    if revolt:
        outcome["hdc"] = revolt_losses(case, dice, working)
    elif total <= 1:
        working.step(f"{total}: not on the table, no booty", HARVEST_TABLE_RULE, 0)
    else:
        outcome["booty"] = HARVEST_TABLE.lookup(harvest_row(total), working, column=case.ground.value)
    if case.looting is Looting.FORAGE:
        working.step("Place a Pillaged marker on the region", "12.2.1 Forage")
    return Result.of("optimus_princeps.harvest", outcome, working, dice)


def revolt_losses(case: HarvestInput, dice: Dice, working: Working) -> int:
    """12.3.2: "Reroll the D6, that is how many SP are put out of action"."""
    if case.looting is not Looting.TRIBUTE and not case.options.rural_revolt:
        working.note("Reading A26: a revolt on a rural region has no effect", HARVEST)
        return 0
    hdc = working.roll(dice, DIE, "revolt")
    working.step(f"Revolt: {hdc} SP put out of action by citizens refusing to pay", "12.3.2 Tribute", hdc)
    return hdc


# ---- optimus_princeps.rally ---------------------------------------------------------------------------


class RallyCost(Choice):
    """A23: §11.4 "1 AP and 1 Booty marker for each SP", §1.4 "1 Booty marker = 1 HDC SP restored"."""

    AP_AND_BOOTY = "ap_and_booty"  # default: §11.4
    BOOTY_ONLY = "booty_only"  # §1.4


@dataclass(frozen=True)
class RallyOptions:
    cost: RallyCost = spec(
        "A23, §11.4 against §1.4: each HDC SP rallied costs 1 AP and 1 Booty (default) or 1 Booty only",
        default=RallyCost.AP_AND_BOOTY,
    )


@dataclass(frozen=True)
class RallyInput:
    hdc_sp: int = spec("HDC SP the player rallies", min=1, max=60)
    booty: int = spec("Booty markers the army holds", min=0, max=60)
    ap: int = spec("AP the side has left", min=0, max=9)
    leader: bool = spec("A leader is with the army (Booty needs one, §1.4)", default=True)
    options: RallyOptions = spec(OPTIONS_HELP, default=RallyOptions())


@procedure(RULESET, "rally", title="Rally after combat", source=RALLY, takes=RallyInput)
def rally(case: RallyInput, dice: Dice) -> Result:
    """11.4: at the end of combat, HDC SP restored to good order for Booty (and AP)."""
    working = Working()
    if not case.leader:
        raise RulesError("leader", "you must always have a leader in order to use Booty markers (§1.4)")
    ap = case.hdc_sp if case.options.cost is RallyCost.AP_AND_BOOTY else 0
    working.note("Reading A23: " + ("1 AP and 1 Booty per SP (§11.4)" if ap else "1 Booty per SP (§1.4)"), RALLY)
    if case.booty < case.hdc_sp or case.ap < ap:
        raise RulesError(
            "hdc_sp",
            f"{case.hdc_sp} SP cost {case.hdc_sp} Booty and {ap} AP; the army has "
            f"{case.booty} Booty and the side {case.ap} AP",
        )
    working.step(f"{case.hdc_sp} SP back in good order for {case.hdc_sp} Booty and {ap} AP", RALLY, case.hdc_sp)
    return Result.of(
        "optimus_princeps.rally",
        {
            "rallied": case.hdc_sp,
            "booty_spent": case.hdc_sp,
            "ap_spent": ap,
            "booty_left": case.booty - case.hdc_sp,
            "ap_left": case.ap - ap,
        },
        working,
        dice,
    )


# ---- optimus_princeps.restore_defences ----------------------------------------------------------------


class RegionType(Choice):
    TRIBAL_SITE = "tribal_site"
    CITY = "city"
    VILLAGE = "village"
    GARRISON = "garrison"


@dataclass(frozen=True)
class RestoreInput:
    region_type: RegionType = spec("A tribal site, city, village or garrison (§9.10)")
    roman: bool = spec("The Roman player restores it")
    season: Season = spec("The season now")
    booty: int = spec("Booty markers the leader there holds", min=0, max=60)
    own_region: bool = spec("The barbarian's own city or village (§9.10.2)", default=True)
    pillaged: bool = spec("It still has a Pillaged marker", default=False)


@procedure(
    RULESET,
    "restore_defences",
    title="Restore a Defensive Value",
    source="9.10 Rebuilding the Defenses",
    takes=RestoreInput,
)
def restore_defences(case: RestoreInput, dice: Dice) -> Result:
    """9.2.1 and §9.10: 3 Booty restore a region's Defensive Value; a tribal site recovers it free in spring."""
    working = Working()
    if case.pillaged:
        raise RulesError("pillaged", "the region must no longer have a Pillaged marker (§9.10)")
    if case.region_type is RegionType.TRIBAL_SITE and case.roman:
        raise RulesError("roman", "the Roman player cannot rebuild the Defense Value of a tribal site (§9.10.1)")
    if (
        case.region_type is not RegionType.TRIBAL_SITE
        and not case.roman
        and not (case.own_region and case.region_type is not RegionType.GARRISON)
    ):
        raise RulesError("own_region", "the barbarian player rebuilds only his own cities and villages (§9.10.2)")
    if case.region_type is RegionType.TRIBAL_SITE and case.season is Season.SPRING:
        working.step(
            "A barbarian occupying his own tribal site in spring: its Defensive Value returns to its maximum, free",
            "9.10.1 Tribal Site",
            0,
        )
        return Result.of("optimus_princeps.restore_defences", {"restored": True, "booty_spent": 0}, working, dice)
    if case.booty < RESTORE_COST:
        raise RulesError("booty", f"it costs {RESTORE_COST} Booty markers; the leader has {case.booty}")
    working.step(f"{RESTORE_COST} Booty: the Defensive Value returns to its original value", DEFENCES, RESTORE_COST)
    return Result.of(
        "optimus_princeps.restore_defences", {"restored": True, "booty_spent": RESTORE_COST}, working, dice
    )
