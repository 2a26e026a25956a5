"""What the Thunderbolt tests share: dice entered as the d10's faces (0-9), and the working's lines."""

from umpire.rules.dice import EnteredDice
from umpire.rules.registry import run_procedure


def faces(*values):
    """The umpire's dice as printed on the d10: the 0 face is entered as 10."""
    return EnteredDice([10 if value == 0 else value for value in values])


def run(name, case, *dice):
    return run_procedure(f"thunderbolt.{name}", case, faces(*dice))


def lines(result, *kinds):
    return [(line.text, line.value) for line in result.working if not kinds or line.kind in kinds]


def modifiers(result):
    return [(line.text, line.value) for line in result.working if line.kind == "modifier"]
