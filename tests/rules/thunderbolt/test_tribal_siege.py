"""9.19 A Tribe attacks a nearby city (L587-588). The text gives no worked example: the vectors are constructed."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, run


def test_an_enemy_force_still_outside_the_city_sends_the_tribe_home():
    """9.19 (L587): "If the enemy force remains in the hex (outside the city) after the attack, the Tribe marker is
    placed in its base hex ending the attack." Constructed, not from the text."""
    case = {"tribal_infantry_sp": 30, "enemy_force_in_hex": True, "enemy_force_remains": True}
    assert run("tribal_city_attack", case).outcome == {"result": "returns_to_base"}


def test_the_tribe_besieges_with_enough_infantry_and_assaults_on_siege_attrition_draws():
    """9.19 (L587): "the tribe places the city Under Siege if it has enough infantry SP"; "When a Siege Attrition
    marker is drawn, the Tribe will conduct a Siege Assault". The infantry needed is AW's: the test's own."""
    result = run("tribal_city_attack", {"tribal_infantry_sp": 30, "infantry_to_besiege": 12})
    assert result.outcome == {"result": "besieges"}
    notes = [text for text, _ in lines(result, "note")]
    assert any("Siege Assault; neither side rolls Siege Attrition" in text for text in notes)
    assert any("automatically Sacked" in text for text in notes)
    weak = run("tribal_city_attack", {"tribal_infantry_sp": 6, "infantry_to_besiege": 12})
    assert weak.outcome == {"result": "too_few_to_besiege"}


def test_the_infantry_needed_to_besiege_is_the_umpire_s_to_enter():
    with pytest.raises(RulesError) as refusal:
        run("tribal_city_attack", {"tribal_infantry_sp": 30})
    assert refusal.value.field == "infantry_to_besiege" and "AW 9.0" in refusal.value.message


@pytest.mark.parametrize(
    "outcome, expected",
    [
        ("major_victory", {"siege_lifted": True, "pacified": True}),
        ("victory", {"siege_lifted": True, "pacified": False}),
        ("draw", {"siege_lifted": False, "pacified": False}),
        ("defeat", {"siege_lifted": False, "pacified": False}),
    ],
)
def test_the_besiegers_attacked(outcome, expected):
    """9.19 (L587): the attacker as Winner removes all tribal SP and lifts the siege, a Major victory Pacifies; a
    Draw or a Tribal victory leaves the tribal SP in place. Constructed, not from the text."""
    assert run("tribal_besiegers_attacked", {"attacker_outcome": outcome}).outcome == expected
