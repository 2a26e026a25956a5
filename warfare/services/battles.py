"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM, run at a table: open a battle, the commanders'
choice to fight, the order of battle, the claim, publishing; and what every step shares.

The rules are the engine's. battle_rounds.py fights the rounds (`ad69.battle_round`) and
keeps the umpire's overrides and verdict; battle_losses.py proposes and places the losses
(`ad69.battle_losses`) and confirms the battle onto the forces and characters, in one
transaction. Every service locks the battle, audits the change and tells the table and
Control on commit (and the whole event, once the battle is published).
"""

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from regions.models import Force, MapPoint
from regions.services.engine import as_case_force, current_turn
from umpire.events import control_group, event_group, publish_on_commit, table_group
from umpire.models import AuditEntry, Character, Event, Region, UmpireSeat
from umpire.permissions import Perm
from umpire.rules.working import Result
from umpire.selectors import can
from umpire.services.announcements import do_draft_announcement, do_publish_announcement
from umpire.services.audit import Actor, Snapshot, record_audit, snapshot, steps_of

from ..events import BattleChanged, BattlePublished
from ..models import Battle, BattleForce
from ..models.rounds import SIDES, BattleOverride, BattleRound
from ..selectors import (
    check_military_skill,
    force_marched_before_battle,
    forces_in_order,
    overrides_in_order,
    rounds_in_order,
)

SYSTEM = "X. COMBAT RESOLUTION, THE BATTLE SYSTEM"
PROCESS = "X. COMBAT RESOLUTION, THE PROCESS OF BATTLE"
UNFINISHED = (Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)
DEPLOYMENT_LENGTH = cast(int, BattleForce._meta.get_field("deployment").max_length)  # a CharField has one


# ---- opening ----------------------------------------------------------------------------------


def do_open_battle(
    region: Region,
    *,
    side_a_forces: Sequence[Force],
    side_b_forces: Sequence[Force],
    side_a_commander: Character | None = None,
    side_b_commander: Character | None = None,
    side_a_name: str = "",
    side_b_name: str = "",
    side_a_skill: int | None = None,
    side_b_skill: int | None = None,
    force_marched: Iterable[Force] | None = None,
    place: str = "",
    map_point: MapPoint | None = None,
    title: str = "",
    decided: bool = True,
    actor: Actor,
) -> Battle:
    """X. THE PROCESS OF BATTLE, steps 1 to 4: the commanders have chosen to fight, and the
    forces present together at this table face off. The opener holds the claim.

    A commander who is a player brings his own Military Skill; a side without one (a host
    run by an umpire) may be given `side_x_skill`. `force_marched` names the forces that
    force-marched before the battle (-2 each); left None, it is read from the forces' records.
    `decided`: both commanders have already chosen to fight (step 1, as the open form asks);
    False leaves their choice to the desk. Each force is kept as it begins (BattleForce: its units,
    forced march and legate): the engine fights with these and the paper prints them, whatever
    becomes of the force after. The battle is fought at `map_point`, else at the point its forces
    stand at (side A's first, then side B's); `place` is its name unless the umpire words it."""
    with transaction.atomic():
        sides = lock_forces({"a": side_a_forces, "b": side_b_forces})
        turn = current_turn(region.event)
        check_forces(region, sides)
        check_umpire_present(region.event, sides, actor)
        commanders = {"a": side_a_commander, "b": side_b_commander}
        check_commanders(region, commanders)
        names = {s: given or side_name(commanders[s], sides[s]) for s, given in zip(SIDES, (side_a_name, side_b_name))}
        province = sides["a"][0].province
        map_point = map_point or standing_point(sides)
        place = place.strip() or (map_point.name if map_point else "")
        battle = Battle(
            event=region.event,
            region=region,
            province=province,
            map_point=map_point,
            place=place,
            turn=turn,
            title=title or f"{names['a']} v {names['b']}, {place or province}"[:120],
            side_a_name=names["a"],
            side_b_name=names["b"],
            side_a_commander=side_a_commander,
            side_b_commander=side_b_commander,
            side_a_skill=skill_of("a", side_a_commander, side_a_skill),
            side_b_skill=skill_of("b", side_b_commander, side_b_skill),
            decided_at=timezone.now() if decided else None,
            created_by=user_or_none(actor),
        )
        battle.renew_claim(user_or_none(actor))
        battle.full_clean()
        battle.save()
        marched = force_marched_ids(sides, turn, force_marched)
        BattleForce.objects.bulk_create(
            BattleForce(
                battle=battle,
                force=force,
                force_name=force.name,
                kind=force.kind,
                side=side,
                composition=as_case_force(force),
                force_marched=force.pk in marched,
                legate_name=force.legate.name if force.legate else "",
            )
            for side in SIDES
            for force in sides[side]
        )
        record(battle, "opened", actor=actor, after=battle_state(battle))
    return battle


def standing_point(sides: Mapping[str, Sequence[Force]]) -> MapPoint | None:
    """The map point the forces stand at: the first found, side A's before side B's. Where the sides
    stand at different points, the umpire names the one the battle is fought at."""
    return next((force.map_point for side in SIDES for force in sides[side] if force.map_point_id), None)


def lock_forces(sides: Mapping[str, Sequence[Force]]) -> dict[str, list[Force]]:
    """The forces of each side, locked in id order, so that two umpires cannot put the same
    force into two battles at once."""
    ids = [force.pk for side in SIDES for force in sides[side]]
    locked = (
        Force.objects.select_for_update(of=("self",))
        .select_related("province__region", "legate", "map_point")
        .prefetch_related("troops")
    )
    found = {force.pk: force for force in locked.filter(pk__in=ids).order_by("pk")}
    return {side: [found[force.pk] for force in sides[side]] for side in SIDES}


def check_forces(region: Region, sides: Mapping[str, Sequence[Force]]) -> None:
    """X. THE BATTLE SYSTEM: each side at least one force; every force at this table, in the
    same province as the rest, and in no other battle not yet confirmed."""
    seen = set()
    fighting = battles_fought_in(force for side in SIDES for force in sides[side])
    for side in SIDES:
        field = f"side_{side}_forces"
        if not sides[side]:
            raise ValidationError({field: "Each side needs at least one force."})
        for force in sides[side]:
            if force.pk in seen:
                raise ValidationError({field: f"{force.name} is named twice, or on both sides."})
            seen.add(force.pk)
            check_force_here(region, sides["a"][0], force, field, fighting.get(force.pk))


def battles_fought_in(forces: Iterable[Force]) -> dict[int | None, Battle]:
    """The battle not yet confirmed each of `forces` is in, read for all of them at once; the first
    in the battle forces' order should one be in two."""
    fighting: dict[int | None, Battle] = {}  # by force id; None where the force is gone
    places = BattleForce.objects.filter(force__in=[force.pk for force in forces], battle__state__in=UNFINISHED)
    for place in places.select_related("battle"):
        fighting.setdefault(place.force_id, place.battle)
    return fighting


