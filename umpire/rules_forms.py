"""The rules desk's case form, built on the server from a procedure's input description (umpire.rules.schema).

Each input is a field named by its path ("attacker.units.cavalry"), so an error the rules raise for a path
is shown beside that field. A list starts with the entries its default gives (most: none) and grows by an
"Add a <thing>" button: rules_desk.js copies the list's template entry, and without scripts the button is a
submit the server answers with the entry added. Each entry sends a marker (the list's path, the entry's
index), so the server knows the entries even when none of their fields were filled in. Optional lists and
groups are folded, open when they hold something. The umpire's dice from the table are umpire.rules_dice_rows'."""

import dataclasses
import enum
import re
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict

NEW = "__new__"  # the index of a list's template entry, which rules_desk.js replaces with the next free one
MOST_ENTRIES = 60  # no list of any procedure holds more; markers past it are not read
MOST_DIGITS = 9  # a whole number any input takes is shorter
MISSING = object()


# where a field's help turns from what it is to how to fill it in: "Veterans: they have fought…",
# "What the umpire calls it, as Legion XLV", "Military Skill of the army commander (not a subordinate legion's)"
LEAD_ENDS = re.compile(r"[:;] | \(|, as |, empty")


def words(name: str) -> str:
    return name.replace("_", " ")


def label_and_help(name: str, help: str) -> tuple[str, str]:
    """A field's label in the rulebook's words, the lead of its help ("Military Skill of the army commander"),
    and the rest of the help for beneath it; a field without help is labelled by its name in words."""
    if not help:
        return words(name), ""
    lead = LEAD_ENDS.search(help)
    if lead is None:
        return help, ""
    return help[: lead.start()], help[lead.start() :].lstrip(":;, ")


def choice_words(member: enum.Enum) -> str:
    """A choice as the umpire reads it: the rules' own words for it where they give them ("Italia/Rome"),
    else its value in words; capitalised, as an option of a list is."""
    label = getattr(member, "label", None)
    text = label if isinstance(label, str) else words(str(member.value))
    return text[:1].upper() + text[1:]


def input_kinds(kind: type, prefix: str = "") -> dict[str, type]:
    """The dataclass or enum at each input path of `kind`, a list's entries as "*" ("side_a.forces.*": Force):
    what a choice's words and a case picker are found by. The description (umpire.rules.schema.describe) is
    plain data and names neither."""
    hints = typing.get_type_hints(kind)
    found: dict[str, type] = {}
    for part in dataclasses.fields(kind):
        found.update(kinds_at(hints[part.name], f"{prefix}{part.name}"))
    return found


def kinds_at(hint: Any, path: str) -> dict[str, type]:
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        (hint,) = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) is tuple:
        return kinds_at(typing.get_args(hint)[0], f"{path}.*")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return {path: hint, **input_kinds(hint, f"{path}.")}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return {path: hint}
    return {}


def pattern(path: str) -> str:
    """A path with its list indexes as "*", as input_kinds names it: "side_a.forces.2.troops" → "side_a.forces.*.troops"."""
    return re.sub(r"(?<=\.)(\d+|__new__)(?=\.|$)", "*", path)


@dataclass
class CaseField:
    """One input: text, a whole number, a choice or a yes/no box."""

    path: str
    label: str
    help: str
    kind: str
    value: Any  # what the umpire typed (text), or the box's state
    default: Any
    required: bool
    nullable: bool = False
    choices: list[tuple[str, str]] = field(default_factory=list)
    min: int | None = None
    max: int | None = None
    error: str = ""
    note: str = ""  # where its value came from, as the event's clock
    group = False

    @property
    def input_id(self) -> str:
        return f"case.{self.path}"

    @property
    def blank(self) -> bool:
        """Left as the form gave it: an entry or folded group whose every field is blank is not sent."""
        return self.value == self.default

    def read(self, errors: dict[str, str]) -> Any:
        """The field's value for the case, MISSING to leave it out (the rules' default, or their "is required")."""
        if self.kind == "boolean":
            return self.value
        if self.value == "":
            return None if self.required and self.nullable else MISSING
        if self.kind != "integer":
            return self.value
        text = self.value.strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            errors[self.path] = f"must be a whole number, not {text[:20]!r}"
        elif len(text.lstrip("+-")) > MOST_DIGITS:
            errors[self.path] = "is far too large"
        else:
            return int(text)
        return MISSING


