"""Fleets and the sea (IX. FLEETS, SEA MOVEMENT, CIVILIAN SEA TRANSPORTS; VIII. fleet repairs)."""

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import AuditEntry, Event
from umpire.rules.ad69.sea import NEPTUNE_OFFERING, SEA_TRANSPORT
from umpire.rules.ad69.weather import WeatherRegion
from umpire.rules.dice import EnteredDice
from umpire.rules.working import Result
from umpire.services.audit import Actor, adopt_steps, gathering_steps, record_audit, snapshot

from ..events import FleetChanged
from ..models import Fleet, Force, MapPoint, Province
from .engine import as_case_force, current_month, current_turn, run_rules
from .forces import Troop, changing, force_state, owe, set_troops, take_the_player_along

# IX. Worse Things Happen At Sea, as the fleet's state: serious losses are serious damage, and
# "whilst the ships were damaged" the lucky devil's fleet needs the light repair.
DAMAGE_AT_SEA = {
    "fleet_lost": Fleet.State.LOST,
    "serious_losses": Fleet.State.SERIOUS_DAMAGE,
    "lucky": Fleet.State.LIGHT_DAMAGE,
}
WEATHER_REGION_OF_TABLE = {region.label.removeprefix("the "): region for region in WeatherRegion}


def weather_region_of_table(name: str) -> str:
    """The WEATHER region of a map table, for winter at sea."""
    if name not in WEATHER_REGION_OF_TABLE:
        raise ValidationError(f"{name} is not one of the WEATHER table's regions.")
    return WEATHER_REGION_OF_TABLE[name].value


def do_embark(force: Force, *, fleet: Fleet, actor: Actor) -> Force:
    """A force boards a fleet at its base's table, within the fleet's capacity (an Aquila counts 4)."""
    check_fleet_can_carry(fleet)
    with changing(force, "embark", actor=actor, reason=f"aboard {fleet}") as force:
        if force.province.region_id != fleet.base.region_id:
            raise ValidationError(
                {"fleet": f"{fleet} works from {fleet.base.region}; {force.name} is at {force.province.region}."}
            )
        aboard = [as_case_force(f) for f in fleet.aboard.exclude(pk=force.pk)] + [as_case_force(force)]
        run_rules("ad69.fleet_load", {"fleet": fleet.name, "forces": aboard, "capacity": fleet.capacity})
        force.embarked_on, force.status = fleet, Force.Status.AT_SEA
    return force


def check_fleet_can_carry(fleet: Fleet) -> None:
    if fleet.state in (Fleet.State.LOST, Fleet.State.BRIDGE_OF_BOATS):
        raise ValidationError({"fleet": f"{fleet} is {fleet.get_state_display().lower()}: it carries no one."})
    if fleet.busy_until_turn is not None:
        raise ValidationError({"fleet": f"{fleet} is under repair until the end of turn {fleet.busy_until_turn}."})


def do_land(force: Force, *, province: Province, at_point: MapPoint | None = None, actor: Actor) -> Force:
    """A force goes ashore anywhere in its fleet's area: at a map point of the province when the umpire names
    one, else in the province off the map's points, for Control to place before it marches again."""
    with changing(force, "land", actor=actor, reason=f"ashore in {province}") as force:
        if not force.embarked_on_id:
            raise ValidationError(f"{force.name} is not aboard a fleet.")
        if at_point is not None and at_point.province_id != province.pk:
            raise ValidationError({"at_point": f"{at_point} is in {at_point.province}, not {province}."})
        if province.region_id != force.province.region_id:
            take_the_player_along(force, province.region, actor=actor)
        force.province, force.map_point = province, at_point
        force.embarked_on, force.status = None, Force.Status.STANDING
    return force


