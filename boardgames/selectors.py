"""Reads for the board-game pages and the rules desk: trackers with their history, data tables and
their cells, and where the game stands in its sequence of play.

`get_data_cell(event, table_key, row, column)` is what a procedure's case is built from at the
rules desk: it gives the cell's value, or raises MissingDataCell naming the table, row and column
when Control has not filled it in (the console never invents a figure)."""

import csv
import io
from dataclasses import dataclass
from itertools import accumulate

from django.db.models import Count, Prefetch, Q, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404

from umpire.follow_up_selectors import is_control
from umpire.permissions import Perm
from umpire.selectors import access_event, can, get_tables_kept

from .models import ChecklistTick, DataCell, DataTable, SequencePosition, Tracker, TrackerFeed, TrackerMove
from .registry import get_standard_trackers
from .sequence import Place, first_place, load_sequence, next_place

State = TrackerMove.State


# ---- trackers ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackerScope:
    """The trackers a user moves, and whose proposals he decides: every umpire with USE_RULES reads
    them all, but a tracker shown at a table is that table's umpire's, and one at no table is
    Control's; Control keeps them all."""

    everything: bool = False
    tables: frozenset = frozenset()

    def covers(self, tracker):
        return self.everything or (tracker.table_id is not None and tracker.table_id in self.tables)


def get_tracker_scope(user, event):
    if not can(user, event, Perm.USE_RULES):
        return TrackerScope()
    return TrackerScope(everything=is_control(user, event), tables=frozenset(get_tables_kept(user, event)))


def access_tracker(user, slug, pk, perm=Perm.USE_RULES):
    """A tracker the user keeps, or 404: the same for "no such tracker" and "not yours"."""
    event = access_event(user, slug, perm)
    tracker = get_object_or_404(Tracker.objects.select_related("event", "table"), event=event, pk=pk)
    if not get_tracker_scope(user, event).covers(tracker):
        raise Http404("No such tracker.")
    return tracker


def access_tracker_move(user, slug, pk, perm=Perm.USE_RULES):
    """A move of a tracker the user keeps, or 404."""
    event = access_event(user, slug, perm)
    move = get_object_or_404(TrackerMove.objects.select_related("tracker__event"), tracker__event=event, pk=pk)
    if not get_tracker_scope(user, event).covers(move.tracker):
        raise Http404("No such move.")
    return move


def access_tracker_feed(user, slug, pk, perm=Perm.EDIT_WORLD):
    event = access_event(user, slug, perm)
    return get_object_or_404(TrackerFeed.objects.select_related("tracker__event"), tracker__event=event, pk=pk)


def get_trackers(event):
    """Every tracker with its value now (the sum of its confirmed moves), its feeds (`feeds`) and its
    waiting proposals (`waiting`), each with the rules run it was read from, if one: four queries."""
    waiting = TrackerMove.objects.filter(state=State.PROPOSED).select_related("from_run").order_by("pk")
    return list(
        Tracker.objects.filter(event=event)
        .select_related("table")
        .annotate(total=Sum("moves__change", filter=Q(moves__state=State.CONFIRMED)))
        .prefetch_related("feeds", Prefetch("moves", queryset=waiting, to_attr="waiting"))
        .order_by("name")
    )


@dataclass(frozen=True)
class Course:
    """A tracker's values after each confirmed move, oldest first, drawn as a line (an SVG polyline's points
    in a 100 by 24 box, the lowest value at the bottom) for the trackers page."""

    values: tuple
    points: str

    @property
    def words(self):
        return ", ".join(str(value) for value in self.values)


def get_trackers_with_courses(event):
    """`get_trackers`, each with its `course`: one more query, whatever the history's length."""
    trackers = get_trackers(event)
    changes = {}
    for tracker_id, change in (
        TrackerMove.objects.filter(tracker__event=event, state=State.CONFIRMED)
        .order_by("pk")
        .values_list("tracker_id", "change")
    ):
        changes.setdefault(tracker_id, []).append(change)
    for tracker in trackers:
        tracker.course = course_of(changes.get(tracker.pk, []))
    return trackers


def course_of(changes, width=100, height=24):
    values = tuple(accumulate(changes))
    if not values:
        return Course((), "")
    low, high = min(values), max(values)
    step = width / max(len(values) - 1, 1)
    points = " ".join(
        f"{index * step:.1f},{height - (value - low) / ((high - low) or 1) * height:.1f}"
        for index, value in enumerate(values)
    )
    return Course(values, points)


