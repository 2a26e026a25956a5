"""The fights' panel on a table's console (umpire.table_console), registered in WarfareConfig.ready().

Battles still being fought at the table (open, or losses proposed), with who has claimed each, and
the sieges under way there. A battle is overdue once the turn it was opened in has ended without
its losses confirmed. A draft shows only to those who may see it (FightScope): one who watches the
table without keeping it sees the drafts of his own fights alone. A siege needs a month's work while
this turn has none, and is never overdue (a siege may rightly sit a month out).
"""

from django.db.models import Count, Exists, OuterRef, Prefetch

from umpire.addresses import address
from umpire.selectors import get_turn
from umpire.table_console import PanelView, Row, before, by_table, counted, turns_late

from .models import Battle, Siege, SiegeMonth
from .selectors import get_fight_scope

WAITING = (Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)


def gather_fights(table, user, now):
    event, turn = table.event, get_turn(table.event)
    # the rows name each fight, its state and claim: not the forces, rounds and sides the desk reads, nor the
    # event each row would join again to link to it (the table's is at hand); only the columns the rows show
    battles = (
        Battle.objects.filter(event=event, region=table, state__in=WAITING)
        .filter(get_fight_scope(user, event).visible())
        .select_related("claimed_by")
        .only("title", "state", "turn", "claim_expires_at", "claimed_by__username")
        .order_by("created_at", "pk")
    )
    sieges = list(
        Siege.objects.filter(event=event, region=table, state=Siege.State.ACTIVE)
        # only which turns were worked: unordered, where the months' own ordering joins the siege and its event
        .prefetch_related(Prefetch("months", queryset=SiegeMonth.objects.order_by().only("siege", "turn")))
        .only("place", "state", "begun_turn")
        .order_by("begun_turn", "pk")
    )
    rows = tuple(battle_row(battle, event.slug, turn, now) for battle in battles)
    idle = sum(not worked_in(siege, turn) for siege in sieges)
    return PanelView(
        rows + tuple(siege_row(siege, event.slug, turn) for siege in sieges),
        len(rows) + idle,
        sum(row.overdue for row in rows),
        address("warfare:battles", event.slug),
        "Open the battle desk",
    )


def count_fights(event, user, now, tables):
    """Every table's battles waiting that the user sees (overdue once their turn has ended) and its
    sieges with no work yet this month, in two grouped counts."""
    turn = get_turn(event)
    battles = (
        Battle.objects.filter(event=event, state__in=WAITING)
        .filter(get_fight_scope(user, event).visible())
        .values("region")
        .annotate(waiting=Count("pk"), late=Count("pk", filter=before("turn", turn)))
        .order_by()
    )
    waiting, late = by_table(battles, "region", "waiting", "late")
    worked = SiegeMonth.objects.filter(siege=OuterRef("pk"), turn=turn)
    idle = (
        Siege.objects.filter(event=event, state=Siege.State.ACTIVE)
        .exclude(Exists(worked))
        .values("region")
        .annotate(idle=Count("pk"))
        .order_by()
    )
    (idle_at,) = by_table(idle, "region", "idle")
    return counted(tables, {table.pk: waiting.get(table.pk, 0) + idle_at.get(table.pk, 0) for table in tables}, late)


def worked_in(siege, turn):
    return any(month.turn == turn for month in siege.months.all())


def battle_row(battle, slug, turn, now):
    claimed = f"claimed by {battle.claimed_by}" if battle.claim_is_live(now) else "waiting: nobody has claimed it"
    return Row(
        f"{battle.title}: {battle.get_state_display().lower()}",
        address("warfare:battle", slug, battle.pk),
        f"opened turn {battle.turn}, {claimed}",
        turns_late(battle.turn, turn),
    )


def siege_row(siege, slug, turn):
    done = "worked this month" if worked_in(siege, turn) else "no work yet this month"
    return Row(
        f"{siege}: {siege.get_state_display().lower()}",
        address("warfare:siege", slug, siege.pk),
        f"begun turn {siege.begun_turn}, {done}",
    )
