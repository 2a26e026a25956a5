"""The tax turn (VII. REVENUES; VIII. EXPENDITURE): each province's statement of what it owes
Rome, or Rome owes it.

PROVINCIAL GOVERNMENT & TAXATION: "The amounts to be sent to Rome are normally the income of
the province, less the normal infrastructure costs for roads and the upkeep of local legions.
In some cases (where large military forces are present) the province will be receiving money
from Rome." A statement is drawn up once per province and tax turn; moving the talents is
not done here: the Region umpire sees the statement and confirms it.
"""
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.db.transaction import atomic
from django.utils import timezone

from umpire.calendar import is_road_cost_month, is_tax_turn
from umpire.services.audit import record_audit, snapshot

from ..models import CostOwed, Force, ForceTroops, Province, RevenueDisruption, TaxStatement
from .engine import as_case_force, run_rules

REVENUE = "VII. REVENUES, PROVINCIAL REVENUE"
GOVERNMENT = "VIII. EXPENDITURE, INFRASTRUCTURE COSTS (Provincial Government)"
ROADS = "VIII. EXPENDITURE, INFRASTRUCTURE COSTS (Roads)"
RAISING = "VIII. EXPENDITURE, RAISING TROOPS"
# VIII. INFRASTRUCTURE COSTS: "Provincial Government Cost 1 talent per quarter".
GOVERNMENT_COST = 1
ROMAN_KINDS = (Force.Kind.LEGION, Force.Kind.DETACHMENT)


def line(label, talents, rule):
    return {"label": label, "talents": talents, "rule": rule}


def get_disruption(disruptions, turn):
    """The reduction in force on `turn`: the latest set from that turn or before."""
    due = [d for d in disruptions if d.turn_from <= turn]
    return max(due, key=lambda d: (d.turn_from, d.pk)) if due else None


def income_lines(province, turn, disruptions):
    lines = [line(f"Income of {province.name}", province.income_per_quarter, REVENUE)]
    disruption = get_disruption(disruptions, turn)
    if disruption and disruption.reduction_talents:
        cut = min(disruption.reduction_talents, province.income_per_quarter)
        lines.append(line(f"Revenue disrupted: {disruption.reason}", -cut, REVENUE))
    return lines


def upkeep_lines(forces):
    """VIII. RAISING TROOPS by the engine's ad69.upkeep: the quarter's upkeep of the Roman forces."""
    roman = [force for force in forces if force.kind in ROMAN_KINDS]
    if not roman:
        return []
    result = run_rules("ad69.upkeep", {"legions": [as_case_force(force) for force in roman]})
    return [line(f"Upkeep of {bill['legion']}", -bill["upkeep"], RAISING) for bill in result.outcome["legions"]]


def owed_lines(costs):
    """VIII. RAISING TROOPS: raising costs run up this quarter fall due on the tax turn."""
    return [line(cost.what, -cost.talents, RAISING) for cost in costs]


def draw_up_statement(province, turn, *, forces=None, disruptions=None, costs=None):
    """The statement's lines for `province` on tax turn `turn`: reads only, writes nothing.
    The forces (with their troops), disruptions and unsettled costs may be passed in, prefetched."""
    if forces is None:
        forces = list(province.forces.prefetch_related("troops"))
    if disruptions is None:
        disruptions = list(province.revenue_disruptions.all())
    if costs is None:
        costs = list(unsettled_costs(province.event, turn).filter(force__province=province))
    lines = income_lines(province, turn, disruptions)
    lines.append(line("Provincial government", -GOVERNMENT_COST, GOVERNMENT))
    if is_road_cost_month(province.event.game_month(turn)) and province.road_cost:
        lines.append(line("Roads (payable every March)", -province.road_cost, ROADS))
    return lines + upkeep_lines(forces) + owed_lines(costs)


def unsettled_costs(event, turn):
    return CostOwed.objects.filter(event=event, settled=False, turn__lte=turn, force__isnull=False)


def statement_for(province, turn, lines):
    income = sum(item["talents"] for item in lines if item["rule"] == REVENUE)
    return TaxStatement(event=province.event, province=province, turn=turn, lines=lines, income=income,
                        balance=sum(item["talents"] for item in lines))


def provinces_to_draw(event, turn):
    """The provinces with no statement for `turn` yet, with everything a statement reads."""
    troops = Prefetch("troops", queryset=ForceTroops.objects.order_by("type", "veteran"))
    roman = Prefetch("forces", queryset=Force.objects.filter(kind__in=ROMAN_KINDS).order_by("name")
                     .prefetch_related(troops))
    done = TaxStatement.objects.filter(event=event, turn=turn).values("province")
    return (Province.objects.filter(event=event).exclude(pk__in=done).select_related("event")
            .prefetch_related(roman, "revenue_disruptions").order_by("name"))


def do_run_tax_turn(event, turn, *, actor):
    """Draw up every province's statement for tax turn `turn`, once: a second run changes nothing.
    The unsettled raising costs of the forces in a province go on its statement and are settled
    (VIII. RAISING TROOPS: raised in December, raising and upkeep are paid together)."""
    if not is_tax_turn(turn):
        raise ValidationError({"turn": f"Turn {turn} is not a tax turn."})
    with atomic():
        provinces = list(provinces_to_draw(event, turn))
        if not provinces:
            return []
        costs = list(unsettled_costs(event, turn).filter(force__province__in=provinces)
                     .select_related("force").select_for_update(of=("self",)))
        statements = [statement_for(p, turn, draw_up_statement(
            p, turn, forces=p.forces.all(), disruptions=p.revenue_disruptions.all(),
            costs=[c for c in costs if c.force.province_id == p.pk])) for p in provinces]
        TaxStatement.objects.bulk_create(statements)
        CostOwed.objects.filter(pk__in=[c.pk for c in costs]).update(settled=True)
        record_audit(event=event, actor=actor, action="tax_turn.drawn_up", target=event,
                     after={"turn": turn, "statements": len(statements), "costs_settled": len(costs)},
                     reason=f"Tax turn {turn}: {event.game_month(turn)}")
    return statements


def do_confirm_statement(statement, *, actor):
    """The Region umpire confirms the statement as he sees it; no money moves here."""
    with atomic():
        statement = TaxStatement.objects.select_for_update().select_related("event").get(pk=statement.pk)
        if statement.confirmed_at:
            raise ValidationError({"statement": f"{statement} was already confirmed."})
        before = snapshot(statement)
        statement.confirmed_by = actor if actor is not None and actor.is_authenticated else None
        statement.confirmed_at = timezone.now()
        statement.save(update_fields=["confirmed_by", "confirmed_at"])
        record_audit(event=statement.event, actor=actor, action="tax_statement.confirmed", target=statement,
                     before=before, after=snapshot(statement))
    return statement
