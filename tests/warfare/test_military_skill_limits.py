"""A Military Skill typed into the console has the limits the AD69 engines give it (issue 32): the battle's
opening form and a character's record allowed 0 to 20 and 0 to 99 where the siege took -10 to 10."""

import pytest
from django.core.exceptions import ValidationError

from umpire.models import Character
from umpire.rules.ad69.characters import LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL
from warfare.forms import OpenBattleForm
from warfare.models import Battle


@pytest.mark.parametrize("field", ["side_a_skill", "side_b_skill"])
def test_the_battle_form_takes_the_engines_limits(field):
    assert OpenBattleForm.base_fields[field].min_value == LEAST_MILITARY_SKILL
    assert OpenBattleForm.base_fields[field].max_value == MOST_MILITARY_SKILL


@pytest.mark.parametrize(
    ("model", "field"), [(Battle, "side_a_skill"), (Battle, "side_b_skill"), (Character, "military_skill")]
)
@pytest.mark.parametrize("skill", [LEAST_MILITARY_SKILL - 1, MOST_MILITARY_SKILL + 1])
def test_a_record_refuses_a_skill_the_engines_refuse(model, field, skill):
    with pytest.raises(ValidationError):
        model._meta.get_field(field).run_validators(skill)


@pytest.mark.parametrize(("model", "field"), [(Battle, "side_a_skill"), (Character, "military_skill")])
def test_a_record_keeps_the_highest_skill_the_engines_take(model, field):
    model._meta.get_field(field).run_validators(MOST_MILITARY_SKILL)
