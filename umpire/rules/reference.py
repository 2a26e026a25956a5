"""What a ruleset's printed reference sheet holds: every table its modules declare, and its
sequence of play, read from the ruleset package itself so the sheet can never disagree with
the procedures."""

import importlib
import pkgutil
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from .tables import BandTable, KeyedTable


def get_tables(ruleset: str) -> list[BandTable | KeyedTable]:
    """Every BandTable and KeyedTable the ruleset's modules declare, by rule number."""
    found: dict[int, BandTable | KeyedTable] = {}
    for module in _modules(ruleset):
        for value in vars(module).values():
            if isinstance(value, (BandTable, KeyedTable)):
                found[id(value)] = value
    return sorted(found.values(), key=lambda table: (_rule_key(table.source), table.name))


def get_sequence(ruleset: str) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]] | None:
    """(set-up checklist, stages) from the ruleset's `turn` module, or None if it has none."""
    try:
        turn = importlib.import_module(f"umpire.rules.{ruleset}.turn")
    except ModuleNotFoundError as missing:
        if not f"umpire.rules.{ruleset}.turn".startswith(missing.name or "?"):
            raise
        return None
    stages = getattr(turn, "SEQUENCE_OF_PLAY", None)
    if stages is None:
        return None
    return tuple(getattr(turn, "SETUP_CHECKLIST", ())), tuple(stages)


def table_rows(table: BandTable | KeyedTable) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A table as a header and rows of words, as the sheet prints it; the columns in the order the table
    gives them (a results table's odds, 1:2 before 1:1)."""
    if isinstance(table, BandTable):
        return ("Score", "Result"), tuple((band.label, _words(band.result)) for band in table.bands)
    columns = list(dict.fromkeys(column for row in table.rows.values() if isinstance(row, dict) for column in row))
    if not columns:
        return ("", "Value"), tuple((_words(key), _words(row)) for key, row in table.rows.items())
    rows = tuple((_words(key), *(_words(row.get(column)) for column in columns)) for key, row in table.rows.items())
    return ("", *(_words(column) for column in columns)), rows


def _modules(ruleset: str) -> Iterator[ModuleType]:
    package = importlib.import_module(f"umpire.rules.{ruleset}")
    yield package
    for info in pkgutil.iter_modules(package.__path__):
        yield importlib.import_module(f"{package.__name__}.{info.name}")


def _words(value: object) -> str:
    if value is None:
        return "(Control enters it)"
    return str(value).replace("_", " ")


def _rule_key(source: str) -> tuple[int, list[int], str]:
    """ "5.5 Table 1" before "10.4": the leading rule number, compared part by part; a section
    named in words ("X. THE SIEGE SYSTEM") after them, by its words."""
    number = re.match(r"\d+(\.\d+)*", source or "")
    return (0, [int(part) for part in number.group().split(".")], "") if number else (1, [], source)
