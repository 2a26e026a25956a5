"""Every ruleset's procedures, found by name ("ad69.battle"), with their input and source.

A ruleset registers a procedure by decorating a pure function
`run(case, dice) -> Result` with `@procedure(...)`; the CLI, the JSON API and the
rules desk all go through `run_procedure`.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from . import schema
from .dice import Dice
from .errors import RulesError
from .working import Result

Run = TypeVar("Run", bound=Callable[..., Result])

RULESETS = {
    "ad69": "AD69 megagame",
    "hannibal_barkas": "Hannibal Barkas",
    "optimus_princeps": "Optimus Princeps",
    "imperium_romanum": "Imperium Romanum",
    "thunderbolt": "Thunderbolt (The Ancient World III)",
}
REGISTRY: dict[str, "Procedure"] = {}


@dataclass(frozen=True)
class Procedure:
    key: str
    ruleset: str
    title: str
    source: str
    input_type: type
    run: Callable[[Any, Dice], Result]
    dice: str  # which dice it asks for, for the umpire rolling by hand: "d12 per side per round"
    # The procedure whose readings it reads, when it works another's situation (a combat's odds read as the combat).
    readings_of: str = ""

    @property
    def readings_key(self) -> str:
        return self.readings_of or self.key

    @property
    def summary(self) -> str:
        return (self.run.__doc__ or "").strip().splitlines()[0] if self.run.__doc__ else ""

    def describe(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "ruleset": self.ruleset,
            "title": self.title,
            "source": self.source,
            "dice": self.dice,
            "summary": self.summary,
            "input": schema.describe(self.input_type),
        }


def procedure(
    ruleset: str, name: str, *, title: str, source: str, takes: type, dice: str = "", readings_of: str = ""
) -> Callable[[Run], Run]:
    """Register `run(case, dice)` as `<ruleset>.<name>`; `readings_of` names the procedure whose readings it shares."""

    def register(run: Run) -> Run:
        key = f"{ruleset}.{name}"
        REGISTRY[key] = Procedure(key, ruleset, title, source, takes, run, dice, readings_of)
        return run

    return register


def load_rulesets() -> dict[str, Procedure]:
    """Import every ruleset package that exists, so their procedures register."""
    for ruleset in RULESETS:
        try:
            importlib.import_module(f"umpire.rules.{ruleset}")
        except ModuleNotFoundError as missing:
            if missing.name != f"umpire.rules.{ruleset}":
                raise
    return REGISTRY


def get_procedure(key: str) -> Procedure:
    load_rulesets()
    if key not in REGISTRY:
        known = ", ".join(sorted(REGISTRY)) or "none"
        raise RulesError("procedure", f"there is no procedure {key!r}; the procedures are {known}")
    return REGISTRY[key]


def get_procedures(ruleset: str | None = None) -> list[Procedure]:
    load_rulesets()
    return [p for key, p in sorted(REGISTRY.items()) if ruleset in (None, p.ruleset)]


def run_procedure(key: str, data: object, dice: Dice) -> Result:
    """Parse `data` into the procedure's input and run it with `dice`."""
    proc = get_procedure(key)
    return proc.run(schema.parse(proc.input_type, data), dice)
