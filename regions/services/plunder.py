"""Money an army takes and money that buys troops: demanding tribute and looting (VII. REVENUES,
OTHER INCOME, Loot) and bribery (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bribery).

The dice and the figures are the engine's (ad69.demand_tribute, ad69.loot, ad69.bribery); each
roll is saved to the event's log as a ProcedureRun, and the talents move through the ledger in
the same transaction, so the log and the books never disagree.
"""

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.db.transaction import atomic

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Character, Event, ProcedureRun
from umpire.rules.working import Result
from umpire.services.audit import Actor, record_audit, snapshot, steps_of
from umpire.services.rules import do_record_procedure_run

from ..events import BribeOffered, RebellionTest
from ..models import Account, Bribe, Force, Transaction
from ..models.limits import MOST_TALENTS
from .books import BRIBED_TROOPS, PLUNDER, outside, purse_of
from .engine import current_turn, roll_rules, run_rules
from .ledger import is_whole, post

LOOT = "VII. REVENUES, OTHER INCOME, Loot"
BRIBERY = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bribery"
# "A demand for tribute can be made by a Legionary force": a legion, or a detachment of one.
LEGIONARY_KINDS = (Force.Kind.LEGION, Force.Kind.DETACHMENT)


# ---- tribute and loot ------------------------------------------------------------------------


def do_demand_tribute(
    force: Force,
    *,
    town: str,
    actor: Actor,
    legions_present: int | None = None,
    loot_if_refused: bool = False,
    dice: Sequence[int] | None = None,
) -> tuple[ProcedureRun, Transaction | None]:
    """VII. Loot, 1. Demand: "a demand for tribute can be made by a Legionary force from a town/city.
    Roll 1d6 and score 4,5 or 6 for a successful demand (+1 for each Legion present after the first).
    This will yield 1d6 Talents." With `loot_if_refused`, a refused demand turns to 2. Loot.

    `dice` are the umpire's dice in the order the engine asks for them, or None for the console's.
    Returns the saved run and the payment to the commander (None when nothing was taken)."""
    force = refetch(force)
    if force.kind not in LEGIONARY_KINDS:
        raise ValidationError(
            {
                "force": f"{force.name} is {force.get_kind_display().lower()}: only a Legionary "
                f"force may demand tribute ({LOOT})."
            }
        )
    case = {
        "town": check_town(town),
        "province": force.province.name,
        "loot_if_refused": bool(loot_if_refused),
        "legions_present": legions_at(force) if legions_present is None else legions_present,
    }
    return take(force, "ad69.demand_tribute", case, actor=actor, dice=dice)


def do_loot(
    force: Force, *, town: str, actor: Actor, dice: Sequence[int] | None = None
) -> tuple[ProcedureRun, Transaction | None]:
    """VII. Loot, 2. Loot: "1d3 Talents will actually be gained in this case. There is a further
    problem - the Region Control Umpire will be forced to test for a rebellion in that province." """
    force = refetch(force)
    case = {"town": check_town(town), "province": force.province.name}
    return take(force, "ad69.loot", case, actor=actor, dice=dice)


def refetch(force: Force) -> Force:
    return Force.objects.select_related("event", "province__region", "army_commander__event", "legate__event").get(
        pk=force.pk
    )


def check_town(town: str) -> str:
    if not town or not town.strip():
        raise ValidationError({"town": "Name the town or city."})
    return town.strip()


def legions_at(force: Force) -> int:
    """ "+1 for each Legion present after the first": the legions at the force's place under its
    army commander; the force alone when it has none."""
    if force.army_commander_id is None:
        return 1
    present = Force.objects.filter(
        event=force.event_id,
        kind=Force.Kind.LEGION,
        province=force.province_id,
        map_point=force.map_point,
        army_commander=force.army_commander_id,
    ).count()
    return max(present, 1)


def commander_of(force: Force) -> Character:
    """Loot "might generate income for the Army commander": his purse, else the legate's."""
    commander = force.army_commander or force.legate
    if commander is None:
        raise ValidationError(
            {
                "force": f"{force.name} has no commander to receive the loot: Control must name "
                "its army commander or legate first."
            }
        )
    return commander


def take(
    force: Force, key: str, case: dict[str, Any], *, actor: Actor, dice: Sequence[int] | None
) -> tuple[ProcedureRun, Transaction | None]:
    """Roll, save the run to the log, pay the commander what the dice give, and after a looting
    tell the Region umpire to test for rebellion: all or nothing."""
    commander = commander_of(force)
    result, seed = roll_rules(key, case, dice)
    with atomic():
        run = do_record_procedure_run(
            force.event,
            key=key,
            case=case,
            dice=[d.value for d in result.dice],
            rolled_by_console=dice is None,
            seed=seed,
            region=force.province.region,
            actor=actor,
        )
        looted = result.outcome["rebellion_test"]
        why = f"{'Loot' if looted else 'Tribute'} from {case['town']} taken by {force.name}, for {commander}"
        entry = record_audit(
            event=force.event,
            actor=actor,
            action="plunder.looted" if looted else "plunder.demanded",
            target=force,
            reason=why,
            after={"town": case["town"], "procedure_run": run.pk, "outcome": result.outcome, "to": commander.name},
        )
        with steps_of(entry):  # undoing the plunder takes the loot back from the commander's purse
            payment = pay(force, commander, result.outcome["talents"], why, actor)
        if looted:
            warn_of_rebellion(force, case["town"], run)
    return run, payment