def do_open_sea_crossing(
    fleet: Fleet, *, offering_to_neptune: bool = False, dice: Sequence[int] | None = None, actor: Actor
) -> Result:
    """IX. SEA MOVEMENT: the engine's risk roll and Worse Things table, with the losses applied
    to the troops aboard and the fleet."""
    with transaction.atomic():
        fleet = Fleet.objects.select_for_update(of=("self",)).select_related("event", "base__region").get(pk=fleet.pk)
        check_fleet_can_carry(fleet)
        aboard = list(fleet.aboard.select_related("event", "province"))
        result = run_rules(
            "ad69.open_sea_crossing",
            {
                "fleet": fleet.name,
                "region": weather_region_of_table(fleet.base.region.name),
                "month": current_month(fleet.event),
                "forces": [as_case_force(f) for f in aboard],
                "capacity": fleet.capacity,
                "offering_to_neptune": offering_to_neptune,
            },
            EnteredDice(dice) if dice is not None else None,
        )
        with gathering_steps() as steps:  # the losses aboard and the offering, undone with the crossing
            for force in aboard:
                lose_at_sea(force, result.outcome["units_lost"].get(force.name, 0), actor=actor)
            if offering_to_neptune:
                owe(
                    fleet.event,
                    f"Offering to Neptune before {fleet}'s crossing",
                    NEPTUNE_OFFERING,
                    fleet=fleet,
                    actor=actor,
                )
        adopt_steps(
            change_fleet(
                fleet,
                "open_sea_crossing",
                actor=actor,
                reason=result.outcome["result"],
                capacity=result.outcome["capacity_after"],
                state=DAMAGE_AT_SEA.get(result.outcome["result"], fleet.state),
            ),
            steps,
        )
    return result


def lose_at_sea(force: Force, units: int, *, actor: Actor) -> None:
    """Take `units` from a force, shared across its types in proportion, rounded down, the
    remainder from the largest groups."""
    if not units:
        return
    with changing(force, "lost_at_sea", actor=actor, reason=f"{units} units lost at sea") as force:
        troops: list[Troop] = [
            {"type": t.type, "veteran": t.veteran, "count": t.count} for t in force.troops.all() if t.count
        ]
        for t, share in zip(troops, proportional_shares([t["count"] for t in troops], units)):
            t["count"] -= share
        set_troops(force, troops)
        if not any(t["count"] for t in troops):
            force.aquila = False


