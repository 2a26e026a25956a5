"""A procedure described for the umpire who will run it: its inputs, the dice it rolls in order, and an example
case that runs. `manage.py rules describe` prints it; `GET /api/rules/<ruleset>/<procedure>` sends it as data.

The dice are learnt by running the example with the console's dice, rolled from the example's seed, and reading
the dice it rolled: how many a case asks for can depend on the case (a battle's rounds, a re-roll).
"""

import json
from typing import Any

from .examples import get_example, run_example
from .registry import Procedure

DICE_DEPEND = "How many dice a case asks for can depend on the case (rounds fought, re-rolls); these are the example's."


def describe_procedure(proc: Procedure) -> dict[str, Any]:
    """The procedure's description, with its example case and the dice that example rolled, in order."""
    example = get_example(proc)
    rolled = run_example(proc, example).dice
    dice = [{"sides": roll.sides, "purpose": roll.purpose} for roll in rolled]
    return {**proc.describe(), "example": {**example.as_dict(), "dice": dice}}


def procedure_text(proc: Procedure) -> str:
    """The description as the CLI prints it: title and source, inputs, dice, and the example as JSON."""
    described = describe_procedure(proc)
    example = described["example"]
    lines = [f"{proc.key}: {proc.title}", f"Rule: {proc.source}"]
    lines += [f"  {proc.summary}"] if proc.summary else []
    lines += ["", "Inputs:", *input_lines(described["input"], "", 1)]
    lines += ["", *dice_lines(proc, example["dice"])]
    lines += ["", f"Example ({example['from']}; the console's dice from seed {example['seed']}):"]
    lines += [json.dumps(example["case"], indent=2, ensure_ascii=False)]
    lines += ["", f"Run it: manage.py rules run {proc.key} --input example.json --seed {example['seed']}"]
    return "\n".join(lines)


def input_lines(fields: list[dict[str, Any]], path: str, depth: int) -> list[str]:
    """Each field as a line (its path, type, limits, default and help), a group's or a list's fields below it."""
    lines: list[str] = []
    for field in fields:
        name = f"{path}{field['name']}"
        lines.append(f"{'  ' * depth}{name}: {field_words(field)}")
        lines += nested_lines(field, name, depth + 1)
    return lines


def nested_lines(kind: dict[str, Any], name: str, depth: int) -> list[str]:
    if kind["type"] == "object":
        return input_lines(kind["fields"], f"{name}.", depth)
    if kind["type"] == "list" and kind["items"]["type"] in ("object", "list"):
        return nested_lines(kind["items"], f"{name}.<n>", depth)
    return []


def field_words(field: dict[str, Any]) -> str:
    """ "integer, 0 to 12, default 0: Legionaries in the legion" for one field."""
    parts = [type_words(field), *limit_words(field)]
    if field.get("nullable"):
        parts.append("or null")
    parts.append("required" if field["required"] else f"default {json.dumps(field['default'], ensure_ascii=False)}")
    return ", ".join(parts) + (f": {field['help']}" if field.get("help") else "")


def type_words(kind: dict[str, Any]) -> str:
    if kind["type"] == "choice":
        return "one of " + " | ".join(str(choice) for choice in kind["choices"])
    if kind["type"] == "list":
        return f"list of {type_words(kind['items'])}"
    if kind["type"] == "object":
        return "group"
    return str(kind["type"])


def limit_words(field: dict[str, Any]) -> list[str]:
    words = [bounds(field.get("min"), field.get("max"), "")]
    words.append(bounds(field.get("min_items"), field.get("max_items"), " entries"))
    return [word for word in words if word]


def bounds(least: int | None, most: int | None, unit: str) -> str:
    if least is not None and most is not None:
        return f"{least} to {most}{unit}"
    if least is not None:
        return f"at least {least}{unit}"
    return f"at most {most}{unit}" if most is not None else ""


def dice_lines(proc: Procedure, dice: list[dict[str, Any]]) -> list[str]:
    """The dice the example rolled, in order, each with its sides and purpose."""
    if not dice:
        return [f"Dice: none rolled by the example ({proc.dice or 'the procedure rolls none'})."]
    lines = [f"Dice, in the order rolled ({proc.dice}):" if proc.dice else "Dice, in the order rolled:"]
    lines += [f"  {number}. d{die['sides']} for {die['purpose']}" for number, die in enumerate(dice, 1)]
    return [*lines, f"  {DICE_DEPEND}"]