@dataclass
class CaseGroup:
    """An object's fields; optional and not the top, it is folded until something in it is filled."""

    path: str
    label: str
    help: str
    required: bool
    fields: list[Any]
    error: str = ""
    picks: list["PickField"] = field(default_factory=list)  # the event's records it may be filled from
    group = True
    kind = "group"

    @property
    def blank(self) -> bool:
        return all(part.blank for part in self.fields)

    @property
    def folded(self) -> bool:
        return bool(self.path) and not self.required

    @property
    def open(self) -> bool:
        return not self.blank or self.has_error

    @property
    def has_error(self) -> bool:
        return bool(self.error) or any(part.has_error if part.group else part.error for part in self.fields)

    def read(self, errors: dict[str, str]) -> Any:
        if self.folded and self.blank:
            return MISSING
        values = {part.path.rsplit(".", 1)[-1]: part.read(errors) for part in self.fields}
        return {name: value for name, value in values.items() if value is not MISSING}


@dataclass
class CaseEntry:
    index: str
    item: Any

    @property
    def path(self) -> str:
        return self.item.path


@dataclass
class CaseList:
    """A list's entries, its template entry for rules_desk.js, and the thing its Add button adds."""

    path: str
    label: str
    help: str
    required: bool
    noun: str
    entries: list[CaseEntry]
    template: CaseEntry
    max_items: int | None
    error: str = ""
    group = True
    kind = "list"

    @property
    def blank(self) -> bool:
        return not self.entries

    folded = property(lambda self: not self.required)

    @property
    def open(self) -> bool:
        return bool(self.entries) or self.has_error

    @property
    def has_error(self) -> bool:
        return bool(self.error) or any(
            entry.item.has_error if entry.item.group else entry.item.error for entry in self.entries
        )

    @property
    def full(self) -> bool:
        return self.max_items is not None and len(self.entries) >= self.max_items

    @property
    def next_index(self) -> int:
        return max((int(entry.index) for entry in self.entries), default=-1) + 1

    def read(self, errors: dict[str, str]) -> Any:
        # an entry the umpire added and left as it came is no entry: nothing typed means nothing
        values = [entry.item.read(errors) for entry in self.entries if not entry.item.blank]
        return [value for value in values if value is not MISSING] if values or self.required else MISSING


@dataclass
class PickField:
    """A choice among the event's records that fills a group ("Legion XIV Gemina" fills a force's troops)."""

    name: str  # the posted field: "pick.<the group's path>.<the pick's name>"
    label: str
    options: list[tuple[str, str]]
    value: str = ""

    @property
    def input_id(self) -> str:
        return self.name