def proportional_shares(counts: Sequence[int], units: int) -> list[int]:
    total = sum(counts)
    units = min(units, total)
    shares = [units * n // total for n in counts]
    for i in sorted(range(len(counts)), key=lambda i: -(counts[i] - shares[i]))[: units - sum(shares)]:
        shares[i] += 1
    return shares


def do_book_charter(
    force: Force, *, coastal_sea_areas: int = 0, open_sea_areas: int = 0, fleets_agree: bool = True, actor: Actor
) -> Result:
    """IX. CIVILIAN SEA TRANSPORTS: book a month ahead; the engine prices it (x4 in winter)."""
    with changing(force, "book_charter", actor=actor) as force:
        sails = current_turn(force.event) + 1
        month = force.event.game_month(sails).month
        result = run_rules(
            "ad69.civilian_charter",
            {
                "forces": [as_case_force(force)],
                "region": weather_region_of_table(force.province.region.name),
                "month": month,
                "coastal_sea_areas": coastal_sea_areas,
                "open_sea_areas": open_sea_areas,
                "booked_a_month_ahead": True,
                "fleets_agree": fleets_agree,
            },
        )
        owe(
            force.event,
            f"Civilian charter for {force.name}, sailing turn {sails}: {coastal_sea_areas} coastal "
            f"and {open_sea_areas} open-sea areas",
            result.outcome["cost"],
            force=force,
            actor=actor,
        )
    return result


def do_repair_fleet(fleet: Fleet, *, repair: str, actor: Actor) -> Fleet:
    """VIII. NAVAL FLEET MAINTENANCE AND REPAIR: pay and wait; ready at the end of the last month."""
    result = run_rules("ad69.fleet_repair", {"fleet": fleet.name, "repair": repair})
    with transaction.atomic():
        fleet = Fleet.objects.select_for_update(of=("self",)).select_related("event").get(pk=fleet.pk)
        expected = {
            "serious_storm_damage": Fleet.State.SERIOUS_DAMAGE,
            "light_storm_damage": Fleet.State.LIGHT_DAMAGE,
            "replacement_marines": Fleet.State.MARINES_STRIPPED,
        }[repair]
        if fleet.state != expected:
            raise ValidationError(
                {"repair": f"{fleet} is {fleet.get_state_display().lower()}, not {expected.label.lower()}."}
            )
        turn = current_turn(fleet.event)
        with gathering_steps() as steps:
            owe(
                fleet.event,
                f"{repair.replace('_', ' ').capitalize()} for {fleet}",
                result.outcome["cost"],
                fleet=fleet,
                actor=actor,
            )
        adopt_steps(
            change_fleet(
                fleet, "repair", actor=actor, reason=repair, busy_until_turn=turn + result.outcome["months"] - 1
            ),
            steps,
        )
    return fleet


def do_strip_marines(fleet: Fleet, *, name: str, actor: Actor) -> Force:
    """IX. FLEETS: the marines become 6 auxiliary vexillations, a force of their own at the
    fleet's base: more than any legion's 5 auxiliary places, so they join none whole."""
    result = run_rules(
        "ad69.strip_marines", {"fleet": fleet.name, "marines_aboard": fleet.state != Fleet.State.MARINES_STRIPPED}
    )
    with transaction.atomic():
        marines = Force(event=fleet.event, name=name, kind=Force.Kind.DETACHMENT, province=fleet.base)
        marines.full_clean()
        marines.save()
        set_troops(marines, [result.outcome["troops"]])
        with gathering_steps() as steps:
            record_audit(
                event=fleet.event,
                actor=actor,
                action="force.marines_formed",
                target=marines,
                after=force_state(marines),
                reason=f"stripped from {fleet}",
            )
        adopt_steps(change_fleet(fleet, "strip_marines", actor=actor, state=Fleet.State.MARINES_STRIPPED), steps)
    return marines


def do_build_bridge(fleet: Fleet, *, waterway: str, actor: Actor) -> None:
    """IX. FLEETS: a bridge of boats across a narrow waterway: one month, and little else."""
    check_fleet_can_carry(fleet)
    run_rules("ad69.bridge_of_boats", {"fleet": fleet.name, "waterway": waterway})
    with transaction.atomic():
        change_fleet(
            fleet,
            "bridge_of_boats",
            actor=actor,
            reason=waterway,
            state=Fleet.State.BRIDGE_OF_BOATS,
            busy_until_turn=current_turn(fleet.event),
        )


def change_fleet(fleet: Fleet, action: str, *, actor: Actor, reason: str = "", **fields: object) -> AuditEntry:
    before = snapshot(fleet)
    for name, value in fields.items():
        setattr(fleet, name, value)
    fleet.full_clean()
    fleet.save()
    entry = record_audit(
        event=fleet.event,
        actor=actor,
        action=f"fleet.{action}",
        target=fleet,
        before=before,
        after=snapshot(fleet),
        reason=reason,
    )
    publish_on_commit(
        [control_group(fleet.event_id), table_group(fleet.base.region_id)],
        FleetChanged(action=action, fleet_id=fleet.pk, name=fleet.name),
    )
    return entry


def finish_fleet_work(event: Event, turn: int) -> None:
    """Turn-end hook: repairs, new marines and bridges of boats end with their last month."""
    for fleet in Fleet.objects.filter(event=event, busy_until_turn__lte=turn).select_related("event", "base"):
        change_fleet(
            fleet,
            "ready",
            actor=None,
            reason=f"end of turn {turn}",
            state=Fleet.State.READY,
            busy_until_turn=None,
            capacity=SEA_TRANSPORT.lookup("fleet_capacity"),
        )
