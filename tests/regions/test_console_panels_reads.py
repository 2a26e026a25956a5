"""The map's panels on a table's console and Control's hall, open all day and drawn again with every change at
the table (issue 34), read only what their rows show: this tax turn's statements as (province, name, balance)
rows, the work under way as bare rows of what it is and when it is ready, none of them built as models nor
joined to the event, and the hall's counts as each item's table (and turn) counted in Python rather than
a grouped count. The rows and counts are still right in every state: due this turn, overdue, not yet due;
a statement confirmed, unconfirmed, another table's, outside the user's money scope."""

from contextlib import ExitStack, contextmanager
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from regions.console_panels import count_taxes, count_work, gather_taxes, gather_work
from regions.models import Force, Province, Spending, TaxStatement, Upgrade
from regions.services.books import treasury_of
from regions.services.forces import do_order_upgrade
from regions.services.spending import do_buy, finish_spending
from regions.services.taxes import do_confirm_statement
from regions.treasury_selectors import balance_in_words
from tests.regions.forces_builders import legion
from tests.regions.test_spending import fund, set_turn
from umpire import clockwork
from umpire.models import Region
from umpire.request_roles import seats_read_once
from umpire.selectors import get_map_tables

LEV = "raw_levy"
UPGRADE = [{"kind": "levies_to_auxiliaries", "count": 5}]
STATEMENTS = f'FROM "{TaxStatement._meta.db_table}"'


def table(event, name):
    return Region.objects.get(event=event, name=name)


def provinces_of(event, name):
    return list(Province.objects.filter(region=table(event, name)).order_by("name"))


@pytest.fixture
def taxes(ad69):
    """The clock started: September's statements drawn up for every province."""
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


def read(panel, *args):
    """`panel(*args)` within a request's store, as the page calls it, with the SQL of its queries."""
    with seats_read_once(), CaptureQueriesContext(connection) as captured:
        view = panel(*args)
    return view, [query["sql"] for query in captured.captured_queries]


def read_taxes(user, event, name="Illyria"):
    return read(gather_taxes, table(event, name), user, timezone.now())


def expected_tax_rows(event, name, tax_turn, overdue):
    """The unconfirmed statements of the table's provinces as the panel shows them, read the slow way."""
    statements = (
        TaxStatement.objects.filter(turn=tax_turn, province__region=table(event, name), confirmed_at__isnull=True)
        .select_related("province")
        .order_by("province__name")
    )
    return [
        (
            f"{s.province.name}: {balance_in_words(s.balance)}",
            reverse("regions:treasury-province", args=[event.slug, s.province.pk]),
            f"tax turn {tax_turn} ({event.game_month(tax_turn)})",
            overdue,
        )
        for s in statements
    ]


@contextmanager
def none_built(*models):
    """Within the block, building an instance of any of `models` from a query fails the test."""
    with ExitStack() as stack:
        for model in models:
            stack.enter_context(mock.patch.object(model, "from_db", side_effect=AssertionError(f"{model} built")))
        yield


def shown(view):
    return [(row.text, row.link, row.note, row.overdue) for row in view.rows]


# ---- taxes to hand out ----------------------------------------------------------------------------------


def test_the_tax_turns_statements_are_shown_by_province_name_and_due_this_turn(taxes, illyria_umpire):
    view, _ = read_taxes(illyria_umpire, taxes)
    rows = expected_tax_rows(taxes, "Illyria", 1, False)
    assert len(rows) == len(provinces_of(taxes, "Illyria")) > 1
    assert shown(view) == rows
    assert (view.needs_action, view.overdue) == (len(rows), 0)


def test_a_confirmed_statement_leaves_the_panel_and_the_rest_are_overdue_after_the_tax_turn(
    taxes, illyria_umpire, control
):
    first = TaxStatement.objects.get(turn=1, province=provinces_of(taxes, "Illyria")[0])
    do_confirm_statement(first, actor=illyria_umpire)
    set_turn(taxes, 2)
    rows = expected_tax_rows(taxes, "Illyria", 1, True)
    assert first.province.name not in " ".join(text for text, *_ in rows)
    for user in (illyria_umpire, control):
        view, _ = read_taxes(user, taxes)
        assert shown(view) == rows
        assert (view.needs_action, view.overdue) == (len(rows), len(rows))


