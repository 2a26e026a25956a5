"""The cast spreadsheets Control keeps before the day: reading them, and writing them back.

Two kinds of sheet: "Characters" (each character's sheet: role, class, starting table and figures)
and "Players" (who plays whom, in which team). An XLSX workbook holds either or both, as sheets of
those names; a CSV file holds one, told apart by its header. Headers are matched whatever their case
and spacing. What is read is only the cells as text, by column: whether a row makes sense in the
world (a known table, a skill in range) is the cast service's question (`umpire.services.cast`).

A file is refused whole, naming the sheet, row and column, when it is not a spreadsheet, misses a
column or names an unknown one, is too big, or holds a formula: a cell a spreadsheet would run
("=", "+", "-" or "@" leading a text), since the export is opened in a spreadsheet again. Such a
text is kept by leading it with an apostrophe ("'-owes Otho 50"), as the export writes it.

tablib writes both formats. Reading goes through the csv module and openpyxl directly: tablib's
readers drop blank lines (so row numbers would be wrong), refuse a ragged row without saying which,
and give a formula's cached value instead of the formula (data_only), which hides it.
"""

import csv
import io
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import openpyxl  # type: ignore[import-untyped]  # no stubs pinned
import tablib  # type: ignore[import-untyped]  # ships no types
from django.core.exceptions import ValidationError

CHARACTERS, PLAYERS = "Characters", "Players"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_UNPACKED_BYTES = 50 * 1024 * 1024  # an XLSX is a zip: a small file may unpack to gigabytes
MAX_ROWS = 2000
BLANK_ROWS_READ = 20 * MAX_ROWS  # a sheet formatted far down has blank rows, read and left out, but not a million
MAX_CELL_CHARS = 10_000
MAX_PROBLEMS = 20  # a file wrong everywhere is refused with the first few of its faults
FORMULA_LEADS = ("=", "+", "-", "@")
TEXT_KEPT = "'"  # leads a text that would otherwise read as a formula

# a cell of a CSV may be as long as the upload itself: the csv module's own limit (128 KB) would refuse a long
# cell without naming it, where the cell check below names its row and column
csv.field_size_limit(max(csv.field_size_limit(), MAX_UPLOAD_BYTES))


@dataclass(frozen=True)
class Column:
    key: str
    title: str
    required: bool = True
    number: bool = False  # a whole number; every other column is text


CHARACTER_COLUMNS = (
    Column("name", "name"),
    Column("role", "role or office"),
    Column("social_class", "class"),
    Column("starting_table", "starting table"),
    Column("wealth", "wealth", number=True),
    Column("personal_income", "personal income", number=True),
    Column("support", "support", number=True),
    Column("military_skill", "military skill", number=True),
    Column("notes", "briefing notes"),
    Column("career_rank", "career rank", required=False),
    Column("objectives", "objectives", required=False),
)
PLAYER_COLUMNS = (
    Column("name", "name"),
    Column("contact", "contact"),
    Column("character", "character"),
    Column("team", "team"),
)
COLUMNS = {CHARACTERS: CHARACTER_COLUMNS, PLAYERS: PLAYER_COLUMNS}


@dataclass(frozen=True)
class SheetRow:
    number: int  # the spreadsheet's own row number: the header is row 1
    cells: dict[str, str]  # column key -> the cell as text, "" when blank; only the sheet's columns


@dataclass(frozen=True)
class Sheet:
    kind: str
    columns: tuple[str, ...]  # the keys of the columns the sheet has
    rows: tuple[SheetRow, ...]

    def has(self, key: str) -> bool:
        return key in self.columns


