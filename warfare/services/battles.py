"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM, run at a table: open, claim, fight round by round,
override, judge, propose and place the losses, confirm, publish.

The rules are the engine's: `ad69.battle_round` fights each round (the tactical advantage
in round 1, the risk rolls of commanders in person), `ad69.battle_losses` counts and splits
the losses and dices for the fallen. These services keep the record, hold the claim lock,
and on confirmation put the result on the forces and characters, all in one transaction.
Every service locks the battle, audits the change and tells the table and Control on
commit (and the whole event, once the battle is published).
"""
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from regions.models import Force
from regions.services.engine import as_case_force, current_turn, roll_rules
from regions.services.forces import changing, combine, set_troops
from umpire.events import control_group, event_group, publish_on_commit, table_group
from umpire.models import UmpireSeat
from umpire.permissions import Perm
from umpire.rules.ad69.battle_round import RoundOrders
from umpire.rules.errors import RulesError
from umpire.rules.schema import parse
from umpire.selectors import can
from umpire.services.announcements import do_draft_announcement, do_publish_announcement
from umpire.services.audit import record_audit, snapshot
from umpire.services.records import do_save_record
from umpire.services.rules import run_with_dice

from ..events import BattleChanged, BattlePublished
from ..models import Battle, BattleForce, BattleOverride, BattleRound
from ..models.battle import FALLEN, ROUND_RESULTS, SIDES, UNHARMED

SYSTEM = "X. COMBAT RESOLUTION, THE BATTLE SYSTEM"
RISK = "X. COMBAT RESOLUTION, RISK TO PLAYER CHARACTERS IN BATTLE"
Figure = BattleRound.Figure
UNFINISHED = (Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)


# ---- opening ----------------------------------------------------------------------------------

def do_open_battle(region, *, side_a_forces, side_b_forces, side_a_commander=None, side_b_commander=None,
                   side_a_name="", side_b_name="", side_a_skill=None, side_b_skill=None, force_marched=None,
                   place="", title="", actor):
    """X. THE PROCESS OF BATTLE, steps 1 to 4: the commanders have chosen to fight, and the
    forces present together at this table face off. The opener holds the claim.

    A commander who is a player brings his own Military Skill; a side without one (a host
    run by an umpire) may be given `side_x_skill`. `force_marched` names the forces that
    force-marched last turn (-2 each); left None, it is read from the forces' records."""
    with transaction.atomic():
        sides = lock_forces({"a": side_a_forces, "b": side_b_forces})
        turn = current_turn(region.event)
        check_forces(region, sides)
        check_umpire_present(region.event, sides, actor)
        commanders = {"a": side_a_commander, "b": side_b_commander}
        check_commanders(region, commanders)
        names = {s: given or side_name(commanders[s], sides[s]) for s, given in zip(SIDES, (side_a_name, side_b_name))}
        province = sides["a"][0].province
        battle = Battle(event=region.event, region=region, province=province, place=place, turn=turn,
                        title=title or f"{names['a']} v {names['b']}, {place or province}"[:120],
                        side_a_name=names["a"], side_b_name=names["b"],
                        side_a_commander=side_a_commander, side_b_commander=side_b_commander,
                        side_a_skill=skill_of("a", side_a_commander, side_a_skill),
                        side_b_skill=skill_of("b", side_b_commander, side_b_skill),
                        created_by=user_or_none(actor))
        battle.renew_claim(user_or_none(actor))
        battle.full_clean()
        battle.save()
        marched = force_marched_ids(sides, turn, force_marched)
        BattleForce.objects.bulk_create(
            BattleForce(battle=battle, force=force, force_name=force.name, kind=force.kind, side=side,
                        composition=as_case_force(force), force_marched=force.pk in marched)
            for side in SIDES for force in sides[side])
        record(battle, "opened", actor=actor, after=battle_state(battle))
    return battle