def test_another_tables_statements_are_not_shown(taxes, control):
    view, _ = read_taxes(control, taxes, "Gaul")
    gaul = {p.name for p in provinces_of(taxes, "Gaul")}
    assert {row.text.split(":")[0] for row in view.rows} == gaul


def test_statements_outside_the_users_money_scope_are_not_read(taxes, gaul_umpire):
    view, sqls = read_taxes(gaul_umpire, taxes)
    assert (view.rows, view.needs_action, view.overdue) == ((), 0, 0)
    assert not [sql for sql in sqls if STATEMENTS in sql]


def test_the_statements_are_read_as_rows_of_what_they_show_without_the_event(taxes, illyria_umpire):
    illyria = table(taxes, "Illyria")
    with none_built(TaxStatement, Province):
        view, sqls = read(gather_taxes, illyria, illyria_umpire, timezone.now())
    assert view.rows
    (sql,) = [sql for sql in sqls if STATEMENTS in sql]
    assert '"regions_taxstatement"."lines"' not in sql and '"regions_province"."region_id" AS' not in sql
    assert '"regions_taxstatement"."event_id"' not in sql and '"umpire_event"' not in sql


def hall_counts(panel, event, user):
    counts, sqls = read(panel, event, user, timezone.now(), get_map_tables(event))
    return {pk: (view.needs_action, view.overdue) for pk, view in counts.items()}, sqls


def test_the_halls_taxes_count_each_tables_statements_to_hand_out(taxes, control, illyria_umpire):
    illyria, gaul = table(taxes, "Illyria"), table(taxes, "Gaul")
    do_confirm_statement(TaxStatement.objects.get(turn=1, province=provinces_of(taxes, "Illyria")[0]), actor=control)
    waiting = len(provinces_of(taxes, "Illyria")) - 1
    counts, _ = hall_counts(count_taxes, taxes, control)
    assert counts[illyria.pk] == (waiting, 0) and counts[gaul.pk] == (len(provinces_of(taxes, "Gaul")), 0)
    counts, _ = hall_counts(count_taxes, taxes, illyria_umpire)  # his own table's statements alone
    assert counts[illyria.pk] == (waiting, 0) and counts[gaul.pk] == (0, 0)
    set_turn(taxes, 2)
    counts, _ = hall_counts(count_taxes, taxes, control)
    assert counts[illyria.pk] == (waiting, waiting)


def test_the_halls_taxes_are_counted_from_each_statements_table_without_grouping_or_the_event(taxes, control):
    _, sqls = hall_counts(count_taxes, taxes, control)
    (sql,) = [sql for sql in sqls if STATEMENTS in sql]
    assert "GROUP BY" not in sql and "COUNT(" not in sql
    assert '"regions_taxstatement"."event_id"' not in sql and '"umpire_event"' not in sql


# ---- upgrades and builds under way ----------------------------------------------------------------------


@pytest.fixture
def work(taxes, control):
    """At Illyria, on turn 2: an upgrade ready at the end of turn 1 and left unfinished (overdue), two ready at
    the end of this turn (due), public works ready at the end of turn 5 and a temple at the end of turn 4 (not
    yet due); public works that have finished; at Gaul, public works of its own ready at the end of turn 3."""
    legions = [legion(taxes, f"Legion {n}", "Pannonia", [(LEV, 10, False)]) for n in ("I", "II", "III")]
    pannonia, dalmatia = (Province.objects.get(event=taxes, name=name) for name in ("Pannonia", "Dalmatia"))
    aquitania = Province.objects.get(event=taxes, name="Gallia Aquitania")
    for province in (pannonia, dalmatia, aquitania):
        fund(treasury_of(province), 500, control)

    def build(item, province, months=0, description=""):
        return do_buy(
            taxes,
            item=item,
            province=province,
            paid_from=treasury_of(province),
            spender=None,
            actor=control,
            months=months,
            description=description,
        )

    do_order_upgrade(legions[2], orders=UPGRADE, actor=control)
    build(Spending.Item.PUBLIC_WORKS, pannonia, 1, "a finished bridge")
    finish_spending(taxes, 1)
    set_turn(taxes, 2)
    do_order_upgrade(legions[1], orders=UPGRADE, actor=control)
    do_order_upgrade(legions[0], orders=UPGRADE, actor=control)
    build(Spending.Item.PUBLIC_WORKS, pannonia, 4, "the road to Sirmium")
    build(Spending.Item.TEMPLE, dalmatia)  # three months, the catalogue's time
    build(Spending.Item.PUBLIC_WORKS, aquitania, 2, "Gaul's")
    return taxes


