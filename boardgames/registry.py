"""What each board-game ruleset declares: its data tables, with the cells its rulebook gives.

A ruleset's module (boardgames/hannibal_barkas.py) calls `register_data_table` from
BoardgamesConfig.ready(); `boardgames.services.tables.do_prepare_data_tables` makes an event's
tables from these declarations. A loader is called only then, so it may import a rules module
lazily: a constant that is not there yet breaks nothing at start-up."""

from dataclasses import dataclass

KINDS = {"number": "a whole number", "yesno": "yes or no", "text": "text"}


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    kind: str = "text"

    def as_json(self):
        return {"key": self.key, "title": self.title, "kind": self.kind}


@dataclass(frozen=True)
class Given:
    """A cell the rulebook prints, with the rule (and line) it is printed at."""

    value: object
    source: str


@dataclass(frozen=True)
class TableDeclaration:
    ruleset: str
    key: str
    title: str
    row_title: str
    columns: tuple
    source: str
    given_rows_loader: object  # () -> [(row key, {column key: Given})]; a row named with no data has {}

    def given_rows(self):
        return list(self.given_rows_loader()) if self.given_rows_loader else []


_TABLES: dict[str, dict[str, TableDeclaration]] = {}


def register_data_table(ruleset, key, title, columns, given_rows_loader=None, *, row_title="Name", source=""):
    """Declare one of `ruleset`'s data tables. `columns`: Column or (key, title, kind) tuples."""
    if any(kind not in KINDS for *_, kind in (astuple(c) for c in columns)):
        raise ValueError(f"{ruleset}.{key}: a column's kind must be one of {', '.join(KINDS)}.")
    check_fits(
        ruleset,
        key,
        [("key", key), ("title", title), ("row_title", row_title)],
        [("column", astuple(column)[0]) for column in columns],
    )
    declaration = TableDeclaration(
        ruleset, key, title, row_title, tuple(Column(*astuple(c)) for c in columns), source, given_rows_loader
    )
    _TABLES.setdefault(ruleset, {})[key] = declaration
    return declaration


def check_fits(ruleset, key, table_fields, cell_fields):
    """A declaration whose words are longer than their column in the database is refused at start-up, on
    SQLite too, which never enforces a length: PostgreSQL would refuse it only when the tables are made."""
    from .models import DataCell, DataTable

    for model, fields in ((DataTable, table_fields), (DataCell, cell_fields)):
        for name, value in fields:
            longest = model._meta.get_field(name).max_length
            if len(value) > longest:
                raise ValueError(f"{ruleset}.{key}: its {name} {value!r} is longer than {longest} characters.")


def astuple(column):
    return (column.key, column.title, column.kind) if isinstance(column, Column) else tuple(column)


def get_declarations(ruleset):
    """The ruleset's tables in the order they were declared; none for a ruleset that declares none."""
    return list(_TABLES.get(ruleset, {}).values())


@dataclass(frozen=True)
class StandardTracker:
    """A tracker the rulebook keeps in every game of the ruleset ("Booty: Rome"), opened for an event in one
    click rather than typed in by Control."""

    ruleset: str
    name: str
    minimum: int | None
    maximum: int | None
    start: int | None  # None: the rulebook gives no starting figure; it opens not set and Control sets it
    source: str


_STANDARD_TRACKERS: dict[str, dict[str, StandardTracker]] = {}


def register_standard_tracker(ruleset, name, *, minimum=None, maximum=None, start=0, source=""):
    if start is not None and minimum is not None and maximum is not None and not minimum <= start <= maximum:
        raise ValueError(f"{ruleset}: {name} starts at {start}, outside {minimum} to {maximum}.")
    tracker = StandardTracker(ruleset, name, minimum, maximum, start, source)
    _STANDARD_TRACKERS.setdefault(ruleset, {})[name] = tracker
    return tracker


def get_standard_trackers(ruleset):
    return list(_STANDARD_TRACKERS.get(ruleset, {}).values())