@dataclass(frozen=True)
class CastSheets:
    """What a cast file holds: a Characters sheet, a Players sheet, or both."""

    characters: Sheet | None = None
    players: Sheet | None = None

    def as_data(self) -> dict[str, Any]:
        """Plain data, to keep between the preview and the apply (the session holds it, not the browser)."""
        return {sheet.kind: [list(sheet.columns), [[row.number, row.cells] for row in sheet.rows]] for sheet in self}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "CastSheets":
        sheets = {
            kind: Sheet(kind, tuple(columns), tuple(SheetRow(number, dict(cells)) for number, cells in rows))
            for kind, (columns, rows) in data.items()
        }
        return cls(characters=sheets.get(CHARACTERS), players=sheets.get(PLAYERS))

    def __iter__(self) -> Iterator[Sheet]:
        return iter([sheet for sheet in (self.characters, self.players) if sheet is not None])


# ---- reading -------------------------------------------------------------------------------------


def read_cast(data: bytes, filename: str) -> CastSheets:
    """The sheets of an uploaded cast file, or a ValidationError on "file" listing what is wrong with it."""
    if len(data) > MAX_UPLOAD_BYTES:
        refuse(f"The file is {len(data) // 1024} KB; a cast file may be {MAX_UPLOAD_BYTES // 1024 // 1024} MB at most.")
    name = filename.lower()
    if name.endswith(".xlsx"):
        sheets = read_xlsx(data)
    elif name.endswith(".csv"):
        sheets = one_sheet(read_csv(data))
    else:
        refuse(f"{filename} is not a CSV or XLSX file: save the cast as .xlsx, or each sheet as .csv (UTF-8).")
    problems = [problem for sheet in sheets for problem in cell_problems(sheet)]
    if problems:
        refuse(*problems)
    return sheets


def refuse(*problems: str) -> NoReturn:
    shown = list(problems[:MAX_PROBLEMS])
    if len(problems) > MAX_PROBLEMS:
        shown.append(f"… and {len(problems) - MAX_PROBLEMS} more.")
    raise ValidationError({"file": shown})


def one_sheet(sheet: Sheet) -> CastSheets:
    return CastSheets(characters=sheet) if sheet.kind == CHARACTERS else CastSheets(players=sheet)


def read_csv(data: bytes) -> Sheet:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        refuse("The file is not a CSV: it is not UTF-8 text. Save the sheet as “CSV UTF-8”, or upload the XLSX.")
    if "\x00" in text:
        refuse("The file is not a CSV: it holds binary data. Save the sheet as “CSV UTF-8”, or upload the XLSX.")
    first = text.partition("\n")[0]
    if not first.strip():
        refuse("The CSV file is empty: its first line must name the columns.")
    kind = kind_of_header(next(csv.reader([first], delimiter=delimiter_of(first))))
    return make_sheet(kind, csv_rows(text, delimiter_of(first)), CSV_CELL)


def csv_rows(text: str, delimiter: str) -> Iterator[list[str]]:
    try:
        yield from csv.reader(io.StringIO(text), delimiter=delimiter)
    except csv.Error as error:
        refuse(f"The file is not a CSV the console can read: {error}.")


def delimiter_of(header: str) -> str:
    """A spreadsheet set to a European locale saves its CSV with semicolons."""
    return max((",", ";", "\t"), key=header.count)


def kind_of_header(header: Sequence[str]) -> str:
    """Characters or Players, by which kind's columns the header names more of."""
    found = {normal(cell) for cell in header}
    shared = {kind: len(found & {normal(column.title) for column in columns}) for kind, columns in COLUMNS.items()}
    only = {kind for kind, count in shared.items() if count == max(shared.values())}
    if len(only) > 1 or not max(shared.values()):
        refuse(
            "Row 1 of the CSV file names neither the Characters columns ("
            + titles(CHARACTER_COLUMNS)
            + ") nor the Players columns ("
            + titles(PLAYER_COLUMNS)
            + ")."
        )
    return only.pop()


def read_xlsx(data: bytes) -> CastSheets:
    workbook = open_workbook(data)
    sheets: dict[str, Sheet] = {}
    for worksheet in workbook.worksheets:
        kind = next((kind for kind in COLUMNS if normal(kind) == normal(worksheet.title)), None)
        if kind is None or kind in sheets:
            refuse(
                f"The workbook has a sheet “{worksheet.title}”: a cast workbook holds only a "
                f"“{CHARACTERS}” sheet and a “{PLAYERS}” sheet."
            )
        sheets[kind] = make_sheet(kind, worksheet.iter_rows(), XLSX_CELL)
    if not sheets:
        refuse(f"The workbook has no “{CHARACTERS}” or “{PLAYERS}” sheet.")
    return CastSheets(characters=sheets.get(CHARACTERS), players=sheets.get(PLAYERS))


