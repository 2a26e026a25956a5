"""9.1-9.3 and 9.7 The Celts: the tribe (9.11-9.12), its recovery in the Tribal Segment (9.13), Parley (9.15),
its battle force (9.16), raising troops from it (9.2), diplomacy with it and with a settlement (9.33, 9.74), and
the tribal settlement's garrison (9.71). Unreliability, losses and looting are in gauls.py."""

import math
from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Named, Outcome, PercentageLossRow, Side, percentage_of, roll_d10, total

TRIBE_RULE = "9.12 Tribes"
RECOVERY_RULE = "9.13 Tribal Segment"
PARLEY_RULE = "9.15 Parley"
BATTLE_RULE = "9.16 Battle"
RAISE_RULE = "9.23 Raising Troops from the Tribes"
DIPLOMACY_RULE = "9.33 Celtic Alliances"
SETTLEMENT_RULE = "9.71 Tribal Settlements"
CAVALRY_PERCENT = 10  # 9.16, 9.23 "10% of those SP are considered cavalry SP"
NON_ALLIED_FORCE = 20  # 9.13 "a non-allied leader-led force of 20+ SP"
SETTLEMENT_AR = 4  # 9.74 "if none there, an Aggression Rating of 4"
SETTLEMENT_IDS = {"flat": 1, "other": 3}  # 9.71


class Allegiance(Named):
    ROMAN = "roman"
    CARTHAGINIAN = "carthaginian"
    NEUTRAL = "neutral"


def depleted_rating(aggression: int, depleted: bool, working: Working) -> int:
    """9.12: a Depleted tribe's Aggression Rating is halved, rounding up."""
    if not depleted:
        return aggression
    halved = math.ceil(aggression / 2)
    working.step(f"Depleted: Aggression Rating {aggression} halved (round up) to {halved}", TRIBE_RULE, halved)
    return halved


# ---- thunderbolt.tribe_recovery -----------------------------------------------------------------------------------


class PacifiedRating(Choice):
    PRINTED = "printed"  # 9.13 "the Aggression Rating"
    DEPLETED = "depleted"  # 9.12: a Pacified tribe is always Depleted, so its rating is halved (round up)


@dataclass(frozen=True)
class RecoveryOptions:
    pacified_rating: PacifiedRating = spec(
        "9.13 and 9.12: the Aggression Rating Pacification Removal compares with — the printed one (default), or "
        "the Depleted one halved rounding up, a Pacified tribe being always Depleted",
        default=PacifiedRating.PRINTED,
    )


@dataclass(frozen=True)
class RecoveryInput:
    tribe: str = spec("The tribe")
    aggression: int = spec("Its Aggression Rating", min=0, max=9)
    manpower: int = spec("Its Manpower Rating", min=0, max=9)
    depleted: bool = spec("It is on its Depleted side")
    pacified: bool = spec("It has a Pacified marker", default=False)
    non_allied_force_in_province: bool = spec(
        "A non-allied leader-led force of 20+ SP is in its base province", default=False
    )
    devastated: bool = spec("Its province is Devastated", default=False)
    options: RecoveryOptions = spec("Readings of points the rulebook leaves open", default=RecoveryOptions())


def pacification_removed(case: RecoveryInput, dice: Dice, working: Working) -> bool:
    rating = case.aggression
    if case.options.pacified_rating is PacifiedRating.DEPLETED:
        rating = depleted_rating(rating, True, working)
    if case.non_allied_force_in_province:
        rating //= 2
        working.step(f"A non-allied force of 20+ SP in the province: half the rating, {rating}", RECOVERY_RULE)
    roll = roll_d10(working, dice, f"Pacification Removal: {case.tribe}")
    active = roll <= rating
    working.step(
        f"{roll} against {rating}: {'Active again (still Depleted)' if active else 'stays Pacified'}",
        RECOVERY_RULE,
        active,
    )
    return active


@procedure(
    RULESET,
    "tribe_recovery",
    title="Tribal Segment: Depletion Recovery and Pacification Removal (B/4)",
    source=RECOVERY_RULE,
    takes=RecoveryInput,
    dice=f"{D10} each",
)
def tribe_recovery(case: RecoveryInput, dice: Dice) -> Result:
    """9.13: a Depleted tribe recovers on a DR no higher than its Manpower Rating; a Pacified one becomes Active
    on a DR no higher than its Aggression Rating (half, round down, with a non-allied 20+ SP force in its province)
    and stays Depleted. No rolls in a Devastated province."""
    working = Working()
    if case.devastated:
        working.step("Devastated province: no rolls", RECOVERY_RULE)
        return Result.of(
            f"{RULESET}.tribe_recovery", {"depleted": case.depleted, "pacified": case.pacified}, working, dice
        )
    working.choice(f"Pacification Removal uses the {case.options.pacified_rating.label} rating", RECOVERY_RULE)
    depleted = case.depleted
    if case.depleted and not case.pacified:
        roll = roll_d10(working, dice, f"Depletion Recovery: {case.tribe}")
        depleted = roll > case.manpower
        working.step(
            f"{roll} against Manpower {case.manpower}: {'stays Depleted' if depleted else 'full strength'}",
            RECOVERY_RULE,
            not depleted,
        )
    pacified = case.pacified and not pacification_removed(case, dice, working)
    return Result.of(
        f"{RULESET}.tribe_recovery", {"depleted": depleted or case.pacified, "pacified": pacified}, working, dice
    )


