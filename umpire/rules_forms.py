"""The rules desk's case form, built on the server from a procedure's input description (umpire.rules.schema).

Each input is a field named by its path ("attacker.units.cavalry"), so an error the rules raise for a path
is shown beside that field. A list starts with the entries its default gives (most: none) and grows by an
"Add a <thing>" button: rules_desk.js copies the list's template entry, and without scripts the button is a
submit the server answers with the entry added. Each entry sends a marker (the list's path, the entry's
index), so the server knows the entries even when none of their fields were filled in. Optional lists and
groups are folded, open when they hold something. The umpire's dice from the table come one field per die,
with the die's purpose, learned by running the case (`asked_dice`)."""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import QueryDict

from umpire.rules.dice import DieRoll, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedure
from umpire.rules.schema import parse

NEW = "__new__"  # the index of a list's template entry, which rules_desk.js replaces with the next free one
MOST_ENTRIES = 60  # no list of any procedure holds more; markers past it are not read
MOST_DIGITS = 9  # a whole number any input takes is shorter
DICE_FIELD = re.compile(r"dice\.(\d+)$")
MISSING = object()


def words(name: str) -> str:
    return name.replace("_", " ")


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


class Source:
    """Where the form's values come from: the description's defaults, a case, or a form sent back."""

    def __init__(self, *, posted: QueryDict | None = None, case: Any = None) -> None:
        self.posted, self.case = posted, case

    def entries(self, path: str, default: list[Any]) -> list[str]:
        if self.posted is not None:
            marked = [index for index in self.posted.getlist(path) if index.isascii() and index.isdigit()]
            return list(dict.fromkeys(marked))[:MOST_ENTRIES]
        given = self.given(path, default)
        return [str(i) for i in range(len(given))] if isinstance(given, list) else []

    def value(self, path: str, default: Any) -> Any:
        if self.posted is not None:
            return self.posted.get(path, MISSING)
        return self.given(path, default)

    def checked(self, path: str, default: bool) -> bool:
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


def build_case_form(description: list[dict[str, Any]], source: Source, *, add: str = "", remove: str = "") -> CaseGroup:
    """The form of a procedure's input: `add` names a list to add an entry to, `remove` an entry to drop."""
    builder = Builder(source, add, remove)
    return CaseGroup("", "", "", True, [builder.field(entry, entry["name"], MISSING) for entry in description])


