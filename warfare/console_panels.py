"""The fights' panel on a table's console (umpire.table_console), registered in WarfareConfig.ready().

Battles still being fought at the table (open, or losses proposed), with who has claimed each, and
the sieges under way there. A battle is overdue once the turn it was opened in has ended without
its losses confirmed. A draft shows only to those who may see it (FightScope): one who watches the
table without keeping it sees the drafts of his own fights alone. A siege needs a month's work while
this turn has none, and is never overdue (a siege may rightly sit a month out).

The panel and the hall read rows of the columns they show, not battles and sieges: on a console opened
with every change at the table, building the queries and the model instances was most of the panel's
cost (issue 34).
"""

from operator import itemgetter

from umpire.addresses import address
from umpire.selectors import get_turn
from umpire.table_console import PanelView, Row, counted, tallied, turns_late

from .models import Battle, Siege
from .models.siege import siege_of
from .selectors import get_fight_scope

WAITING = (Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)
# a battle's row: when it was opened (to sort by), its name, state, turn and claim, the claimant's name joined
BATTLE_ROW = ("created_at", "pk", "title", "state", "turn", "claim_expires_at", "claimed_by__username")
UNDER_SIEGE = Siege.State.ACTIVE.label.lower()


def gather_fights(table, user, now):
    slug, turn = table.event.slug, get_turn(table.event)
    rows = tuple(battle_row(battle, slug, turn, now) for battle in battles_waiting_at(table, user))
    sieges = sieges_at(table, turn)
    return PanelView(
        rows + tuple(siege_row(siege, worked, slug) for siege, worked in sieges.items()),
        len(rows) + sum(not worked for worked in sieges.values()),
        sum(row.overdue for row in rows),
        address("warfare:battles", slug),
        "Open the battle desk",
    )


def count_fights(event, user, now, tables):
    """Every table's battles waiting that the user sees (overdue once their turn has ended) and its
    sieges with no work yet this month, each a row of its table and turn, counted here: two plain reads
    cost less to build than grouped counts."""
    turn = get_turn(event)
    battles = (
        Battle.objects.filter(event=event, state__in=WAITING)
        .filter(get_fight_scope(user, event).visible())
        .values_list("region", "turn")
        .order_by()
    )
    waiting, late = tallied((table, turns_late(opened, turn)) for table, opened in battles)
    sieges = Siege.objects.filter(event=event, state=Siege.State.ACTIVE).values_list("pk", "region", "months__turn")
    for (_, table), worked in worked_this_month(sieges.order_by(), turn).items():
        waiting[table] += not worked
    return counted(tables, waiting, late)


def battles_waiting_at(table, user):
    """The battles waiting at the table that the user sees, oldest first: sorted here, as ordering the query
    costs more to build than sorting the few rows. The table is its event's: no filter on the event."""
    battles = (
        Battle.objects.filter(region_id=table.pk, state__in=WAITING)
        .filter(get_fight_scope(user, table.event).visible_at(table.pk))
        .values_list(*BATTLE_ROW)
    )
    return sorted(battles.order_by())


def sieges_at(table, turn):
    """{(begun turn, pk, place): whether it was worked this month} of the sieges under way at the table, oldest
    first: sorted here, as the battles are."""
    sieges = Siege.objects.filter(region_id=table.pk, state=Siege.State.ACTIVE)
    rows = sieges.values_list("begun_turn", "pk", "place", "months__turn").order_by()
    return worked_this_month(sorted(rows, key=itemgetter(0, 1)), turn)


def worked_this_month(rows, turn):
    """{siege: whether it was worked in `turn`} from rows of a siege's columns, then the turn of one of its months
    (None: no month yet), its months joined: a row a month costs less than an Exists or a second query to build."""
    worked = {}
    for *columns, month in rows:
        siege = tuple(columns)
        worked[siege] = worked.get(siege, False) or (month is not None and month == turn)
    return worked


def battle_row(battle, slug, turn, now):
    _, pk, title, state, opened, claim_expires_at, claimant = battle
    live = claimant is not None and claim_expires_at > now  # Battle.claim_is_live, on the row
    claimed = f"claimed by {claimant}" if live else "waiting: nobody has claimed it"
    return Row(
        f"{title}: {Battle.State(state).label.lower()}",
        address("warfare:battle", slug, pk),
        f"opened turn {opened}, {claimed}",
        turns_late(opened, turn),
    )


def siege_row(siege, worked, slug):
    begun_turn, pk, place = siege
    done = "worked this month" if worked else "no work yet this month"
    return Row(
        f"{siege_of(place)}: {UNDER_SIEGE}", address("warfare:siege", slug, pk), f"begun turn {begun_turn}, {done}"
    )
