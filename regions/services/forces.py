"""Legions and detachments (IX. WARFARE): raising, upgrading, detaching, merging, marching.

Every service checks with the AD69 rules engine, never a rule of its own, then changes the
force in one transaction, audits it and tells the force's table and Control.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeAlias

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError, Q

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import AuditEntry, Event, Region, Role, UmpireSeat
from umpire.services.audit import Actor, Snapshot, adopt_steps, gathering_steps, record_audit, snapshot
from umpire.services.records import do_save_record

from ..events import ForceChanged
from ..models import CostOwed, Fleet, Force, ForceTroops, MapPoint, Upgrade
from .engine import as_case_force, check_legion_limits, current_turn, run_rules
from .marches import designated_routes, legs_of, map_graph, march_path
from .taxes import bill_cost

# one row of a force's units, as the engine and the audit read them: {"type", "veteran", "count"}
Troop: TypeAlias = dict[str, Any]


def force_state(force: Force) -> Snapshot:
    """The force and its units, for the audit's before and after."""
    troops = sorted(f"{t.count} {'veteran ' if t.veteran else ''}{t.type}" for t in force.troops.all() if t.count)
    return {**snapshot(force), "troops": troops}


@contextmanager
def changing(force: Force, action: str, *, actor: Actor, reason: str = "") -> Iterator[Force]:
    """Lock the force for one change; audit it and announce it when the change is done."""
    with transaction.atomic():
        force = Force.objects.select_for_update(of=("self",)).select_related("event", "province").get(pk=force.pk)
        before, was_at = force_state(force), force.province.region_id
        with gathering_steps() as steps:  # the bills, upgrades and detachments the order makes
            yield force
            force.full_clean()
            force.save()
        adopt_steps(announce(force, action, before, actor=actor, reason=reason, also_to=was_at), steps)


def announce(
    force: Force, action: str, before: Snapshot, *, actor: Actor, reason: str = "", also_to: int | None = None
) -> AuditEntry:
    """Audit the change and tell Control and the tables concerned: where the force is now,
    and where it was, if it has left."""
    force.refresh_from_db()
    entry = record_audit(
        event=force.event,
        actor=actor,
        action=f"force.{action}",
        target=force,
        before=before,
        after=force_state(force),
        reason=reason,
    )
    tables = sorted(table for table in {force.province.region_id, also_to} if table is not None)
    groups = [control_group(force.event_id)] + [table_group(region) for region in tables]
    publish_on_commit(groups, ForceChanged(action=action, force_id=force.pk, name=force.name))
    return entry


def do_correct_troops(force: Force, *, troops: Sequence[Mapping[str, Any]], actor: Actor, reason: str) -> Force:
    """Control's correction of a force's units (a miscount, a ruling): audited like any change. Each unit is
    checked by its model first, a bad one refused by its row ("troops.1.count"), as the engine names them."""
    with changing(force, "corrected", actor=actor, reason=reason) as force:
        set_troops(force, checked_troops(force, troops))
    return force


def checked_troops(force: Force, troops: Sequence[Mapping[str, Any]]) -> list[Troop]:
    """The units as their model reads them, or a refusal naming each bad one, and each listed twice, by row."""
    errors, units, seen = {}, [], set()
    for row, troop in enumerate(troops):
        unit = ForceTroops(force=force, **{key: troop.get(key) for key in ("type", "veteran", "count")})
        try:
            unit.full_clean(exclude=["force"], validate_unique=False, validate_constraints=False)
        except ValidationError as refusal:
            errors.update({f"troops.{row}.{name}": problems for name, problems in refusal.message_dict.items()})
            continue
        if (unit.type, unit.veteran) in seen:
            errors[f"troops.{row}.type"] = [f"{unit.get_type_display()} is listed twice."]
        seen.add((unit.type, unit.veteran))
        units.append({"type": unit.type, "veteran": unit.veteran, "count": unit.count})
    if errors:
        raise ValidationError(errors)
    return units


