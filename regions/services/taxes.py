"""The tax turn (VII. REVENUES; VIII. EXPENDITURE): each province's statement of what it owes
Rome, or Rome owes it.

PROVINCIAL GOVERNMENT & TAXATION: "The amounts to be sent to Rome are normally the income of
the province, less the normal infrastructure costs for roads and the upkeep of local legions.
In some cases (where large military forces are present) the province will be receiving money
from Rome." A statement is drawn up once per province and tax turn; moving the talents is
done by the Region umpire: he hands the revenue to the procurator (or the governor of a
province without one) and confirms it, which pays the income into the province's treasury.
Each cost on the statement is a bill, paid from whichever account the procurator chooses;
troops whose upkeep stays unpaid are flagged to their table's umpire.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Prefetch, Q, QuerySet
from django.db.transaction import atomic
from django.utils import timezone

from umpire.calendar import is_road_cost_month, is_tax_turn, tax_turn_of
from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Character, Event
from umpire.services.audit import Actor, adopt_steps, gathering_steps, record_audit, snapshot

from ..events import StatementChanged, TroopsUnpaid
from ..models import (
    Account,
    Bill,
    CostOwed,
    Fleet,
    Force,
    ForceTroops,
    Province,
    RevenueDisruption,
    TaxStatement,
    Transaction,
)
from ..models.limits import MOST_TALENTS
from .books import PUBLIC_WORKS, SOLDIERS, TAXPAYERS, outside, treasury_of
from .engine import as_case_force, current_turn, run_rules
from .ledger import post

REVENUE = "VII. REVENUES, PROVINCIAL REVENUE"
GOVERNMENT = "VIII. EXPENDITURE, INFRASTRUCTURE COSTS (Provincial Government)"
ROADS = "VIII. EXPENDITURE, INFRASTRUCTURE COSTS (Roads)"
RAISING = "VIII. EXPENDITURE, RAISING TROOPS"
RECEIVING = "VIII. PROVINCIAL GOVERNMENT & TAXATION"
# VIII. INFRASTRUCTURE COSTS: "Provincial Government Cost 1 talent per quarter".
GOVERNMENT_COST = 1
ROMAN_KINDS = (Force.Kind.LEGION, Force.Kind.DETACHMENT)
# Where a paid bill's talents go: out of the books, to the reason they were spent on.
SPENT_ON: dict[str, str] = {
    Bill.Kind.GOVERNMENT: PUBLIC_WORKS,
    Bill.Kind.ROADS: PUBLIC_WORKS,
    Bill.Kind.UPKEEP: SOLDIERS,
    Bill.Kind.RAISING: SOLDIERS,
}


@dataclass(frozen=True)
class Item:
    """One line of a statement; a cost line is also a bill to pay."""

    label: str
    talents: int
    rule: str
    bill: str = ""
    force: Force | None = None
    fleet: Fleet | None = None

    def as_line(self) -> dict[str, Any]:
        return {"label": self.label, "talents": self.talents, "rule": self.rule}

    def as_bill(self, statement: TaxStatement) -> Bill:
        return Bill(
            statement=statement,
            kind=self.bill,
            force=self.force,
            fleet=self.fleet,
            what=self.label,
            talents=-self.talents,
        )


def get_disruption(disruptions: Iterable[RevenueDisruption], turn: int) -> RevenueDisruption | None:
    """The reduction in force on `turn`: the latest set from that turn or before."""
    due = [d for d in disruptions if d.turn_from <= turn]
    return max(due, key=lambda d: (d.turn_from, d.pk)) if due else None


def income_items(province: Province, turn: int, disruptions: Iterable[RevenueDisruption]) -> list[Item]:
    items = [Item(f"Income of {province.name}", province.income_per_quarter, REVENUE)]
    disruption = get_disruption(disruptions, turn)
    if disruption and disruption.reduction_talents:
        cut = min(disruption.reduction_talents, province.income_per_quarter)
        items.append(Item(f"Revenue disrupted: {disruption.reason}", -cut, REVENUE))
    return items


def infrastructure_items(province: Province, turn: int) -> list[Item]:
    items = [Item("Provincial government", -GOVERNMENT_COST, GOVERNMENT, Bill.Kind.GOVERNMENT)]
    if is_road_cost_month(province.event.game_month(turn)) and province.road_cost:
        items.append(Item("Roads (payable every March)", -province.road_cost, ROADS, Bill.Kind.ROADS))
    return items


def upkeep_items(forces: Iterable[Force], fleets: Iterable[Fleet]) -> list[Item]:
    """VIII. RAISING TROOPS by the engine's ad69.upkeep: the quarter's upkeep of the Roman forces
    and of the fleets based in the province."""
    roman = [force for force in forces if force.kind in ROMAN_KINDS]
    items = []
    if roman:
        result = run_rules("ad69.upkeep", {"legions": [as_case_force(force) for force in roman]})
        items += [
            Item(f"Upkeep of {bill['legion']}", -bill["upkeep"], RAISING, Bill.Kind.UPKEEP, force=force)
            for force, bill in zip(roman, result.outcome["legions"])
        ]
    if fleets:
        per_fleet = run_rules("ad69.upkeep", {"legions": [], "naval_fleets": 1}).outcome["naval_fleets"]
        items += [
            Item(f"Upkeep of {fleet.name}", -per_fleet, RAISING, Bill.Kind.UPKEEP, fleet=fleet) for fleet in fleets
        ]
    return items


def owed_items(costs: Iterable[CostOwed]) -> list[Item]:
    """VIII. RAISING TROOPS: raising, upgrading and repair costs run up this quarter fall due on the tax turn."""
    return [
        Item(cost.what, -cost.talents, RAISING, Bill.Kind.RAISING, force=cost.force, fleet=cost.fleet) for cost in costs
    ]


def statement_items(
    province: Province,
    turn: int,
    *,
    forces: Iterable[Force],
    fleets: Iterable[Fleet],
    disruptions: Iterable[RevenueDisruption],
    costs: Iterable[CostOwed],
) -> list[Item]:
    return (
        income_items(province, turn, disruptions)
        + infrastructure_items(province, turn)
        + upkeep_items(forces, fleets)
        + owed_items(costs)
    )


def draw_up_statement(province: Province, turn: int) -> list[dict[str, Any]]:
    """The statement's lines for `province` on tax turn `turn`: reads only, writes nothing."""
    costs = unsettled_costs(province.event, turn).filter(in_province(province.pk))
    items = statement_items(
        province,
        turn,
        forces=list(province.forces.prefetch_related("troops")),
        fleets=list(province.fleets.all()),
        disruptions=list(province.revenue_disruptions.all()),
        costs=list(costs.select_related("force", "fleet")),
    )
    return [item.as_line() for item in items]


