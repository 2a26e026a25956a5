"""A result in words, as the umpire reads it out at the table: the verdict first, then the working.

The verdict is the outcome with its keys as words and its values formatted (yes and no, lists and
nested records readable, enums by their words). The working is each line of the procedure's working
as a sentence: a modifier with its signed value, a table with its row and result, a die with what it
was for, each citing its rule. The desk page, the CLI's text and the printed record share `spoken`.
"""

import enum
import re
from dataclasses import dataclass
from typing import Any

from .working import Line, Result, words

INDENT = "  "  # a nested record's lines sit under the key they belong to
# the rulebooks' own abbreviations, which an outcome's keys spell in lower case ("hdc_suffered")
ABBREVIATIONS = frozenset({"ap", "drm", "gv", "hdc", "mp", "ns", "pop", "sp", "vp"})
HEADLINE = "verdict"  # an outcome that announces its verdict in a sentence has it read first


@dataclass(frozen=True)
class Spoken:
    """A result as lines in words: the verdict (the outcome), then the working as read aloud."""

    verdict: tuple[str, ...]
    working: tuple[str, ...]


def read_aloud(result: Result) -> str:
    """The result as text to read out: the verdict, then the working, each under its heading."""
    said = spoken(result)
    return "\n".join(["Verdict", *said.verdict, "", "Working", *said.working])


def spoken(result: Result) -> Spoken:
    return Spoken(verdict=tuple(verdict_lines(result.outcome)), working=tuple(say(line) for line in result.working))


def verdict_lines(outcome: dict[str, Any], depth: int = 0) -> list[str]:
    """The outcome's keys as words, each with its value; a nested record or list of records goes
    under its key, indented, so the umpire reads it as it is laid out."""
    lines: list[str] = []
    for key, value in sorted(outcome.items(), key=lambda item: (item[0] != HEADLINE, _weight(item[1]))):
        lines += _entry(f"{_label(key)}:", value, depth)
    return lines or [f"{INDENT * depth}Nothing to report."]


def _weight(value: Any) -> int:
    """What was decided first (a plain value), then a record read on one line, then the records behind it."""
    if _is_nested(value):
        return 2
    return 1 if isinstance(value, dict) else 0


def _label(key: Any) -> str:
    said = " ".join(word.upper() if word in ABBREVIATIONS else word for word in words(key).split(" "))
    return said[:1].upper() + said[1:]


def _entry(heading: str, value: Any, depth: int) -> list[str]:
    """The value after its heading ("Victor:", or "2." in a list), or under it when it is a record."""
    pad = INDENT * depth
    if isinstance(value, dict) and _is_nested(value):
        return [f"{pad}{heading}", *verdict_lines(value, depth + 1)]
    if isinstance(value, (list, tuple)) and _is_nested(value):
        return [f"{pad}{heading}", *_items(value, depth + 1)]
    return [f"{pad}{heading} {spell(value)}"]


def _is_nested(value: Any) -> bool:
    """Whether the value needs lines of its own under its heading, rather than reading on one line."""
    if isinstance(value, dict):
        return not all(_is_phrase(item) for item in value.values())
    return isinstance(value, (list, tuple)) and not all(_is_scalar(item) for item in value)


def _is_phrase(value: Any) -> bool:
    """A value read as one phrase inside a line: a plain value, a list of them, or a record of them."""
    if isinstance(value, dict):
        return all(_is_scalar(item) for item in value.values())
    if isinstance(value, (list, tuple)):
        return all(_is_scalar(item) for item in value)
    return True


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list, tuple))


def _items(items: list[Any] | tuple[Any, ...], depth: int) -> list[str]:
    """A list of records, numbered as the umpire counts them: each record's fields after or under its number."""
    lines: list[str] = []
    for number, item in enumerate(items, start=1):
        lines += _entry(f"{number}.", item, depth)
    return lines


def _is_tally(record: dict[Any, Any]) -> bool:
    """A record of counts, as units lost by type: read out by what it counts, its zeros left unsaid."""
    return bool(record) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in record.values())


def spell(value: Any, between: str = "; ") -> str:
    """One value in words: yes or no, none, an enum by its word, a list joined, a record as its pairs
    (`between` them; a record inside a record's line joins its pairs with commas)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        return spell(value.value)
    if isinstance(value, str):
        return words(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dict):
        return _pairs(value, between)
    if isinstance(value, (list, tuple)):
        return ", ".join(_within(item) for item in value) or "none"
    return str(value)


def _pairs(record: dict[Any, Any], between: str) -> str:
    counted = {key: item for key, item in record.items() if item != 0} if _is_tally(record) else record
    return between.join(f"{words(key)} {_within(item)}" for key, item in counted.items()) or "none"


def _within(value: Any) -> str:
    """A value inside a record's line; a record there is bracketed, so its pairs read as one."""
    said = spell(value, ", ")
    return f"({said})" if isinstance(value, dict) and said != "none" else said


def say(line: Line) -> str:
    """One line of working as the umpire reads it out, citing its rule."""
    return f"{_said(line)}{f' ({line.rule})' if line.rule else ''}"


def _said(line: Line) -> str:
    if line.kind == "modifier":
        return f"{line.text}: {signed(line.value)}"
    if line.kind == "die" or (line.kind == "table" and not _tells(line)) or _adds_a_figure(line):
        return f"{line.text}: {spell(line.value)}"
    return line.text


def _tells(line: Line) -> bool:
    """Whether a table's row already says its result, as a band does ("+7 or more: enemy defeated outright")."""
    result = re.escape(spell(line.value).lower())
    return re.search(rf"(?<!\w){result}(?!\w)", line.text.lower()) is not None


def _adds_a_figure(line: Line) -> bool:
    """Whether a step's or choice's figure says more than its words do: "share 2.5" then the 2 units lost,
    but not the 50 of "combat value 50". Its other values (a side's key, a stance) are for scripts: the
    words already say them."""
    if line.kind not in ("step", "choice") or not isinstance(line.value, (int, float)) or isinstance(line.value, bool):
        return False
    figure = re.escape(spell(line.value))
    return re.search(rf"(?<![\d.]){figure}(?![\d]|\.\d)", line.text) is None


def signed(value: Any) -> str:
    """A modifier's value as read out: +2, -1, 0; anything not a number in words."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return spell(value)
    shown = spell(value)
    return f"+{shown}" if value > 0 else shown