def check_force_here(region: Region, first: Force, force: Force, field: str, fighting: Battle | None) -> None:
    if force.event_id != region.event_id or force.province.region_id != region.pk:
        raise ValidationError({field: f"{force.name} is not at this table ({region})."})
    if force.province_id != first.province_id:
        raise ValidationError(
            {
                field: f"{force.name} is in {force.province}, {first.name} in {first.province}: "
                "a battle is fought by forces present together in one province."
            }
        )
    if fighting:
        raise ValidationError({field: f"{force.name} is already in the battle “{fighting}”, not yet confirmed."})


def check_umpire_present(event: Event, sides: Mapping[str, Sequence[Force | BattleForce]], actor: Actor) -> None:
    """X. THE BATTLE SYSTEM: "Legion vs Legion battles must be with an Umpire present";
    local battles of detached vexillations "can be dealt with by players"."""
    legions = all(any(force.kind == Force.Kind.LEGION for force in sides[side]) for side in SIDES)
    if legions and not is_umpire(actor, event):
        raise ValidationError({"__all__": f"A battle of legion against legion needs an umpire present ({SYSTEM})."})


def is_umpire(user: Actor, event: Event) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or UmpireSeat.objects.filter(user=user, event=event).exists()


def check_commanders(region: Region, commanders: Mapping[str, Character | None]) -> None:
    if commanders["a"] is not None and commanders["a"] == commanders["b"]:
        raise ValidationError({"side_b_commander": f"{commanders['b']} cannot command both sides."})
    for side, commander in commanders.items():
        field = f"side_{side}_commander"
        if commander is not None and commander.event_id != region.event_id:
            raise ValidationError({field: f"{commander} belongs to another event."})
        if commander is not None and commander.died_turn is not None:
            raise ValidationError({field: f"{commander} fell in turn {commander.died_turn}: he commands no more."})


