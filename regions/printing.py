"""The Legion Status Chart's data, built from the models (IX. WARFARE, UPGRADING: "Legionary
Legates will be given a chart to help keep track of the status of units under the control of
their Legion"). The figures come from the engine, as on the legion page; umpire.printing draws it.
And a province's quarterly statement, with its bills and arrears and its treasury's ledger over the quarter.
"""

from django.db.models import Prefetch
from django.utils.timezone import localtime

from umpire.calendar import MONTHS_PER_QUARTER
from umpire.printing.legion_status import LegionStatusSheet, TroopLine, legion_status_pdf
from umpire.printing.tax_statement import BillGroup, BillLine, LedgerLine, OwedLine, StatementLine, TaxStatementSheet
from umpire.printing.tax_statement import tax_statement_pdf as draw_tax_statement
from umpire.rules.ad69.legions import LEGION_LIMITS, LIMIT_GROUPS
from umpire.rules.ad69.legions import count as units_of

from .models import Account, CostOwed
from .selectors import (
    describe_upgrade_with_date,
    forces_of,
    get_combat_values,
    get_legions_of_table,
    get_unit_lines,
    get_upkeep,
)
from .services.engine import as_rules_force, current_turn
from .services.ledger import talents
from .services.taxes import revenue_recipient, unpaid_troops
from .statement_selectors import get_bills_owed, province_bills_until
from .treasury_selectors import (
    balance_in_words,
    get_account_lines,
    get_balance_before,
    get_open_account,
)


def with_costs_owed(event, forces):
    """The forces with their unsettled costs and unpaid bills, fetched once for all of them."""
    unsettled = CostOwed.objects.filter(settled=False)
    return forces.prefetch_related(
        Prefetch("costs_owed", queryset=unsettled, to_attr="unsettled"),
        Prefetch("bills", queryset=unpaid_troops(event), to_attr="unpaid_bills"),
    )


def get_force_sheet(force, turn):
    """One legion's chart: who and where, its composition, values, upkeep, limits and what is pending."""
    value, if_veteran = get_combat_values(force)
    return LegionStatusSheet(
        event_name=force.event.name,
        legion=force.name,
        legate=str(force.legate or ""),
        army_commander=str(force.army_commander or ""),
        allegiance=str(force.sworn_to or ""),
        location=location(force),
        status=status(force),
        as_at=f"Turn {turn}, {force.event.game_month(turn)}",
        lines=tuple(troop_line(line) for line in get_unit_lines(force)),
        combat_value=value,
        combat_value_if_veteran=if_veteran,
        upkeep_per_quarter=get_upkeep(force).outcome["total"],
        limits=limits(force),
        upgrades_in_progress=tuple(describe_upgrade_with_date(u, force.event) for u in force.open_upgrades),
        owed=tuple(f"{c.talents} talents: {c.what} (turn {c.turn})" for c in force.unsettled),
        unpaid=tuple(unpaid_line(bill, force.event) for bill in force.unpaid_bills),
    )


def unpaid_line(bill, event):
    turn = bill.statement.turn
    return f"{bill.talents} talents: {bill.what} (tax turn {turn}, {event.game_month(turn)})"


def troop_line(line):
    return TroopLine(
        label=line.label,
        normal=line.normal,
        veteran=line.veteran,
        combat_value=line.combat_value or 0,
        upkeep=line.upkeep or 0,
    )


def location(force):
    where = f"{force.province}, {force.map_point}" if force.map_point else str(force.province)
    return f"{where} ({force.province.region} table)"


def status(force):
    aboard = f", aboard {force.embarked_on}" if force.embarked_on_id else ""
    return f"{force.get_status_display()}{aboard}"


def limits(force):
    """IX. LIMITATIONS from the engine's LEGION_LIMITS, with what the legion holds now."""
    held = as_rules_force(force)
    parts = [
        f"{units_of(held, *LIMIT_GROUPS[group])}/{LEGION_LIMITS.lookup(group)} {group.replace('_', ' ')}"
        for group in LEGION_LIMITS.rows
    ]
    total = sum(LEGION_LIMITS.rows.values())
    return f"{', '.join(parts)} vexillations (praetorians count as legionary); {total} in all ({LEGION_LIMITS.source})"