# ---- thunderbolt.parley -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParleyInput:
    aggression: int = spec("The intercepting tribe's Aggression Rating", min=0, max=9)
    guile_points: int = spec("Guile Points the leader spends (at least 1)", min=1, max=9)
    depleted: bool = spec("The tribe is Depleted", default=False)


@procedure(
    RULESET, "parley", title="Parley with an intercepting tribe", source=PARLEY_RULE, takes=ParleyInput, dice=D10
)
def parley(case: ParleyInput, dice: Dice) -> Result:
    """9.15: spend 1 or more Guile Points and roll, adding them; higher than the tribe's Aggression Rating: the
    attack is called off."""
    working = Working()
    rating = depleted_rating(case.aggression, case.depleted, working)
    roll = roll_d10(working, dice, "Parley")
    adjusted = total(working, roll, [("Guile Points spent", case.guile_points, PARLEY_RULE)])
    cancelled = adjusted > rating
    working.step(
        f"{adjusted} against {rating}: {'attack cancelled' if cancelled else 'the attack takes place'}",
        PARLEY_RULE,
        cancelled,
    )
    return Result.of(f"{RULESET}.parley", {"adjusted": adjusted, "cancelled": cancelled}, working, dice)


# ---- thunderbolt.tribal_force -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TribalForceInput:
    aggression: int = spec("The tribe's Aggression Rating", min=0, max=9)
    depleted: bool = spec("The tribe is Depleted", default=False)
    percentage_loss: tuple[PercentageLossRow, ...] = spec(
        "The Percentage Loss Chart's cells (AW), for the 10% cavalry", default=()
    )


@procedure(
    RULESET, "tribal_force", title="A tribe's force for a battle", source=BATTLE_RULE, takes=TribalForceInput, dice=D10
)
def tribal_force(case: TribalForceInput, dice: Dice) -> Result:
    """9.16: the tribe's ally rolls; SP = DR x Aggression Rating (halved, round up, if Depleted), 10% of them
    cavalry by the Percentage Loss Chart; a 0 cancels the Attack or Interception."""
    working = Working()
    rating = depleted_rating(case.aggression, case.depleted, working)
    roll = roll_d10(working, dice, "tribal force")
    if roll == 0:
        working.step(
            "DR 0: the Attack or Interception is cancelled (after an Attack Operation, continuation by die roll)",
            BATTLE_RULE,
        )
        return Result.of(f"{RULESET}.tribal_force", {"cancelled": True, "sp": 0, "cavalry": 0}, working, dice)
    sp = roll * rating
    working.step(f"{roll} x {rating} = {sp} SP", BATTLE_RULE, sp)
    cavalry = percentage_of(
        case.percentage_loss, CAVALRY_PERCENT, sp, field="percentage_loss", working=working, rule=BATTLE_RULE
    )
    return Result.of(f"{RULESET}.tribal_force", {"cancelled": False, "sp": sp, "cavalry": cavalry}, working, dice)


# ---- thunderbolt.raise_tribe --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RaiseTribeInput:
    side: Side = spec("The player raising")
    campaign_rating: int = spec("The leader's Campaign Rating", min=0, max=9)
    guile_rating: int = spec("The leader's printed Guile Rating", min=0, max=9)
    manpower: int = spec("The tribe's Manpower Rating", min=0, max=9)
    attempts_this_phase: int = spec(
        "Such operations he has made already this Operations Phase", min=0, max=9, default=0
    )
    guile_points_spent: int = spec("Guile Points he spends (-1 each)", min=0, max=9, default=0)
    won_nearby: Outcome | None = spec(
        "His best result this turn in or next to the province (victory or major)", default=None
    )
    in_hispania: bool = spec("The tribe is in the Hispania Theater", default=True)
    tribe_allied_and_full: bool = spec(
        "The tribe is allied to him, neither Pacified nor Depleted, in his province", default=True
    )
    percentage_loss: tuple[PercentageLossRow, ...] = spec(
        "The Percentage Loss Chart's cells (AW), for the 10% cavalry", default=()
    )


