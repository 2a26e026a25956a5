"""X. COMBAT RESOLUTION, THE PROCESS OF BATTLE, steps 5 to 8, at the desk: the rounds fought by
`ad69.battle_round`, the umpire's overrides of any figure, and his verdict when the dice
leave no clear victor."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone

from regions.services.engine import current_turn, roll_rules
from umpire.rules.ad69.battle_round import RoundOrders
from umpire.rules.errors import RulesError
from umpire.rules.schema import parse
from umpire.services.audit import Actor

from ..models import Battle, BattleRound
from ..models.rounds import SIDES
from .battles import check_choice, dice_record, record, running, side_case

RISK = "X. COMBAT RESOLUTION, RISK TO PLAYER CHARACTERS IN BATTLE"


def do_fight_round(
    battle: Battle, *, orders: Mapping[str, Any], dice: Sequence[int] | None = None, actor: Actor
) -> BattleRound:
    """X. THE PROCESS OF BATTLE, steps 5 to 8, one round, by `ad69.battle_round`: the tactical
    advantage settled in round 1 (by Military Skill, or dice if equal) and kept; the push-back
    and the fallen carried from the last round as it stands after any override.

    `orders` is {"a": {...}, "b": {...}}, each with stance (attack or defend), joins,
    outflanking and withdraw. `dice` are the table's dice in the order the engine asks for
    them, or None for the console's, seeded. Refused after four rounds, an outright defeat
    or a withdrawal, and before the commanders have chosen to fight."""
    with running(battle, actor=actor) as battle:
        check_may_fight(battle)
        orders = parse_orders(orders)
        check_joins(battle, orders, current_turn(battle.event))
        case = round_case(battle, battle.rounds_fought + 1, orders)
        result, seed = roll_rules("ad69.battle_round", case, dice)
        fought = BattleRound.objects.create(
            battle=battle,
            number=case["number"],
            orders=orders,
            case=case,
            dice=dice_record(result, dice is None),
            rolled_by_console=dice is None,
            seed=seed,
            outcome=result.outcome,
            working=[line.as_dict() for line in result.working],
            fought_by=actor,
        )
        battle.advantage = result.outcome["tactical_advantage"]
        record(battle, "round_fought", actor=actor, after={"round": fought.number, "outcome": result.outcome})
    return fought


def check_may_fight(battle: Battle) -> None:
    if battle.awaits_decision:
        raise ValidationError({"__all__": "The commanders have not yet chosen to fight (step 1)."})
    if battle.state != Battle.State.OPEN or battle.is_over:
        raise ValidationError({"__all__": f"The battle is over after round {battle.rounds_fought}: {battle.ending}."})


def parse_orders(orders: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The orders as the engine reads them, every field filled, so the record is complete."""
    try:
        parsed = parse(RoundOrders, orders, "orders.")
    except RulesError as refusal:
        raise ValidationError({refusal.field: refusal.message}) from refusal
    return {
        side: {"stance": o.stance.value, "joins": o.joins, "outflanking": o.outflanking, "withdraw": o.withdraw}
        for side, o in zip(SIDES, (parsed.a, parsed.b))
    }


def check_joins(battle: Battle, orders: Mapping[str, Mapping[str, Any]], turn: int) -> None:
    """X. RISK TO PLAYER CHARACTERS: a wounded commander "may not take an active role in
    battles" until his months are up: he cannot join in person."""
    for side in SIDES:
        commander = battle.commander(side)
        until = commander.wounded_until_turn if commander else None
        if orders[side]["joins"] and until is not None and turn <= until:
            raise ValidationError(
                {
                    f"orders.{side}.joins": f"{commander} is wounded until turn {until}: he may "
                    f"not take an active role ({RISK})."
                }
            )


def round_case(battle: Battle, number: int, orders: Mapping[str, Any]) -> dict[str, Any]:
    """ad69.battle_round's input: the sides as they began, and the state the last round left."""
    last = battle.last_result
    return {
        "side_a": side_case(battle, "a"),
        "side_b": side_case(battle, "b"),
        "number": number,
        "advantage": battle.advantage or None,
        "orders": orders,
        "pushed_back": last.pushed_back if last else None,
        "fallen": sorted(last.fallen) if last else [],
    }


# ---- the verdict ------------------------------------------------------------------------------


def do_give_verdict(battle: Battle, *, victor: str, reason: str = "", actor: Actor) -> Battle:
    """X. DETERMINING VICTORY: after four rounds, or a withdrawal, with no clear victor, "the
    umpires will consider ... 1. Relative casualties 2. Tactical advantage 3. Combat value";
    their "decision, no matter how arbitrary and unfair ..., is final". `victor` is "a", "b"
    or "draw"; the umpire may change his mind until the losses are proposed."""
    with running(battle, actor=actor) as battle:
        check_open(battle)
        if not battle.is_over:
            raise ValidationError({"victor": f"The battle goes on: round {battle.next_round_number} is next."})
        if battle.victor_by_dice:
            raise ValidationError({"victor": f"The dice decided it: {battle.ending}."})
        check_choice("victor", victor, Battle.Verdict.values)
        before = {"verdict": battle.verdict}
        battle.verdict, battle.verdict_reason, battle.verdict_by, battle.verdict_at = (
            victor,
            reason,
            actor,
            timezone.now(),
        )
        record(battle, "verdict", actor=actor, before=before, after={"verdict": victor}, reason=reason)
    return battle


def check_open(battle: Battle) -> None:
    if battle.state != Battle.State.OPEN:
        raise ValidationError({"__all__": "The losses are proposed: the rounds and the verdict stand."})
