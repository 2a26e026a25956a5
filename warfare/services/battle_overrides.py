"""X. THE PROCESS OF BATTLE: "In the event of any doubt, the umpires will rule." The umpire
overrides any figure, with a reason, and the engine's value stays beside his on the record.

While the battle is fought: the last round's result, totals and fallen commanders, the
tactical advantage, and each side's combat value (which count from the next round, and in
the losses). Once the losses are proposed: each side's units lost (the owner places them
again) and each fallen commander's fate. A later override of a figure supersedes an earlier.
"""

from collections.abc import Callable

from django.core.exceptions import ValidationError

from umpire.services.audit import Actor

from ..models import Battle, BattleOverride, BattleRound
from ..models.rounds import (
    AFTERMATH_FIGURES,
    FALLEN,
    KILLED,
    ROUND_FIGURES,
    ROUND_RESULTS,
    SIDES,
    UNHARMED,
    WOUNDED,
    Figure,
    fate_phrase,
)
from ..selectors import get_sides
from .battle_losses import rerun_losses
from .battles import check_choice, record, running

MOST_MONTHS_WOUNDED = 24  # a ruling, not a d6: "for 1d6 months" gives 1 to 6


def do_override_figure(
    battle: Battle, *, what: str, umpire_value: object, reason: str, actor: Actor, round_number: int | None = None
) -> BattleOverride:
    """Set one figure (a `Figure` value; a round's figure names the last round fought as
    `round_number`) to the umpire's value, with his reason; audited, and told to the table."""
    if not reason.strip():
        raise ValidationError({"reason": "Give the reason for the override: it stays on the record."})
    with running(battle, actor=actor) as battle:
        check_when(battle, what)
        value = str(umpire_value).strip()
        if what in ROUND_FIGURES:
            fought = last_round(battle, round_number)
            value, engine = check_round_figure(fought, what, value), fought.engine_value(what)
        else:
            fought = None
            value, engine = BATTLE_FIGURES[what](battle, what, value)
        override = BattleOverride.objects.create(
            battle=battle, round=fought, what=what, reason=reason, engine_value=engine, umpire_value=value, by=actor
        )
        record(
            battle,
            "overridden",
            actor=actor,
            reason=reason,
            before={override.label: engine},
            after={override.label: value},
        )
    return override


def check_when(battle: Battle, what: str) -> None:
    """The rounds, advantage and combat values while the battle is fought; the losses and fates after."""
    if what not in Figure.values:
        raise ValidationError({"what": f"{what!r} cannot be overridden; these can: {', '.join(Figure.values)}."})
    label = Figure(what).label
    if battle.state == Battle.State.OPEN and what in AFTERMATH_FIGURES:
        raise ValidationError({"what": f"The losses are not proposed yet: there is no {label} to override."})
    if battle.state == Battle.State.LOSSES_PROPOSED and what not in AFTERMATH_FIGURES:
        raise ValidationError(
            {"what": f"The losses are proposed: the {label} stands. Override the units lost or a commander's fate."}
        )


# ---- a round's figures ------------------------------------------------------------------------


def last_round(battle: Battle, number: int | None) -> BattleRound:
    rounds = battle.round_list
    if not rounds or number != rounds[-1].number:
        last = f"round {rounds[-1].number}" if rounds else "no round yet"
        raise ValidationError(
            {
                "round_number": f"Only the last round fought can be overridden ({last}): "
                "later rounds were fought from it."
            }
        )
    return rounds[-1]


def check_round_figure(fought: BattleRound, what: str, value: str) -> str:
    """The umpire's value, checked against what the figure can be."""
    if what == Figure.RESULT:
        return check_choice("umpire_value", value, ROUND_RESULTS)
    if what in (Figure.TOTAL_A, Figure.TOTAL_B):
        if not fought.may_override(what):
            raise ValidationError({"what": f"Round {fought.number} passed in inaction: no dice, no totals."})
        return whole_number(value, -MOST_FIGURE, MOST_FIGURE)
    if not fought.may_override(what):
        raise ValidationError(
            {
                "what": f"Side {what[-1].upper()}'s commander did not fight in person in round "
                f"{fought.number}: he ran no risk."
            }
        )
    return check_choice("umpire_value", value, (FALLEN, UNHARMED))


