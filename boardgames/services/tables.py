"""Per-event data tables: made from the ruleset's declarations, edited by Control on a page or
imported from CSV. An edit or an import is all or nothing: one bad cell refuses the whole of it,
naming the row and column, and changes nothing."""

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

from django.core.exceptions import ValidationError
from django.db.transaction import atomic

from umpire.events import control_group, publish_on_commit
from umpire.models import AuditEntry, Event
from umpire.services.audit import Actor, record_audit, snapshot

from ..cells import clean_value
from ..events import DataTableChanged
from ..models import DataCell, DataRow, DataTable
from ..registry import get_declarations

# a row as Control gives it: (row key, {column: text}), and from a CSV file its line number too
Row: TypeAlias = tuple[str, Mapping[str, Any]] | tuple[str, Mapping[str, Any], int]


def do_prepare_data_tables(event: Event, *, actor: Actor) -> list[DataTable]:
    """Make the event's ruleset's tables that it lacks, with the cells the rulebook gives. Safe to run
    again: a table, row or cell that exists is left as Control has it. Returns the tables made."""
    made = []
    with atomic():
        for position, declaration in enumerate(get_declarations(event.ruleset)):
            table, created = DataTable.objects.get_or_create(
                event=event,
                key=declaration.key,
                defaults=dict(
                    ruleset=event.ruleset,
                    title=declaration.title,
                    row_title=declaration.row_title,
                    columns=[column.as_json() for column in declaration.columns],
                    source=declaration.source,
                    position=position,
                ),
            )
            add_given_rows(table, declaration.given_rows())
            if created:
                record_audit(event=event, actor=actor, action="datatable.prepared", target=table, after=snapshot(table))
                made.append(table)
        if made:
            publish_on_commit(
                [control_group(event.pk)],
                DataTableChanged(
                    action="prepared", key=",".join(t.key for t in made), title=", ".join(t.title for t in made)
                ),
            )
    return made


def add_given_rows(table: DataTable, given_rows: Iterable[tuple[str, Mapping[str, Any]]]) -> None:
    for position, (key, cells) in enumerate(given_rows):
        row, _ = DataRow.objects.get_or_create(table=table, key=key, defaults={"position": position})
        for column, given in cells.items():
            if table.column(column) is None:  # a fact of the rules' that is no column here (capital_of)
                continue
            value = clean_value(table.column(column), given.value)
            DataCell.objects.get_or_create(
                row=row, column=column, defaults={"value": value, "given": True, "source": given.source}
            )


def do_save_data_rows(table: DataTable, *, rows: Sequence[Row], remove: Iterable[str] = (), actor: Actor) -> list[str]:
    """Control's edit: `rows` is [(row key, {column: text})], new rows added at the end; `remove` the keys
    of rows to take out (never one with a cell the rulebook gives). All or nothing."""
    with atomic():
        table = DataTable.objects.select_for_update(of=("self",)).select_related("event").get(pk=table.pk)
        cleaned = check_rows(table, rows, "cells", word="Row")
        before = table_snapshot(table)
        removed = remove_rows(table, remove)
        write_rows(table, cleaned)
        return audit_edit(table, before, "datatable.edited", actor, removed)


def do_import_data_table(table: DataTable, *, csv_text: str, actor: Actor) -> list[str]:
    """Rows from CSV: a header of the row's title and column titles (or keys), then one line a row.
    Rows named are set; rows not named are left alone. All or nothing."""
    with atomic():
        table = DataTable.objects.select_for_update(of=("self",)).select_related("event").get(pk=table.pk)
        cleaned = check_rows(table, read_csv(table, csv_text), "csv", first_line=2)
        before = table_snapshot(table)
        write_rows(table, cleaned)
        return audit_edit(table, before, "datatable.imported", actor, [])


# ---- checking ------------------------------------------------------------------------------------


def read_csv(table: DataTable, csv_text: str) -> list[tuple[str, dict[str, str], int]]:
    lines = list(csv.reader(io.StringIO(csv_text)))
    if not lines or not any(cell.strip() for cell in lines[0]):
        raise ValidationError({"csv": "The file is empty: its first line must name the columns."})
    columns = [header_column(table, title.strip()) for title in lines[0][1:]]
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not any(cell.strip() for cell in line):
            continue
        if len(line) != len(columns) + 1:
            raise ValidationError({"csv": f"Line {number} has {len(line)} cells; the header has {len(columns) + 1}."})
        rows.append((line[0], dict(zip(columns, line[1:])), number))
    return rows


def header_column(table: DataTable, title: str) -> str:
    for column in table.columns:
        if title.lower() in (column["key"].lower(), column["title"].lower()):
            return column["key"]
    known = ", ".join(column["title"] for column in table.columns)
    raise ValidationError({"csv": f'Line 1 names a column "{title}" that {table} does not have ({known}).'})


