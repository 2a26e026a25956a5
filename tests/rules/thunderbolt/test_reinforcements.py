"""5.14 and 5.24/7.24: new Legions' leaders, and reinforcements by sea (the examples of 5.14, 5.24 and 7.24)."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import modifiers, run

HISPANIA = {"contingents": [{"name": "Roman", "sp": 12}], "ns_level_drm": -2, "distance_drm": -1}
CARTHAGINIAN = {
    "contingents": [
        {"name": "Libyan infantry", "sp": 10},
        {"name": "Numidian infantry", "sp": 5},
        {"name": "Numidian cavalry", "sp": 10},
    ],
    "ns_level_drm": 3,
    "distance_drm": -2,
    "embark_limit": 25,
}
HALF = [{"row": "50% of 10", "sp": 5}, {"row": "50% of 5", "sp": 2}]


def test_tv16_the_voyage_refuses_while_the_naval_transport_table_is_empty():
    with pytest.raises(RulesError) as refusal:
        run("reinforcement_voyage", HISPANIA, 6)
    assert "Naval Transport Table" in refusal.value.message and "AW Player Aid Card #2" in refusal.value.message


def test_tv16_twelve_sp_for_hispania_land_nine():
    """TV-16, 5.24 (L396): -2 for Mare Hispanum North, -1 for 20-40 Coastal hexes; 6 → 3: a 25% loss, 9 SP."""
    case = {**HISPANIA, "table": [{"row": "3", "loss_percent": 25}], "percentage_loss": [{"row": "25% of 12", "sp": 3}]}
    result = run("reinforcement_voyage", case, 6)
    assert result.outcome == {
        "adjusted": 3,
        "loss_percent": 25,
        "landed": {"Roman": 9},
        "sp_arrived": 9,
        "eliminated_at_disembark": 0,
    }
    assert modifiers(result) == [("Least friendly sea zone's NS level", -2), ("Distance", -1)]


def test_tv27_half_of_each_contingent_reaches_carthago_nova():
    """TV-27, 7.24 (L534): +3 for Mare Africum West, -2 for the Carthago Nova route; a 0 → 1: 50% of each
    contingent: 5 Libyan and 3 Numidian infantry, 5 Numidian cavalry land (50% of 5 lost is 2)."""
    case = {**CARTHAGINIAN, "table": [{"row": "1", "loss_percent": 50}], "percentage_loss": HALF}
    result = run("reinforcement_voyage", case, 0)
    assert result.outcome["landed"] == {"Libyan infantry": 5, "Numidian infantry": 3, "Numidian cavalry": 5}
    assert result.outcome["sp_arrived"] == 13
    with pytest.raises(RulesError):
        run("reinforcement_voyage", {**case, "embark_limit": 24}, 0)


def test_tv14_two_legions_for_two_unemployed_consuls():
    """TV-14, 5.14 (L373): two Legions raised, no CA short, both Consuls without Imperium: the two form a CA for one
    Consul; one Legion alone would make a one-Legion CA."""
    assert run("new_legion_assignment", {"new_legions": 2, "consuls_without_imperium": 2}).outcome == {
        "completing_cas": 0,
        "consul_cas": [2],
        "left": 0,
        "must_form_a_ca": False,
    }
    assert run("new_legion_assignment", {"new_legions": 1, "consuls_without_imperium": 2}).outcome["consul_cas"] == [1]
    assert run(
        "new_legion_assignment", {"new_legions": 3, "single_legion_cas": 1, "consuls_without_imperium": 2}
    ).outcome["consul_cas"] == [2]


def test_four_left_with_both_consuls_commanding_must_form_a_ca():
    """5.14 third bullet. Constructed, not from the text."""
    assert run("new_legion_assignment", {"new_legions": 4}).outcome["must_form_a_ca"] is True