class Source:
    """Where the form's values come from: the description's defaults, a case, or a form sent back; and over
    either, the groups just filled from the event's records (`filled`: a group's path to its values)."""

    def __init__(
        self, *, posted: QueryDict | None = None, case: Any = None, filled: Mapping[str, Any] | None = None
    ) -> None:
        self.posted, self.case, self.filled = posted, case, dict(filled or {})

    def within_filled(self, path: str) -> tuple["Source", str] | None:
        """The filled group `path` lies in, as a source of its own, and the path inside it."""
        for prefix, values in self.filled.items():
            if path.startswith(f"{prefix}."):
                return Source(case=values), path[len(prefix) + 1 :]
        return None

    def picked(self, group: str, name: str) -> str:
        """A pick as sent; none once its group is filled, so filling again never undoes the umpire's changes."""
        if self.posted is None or group in self.filled or self.within_filled(group):
            return ""
        return self.posted.get(pick_name(group, name), "")

    def entries(self, path: str, default: list[Any]) -> list[str]:
        if (inside := self.within_filled(path)) is not None:
            return inside[0].entries(inside[1], default)
        if self.posted is not None:
            marked = [index for index in self.posted.getlist(path) if index.isascii() and index.isdigit()]
            return list(dict.fromkeys(marked))[:MOST_ENTRIES]
        given = self.given(path, default)
        return [str(i) for i in range(len(given))] if isinstance(given, list) else []

    def value(self, path: str, default: Any) -> Any:
        if (inside := self.within_filled(path)) is not None:
            return inside[0].value(inside[1], default)
        if self.posted is not None:
            return self.posted.get(path, MISSING)
        return self.given(path, default)

    def checked(self, path: str, default: bool) -> bool:
        if (inside := self.within_filled(path)) is not None:
            return inside[0].checked(inside[1], default)
        if self.posted is None:
            return self.given(path, default) is True
        if path in self.posted:
            return "on" in self.posted.getlist(path)  # a hidden "off" goes before each box
        return default  # an entry the server just added

    def given(self, path: str, default: Any) -> Any:
        value = self.case
        for part in path.split("."):
            if isinstance(value, dict):
                value = value.get(part, MISSING)
            elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
                value = value[int(part)]
            else:
                return default
        return default if value is MISSING else value


# the picks a kind of input may be filled from, each (name, label, the event's records as (id, words))
Offers = Mapping[type, list[tuple[str, str, list[tuple[str, str]]]]]


def build_case_form(
    description: list[dict[str, Any]],
    source: Source,
    *,
    add: str = "",
    remove: str = "",
    kinds: Mapping[str, type] | None = None,
    offers: Offers | None = None,
) -> CaseGroup:
    """The form of a procedure's input: `add` names a list to add an entry to, `remove` an entry to drop;
    `kinds` (input_kinds) gives each choice its words and each group the picks `offers` has for its kind."""
    builder = Builder(source, add, remove, kinds or {}, offers or {})
    return CaseGroup("", "", "", True, [builder.field(entry, entry["name"], MISSING) for entry in description])


def pick_name(group: str, name: str) -> str:
    return f"pick.{group}.{name}"