def ready(event, turn, when=None):
    return f"ready at the end of {when or f'turn {turn}'} ({event.game_month(turn)})"


def force_page(event, name):
    return reverse("regions:force", args=[event.slug, Force.objects.get(event=event, name=name).pk])


def province_books(event, name):
    return reverse("regions:treasury-province", args=[event.slug, Province.objects.get(event=event, name=name).pk])


def test_the_work_under_way_is_shown_soonest_ready_first_with_what_is_due_and_overdue(work, illyria_umpire):
    view, _ = read(gather_work, table(work, "Illyria"), illyria_umpire, timezone.now())
    levies = "10 raw levies → 5 auxiliaries"
    assert shown(view) == [
        (f"Legion III: {levies}", force_page(work, "Legion III"), ready(work, 1), True),
        (f"Legion II: {levies}", force_page(work, "Legion II"), ready(work, 2, "this turn"), False),  # ordered first
        (f"Legion I: {levies}", force_page(work, "Legion I"), ready(work, 2, "this turn"), False),
        ("Temple in Dalmatia", province_books(work, "Dalmatia"), ready(work, 4), False),
        (
            "General public works in Pannonia: the road to Sirmium",
            province_books(work, "Pannonia"),
            ready(work, 5),
            False,
        ),
    ]
    assert (view.needs_action, view.overdue) == (3, 1)
    assert (view.link, view.link_text) == (reverse("regions:forces", args=[work.slug]), "Open the forces")


def test_the_work_under_way_is_read_as_rows_of_what_it_shows(work, illyria_umpire):
    illyria, read_here = table(work, "Illyria"), [Upgrade, Spending, Force, Province]
    with none_built(*read_here):
        view, sqls = read(gather_work, illyria, illyria_umpire, timezone.now())
    assert len(view.rows) == 5
    work_sqls = [sql for sql in sqls if any(f'FROM "{model._meta.db_table}"' in sql for model in read_here)]
    assert len(work_sqls) == 2
    for sql in work_sqls:
        assert '"umpire_event"' not in sql and "ORDER BY" not in sql  # sorted in Python: a handful of rows
        assert '"composition_after"' not in sql and '"talents"' not in sql


def test_the_halls_work_counts_agree_with_each_tables_console(work, control):
    counts, _ = hall_counts(count_work, work, control)
    for region in get_map_tables(work):
        view, _ = read(gather_work, region, control, timezone.now())
        assert counts[region.pk] == (view.needs_action, view.overdue)
    assert counts[table(work, "Illyria").pk] == (3, 1) and counts[table(work, "Gaul").pk] == (0, 0)
    set_turn(work, 4)  # all but the road due, and late but the temple
    counts, _ = hall_counts(count_work, work, control)
    assert counts[table(work, "Illyria").pk] == (4, 3) and counts[table(work, "Gaul").pk] == (1, 1)


def test_the_halls_work_is_counted_from_each_items_table_and_turn_without_grouping(work, control):
    _, sqls = hall_counts(count_work, work, control)
    work_sqls = [sql for sql in sqls if 'FROM "regions_upgrade"' in sql or 'FROM "regions_spending"' in sql]
    assert len(work_sqls) == 2
    for sql in work_sqls:
        assert "GROUP BY" not in sql and "COUNT(" not in sql and '"umpire_event"' not in sql
