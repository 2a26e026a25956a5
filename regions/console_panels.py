"""The map's panels on a table's console (umpire.table_console), registered in RegionsConfig.ready().

Taxes to hand out: this tax turn's statements of the table's provinces not yet confirmed (confirming
is handing the revenue to the procurator). Due in the tax turn itself; overdue once the tax turn
has ended with the statement still unconfirmed.

Upgrades and builds finishing: those under way at the table. Those ready at the end of this turn
need the umpire (new counters, a new venue); one still unfinished after its turn has ended is
overdue, since the turn-end hook should have finished it.
"""

from collections import Counter

from umpire.addresses import address
from umpire.calendar import tax_turn_of
from umpire.selectors import get_turn
from umpire.table_console import PanelView, Row, counted, turns_late

from .models import Spending, TaxStatement, Upgrade
from .selectors import describe_upgrade, get_work_under_way
from .treasury_selectors import balance_in_words, get_money_scope, get_statements_to_confirm

# What a build's get_item_display() says, for the bare rows the console reads instead of models
ITEM_NAMES = dict(Spending.Item.choices)


def gather_taxes(table, user, now):
    event, turn = table.event, get_turn(table.event)
    link = address("regions:treasury", event.slug)
    if turn is None:
        return PanelView((), 0, 0, link, "Open the treasury")
    tax_turn = tax_turn_of(turn)
    note, overdue = f"tax turn {tax_turn} ({event.game_month(tax_turn)})", turns_late(tax_turn, turn)
    statements = get_statements_to_confirm(table, turn, get_money_scope(user, event))
    rows = tuple(tax_row(statement, note, overdue, event) for statement in statements)
    return PanelView(rows, len(rows), sum(row.overdue for row in rows), link, "Open the treasury")


def count_taxes(event, user, now, tables):
    """This tax turn's statements still to hand out at every table, the user's to confirm: all of them
    overdue once the tax turn has ended. Each is read as its table alone and counted here: a table has a
    few provinces, fewer rows than a grouped count costs to build."""
    turn = get_turn(event)
    if turn is None:
        return counted(tables, {})
    scope, tax_turn = get_money_scope(user, event), tax_turn_of(turn)
    covered = [table.pk for table in tables if scope.covers_table(table.pk)]
    # The tables are the event's, and so are their provinces' statements: no need to ask for the event too.
    waiting = Counter(
        TaxStatement.objects.filter(turn=tax_turn, province__region__in=covered, confirmed_at__isnull=True)
        .values_list("province__region", flat=True)
        .order_by()
    )
    return counted(tables, waiting, waiting if turns_late(tax_turn, turn) else {})


def tax_row(statement, note, overdue, event):
    return Row(
        f"{statement.province_name}: {balance_in_words(statement.balance)}",
        address("regions:treasury-province", event.slug, statement.province_pk),
        note,
        overdue,
    )


def gather_work(table, user, now):
    event, turn = table.event, get_turn(table.event)
    work = get_work_under_way(table)
    rows = tuple(
        [upgrade_row(upgrade, turn, event) for upgrade in work.upgrades]
        + [build_row(build, turn, event) for build in work.builds]
    )
    ready = [upgrade.ready_turn for upgrade in work.upgrades] + [build.ready_turn for build in work.builds]
    return PanelView(
        rows,
        sum(is_due(ready_turn, turn) for ready_turn in ready),
        sum(row.overdue for row in rows),
        address("regions:forces", event.slug),
        "Open the forces",
    )


def count_work(event, user, now, tables):
    """Every table's upgrades and builds under way: those ready by the end of this turn are due, those
    still unfinished after their turn overdue. Each is read as its table and its turn and counted here:
    a table has a handful under way, fewer rows than a grouped count costs to build."""
    turn = get_turn(event)
    due, late = Counter(), Counter()
    table_ids = [table.pk for table in tables]
    for work, table_field in ((Upgrade.objects, "force__province__region"), (Spending.objects, "province__region")):
        under_way = (
            work.filter(**{f"{table_field}__in": table_ids}, finished_turn__isnull=True)
            .values_list(table_field, "ready_turn")
            .order_by()
        )
        for table_id, ready_turn in under_way:
            due[table_id] += is_due(ready_turn, turn)
            late[table_id] += turns_late(ready_turn, turn)
    return counted(tables, due, late)


def is_due(ready_turn, turn):
    """Ready by the end of this turn: the umpire places the new counters or opens the new venue."""
    return turn is not None and ready_turn <= turn


def ready_note(ready_turn, turn, event):
    when = "this turn" if ready_turn == turn else f"turn {ready_turn}"
    return f"ready at the end of {when} ({event.game_month(ready_turn)})"


def upgrade_row(upgrade, turn, event):
    return Row(
        f"{upgrade.force_name}: {describe_upgrade(upgrade)}",
        address("regions:force", event.slug, upgrade.force_pk),
        ready_note(upgrade.ready_turn, turn, event),
        turns_late(upgrade.ready_turn, turn),
    )


def build_row(build, turn, event):
    what = f"{ITEM_NAMES.get(build.item, build.item)} in {build.province_name}" + (
        f": {build.description}" if build.description else ""
    )
    return Row(
        what,
        address("regions:treasury-province", event.slug, build.province_pk),
        ready_note(build.ready_turn, turn, event),
        turns_late(build.ready_turn, turn),
    )
