"""A case as JSON, read with bounds: its size, and how deep it nests, are checked before it is parsed.

Python's JSON reader recurses once per level, so a body of 100,000 brackets would end in a RecursionError
(a server error) rather than a refusal; and a case that nests deeper than any procedure's input only costs.
The deepest input a procedure takes (a side's forces' troops' options) is a few levels down.
"""

import json
import re

from .errors import RulesError

MOST_CASE_BYTES = 256 * 1024  # the largest board game battle's case is a few kilobytes
MOST_DEPTH = 32
STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)  # a JSON string, escapes and all: its brackets are text
NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))
OPENING = frozenset(b"[{")


def read_case(raw: bytes | str, *, field: str = "input") -> object:
    """The JSON in `raw` (empty: null), or a RulesError naming `field` and what is wrong with it."""
    data = raw.encode() if isinstance(raw, str) else raw
    if len(data) > MOST_CASE_BYTES:
        raise RulesError(field, f"is {len(data):,} bytes long; a case is at most {MOST_CASE_BYTES:,}")
    depth = deepest(data)
    if depth > MOST_DEPTH:
        raise RulesError(field, f"nests {depth} levels deep; a case nests at most {MOST_DEPTH}")
    try:
        return json.loads(data or b"null")
    except ValueError as error:  # not JSON, not UTF-8, or an integer too long for Python to read
        raise RulesError(field, f"is not JSON: {error}") from error


def deepest(data: bytes) -> int:
    """How deep the arrays and objects of `data` nest, its strings left out."""
    depth = most = 0
    for bracket in STRINGS.sub(b"", data).translate(None, NOT_BRACKETS):
        depth += 1 if bracket in OPENING else -1
        most = max(most, depth)
    return most
