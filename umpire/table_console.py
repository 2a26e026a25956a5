"""A table's console: one screen of everything waiting at a map table, made of panels.

The core owns the page and this registry; each app registers its own panels in its
AppConfig.ready() (the core never imports the apps). A panel's `gather(table, user, now)` reads
through its app's selectors and returns a PanelView: the rows to show (already filtered to what
`user` may see), how many need the umpire's action, and how many are overdue, by the panel's
own measure. Its `count(event, user, now, tables)` gives the same counts, without rows, for every
table at once in a fixed number of queries: the hall overview's cells. Each reads the waiting work's
table and turn as bare rows and counts them in Python, where a grouped count cost Django more to
build than the rows cost to read (issue 34). Its `live_on` names the event types after which the
page reloads.

The core's own panels are here: the players at the table and on their way to it, and the
follow-ups sent to the table. The clock is on the page itself.
"""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q

from umpire.addresses import address
from umpire.follow_up_selectors import get_open_to_table, is_control, is_kept
from umpire.megagame_only import serves
from umpire.models import Character, FollowUp, Region
from umpire.request_roles import get_request_clock
from umpire.selectors import get_clock_state, get_map_tables, get_tables_kept, get_turn


@dataclass(frozen=True)
class Row:
    """One line of a panel: plain words, the page where the umpire acts on it, and whether it is late."""

    text: str
    link: str = ""
    note: str = ""
    overdue: bool = False


@dataclass(frozen=True)
class PanelView:
    rows: tuple
    needs_action: int
    overdue: int
    link: str = ""  # the app's own page for this work at this table
    link_text: str = ""
    tally: str = ""  # the heading's count in words, for a panel whose rows are not all work to do

    @property
    def count_words(self):
        """What the panel's heading says it counts, in words: a tablet shows no tooltip to explain a bare number."""
        return self.tally or f"{self.needs_action} to do"


@dataclass(frozen=True)
class ConsolePanel:
    name: str
    title: str
    order: int
    gather: object  # gather(table, user, now) -> PanelView
    count: object  # count(event, user, now, tables) -> {table id: PanelView without rows}
    live_on: tuple
    shown_in: object = None  # shown_in(event) -> whether the event's consoles have the panel; None: every event's


PANELS: dict[str, ConsolePanel] = {}


def register_console_panel(name, *, title, order, gather, count, live_on, shown_in=None):
    """Add a panel to every table's console and the hall overview; apps call this in ready().

    `count` gives the hall its counts for every table at once, the numbers `gather` would give each
    table, in queries that do not grow with the tables. `live_on` is the event types (a string of
    names, or a list) after which the console reloads. `shown_in(event)`, if given, says whether an
    event's consoles have the panel at all, without reading the database."""
    types = tuple(live_on.split()) if isinstance(live_on, str) else tuple(live_on)
    PANELS[name] = ConsolePanel(name, title, order, gather, count, types, shown_in)


def get_panels(event=None):
    """Every panel, or those that belong in `event`: none of AD69's own in a board game, and none of a
    board game's where the ruleset has nothing for it to show."""
    panels = [panel for panel in PANELS.values() if event is None or shows(event, panel)]
    return sorted(panels, key=lambda panel: (panel.order, panel.name))


def shows(event, panel):
    return serves(event, panel.name.split(".")[0]) and (panel.shown_in is None or panel.shown_in(event))


def get_live_on():
    """Every panel's event types, and the clock's: the turn changing makes work overdue."""
    return " ".join(sorted({"clock.changed", *(t for panel in PANELS.values() for t in panel.live_on)}))


def turns_late(since_turn, turn):
    """Work that came in during `since_turn` is overdue once that turn has ended undone."""
    return turn is not None and since_turn is not None and since_turn < turn


def tallied(work):
    """{table id: work waiting}, {table id: of it overdue} from a (table id, overdue) pair for each piece of work
    waiting: the hall's counts of a panel that reads its work as bare rows."""
    waiting, overdue = Counter(), Counter()
    for table, late in work:
        waiting[table] += 1
        overdue[table] += late
    return waiting, overdue


def counted(tables, needs_action, overdue=None):
    """The hall's cells of a panel from {table id: count}: each table's PanelView without rows."""
    overdue = overdue or {}
    return {table.pk: PanelView((), needs_action.get(table.pk, 0), overdue.get(table.pk, 0)) for table in tables}


# ---- what the console and the hall show ------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    panel: ConsolePanel
    view: PanelView


def get_console(table, user, now):
    return [Panel(panel, panel.gather(table, user, now)) for panel in get_panels(table.event)]


