"""7 Interception: what contact with the enemy brings (revealing leaders, dummies removed, the mover's attrition,
a battle in a rural region, the defender's choice in an inhabited one), with the leader alone captured
(§9.11.3) and the solitaire campaign's unrevealed barbarian army."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import DIE, RULESET

INTERCEPTION = "7 Interception"
RURAL = "7.1 Interception in a rural region"
INHABITED = "7.2 Interception in an inhabited region"
UNREVEALED = "Domitian's Reign: Contact with an unrevealed barbarian army"


@dataclass(frozen=True)
class ContactInput:
    defending_sp: int = spec("SP of the side contacted", min=0, max=200)
    dummy: bool = spec("The barbarian 'leader' revealed is a dummy (Leurre)", default=False)
    leader_alone: bool = spec("The side contacted is a leader without SP", default=False)
    inhabited_region: bool = spec("The contact is in an inhabited region", default=False)
    garrison_value: int = spec("Its Garrison Value: SP beyond it are outside the walls", min=0, max=16, default=0)
    stays_inside: bool = spec("The defender stays within its defenses (§7.2)", default=True)


@procedure(RULESET, "interception", title="Contact and interception", source=INTERCEPTION, takes=ContactInput)
def interception(case: ContactInput, dice: Dice) -> Result:
    """7: a unit that contacts the enemy stops; dummies go, the mover rolls attrition, and a battle follows in a
    rural region or outside the walls."""
    working = Working()
    working.step("The moving unit stops; the barbarian reveals his leader", INTERCEPTION)
    if case.dummy:
        working.step("A dummy: it is removed from the game; no battle", "5.1.5 Dummy Counters")
        return Result.of(
            "optimus_princeps.interception", {"dummy_removed": True, "battle_sp": 0, "attrition": False}, working, dice
        )
    working.step("Leaders and units are revealed; the attacking army suffers an attrition check", INTERCEPTION)
    if case.leader_alone or case.defending_sp == 0:
        working.step("A leader without accompanying SP is captured", "9.11.3 Leader Capture and Death")
        return Result.of(
            "optimus_princeps.interception",
            {"dummy_removed": False, "leader_captured": True, "battle_sp": 0, "attrition": True},
            working,
            dice,
        )
    battle_sp = case.defending_sp
    if case.inhabited_region:
        battle_sp = outside_walls(case, working)
    else:
        working.step("Two enemies in a rural region: a battle must occur", RURAL, battle_sp)
    return Result.of(
        "optimus_princeps.interception",
        {
            "dummy_removed": False,
            "leader_captured": False,
            "battle_sp": battle_sp,
            "inside_walls": case.defending_sp - battle_sp,
            "attrition": True,
        },
        working,
        dice,
    )


def outside_walls(case: ContactInput, working: Working) -> int:
    """7.2: stay within the defenses or give battle; SP beyond the Garrison Value fight outside first."""
    if not case.stays_inside:
        working.step("The defender accepts battle in the open field", INHABITED, case.defending_sp)
        return case.defending_sp
    outside = max(case.defending_sp - case.garrison_value, 0)
    working.step(
        f"Within the walls {case.defending_sp - outside} SP (at most the Garrison Value "
        f"{case.garrison_value}); outside {outside}"
        + (": a battle with them comes before any engineering action" if outside else ""),
        INHABITED,
        outside,
    )
    return outside


@dataclass(frozen=True)
class UnrevealedInput:
    roman_commander_tb: int = spec(
        "Tactical Bonus of the Roman commander (the leader of highest Strategic Value)", min=0, max=3
    )
    roman_good_sp: int = spec("The Roman army's SP in good order after its movement attrition", min=0, max=200)


@procedure(
    RULESET,
    "unrevealed_contact",
    title="Contact with an unrevealed barbarian army (solitaire)",
    source=UNREVEALED,
    takes=UnrevealedInput,
    dice="1 D6",
)
def unrevealed_contact(case: UnrevealedInput, dice: Dice) -> Result:
    """Domitian's Reign, solitaire: after the movement attrition, 1D6 minus the Roman commander's Tactical Bonus
    SP go Out of Action; with good order counters left, the barbarian army is revealed and fought."""
    working = Working()
    if case.roman_good_sp == 0:
        raise RulesError("roman_good_sp", "an army with no SP in good order cannot make contact")
    roll = working.roll(dice, DIE, "contact with an unrevealed army")
    hdc = max(roll - case.roman_commander_tb, 0)
    working.step(f"{roll} - {case.roman_commander_tb} = {hdc} Roman SP Out of Action (never below 0)", UNREVEALED, hdc)
    left = max(case.roman_good_sp - hdc, 0)
    fights = left > 0
    working.step(
        f"{left} SP in good order: "
        + ("reveal the barbarian army and fight" if fights else "the Roman forces retreat"),
        UNREVEALED,
        fights,
    )
    return Result.of("optimus_princeps.unrevealed_contact", {"hdc": hdc, "fights": fights}, working, dice)
