"""A table's console: one screen of everything waiting at a map table, made of panels.

The core owns the page and this registry; each app registers its own panels in its
AppConfig.ready() (the core never imports the apps). A panel's `gather(table, user, now)` reads
through its app's selectors and returns a PanelView: the rows to show (already filtered to what
`user` may see), how many need the umpire's action, and how many are overdue, by the panel's
own measure. Its `live_on` names the event types after which the page reloads.

The core's own panels are here: the players at the table and on their way to it, and the
follow-ups sent to the table. The clock is on the page itself.
"""

from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse

from umpire.follow_up_selectors import get_inbox, is_kept
from umpire.megagame_only import serves
from umpire.models import Character, GameClock, Region
from umpire.selectors import get_clock_state, get_turn


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
    live_on: tuple


PANELS: dict[str, ConsolePanel] = {}


def register_console_panel(name, *, title, order, gather, live_on):
    """Add a panel to every table's console and the hall overview; apps call this in ready().

    `live_on` is the event types (a string of names, or a list) after which the console reloads."""
    types = tuple(live_on.split()) if isinstance(live_on, str) else tuple(live_on)
    PANELS[name] = ConsolePanel(name, title, order, gather, types)


def get_panels(event=None):
    """Every panel, or those of the apps that belong in `event`: none of AD69's own in a board game."""
    panels = [panel for panel in PANELS.values() if event is None or serves(event, panel.name.split(".")[0])]
    return sorted(panels, key=lambda panel: (panel.order, panel.name))


def get_live_on():
    """Every panel's event types, and the clock's: the turn changing makes work overdue."""
    return " ".join(sorted({"clock.changed", *(t for panel in PANELS.values() for t in panel.live_on)}))


def turns_late(since_turn, turn):
    """Work that came in during `since_turn` is overdue once that turn has ended undone."""
    return turn is not None and since_turn is not None and since_turn < turn


# ---- what the console and the hall show ------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    panel: ConsolePanel
    view: PanelView


def get_console(table, user, now):
    return [Panel(panel, panel.gather(table, user, now)) for panel in get_panels(table.event)]


def get_clock(event, now):
    clock = GameClock.objects.filter(event=event).select_related("event").first()
    return get_clock_state(clock, now) if clock else None


@dataclass(frozen=True)
class HallRow:
    table: Region
    panels: list  # [Panel], in the order of get_panels()

    @property
    def overdue(self):
        return sum(panel.view.overdue for panel in self.panels)


def get_hall(event, user, now):
    """Every map table with each panel's counts: which tables have overdue work. A fixed number of
    queries per table and panel, however many letters, fights or follow-ups there are."""
    tables = Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).select_related("event")
    return [HallRow(table, get_console(table, user, now)) for table in tables.order_by("position", "name")]


# ---- the core's own panels ---------------------------------------------------------------------------


HERE, ON_THE_WAY = "here", "on the way here"


def gather_players(table, user, now):
    """Who is here and who is on his way: those on the way are to be checked in as they arrive, and
    nothing is overdue. The heading counts both from the rows it lists, so it agrees with the list."""
    characters = Character.objects.filter(Q(location=table) | Q(travelling_to=table), died_turn__isnull=True)
    rows = tuple(
        sorted(
            (Row(c.name, note=HERE if c.location_id == table.pk else ON_THE_WAY) for c in characters),
            key=lambda row: (row.note != HERE, row.text),
        )
    )
    coming = sum(1 for row in rows if row.note == ON_THE_WAY)
    return PanelView(
        rows,
        coming,
        0,
        reverse("table:players", args=[table.event.slug, table.pk]),
        "Check players in and out",
        tally=f"{len(rows) - coming} here, {coming} on the way",
    )


def gather_follow_ups(table, user, now):
    """The follow-ups sent to this table and not yet acknowledged; overdue once their turn has ended.
    Shown to those who keep the table: one who only watches it does not read its follow-ups."""
    turn = get_turn(table.event)
    cards = get_inbox(table.event, user, table=table)["open"] if is_kept(user, table) else []
    rows = tuple(
        Row(
            card.follow_up.text,
            card.link,
            f"from {card.follow_up.from_table or 'Control'}, turn {card.follow_up.turn}",
            turns_late(card.follow_up.turn, turn),
        )
        for card in cards
    )
    return PanelView(
        rows,
        len(rows),
        sum(row.overdue for row in rows),
        reverse("followups:table", args=[table.event.slug, table.pk]),
        "Acknowledge follow-ups",
    )


register_console_panel(
    "umpire.players",
    title="Players here and on the way",
    order=10,
    gather=gather_players,
    live_on="character.moved world.changed",
)
register_console_panel(
    "umpire.follow_ups", title="Follow-ups sent here", order=60, gather=gather_follow_ups, live_on="followup.changed"
)