def check_rows(
    table: DataTable, rows: Sequence[Row], field: str, first_line: int = 1, word: str = "Line"
) -> list[tuple[str, dict[str, Any]]]:
    """[(key, {column: stored value})], or a refusal naming each bad cell by its line and column."""
    problems, cleaned, seen = [], [], set()
    for index, row in enumerate(rows):
        key, values = row[0].strip(), row[1]
        where = f"{word} {row[2] if len(row) > 2 else index + first_line}"
        if not key:
            problems.append(f"{where}, column {table.row_title}: empty; every row needs its name.")
        elif key in seen:
            problems.append(f'{where}, column {table.row_title}: "{key}" appears twice.')
        seen.add(key)
        cleaned.append((key, clean_cells(table, values, f"{where} ({key or 'no name'})", problems)))
    if problems:
        raise ValidationError({field: problems})
    return cleaned


def clean_cells(table: DataTable, values: Mapping[str, Any], where: str, problems: list[str]) -> dict[str, Any]:
    cells = {}
    for key, raw in values.items():
        column = table.column(key)
        try:
            cells[key] = clean_value(column, raw)
        except ValidationError as error:
            problems.append(f"{where}, column {column['title']}: {' '.join(error.messages)}")
    return cells


def undo_table_edit(entry: AuditEntry, *, actor: Actor, reason: str) -> None:
    """An edit or import of a data table undone by writing back what it changed: its rows removed or
    added back, each changed cell set to what it held, audited as the undo's own edit. Refused, naming the
    cells, when a cell it changed has been changed since."""
    with atomic():
        tables = DataTable.objects.select_for_update(of=("self",)).select_related("event")
        table = tables.filter(pk=entry.target_id).first()
        if table is None:
            raise ValidationError(f"{entry.target_label} is no longer there: #{entry.pk} cannot be undone.")
        before = table_snapshot(table)
        assert entry.before is not None and entry.after is not None  # audit_edit keeps both
        drifted = sorted(key for key, value in entry.after.items() if before.get(key) != value)
        if drifted:
            raise ValidationError(f"{table.title} has changed since #{entry.pk} ({', '.join(drifted)}): undo refused.")
        put_back_rows(table, entry.before, entry.after)
        audit_edit(table, before, "datatable.restored", actor, [])


def put_back_rows(table: DataTable, was: Mapping[str, Any], became: Mapping[str, Any]) -> None:
    """Rows the edit added are taken out, rows it removed come back, then each cell as it was (the entry keeps
    every key it changed, "row" and "row.column", with None where there was none)."""
    rows_of = [key for key in was.keys() | became.keys() if "row" in (was.get(key), became.get(key))]
    table.rows.filter(key__in=[key for key in rows_of if was.get(key) is None]).delete()
    last = table.rows.order_by("-position").values_list("position", flat=True).first() or 0
    for key in sorted(key for key in rows_of if became.get(key) is None):
        last += 1
        DataRow.objects.create(table=table, key=key, position=last)
    rows = {row.key: row for row in table.rows.all()}
    for key, value in was.items():
        row_key, _, column = key.rpartition(".")  # a column's key has no dot; a row's name may
        if key in rows_of or row_key not in rows:
            continue
        if value is None:  # a cell the edit filled in was empty before it
            DataCell.objects.filter(row=rows[row_key], column=column).delete()
        else:
            write_cell(rows[row_key], column, value)


# ---- writing -------------------------------------------------------------------------------------


def remove_rows(table: DataTable, keys: Iterable[str]) -> list[str]:
    rows = list(table.rows.filter(key__in=keys))
    given = [row.key for row in rows if row.cells.filter(given=True).exists()]
    if given:
        raise ValidationError({"remove": f"The rulebook gives cells of {', '.join(given)}: they stay."})
    for row in rows:
        row.delete()
    return [row.key for row in rows]


def write_rows(table: DataTable, cleaned: Iterable[tuple[str, Mapping[str, Any]]]) -> None:
    last = table.rows.order_by("-position").values_list("position", flat=True).first() or 0
    for key, cells in cleaned:
        row, created = DataRow.objects.get_or_create(table=table, key=key, defaults={"position": last + 1})
        last += created
        for column, value in cells.items():
            write_cell(row, column, value)


def write_cell(row: DataRow, column: str, value: Any) -> None:
    cell = DataCell.objects.filter(row=row, column=column).first() or DataCell(row=row, column=column)
    if cell.pk and cell.value == value:
        return
    if cell.pk is None and value is None:
        return
    cell.value, cell.given = value, False  # changed by Control: no longer the rulebook's figure
    cell.full_clean()
    cell.save()


def table_snapshot(table: DataTable) -> dict[str, Any]:
    return {
        f"{row.key}.{cell.column}": cell.value
        for row in table.rows.prefetch_related("cells")
        for cell in row.cells.all()
    } | {f"{row.key}": "row" for row in table.rows.all()}


def audit_edit(
    table: DataTable, before: Mapping[str, Any], action: str, actor: Actor, removed: Sequence[str]
) -> list[str]:
    after = table_snapshot(table)
    changed = sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
    if changed:
        record_audit(
            event=table.event,
            actor=actor,
            action=action,
            target=table,
            before={key: before.get(key) for key in changed},
            after={key: after.get(key) for key in changed},
            reason=f"{len(changed)} cells changed" + (f"; removed {', '.join(removed)}" if removed else ""),
        )
        publish_on_commit(
            [control_group(table.event_id)],
            DataTableChanged(action=action.split(".")[1], key=table.key, title=table.title),
        )
    return changed