def pay(force: Force, commander: Character, talents: int, why: str, actor: Actor) -> Transaction | None:
    if not talents:
        return None
    return post(
        force.event,
        [(outside(force.event, PLUNDER), -talents), (purse_of(commander), talents)],
        why=why,
        actor=actor,
        field="force",
    )


def warn_of_rebellion(force: Force, town: str, run: ProcedureRun) -> None:
    province = force.province
    publish_on_commit(
        [table_group(province.region_id), control_group(force.event_id)],
        RebellionTest(
            province_id=province.pk, province=province.name, town=town, force=force.name, procedure_run_id=run.pk
        ),
    )


# ---- bribery ---------------------------------------------------------------------------------


def do_offer_bribe(
    force: Force, *, briber: Character, talents: int, purpose: str, actor: Actor, paid_from: Account | None = None
) -> Bribe:
    """VIII. Bribery: "The loyalty of the troops can be influenced by bribery ... it is wise to
    specify exactly what they have been bribed to do." Paid at once from `paid_from` (the briber's
    purse unless another account is named); the bribes on a force in one turn compete."""
    check_bribe(force, briber, talents, purpose)
    with atomic():
        force = Force.objects.select_for_update(of=("self",)).select_related("event", "province").get(pk=force.pk)
        paid_from = paid_from or purse_of(briber)
        check_payer(force.event, paid_from)
        turn = current_turn(force.event)
        check_first_bribe(force, briber, turn)
        bribe = Bribe(
            event=force.event, force=force, briber=briber, talents=talents, purpose=purpose.strip(), turn=turn
        )
        bribe.full_clean(exclude=["payment"])
        why = f"{briber} bribes {force.name}: {bribe.purpose}"
        bribe.payment = post(
            force.event,
            [(paid_from, -talents), (outside(force.event, BRIBED_TROOPS), talents)],
            why=why,
            actor=actor,
            field="paid_from",
        )
        bribe.save()
        get_bribery_standing(force, turn)  # the engine must be able to compare it with the others, or none is taken
        record_audit(
            event=force.event, actor=actor, action="bribe.offered", target=bribe, after=snapshot(bribe), reason=why
        )
        publish_on_commit(
            [table_group(force.province.region_id), control_group(force.event_id)],
            BribeOffered(bribe_id=bribe.pk, force_id=force.pk, force=force.name, turn=turn),
        )
    return bribe


def check_bribe(force: Force, briber: Character, talents: int, purpose: str) -> None:
    if briber.event_id != force.event_id:
        raise ValidationError({"briber": f"{briber} belongs to another event."})
    if not is_whole(talents) or not 0 < talents <= MOST_TALENTS:
        raise ValidationError(
            {"talents": f"A bribe is a whole number of talents from 1 to {MOST_TALENTS:,}, not {talents}."}
        )
    if not purpose or not purpose.strip():
        raise ValidationError({"purpose": "Say exactly what the troops are bribed to do (VIII. Bribery)."})
    if not vexillations_of(force):
        raise ValidationError({"force": f"{force.name} has no vexillations to bribe."})


def check_payer(event: Event, paid_from: Account) -> None:
    if paid_from.event_id != event.pk:
        raise ValidationError({"paid_from": f"{paid_from} belongs to another event."})
    # An account outside the books can always pay; a bribe is paid from someone's money.
    if paid_from.kind == Account.Kind.EXTERNAL:
        raise ValidationError(
            {"paid_from": f"{paid_from} is outside the books: pay from a purse, a treasury or a pay chest."}
        )


def check_first_bribe(force: Force, briber: Character, turn: int) -> None:
    earlier = Bribe.objects.filter(force=force, briber=briber, turn=turn).first()
    if earlier:
        raise ValidationError(
            {
                "briber": f"{briber} has already bribed {force.name} this turn, with "
                f"{earlier.talents} talents: one bribe per briber a turn."
            }
        )


def vexillations_of(force: Force) -> int:
    """ "The number of talents per vexillation for a legion as a whole": all its units."""
    return force.troops.aggregate(total=Sum("count"))["total"] or 0


def get_bribery_standing(force: Force, turn: int) -> Result | None:
    """VIII. Bribery by the engine: each bribe on `force` in `turn` valued in whole talents per
    vexillation; the highest prevails, a tie buys no one. None when no one has bribed it. A
    bribe whose payment was reversed was never paid."""
    bribes = list(
        Bribe.objects.filter(force=force, turn=turn, payment__reversed_by__isnull=True)
        .select_related("briber")
        .order_by("pk")
    )
    if not bribes:
        return None
    return run_rules(
        "ad69.bribery",
        {
            "unit": force.name,
            "vexillations": vexillations_of(force),
            "bribes": [{"briber": bribe.briber.name, "talents": bribe.talents} for bribe in bribes],
        },
    )
