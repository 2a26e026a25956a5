"""X. COMBAT RESOLUTION, LOSSES and RISK TO PLAYER CHARACTERS, at the desk: the losses proposed
by `ad69.battle_losses`, placed by the owning players, and confirmed onto the forces and the
characters in one transaction that locks the record."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone

from regions.models import Force
from regions.services.engine import as_case_force, current_turn, roll_rules
from regions.services.forces import Troop, changing, combine, set_troops
from umpire.models import Character
from umpire.rules.errors import RulesError
from umpire.rules.working import Result
from umpire.services.audit import Actor, snapshot, steps_of
from umpire.services.records import do_save_record
from umpire.services.rules import run_with_dice

from ..models import Battle, BattleForce
from ..models.rounds import SIDES
from .battle_rounds import check_open
from .battles import check_choice, dice_record, record, running, side_case

# ---- the losses -------------------------------------------------------------------------------


def do_propose_losses(battle: Battle, *, dice: Sequence[int] | None = None, actor: Actor) -> Battle:
    """X. LOSSES and RISK TO PLAYER CHARACTERS, once the victor is known, by
    `ad69.battle_losses`: each side's loss from the other's combat value, split among its
    forces and troop types in proportion, and a d6 for each fallen commander (a 1 is fatal,
    else a d6 of months wounded). `dice` are those wound dice from the table, or None."""
    with running(battle, actor=actor) as battle:
        check_open(battle)
        if not battle.is_over:
            raise ValidationError({"__all__": f"The battle goes on: round {battle.next_round_number} is next."})
        if battle.victor is None:
            raise ValidationError({"victor": f"No clear victor: {battle.ending}. Give the umpire's verdict first."})
        case = {
            "side_a": side_case(battle, "a"),
            "side_b": side_case(battle, "b"),
            "victor": battle.victor,
            "fallen": battle.fallen,
        }
        result, seed = roll_rules("ad69.battle_losses", case, dice)
        battle.losses_rolled_by_console, battle.losses_seed = dice is None, seed
        keep_losses(battle, case, result)
        battle.state = Battle.State.LOSSES_PROPOSED
        record(battle, "losses_proposed", actor=actor, after=result.outcome)
    return battle


def do_place_losses(battle: Battle, *, side: str, placed: Iterable[Mapping[str, Any]], actor: Actor) -> Battle:
    """X. LOSSES: "If the legion taking losses consists of a mixture of troop types, then the
    losses should be divided proportionately among the constituents. In the case of a split,
    it is the owning player's choice." `placed` is every unit the side loses, as
    [{force (a Force or its name), type, count, veteran (default False)}]; the engine checks
    it fits the proportional shares. The wound dice already rolled stand."""
    with running(battle, actor=actor) as battle:
        if battle.state != Battle.State.LOSSES_PROPOSED:
            raise ValidationError({"__all__": "The losses are not proposed yet."})
        check_choice("side", side, SIDES)
        lines = [placed_line(line) for line in placed]
        proposed = battle.losses_case
        assert proposed is not None  # LOSSES_PROPOSED: the case is kept
        case = {**proposed, f"side_{side}": {**proposed[f"side_{side}"], "placed_losses": lines}}
        try:
            result = losses_with_kept_dice(battle, case)
        except RulesError as refusal:
            field = (refusal.field or "__all__").replace(f"side_{side}.placed_losses", "placed", 1)
            raise ValidationError({field: refusal.message}) from refusal
        keep_losses(battle, case, result)
        record(battle, "losses_placed", actor=actor, after={"side": side, "placed": lines})
    return battle


def placed_line(line: Mapping[str, Any]) -> dict[str, Any]:
    """One line of the owner's split as the engine takes it; the engine refuses what is wrong."""
    force = line.get("force", "")
    return {
        "force": force.name if isinstance(force, Force) else str(force),
        "type": line.get("type"),
        "count": line.get("count"),
        "veteran": bool(line.get("veteran", False)),
    }


def rerun_losses(battle: Battle, side: str, *, ruled: int | None, keep: bool) -> Result:
    """The losses again for the umpire's ruling on `side`'s units lost (None: the handbook's
    count), the wound dice already rolled standing. The owner's split, made for the old count,
    is set aside. `keep`: the result becomes the battle's."""
    key = f"side_{side}"
    proposed = battle.losses_case
    assert proposed is not None  # the losses are proposed: their case is kept
    this = {k: v for k, v in proposed[key].items() if k not in ("placed_losses", "ruled_units_lost")}
    case = {**proposed, key: this if ruled is None else {**this, "ruled_units_lost": ruled}}
    result = losses_with_kept_dice(battle, case)
    if keep:
        keep_losses(battle, case, result)
    return result


def losses_with_kept_dice(battle: Battle, case: dict[str, Any]) -> Result:
    assert battle.losses_result is not None  # the losses are proposed: their dice are kept
    dice = [die["value"] for die in battle.losses_result["dice"]]
    result, _ = run_with_dice("ad69.battle_losses", case, dice=dice)
    return result