def check_raise_tribe(case: RaiseTribeInput) -> None:
    if case.side is Side.ROMAN and not case.in_hispania:
        raise RulesError("in_hispania", "the Roman player raises troops from tribes only in Hispania (9.21)")
    if not case.tribe_allied_and_full:
        raise RulesError(
            "tribe_allied_and_full",
            "only an allied tribe neither Pacified nor Depleted, in the leader's province (9.21)",
        )
    if case.attempts_this_phase >= case.guile_rating:
        raise RulesError(
            "attempts_this_phase", f"no more such operations than his Guile Rating, {case.guile_rating} (9.22)"
        )


def raise_modifiers(case: RaiseTribeInput) -> list[Modifier]:
    found: list[Modifier] = (
        [("Guile Points spent", -case.guile_points_spent, RAISE_RULE)] if case.guile_points_spent else []
    )
    won, bonuses = case.won_nearby, {Outcome.MAJOR_VICTORY: -3, Outcome.VICTORY: -1}
    if won in bonuses:
        found.append((f"He won a {won.label} this turn nearby", bonuses[won], RAISE_RULE))
    return found


@procedure(
    RULESET,
    "raise_tribe",
    title="Raise troops from a tribe",
    source=RAISE_RULE,
    takes=RaiseTribeInput,
    dice=f"{D10}; {D10} for the SP",
)
def raise_tribe(case: RaiseTribeInput, dice: Dice) -> Result:
    """9.21-9.23: roll, -1 a Guile Point spent, -1 after a victory or -3 after a Major Victory nearby; no higher
    than his Campaign Rating: roll again, SP = DR x Manpower Rating, 10% may be cavalry; the tribe is Depleted.
    A 0 brings nothing and leaves the tribe undepleted."""
    working = Working()
    check_raise_tribe(case)
    roll = roll_d10(working, dice, "Raise troops from a tribe")
    adjusted = total(working, roll, raise_modifiers(case))
    if adjusted > case.campaign_rating:
        working.step(f"{adjusted} is higher than Campaign Rating {case.campaign_rating}: no troops", RAISE_RULE)
        return Result.of(
            f"{RULESET}.raise_tribe", {"success": False, "sp": 0, "cavalry": 0, "depleted": False}, working, dice
        )
    second = roll_d10(working, dice, "SP raised")
    sp = second * case.manpower
    working.step(f"{second} x Manpower {case.manpower} = {sp} SP", RAISE_RULE, sp)
    cavalry = percentage_of(
        case.percentage_loss, CAVALRY_PERCENT, sp, field="percentage_loss", working=working, rule=RAISE_RULE
    )
    outcome = {"success": True, "sp": sp, "cavalry": cavalry, "depleted": sp > 0}
    return Result.of(f"{RULESET}.raise_tribe", outcome, working, dice)


# ---- thunderbolt.tribe_diplomacy ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DiplomacyInput:
    side: Side = spec("The player making the attempt")
    aggression: int | None = spec(
        "The tribe's Aggression Rating (for a settlement: the nearest tribe's in the province; none: 4)",
        min=0,
        max=9,
        default=None,
    )
    guile_points_spent: int = spec("Guile Points spent (+1 each)", min=0, max=9, default=0)
    side_won_here: Outcome | None = spec("His side's best result this turn in that province", default=None)
    in_hispania: bool = spec("The tribe is in the Hispania Theater", default=False)
    in_cisalpina_or_liguria: bool = spec("The tribe is in the Gallia Cisalpina or Liguria Theater", default=False)
    pacified: bool = spec("The tribe is Pacified", default=False)


def diplomacy_modifiers(case: DiplomacyInput) -> list[Modifier]:
    found: list[Modifier] = (
        [("Guile Points spent", case.guile_points_spent, DIPLOMACY_RULE)] if case.guile_points_spent else []
    )
    won, bonuses = case.side_won_here, {Outcome.MAJOR_VICTORY: 5, Outcome.VICTORY: 2}
    if won in bonuses:
        found.append((f"His side won a {won.label} in the province", bonuses[won], DIPLOMACY_RULE))
    home = case.in_hispania if case.side is Side.ROMAN else case.in_cisalpina_or_liguria
    if home:
        found.append(("Roman in Hispania / Carthaginian in Gallia Cisalpina or Liguria", 1, DIPLOMACY_RULE))
    return found