def open_workbook(data: bytes) -> Any:
    not_xlsx = "The file is not an XLSX workbook (a file renamed .xlsx?): save the cast from the spreadsheet as .xlsx."
    if not zipfile.is_zipfile(io.BytesIO(data)):
        refuse(not_xlsx)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            unpacked = sum(member.file_size for member in packed.infolist())
        if unpacked > MAX_UNPACKED_BYTES:
            refuse(f"The workbook unpacks to {unpacked // 1024 // 1024} MB: too big for a cast.")
        # read-only streams the rows, so a sheet over the row limit is refused before it is all read;
        # data_only=False keeps a formula as a formula, to refuse it
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except ValidationError:
        raise
    except Exception:  # openpyxl fails on a zip that is not a workbook with many kinds of error
        refuse(not_xlsx)


# each format's cell as text, or a problem with it
CSV_CELL, XLSX_CELL = "csv", "xlsx"


def cell_text(cell: Any, source: str) -> tuple[str, bool]:
    """The cell's text, and whether it is a formula."""
    if source == CSV_CELL:
        return str(cell).strip(), False
    value = cell.value
    if getattr(cell, "data_type", None) == "f":
        return str(value), True
    if value is None:
        return "", False
    if isinstance(value, float) and value.is_integer():
        return str(int(value)), False
    return str(value).strip(), False


def make_sheet(kind: str, rows: Iterable[Sequence[Any]], source: str) -> Sheet:
    """The sheet's header matched to its kind's columns, and each row's cells by column. Wholly blank rows are left
    out; a formula anywhere refuses the file, and so do more rows than a cast has, as soon as they are counted."""
    found: list[SheetRow] = []
    keys: list[str | None] | None = None
    problems: list[str] = []
    for number, row in enumerate(rows, start=1):
        cells = [cell_text(cell, source) for cell in row]
        problems += [formula_problem(kind, number, keys, index) for index, (_, formula) in enumerate(cells) if formula]
        texts = [text for text, _ in cells]
        if keys is None:
            keys = header_keys(kind, texts)
        elif any(texts):
            found.append(SheetRow(number, row_cells(kind, number, keys, texts, problems)))
        if len(found) > MAX_ROWS or number > BLANK_ROWS_READ:
            refuse(
                f"The {kind} sheet has more than {MAX_ROWS:,} rows: a cast is smaller than that. Is it the right file?"
            )
    if keys is None:
        refuse(f"The {kind} sheet is empty: its first row must name the columns ({titles(COLUMNS[kind])}).")
    if problems:
        refuse(*problems)
    return Sheet(kind, tuple(key for key in keys if key), tuple(found))


def formula_problem(kind: str, number: int, keys: Sequence[str | None] | None, index: int) -> str:
    return (
        f"{kind}, row {number}, column {column_name(keys or [], index)}: a formula; "
        "the cast takes values only. Paste the values instead."
    )


def header_keys(kind: str, header: Sequence[str]) -> list[str | None]:
    """The column key of each header cell, in order (None for a blank one at the end); refuses an unknown,
    repeated or missing column."""
    columns = {normal(column.title): column for column in COLUMNS[kind]}
    columns |= {normal(alias): columns[normal(title)] for alias, title in ALIASES[kind].items()}
    while header and not header[-1]:
        header = header[:-1]
    keys: list[str | None] = []
    problems = []
    for index, title in enumerate(header):
        column = columns.get(normal(title))
        if column is None:
            what = f"“{title}”, which a {kind} sheet does not have" if title else "no name"
            problems.append(f"{kind}, row 1, column {letter(index)}: {what}. Its columns are {titles(COLUMNS[kind])}.")
        elif column.key in keys:
            problems.append(f"{kind}, row 1, column {letter(index)}: “{title}” is named twice.")
        keys.append(column.key if column else None)
    missing = [column.title for column in COLUMNS[kind] if column.required and column.key not in keys]
    if missing:
        problems.append(f"{kind}, row 1: no column {' or '.join(f'“{title}”' for title in missing)}; it is required.")
    if problems:
        refuse(*problems)
    return keys