def unsettled_costs(event: Event, turn: int) -> QuerySet[CostOwed]:
    return CostOwed.objects.filter(event=event, settled=False, turn__lte=turn).filter(
        Q(force__isnull=False) | Q(fleet__isnull=False)
    )


def in_province(*province_ids: int) -> Q:
    """A cost falls on the province of the force that ran it up, or else the base of the fleet."""
    return Q(force__province__in=province_ids) | Q(force__isnull=True, fleet__base__in=province_ids)


def cost_province(cost: CostOwed) -> int:
    if cost.force is not None:
        return cost.force.province_id
    assert cost.fleet is not None  # unsettled_costs: a cost owed by a force or a fleet
    return cost.fleet.base_id


def statement_for(province: Province, turn: int, items: Iterable[Item]) -> TaxStatement:
    lines = [item.as_line() for item in items]
    return TaxStatement(
        event=province.event,
        province=province,
        turn=turn,
        lines=lines,
        income=sum(item.talents for item in items if item.rule == REVENUE),
        balance=sum(item.talents for item in items),
    )


def provinces_to_draw(event: Event, turn: int) -> QuerySet[Province]:
    """The provinces with no statement for `turn` yet, with everything a statement reads."""
    troops = Prefetch("troops", queryset=ForceTroops.objects.order_by("type", "veteran"))
    roman = Prefetch(
        "forces", queryset=Force.objects.filter(kind__in=ROMAN_KINDS).order_by("name").prefetch_related(troops)
    )
    fleets = Prefetch("fleets", queryset=Fleet.objects.order_by("name"))
    done = TaxStatement.objects.filter(event=event, turn=turn).values("province")
    return (
        Province.objects.filter(event=event)
        .exclude(pk__in=done)
        .select_related("event")
        .prefetch_related(roman, fleets, "revenue_disruptions")
        .order_by("name")
    )