def lock_forces(sides):
    """The forces of each side, locked in id order, so that two umpires cannot put the same
    force into two battles at once."""
    ids = [force.pk for side in SIDES for force in sides[side]]
    locked = Force.objects.select_for_update(of=("self",)).select_related("province__region").prefetch_related("troops")
    found = {force.pk: force for force in locked.filter(pk__in=ids).order_by("pk")}
    return {side: [found[force.pk] for force in sides[side]] for side in SIDES}


def check_forces(region, sides):
    """X. THE BATTLE SYSTEM: each side at least one force; every force at this table, in the
    same province as the rest, and in no other battle not yet confirmed."""
    seen = set()
    for side in SIDES:
        field = f"side_{side}_forces"
        if not sides[side]:
            raise ValidationError({field: "Each side needs at least one force."})
        for force in sides[side]:
            if force.pk in seen:
                raise ValidationError({field: f"{force.name} is named twice, or on both sides."})
            seen.add(force.pk)
            check_force_here(region, sides["a"][0], force, field)


def check_force_here(region, first, force, field):
    if force.event_id != region.event_id or force.province.region_id != region.pk:
        raise ValidationError({field: f"{force.name} is not at this table ({region})."})
    if force.province_id != first.province_id:
        raise ValidationError({field: f"{force.name} is in {force.province}, {first.name} in {first.province}: "
                                      "a battle is fought by forces present together in one province."})
    fighting = BattleForce.objects.filter(force=force, battle__state__in=UNFINISHED).select_related("battle").first()
    if fighting:
        raise ValidationError({field: f"{force.name} is already in the battle “{fighting.battle}”, "
                                      "not yet confirmed."})


def check_umpire_present(event, sides, actor):
    """X. THE BATTLE SYSTEM: "Legion vs Legion battles must be with an Umpire present";
    local battles of detached vexillations "can be dealt with by players"."""
    legions = all(any(force.kind == Force.Kind.LEGION for force in sides[side]) for side in SIDES)
    if legions and not is_umpire(actor, event):
        raise ValidationError({"__all__": f"A battle of legion against legion needs an umpire present ({SYSTEM})."})


def is_umpire(user, event):
    if user is None or not user.is_authenticated:
        return False
    return user.is_superuser or UmpireSeat.objects.filter(user=user, event=event).exists()


def check_commanders(region, commanders):
    if commanders["a"] is not None and commanders["a"] == commanders["b"]:
        raise ValidationError({"side_b_commander": f"{commanders['b']} cannot command both sides."})
    for side, commander in commanders.items():
        field = f"side_{side}_commander"
        if commander is not None and commander.event_id != region.event_id:
            raise ValidationError({field: f"{commander} belongs to another event."})
        if commander is not None and commander.died_turn is not None:
            raise ValidationError({field: f"{commander} fell in turn {commander.died_turn}: he commands no more."})


def skill_of(side, commander, given):
    """X. BATTLE DIE ROLLING SYSTEM: "+ Military Skill of Army Commander": a player's is on his
    record; a side with no army commander adds none unless the umpire gives its leader's."""
    if commander is None:
        return given or 0
    if given is not None:
        raise ValidationError({f"side_{side}_skill": f"{commander}'s Military Skill is on his record: "
                                                    "Control corrects it there."})
    if commander.military_skill is None:
        raise ValidationError({f"side_{side}_commander": f"{commander}'s Military Skill is not entered yet: "
                                                        "Control sets it from his briefing."})
    return commander.military_skill


def side_name(commander, forces):
    return str(commander) if commander else " and ".join(force.name for force in forces)


def force_marched_ids(sides, turn, named):
    """X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last
    turn": the umpire's list if given, else the forces whose record says so."""
    if named is not None:
        return {force.pk for force in named}
    return {force.pk for side in SIDES for force in sides[side] if force.forced_march_turn == turn - 1}


# ---- the claim --------------------------------------------------------------------------------

def do_claim_battle(battle, *, actor):
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


def do_release_battle(battle, *, actor):
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


def do_take_over_battle(battle, *, actor, reason):
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


