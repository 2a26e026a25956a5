"""Procedure inputs: frozen dataclasses, described for forms and parsed from JSON with
errors that name the field ("sides.1.legions.0.legionaries: must be 0 or more").

Declare a field's limits and help with `spec(...)`.
"""

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import RulesError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    D = TypeVar("D", bound=DataclassInstance)


class Choice(enum.Enum):
    """An input's fixed choices, each with the words the working uses for it."""

    _value_: str

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


def spec(
    help: str = "",
    *,
    min: int | None = None,
    max: int | None = None,
    min_items: int | None = None,
    max_items: int | None = None,
    default: Any = dataclasses.MISSING,
) -> Any:
    """A dataclass field with its help text and limits, for parsing and for building forms."""
    metadata = {"help": help, "min": min, "max": max, "min_items": min_items, "max_items": max_items}
    if isinstance(default, (list, dict, set)):
        raise TypeError("use a tuple or a frozen dataclass as a default")
    return dataclasses.field(default=default, metadata=metadata)


def parse(cls: "type[D]", data: object, path: str = "") -> "D":
    """Build `cls` from JSON-like `data`, refusing anything that does not fit, by name."""
    if not isinstance(data, dict):
        raise RulesError(path.rstrip(".") or "input", "must be an object of named fields")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for name in data:
        if name not in fields:
            raise RulesError(f"{path}{name}", f"is not an input here; the inputs are {', '.join(fields)}")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for name, f in fields.items():
        if name in data:
            values[name] = _convert(hints[name], data[name], f"{path}{name}", f.metadata)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise RulesError(f"{path}{name}", "is required")
    return cls(**values)


def _convert(hint: Any, raw: object, path: str, meta: Mapping[str, Any]) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if raw is None and type(None) in args:
            return None
        (hint,) = [a for a in args if a is not type(None)]
        return _convert(hint, raw, path, meta)
    if origin is tuple:
        return _sequence(args[0], raw, path, meta)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return parse(hint, raw, f"{path}.")
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _choice(hint, raw, path)
    return _scalar(hint, raw, path, meta)


def _sequence(item: Any, raw: object, path: str, meta: Mapping[str, Any]) -> tuple[Any, ...]:
    if not isinstance(raw, list):
        raise RulesError(path, "must be a list")
    if meta.get("min_items") is not None and len(raw) < meta["min_items"]:
        raise RulesError(path, f"needs at least {meta['min_items']}, not {len(raw)}")
    if meta.get("max_items") is not None and len(raw) > meta["max_items"]:
        raise RulesError(path, f"may hold at most {meta['max_items']}, not {len(raw)}")
    return tuple(_convert(item, value, f"{path}.{i}", {}) for i, value in enumerate(raw))


def _choice(kind: type[enum.Enum], raw: object, path: str) -> enum.Enum:
    try:
        return kind(raw)
    except ValueError:
        allowed = ", ".join(str(member.value) for member in kind)
        raise RulesError(path, f"{raw!r} is not one of {allowed}") from None


def _scalar(hint: Any, raw: object, path: str, meta: Mapping[str, Any]) -> bool | int | str:
    if hint is bool:
        if not isinstance(raw, bool):
            raise RulesError(path, "must be true or false")
        return raw
    if hint is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise RulesError(path, "must be a whole number")
        if meta.get("min") is not None and raw < meta["min"]:
            raise RulesError(path, f"must be {meta['min']} or more, not {raw}")
        if meta.get("max") is not None and raw > meta["max"]:
            raise RulesError(path, f"must be {meta['max']} or less, not {raw}")
        return raw
    if hint is str:
        if not isinstance(raw, str):
            raise RulesError(path, "must be text")
        return raw
    raise TypeError(f"{path}: inputs of type {hint!r} are not supported")


def describe(cls: "type[DataclassInstance]") -> list[dict[str, Any]]:
    """The input's fields as plain data: what a form or an API reader needs to know."""
    hints = typing.get_type_hints(cls)
    return [_describe_field(f, hints[f.name]) for f in dataclasses.fields(cls)]


def _describe_field(f: "dataclasses.Field[Any]", hint: Any) -> dict[str, Any]:
    required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    entry: dict[str, Any] = {"name": f.name, "help": f.metadata.get("help", ""), "required": required}
    if not required:
        default = f.default
        entry["default"] = _plain(default)
    entry.update({k: f.metadata[k] for k in ("min", "max", "min_items", "max_items") if f.metadata.get(k) is not None})
    entry.update(_describe_type(hint))
    return entry


def _describe_type(hint: Any) -> dict[str, Any]:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in args if a is not type(None)]
        return {**_describe_type(inner), "nullable": True}
    if origin is tuple:
        return {"type": "list", "items": _describe_type(args[0])}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return {"type": "object", "fields": describe(hint)}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {"type": "choice", "choices": [member.value for member in hint]}
    return {"type": {bool: "boolean", int: "integer", str: "text"}[hint]}


def _plain(value: object) -> Any:
    """A default as JSON-ready data: enums by their value, at any depth."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