def legion_status_charts(event, forces, *, page_size="A4"):
    """The PDF of the charts of `forces` (a queryset of Roman forces), one a page."""
    turn = current_turn(event)
    return legion_status_pdf(
        [get_force_sheet(force, turn) for force in with_costs_owed(event, forces)], page_size=page_size
    )


def force_chart(event, force, *, page_size="A4"):
    return legion_status_charts(event, forces_of(event).filter(pk=force.pk), page_size=page_size)


def table_charts(event, region, *, page_size="A4"):
    return legion_status_charts(event, get_legions_of_table(event, region), page_size=page_size)


# ---- the quarterly statement -------------------------------------------------------------------


def get_statement_sheet(statement):
    """A province's statement for one tax turn, its bills and the arrears of earlier quarters as
    the treasury's page has them, and its treasury over the quarter (VIII. PROVINCIAL GOVERNMENT &
    TAXATION)."""
    province, event, turn = statement.province, statement.event, current_turn(statement.event)
    treasury = get_open_account(event, Account.Kind.PROVINCE_TREASURY, province=province)
    quarter = range(statement.turn, statement.turn + MONTHS_PER_QUARTER)
    brought_forward = get_balance_before(treasury, statement.turn)
    lines = get_account_lines(treasury, turns=quarter, newest_first=False)
    owed = get_bills_owed(statement, province_bills_until(statement), turn)
    return TaxStatementSheet(
        event_name=event.name,
        province=province.name,
        table=province.region.name,
        tax_turn=f"Turn {statement.turn}, {event.game_month(statement.turn)}",
        governor=governor_of(province),
        procurator=str(province.procurator or ""),
        revenue_to=str(revenue_recipient(province) or ""),
        lines=tuple(StatementLine(line["label"], line["talents"], line["rule"]) for line in statement.lines),
        balance=statement.balance,
        balance_words=balance_in_words(statement.balance),
        bill_groups=tuple(bill_group(group) for group in owed.groups),
        owed=tuple(OwedLine(line.label, line.talents) for line in owed.totals),
        quarter=f"turns {quarter.start} to {quarter.stop - 1} ({event.game_month(quarter.start)} to "
        f"{event.game_month(quarter.stop - 1)})",
        brought_forward=brought_forward,
        transactions=tuple(ledger_line(line) for line in lines),
        closing_label=closing_label(quarter, turn),
        closing_balance=brought_forward + sum(line.amount for line in lines),
        confirmed=confirmation(statement),
        printed=f"On turn {turn}, {event.game_month(turn)}",
    )


def governor_of(province):
    if province.governed_by_senate:
        return "The Senate of Rome"
    return str(province.governor or "")


def bill_group(group):
    bills = tuple(BillLine(line.bill.what, line.bill.talents, line.status, line.paid) for line in group.bills)
    return BillGroup(group.words, bills)


def ledger_line(line):
    transaction = line.transaction
    notes = [f"entered by {line.entered_by}"]
    if transaction.shipment:
        notes.append("a shipment: may be intercepted")
    if transaction.reverses_id:
        notes.append(f"reverses #{transaction.reverses_id}")
    if line.reversed_by:
        notes.append(f"reversed by #{line.reversed_by.pk}")
    month = line.month
    return LedgerLine(
        transaction.pk,
        f"{transaction.game_turn} ({month.name[:3]} {month.year_in_words})",
        transaction.why,
        line.amount,
        "; ".join(notes),
    )


def closing_label(quarter, turn):
    last = quarter.stop - 1
    return f"Held at the end of turn {last}" if turn > last else f"Held now, turn {turn}"


def confirmation(statement):
    if not statement.confirmed_at:
        return "Not yet confirmed: the revenue has not been handed out."
    who = statement.confirmed_by.get_username() if statement.confirmed_by else "the console"
    at = localtime(statement.confirmed_at)
    when = f"{at.day} {at:%B %Y at %H:%M}"
    handed = (
        f"{talents(statement.income)} handed to {statement.handed_to}"
        if statement.revenue_id
        else "no revenue to hand out"
    )
    return f"Confirmed by {who} on {when}: {handed}."


def tax_statement_pdf(statement, *, page_size="A4"):
    return draw_tax_statement(get_statement_sheet(statement), page_size=page_size)
