"""A table: named, with the rule section it comes from, looked up by a score or a key."""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import MissingData
from .working import words

if TYPE_CHECKING:
    from .working import Working


@dataclass(frozen=True)
class Band:
    """One row of a banded table: scores from `low` to `high` inclusive (None: no bound)."""

    low: int | None
    high: int | None
    result: Any
    label: str

    def holds(self, score: int) -> bool:
        return (self.low is None or score >= self.low) and (self.high is None or score <= self.high)


@dataclass(frozen=True)
class BandTable:
    """A table looked up by a score, as a combat results table by the difference of the rolls."""

    name: str
    source: str
    bands: tuple[Band, ...]

    def row(self, score: int) -> Band:
        for band in self.bands:
            if band.holds(score):
                return band
        raise ValueError(f"{self.name} has no row for {score}")

    def lookup(self, score: int, working: "Working | None" = None) -> Any:
        band = self.row(score)
        if working is not None:
            working.table(self, f"{band.label} (score {score})", band.result)
        return band.result


@dataclass(frozen=True)
class KeyedTable:
    """A table looked up by a key, as combat values by troop type. A cell may be missing
    (None): the rulebook does not give it and Control must fill it in."""

    name: str
    source: str
    rows: dict[Any, Any]

    def lookup(self, key: Any, working: "Working | None" = None, column: str | None = None) -> Any:
        if key not in self.rows:
            raise KeyError(f"{self.name} has no row {key!r}")
        row = self.rows[key]
        value = row[column] if column is not None else row
        if value is None:
            raise MissingData(self.name, f"{key}/{column}" if column else key, self.source)
        if working is not None:
            working.table(self, self.row_name(key, column), value)
        return value

    @staticmethod
    def row_name(key: Any, column: str | None = None) -> str:
        """The row and column as the working names them, in words: "minor fortified city, capacity"."""
        return words((key, column) if column else key)