def set_troops(force: Force, troops: Iterable[Mapping[str, Any]]) -> None:
    """Make the force's units exactly `troops` (dicts of type, count, veteran)."""
    force.troops.all().delete()
    ForceTroops.objects.bulk_create(
        ForceTroops(force=force, type=t["type"], veteran=t["veteran"], count=t["count"]) for t in troops if t["count"]
    )


def owe(
    event: Event,
    what: str,
    talents: int,
    *,
    force: Force | None = None,
    fleet: Fleet | None = None,
    actor: Actor = None,
) -> None:
    """Run up a force's or a fleet's cost, billed at once when its quarter's statement is drawn up; both
    audited, as steps of the order that ran them up, so that undoing the order takes back an unpaid bill."""
    if not talents:
        return
    cost = CostOwed.objects.create(
        event=event, force=force, fleet=fleet, what=what, talents=talents, turn=current_turn(event)
    )
    bill = bill_cost(cost)
    cost.refresh_from_db()
    record_audit(event=event, actor=actor, action="cost.owed", target=cost, after=snapshot(cost))
    if bill is not None:
        record_audit(event=event, actor=actor, action="bill.added", target=bill, after=snapshot(bill))


def do_raise_levies(force: Force, *, count: int, actor: Actor) -> Force:
    """VIII. RAISING TROOPS: raw levies join a legion at once and may fight this turn."""
    with changing(force, "raise_levies", actor=actor) as force:
        result = run_rules("ad69.raise_troops", {"legion": as_case_force(force), "raw_levies": count})
        set_troops(force, result.outcome["composition"]["troops"])
        owe(
            force.event,
            f"Raising {count} raw levies for {force.name}",
            result.outcome["cost"],
            force=force,
            actor=actor,
        )
    return force


def do_order_upgrade(force: Force, *, orders: Any, in_rome_with_emperors_approval: bool = False, actor: Actor) -> Force:
    """IX. UPGRADING: order a month's upgrades; they finish at the turn's end (praetorians at once)."""
    with changing(force, "order_upgrade", actor=actor) as force:
        turn = current_turn(force.event)
        check_may_upgrade(force, turn)
        result = run_rules(
            "ad69.upgrade",
            {
                "legion": as_case_force(force),
                "orders": orders,
                "standing_still": True,
                "in_rome_with_emperors_approval": in_rome_with_emperors_approval,
            },
        )
        owe(force.event, f"Upgrading {force.name}", result.outcome["cost"], force=force, actor=actor)
        troops_after = result.outcome["composition"]["troops"]
        if result.outcome["months"] == 0:
            set_troops(force, troops_after)
        else:
            upgrade = Upgrade.objects.create(
                force=force,
                ordered_turn=turn,
                ready_turn=turn + result.outcome["months"] - 1,
                orders=orders,
                composition_after=troops_after,
                cost=result.outcome["cost"],
            )
            record_audit(
                event=force.event, actor=actor, action="upgrade.ordered", target=upgrade, after=snapshot(upgrade)
            )
            force.status = Force.Status.UPGRADING
    return force


def check_may_upgrade(force: Force, turn: int) -> None:
    """IX. UPGRADING: only standing still, fighting nothing, and one set of orders at a time."""
    if force.moved_turn == turn or force.fought_turn == turn or force.status == Force.Status.BESIEGING:
        raise ValidationError(
            f"{force.name} has moved, fought or is besieging this turn: a legion upgrades only "
            "while standing still and fighting no battles or sieges."
        )
    if force.upgrades.filter(finished_turn__isnull=True).exists():
        raise ValidationError(f"{force.name} already has an upgrade under way.")


def finish_upgrades(event: Event, turn: int) -> None:
    """Turn-end hook: upgrades due by the end of `turn` take effect."""
    due = Upgrade.objects.filter(force__event=event, ready_turn__lte=turn, finished_turn__isnull=True)
    for upgrade in due.select_related("force"):
        with changing(upgrade.force, "finish_upgrade", actor=None, reason=f"end of turn {turn}") as force:
            set_troops(force, upgrade.composition_after)
            force.status = Force.Status.STANDING
            upgrade.finished_turn = turn
            upgrade.save(update_fields=["finished_turn"])