def skill_of(side: str, commander: Character | None, given: int | None) -> int:
    """X. BATTLE DIE ROLLING SYSTEM: "+ Military Skill of Army Commander": a player's is on his
    record; a side with no army commander adds none unless the umpire gives its leader's."""
    if commander is None:
        return given or 0
    if given is not None:
        raise ValidationError(
            {f"side_{side}_skill": f"{commander}'s Military Skill is on his record: Control corrects it there."}
        )
    return check_military_skill(commander, f"side_{side}_commander")


def side_name(commander: Character | None, forces: Iterable[Force]) -> str:
    return str(commander) if commander else " and ".join(force.name for force in forces)


def force_marched_ids(sides: Mapping[str, Sequence[Force]], turn: int, named: Iterable[Force] | None) -> set[int]:
    """X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last
    turn": the umpire's list if given, else the forces whose record says so (selectors.forced_marches
    gives the reading)."""
    if named is not None:
        return {force.pk for force in named}
    return {force.pk for side in SIDES for force in sides[side] if force_marched_before_battle(force, turn)}


# ---- steps 1, 3 and 4: the choice to fight, the order of battle -------------------------------


def do_decide_battle(battle: Battle, *, fight: bool, declined_by: str = "", reason: str = "", actor: Actor) -> Battle:
    """X. THE PROCESS OF BATTLE, step 1: "The army commanders decide whether to fight at all."
    Both fight: the rounds may begin. A side declines (`declined_by` "a" or "b"): the battle
    is called off, never fought, its record locked and its forces free for another."""
    with running(battle, actor=actor) as battle:
        if not battle.awaits_decision:
            raise ValidationError({"__all__": "The commanders have already chosen to fight."})
        if fight:
            battle.decided_at = timezone.now()
            record(battle, "decided", actor=actor, after={"fight": True})
            return battle
        check_choice("declined_by", declined_by, SIDES)
        if not reason.strip():
            raise ValidationError({"reason": "Say why the battle is called off: it stays on the record."})
        battle.state, battle.called_off_reason = (
            Battle.State.CALLED_OFF,
            f"{battle.side_name(declined_by)} will not fight: {reason.strip()}",
        )
        battle.claimed_by, battle.claim_expires_at = None, None
        record(battle, "called_off", actor=actor, after={"fight": False, "declined_by": declined_by}, reason=reason)
    return battle