class Builder:
    def __init__(self, source: Source, add: str, remove: str) -> None:
        self.source, self.add, self.remove = source, add, remove

    def field(self, entry: dict[str, Any], path: str, outer: Any) -> Any:
        """One described input at `path`; `outer` is the default its list entry or group gives, if any."""
        default = entry.get("default") if outer is MISSING else outer
        return self.build(entry, path, default, words(entry["name"]), entry.get("help", ""), entry["required"])

    def build(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> Any:
        if spec["type"] == "object":
            parts = [
                self.field(sub, f"{path}.{sub['name']}", default.get(sub["name"], MISSING))
                if isinstance(default, dict)
                else self.field(sub, f"{path}.{sub['name']}", MISSING)
                for sub in spec["fields"]
            ]
            return CaseGroup(path, label, help, required, parts)
        if spec["type"] == "list":
            return self.list(spec, path, default, label, help, required)
        return self.scalar(spec, path, default, label, help, required)

    def list(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> CaseList:
        defaults = default if isinstance(default, list) else []
        indexes = self.source.entries(path, defaults)
        if self.source.posted is None and not indexes and required:
            indexes = [str(i) for i in range(max(spec.get("min_items") or 1, 1))]
        indexes = [index for index in indexes if f"{path}.{index}" != self.remove]
        if self.add == path and len(indexes) < (spec.get("max_items") or MOST_ENTRIES):
            indexes.append(str(max((int(i) for i in indexes), default=-1) + 1))
        entries = [CaseEntry(i, self.item(spec, f"{path}.{i}", entry_default(defaults, i), label)) for i in indexes]
        template = CaseEntry(NEW, self.item(spec, f"{path}.{NEW}", MISSING, label))
        return CaseList(path, label, help, required, singular(label), entries, template, spec.get("max_items"))

    def item(self, spec: dict[str, Any], path: str, default: Any, label: str) -> Any:
        items = spec["items"]
        return self.build(items, path, default, singular(label), "", True)

    def scalar(self, spec: dict[str, Any], path: str, default: Any, label: str, help: str, required: bool) -> CaseField:
        plain = "" if default is MISSING or default is None else default
        if spec["type"] == "boolean":
            value: Any = self.source.checked(path, plain is True)
        else:
            typed = self.source.value(path, plain)
            value = str(plain if typed is MISSING or typed is None else typed)
        choices = [(str(choice), words(str(choice))) for choice in spec.get("choices", [])]
        boolean_default = plain is True if spec["type"] == "boolean" else str(plain)
        return CaseField(
            path,
            label,
            help,
            spec["type"],
            value,
            boolean_default,
            required,
            bool(spec.get("nullable")),
            choices,
            spec.get("min"),
            spec.get("max"),
        )


def entry_default(defaults: list[Any], index: str) -> Any:
    return defaults[int(index)] if int(index) < len(defaults) else MISSING


def singular(label: str) -> str:
    """The thing one entry of a list is, for its "Add a …" button: "leaders" → "leader"."""
    last = label.rsplit(" ", 1)[-1]
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


# ---- the dice from the table ---------------------------------------------------------------------------


@dataclass
class DieRow:
    number: int
    sides: int | None
    purpose: str
    value: str = ""
    error: str = ""

    @property
    def name(self) -> str:
        return f"die.{self.number - 1}"


class ProbeDice:
    """The umpire's dice as far as typed, then the console's: which dice the case asks for, and what for."""

    def __init__(self, typed: list[int]) -> None:
        self._typed, self._console = list(typed), SeededDice(0)
        self.rolls: list[DieRoll] = []

    def roll(self, sides: int, purpose: str) -> int:
        typed = self._typed.pop(0) if self._typed else None
        value = typed if typed is not None and 1 <= typed <= sides else self._console.roll(sides, purpose)
        self.rolls.append(DieRoll(sides, value, purpose))
        return value


def asked_dice(key: str, case: Any, typed: list[int]) -> list[tuple[int, str]]:
    """The dice the procedure asks for on `case`, the typed ones first: (sides, purpose) each. A later die may
    depend on an earlier one (a re-roll), so the list is as far as the dice typed so far tell; none if the
    case itself is refused."""
    proc, dice = get_procedure(key), ProbeDice(typed)
    try:
        proc.run(parse(proc.input_type, case), dice)
    except RulesError:
        pass  # the run itself says what is wrong with the case
    return [(roll.sides, roll.purpose) for roll in dice.rolls]


def typed_dice(posted: Mapping[str, Any]) -> tuple[list[str], dict[int, str]]:
    """The dice typed at the table, in order, as typed; and the errors of those that are not whole numbers."""
    numbers = sorted(
        {int(name[len("die.") :]) for name in posted if name.startswith("die.") and is_whole(name[len("die.") :])}
    )
    typed = [posted.get(f"die.{n}", "").strip() for n in numbers if n < MOST_ENTRIES * 10]
    while typed and typed[-1] == "":
        typed.pop()
    errors = {n: f"{text[:10]!r} is not a whole number" for n, text in enumerate(typed) if not is_whole(text)}
    errors.update({n: "is needed" for n, text in enumerate(typed) if text == ""})
    return typed, errors


def is_whole(text: str) -> bool:
    """Plain ASCII digits: str.isdigit() also passes "²", which int() refuses."""
    return text.isascii() and text.isdigit()


def dice_rows(asked: list[tuple[int, str]], typed: list[str], errors: Mapping[int, str]) -> list[DieRow]:
    """One row per die asked for, with what was typed for it; a die typed past those asked is shown too."""
    rows = [DieRow(n + 1, sides, purpose) for n, (sides, purpose) in enumerate(asked)]
    past = "not asked for" if asked else ""  # none asked: the case itself is refused, and says why
    rows += [DieRow(n + 1, None, past) for n in range(len(asked), len(typed))]
    for row in rows:
        row.value = typed[row.number - 1] if row.number <= len(typed) else ""
        row.error = errors.get(row.number - 1, "")
    return rows


def dice_error_at(refusal: RulesError) -> int | None:
    """The number (from 0) of the die a refusal names, as "dice.3"."""
    found = DICE_FIELD.match(refusal.field)
    return int(found.group(1)) if found else None