def do_detach(force: Force, *, name: str, troops: Sequence[Mapping[str, Any]], actor: Actor) -> Force:
    """IX. LAND MOVEMENT: send vexillations off without the Aquila, as a detachment the Region
    umpire runs in the absence of its player."""
    with changing(force, "detach", actor=actor, reason=f"detachment {name}") as force:
        remaining = take_troops(force, troops)
        detachment = Force(
            event=force.event,
            name=name,
            kind=Force.Kind.DETACHMENT,
            province=force.province,
            map_point=force.map_point,
            detached_from=force,
            sworn_to=force.sworn_to,
        )
        detachment.full_clean()
        detachment.save()
        set_troops(detachment, troops)
        set_troops(force, remaining)
        record_audit(
            event=force.event, actor=actor, action="force.detached", target=detachment, after=force_state(detachment)
        )
    return detachment


def take_troops(force: Force, troops: Iterable[Mapping[str, Any]]) -> list[Troop]:
    """The force's units less `troops`, or a refusal naming what it does not have."""
    held = {(t.type, t.veteran): t.count for t in force.troops.all()}
    for t in troops:
        key = (t["type"], t["veteran"])
        if t["count"] < 0 or t["count"] > held.get(key, 0):
            raise ValidationError(
                {
                    "troops": f"{force.name} has {held.get(key, 0)} "
                    f"{'veteran ' if t['veteran'] else ''}{t['type'].replace('_', ' ')} to send, "
                    f"not {t['count']}."
                }
            )
        held[key] -= t["count"]
    return [{"type": k[0], "veteran": k[1], "count": n} for k, n in held.items() if n]


def do_merge(detachment: Force, *, into: Force, actor: Actor) -> Force:
    """A detachment rejoins its legion at the same place, within the legion's limits."""
    if detachment.province_id != into.province_id:
        raise ValidationError(
            {
                "into": f"{detachment.name} is in {detachment.province}, {into.name} in "
                f"{into.province}: they must be together to merge."
            }
        )
    with changing(into, "merge", actor=actor, reason=f"{detachment.name} rejoins") as into:
        merged = combine(as_case_force(into)["troops"], as_case_force(detachment)["troops"])
        if into.kind == Force.Kind.LEGION:
            check_legion_limits(into.name, merged, into.aquila)
        set_troops(into, merged)
        before = force_state(detachment)
        detachment.troops.all().delete()
        record_audit(
            event=into.event, actor=actor, action="force.merged_away", target=detachment, before=before, after=None
        )
        merged_away(detachment)
    return into


def merged_away(force: Force) -> None:
    """Delete a force that has merged; one still named by others (a legion's pay chest, a bribe it paid) is
    refused, naming them, and the whole merge with it."""
    try:
        force.delete()
    except ProtectedError as refusal:
        users = ", ".join(sorted({str(obj) for obj in refusal.protected_objects})[:5])
        raise ValidationError(
            {"into": f"{force.name} cannot merge away while these still refer to it: {users}."}
        ) from refusal


def combine(*troop_lists: Iterable[Mapping[str, Any]]) -> list[Troop]:
    """Several forces' units added together, one row per type and status."""
    held: dict[tuple[str, bool], int] = {}
    for troops in troop_lists:
        for t in troops:
            key = (t["type"], t["veteran"])
            held[key] = held.get(key, 0) + t["count"]
    return [{"type": k[0], "veteran": k[1], "count": n} for k, n in held.items() if n]