def do_deploy_forces(battle: Battle, *, deployment: Mapping[int, str], actor: Actor) -> Battle:
    """X. THE PROCESS OF BATTLE, steps 3 and 4: the commanders' order of battle and deployment,
    force by force: where each stands and whom it faces. `deployment` is {BattleForce id: words};
    a force left out keeps what it had. Refused once the first round is fought: the armies are
    engaged as they stood."""
    with running(battle, actor=actor) as battle:
        if not battle.may_deploy:
            raise ValidationError(
                {"deployment": f"Round {battle.rounds_fought} is fought: the order of battle stands as it was."}
            )
        forces = {fought.pk: fought for fought in battle.forces.all()}
        before = {fought.force_name: fought.deployment for fought in forces.values()}
        for pk, words in deployment.items():
            place_force(forces, pk, words)
        BattleForce.objects.bulk_update(forces.values(), ["deployment"])
        record(
            battle,
            "deployed",
            actor=actor,
            before=before,
            after={fought.force_name: fought.deployment for fought in forces.values()},
        )
    return battle


def place_force(forces: Mapping[int, BattleForce], pk: int, words: str) -> None:
    if pk not in forces:
        raise ValidationError({"deployment": f"No force {pk} fights in this battle."})
    words = words.strip()
    if len(words) > DEPLOYMENT_LENGTH:
        raise ValidationError(
            {"deployment": f"{forces[pk].force_name}: at most {DEPLOYMENT_LENGTH} characters, not {len(words)}."}
        )
    forces[pk].deployment = words


# ---- the claim --------------------------------------------------------------------------------


def do_claim_battle(battle: Battle, *, actor: User) -> Battle:
    """Run this battle: refused while another umpire's claim is live; a lapsed claim (its
    tablet silent for CLAIM_MINUTES) is free to take."""
    with transaction.atomic():
        battle = locked(battle)
        check_unlocked(battle)
        check_umpire_present(battle.event, forces_by_side(battle), actor)
        check_not_claimed_by_another(battle, actor)
        lapsed = battle.claimed_by if battle.claimed_by_id not in (None, actor.pk) else None
        battle.renew_claim(actor)
        battle.save()
        record(battle, "claimed", actor=actor, reason=f"{lapsed}'s claim had lapsed" if lapsed else "")
    return battle


def do_release_battle(battle: Battle, *, actor: User) -> Battle:
    """Give the battle up, so another umpire may claim it at once."""
    with transaction.atomic():
        battle = locked(battle)
        check_unlocked(battle)
        if battle.claimed_by_id != actor.pk:
            raise ValidationError({"claim": "You do not hold the claim on this battle."})
        battle.claimed_by, battle.claim_expires_at = None, None
        battle.save()
        record(battle, "released", actor=actor)
    return battle


def do_take_over_battle(battle: Battle, *, actor: User, reason: str) -> Battle:
    """Take the battle from the umpire who holds it, live claim or not: recorded, with why."""
    if not reason.strip():
        raise ValidationError({"reason": "Say why you take the battle over: it is recorded."})
    with transaction.atomic():
        battle = locked(battle)
        check_unlocked(battle)
        check_umpire_present(battle.event, forces_by_side(battle), actor)
        if battle.claimed_by_id == actor.pk:
            raise ValidationError({"claim": "You already hold the claim on this battle."})
        before = claim_state(battle)
        battle.renew_claim(actor)
        battle.save()
        record(battle, "taken_over", actor=actor, before=before, after=claim_state(battle), reason=reason)
    return battle


def check_not_claimed_by_another(battle: Battle, actor: Actor) -> None:
    if battle.claim_is_live() and battle.claimed_by_id != getattr(actor, "pk", None):
        until = timezone.localtime(battle.claim_expires_at).strftime("%H:%M")
        raise ValidationError({"claim": f"Claimed by {battle.claimed_by} until {until}: take it over first."})


def check_holds_claim(battle: Battle, actor: Actor) -> None:
    """A step of the fight only by the umpire who holds the claim (his still, though it lapsed,
    if no one has claimed it since)."""
    check_not_claimed_by_another(battle, actor)
    if actor is None or battle.claimed_by_id != actor.pk:
        raise ValidationError({"claim": "Nobody is running this battle now: claim it first."})


