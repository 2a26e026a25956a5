"""An example case for every procedure, one that runs: for `manage.py rules describe`, the API's description
of a procedure, and the test that runs them all.

A procedure's example is its entry in `examples.json` if it has one: a rulebook's worked example or a case
from the procedure's own tests, named in the entry's `from`, with the seed its dice are rolled from where the
case gives only the rows of a table those dice reach. Else it is built from the input's description: a field
with a default is left out, so it takes its default; a number is its minimum, a choice its first, and a list
empty or, where that does not run, with one entry.
"""

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .dice import SeededDice
from .errors import RulesError
from .registry import Procedure, run_procedure
from .working import Result

# The console's seed an example's dice are rolled from, unless its entry names its own: any seed would do.
EXAMPLE_SEED = 1
EXPLICIT = Path(__file__).with_name("examples.json")
BUILT = "built from the input's description"


@dataclass(frozen=True)
class Example:
    case: Any
    seed: int
    source: str

    def as_dict(self) -> dict[str, Any]:
        return {"case": self.case, "seed": self.seed, "from": self.source}


def get_example(proc: Procedure) -> Example:
    """The procedure's example: its explicit one, or the first case built from its input that runs."""
    explicit = explicit_examples().get(proc.key)
    if explicit is not None:
        return Example(explicit["case"], explicit.get("seed", EXAMPLE_SEED), explicit["from"])
    built = [Example(case, EXAMPLE_SEED, BUILT) for case in built_cases(proc)]
    return next((example for example in built if runs(proc, example)), built[0])


def run_example(proc: Procedure, example: Example) -> Result:
    """The example run with the console's dice, rolled from its seed."""
    return run_procedure(proc.key, example.case, SeededDice(example.seed))


def runs(proc: Procedure, example: Example) -> bool:
    try:
        run_example(proc, example)
    except RulesError:
        return False
    return True


@cache
def explicit_examples() -> dict[str, dict[str, Any]]:
    examples: dict[str, dict[str, Any]] = json.loads(EXPLICIT.read_text(encoding="utf-8"))
    return examples


def built_cases(proc: Procedure) -> list[dict[str, Any]]:
    """The case from the input's description with its lists as short as they may be, then with one entry each."""
    fields = proc.describe()["input"]
    return [built_object(fields, entries) for entries in (0, 1)]


def built_object(fields: list[dict[str, Any]], entries: int) -> dict[str, Any]:
    return {field["name"]: built_field(field, entries) for field in fields if field["required"]}


def built_field(field: dict[str, Any], entries: int) -> Any:
    return None if field.get("nullable") else built_value(field, field, entries)


def built_value(kind: dict[str, Any], limits: dict[str, Any], entries: int) -> Any:
    """A value of the described `kind`, within the field's `limits` (a list item has none of its own)."""
    if kind["type"] == "object":
        return built_object(kind["fields"], entries)
    if kind["type"] == "list":
        count = max(limits.get("min_items") or 0, entries)
        return [built_value(kind["items"], {}, entries) for _ in range(count)]
    if kind["type"] == "choice":
        return kind["choices"][0]
    if kind["type"] == "integer":
        return limits["min"] if "min" in limits else min(0, limits.get("max", 0))
    return {"boolean": False, "text": ""}[kind["type"]]
