"""Sieges (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES): laying one at a table,
each month's work on it (building engines, reducing the defences, or an assault), the losses
landing on the forces, and its end when the place falls or the siege is lifted.

The rules are the AD69 engine's (ad69.build_siege_engines, ad69.reduce_defences,
ad69.siege_assault, and the X. LOSSES split); these services keep the siege from month to month
and apply what the engine gives, in one transaction each, audited and told to the siege's table
and to Control.

Nothing happens to a siege at the end of a turn: the multiplier stays reduced, the engines stay
where they were built, and each month's work is a row under its turn, so there is no flag to
clear. The app therefore registers no turn-end hook for sieges.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Manager, Q

from regions.models import Force, MapPoint, Province
from regions.services.engine import as_case_force, current_turn, roll_rules
from regions.services.forces import changing, set_troops, take_troops
from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import AuditEntry
from umpire.rules.ad69.forces import Force as RulesForce
from umpire.rules.ad69.forces import Troops, TroopType
from umpire.rules.ad69.losses import LOSSES, PlacedLoss, check_placed_losses, place_loss, split_loss
from umpire.rules.ad69.siege import SiegeAssaultInput, check_capacity, place_multiplier
from umpire.rules.errors import RulesError
from umpire.rules.schema import parse
from umpire.rules.working import Result, Working
from umpire.services.audit import Actor, Snapshot, adopt_steps, gathering_steps, record_audit, snapshot

from ..events import SiegeChanged
from ..models import Siege, SiegeMonth
from ..selectors import check_military_skill

Action = SiegeMonth.Action
# The engine names its own inputs; a refusal is shown against the service's argument instead.
ENGINE_FIELDS = (
    ("place.multiplier", "multiplier"),
    ("attackers", "besiegers"),
    ("defenders", "garrison"),
    ("legion", "legion"),
    ("doing_nothing_else", "legion"),
    ("sets_built_here", "legion"),
    ("engine_sets", "siege"),
    ("dice", "dice"),
    ("placed", "placed"),
)
# Each side of an assault: the engine's name for it and for its loss.
SIDES = {"besiegers": ("attackers", "attackers_lost"), "garrison": ("defenders", "defenders_lost")}


# ---- beginning and lifting ---------------------------------------------------------------------


def do_begin_siege(
    *,
    besiegers: Sequence[Force],
    place: str = "",
    place_type: str = "",
    province: Province | None = None,
    map_point: MapPoint | None = None,
    garrison: Sequence[Force] = (),
    multiplier: int | None = None,
    engines_required: int | None = None,
    actor: Actor,
) -> Siege:
    """X. THE SIEGE SYSTEM: forces in a province lay siege to a defended place there, and stand
    besieging until it falls or the siege is lifted. The place is a fortified map point, whose name,
    province and walls (its fortification, the siege table's kind of place) the siege takes; or,
    where the map has no point for it, a place named and typed by hand. The strength multiplier
    starts at the table's, or at the umpire's figure: a Huge Mountain Fortified City's "varies" and
    must be given, and any place may have been reduced before. `engines_required` is the umpires'
    advice on the sets of engines it needs ("The umpires will advise on the minimum requirement")."""
    if map_point is not None:
        place, place_type, province = place_at(map_point, province)
    if province is None:
        raise ValidationError({"province": "Name the province of the place besieged, or choose its map point."})
    with transaction.atomic(), gathering_steps() as steps:  # the forces' changes are the siege's steps
        besiegers, garrison = locked_forces(besiegers), locked_forces(garrison)
        siege = Siege(
            event=province.event,
            region=province.region,
            province=province,
            map_point=map_point,
            place=(place or "").strip(),
            place_type=place_type,
            engines_required=engines_required,
            begun_turn=current_turn(province.event),
        )
        # The constraint on a place besieged twice is the database's guard; check_sides names it.
        siege.full_clean(exclude=["starting_multiplier", "multiplier"], validate_constraints=False)
        check_sides(siege, besiegers, garrison)
        siege.starting_multiplier = siege.multiplier = opening_multiplier(siege, garrison, multiplier)
        siege.save()
        siege.besiegers.set(besiegers)
        siege.garrison.set(garrison)
        for force in besiegers:
            with changing(force, "besiege", actor=actor, reason=f"lays siege to {siege.place}") as force:
                force.status = Force.Status.BESIEGING
        announce(siege, "begun", None, actor=actor, steps=steps)
    return siege


def do_lift_siege(siege: Siege, *, reason: str, actor: Actor) -> Siege:
    """The handbook has no rule for raising a siege: the umpire lifts it and says why. The
    besiegers stand again; the engines they built cannot follow them ("Siege engines and
    equipment cannot be moved from place to place")."""
    if not reason or not reason.strip():
        raise ValidationError({"reason": "Say why the siege is lifted."})
    with transaction.atomic(), gathering_steps() as steps:
        siege = locked(siege)
        check_active(siege)
        before = siege_state(siege)
        end(siege, Siege.State.LIFTED, actor=actor, reason=reason.strip())
        siege.lifted_reason = reason.strip()
        siege.save()
        announce(siege, "lifted", before, actor=actor, steps=steps, reason=siege.lifted_reason)
    return siege


def place_at(point: MapPoint, province: Province | None) -> tuple[str, str, Province]:
    """The place a map point gives a siege: its name, its walls as the siege table's kind of place,
    and its province. An open place has no walls to besiege."""
    if province is not None and point.province_id != province.pk:
        raise ValidationError({"map_point": f"{point.name} is in {point.province}, not in {province}."})
    if not point.fortification:
        raise ValidationError({"map_point": f"{point.name} has no walls: there is nothing to besiege."})
    return point.name, point.fortification, point.province


def locked_forces(forces: Iterable[Force]) -> list[Force]:
    return list(
        Force.objects.select_for_update(of=("self",))
        .select_related("province")
        .filter(pk__in=[force.pk for force in forces])
        .order_by("pk")
    )


def check_sides(siege: Siege, besiegers: Sequence[Force], garrison: Sequence[Force]) -> None:
    """Besiegers and garrison are in the province; the besiegers stand, free to lay a siege; no
    force is on both sides, or already in another siege; the place is not besieged already."""
    if not besiegers:
        raise ValidationError({"besiegers": f"Name the forces that lay siege to {siege.place}."})
    check_side(siege, besiegers, "besiegers")
    check_side(siege, garrison, "garrison")
    standing_not = [
        f"{force.name} ({force.get_status_display().lower()})"
        for force in besiegers
        if force.status != Force.Status.STANDING or force.embarked_on_id
    ]
    if standing_not:
        raise ValidationError(
            {"besiegers": f"{', '.join(standing_not)}: only a force standing on land can lay a siege."}
        )
    both = sorted(force.name for force in set(besiegers) & set(garrison))
    if both:
        raise ValidationError({"garrison": f"{', '.join(both)} cannot both besiege and defend {siege.place}."})
    besieged = Siege.objects.filter(
        event=siege.event, province=siege.province, place__iexact=siege.place, state=Siege.State.ACTIVE
    ).first()
    if besieged:
        raise ValidationError({"place": f"{besieged.place} is already under siege, since turn {besieged.begun_turn}."})


def check_side(siege: Siege, forces: Iterable[Force], field: str) -> None:
    elsewhere = [f"{force.name} is in {force.province}" for force in forces if force.province_id != siege.province_id]
    if elsewhere:
        raise ValidationError(
            {field: f"{'; '.join(elsewhere)}: only forces in {siege.province} take part in the siege of {siege.place}."}
        )
    engaged = (
        Force.objects.filter(pk__in=[force.pk for force in forces])
        .filter(Q(sieges__state=Siege.State.ACTIVE) | Q(sieges_defended__state=Siege.State.ACTIVE))
        .distinct()
    )
    if engaged:
        raise ValidationError({field: f"{', '.join(force.name for force in engaged)}: already in another siege."})


def opening_multiplier(siege: Siege, garrison: Sequence[Force], multiplier: int | None) -> int:
    """X. THE SIEGE SYSTEM, by the engine: the place can hold its garrison, and its multiplier is
    the umpire's or the table's (never invented for a place whose multiplier varies)."""
    case = {
        "place": place_case(siege, multiplier),
        "attackers": {},
        "defenders": {"forces": [as_case_force(force) for force in garrison]},
    }
    working = Working()
    try:
        parsed = parse(SiegeAssaultInput, case)
        check_capacity(parsed, working)
        return place_multiplier(parsed.place, working)
    except RulesError as refusal:
        raise refused(refusal) from refusal


def end(siege: Siege, state: str, *, actor: Actor, reason: str) -> None:
    """The siege is over: its besiegers stand again."""
    siege.state, siege.ended_turn = state, current_turn(siege.event)
    for force in siege.besiegers.filter(status=Force.Status.BESIEGING):
        with changing(force, "siege_ended", actor=actor, reason=reason) as force:
            force.status = Force.Status.STANDING


# ---- a month's work ------------------------------------------------------------------------------


def do_build_siege_engines(siege: Siege, *, legion: Force, actor: Actor) -> Siege:
    """X. REDUCING DEFENCES: "A legion (of at least half strength) working for one month and doing
    nothing else can prepare a single set of siege engines ... They can only build one set per
    legion, and the Aquila must be present." The engine checks each condition."""
    with transaction.atomic(), gathering_steps() as steps:
        siege = locked(siege)
        before, turn = siege_state(siege), check_may_work(siege, Action.BUILD_ENGINES)
        legion = besieger(siege, legion)
        case = {
            "legion": as_case_force(legion),
            "doing_nothing_else": doing_nothing_else(legion, turn),
            "sets_built_here": siege.months.filter(action=Action.BUILD_ENGINES, legion=legion).count(),
        }
        result, seed = roll_rules("ad69.build_siege_engines", case, [], refused=refused)
        record_month(siege, turn, Action.BUILD_ENGINES, case, result, seed, legion=legion)
        announce(siege, "engines_built", before, actor=actor, steps=steps, reason=f"by {legion.name}")
    return siege


def do_reduce_defences(siege: Siege, *, actor: Actor) -> Siege:
    """X. REDUCING DEFENCES: "One month of 'reduction' by an army with enough siege engines
    reduces the strength multiplier of a defended place by one." Enough is the table's minimum,
    or the umpires' advice given when the siege began; the engine refuses fewer."""
    with transaction.atomic(), gathering_steps() as steps:
        siege = locked(siege)
        before, turn = siege_state(siege), check_may_work(siege, Action.REDUCE_DEFENCES)
        case = {
            "place": place_case(siege, siege.multiplier),
            "engine_sets": engine_sets(siege),
            "engines_required": siege.engines_required,
        }
        result, seed = roll_rules("ad69.reduce_defences", case, [], refused=refused)
        record_month(siege, turn, Action.REDUCE_DEFENCES, case, result, seed)
        siege.multiplier = result.outcome["multiplier_after"]
        siege.save()
        announce(siege, "defences_reduced", before, actor=actor, steps=steps)
    return siege


def do_assault(
    siege: Siege,
    *,
    commander_joins: bool = False,
    garrison_commander_joins: bool = False,
    dice: Sequence[int] | None = None,
    actor: Actor,
) -> SiegeMonth:
    """X. SIEGE COMBAT RESULTS: the month's one round of combat, by the engine's ad69.siege_assault,
    with the umpire's dice (attackers' d12, then defenders') or the console's. Each side's loss is
    divided proportionately among its troop types (X. LOSSES) and lands on its forces at once,
    unless the split is uneven: then it waits for its owner's choice (do_place_siege_losses). If
    the assault is victorious the place falls: the garrison is wiped out and the siege ends."""
    with transaction.atomic(), gathering_steps() as steps:
        siege = locked(siege)
        before, turn = siege_state(siege), check_may_work(siege, Action.ASSAULT)
        besiegers, garrison = forces_of(siege.besiegers), forces_of(siege.garrison)
        case = {
            "place": place_case(siege, siege.multiplier),
            "attackers": side_case(siege, besiegers, commander_joins, turn, "besiegers", "commander_joins"),
            "defenders": side_case(
                siege, garrison, garrison_commander_joins, turn, "garrison", "garrison_commander_joins"
            ),
        }
        result, seed = roll_rules("ad69.siege_assault", case, dice, refused=refused)
        month = record_month(siege, turn, Action.ASSAULT, case, result, seed)
        split = Working()
        month.losses = propose_losses(case, result.outcome, split)
        month.working = month.working + split.as_list()
        month.save()
        fell = result.outcome["place_falls"]
        land_assault(siege, month, besiegers + garrison, turn, actor=actor)
        if fell:
            end(siege, Siege.State.FALLEN, actor=actor, reason=f"{siege.place} falls to the assault")
            siege.save()
        announce(
            siege,
            "place_fell" if fell else "assaulted",
            before,
            actor=actor,
            steps=steps,
            result=result.outcome["result"],
        )
    return month


def do_place_siege_losses(
    month: SiegeMonth, *, side: str, placed: Sequence[Mapping[str, Any]], actor: Actor
) -> SiegeMonth:
    """X. LOSSES: "If the legion taking losses consists of a mixture of troop types, then the losses
    should be divided proportionately among the constituents. In the case of a split, it is the
    owning player's choice." The owner's placing of one side's assault loss (lines of force, type,
    veteran, count), checked by the engine against each group's share, lands on the forces."""
    with transaction.atomic(), gathering_steps() as steps:
        siege = locked(month.siege)
        month = SiegeMonth.objects.select_for_update().get(pk=month.pk)
        before = siege_state(siege)
        loss = waiting_loss(month, side)
        working = Working()
        lost = placed_by_owner(side, loss, placed, working)
        for force, lines in owners(siege, side, lost):
            with changing(force, "siege_losses", actor=actor, reason=f"assault on {siege.place}") as force:
                lose(force, lines)
        month.losses[side] = {**loss, "lost": loss_lines(lost), "to_place": 0, "among": [], "applied": True}
        month.working = month.working + working.as_list()
        month.save()
        announce(siege, "losses_placed", before, actor=actor, steps=steps)
    return month


def check_may_work(siege: Siege, action: str) -> int:
    """The siege is on, the month has no other work ("There is only one round of combat per month
    in a siege", and a legion builds its engines "doing nothing else"; several legions may build
    in the same month), the last assault's losses are placed and the besiegers are still there.
    Returns the turn."""
    check_active(siege)
    turn = current_turn(siege.event)
    done = sorted(set(siege.months.filter(turn=turn).values_list("action", flat=True)))
    if done and (action != Action.BUILD_ENGINES or done != [Action.BUILD_ENGINES]):
        labels = ", ".join(Action(d).label.lower() for d in done)
        raise ValidationError(
            {"siege": f"{siege.place} has had its month's work this turn ({labels}): one action a month."}
        )
    for month in siege.months.filter(action=Action.ASSAULT):
        if month.sides_waiting:
            raise ValidationError(
                {
                    "siege": f"The losses of the assault of turn {month.turn} wait for their "
                    f"owners to place them ({' and '.join(month.sides_waiting)})."
                }
            )
    gone = [force.name for force in siege.besiegers.all() if force.province_id != siege.province_id]
    if gone:
        raise ValidationError(
            {"siege": f"{', '.join(gone)} left {siege.province}: lift the siege, or bring them back."}
        )
    return turn


def check_active(siege: Siege) -> None:
    if siege.state != Siege.State.ACTIVE:
        raise ValidationError(
            {
                "siege": f"The siege of {siege.place} is over ({siege.get_state_display().lower()} "
                f"in turn {siege.ended_turn})."
            }
        )


def besieger(siege: Siege, legion: Force) -> Force:
    found = siege.besiegers.filter(pk=legion.pk).prefetch_related("troops").first()
    if found is None:
        raise ValidationError({"legion": f"{legion.name} is not besieging {siege.place}."})
    return found


def doing_nothing_else(legion: Force, turn: int) -> bool:
    """A month of work on engines: the legion has not marched or fought this month."""
    return not legion.marched_in(turn) and legion.fought_turn != turn


def engine_sets(siege: Siege) -> int:
    """Sets of engines built at the place: they stay where they were built."""
    return siege.months.filter(action=Action.BUILD_ENGINES).count()


# ---- the assault --------------------------------------------------------------------------------


def forces_of(related: Manager[Force]) -> list[Force]:
    """A side's forces, locked until the assault's losses have landed on them."""
    return list(
        related.select_for_update(of=("self",))
        .select_related("legate", "army_commander")
        .prefetch_related("troops")
        .order_by("pk")
    )


def side_case(
    siege: Siege, forces: Sequence[Force], joins: bool, turn: int, field: str, joins_field: str
) -> dict[str, Any]:
    """One side of the assault as the engine takes it."""
    if joins:
        check_may_join(forces, siege.region_id, turn, joins_field)
    return {
        "forces": [as_case_force(force) for force in forces],
        "commander_in_person": bool(joins),
        "military_skill": military_skill(forces, field),
    }


def military_skill(forces: Iterable[Force], field: str) -> int:
    """X. SIEGE COMBAT RESULTS: "+ Military Skill of Army Commander (not Legion commander if
    subordinate)": a force's army commander, or its legate where it serves under none. One skill
    counts a side; a side without a commander adds none. An unknown skill is Control's to set,
    never guessed."""
    commanders = {c for c in (force.army_commander or force.legate for force in forces) if c is not None}
    if len(commanders) > 1:
        raise ValidationError(
            {
                field: f"{' and '.join(sorted(c.name for c in commanders))} each command part of "
                f"the {field}: one Army Commander's Military Skill counts, so Control must put "
                "them under one army commander."
            }
        )
    if not commanders:
        return 0
    return check_military_skill(commanders.pop(), field)


def check_may_join(forces: Iterable[Force], region_id: int, turn: int, field: str) -> None:
    """ "+2 if the Legionary Commander has joined the assault in person": one of the side's
    commanders must be at the table, alive and not still wounded (X. RISK TO PLAYER CHARACTERS IN
    BATTLE: the wounded "may not take an active role in battles")."""
    commanders = {c for force in forces for c in (force.legate, force.army_commander) if c is not None}
    if not any(
        c.location_id == region_id
        and c.died_turn is None
        and (c.wounded_until_turn is None or turn >= c.wounded_until_turn)
        for c in commanders
    ):
        raise ValidationError(
            {field: "No commander of this side is at the table and fit to join the assault in person."}
        )


def propose_losses(case: Mapping[str, Any], outcome: Mapping[str, Any], working: Working) -> dict[str, Any]:
    """Each side's loss split among its troop types; the besiegers' falls on the units that
    assaulted, not on raw levies (X. SIEGE COMBAT RESULTS)."""
    return {
        side: proposal(side, case[engine_side]["forces"], outcome[lost], working)
        for side, (engine_side, lost) in SIDES.items()
    }


def proposal(side: str, case_forces: Sequence[Mapping[str, Any]], units: int, working: Working) -> dict[str, Any]:
    forces = assaulting(case_forces) if side == "besiegers" else case_forces
    loss = place_loss(f"The {side}", split_loss(rules_forces(forces), units, working), (), working, side)
    return {
        "units": loss.units,
        "forces": forces,
        "lost": loss_lines(by_force(loss.lost)),
        "to_place": loss.to_place,
        "among": [group.label for group in loss.among],
        "applied": not loss.to_place,
    }


def assaulting(case_forces: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The besiegers as they assault: "When conducting assaults, do not count raw levies"."""
    return [
        {**force, "troops": [t for t in force["troops"] if t["type"] != TroopType.RAW_LEVY.value]}
        for force in case_forces
    ]


def rules_forces(case_forces: Iterable[Mapping[str, Any]]) -> tuple[RulesForce, ...]:
    return tuple(
        RulesForce(
            force["name"],
            tuple(Troops(TroopType(t["type"]), t["count"], t["veteran"]) for t in force["troops"]),
            force["aquila"],
        )
        for force in case_forces
    )


def by_force(lost: Mapping[tuple[str, TroopType, bool], int]) -> dict[str, list[dict[str, Any]]]:
    """The engine's losses by group, as each force's lines to take off it."""
    lines: dict[str, list[dict[str, Any]]] = {}
    for (name, kind, veteran), count in lost.items():
        if count:
            lines.setdefault(name, []).append({"type": kind.value, "veteran": veteran, "count": count})
    return lines


def loss_lines(lines: Mapping[str, Iterable[Mapping[str, Any]]]) -> list[dict[str, Any]]:
    return [{"force": name, **line} for name, force_lines in sorted(lines.items()) for line in force_lines]


def land_assault(siege: Siege, month: SiegeMonth, forces: Iterable[Force], turn: int, *, actor: Actor) -> None:
    """Both sides fought this month; a side's loss that needs no choice comes off its forces now,
    and a fallen place's garrison is wiped out."""
    reason = f"assault on {siege.place}, turn {turn}"
    for force in sorted(forces, key=lambda f: f.pk):
        with changing(force, "siege_assault", actor=actor, reason=reason) as force:
            force.fought_turn = turn
            for loss in month.losses.values():
                if loss["applied"]:
                    lose(force, [line for line in loss["lost"] if line["force"] == force.name])


def owners(
    siege: Siege, side: str, lost: Mapping[str, list[dict[str, Any]]]
) -> list[tuple[Force, list[dict[str, Any]]]]:
    """Each force of the side with the lines to take off it; one gone since the assault (merged
    away) is refused by name, for its units are no longer where the loss fell."""
    forces = {force.name: force for force in getattr(siege, side).all()}
    gone = sorted(set(lost) - set(forces))
    if gone:
        raise ValidationError({"placed": f"{', '.join(gone)} no longer besiege or defend {siege.place}."})
    return [(forces[name], lines) for name, lines in sorted(lost.items())]


def lose(force: Force, lines: Iterable[Mapping[str, Any]]) -> None:
    """Take the lost units off the force; they must still be there."""
    try:
        set_troops(force, take_troops(force, lines))
    except ValidationError as refusal:
        raise ValidationError({"placed": refusal.messages}) from refusal


def waiting_loss(month: SiegeMonth, side: str) -> dict[str, Any]:
    if month.action != Action.ASSAULT or side not in month.losses:
        raise ValidationError({"side": f"Only an assault's losses are placed, by side: {', '.join(SIDES)}."})
    if month.losses[side]["applied"]:
        raise ValidationError({"side": f"The losses of the {side} in turn {month.turn} are already placed."})
    return month.losses[side]


def placed_by_owner(
    side: str, loss: Mapping[str, Any], placed: Sequence[Mapping[str, Any]], working: Working
) -> dict[str, list[dict[str, Any]]]:
    """The owner's lines, checked by the engine: each group given its share rounded down or up,
    adding up to the loss. Returns each force's lines to take off it."""
    try:
        lines = tuple(parse(PlacedLoss, line, f"placed.{i}.") for i, line in enumerate(placed))
        split = split_loss(rules_forces(loss["forces"]), loss["units"], Working())
        lost = check_placed_losses(split, lines, "placed")
    except RulesError as refusal:
        raise refused(refusal) from refusal
    shown = ", ".join(
        f"{line.count} {line.force} {'veteran ' if line.veteran else ''}{line.type.label}"
        for line in lines
        if line.count
    )
    working.choice(f"The {side}: the owning player places the loss: {shown}", LOSSES, loss["units"])
    return by_force(lost)


# ---- shared --------------------------------------------------------------------------------------


def locked(siege: Siege) -> Siege:
    return Siege.objects.select_for_update(of=("self",)).select_related("event", "province", "region").get(pk=siege.pk)


def place_case(siege: Siege, multiplier: int | None) -> dict[str, Any]:
    return {"type": siege.place_type, "name": siege.place, "multiplier": multiplier}


def refused(refusal: RulesError) -> ValidationError:
    field = next((ours for theirs, ours in ENGINE_FIELDS if (refusal.field or "").startswith(theirs)), "__all__")
    return ValidationError({field: refusal.message})


def record_month(
    siege: Siege, turn: int, action: str, case: Any, result: Result, seed: int | None, *, legion: Force | None = None
) -> SiegeMonth:
    return SiegeMonth.objects.create(
        siege=siege,
        turn=turn,
        action=action,
        legion=legion,
        sides=sides_as_they_stand(siege),
        case=case,
        outcome=result.outcome,
        working=[line.as_dict() for line in result.working],
        dice=[roll.as_dict() for roll in result.dice],
        rolled_by_console=seed is not None,
        seed=seed,
    )


def sides_as_they_stand(siege: Siege) -> dict[str, Any]:
    """Both sides, the multiplier and the engines as the month's work finds them, before its losses: kept
    with the month, its paper prints it as it was fought, whatever becomes of the forces after."""
    return {
        "multiplier": siege.multiplier,
        "engine_sets": engine_sets(siege),
        **{side: side_as_it_stands(getattr(siege, side), side) for side in SIDES},
    }


def side_as_it_stands(related: Manager[Force], field: str) -> dict[str, Any]:
    forces = list(related.select_related("legate", "army_commander").prefetch_related("troops").order_by("pk"))
    try:
        skill, unknown = military_skill(forces, field), ""
    except ValidationError as refusal:  # a month of engines or reduction needs no skill: the paper says why
        skill, unknown = None, " ".join(refusal.messages)
    return {
        "forces": [force_as_it_stands(force) for force in forces],
        "military_skill": skill,
        "skill_unknown": unknown,
    }


def force_as_it_stands(force: Force) -> dict[str, Any]:
    return {**as_case_force(force), "kind": force.kind, "legate": force.legate.name if force.legate else ""}


def siege_state(siege: Siege) -> Snapshot:
    """The siege, its sides and its engines, and each month's work with its losses, for the audit's before
    and after: the undo of a month puts the siege back and takes the month out (warfare.undo)."""
    return {
        **snapshot(siege),
        "besiegers": sorted(siege.besiegers.values_list("name", flat=True)),
        "garrison": sorted(siege.garrison.values_list("name", flat=True)),
        "engine_sets": engine_sets(siege),
        "months": {str(pk): losses for pk, losses in siege.months.order_by("pk").values_list("pk", "losses")},
    }


def announce(
    siege: Siege,
    action: str,
    before: Snapshot | None,
    *,
    actor: Actor,
    steps: Iterable[AuditEntry],
    reason: str = "",
    result: str = "",
) -> None:
    """Audit the change, the forces' changes it made as its steps, and tell the siege's table and Control."""
    after = siege_state(siege)
    adopt_steps(
        record_audit(
            event=siege.event,
            actor=actor,
            action=f"siege.{action}",
            target=siege,
            before=before,
            after=after,
            reason=reason,
        ),
        steps,
    )
    publish_on_commit(
        [control_group(siege.event_id), table_group(siege.region_id)],
        SiegeChanged(
            action=action,
            siege_id=siege.pk,
            place=siege.place,
            state=siege.state,
            turn=current_turn(siege.event),
            multiplier=siege.multiplier,
            engine_sets=after["engine_sets"],
            result=result,
        ),
    )
