"""II. PLAYER ROLES, CHARACTERISTICS: a Military Skill has the same limits wherever an AD69 procedure takes
one (a battle, its odds, a siege assault), and they come from one place, umpire.rules.ad69.characters."""

import dataclasses
import re
import typing

import pytest

from tests.handbook import handbook_text
from umpire.rules.ad69.characters import LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL, military_skill_spec
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedures, run_procedure

SHARED = military_skill_spec("").metadata


def legion(name):
    troops = [{"type": "legionary", "count": 5}, {"type": "auxiliary", "count": 5}]
    return {"name": name, "aquila": True, "troops": troops}


def battle(skill):
    return {
        "side_a": {"name": "Otho", "military_skill": skill, "forces": [legion("Legion I")]},
        "side_b": {"name": "Vitellius", "military_skill": 0, "forces": [legion("Legion XXI")]},
    }


def siege(skill):
    return {
        "place": {"type": "fortified_town", "name": "Placentia"},
        "attackers": {"forces": [legion("Legion I")], "military_skill": skill},
        "defenders": {},
    }


# Each procedure that takes a Military Skill, the case with the attacking commander's skill, and its path.
TAKES_SKILL = {
    "ad69.battle": (battle, "side_a.military_skill"),
    "ad69.battle_round": (battle, "side_a.military_skill"),
    "ad69.battle_losses": (lambda skill: {**battle(skill), "victor": "a"}, "side_a.military_skill"),
    "ad69.battle_odds": (lambda skill: {"battle": battle(skill), "battles": 1}, "battle.side_a.military_skill"),
    "ad69.siege_assault": (siege, "attackers.military_skill"),
}


def skill_fields(cls, path=""):
    """Every field named military_skill in an input dataclass, at any depth, by its path."""
    found = {}
    hints = typing.get_type_hints(cls)
    for field in dataclasses.fields(cls):
        hint = hints[field.name]
        inner = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
        if field.name == "military_skill":
            found[f"{path}{field.name}"] = field
        for kind in inner:
            if dataclasses.is_dataclass(kind):
                found.update(skill_fields(kind, f"{path}{field.name}."))
    return found


def test_the_handbook_writes_every_military_skill_as_a_bonus_within_the_limits():
    """ "a +1 military skill", "a military skill of +5": none below 0, and the handbook gives no ceiling."""
    text = " ".join(handbook_text().split())
    skills = [int(a or b) for a, b in re.findall(r"([+-]\d+) military skill|military skill of ([+-]\d+)", text)]
    assert sorted(set(skills)) == [1, 5]
    assert all(LEAST_MILITARY_SKILL <= skill <= MOST_MILITARY_SKILL for skill in skills)


def test_every_ad69_military_skill_takes_its_limits_from_one_place():
    """Any AD69 input with a military_skill, at any depth, has the shared spec's limits and default."""
    fields = {
        procedure.key: skill_fields(procedure.input_type)
        for procedure in get_procedures("ad69")
        if skill_fields(procedure.input_type)
    }
    assert set(fields) == set(TAKES_SKILL)
    for found in fields.values():
        for field in found.values():
            assert (field.metadata["min"], field.metadata["max"], field.default) == (
                SHARED["min"],
                SHARED["max"],
                0,
            )


@pytest.mark.parametrize("key", TAKES_SKILL)
@pytest.mark.parametrize(
    "skill, words",
    [(LEAST_MILITARY_SKILL - 1, "must be 0 or more, not -1"), (MOST_MILITARY_SKILL + 1, "must be 99 or less, not 100")],
)
def test_a_military_skill_out_of_the_limits_is_refused_the_same_way_everywhere(key, skill, words):
    case, path = TAKES_SKILL[key]
    with pytest.raises(RulesError) as refusal:
        run_procedure(key, case(skill), EnteredDice([12, 1]))
    assert (refusal.value.field, refusal.value.message) == (path, words)


def test_a_siege_refuses_a_negative_skill_as_a_battle_does():
    """Before the limits were shared, a siege took -1 and added it to the roll."""
    with pytest.raises(RulesError, match="must be 0 or more, not -1"):
        run_procedure("ad69.siege_assault", siege(-1), EnteredDice([12, 1]))


@pytest.mark.parametrize("key", TAKES_SKILL)
@pytest.mark.parametrize("skill", [LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL])
def test_a_skill_at_either_limit_is_taken_everywhere(key, skill):
    case, _ = TAKES_SKILL[key]
    assert run_procedure(key, case(skill), SeededDice(1)).procedure == key


@pytest.mark.parametrize("key", ["ad69.battle", "ad69.battle_round", "ad69.siege_assault"])
def test_the_highest_skill_is_added_to_the_roll_as_it_stands(key):
    case, _ = TAKES_SKILL[key]
    result = run_procedure(key, case(MOST_MILITARY_SKILL), SeededDice(1))
    added = [line.value for line in result.working if line.kind == "modifier" and "Military Skill" in line.text]
    assert added and set(added) == {MOST_MILITARY_SKILL}