def check_not_claimed_by_another(battle, actor):
    if battle.claim_is_live() and battle.claimed_by_id != getattr(actor, "pk", None):
        until = timezone.localtime(battle.claim_expires_at).strftime("%H:%M")
        raise ValidationError({"claim": f"Claimed by {battle.claimed_by.get_username()} until {until}: "
                                        "take it over first."})


def check_holds_claim(battle, actor):
    """A step of the fight only by the umpire who holds the claim (his still, though it lapsed,
    if no one has claimed it since)."""
    check_not_claimed_by_another(battle, actor)
    if actor is None or battle.claimed_by_id != actor.pk:
        raise ValidationError({"claim": "Nobody is running this battle now: claim it first."})


def claim_state(battle):
    return {"claimed_by": battle.claimed_by.get_username() if battle.claimed_by else None,
            "claim_expires_at": battle.claim_expires_at.isoformat() if battle.claim_expires_at else None}


# ---- the rounds -------------------------------------------------------------------------------

@contextmanager
def running(battle, *, actor):
    """One step of the fight: the battle locked, refused once confirmed or to anyone but the
    claim's holder, whose claim the step renews; audited and announced by the caller."""
    with transaction.atomic():
        battle = locked(battle)
        check_unlocked(battle)
        check_holds_claim(battle, actor)
        battle.renew_claim(actor)
        yield battle
        battle.save()


def do_fight_round(battle, *, orders, dice=None, actor):
    """X. THE PROCESS OF BATTLE, steps 5 to 8, one round, by `ad69.battle_round`: the tactical
    advantage settled in round 1 (by Military Skill, or dice if equal) and kept; the push-back
    and the fallen carried from the last round as it stands after any override.

    `orders` is {"a": {...}, "b": {...}}, each with stance (attack or defend), joins,
    outflanking and withdraw. `dice` are the table's dice in the order the engine asks for
    them, or None for the console's, seeded. Refused after four rounds, an outright defeat
    or a withdrawal."""
    with running(battle, actor=actor) as battle:
        check_may_fight(battle)
        orders = parse_orders(orders)
        check_joins(battle, orders, current_turn(battle.event))
        case = round_case(battle, battle.rounds_fought + 1, orders)
        result, seed = roll_rules("ad69.battle_round", case, dice)
        fought = BattleRound.objects.create(
            battle=battle, number=case["number"], orders=orders, case=case, dice=dice_record(result, dice is None),
            rolled_by_console=dice is None, seed=seed, outcome=result.outcome,
            working=[line.as_dict() for line in result.working], fought_by=actor)
        battle.advantage = result.outcome["tactical_advantage"]
        record(battle, "round_fought", actor=actor, after={"round": fought.number, "outcome": result.outcome})
    return fought


def check_may_fight(battle):
    if battle.state != Battle.State.OPEN or battle.is_over:
        raise ValidationError({"__all__": f"The battle is over after round {battle.rounds_fought}: "
                                          f"{battle.ending}."})


def parse_orders(orders):
    """The orders as the engine reads them, every field filled, so the record is complete."""
    try:
        parsed = parse(RoundOrders, orders, "orders.")
    except RulesError as refusal:
        raise ValidationError({refusal.field: refusal.message}) from refusal
    return {side: {"stance": o.stance.value, "joins": o.joins, "outflanking": o.outflanking, "withdraw": o.withdraw}
            for side, o in zip(SIDES, (parsed.a, parsed.b))}


def check_joins(battle, orders, turn):
    """X. RISK TO PLAYER CHARACTERS: a wounded commander "may not take an active role in
    battles" until his months are up: he cannot join in person."""
    for side in SIDES:
        commander = battle.commander(side)
        until = commander.wounded_until_turn if commander else None
        if orders[side]["joins"] and until is not None and turn <= until:
            raise ValidationError({f"orders.{side}.joins": f"{commander} is wounded until turn {until}: he may "
                                                           f"not take an active role ({RISK})."})


def round_case(battle, number, orders):
    """ad69.battle_round's input: the sides as they began, and the state the last round left."""
    last = battle.last_result
    return {"side_a": side_case(battle, "a"), "side_b": side_case(battle, "b"), "number": number,
            "advantage": battle.advantage or None, "orders": orders,
            "pushed_back": last.pushed_back if last else None, "fallen": sorted(last.fallen) if last else []}