def do_march(
    force: Force,
    *,
    to_point: MapPoint,
    forced_march: bool = False,
    path: Sequence[MapPoint] | None = None,
    actor: Actor,
) -> Force:
    """IX. LAND MOVEMENT: a march along the map's routes to `to_point`, by `path` (its points, in order) or
    else the shortest legal way; up to 6 map points a turn, or a forced march of 8 on alternate moves. The
    engine judges the path; the force, and its players, end at the table of the point reached."""
    with changing(force, "march", actor=actor, reason=f"to {to_point}") as force:
        turn = current_turn(force.event)
        check_may_march(force, to_point, turn)
        graph = map_graph(force.event_id)
        legs = legs_of(graph, march_path(graph, force.map_point_id, to_point.pk, path))
        outcome = run_rules(
            "ad69.check_move",
            {
                "force": as_case_force(force),
                "legs": legs,
                "moved_already": force.points_moved if force.moved_turn == turn else 0,
                "forced_march": forced_march,
                "force_marched_last_move": force.last_move_forced(turn),
                "player_present": player_present(force),
                "non_roman": force.is_non_roman,
                "ordered_by_region_umpire": orders_for_its_table(actor, force),
                "designated_routes": designated_routes(graph, legs),
            },
        ).outcome
        if to_point.province.region_id != force.province.region_id:
            take_the_player_along(force, to_point.province.region, actor=actor)
        if force.moved_turn != turn:  # a new move: the one before it is the move it last made
            force.move_before_forced = force.last_move_forced(turn)
        force.province, force.map_point = to_point.province, to_point
        force.moved_turn, force.points_moved = turn, outcome["map_points"]
        force.forced_march_turn = turn if forced_march else force.forced_march_turn
    return force


def check_may_march(force: Force, to_point: MapPoint, turn: int) -> None:
    if force.upgrades.filter(finished_turn__isnull=True).exists():
        raise ValidationError(f"{force.name} is upgrading: it must stand still until the upgrade is done.")
    if force.embarked_on_id:
        raise ValidationError(f"{force.name} is aboard {force.embarked_on}: land it first.")
    if force.status == Force.Status.BESIEGING:
        raise ValidationError(f"{force.name} is besieging: lift the siege first (its engines cannot go with it).")
    if to_point.event_id != force.event_id:
        raise ValidationError({"to_point": f"{to_point} is not on this event's map."})
    if force.map_point_id is None:
        raise ValidationError(
            f"{force.name} stands at no map point in {force.province}: Control places it on the map first."
        )
    if to_point.pk == force.map_point_id:
        raise ValidationError({"to_point": f"{force.name} is at {to_point} already."})


def orders_for_its_table(actor: Actor, force: Force) -> bool:
    """IX. LAND MOVEMENT: "the local Region Umpire will determine the detached unit's actions in the absence
    of their controlling player": an umpire seated at the force's table, or Control."""
    if actor is None or not actor.is_authenticated:
        return False
    if actor.is_superuser:
        return True
    seats = UmpireSeat.objects.filter(user=actor, event=force.event_id)
    return seats.filter(Q(role=Role.CONTROL) | Q(role=Role.REGION, region=force.province.region_id)).exists()


def do_place_force(force: Force, *, map_point: MapPoint, actor: Actor, reason: str) -> Force:
    """Control's correction of where a force stands (placing it on the map, or a mistake put right): no march,
    nothing moved this turn, its players left where they are."""
    if map_point.event_id != force.event_id:
        raise ValidationError({"map_point": f"{map_point} is not on this event's map."})
    if not reason.strip():
        raise ValidationError({"reason": "Say why the force is placed there."})
    with changing(force, "placed", actor=actor, reason=reason.strip()) as force:
        force.province, force.map_point = map_point.province, map_point
    return force


def take_the_player_along(force: Force, region: Region, *, actor: Actor) -> None:
    """IX. LAND MOVEMENT: entering another area, players "must move to the relevant table"."""
    for character in {force.legate, force.army_commander}:
        if character is not None and character.location_id == force.province.region_id:
            character.location = region
            do_save_record(character, actor=actor, reason=f"moves with {force.name}")


def player_present(force: Force) -> bool:
    """IX. LAND MOVEMENT: a legionary force needs a player with it: its legate, or its army
    commander, at the force's table."""
    region = force.province.region_id
    return any(c is not None and c.location_id == region for c in (force.legate, force.army_commander))
