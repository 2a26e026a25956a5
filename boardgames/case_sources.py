"""A procedure's case filled in from the event's data tables, so the umpire need not type a city's defence
that Control has entered.

A ruleset maps a rules input dataclass to one of its data tables (`register_case_source`): the field that
names the row, and which fields come from which columns. `fill_from_data_tables` is the core's case
preparer (umpire.services.rules.register_case_preparer): it walks the case (JSON) by the procedure's input
types, and fills each mapped cell the case leaves out or gives as null with the table's value, when the
table has one. It never overwrites what the umpire typed and never invents: an empty table cell stays
empty, and the procedure stops as it always has, naming the cell. One query per run, whatever the case holds.
"""

import copy
import dataclasses
import enum
import types
import typing
from dataclasses import dataclass

from umpire.rules.registry import get_procedure

from .models import DataCell
from .registry import get_declarations


@dataclass(frozen=True)
class CaseSource:
    kind: type  # a rules input dataclass, as CityCard
    table: str  # the data table's key, as "city_cards"
    row_from: str  # the kind's field that names the row, as "name"
    cells: dict  # {the kind's field: the table's column}


_SOURCES: dict[type, CaseSource] = {}


def register_case_source(kind, *, table, row_from, cells):
    """Objects of `kind` in a case take the fields `cells` names from `table`'s row named by `row_from`."""
    names = {f.name for f in dataclasses.fields(kind)}
    if row_from not in names or not set(cells) <= names:
        raise ValueError(f"{kind.__name__} has no field {', '.join(({row_from} | set(cells)) - names)}.")
    _SOURCES[kind] = CaseSource(kind, table, row_from, dict(cells))
    return _SOURCES[kind]


def get_case_source(kind):
    return _SOURCES.get(kind)


@dataclass
class Wanted:
    """An object of a registered kind in the case, with its row and the cells it leaves empty."""

    source: CaseSource
    data: dict  # the object in the (copied) case, filled in place
    row: str
    empty: list  # the fields to fill


def fill_from_data_tables(event, key, case):
    """The case with its empty mapped cells taken from the event's data tables, and a note for each object
    filled ("Saguntum: defence 5, vp 12, from the event's City cards"); any case it cannot read unchanged."""
    if not _SOURCES or not isinstance(case, dict) or not get_declarations(event.ruleset):
        return case, []
    case = copy.deepcopy(case)
    wanted = list(find_wanted(get_procedure(key).input_type, case))
    if not wanted:
        return case, []
    cells, titles = read_cells(event, wanted)
    return case, [note for item in wanted if (note := fill(item, cells, titles))]


def find_wanted(kind, data):
    """Each object of a registered kind in `data` (read as `kind`) with a row named and a cell left empty."""
    if not isinstance(data, dict):
        return
    source = _SOURCES.get(kind)
    if source and isinstance(data.get(source.row_from), (str, int)) and not isinstance(data[source.row_from], bool):
        empty = [name for name in source.cells if data.get(name) is None]
        if empty:
            yield Wanted(source, data, str(data[source.row_from]), empty)
    hints = typing.get_type_hints(kind)
    for f in dataclasses.fields(kind):
        if f.name in data:
            yield from find_in(hints[f.name], data[f.name])


def find_in(hint, raw):
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for inner in (a for a in args if a is not type(None)):
            yield from find_in(inner, raw)
    elif origin is tuple and isinstance(raw, list):
        for item in raw:
            yield from find_in(args[0], item)
    elif dataclasses.is_dataclass(hint):
        yield from find_wanted(hint, raw)


def read_cells(event, wanted):
    """The filled cells wanted, {(table, row, column): (value, given)}, and the tables' titles, in one query."""
    found = DataCell.objects.filter(
        row__table__event=event,
        row__table__key__in={w.source.table for w in wanted},
        row__key__in={w.row for w in wanted},
        column__in={w.source.cells[name] for w in wanted for name in w.empty},
        value__isnull=False,
    ).values_list("row__table__key", "row__key", "column", "value", "given", "row__table__title")
    found = list(found)
    return (
        {(table, row, column): (value, given) for table, row, column, value, given, _ in found},
        {table: title for table, *_, title in found},
    )


def fill(item, cells, titles):
    """Fill the item's empty cells that the table has; the note says which, or None if none."""
    hints, filled = typing.get_type_hints(item.source.kind), []
    for name in item.empty:
        value, given = cells.get((item.source.table, item.row, item.source.cells[name]), (None, False))
        typed = as_field(hints[name], value)
        if typed is not None:
            item.data[name] = typed
            filled.append(f"{name.replace('_', ' ')} {value}" + (" (the rulebook's)" if given else ""))
    if not filled:
        return None
    return f"{item.row}: {', '.join(filled)}, from the event's {titles[item.source.table]}"


def as_field(hint, value):
    """A stored cell (text: digits, yes or no) as the field's type says; None if it does not fit."""
    kinds = set(typing.get_args(hint)) or {hint}
    if value is None:
        return None
    if bool in kinds:
        return {"yes": True, "no": False}.get(value)
    if int in kinds:
        try:
            return int(value)
        except ValueError:
            return None
    choices = [kind for kind in kinds if isinstance(kind, type) and issubclass(kind, enum.Enum)]
    if choices:  # a Choice cell is kept as its value ("barcids"); one that is not a value does not fit
        return value if value in {member.value for member in choices[0]} else None
    return value if str in kinds else None