ALIASES = {
    CHARACTERS: {
        "role": "role or office",
        "office": "role or office",
        "social class": "class",
        "table": "starting table",
    },
    PLAYERS: {"player": "name"},
}


def row_cells(kind: str, number: int, keys: Sequence[str | None], texts: Sequence[str], problems: list[str]) -> dict:
    beyond = [index for index, text in enumerate(texts) if text and index >= len(keys)]
    problems += [f"{kind}, row {number}, column {letter(index)}: a value in a column with no name." for index in beyond]
    padded = list(texts) + [""] * (len(keys) - len(texts))
    return {key: text for key, text in zip(keys, padded) if key}


def cell_problems(sheet: Sheet) -> Iterator[str]:
    """Cells too long, or a text a spreadsheet would run as a formula."""
    columns = {column.key: column for column in COLUMNS[sheet.kind]}
    for row in sheet.rows:
        for key, text in row.cells.items():
            where = f"{sheet.kind}, row {row.number}, column “{columns[key].title}”"
            if len(text) > MAX_CELL_CHARS:
                yield f"{where}: {len(text):,} characters; a cell may hold {MAX_CELL_CHARS:,} at most."
            elif is_formula(text, columns[key]):
                yield (
                    f"{where}: “{text[:20]}” starts with {text[0]}, which a spreadsheet runs as a formula. "
                    f"Take it out, or start the cell with an apostrophe ({TEXT_KEPT}{text[:10]}) to keep it as text."
                )


def is_formula(text: str, column: Column) -> bool:
    return text.startswith(("=", "@")) or (not column.number and text.startswith(FORMULA_LEADS))


def plain(text: str) -> str:
    """A cell's text as stored: the apostrophe that kept a formula-like text as text taken off."""
    return text[1:] if text.startswith(TEXT_KEPT) and text[1:].startswith(FORMULA_LEADS) else text


def normal(title: object) -> str:
    return "".join(str(title or "").split()).replace("_", "").casefold()


def letter(index: int) -> str:
    return openpyxl.utils.get_column_letter(index + 1)


def column_name(keys: Sequence[str | None], index: int) -> str:
    key = keys[index] if index < len(keys) else None
    titles_by_key = {column.key: column.title for columns in COLUMNS.values() for column in columns}
    return f"“{titles_by_key[key]}”" if key else letter(index)


def titles(columns: Iterable[Column]) -> str:
    return ", ".join(column.title for column in columns)


# ---- writing -------------------------------------------------------------------------------------


def dataset(sheet: Sheet) -> tablib.Dataset:
    columns = [column for column in COLUMNS[sheet.kind] if sheet.has(column.key)]
    data = tablib.Dataset(title=sheet.kind, headers=[column.title for column in columns])
    for row in sheet.rows:
        data.append([written(row.cells.get(column.key, ""), column) for column in columns])
    return data


def written(text: str, column: Column) -> str | int:
    """A number as a number, so the spreadsheet sums it; a formula-like text kept as text."""
    if column.number and text.lstrip("-").isdigit():
        return int(text)
    return TEXT_KEPT + text if text.startswith(FORMULA_LEADS) else text


def write_xlsx(sheets: CastSheets) -> bytes:
    book = tablib.Databook([dataset(sheet) for sheet in sheets])
    return bytes(book.export("xlsx"))


def write_csv(sheet: Sheet) -> bytes:
    return str(dataset(sheet).export("csv")).encode("utf-8-sig")  # the BOM tells a spreadsheet it is UTF-8