def claim_state(battle: Battle) -> dict[str, Any]:
    return {
        "claimed_by": battle.claimed_by.get_username() if battle.claimed_by else None,
        "claim_expires_at": battle.claim_expires_at.isoformat() if battle.claim_expires_at else None,
    }


# ---- publishing -------------------------------------------------------------------------------


def do_publish_battle(battle: Battle, *, to_projector: bool = False, actor: Actor) -> Battle:
    """A finished draft (confirmed, or called off unfought) leaves the table: the players' side hears
    of it (the event's group) and, if Control chooses, it goes on the projector's news as an
    announcement to the hall. A published battle may still be put on the projector later."""
    with transaction.atomic():
        battle = locked(battle)
        if not battle.is_locked:
            # a draft still being fought would show the hall both sides' troops before the result
            raise ValidationError(
                {"__all__": "Confirm the battle's result first: only a finished battle is published."}
            )
        if battle.published_at and (battle.on_projector or not to_projector):
            raise ValidationError({"__all__": "This battle is already published."})
        if to_projector:
            announce_to_the_hall(battle, actor)
        before = snapshot(battle)
        battle.published_at = battle.published_at or timezone.now()
        battle.published_by = battle.published_by or actor
        battle.on_projector = battle.on_projector or to_projector
        battle.save()
        record_audit(
            event=battle.event,
            actor=actor,
            action="battle.published",
            target=battle,
            before=before,
            after=snapshot(battle),
        )
        publish_on_commit(
            umpire_groups(battle) + [event_group(battle.event_id)],
            BattlePublished(battle.pk, battle.title, battle.summary, battle.on_projector),
        )
    return battle


def announce_to_the_hall(battle: Battle, actor: Actor) -> None:
    """The projector's news is Control's announcements: only Control puts a battle there."""
    if not can(actor, battle.event, Perm.ANNOUNCE):
        raise ValidationError({"to_projector": "Only Control puts a battle on the projector's news."})
    news = do_draft_announcement(battle.event, text=f"{battle.title}: {battle.summary}", actor=actor)
    do_publish_announcement(news, actor=actor)


# ---- shared -----------------------------------------------------------------------------------


@contextmanager
def running(battle: Battle, *, actor: Actor) -> Iterator[Battle]:
    """One step of the fight: the battle locked, refused once confirmed or to anyone but the
    claim's holder, whose claim the step renews; audited and announced by the caller."""
    with transaction.atomic():
        battle = locked(battle)
        check_unlocked(battle)
        check_holds_claim(battle, actor)
        battle.renew_claim(actor)
        yield battle
        battle.save()


def check_choice(field: str, value: str, choices: Collection[str]) -> str:
    if value not in choices:
        raise ValidationError({field: f"{value!r} is not one of: {', '.join(choices)}."})
    return value


def side_case(battle: Battle, side: str) -> dict[str, Any]:
    """One side as the engine takes it: its forces as they began, and the umpire's ruling on
    its combat value, if he has given one."""
    forces = battle.forces_of(side)
    case = {
        "name": battle.side_name(side),
        "military_skill": battle.skill(side),
        "forces": [force.composition for force in forces],
        "force_marched": sum(force.force_marched for force in forces),
    }
    ruled = battle.ruled_combat_value(side)
    return case if ruled is None else {**case, "ruled_combat_value": ruled}


def dice_record(result: Result, by_console: bool) -> list[dict[str, Any]]:
    return [{**die.as_dict(), "rolled_by": "console" if by_console else "entered"} for die in result.dice]


