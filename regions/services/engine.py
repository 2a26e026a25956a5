"""Calling the AD69 rules engine from services: the model as the engine's input, and the
engine's refusals as validation errors that name the problem."""

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError

from umpire.models import Event, GameClock
from umpire.rules.ad69.forces import Force as RulesForce
from umpire.rules.ad69.forces import Troops, TroopType
from umpire.rules.ad69.legions import check_limits
from umpire.rules.dice import Dice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure
from umpire.rules.working import Result, Working
from umpire.services.rules import run_with_dice

from ..models import Force


def as_rules_force(force: Force) -> RulesForce:
    """A force as the rules engine sees it: its name, its units by type, its Aquila."""
    troops = tuple(Troops(TroopType(t.type), t.count, t.veteran) for t in force.troops.all() if t.count)
    return RulesForce(force.name, troops, force.aquila)


def as_case_force(force: Force) -> dict[str, Any]:
    """The same, as the JSON a procedure takes."""
    return {
        "name": force.name,
        "aquila": force.aquila,
        "troops": [{"type": t.type, "count": t.count, "veteran": t.veteran} for t in force.troops.all() if t.count],
    }


def run_rules(key: str, case: Any, dice: Dice | None = None) -> Result:
    """Run an engine procedure; a refusal becomes a ValidationError carrying the engine's words."""
    try:
        return run_procedure(key, case, dice or SeededDice())
    except RulesError as refusal:
        raise as_refusal(refusal) from refusal


def roll_rules(
    key: str, case: Any, dice: Sequence[int] | None = None, *, refused: Callable[[RulesError], Exception] | None = None
) -> tuple[Result, int | None]:
    """The engine's result with the dice the table entered, or the console's when `dice` is None,
    and the seed. Every die entered must be used (the core's run_with_dice refuses a die too many), so
    one typed in the wrong order is caught, not silently ignored. `refused` turns the engine's refusal
    into the service's words."""
    try:
        return run_with_dice(key, case, dice=dice)
    except RulesError as refusal:
        raise (refused or as_refusal)(refusal) from refusal


def as_refusal(refusal: RulesError) -> ValidationError:
    return ValidationError({refusal.field or "__all__": refusal.message})


def current_turn(event: Event) -> int:
    return GameClock.objects.filter(event=event).values_list("turn", flat=True).get()


def current_month(event: Event) -> int:
    return event.game_month(current_turn(event)).month


def check_legion_limits(name: str, troops: Iterable[Mapping[str, Any]], aquila: bool) -> None:
    """IX. LIMITATIONS, by the engine: refuse a legion holding more than it may."""
    legion = RulesForce(name, tuple(Troops(TroopType(t["type"]), t["count"], t["veteran"]) for t in troops), aquila)
    try:
        check_limits(legion, Working(), {}, "troops")
    except RulesError as refusal:
        raise ValidationError({"troops": refusal.message}) from refusal