def do_run_tax_turn(event: Event, turn: int, *, actor: Actor) -> list[TaxStatement]:
    """Draw up every province's statement and its bills for tax turn `turn`, once: a second run
    changes nothing. The unsettled raising costs of the forces in a province go on its statement
    and are settled (VIII. RAISING TROOPS: raised in December, raising and upkeep are paid together)."""
    if not is_tax_turn(turn):
        raise ValidationError({"turn": f"Turn {turn} is not a tax turn."})
    with atomic():
        provinces = list(provinces_to_draw(event, turn))
        if not provinces:
            return []
        costs = list(
            unsettled_costs(event, turn)
            .filter(in_province(*[p.pk for p in provinces]))
            .select_related("force", "fleet")
            .select_for_update(of=("self",))
        )
        drawn = [
            (
                p,
                statement_items(
                    p,
                    turn,
                    forces=p.forces.all(),
                    fleets=p.fleets.all(),
                    disruptions=p.revenue_disruptions.all(),
                    costs=[c for c in costs if cost_province(c) == p.pk],
                ),
            )
            for p in provinces
        ]
        statements = TaxStatement.objects.bulk_create(statement_for(p, turn, items) for p, items in drawn)
        Bill.objects.bulk_create(
            item.as_bill(statement) for statement, (_, items) in zip(statements, drawn) for item in items if item.bill
        )
        CostOwed.objects.filter(pk__in=[c.pk for c in costs]).update(settled=True)
        record_audit(
            event=event,
            actor=actor,
            action="tax_turn.drawn_up",
            target=event,
            after={"turn": turn, "statements": len(statements), "costs_settled": len(costs)},
            reason=f"Tax turn {turn}: {event.game_month(turn)}",
        )
        # one word to each table (not to each province), and none to the public projector
        tables = sorted({p.region_id for p in provinces})
        publish_on_commit(
            [control_group(event.pk)] + [table_group(table) for table in tables],
            StatementChanged(action="drawn_up", turn=turn, statement_id=None, province=""),
        )
    return statements


def bill_cost(cost: CostOwed) -> Bill | None:
    """VIII. RAISING TROOPS: "the raising cost falls in the month raised". A cost run up in a
    quarter whose statement is drawn up is billed on it at once, to be paid now; one run up
    before the first statement waits for the next tax turn's."""
    province = cost_province(cost)
    statement = TaxStatement.objects.filter(province=province, turn=tax_turn_of(cost.turn)).first()
    if statement is None:
        return None
    bill = owed_items([cost])[0].as_bill(statement)
    bill.save()
    CostOwed.objects.filter(pk=cost.pk).update(settled=True)
    return bill


# ---- handing out the revenue ---------------------------------------------------------------


@dataclass(frozen=True)
class Recipient:
    """Who the Region umpire hands a province's revenue to: a character, or the Senate."""

    name: str
    character: Character | None = None

    def __str__(self) -> str:
        return self.name


THE_SENATE = Recipient("The Senate of Rome")


def revenue_recipient(province: Province | None) -> Recipient | None:
    """VIII. PROVINCIAL GOVERNMENT & TAXATION: "the Region umpire will only hand out tax revenues to
    the procurator concerned"; II: "in some minor provinces, the procurator can act as the
    Governor". Without a procurator, the governor; the Senate where it governs (Italia, Rome);
    a province run from another (the Alpes from Italia, Cyprus from Syria) is paid to its
    controller's recipient. None where there is no one to receive it."""
    seen = set()
    while province is not None and province.pk not in seen:
        seen.add(province.pk)
        character = province.procurator or province.governor
        if character is not None:
            return Recipient(character.name, character)
        if province.governed_by_senate:
            return THE_SENATE
        province = province.controlled_from
    return None


