"""9.4-9.6 Celtic unreliability, Gallic losses and Gallic looting: Carthaginian garrisons going home (9.42),
Gauls deserting the Romans (9.43) or failing the Carthaginians (9.44), Gauls taking the losses (9.5), and Gauls
looting a captured city (9.6)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import D10, RULESET, Modifier, PercentageLossRow, percentage_of, roll_d10, total

GARRISON_RULE = "9.42 Carthaginian Garrisons"
ROMAN_DESERTION_RULE = "9.43 Roman Gallic Desertion"
CARTHAGINIAN_DESERTION_RULE = "9.44 Carthaginian Gallic Desertion"
LOSSES_RULE = "9.5 Gallic Losses"
LOOTING_RULE = "9.6 Gallic Looting"
GAULS_FROM, IBERIANS_FROM = 6, 8  # 9.42 "for each number above 6 ... For each number above 8"


# ---- thunderbolt.garrison_desertion -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GarrisonInput:
    gallic_sp: int = spec("Gallic SP in the garrison", min=0, max=99)
    iberian_sp: int = spec("Iberian/Celtiberian SP in the garrison", min=0, max=99)
    major_victory_in_province_last_turn: bool = spec(
        "A Major Carthaginian Victory in the province last GT", default=False
    )
    hannibal_within_5_hexes: bool = spec("Hannibal is within 5 hexes", default=False)
    same_contingent_tribe_in_province: bool = spec(
        "A Tribe of the garrison's contingent is in the province", default=False
    )
    army_or_detachment_inside: bool = spec("A Carthaginian Army or Detachment is inside the city", default=False)


def garrison_modifiers(case: GarrisonInput) -> list[Modifier]:
    return [
        m
        for m, met in (
            (
                ("Major Carthaginian Victory in the province last GT", -2, GARRISON_RULE),
                case.major_victory_in_province_last_turn,
            ),
            (("Hannibal within 5 hexes", -2, GARRISON_RULE), case.hannibal_within_5_hexes),
            (
                ("A Tribe of the same contingent in the province", 2, GARRISON_RULE),
                case.same_contingent_tribe_in_province,
            ),
        )
        if met
    ]


@procedure(
    RULESET,
    "garrison_desertion",
    title="Carthaginian garrison of Gauls/Iberians (B/4/c)",
    source=GARRISON_RULE,
    takes=GarrisonInput,
    dice=D10,
)
def garrison_desertion(case: GarrisonInput, dice: Dice) -> Result:
    """9.42: for each unbesieged city with Gauls or Iberians and no Army or Detachment inside, roll: each point
    above 6 sends a Gallic SP home, each point above 8 an Iberian/Celtiberian SP too."""
    working = Working()
    if case.army_or_detachment_inside:
        raise RulesError("army_or_detachment_inside", "no roll for a city with an Army or Detachment inside (9.42)")
    roll = roll_d10(working, dice, "garrison")
    adjusted = total(working, roll, garrison_modifiers(case))
    gauls = min(case.gallic_sp, max(0, adjusted - GAULS_FROM))
    iberians = min(case.iberian_sp, max(0, adjusted - IBERIANS_FROM))
    working.step(
        f"{gauls} Gallic and {iberians} Iberian/Celtiberian SP go home (to their holding boxes)",
        GARRISON_RULE,
        gauls + iberians,
    )
    return Result.of(f"{RULESET}.garrison_desertion", {"gallic_home": gauls, "iberian_home": iberians}, working, dice)


# ---- thunderbolt.roman_gallic_desertion ---------------------------------------------------------------------------


class ThatNumber(Choice):
    ADJUSTED_DR = "adjusted_dr"  # 9.43 "he transfers that number": the number just named, the adjusted DR
    DIFFERENCE = "difference"  # as 9.44 says it: the difference between the DR and the Campaign Rating


@dataclass(frozen=True)
class RomanDesertionOptions:
    that_number: ThatNumber = spec(
        "9.43: the Gallic SP transferred when the DR is lower — 'that number', the adjusted DR (default), or the "
        "difference between it and the Campaign Rating as 9.44 counts",
        default=ThatNumber.ADJUSTED_DR,
    )


@dataclass(frozen=True)
class RomanDesertionInput:
    carthaginian_campaign_rating: int = spec("The Carthaginian leader's Campaign Rating", min=0, max=9)
    roman_gallic_sp: int = spec("Gallic SP in the Roman force", min=1, max=99)
    carthaginian_guile: int = spec("Guile Points the Carthaginian spends (-1 each)", min=0, max=9, default=0)
    roman_guile: int = spec("Guile Points the Roman spends (+1 each)", min=0, max=9, default=0)
    options: RomanDesertionOptions = spec(
        "Readings of points the rulebook leaves open", default=RomanDesertionOptions()
    )


@procedure(
    RULESET,
    "roman_gallic_desertion",
    title="Gauls desert the Romans?",
    source=ROMAN_DESERTION_RULE,
    takes=RomanDesertionInput,
    dice=D10,
)
def roman_gallic_desertion(case: RomanDesertionInput, dice: Dice) -> Result:
    """9.43: before a battle with Gauls in the Roman force, the Carthaginian may roll, both sides spending Guile
    Points; lower than his Campaign Rating: that many Gauls come over (no AER effect); the same: nothing; higher:
    the Gauls are Elite for the battle."""
    working = Working()
    roll = roll_d10(working, dice, "Roman Gallic Desertion")
    modifiers = [
        m
        for m in (
            ("Carthaginian Guile Points", -case.carthaginian_guile, ROMAN_DESERTION_RULE),
            ("Roman Guile Points", case.roman_guile, ROMAN_DESERTION_RULE),
        )
        if m[1]
    ]
    adjusted = total(working, roll, modifiers)
    rating = case.carthaginian_campaign_rating
    working.choice(f"'That number' read as the {case.options.that_number.label}", ROMAN_DESERTION_RULE)
    if adjusted < rating:
        count = adjusted if case.options.that_number is ThatNumber.ADJUSTED_DR else rating - adjusted
        moved = min(case.roman_gallic_sp, max(0, count))
        result = "desert"
    else:
        moved, result = 0, "no effect" if adjusted == rating else "elite"
    working.step(f"{adjusted} against {rating}: {result}; {moved} Gallic SP go over", ROMAN_DESERTION_RULE, moved)
    return Result.of(f"{RULESET}.roman_gallic_desertion", {"result": result, "sp_transferred": moved}, working, dice)


# ---- thunderbolt.carthaginian_gallic_desertion --------------------------------------------------------------------


@dataclass(frozen=True)
class CarthaginianDesertionInput:
    campaign_rating: int = spec("The Carthaginian leader's Campaign Rating", min=0, max=9)
    gallic_infantry: int = spec("Gallic infantry SP in his force", min=0, max=99)
    gallic_cavalry: int = spec("Gallic cavalry SP in his force", min=0, max=99, default=0)
    guile_points: int = spec("Guile Points he spends (-1 each)", min=0, max=9, default=0)
    hannibal_commands: bool = spec("Hannibal commands", default=False)
    infantry_removed_first: bool = spec("Remove deserters from the infantry first (else the cavalry)", default=True)


def remove_deserters(case: CarthaginianDesertionInput, count: int) -> tuple[int, int]:
    first = min(count, case.gallic_infantry if case.infantry_removed_first else case.gallic_cavalry)
    second = count - first
    if case.infantry_removed_first:
        return case.gallic_infantry - first, max(0, case.gallic_cavalry - second)
    return max(0, case.gallic_infantry - second), case.gallic_cavalry - first


@procedure(
    RULESET,
    "carthaginian_gallic_desertion",
    title="Are the Carthaginian Gauls reliable?",
    source=CARTHAGINIAN_DESERTION_RULE,
    takes=CarthaginianDesertionInput,
    dice=D10,
)
def carthaginian_gallic_desertion(case: CarthaginianDesertionInput, dice: Dice) -> Result:
    """9.44: before a battle in Roman Italy without Hannibal, roll less Guile Points; higher than the Campaign
    Rating: the difference in Gauls go home and the rest count half (round down); the same: all count half; lower:
    no change. The halved values count for the ratio and cavalry superiority; printed SP take the losses."""
    working = Working()
    if case.hannibal_commands:
        raise RulesError("hannibal_commands", "no check when Hannibal commands (9.44)")
    roll = roll_d10(working, dice, "Carthaginian Gallic Desertion")
    guile: list[Modifier] = (
        [("Guile Points", -case.guile_points, CARTHAGINIAN_DESERTION_RULE)] if case.guile_points else []
    )
    adjusted = total(working, roll, guile)
    gone = max(0, adjusted - case.campaign_rating)
    infantry, cavalry = remove_deserters(case, gone)
    halved = adjusted >= case.campaign_rating
    counted = (infantry // 2, cavalry // 2) if halved else (infantry, cavalry)
    working.step(
        f"{adjusted} against {case.campaign_rating}: {gone} SP go home; {infantry} infantry and {cavalry} "
        f"cavalry count as {counted[0]} and {counted[1]}",
        CARTHAGINIAN_DESERTION_RULE,
        gone,
    )
    outcome = {
        "sp_home": gone,
        "infantry": infantry,
        "cavalry": cavalry,
        "infantry_counted": counted[0],
        "cavalry_counted": counted[1],
    }
    return Result.of(f"{RULESET}.carthaginian_gallic_desertion", outcome, working, dice)


# ---- thunderbolt.gallic_losses ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LossesInput:
    gallic_loss: int = spec("The Gallic contingent's losses from the battle", min=0, max=999)
    gallic_sp: int = spec("Gallic SP in the army", min=0, max=999)
    other_losses: int = spec("The other contingents' losses, together", min=0, max=999)


@procedure(RULESET, "gallic_losses", title="Gauls take the losses", source=LOSSES_RULE, takes=LossesInput)
def gallic_losses(case: LossesInput, dice: Dice) -> Result:
    """9.5: the Carthaginian may increase his Gallic losses by half (round down) to spare as many SP of the other
    contingents, his choice which."""
    working = Working()
    extra = min(case.gallic_loss // 2, case.gallic_sp - case.gallic_loss, case.other_losses)
    working.step(
        f"Gallic losses {case.gallic_loss} + {extra} = {case.gallic_loss + extra}; other contingents "
        f"{case.other_losses} - {extra} = {case.other_losses - extra}",
        LOSSES_RULE,
        extra,
    )
    outcome = {"gallic_loss": case.gallic_loss + extra, "other_losses": case.other_losses - extra}
    return Result.of(f"{RULESET}.gallic_losses", outcome, working, dice)


# ---- thunderbolt.gallic_looting -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class LootingInput:
    gallic_sp: int = spec("Gallic SP with the capturing player", min=0, max=999)
    campaign_rating: int | None = spec(
        "The active (or highest ranked) leader's Campaign Rating; none if no leader", min=0, max=9, default=None
    )
    percentage_loss: tuple[PercentageLossRow, ...] = spec("The Percentage Loss Chart's cells (AW)", default=())


@procedure(
    RULESET,
    "gallic_looting",
    title="Gallic looting after a city falls",
    source=LOOTING_RULE,
    takes=LootingInput,
    dice=D10,
)
def gallic_looting(case: LootingInput, dice: Dice) -> Result:
    """9.6: after capturing a city with Gauls besieging, roll against the leader's Campaign Rating; higher: remove
    10% of the Gauls per point over, and the siege's diplomatic benefits are lost. No leader: all the Gauls go."""
    working = Working()
    if case.campaign_rating is None:
        working.step("No leader present: every Gallic unit goes home", LOOTING_RULE, case.gallic_sp)
        return Result.of(f"{RULESET}.gallic_looting", {"looted": True, "gallic_removed": case.gallic_sp}, working, dice)
    roll = roll_d10(working, dice, "Gallic looting")
    over = max(0, roll - case.campaign_rating)
    removed = (
        percentage_of(
            case.percentage_loss, 10 * over, case.gallic_sp, field="percentage_loss", working=working, rule=LOOTING_RULE
        )
        if over
        else 0
    )
    working.step(
        f"{roll} against {case.campaign_rating}: "
        f"{f'the Gauls loot; {removed} SP go home' if over else 'nothing happens'}",
        LOOTING_RULE,
        removed,
    )
    return Result.of(f"{RULESET}.gallic_looting", {"looted": over > 0, "gallic_removed": removed}, working, dice)