def locked(battle: Battle) -> Battle:
    """The battle locked for one step, with the record of it as it stood, for the step's undo."""
    battle = (
        Battle.objects.select_for_update(of=("self",))
        .select_related("event", "claimed_by", "side_a_commander", "side_b_commander")
        .prefetch_related(
            Prefetch("forces", queryset=forces_in_order().select_related("force")),
            Prefetch("rounds", queryset=rounds_in_order()),
            # the umpire's rulings, which the engine's cases read side by side; no step reads them after adding one
            Prefetch("overrides", queryset=overrides_in_order()),
        )
        .get(pk=battle.pk)
    )
    battle.stood_at_lock = record_at_lock(battle)
    return battle


def check_unlocked(battle: Battle) -> None:
    if battle.is_locked:
        when = timezone.localtime(battle.confirmed_at).strftime("%H:%M")
        raise ValidationError({"__all__": f"“{battle}” was confirmed at {when}: its record is locked."})


def forces_by_side(battle: Battle) -> dict[str, list[BattleForce]]:
    return {side: battle.forces_of(side) for side in SIDES}


def user_or_none(actor: Actor) -> User | None:
    return actor if actor is not None and actor.is_authenticated else None


def battle_state(battle: Battle) -> Snapshot:
    return {**snapshot(battle), "forces": [str(force) for force in battle.forces.all()]}


def battle_record(battle: Battle) -> Snapshot:
    """The battle with what its steps add beside it (rounds fought, figures overridden, each force's place
    in the order of battle), read afresh: the undo of a step puts all of it back (warfare.undo)."""
    # unordered: sorted in parts_record, and the models' orderings would join the battle and its event
    return parts_record(
        battle,
        rounds=BattleRound.objects.filter(battle=battle).order_by().values_list("pk", flat=True),
        overrides=BattleOverride.objects.filter(battle=battle).order_by().values_list("pk", flat=True),
        deployments=BattleForce.objects.filter(battle=battle).order_by().values_list("pk", "deployment"),
    )


def record_at_lock(battle: Battle) -> Snapshot:
    """battle_record of a battle just read by `locked`: its rounds, overrides and forces as that read them,
    under the lock."""
    return parts_record(
        battle,
        rounds=[fought.pk for fought in battle.rounds.all()],
        overrides=[override.pk for override in battle.overrides.all()],
        deployments=[(fought.pk, fought.deployment) for fought in battle.forces.all()],
    )


def parts_record(
    battle: Battle, *, rounds: Iterable[int], overrides: Iterable[int], deployments: Iterable[tuple[int, str]]
) -> Snapshot:
    return {
        **snapshot(battle),
        "rounds": sorted(rounds),
        "overrides": sorted(overrides),
        "deployments": dict(sorted((str(pk), words) for pk, words in deployments)),
    }


def record(
    battle: Battle,
    action: str,
    *,
    actor: Actor,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
) -> AuditEntry:
    """Audit one step of the battle and tell whoever may see it, on commit: the table and
    Control who runs it; once published, the whole event, the display too, without the name
    of the umpire running it."""
    entry = record_audit(
        event=battle.event,
        actor=actor,
        action=f"battle.{action}",
        target=battle,
        before=before,
        after=after,
        reason=reason,
    )
    stood = getattr(battle, "stood_at_lock", None)
    if stood is not None and str((after or {}).get("id")) != str(battle.pk):
        with steps_of(entry):  # the step's entry says what happened; this one keeps the battle whole, for its undo
            record_audit(
                event=battle.event,
                actor=actor,
                action="battle.state",
                target=battle,
                before=stood,
                after=battle_record(battle),
            )
    claimant = battle.claimed_by.get_username() if battle.claimed_by else ""
    publish_on_commit(umpire_groups(battle), BattleChanged(action, battle.pk, battle.title, battle.state, claimant))
    if battle.published_at:
        publish_on_commit(
            [event_group(battle.event_id)], BattleChanged(action, battle.pk, battle.title, battle.state, claimed_by="")
        )
    return entry


def umpire_groups(battle: Battle) -> list[str]:
    """Those who run a battle: its table and Control."""
    return [control_group(battle.event_id), table_group(battle.region_id)]