def check_recipient(statement: TaxStatement) -> Recipient:
    province = statement.province
    recipient = revenue_recipient(province)
    if recipient is None:
        raise ValidationError(
            {
                "statement": f"{province} has no procurator and no governor to receive its revenue: "
                "Control must appoint a procurator first."
            }
        )
    character = recipient.character
    if character is not None and character.location_id and character.location_id != province.region_id:
        raise ValidationError(
            {
                "statement": f"{character} is at the {character.location} table, not at "
                f"{province.region}: the revenue waits until he is here to receive it."
            }
        )
    return recipient


def do_confirm_statement(statement: TaxStatement, *, actor: Actor) -> TaxStatement:
    """The Region umpire has handed the quarter's income to the procurator: it is paid into the
    province's treasury, from its taxpayers, and the statement is confirmed."""
    with atomic():
        statement = (
            TaxStatement.objects.select_for_update(of=("self",))
            .select_related("event", "province__region", "province__event")
            .get(pk=statement.pk)
        )
        if statement.confirmed_at:
            raise ValidationError({"statement": f"{statement} was already confirmed."})
        before = snapshot(statement)
        recipient = check_recipient(statement)
        statement.handed_to = recipient.name
        with gathering_steps() as paid:  # the revenue's posting, reversed if the confirmation is undone
            if statement.income > 0:
                statement.revenue = post(
                    statement.event,
                    [
                        (outside(statement.event, TAXPAYERS), -statement.income),
                        (treasury_of(statement.province), statement.income),
                    ],
                    why=f"{statement.province}'s revenue for tax turn {statement.turn}, handed to {recipient}",
                    actor=actor,
                )
        statement.confirmed_by = actor if actor is not None and actor.is_authenticated else None
        statement.confirmed_at = timezone.now()
        statement.save(update_fields=["handed_to", "revenue", "confirmed_by", "confirmed_at"])
        adopt_steps(
            record_audit(
                event=statement.event,
                actor=actor,
                action="tax_statement.confirmed",
                target=statement,
                before=before,
                after=snapshot(statement),
            ),
            paid,
        )
        publish_statement(statement, "confirmed")
    return statement


def publish_statement(statement: TaxStatement, action: str) -> None:
    publish_on_commit(
        [control_group(statement.event_id), table_group(statement.province.region_id)],
        StatementChanged(
            action=action, turn=statement.turn, statement_id=statement.pk, province=statement.province.name
        ),
    )


# ---- paying the bills ----------------------------------------------------------------------


def unpaid(bills: QuerySet[Bill]) -> QuerySet[Bill]:
    """Bills with no payment, or whose payment was reversed."""
    return bills.filter(Q(paid_by__isnull=True) | Q(paid_by__reversed_by__isnull=False))


def do_pay_bills(bills: Iterable[Bill], *, source: Account, actor: Actor) -> Transaction:
    """Pay the bills, all together or none, from `source` (the province's treasury, a legion's pay
    chest, a purse, Rome's treasury): one transaction; an account that cannot cover them all
    pays none."""
    with atomic():
        bills = list(
            Bill.objects.select_for_update(of=("self",))
            .filter(pk__in=[b.pk for b in bills])
            .select_related("statement__province", "statement__event")
            .order_by("pk")
        )
        check_payable(bills, source)
        event = source.event
        sinks = {name: outside(event, name) for name in {SPENT_ON[bill.kind] for bill in bills}}
        postings = [(source, -sum(bill.talents for bill in bills))]
        postings += [(sinks[SPENT_ON[bill.kind]], bill.talents) for bill in bills]
        names = "; ".join(bill.what for bill in bills)
        payment = post(event, postings, why=f"Paid from {source}: {names}", actor=actor, field="source")
        Bill.objects.filter(pk__in=[bill.pk for bill in bills]).update(paid_by=payment)
        for statement in {bill.statement for bill in bills}:
            publish_statement(statement, "bills_paid")
    return payment


