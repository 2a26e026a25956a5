"""4.6 The Senate: Senatorial Permission (4.61-4.66), Censure (4.67-4.68) and the Roman Triumph (4.71-4.72).
The Senate Permission Chart and the Censure Chart are on the Roman Charts & Tables PAC, which the text does not
print: their modifiers are per-event data; the few the text's examples give are pre-filled."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import D10, RULESET, Modifier, Named, chart_modifiers, roll_d10, total

PERMISSION_RULE = "4.66 Permission Procedure"
CENSURE_RULE = "4.67 Censure"
TRIUMPH_RULE = "4.71 The Roman Triumph"
SENATE_CHART = "Senate Permission Chart"
CENSURE_CHART = "Censure Chart"
ROMAN_PAC = "Roman Charts & Tables PAC, not in the rulebook"
ENEMY_SP_NEAR_ROME = 20  # 4.63 "20+ SP of enemy units within 10 hexes of Rome"
TRIUMPH_KILLS = 10  # 4.71 "casualties of 10+ infantry/cavalry SP"
TRIUMPH_LOSS_PERCENT = 15  # 4.72 "15% or more"


class Purpose(Named):
    LEAVE_THEATER = "leave_theater"
    ENTER_ROME = "enter_rome"
    PRAETOR_URBANUS_LEAVES_ROME = "praetor_urbanus_leaves_rome"
    MORE_THAN_EIGHT_LEGIONS = "more_than_eight_legions"
    TRIUMPH = "triumph"


@dataclass(frozen=True)
class SenateModifier:
    row: str = spec("The Senate Permission Chart's line, as 'Proconsul'")
    drm: int | None = spec("Its DRM (from the data tables)", min=-9, max=9, default=None)


@dataclass(frozen=True)
class PermissionInput:
    campaign_rating: int = spec("The leader's Campaign Rating", min=0, max=9)
    purpose: Purpose = spec("What the permission is for")
    chart: tuple[SenateModifier, ...] = spec("The Senate Permission Chart lines that apply", default=())
    guile_points: int = spec("Guile Points the leader spends (-1 each)", min=0, max=9, default=0)
    dictator_in_rome_initiative: int = spec(
        "A Dictator staying in Rome: his Initiative (0 if none)", min=0, max=9, default=0
    )
    enemy_sp_within_10_hexes_of_rome: int = spec(
        "Enemy SP within 10 hexes of Rome (to enter Rome)", min=0, max=999, default=0
    )
    state_of_emergency: bool = spec("A State of Emergency exists (for the Praetor Urbanus)", default=False)
    leaders_in_force: tuple[str, ...] = spec(
        "Other leaders in his force, whose Theaters he would leave (4.61)", default=()
    )


def check_may_ask(case: PermissionInput) -> None:
    if case.purpose is Purpose.ENTER_ROME and case.enemy_sp_within_10_hexes_of_rome < ENEMY_SP_NEAR_ROME:
        raise RulesError(
            "enemy_sp_within_10_hexes_of_rome",
            "permission to enter Rome may be asked only with 20+ enemy SP within 10 hexes of Rome (4.63)",
        )
    if case.purpose is Purpose.PRAETOR_URBANUS_LEAVES_ROME and not case.state_of_emergency:
        raise RulesError("state_of_emergency", "the Praetor Urbanus may leave Rome only in an Emergency (4.55)")


def permission_modifiers(case: PermissionInput) -> list[Modifier]:
    guile: list[Modifier] = (
        [("Guile Points spent", -case.guile_points, "4.66 example; 4.72")] if case.guile_points else []
    )
    if case.purpose is Purpose.TRIUMPH:
        return guile  # 4.72 "None of the other DRMs apply to this request."
    dictator: list[Modifier] = (
        [("Dictator in Rome: minus his Initiative", -case.dictator_in_rome_initiative, "4.56")]
        if case.dictator_in_rome_initiative
        else []
    )
    return chart_modifiers(case.chart, table=SENATE_CHART, source=ROMAN_PAC, field="chart") + dictator + guile


@procedure(
    RULESET, "senate_permission", title="Senatorial Permission", source=PERMISSION_RULE, takes=PermissionInput, dice=D10
)
def senate_permission(case: PermissionInput, dice: Dice) -> Result:
    """4.66: roll, apply the Senate Permission Chart's DRMs; granted if the adjusted DR is the same as or lower
    than the leader's Campaign Rating. Granted: continuation automatic; denied: by die roll (AW 5.25)."""
    working = Working()
    check_may_ask(case)
    roll = roll_d10(working, dice, f"Senate Permission: {case.purpose.label}")
    adjusted = total(working, roll, permission_modifiers(case))
    granted = adjusted <= case.campaign_rating
    working.step(
        f"{adjusted} against Campaign Rating {case.campaign_rating}: {'granted' if granted else 'denied'}",
        PERMISSION_RULE,
        granted,
    )
    if case.purpose is not Purpose.TRIUMPH:
        working.note("Granted: continuation automatic; denied: continuation by die roll (AW 5.25)", "4.65")
    if case.leaders_in_force:
        working.step(f"The one roll holds for {', '.join(case.leaders_in_force)} too", "4.61 Hierarchy")
    outcome = {"adjusted": adjusted, "granted": granted, "applies_also_to": list(case.leaders_in_force)}
    return Result.of(f"{RULESET}.senate_permission", outcome, working, dice)


