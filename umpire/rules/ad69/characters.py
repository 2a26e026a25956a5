"""A player character's Military Skill (II. PLAYER ROLES, CHARACTERISTICS): the one set of limits
every AD69 input that takes a Military Skill shares (a battle, its odds, a siege assault)."""

from typing import Any

from ..schema import spec

CHARACTERISTICS = "II. PLAYER ROLES, CHARACTERISTICS"

# The handbook writes every Military Skill as a bonus ("a +1 military skill", "a military skill of +5",
# "+ Military Skill of Army Commander"), and no rule lowers one: no skill is below 0. It gives no
# ceiling ("some characters will have a high starting value"), so the console takes as high a skill as a
# character's record can hold (umpire.models.Character.military_skill, 0 to 99).
LEAST_MILITARY_SKILL = 0
MOST_MILITARY_SKILL = 99


def military_skill_spec(help: str) -> Any:
    """A Military Skill input field: a whole number from 0 to 99, 0 when not given."""
    return spec(help, min=LEAST_MILITARY_SKILL, max=MOST_MILITARY_SKILL, default=0)