def side_case(battle, side):
    forces = battle.forces_of(side)
    return {"name": battle.side_name(side), "military_skill": battle.skill(side),
            "forces": [force.composition for force in forces],
            "force_marched": sum(force.force_marched for force in forces)}




def dice_record(result, by_console):
    return [{**die.as_dict(), "rolled_by": "console" if by_console else "entered"} for die in result.dice]


# ---- overrides and the verdict ----------------------------------------------------------------

def do_override_figure(battle, *, round_number, what, umpire_value, reason, actor):
    """X. THE PROCESS OF BATTLE: "In the event of any doubt, the umpires will rule." The umpire
    sets one figure of the last round fought, with a reason; the engine's value stays beside
    it. The figures: "result" (one of ROUND_RESULTS), "total_a"/"total_b" (the result is
    looked up again from the totals), "fallen_a"/"fallen_b" ("fallen" or "unharmed", for a
    commander who fought in person that round). The next round starts from the round as
    overridden; a later override of the same figure supersedes an earlier one."""
    if not reason.strip():
        raise ValidationError({"reason": "Give the reason for the override: it stays on the record."})
    with running(battle, actor=actor) as battle:
        check_open(battle)
        fought = last_round(battle, round_number)
        value = check_figure(fought, what, str(umpire_value).strip())
        override = BattleOverride.objects.create(battle=battle, round=fought, what=what, reason=reason,
                                                 engine_value=fought.engine_value(what), umpire_value=value, by=actor)
        record(battle, "overridden", actor=actor, reason=reason, before={override.label: override.engine_value},
               after={override.label: value})
    return override


def last_round(battle, number):
    rounds = battle.round_list
    if not rounds or number != rounds[-1].number:
        last = f"round {rounds[-1].number}" if rounds else "no round yet"
        raise ValidationError({"round_number": f"Only the last round fought can be overridden ({last}): "
                                              "later rounds were fought from it."})
    return rounds[-1]


def check_figure(fought, what, value):
    """The umpire's value, checked against what the figure can be."""
    if what not in Figure.values:
        raise ValidationError({"what": f"{what!r} cannot be overridden; these can: {', '.join(Figure.values)}."})
    if what == Figure.RESULT:
        return check_choice("umpire_value", value, ROUND_RESULTS)
    if what in (Figure.TOTAL_A, Figure.TOTAL_B):
        return check_total(fought, value)
    if not fought.joined(what[-1]):
        raise ValidationError({"what": f"Side {what[-1].upper()}'s commander did not fight in person in round "
                                       f"{fought.number}: he ran no risk."})
    return check_choice("umpire_value", value, (FALLEN, UNHARMED))


def check_choice(field, value, choices):
    if value not in choices:
        raise ValidationError({field: f"{value!r} is not one of: {', '.join(choices)}."})
    return value


def check_total(fought, value):
    if fought.outcome["totals"] is None:
        raise ValidationError({"what": f"Round {fought.number} passed in inaction: no dice, no totals."})
    if not value.lstrip("-").isdigit():
        raise ValidationError({"umpire_value": f"{value!r} is not a whole number."})
    return str(int(value))


def do_give_verdict(battle, *, victor, reason="", actor):
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
            victor, reason, actor, timezone.now())
        record(battle, "verdict", actor=actor, before=before, after={"verdict": victor}, reason=reason)
    return battle


def check_open(battle):
    if battle.state != Battle.State.OPEN:
        raise ValidationError({"__all__": "The losses are proposed: the rounds, overrides and verdict stand."})


# ---- the losses -------------------------------------------------------------------------------

def do_propose_losses(battle, *, dice=None, actor):
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
        case = {"side_a": side_case(battle, "a"), "side_b": side_case(battle, "b"), "victor": battle.victor,
                "fallen": battle.fallen}
        result, seed = roll_rules("ad69.battle_losses", case, dice)
        battle.losses_rolled_by_console, battle.losses_seed = dice is None, seed
        keep_losses(battle, case, result)
        battle.state = Battle.State.LOSSES_PROPOSED
        record(battle, "losses_proposed", actor=actor, after=result.outcome)
    return battle