@dataclass(frozen=True)
class CensureModifier:
    row: str = spec("The Censure Chart's line, as 'Successful battle'")
    drm: int | None = spec("Its DRM (from the data tables)", min=-9, max=9, default=None)


@dataclass(frozen=True)
class CensureInput:
    campaign_rating: int = spec("The leader's Campaign Rating", min=0, max=9)
    chart: tuple[CensureModifier, ...] = spec("The Censure Chart lines that apply", default=())


@procedure(RULESET, "censure", title="Censure after Hot Pursuit", source=CENSURE_RULE, takes=CensureInput, dice=D10)
def censure(case: CensureInput, dice: Dice) -> Result:
    """4.67-4.68: at the end of his Operations Phase, a Consul/Proconsul/Praetor who used Hot Pursuit rolls with the
    Censure Chart's DRMs; higher than his Campaign Rating: censured, removed for the game, and replaced from the
    pool with no LAM added."""
    working = Working()
    roll = roll_d10(working, dice, "Censure")
    adjusted = total(working, roll, chart_modifiers(case.chart, table=CENSURE_CHART, source=ROMAN_PAC, field="chart"))
    censured = adjusted > case.campaign_rating
    working.step(
        f"{adjusted} against Campaign Rating {case.campaign_rating}: {'censured' if censured else 'not censured'}",
        CENSURE_RULE,
        censured,
    )
    if censured:
        working.step("Replace him by a draw from the Roman leader pool; no LAMs are added", "4.68")
    return Result.of(f"{RULESET}.censure", {"adjusted": adjusted, "censured": censured}, working, dice)


@dataclass(frozen=True)
class TriumphInput:
    won_battle_or_siege: bool = spec("Winner of a battle, or a successful Siege where enemy infantry were present")
    enemy_casualties: int = spec("Enemy infantry/cavalry SP casualties he caused", min=0, max=999)
    returned_to_rome: bool = spec("His army Stopped adjacent to Rome and he entered Rome alone")
    roman_loss_percent: int = spec("Roman casualties to his force this GT, in percent", min=0, max=100)


@procedure(
    RULESET, "triumph", title="Triumph: earned, or to be asked of the Senate", source=TRIUMPH_RULE, takes=TriumphInput
)
def triumph(case: TriumphInput, dice: Dice) -> Result:
    """4.71-4.72: a Winner who caused 10+ SP casualties and returns his army to Rome earns a Triumph; with Roman
    casualties of 15% or more he must first ask the Senate (4.66, Guile Points only)."""
    working = Working()
    met = case.won_battle_or_siege and case.enemy_casualties >= TRIUMPH_KILLS and case.returned_to_rome
    working.step(
        f"Winner {case.won_battle_or_siege}; {case.enemy_casualties} SP casualties (10+ needed); "
        f"returned to Rome {case.returned_to_rome}",
        TRIUMPH_RULE,
        met,
    )
    ask = met and case.roman_loss_percent >= TRIUMPH_LOSS_PERCENT
    if ask:
        working.step(
            f"Roman casualties {case.roman_loss_percent}% (15%+): he must ask the Senate, with Guile Points only",
            "4.72",
        )
    state = "not earned" if not met else "ask the Senate" if ask else "earned"
    working.step(f"Triumph {state}", TRIUMPH_RULE, state)
    return Result.of(f"{RULESET}.triumph", {"triumph": state}, working, dice)
