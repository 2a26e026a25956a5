"""9.19 A Tribe attacks a nearby city (an Augury event): the tribe's force (sized per 9.16, thunderbolt.tribal_force)
fights any enemy force in the hex, then besieges the city if it has the infantry; and what follows when the
besiegers are attacked. The battle and the siege themselves are AW 8.0 and AW 9.0."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import RULESET, Outcome

SIEGE_RULE = "9.19 Tribal sieges"
WINS = (Outcome.VICTORY, Outcome.MAJOR_VICTORY)


@dataclass(frozen=True)
class TribalAttackInput:
    tribal_infantry_sp: int = spec("The tribe's infantry SP for the event (9.16)", min=0, max=999)
    enemy_force_in_hex: bool = spec("An enemy force is in the city's hex, outside the city", default=False)
    enemy_force_remains: bool = spec(
        "After the tribe's attack, the enemy force is still in the hex outside the city", default=False
    )
    infantry_to_besiege: int | None = spec(
        "The infantry SP needed to put the city Under Siege (AW 9.0, the umpire enters it)",
        min=0,
        max=999,
        default=None,
    )


def besieges(case: TribalAttackInput, working: Working) -> bool:
    if case.infantry_to_besiege is None:
        raise RulesError(
            "infantry_to_besiege",
            "the infantry needed to besiege the city is AW 9.0's rule, not in "
            "the Thunderbolt rulebook: the umpire enters it",
        )
    enough = case.tribal_infantry_sp >= case.infantry_to_besiege
    working.step(
        f"{case.tribal_infantry_sp} infantry SP against the {case.infantry_to_besiege} needed: "
        + ("the city is placed Under Siege" if enough else "too few to besiege"),
        SIEGE_RULE,
        enough,
    )
    return enough


def siege_notes(working: Working) -> None:
    working.note(
        "On a Siege Attrition marker the tribe makes a Siege Assault; neither side rolls Siege Attrition", SIEGE_RULE
    )
    working.note("A captured city is automatically Sacked", SIEGE_RULE)
    working.note(
        "Unresolved in G/1: remove the Under Siege marker and the SP; the Tribe's counter goes home", SIEGE_RULE
    )
    working.note("The tribal force never uses Coordination, Avoidance or Voluntary Retreat", "9.19")


@procedure(
    RULESET,
    "tribal_city_attack",
    title="Augury: a Tribe attacks a nearby city",
    source=SIEGE_RULE,
    takes=TribalAttackInput,
)
def tribal_city_attack(case: TribalAttackInput, dice: Dice) -> Result:
    """9.19: the tribe attacks any enemy force in the hex; if that force is still outside the city afterwards, the
    tribe goes home. Otherwise it besieges the city if it has the infantry to; what happens when it has not, the
    text does not say."""
    working = Working()
    if case.enemy_force_in_hex:
        working.step("The tribe attacks the enemy force in the hex (AW 8.0)", SIEGE_RULE)
    if case.enemy_force_in_hex and case.enemy_force_remains:
        working.step(
            "The enemy force remains outside the city: the Tribe's marker returns to its base hex",
            SIEGE_RULE,
            "returns_to_base",
        )
        return Result.of(f"{RULESET}.tribal_city_attack", {"result": "returns_to_base"}, working, dice)
    if not besieges(case, working):
        working.note("9.19 does not say what a tribe too weak to besiege does: the umpire rules", SIEGE_RULE)
        return Result.of(f"{RULESET}.tribal_city_attack", {"result": "too_few_to_besiege"}, working, dice)
    siege_notes(working)
    return Result.of(f"{RULESET}.tribal_city_attack", {"result": "besieges"}, working, dice)


@dataclass(frozen=True)
class BesiegersAttackedInput:
    attacker_outcome: Outcome = spec(
        "The attacking player's result in the Land Combat (AW 8.0) against the tribal besiegers"
    )


@procedure(
    RULESET,
    "tribal_besiegers_attacked",
    title="The tribal besiegers attacked",
    source=SIEGE_RULE,
    takes=BesiegersAttackedInput,
)
def tribal_besiegers_attacked(case: BesiegersAttackedInput, dice: Dice) -> Result:
    """9.19: if the attacker is the Winner, every tribal SP is removed, the siege lifted and the Tribe's marker goes
    home, and a Major Victory Pacifies the tribe; a Draw or a tribal victory: losses and ABS on both sides, and the
    tribal SP stay."""
    working = Working()
    won = case.attacker_outcome in WINS
    pacified = case.attacker_outcome is Outcome.MAJOR_VICTORY
    if won:
        working.step(
            "The attacker is the Winner: remove all the tribal SP, lift the siege, the Tribe's marker goes "
            "to its base hex",
            SIEGE_RULE,
            True,
        )
        working.step(
            "Major Victory: the Tribe is Pacified" if pacified else "Not Major: the Tribe is not Pacified",
            "9.19; 9.12",
            pacified,
        )
    else:
        working.step(
            f"{case.attacker_outcome.label.capitalize()} for the attacker: SP losses and ABS on both sides; "
            "the tribal SP remain in place",
            SIEGE_RULE,
            False,
        )
    outcome = {"siege_lifted": won, "pacified": pacified}
    return Result.of(f"{RULESET}.tribal_besiegers_attacked", outcome, working, dice)