def keep_losses(battle: Battle, case: dict[str, Any], result: Result) -> None:
    battle.losses_case = case
    battle.losses_result = {**result.as_dict(), "dice": dice_record(result, battle.losses_rolled_by_console)}


# ---- confirmation -----------------------------------------------------------------------------


def do_confirm_battle(battle: Battle, *, actor: Actor) -> Battle:
    """The umpire confirms, and in one transaction: each force loses its units as placed
    (X. LOSSES), the victor's survivors become veterans ("Any unit that has fought in a battle,
    and won is automatically upgraded to 'Veteran'", IX. WARFARE, ASSUMPTIONS; not in a draw),
    every force has fought this turn, the fallen commanders are wounded or killed (X. RISK TO
    PLAYER CHARACTERS), and the record is locked."""
    with running(battle, actor=actor) as battle:
        if battle.state != Battle.State.LOSSES_PROPOSED:
            raise ValidationError({"__all__": "Propose the losses before confirming the battle."})
        check_losses_placed(battle)
        turn, before = current_turn(battle.event), snapshot(battle)
        battle.state, battle.confirmed_by, battle.confirmed_at = Battle.State.CONFIRMED, actor, timezone.now()
        battle.claimed_by, battle.claim_expires_at = None, None
        confirmed = record(
            battle,
            "confirmed",
            actor=actor,
            before=before,
            after={
                **snapshot(battle),
                "victor": battle.victor,
                "fates": battle.fates,
                "losses": {side: battle.losses[side]["forces"] for side in SIDES},
            },
        )
        # each force's losses and each commander's fate is a step of the confirmation, undone with it
        with steps_of(confirmed):
            for force in battle.forces.all():
                apply_losses(battle, force, turn, actor)
            for side, fate in battle.fates.items():
                settle_fate(battle, side, fate, turn, actor)
    return battle


def check_losses_placed(battle: Battle) -> None:
    """X. LOSSES: where the split is the owning player's choice, he must have made it."""
    if battle.to_place:
        left = battle.losses[battle.to_place[0]]
        raise ValidationError(
            {
                "placed": f"{left['side']}'s player must still place {left['to_place']} unit(s), "
                f"among {', '.join(left['place_among'])}."
            }
        )


def apply_losses(battle: Battle, fought: BattleForce, turn: int, actor: Actor) -> None:
    """One force's losses and, if its side won, its survivors made veterans; refused if its
    units changed while the battle was fought, as the losses were taken from those."""
    if fought.force is None:
        raise ValidationError(
            {"__all__": f"{fought.force_name} is no longer on the map: its losses have nowhere to land."}
        )
    side = battle.losses[fought.side]
    lost = next(f["lost"] for f in side["forces"] if f["force"] == fought.force_name)
    with changing(fought.force, "battle", actor=actor, reason=battle.title) as force:
        if troops_key(as_case_force(force)["troops"]) != troops_key(fought.composition["troops"]):
            raise ValidationError(
                {
                    "__all__": f"{force.name}'s units have changed since the battle began: "
                    "Control must correct them before the battle is confirmed."
                }
            )
        set_troops(force, after_battle(fought.composition["troops"], lost, side["become_veterans"]))
        force.fought_turn = turn


def troops_key(troops: Iterable[Mapping[str, Any]]) -> list[tuple[str, bool, int]]:
    return sorted((t["type"], t["veteran"], t["count"]) for t in troops if t["count"])


def after_battle(troops: Iterable[Mapping[str, Any]], lost: Iterable[Mapping[str, Any]], veterans: bool) -> list[Troop]:
    """The units left once `lost` are taken; all made veteran when the side won."""
    held = {(t["type"], t["veteran"]): t["count"] for t in troops}
    for line in lost:
        held[(line["type"], line["veteran"])] -= line["count"]
    return combine([{"type": k[0], "veteran": k[1] or veterans, "count": n} for k, n in held.items() if n])


def settle_fate(battle: Battle, side: str, fate: Mapping[str, Any], turn: int, actor: Actor) -> None:
    """X. RISK TO PLAYER CHARACTERS: "A 1 on 1d6 means that the injuries were fatal. Otherwise
    the character is wounded and may not take an active role in battles for 1d6 months". A
    leader who is not a player's character keeps his fate on the battle's record alone."""
    commander = battle.commander(side)
    if commander is None:
        return
    if fate["fate"] == "killed":
        commander.died_turn = turn
        leave_commands(commander, battle, actor)
    else:
        commander.wounded_until_turn = turn + fate["months_wounded"]
    do_save_record(commander, actor=actor, reason=f"{fate['fate']} in {battle.title}")


def leave_commands(commander: Character, battle: Battle, actor: Actor) -> None:
    """A dead man commands nothing: his legions and armies are left without him until another
    is appointed, so no later battle counts his Military Skill."""
    for force in Force.objects.filter(Q(legate=commander) | Q(army_commander=commander)).order_by("pk"):
        with changing(force, "commander_killed", actor=actor, reason=f"{commander} killed in {battle.title}") as force:
            force.legate = None if force.legate_id == commander.pk else force.legate
            force.army_commander = None if force.army_commander_id == commander.pk else force.army_commander
