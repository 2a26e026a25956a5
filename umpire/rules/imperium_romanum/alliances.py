"""3.5 Multi-Faction Alliances and 8.0 Stacking: what allies may do together in their game-turn (3.51-3.57), and
who may examine a stack (8.11, 10.5). Stacking itself is unlimited but for supply (8.0, 9.1)."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import RULESET

ALLIANCES = "3.5 Multi-Faction Alliances"
FLEETS_CAPTURED = "3.57 Multi-Faction Alliances"
STACKING = "8.0 Stacking"
EXAMINE = "8.11 Stacking"


class AlliedAct(Choice):
    """The acts 3.51-3.56 allow or forbid between factions allied for the game-turn."""

    ATTACK = "attack"
    CAPTURE_OR_PLUNDER_CITY = "capture_or_plunder_city"
    TAX_OR_RECRUIT_AREA = "tax_or_recruit_area"
    MOVE_ALLIED_UNITS = "move_allied_units"
    STACK = "stack"
    USE_LEADER = "use_leader"
    ATTACK_TOGETHER = "attack_together"
    ACCEPT_SIEGE = "accept_siege"
    TRANSPORT = "transport"
    DRAW_SUPPLY = "draw_supply"
    PASS_INACTIVE_MINOR = "pass_inactive_minor"
    GIVE_CITIES_UNITS_FORTIFICATIONS = "give_cities_units_fortifications"
    GIVE_TALENTS = "give_talents"


# 3.51-3.56 (L103-113): whether allies may do each act, and the rule's words.
ALLIED_ACTS = KeyedTable(
    "Allied acts",
    f"{ALLIANCES} (L101-113)",
    {
        "attack": {"allies": "may not", "rule": "3.51, 3.55: allies may not attack each other"},
        "capture_or_plunder_city": {
            "allies": "may not",
            "rule": "3.55: nor capture or plunder cities belonging to allies",
        },
        "tax_or_recruit_area": {
            "allies": "may",
            "rule": "3.51: the alliance taxes and recruits once in any given area, "
            "dividing the proceeds and expenses as agreed",
        },
        "move_allied_units": {
            "allies": "may",
            "rule": "3.52: units stacked together or in a leader's command range "
            "(4.13) may be moved by any of the allies",
        },
        "stack": {"allies": "may", "rule": "3.54: allied units may stack with each other"},
        "use_leader": {
            "allies": "may",
            "rule": "3.54: allies benefit by each other's leaders in combat and force march",
        },
        "attack_together": {"allies": "may", "rule": "3.54: allies engage in combat together against common enemies"},
        "accept_siege": {"allies": "may", "rule": "3.54: allies accept siege in each other's cities"},
        "transport": {"allies": "may", "rule": "3.54: allies transport each other's land units"},
        "draw_supply": {"allies": "may", "rule": "3.54: allies draw supply through each other's ports or corn units"},
        "pass_inactive_minor": {
            "allies": "may",
            "rule": "3.54: moving through an ally's inactive minor power does not activate it",
        },
        "give_cities_units_fortifications": {
            "allies": "may not",
            "rule": "3.56: allies may not lend or give cities, units or fortifications",
        },
        "give_talents": {"allies": "may", "rule": "3.56: allies may lend or give talents"},
    },
)


@dataclass(frozen=True)
class AllianceInput:
    act: AlliedAct = spec("What one ally would do with or to another")
    declared_this_turn: bool = spec(
        "The alliance was announced at the beginning of this game-turn (3.5, 3.53)", default=True
    )
    area_taxed_or_recruited: bool = spec(
        "The alliance has already taxed or recruited in this area this turn", default=False
    )


@procedure(RULESET, "alliance", title="What allies may do", source=ALLIANCES, takes=AllianceInput)
def alliance(case: AllianceInput, dice: Dice) -> Result:
    """3.5-3.56: an alliance announced at the start of a game-turn lasts that turn; what allies may and may not do
    together."""
    working = Working()
    if not case.declared_this_turn:
        working.step(
            "No alliance this game-turn: it must be announced again at each turn's beginning, and nothing "
            "agreed binds after the turn it was made in",
            "3.53",
            False,
        )
        return Result.of(f"{RULESET}.alliance", {"allowed": False}, working, dice)
    allowed = ALLIED_ACTS.lookup(case.act.value, working, column="allies") == "may"
    why = ALLIED_ACTS.rows[case.act.value]["rule"]
    if case.act is AlliedAct.TAX_OR_RECRUIT_AREA and case.area_taxed_or_recruited:
        allowed, why = False, "3.51: the alliance has already taxed or recruited in this area this game-turn"
    working.step(why, ALLIANCES, allowed)
    return Result.of(f"{RULESET}.alliance", {"allowed": allowed}, working, dice)


@dataclass(frozen=True)
class EmbarkedInput:
    renewed: bool = spec("The alliance is renewed for the following game-turn")
    amiable_separation: bool = spec("The players agree to drop the land units off somewhere this turn", default=False)


@procedure(
    RULESET, "allied_fleets", title="Land units left on an ally's fleets", source=FLEETS_CAPTURED, takes=EmbarkedInput
)
def allied_fleets(case: EmbarkedInput, dice: Dice) -> Result:
    """3.57: land units that end a turn on an ally's fleets capture them if the alliance is not renewed, unless the
    players agree an amiable separation."""
    working = Working()
    captured = not case.renewed and not case.amiable_separation
    working.step(
        "The alliance is renewed: nothing happens"
        if case.renewed
        else "An amiable separation: the fleets drop the land units at an agreed place this turn"
        if case.amiable_separation
        else "Not renewed: the land units capture the fleets; place a control marker on them",
        FLEETS_CAPTURED,
        captured,
    )
    return Result.of(f"{RULESET}.allied_fleets", {"captured": captured}, working, dice)


# ---- imperium_romanum.stack_view --------------------------------------------------------------------


@dataclass(frozen=True)
class StackViewInput:
    own: bool = spec("The stack is the viewer's own faction's", default=False)
    allied: bool = spec("The stack is an ally's this game-turn (3.54: allies stack together)", default=False)
    attack_declared: bool = spec(
        "The viewer has declared he will attack this stack, or it is attacking his", default=False
    )


@procedure(RULESET, "stack_view", title="Who may examine a stack", source=EXAMINE, takes=StackViewInput)
def stack_view(case: StackViewInput, dice: Dice) -> Result:
    """8.0-8.11: no stacking limit but supply's; an opposing faction's stack may never be examined, except the
    stacks of a declared attack, which both players then see."""
    working = Working()
    working.note("No limit on units in a hex, except as the supply rules set (9.1)", STACKING)
    if case.own or case.allied:
        working.step(
            "A faction's own stack"
            if case.own
            else "An ally's stack: allies stack and fight together (3.54); 8.11 bars only an opposing faction's",
            EXAMINE,
            True,
        )
        return Result.of(f"{RULESET}.stack_view", {"may_examine": True}, working, dice)
    may = case.attack_declared
    working.step(
        "A declared attack: attacker and defender each examine the other's stack"
        if may
        else "An opposing faction's stack may never be examined (units in a Command Group Box show only as their "
        "leader, 10.5)",
        EXAMINE,
        may,
    )
    return Result.of(f"{RULESET}.stack_view", {"may_examine": may}, working, dice)