def get_clock(event, now, map_tables=None):
    """The clock's state for the page; its turn becomes the request's, which every panel then asks for
    without reading the clock again. The page reads the clock before its panels for that."""
    clock = get_request_clock(event.pk)
    if clock is None:
        return None
    clock.event = event  # the page has it: not joined and read again with the clock
    return get_clock_state(clock, now, map_tables=map_tables)


@dataclass(frozen=True)
class HallRow:
    table: Region
    panels: list  # [Panel], in the order of get_panels()

    @property
    def overdue(self):
        return sum(panel.view.overdue for panel in self.panels)


def get_hall(event, user, now, tables=None):
    """Every map table (`tables`, if the page has read them: get_map_tables) with each panel's counts: which
    tables have overdue work. Each panel counts for all the tables at once, so the queries are fixed however
    many tables, letters or fights there are."""
    tables = get_map_tables(event) if tables is None else tables
    for table in tables:
        table.event = event  # the panels read the event through the table: not once a table from the database
    counts = [(panel, panel.count(event, user, now, tables)) for panel in get_panels(event)]
    return [HallRow(table, [Panel(panel, by_table[table.pk]) for panel, by_table in counts]) for table in tables]


# ---- the core's own panels ---------------------------------------------------------------------------


HERE, ON_THE_WAY = "here", "on the way here"


def gather_players(table, user, now):
    """Who is here and who is on his way: those on the way are to be checked in as they arrive, and
    nothing is overdue. The heading counts both from the rows it lists, so it agrees with the list."""
    # (name, where he is) rows: only what a row shows. Sorted here: the model's own ordering would join the
    # event to sort by its name first
    people = (
        Character.objects.filter(Q(location=table.pk) | Q(travelling_to=table.pk), died_turn__isnull=True)
        .order_by()
        .values_list("name", "location")
    )
    # those here first, then those on the way, each by name
    order = sorted([(location != table.pk, name) for name, location in people])
    rows = tuple([Row(name, note=ON_THE_WAY if away else HERE) for away, name in order])
    coming = sum([away for away, _ in order])
    return PanelView(
        rows,
        coming,
        0,
        address("table:players", table.event.slug, table.pk),
        "Check players in and out",
        tally=f"{len(rows) - coming} here, {coming} on the way",
    )


def count_players(event, user, now, tables):
    """The players panel's tally for every table, from a plain read of where each of the living is and where
    he is going, counted here: it costs less to build than a grouped count. One at a table and bound for it
    is here, as on the console."""
    here, coming = Counter(), Counter()
    whereabouts = (
        Character.objects.filter(event=event, died_turn__isnull=True)
        .order_by()
        .values_list("location", "travelling_to")
    )
    for location, travelling_to in whereabouts:
        here[location] += 1
        if travelling_to != location:
            coming[travelling_to] += 1
    return {
        table.pk: PanelView((), coming[table.pk], 0, tally=f"{here[table.pk]} here, {coming[table.pk]} on the way")
        for table in tables
    }


def gather_follow_ups(table, user, now):
    """The follow-ups sent to this table and not yet acknowledged; overdue once their turn has ended.
    Shown to those who keep the table: one who only watches it does not read its follow-ups."""
    turn = get_turn(table.event)
    follow_ups = get_open_to_table(table, user) if is_kept(user, table) else []
    rows = tuple(
        Row(
            follow_up.text,
            follow_up.link,
            f"from {follow_up.sender}, turn {follow_up.turn}",
            turns_late(follow_up.turn, turn),
        )
        for follow_up in follow_ups
    )
    return PanelView(
        rows,
        len(rows),
        sum(row.overdue for row in rows),
        address("followups:table", table.event.slug, table.pk),
        "Acknowledge follow-ups",
    )


def count_follow_ups(event, user, now, tables):
    """The open follow-ups of every table the user keeps, and how many of them are overdue, from a plain read
    of each one's table and turn counted here: it costs less to build than grouped counts. Control keeps every
    table, so his are the event's; anyone else's tables are the event's, so the event is not asked again."""
    kept = Q(event=event) if is_control(user, event) else Q(to_table__in=get_tables_kept(user, event))
    follow_ups = FollowUp.objects.filter(kept, acknowledged_at__isnull=True).order_by().values_list("to_table", "turn")
    turn = get_turn(event)
    return counted(tables, *tallied((table, turns_late(sent_in, turn)) for table, sent_in in follow_ups))


register_console_panel(
    "umpire.players",
    title="Players here and on the way",
    order=10,
    gather=gather_players,
    count=count_players,
    live_on="character.moved world.changed",
)
register_console_panel(
    "umpire.follow_ups",
    title="Follow-ups sent here",
    order=60,
    gather=gather_follow_ups,
    count=count_follow_ups,
    live_on="followup.changed",
)