# A round's total or a side's combat value: a whole army of praetorians with every modifier is some
# hundreds, so ten thousand is past any battle and a figure beyond it a slip of the keyboard.
MOST_FIGURE = 10_000


def whole_number(value: str, least: int | None = None, most: int | None = None) -> str:
    digits = value.lstrip("-")
    if not (digits.isascii() and digits.isdigit()):
        raise ValidationError({"umpire_value": f"{value!r} is not a whole number."})
    number = int(value)
    if (least is not None and number < least) or (most is not None and number > most):
        raise ValidationError({"umpire_value": f"{number} is not between {least} and {most}."})
    return str(number)


# ---- the battle's figures: each checks the value, gives the engine's, and takes effect ---------


def rule_advantage(battle: Battle, what: str, value: str) -> tuple[str, str]:
    """X. THE PROCESS OF BATTLE, step 2: the ruled side chooses its stance first from the next round."""
    value = check_choice("umpire_value", value, SIDES)
    engine = engine_advantage(battle)
    battle.advantage = value
    return value, engine


def engine_advantage(battle: Battle) -> str:
    """The better Military Skill's; with equal skills, the dice's in round 1, once rolled."""
    skills = {side: battle.skill(side) for side in SIDES}
    if skills["a"] != skills["b"]:
        return max(SIDES, key=lambda side: skills[side])
    first = battle.round_list[0] if battle.round_list else None
    if first is not None and first.case["advantage"] is None:
        return first.outcome["tactical_advantage"]
    return "by dice, not yet rolled"


def rule_combat_value(battle: Battle, what: str, value: str) -> tuple[str, str]:
    """X. COMBAT VALUES: the ruled value counts in every round from the next, and in the losses."""
    side = next(view for view in get_sides(battle) if view.key == what[-1])
    return whole_number(value, 0, MOST_FIGURE), str(side.forces_value)


def rule_losses(battle: Battle, what: str, value: str) -> tuple[str, str]:
    """X. LOSSES: the ruled count is split among the side's troop types by the engine; the
    owning player's split, made for the old count, is set aside for him to make again."""
    side = what[-1]
    units = sum(line["count"] for fought in battle.forces_of(side) for line in fought.composition["troops"])
    value = whole_number(value, 0, units)
    engine = rerun_losses(battle, side, ruled=None, keep=False).outcome["losses"][side]["units_lost"]
    rerun_losses(battle, side, ruled=int(value), keep=True)
    return value, str(engine)


def rule_fate(battle: Battle, what: str, value: str) -> tuple[str, str]:
    """X. RISK TO PLAYER CHARACTERS: killed, or wounded for so many months."""
    side = what[-1]
    if side not in battle.engine_fates:
        raise ValidationError(
            {"what": f"{battle.side_name(side)}'s commander did not fall: he has no wounds to rule on."}
        )
    return fate_words(value), fate_phrase(battle.engine_fates[side])


def fate_words(value: str) -> str:
    """ "killed", or "wounded 3" (also typed as "3" or "wounded 3 months")."""
    words = value.lower().split()
    if words == [KILLED]:
        return KILLED
    months = [word for word in words if word.isdigit()]
    if len(months) != 1 or not set(words) - {months[0]} <= {WOUNDED, "months", "month"}:
        raise ValidationError({"umpire_value": f"{value!r}: type “killed”, or the months wounded (“wounded 3”)."})
    return f"{WOUNDED} {whole_number(months[0], 1, MOST_MONTHS_WOUNDED)}"


BATTLE_FIGURES: dict[str, Callable[[Battle, str, str], tuple[str, str]]] = {
    Figure.ADVANTAGE: rule_advantage,
    Figure.COMBAT_VALUE_A: rule_combat_value,
    Figure.COMBAT_VALUE_B: rule_combat_value,
    Figure.LOSSES_A: rule_losses,
    Figure.LOSSES_B: rule_losses,
    Figure.FATE_A: rule_fate,
    Figure.FATE_B: rule_fate,
}
