"""docs/rules.md lists every reading an engine takes as an option, so an umpire finds each one without reading
the code: a reading added to a procedure's `options` without its line there fails here by name."""

import dataclasses
import typing
from pathlib import Path

import pytest

from umpire.rules.registry import get_procedures

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def options_readings():
    for proc in get_procedures(None):
        options = typing.get_type_hints(proc.input_type).get("options")
        if options is not None:
            yield from ((proc.key, reading.name) for reading in dataclasses.fields(options))


@pytest.mark.parametrize(("key", "reading"), list(options_readings()))
def test_the_docs_list_the_reading(key, reading):
    assert f"`{key}` `{reading}`" in DOCS.read_text(encoding="utf-8")