def check_payable(bills: Sequence[Bill], source: Account) -> None:
    if not bills:
        raise ValidationError({"bills": "Choose the bills to pay."})
    for bill in bills:
        if bill.statement.event_id != source.event_id:
            raise ValidationError({"bills": f"{bill.what} is a bill of another event."})
    payable = set(unpaid(Bill.objects.filter(pk__in=[bill.pk for bill in bills])).values_list("pk", flat=True))
    for bill in bills:
        if bill.pk not in payable:
            raise ValidationError(
                {
                    "bills": f"{bill.what} ({bill.statement.province}, tax turn "
                    f"{bill.statement.turn}) is already paid, by transaction #{bill.paid_by_id}."
                }
            )


def unpaid_troops(event: Event, as_of: int | None = None) -> QuerySet[Bill]:
    """The upkeep and raising bills of forces and fleets left unpaid when their tax turn ended:
    VIII. RAISING TROOPS, "Troops who are not maintained may refuse to move or fight, or change
    sides, disperse or start a rebellion of their own". During the tax turn itself the bill is
    due, not yet unpaid. `as_of` is a turn (the current one unless given)."""
    as_of = current_turn(event) if as_of is None else as_of
    bills = unpaid(
        Bill.objects.filter(
            statement__event=event, statement__turn__lt=as_of, kind__in=[Bill.Kind.UPKEEP, Bill.Kind.RAISING]
        ).filter(Q(force__isnull=False) | Q(fleet__isnull=False))
    )
    return bills.select_related("statement__province__region", "force__province", "fleet__base").order_by(
        "statement__turn", "pk"
    )


def flag_unpaid_troops(event: Event, turn: int) -> None:
    """Turn-end hook, at the end of a tax turn: each table's umpire hears which of his units went
    unpaid this quarter."""
    bills = list(unpaid_troops(event, as_of=turn + 1).filter(statement__turn=turn))
    by_table: dict[int, list[str]] = {}
    for bill in bills:
        place = bill.force.province if bill.force else bill.fleet.base if bill.fleet else None
        assert place is not None  # unpaid_troops: the bills of a force or a fleet
        by_table.setdefault(place.region_id, []).append(bill.what)
    for region_id, whats in by_table.items():
        publish_on_commit(
            [table_group(region_id), control_group(event.pk)], TroopsUnpaid(turn=turn, region_id=region_id, bills=whats)
        )
    if bills:
        record_audit(
            event=event,
            actor=None,
            action="troops.unpaid",
            target=event,
            after={"turn": turn, "unpaid": [bill.what for bill in bills]},
            reason=f"Upkeep unpaid at the end of tax turn {turn}",
        )


# ---- disruption ----------------------------------------------------------------------------


def do_set_revenue_disruption(
    province: Province, *, turn_from: int, reduction_talents: int, reason: str, actor: Actor
) -> RevenueDisruption:
    """VII. PROVINCIAL REVENUE: the Region umpire reduces a province's revenue from a tax turn on,
    for "prolonged fighting ... or severe political disruption"; a reduction of 0 lifts it.
    A statement already drawn up is not changed."""
    if not reason or not reason.strip():
        raise ValidationError({"reason": "Say what disrupts the revenue: rebellion, looting, war."})
    if not is_tax_turn(turn_from) or not 1 <= turn_from <= province.event.number_of_turns:
        raise ValidationError({"turn_from": f"Turn {turn_from} is not a tax turn of the game."})
    if not 0 <= reduction_talents <= MOST_TALENTS:
        raise ValidationError({"reduction_talents": f"A reduction is a number of talents from 0 to {MOST_TALENTS:,}."})
    with atomic():
        disruption = RevenueDisruption(
            event=province.event,
            province=province,
            turn_from=turn_from,
            reduction_talents=reduction_talents,
            reason=reason.strip(),
            set_by=actor if actor is not None and actor.is_authenticated else None,
        )
        disruption.full_clean()
        disruption.save()
        record_audit(
            event=province.event,
            actor=actor,
            action="revenue.disrupted",
            target=disruption,
            after=snapshot(disruption),
            reason=reason,
        )
        publish_on_commit(
            [control_group(province.event_id), table_group(province.region_id)],
            StatementChanged(action="disruption_set", turn=turn_from, statement_id=None, province=province.name),
        )
    return disruption