def get_standard_unopened(event):
    """The trackers the event's ruleset keeps that the event has not opened (by name)."""
    opened = set(Tracker.objects.filter(event=event).values_list("name", flat=True))
    return [standard for standard in get_standard_trackers(event.ruleset) if standard.name not in opened]


def get_proposals(event):
    return list(
        TrackerMove.objects.filter(tracker__event=event, state=State.PROPOSED)
        .select_related("tracker__table", "by", "from_run")
        .order_by("pk")
    )


def get_history(event, limit=50):
    """The latest moves of every tracker, newest first."""
    return list(
        TrackerMove.objects.filter(tracker__event=event)
        .select_related("tracker", "by", "decided_by")
        .order_by("-pk")[:limit]
    )


# ---- data tables ---------------------------------------------------------------------------------


class MissingDataCell(LookupError):
    """A procedure needs a cell that nobody has filled in."""

    def __init__(self, table, row, column):
        self.table, self.row, self.column = table, row, column
        super().__init__(f"{table}: the {column} of {row} is empty. Control fills it in on the data tables page.")


def get_data_cell(event, table_key, row, column):
    """The cell's value (text: a number as digits, yes or no), or MissingDataCell naming the empty cell."""
    table = DataTable.objects.filter(event=event, key=table_key).first()
    if table is None:
        raise MissingDataCell(table_key.replace("_", " "), row, column)
    title = (table.column(column) or {"title": column})["title"]
    cell = DataCell.objects.filter(row__table=table, row__key=row, column=column).first()
    if cell is None or cell.value is None:
        raise MissingDataCell(table.title, row, title)
    return cell.value


def access_data_table(user, slug, key, perm=Perm.USE_RULES):
    event = access_event(user, slug, perm)
    return get_object_or_404(DataTable.objects.select_related("event"), event=event, key=key)


def get_data_tables(event):
    """Each table with how many of its cells are filled in, and how many the rulebook gave."""
    tables = DataTable.objects.filter(event=event).annotate(
        rows_count=Count("rows", distinct=True),
        filled=Count("rows__cells", filter=Q(rows__cells__value__isnull=False), distinct=True),
        given=Count("rows__cells", filter=Q(rows__cells__given=True), distinct=True),
    )
    return [(table, table.rows_count * len(table.columns)) for table in tables]


@dataclass(frozen=True)
class GridRow:
    key: str
    cells: list  # DataCell or None, in the table's column order


def get_grid(table):
    """The table's rows with their cells in column order, in two queries."""
    rows = table.rows.prefetch_related("cells")
    return [
        GridRow(
            row.key, [next((c for c in row.cells.all() if c.column == column["key"]), None) for column in table.columns]
        )
        for row in rows
    ]


def get_csv(table):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([table.row_title, *(column["title"] for column in table.columns)])
    for row in get_grid(table):
        writer.writerow([row.key, *("" if cell is None or cell.value is None else cell.value for cell in row.cells)])
    return out.getvalue()


# ---- the sequence of play ------------------------------------------------------------------------


@dataclass(frozen=True)
class ChecklistLine:
    number: int  # counted from 0, as the service takes it
    text: str
    source: str
    done: bool


@dataclass(frozen=True)
class SequenceState:
    sequence: object
    round: int
    stage: int
    stage_name: str
    phase: object  # sequence.Phase
    checklist: list  # ChecklistLine
    next_phase: object  # the Phase after this one

    @property
    def to_do(self):
        return [line for line in self.checklist if not line.done]

    @property
    def in_setup(self):
        return self.round == 0


def get_sequence_state(event):
    """Where the game stands and the current phase's checklist; None for a ruleset with no sequence."""
    sequence = load_sequence(event.ruleset)
    if sequence is None:
        return None
    position = SequencePosition.objects.filter(event=event).first()
    place = Place(position.round, position.stage, position.phase) if position else first_place(sequence)
    phase = sequence.phase(place.phase) or sequence.phases[0]
    done = set(
        ChecklistTick.objects.filter(event=event, round=place.round, stage=place.stage, phase=phase.key).values_list(
            "item", flat=True
        )
    )
    lines = [ChecklistLine(n, item.text, item.source, n in done) for n, item in enumerate(phase.items)]
    following = sequence.phase(next_place(sequence, place).phase)
    return SequenceState(sequence, place.round, place.stage, sequence.stage_name(place.stage), phase, lines, following)
