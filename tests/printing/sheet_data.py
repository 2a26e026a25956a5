"""Sheet data for any printed document, built from its dataclasses' own field types, so a field added
to a sheet is filled in too without a word here: hypothesis strategies for the fuzz test, and the
extremes every document must survive (very long names with and without spaces, every letter the font
has, nothing at all, hundreds of rows).

Text is what the font prints: Latin-1 and Latin Extended-A, the letters, digits, punctuation and
symbols of both ("&" and "<" among them), and the space.
"""

import dataclasses
import types
import typing
import unicodedata
from collections.abc import Sequence
from typing import Any, Union, get_args, get_origin, get_type_hints

from hypothesis import strategies as st

from mail.codes import ALPHABET, LENGTH, shown

# What the font has a glyph for (styles.missing_glyphs): control and format characters (the soft
# hyphen among them) are no one's text, and no-break space is whitespace like any other.
LATIN = "".join(
    char for code in [*range(0x20, 0x7F), *range(0xA1, 0x180)] if unicodedata.category(char := chr(code))[0] in "LNPS"
)
LONG_NAME = " ".join(["Aulus Caecina Alienus, legate of Legio IIII Macedonica"] * 6)  # 335 characters
UNBROKEN_NAME = LATIN  # every letter the font has, as one word of 351 characters
SHORT_NAME = "Cremona"

# Fields whose number is a count of ruled rows to write in by hand, not a figure: a million is no
# one's valid sheet.
COUNTS = {"blank_rows", "empty_months"}
MOST_ROWS_TO_WRITE_IN = 40
# A table of the rules (its columns, and rows of as many cells) has at least one column: the types say
# neither, so the data keeps both.
TABULAR = {"columns", "rows"}
MOST_COLUMNS = 6
# A letter's tracking code is made by the console, never typed in: "KM7-4QX".
CODE = "code"
codes = st.text(st.sampled_from(ALPHABET), min_size=LENGTH, max_size=LENGTH).map(shown)

words = st.text(st.sampled_from(LATIN.replace(" ", "")), min_size=1, max_size=24)
texts = st.one_of(
    st.text(st.sampled_from(LATIN), max_size=40),
    st.lists(words, min_size=10, max_size=40).map(" ".join),  # a long name with spaces
    st.text(st.sampled_from(LATIN.replace(" ", "")), min_size=80, max_size=300),  # a long one without
)
SCALARS: dict[type, st.SearchStrategy[Any]] = {
    str: texts,
    int: st.integers(-1_000_000, 1_000_000),
    bool: st.booleans(),
    # The one float a sheet holds is a map point's longitude or latitude, in degrees (map_drawing.Place).
    float: st.floats(-90, 90),
}
DEGREES_MOST = 90


def fields_of(cls: type) -> dict[str, Any]:
    """A dataclass's fields and their types, forward references resolved."""
    hints = get_type_hints(cls)
    return {field.name: hints[field.name] for field in dataclasses.fields(cls)}


def is_union(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


def strategy_for(hint: Any, name: str = "") -> st.SearchStrategy[Any]:
    """Any valid value of the type `hint`: a scalar, an optional, a tuple of either kind, a sequence,
    or another sheet dataclass."""
    if name in COUNTS:
        return st.integers(0, MOST_ROWS_TO_WRITE_IN)
    if name == CODE:
        return codes
    if hint in SCALARS:
        return SCALARS[hint]
    if hint is type(None):
        return st.none()
    if is_union(hint):
        return st.one_of(*(strategy_for(option) for option in get_args(hint)))
    if dataclasses.is_dataclass(hint):
        fields = {field: strategy_for(kind, field) for field, kind in fields_of(hint).items()}
        if TABULAR <= fields.keys():
            return st.integers(1, MOST_COLUMNS).flatmap(lambda width: st.builds(hint, **(fields | tabular(width))))
        return st.builds(hint, **fields)
    return collection_strategy(hint)


def tabular(width: int) -> dict[str, st.SearchStrategy[tuple[Any, ...]]]:
    row = st.lists(texts, min_size=width, max_size=width).map(tuple)
    return {"columns": row, "rows": st.lists(row, max_size=6).map(tuple)}


def collection_strategy(hint: Any) -> st.SearchStrategy[Any]:
    origin, args = get_origin(hint), get_args(hint)
    if origin is tuple and args[-1:] != (Ellipsis,):
        return st.tuples(*(strategy_for(arg) for arg in args))
    if origin in (tuple, Sequence, list, typing.Sequence):
        return st.lists(strategy_for(args[0]), max_size=6).map(tuple)
    raise TypeError(f"no sheet data for the type {hint!r}: teach tests/printing/sheet_data.py to make it")


# ---- the extremes ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Extreme:
    """How to fill every field of a sheet: each string `text`, each number `number`, each list
    `count` long at the top of the sheet and `nested` long below it."""

    name: str
    text: str
    number: int = 1
    count: int = 2
    nested: int = 2


EXTREMES = (
    Extreme("long names with spaces", LONG_NAME, number=999_999),
    Extreme("long names without spaces, in every Latin letter", UNBROKEN_NAME, number=-999_999),
    Extreme("nothing at all", "", number=0, count=0, nested=0),
    Extreme("hundreds of rows", SHORT_NAME, count=200, nested=2),
)


def extreme_value(hint: Any, extreme: Extreme, *, depth: int = 0, name: str = "") -> Any:
    """The value of type `hint` that `extreme` stands for: a list at depth 0 or 1 (a sheet's own
    lists, or its argument's) is `count` long, deeper ones `nested`."""
    if name in COUNTS:
        return min(abs(extreme.number), MOST_ROWS_TO_WRITE_IN)
    if name == CODE:
        return shown(ALPHABET[-LENGTH:])
    if hint is str:
        return extreme.text
    if hint is bool:
        return bool(extreme.number)
    if hint is int:
        return extreme.number
    if hint is float:
        return float(max(-DEGREES_MOST, min(DEGREES_MOST, extreme.number)))
    if is_union(hint):
        options = [option for option in get_args(hint) if option is not type(None)]
        return extreme_value(options[0], extreme, depth=depth) if extreme.count else None
    if dataclasses.is_dataclass(hint):
        fields = fields_of(hint)
        return hint(
            **{field: extreme_value(kind, extreme, depth=depth + 1, name=field) for field, kind in fields.items()}
        )
    return extreme_collection(hint, extreme, depth)


def extreme_collection(hint: Any, extreme: Extreme, depth: int) -> tuple[Any, ...]:
    origin, args = get_origin(hint), get_args(hint)
    if origin is tuple and args[-1:] != (Ellipsis,):
        return tuple(extreme_value(arg, extreme, depth=depth + 1) for arg in args)
    length = extreme.count if depth <= 1 else extreme.nested
    return tuple(extreme_value(args[0], extreme, depth=depth + 1) for _ in range(length))