def do_place_losses(battle, *, side, placed, actor):
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
        case = {**battle.losses_case, f"side_{side}": {**battle.losses_case[f"side_{side}"], "placed_losses": lines}}
        dice = [die["value"] for die in battle.losses_result["dice"]]
        try:
            result, _ = run_with_dice("ad69.battle_losses", case, dice=dice)
        except RulesError as refusal:
            field = (refusal.field or "__all__").replace(f"side_{side}.placed_losses", "placed", 1)
            raise ValidationError({field: refusal.message}) from refusal
        keep_losses(battle, case, result)
        record(battle, "losses_placed", actor=actor, after={"side": side, "placed": lines})
    return battle


def placed_line(line):
    """One line of the owner's split as the engine takes it; the engine refuses what is wrong."""
    force = line.get("force", "")
    return {"force": force.name if isinstance(force, Force) else str(force), "type": line.get("type"),
            "count": line.get("count"), "veteran": bool(line.get("veteran", False))}


def keep_losses(battle, case, result):
    battle.losses_case = case
    battle.losses_result = {**result.as_dict(), "dice": dice_record(result, battle.losses_rolled_by_console)}


# ---- confirmation -----------------------------------------------------------------------------

def do_confirm_battle(battle, *, actor):
    """The umpire confirms, and in one transaction: each force loses its units as placed
    (X. LOSSES), the victor's survivors become veterans ("Any unit that has fought in a battle,
    and won is automatically upgraded to 'Veteran'", IX. WARFARE, ASSUMPTIONS; not in a draw),
    every force has fought this turn, the fallen commanders are wounded or killed (X. RISK TO
    PLAYER CHARACTERS), and the record is locked."""
    with running(battle, actor=actor) as battle:
        if battle.state != Battle.State.LOSSES_PROPOSED:
            raise ValidationError({"__all__": "Propose the losses before confirming the battle."})
        check_losses_placed(battle)
        turn = current_turn(battle.event)
        for force in battle.forces.all():
            apply_losses(battle, force, turn, actor)
        for side, fate in battle.fates.items():
            settle_fate(battle, side, fate, turn, actor)
        battle.state, battle.confirmed_by, battle.confirmed_at = Battle.State.CONFIRMED, actor, timezone.now()
        battle.claimed_by, battle.claim_expires_at = None, None
        record(battle, "confirmed", actor=actor, after={
            "victor": battle.victor, "fates": battle.fates,
            "losses": {side: battle.losses[side]["forces"] for side in SIDES}})
    return battle


def check_losses_placed(battle):
    """X. LOSSES: where the split is the owning player's choice, he must have made it."""
    if battle.to_place:
        left = battle.losses[battle.to_place[0]]
        raise ValidationError({"placed": f"{left['side']}'s player must still place {left['to_place']} unit(s), "
                                         f"among {', '.join(left['place_among'])}."})


def apply_losses(battle, fought, turn, actor):
    """One force's losses and, if its side won, its survivors made veterans; refused if its
    units changed while the battle was fought, as the losses were taken from those."""
    if fought.force is None:
        raise ValidationError({"__all__": f"{fought.force_name} is no longer on the map: its losses have nowhere "
                                          "to land."})
    side = battle.losses[fought.side]
    lost = next(f["lost"] for f in side["forces"] if f["force"] == fought.force_name)
    with changing(fought.force, "battle", actor=actor, reason=battle.title) as force:
        if troops_key(as_case_force(force)["troops"]) != troops_key(fought.composition["troops"]):
            raise ValidationError({"__all__": f"{force.name}'s units have changed since the battle began: "
                                              "Control must correct them before the battle is confirmed."})
        set_troops(force, after_battle(fought.composition["troops"], lost, side["become_veterans"]))
        force.fought_turn = turn


def troops_key(troops):
    return sorted((t["type"], t["veteran"], t["count"]) for t in troops if t["count"])