class Builder:
    def __init__(self, source: Source, add: str, remove: str, kinds: Mapping[str, type], offers: Offers) -> None:
        self.source, self.add, self.remove, self.kinds, self.offers = source, add, remove, kinds, offers

    def field(self, entry: dict[str, Any], path: str, outer: Any) -> Any:
        """One described input at `path`; `outer` is the default its list entry or group gives, if any."""
        default = entry.get("default") if outer is MISSING else outer
        label, help = label_and_help(entry["name"], entry.get("help", ""))
        return self.build(entry, path, default, label, help, entry["required"])

    def build(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> Any:
        if spec["type"] == "object":
            parts = [
                self.field(sub, f"{path}.{sub['name']}", default.get(sub["name"], MISSING))
                if isinstance(default, dict)
                else self.field(sub, f"{path}.{sub['name']}", MISSING)
                for sub in spec["fields"]
            ]
            return CaseGroup(path, label, help, required, parts, picks=self.picks(path))
        if spec["type"] == "list":
            return self.list(spec, path, default, label, help, required)
        return self.scalar(spec, path, default, label, help, required)

    def picks(self, path: str) -> list[PickField]:
        offered = self.offers.get(self.kinds.get(pattern(path), type(None)), [])
        return [
            PickField(pick_name(path, name), label, options, self.source.picked(path, name))
            for name, label, options in offered
        ]

    def choices(self, path: str, values: list[Any]) -> list[tuple[str, str]]:
        """Each choice's value and its words ("italia_rome", "Italia/Rome")."""
        kind = self.kinds.get(pattern(path))
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            named = {str(member.value): choice_words(member) for member in kind}
        else:
            named = {}
        return [(str(value), named.get(str(value)) or words(str(value))) for value in values]

    def list(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> CaseList:
        defaults = default if isinstance(default, list) else []
        indexes = self.source.entries(path, defaults)
        if self.source.posted is None and not indexes and required:
            indexes = [str(i) for i in range(max(spec.get("min_items") or 1, 1))]
        indexes = [index for index in indexes if f"{path}.{index}" != self.remove]
        if self.add == path and len(indexes) < (spec.get("max_items") or MOST_ENTRIES):
            indexes.append(str(max((int(i) for i in indexes), default=-1) + 1))
        noun = singular(words(path.rpartition(".")[2]))
        entries = [CaseEntry(i, self.item(spec, f"{path}.{i}", entry_default(defaults, i), noun)) for i in indexes]
        template = CaseEntry(NEW, self.item(spec, f"{path}.{NEW}", MISSING, noun))
        return CaseList(path, label, help, required, noun, entries, template, spec.get("max_items"))

    def item(self, spec: dict[str, Any], path: str, default: Any, noun: str) -> Any:
        return self.build(spec["items"], path, default, noun, "", True)

    def scalar(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> CaseField:
        plain = "" if default is MISSING or default is None else default
        if spec["type"] == "boolean":
            value: Any = self.source.checked(path, plain is True)
        else:
            typed = self.source.value(path, plain)
            value = str(plain if typed is MISSING or typed is None else typed)
        boolean_default = plain is True if spec["type"] == "boolean" else str(plain)
        built = CaseField(
            path,
            label,
            help,
            spec["type"],
            value,
            boolean_default,
            required,
            bool(spec.get("nullable")),
            self.choices(path, spec.get("choices", [])),
            spec.get("min"),
            spec.get("max"),
        )
        built.note = spec.get("note", "")
        return built


def entry_default(defaults: list[Any], index: str) -> Any:
    return defaults[int(index)] if int(index) < len(defaults) else MISSING


def singular(label: str) -> str:
    """The thing one entry of a list is, for its "Add a …" button: "leaders" → "leader", "placed losses" →
    "placed loss", "marches" → "march"."""
    last = label.rsplit(" ", 1)[-1]
    if last.endswith(("sses", "xes", "ches", "shes")):
        return label[: -len("es")]
    if last.endswith("ies"):
        return label[: -len("ies")] + "y"
    if last.endswith("s") and not last.endswith("ss"):
        return label[:-1]
    return label


def read_case(form: CaseGroup) -> tuple[dict[str, Any], dict[str, str]]:
    """The case the form gives, and the errors of fields the rules could not even be given (by path)."""
    errors: dict[str, str] = {}
    return form.read(errors), errors


def place_errors(form: CaseGroup, errors: Mapping[str, str]) -> list[str]:
    """Put each error beside its field, or the nearest group holding it; returns those no field of the form
    holds (a table's cell, the whole input), for the top of the form."""
    nodes = dict(walk(form))
    unplaced = []
    for path, message in errors.items():
        holder = path
        while holder and holder not in nodes:
            holder = holder.rpartition(".")[0]
        if holder:
            nodes[holder].error = message if holder == path else f"{words(path)}: {message}"
        else:
            unplaced.append(f"{words(path)}: {message}" if path else message)
    return unplaced


def walk(node: Any):
    yield node.path, node
    if isinstance(node, CaseGroup):
        for part in node.fields:
            yield from walk(part)
    elif isinstance(node, CaseList):
        for entry in node.entries:
            yield from walk(entry.item)


def first_error(form: CaseGroup) -> str:
    """The path of the first field with an error: the step the umpire is on."""
    return next((path for path, node in walk(form) if node.error), "")
