"""The map's panels on a table's console (umpire.table_console), registered in RegionsConfig.ready().

Taxes to hand out: this tax turn's statements of the table's provinces not yet confirmed (confirming
is handing the revenue to the procurator). Due in the tax turn itself; overdue once the tax turn
has ended with the statement still unconfirmed.

Upgrades and builds finishing: those under way at the table. Those ready at the end of this turn
need the umpire (new counters, a new venue); one still unfinished after its turn has ended is
overdue, since the turn-end hook should have finished it.
"""

from collections import Counter

from django.db.models import Count

from umpire.addresses import address
from umpire.calendar import tax_turn_of
from umpire.selectors import get_turn
from umpire.table_console import PanelView, Row, before, by_table, counted, turns_late

from .models import Spending, TaxStatement, Upgrade
from .selectors import describe_upgrade, get_work_under_way
from .treasury_selectors import balance_in_words, get_money_scope, get_statements_to_confirm


def gather_taxes(table, user, now):
    event, turn = table.event, get_turn(table.event)
    link = address("regions:treasury", event.slug)
    if turn is None:
        return PanelView((), 0, 0, link, "Open the treasury")
    statements = get_statements_to_confirm(table, turn, get_money_scope(user, event))
    rows = tuple(tax_row(statement, tax_turn_of(turn), turn, event) for statement in statements)
    return PanelView(rows, len(rows), sum(row.overdue for row in rows), link, "Open the treasury")


def count_taxes(event, user, now, tables):
    """This tax turn's statements still to hand out at every table, the user's to confirm: all of them
    overdue once the tax turn has ended."""
    turn = get_turn(event)
    if turn is None:
        return counted(tables, {})
    scope = get_money_scope(user, event)
    covered = [table.pk for table in tables if scope.everything or table.pk in scope.tables]
    rows = (
        TaxStatement.objects.filter(
            event=event, turn=tax_turn_of(turn), province__region__in=covered, confirmed_at__isnull=True
        )
        .values("province__region")
        .annotate(n=Count("pk"))
        .order_by()
    )
    (waiting,) = by_table(rows, "province__region", "n")
    return counted(tables, waiting, waiting if turns_late(tax_turn_of(turn), turn) else {})


def tax_row(statement, tax_turn, turn, event):
    province = statement.province
    return Row(
        f"{province}: {balance_in_words(statement.balance)}",
        address("regions:treasury-province", event.slug, province.pk),
        f"tax turn {tax_turn} ({event.game_month(tax_turn)})",
        turns_late(tax_turn, turn),
    )


def gather_work(table, user, now):
    event, turn = table.event, get_turn(table.event)
    work = get_work_under_way(table)
    rows = tuple(
        [upgrade_row(upgrade, turn) for upgrade in work.upgrades] + [build_row(build, turn) for build in work.builds]
    )
    ready = [upgrade.ready_turn for upgrade in work.upgrades] + [build.ready_turn for build in work.builds]
    due = sum(turn is not None and ready_turn <= turn for ready_turn in ready)
    return PanelView(
        rows, due, sum(row.overdue for row in rows), address("regions:forces", event.slug), "Open the forces"
    )


def count_work(event, user, now, tables):
    """Every table's upgrades and builds under way: those ready by the end of this turn are due, those
    still unfinished after their turn overdue. One grouped count of each."""
    turn = get_turn(event)
    due, late = Counter(), Counter()
    for work, region in ((Upgrade.objects, "force__province__region"), (Spending.objects, "province__region")):
        rows = (
            work.filter(**{f"{region}__in": tables}, finished_turn__isnull=True)
            .values(region)
            .annotate(
                due=Count("pk", filter=before("ready_turn", None if turn is None else turn + 1)),
                late=Count("pk", filter=before("ready_turn", turn)),
            )
            .order_by()
        )
        for row in rows:
            due[row[region]] += row["due"]
            late[row[region]] += row["late"]
    return counted(tables, due, late)


def ready_note(ready_turn, turn, event):
    when = "this turn" if ready_turn == turn else f"turn {ready_turn}"
    return f"ready at the end of {when} ({event.game_month(ready_turn)})"


def upgrade_row(upgrade, turn):
    force = upgrade.force
    return Row(
        f"{force}: {describe_upgrade(upgrade)}",
        address("regions:force", force.event.slug, force.pk),
        ready_note(upgrade.ready_turn, turn, force.event),
        turns_late(upgrade.ready_turn, turn),
    )


def build_row(build, turn):
    what = f"{build.get_item_display()} in {build.province}" + (f": {build.description}" if build.description else "")
    return Row(
        what,
        address("regions:treasury-province", build.event.slug, build.province.pk),
        ready_note(build.ready_turn, turn, build.event),
        turns_late(build.ready_turn, turn),
    )
