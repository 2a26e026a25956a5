"""Every board game's readings of its ambiguous rules are event options in one place: the procedure's
`options`, a frozen dataclass whose fields each hold one reading, with the extraction's recommended default
and help that names the rule and says both readings. One check for every ruleset, so none drifts."""

import dataclasses
import enum
import importlib
import types
import typing

import pytest

from umpire.rules.registry import get_procedures
from umpire.rules.schema import Choice

OPTIONS_HELP = "Readings of points the rulebook leaves open"
# The names readings went by before they moved into `options` (Hannibal Barkas), and the names they would
# take if one came back outside it.
OLD_READING_FIELDS = {
    "split",
    "room_from",
    "length",
    "victims",
    "threshold",
    "first_attrition",
    "reward",
    "reading",
    "who_tests",
    "neutral_result",
    "hostile_result",
    "roles",
    "half_talents",
    "disbanding",
    "cut_off_reading",
    "cap",
    "count",
    "measure",
    "sitting_eligible",
    "readings",
    "removal",
    "no_leader",
    "city_line",
    "corn_feeds",
    "in_siege",
    "rounding",
    "levels_per_turn",
    "summer_at_sea",
    "half_tax",
    "cavalry_legion",
    "zero_range",
    "plus_2_narrow_sea",
    "cavalry_tripled",
    "outside_empire_reading",
    "road_dash_is_free",
    "under_siege_reading",
    "halving",
    "that_number",
    "other_half",
    "no_lams_left",
    "automatic_recall",
}
RULESETS = ("hannibal_barkas", "optimus_princeps", "imperium_romanum", "thunderbolt")
# each ruleset's own list, beside its tests: tests/rules/<ruleset>/expected_options.py
WITH_OPTIONS = {
    ruleset: importlib.import_module(f"tests.rules.{ruleset}.expected_options").WITH_OPTIONS for ruleset in RULESETS
}
PROCEDURES = [proc for ruleset in WITH_OPTIONS for proc in get_procedures(ruleset)]


def inner_types(hint):
    """The classes a field's type holds: the item of a tuple, the value of an optional."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        return inner_types(args[0])
    if origin in (typing.Union, types.UnionType):
        return [t for arg in args if arg is not type(None) for t in inner_types(arg)]
    return [hint]


def fields_outside_options(cls, path=""):
    """(path, class) for every field of the input at any depth, `options` excepted."""
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name == "options":
            continue
        for kind in inner_types(hints[f.name]):
            yield f"{path}{f.name}", kind
            if dataclasses.is_dataclass(kind):
                yield from fields_outside_options(kind, f"{path}{f.name}.")


def options_type(proc):
    fields = {f.name: f for f in dataclasses.fields(proc.input_type)}
    return typing.get_type_hints(proc.input_type)["options"] if "options" in fields else None


@pytest.mark.parametrize("ruleset", WITH_OPTIONS)
def test_the_procedures_that_read_an_ambiguous_rule_take_options(ruleset):
    taking = {p.key.split(".")[1] for p in get_procedures(ruleset) if options_type(p)}
    assert taking == WITH_OPTIONS[ruleset]


@pytest.mark.parametrize("proc", PROCEDURES, ids=lambda p: p.key)
def test_no_reading_is_an_input_outside_options(proc):
    top = {f.name for f in dataclasses.fields(proc.input_type)}
    assert not top & OLD_READING_FIELDS, f"{proc.key}: a reading outside options"
    for path, kind in fields_outside_options(proc.input_type):
        assert not kind.__name__.endswith("Reading"), f"{proc.key}: {path} is a reading outside options"


@pytest.mark.parametrize("proc", [p for p in PROCEDURES if options_type(p)], ids=lambda p: p.key)
def test_options_are_frozen_readings_each_with_its_default_and_help(proc):
    kind = options_type(proc)
    field = next(f for f in dataclasses.fields(proc.input_type) if f.name == "options")
    assert kind.__name__.endswith("Options") and dataclasses.is_dataclass(kind)
    assert kind.__dataclass_params__.frozen
    assert field.metadata["help"] == OPTIONS_HELP and field.default == kind()
    hints = typing.get_type_hints(kind)
    for f in dataclasses.fields(kind):
        assert f.default is not dataclasses.MISSING, f"{kind.__name__}.{f.name} has no default"
        assert hints[f.name] is bool or issubclass(hints[f.name], Choice), f"{kind.__name__}.{f.name}"
        words = f.metadata.get("help", "")
        assert "default" in words and any(c.isdigit() for c in words), f"{kind.__name__}.{f.name}: {words!r}"


@pytest.mark.parametrize("ruleset", WITH_OPTIONS)
def test_no_reading_enum_is_used_outside_options(ruleset):
    procedures = get_procedures(ruleset)
    readings = {
        hint
        for p in procedures
        if options_type(p)
        for hint in typing.get_type_hints(options_type(p)).values()
        if isinstance(hint, type) and issubclass(hint, enum.Enum)
    }
    for proc in procedures:
        for path, kind in fields_outside_options(proc.input_type):
            assert kind not in readings, f"{proc.key}: {path} is a reading outside options"