def after_battle(troops, lost, veterans):
    """The units left once `lost` are taken; all made veteran when the side won."""
    held = {(t["type"], t["veteran"]): t["count"] for t in troops}
    for line in lost:
        held[(line["type"], line["veteran"])] -= line["count"]
    return combine([{"type": k[0], "veteran": k[1] or veterans, "count": n} for k, n in held.items() if n])


def settle_fate(battle, side, fate, turn, actor):
    """X. RISK TO PLAYER CHARACTERS: "A 1 on 1d6 means that the injuries were fatal. Otherwise
    the character is wounded and may not take an active role in battles for 1d6 months". A
    leader who is not a player's character keeps his fate on the battle's record alone."""
    commander = battle.commander(side)
    if commander is None:
        return
    if fate["fate"] == "killed":
        commander.died_turn = turn
    else:
        commander.wounded_until_turn = turn + fate["months_wounded"]
    do_save_record(commander, actor=actor, reason=f"{fate['fate']} in {battle.title}")


# ---- publishing -------------------------------------------------------------------------------

def do_publish_battle(battle, *, to_projector=False, actor):
    """A draft leaves the table: the players' side hears of it (the event's group) and, if
    Control chooses, it goes on the projector's news as an announcement to the hall. A
    published battle may still be put on the projector later."""
    with transaction.atomic():
        battle = locked(battle)
        if battle.published_at and (battle.on_projector or not to_projector):
            raise ValidationError({"__all__": "This battle is already published."})
        if to_projector:
            announce_to_the_hall(battle, actor)
        before = snapshot(battle)
        battle.published_at = battle.published_at or timezone.now()
        battle.published_by = battle.published_by or actor
        battle.on_projector = battle.on_projector or to_projector
        battle.save()
        record_audit(event=battle.event, actor=actor, action="battle.published", target=battle, before=before,
                     after=snapshot(battle))
        publish_on_commit(groups_for(battle), BattlePublished(battle.pk, battle.title, battle.summary,
                                                              battle.on_projector))
    return battle


def announce_to_the_hall(battle, actor):
    """The projector's news is Control's announcements: only Control puts a battle there."""
    if not can(actor, battle.event, Perm.ANNOUNCE):
        raise ValidationError({"to_projector": "Only Control puts a battle on the projector's news."})
    news = do_draft_announcement(battle.event, text=f"{battle.title}: {battle.summary}", actor=actor)
    do_publish_announcement(news, actor=actor)


# ---- shared -----------------------------------------------------------------------------------

def locked(battle):
    return (Battle.objects.select_for_update(of=("self",)).select_related("event", "claimed_by", "side_a_commander",
                                                               "side_b_commander")
            .prefetch_related("forces__force", "rounds__overrides").get(pk=battle.pk))


def check_unlocked(battle):
    if battle.is_locked:
        when = timezone.localtime(battle.confirmed_at).strftime("%H:%M")
        raise ValidationError({"__all__": f"“{battle}” was confirmed at {when}: its record is locked."})


def forces_by_side(battle):
    return {side: battle.forces_of(side) for side in SIDES}


def user_or_none(actor):
    return actor if actor is not None and actor.is_authenticated else None


def battle_state(battle):
    return {**snapshot(battle), "forces": [str(force) for force in battle.forces.all()]}


def groups_for(battle):
    """A draft to its table and Control only; once published, the whole event hears too."""
    groups = [control_group(battle.event_id), table_group(battle.region_id)]
    return groups + ([event_group(battle.event_id)] if battle.published_at else [])


def record(battle, action, *, actor, before=None, after=None, reason=""):
    """Audit one step of the battle and tell whoever may see it, on commit."""
    record_audit(event=battle.event, actor=actor, action=f"battle.{action}", target=battle, before=before,
                 after=after, reason=reason)
    claimant = battle.claimed_by.get_username() if battle.claimed_by else ""
    publish_on_commit(groups_for(battle), BattleChanged(action, battle.pk, battle.title, battle.state, claimant))