@procedure(
    RULESET,
    "tribe_diplomacy",
    title="Diplomacy with a tribe or a tribal settlement",
    source=DIPLOMACY_RULE,
    takes=DiplomacyInput,
    dice=D10,
)
def tribe_diplomacy(case: DiplomacyInput, dice: Dice) -> Result:
    """9.32-9.33, 9.74: roll, +1 a Guile Point, +2 after a victory or +5 after a Major Victory in the province, +1
    for Rome in Hispania or Carthage in Gallia Cisalpina/Liguria; higher than the Aggression Rating: allied to
    him; the same: Neutral; lower: no change. A settlement with no tribe in its province uses 4."""
    working = Working()
    if case.pacified:
        raise RulesError("pacified", "the allegiance of a Pacified tribe cannot be changed (9.32)")
    rating = SETTLEMENT_AR if case.aggression is None else case.aggression
    if case.aggression is None:
        working.step("No tribe in the province: Aggression Rating 4", "9.74", rating)
    roll = roll_d10(working, dice, "Diplomacy")
    adjusted = total(working, roll, diplomacy_modifiers(case))
    result = case.side.value if adjusted > rating else "neutral" if adjusted == rating else "no change"
    working.step(f"{adjusted} against {rating}: {result}", DIPLOMACY_RULE, result)
    return Result.of(f"{RULESET}.tribe_diplomacy", {"adjusted": adjusted, "allegiance": result}, working, dice)


# ---- thunderbolt.settlement_garrison ------------------------------------------------------------------------------


class Terrain(Named):
    FLAT = "flat"
    OTHER = "other"


@dataclass(frozen=True)
class SettlementInput:
    terrain: Terrain = spec("The settlement's hex: Flat, or any other terrain")
    occupied_by_infantry: bool = spec("Infantry SP of either player occupy it", default=False)


@procedure(
    RULESET,
    "settlement_garrison",
    title="Tribal settlement: IDS and intrinsic garrison",
    source=SETTLEMENT_RULE,
    takes=SettlementInput,
    dice=D10,
)
def settlement_garrison(case: SettlementInput, dice: Dice) -> Result:
    """9.71: IDS 1 in a Flat hex, 3 elsewhere; facing an Involuntary Surrender or Under Siege Operation it raises a
    garrison of the DR divided by 3, rounded up, a 0 counting 1; none if infantry occupy it."""
    working = Working()
    ids = SETTLEMENT_IDS[case.terrain.value]
    working.step(f"{case.terrain.title} hex: IDS {ids}", SETTLEMENT_RULE, ids)
    if case.occupied_by_infantry:
        working.step("Occupied by infantry SP: no garrison raised", SETTLEMENT_RULE)
        return Result.of(f"{RULESET}.settlement_garrison", {"ids": ids, "garrison": 0}, working, dice)
    roll = roll_d10(working, dice, "settlement garrison")
    garrison = math.ceil(max(roll, 1) / 3)
    working.step(
        f"{max(roll, 1)} / 3, rounded up: {garrison} infantry SP (removed in G/1 unless Under Siege)",
        SETTLEMENT_RULE,
        garrison,
    )
    return Result.of(f"{RULESET}.settlement_garrison", {"ids": ids, "garrison": garrison}, working, dice)


# ---- thunderbolt.tribe_status -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatusInput:
    allegiance: Allegiance = spec("The tribe's allegiance")
    aggression: int = spec("Its printed Aggression Rating", min=0, max=9)
    side: Side = spec("The player asking")
    depleted: bool = spec("On its Depleted side", default=False)
    pacified: bool = spec("Pacified", default=False)
    in_revolt: bool = spec("In Revolt (12.1)", default=False)


def tribe_may(case: StatusInput) -> dict[str, bool]:
    allied = case.allegiance.value == case.side.value
    opposed = not allied and case.allegiance is not Allegiance.NEUTRAL
    active = not case.pacified
    return {
        "intercept_for_him": active and allied and not case.in_revolt,
        "intercept_him": active and (opposed or (allied and case.in_revolt)),
        "be_attacked_by_him": active and (not allied or case.in_revolt),
        "raise_manpower": active and allied and not case.depleted and not case.in_revolt,
        "diplomacy": active and not (allied and case.in_revolt),
    }


@procedure(
    RULESET, "tribe_status", title="A tribe: what it and each player may do", source=TRIBE_RULE, takes=StatusInput
)
def tribe_status(case: StatusInput, dice: Dice) -> Result:
    """9.12, 9.14, 9.18, 12.1: a Pacified tribe (always Depleted) cannot intercept or be attacked; a Depleted one
    intercepts and defends at half its Aggression Rating (round up) and gives no manpower; one In Revolt is hostile
    to its ally, who may attack it but not raise, treat or intercept with it."""
    working = Working()
    rating = depleted_rating(case.aggression, case.depleted or case.pacified, working)
    may = tribe_may(case)
    for action, allowed in may.items():
        working.step(f"{action.replace('_', ' ')}: {'yes' if allowed else 'no'}", TRIBE_RULE, allowed)
    return Result.of(f"{RULESET}.tribe_status", {"aggression": rating, **may}, working, dice)
