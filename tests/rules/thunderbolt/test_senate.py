"""4.6-4.7: Senatorial Permission, Censure and the Triumph: the examples of 4.66 and 4.68."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import modifiers, run

CLAUDIUS = {"campaign_rating": 6, "purpose": "leave_theater"}
CHART = [
    {"row": "Proconsul", "drm": 1},
    {"row": "Prorogued to the province", "drm": 2},
    {"row": "No Dictator in play", "drm": 0},
]


def test_tv11_senate_permission_refuses_while_the_chart_is_empty():
    """4.66: the Senate Permission Chart is on the Roman PAC; a line without its DRM stops the procedure."""
    with pytest.raises(RulesError) as refusal:
        run("senate_permission", {**CLAUDIUS, "chart": [{"row": "Proconsul"}]}, 6)
    assert refusal.value.field == "chart.0.drm" and "Senate Permission Chart" in refusal.value.message


def test_tv11_claudius_is_denied():
    """TV-11, 4.66 (L321): +1 Proconsul, +2 prorogued to the province, no Dictator; Campaign Rating 6, so a 3 or
    less is needed; he rolls 6: 9, denied."""
    result = run("senate_permission", {**CLAUDIUS, "chart": CHART}, 6)
    assert result.outcome == {"adjusted": 9, "granted": False, "applies_also_to": []}
    assert modifiers(result) == [("Proconsul", 1), ("Prorogued to the province", 2), ("No Dictator in play", 0)]


def test_a_dictator_in_rome_and_guile_help_and_a_triumph_request_uses_guile_alone():
    """4.56: the Dictator in Rome subtracts his Initiative; 4.72: a Triumph request takes only Guile Points.
    Constructed, not from the text."""
    helped = run(
        "senate_permission", {**CLAUDIUS, "chart": CHART, "dictator_in_rome_initiative": 2, "guile_points": 1}, 6
    )
    assert helped.outcome["granted"] is True and helped.outcome["adjusted"] == 6
    triumph = run(
        "senate_permission", {"campaign_rating": 5, "purpose": "triumph", "chart": CHART, "guile_points": 2}, 7
    )
    assert triumph.outcome["adjusted"] == 5 and triumph.outcome["granted"] is True


def test_permission_to_enter_rome_needs_20_enemy_sp_near():
    """4.63: "Senate permission cannot be requested unless there are 20+ SP of enemy units within 10 hexes"."""
    with pytest.raises(RulesError) as refusal:
        run(
            "senate_permission",
            {"campaign_rating": 5, "purpose": "enter_rome", "enemy_sp_within_10_hexes_of_rome": 19},
            1,
        )
    assert refusal.value.field == "enemy_sp_within_10_hexes_of_rome"


def test_tv12_censure_refuses_while_the_chart_is_empty():
    with pytest.raises(RulesError) as refusal:
        run("censure", {"campaign_rating": 6, "chart": [{"row": "Successful battle"}]}, 7)
    assert "Censure Chart" in refusal.value.message


def test_tv12_claudius_escapes_censure():
    """TV-12, 4.68 (L325): -1 for the successful battle; he rolls 7: 6, not higher than 6."""
    result = run("censure", {"campaign_rating": 6, "chart": [{"row": "Successful battle", "drm": -1}]}, 7)
    assert result.outcome == {"adjusted": 6, "censured": False}


@pytest.mark.parametrize("losses, state", [(14, "earned"), (15, "ask the Senate")])
def test_triumph(losses, state):
    """4.71-4.72: 10+ SP casualties and back in Rome; 15% Roman losses or more needs the Senate. Constructed."""
    case = {"won_battle_or_siege": True, "enemy_casualties": 10, "returned_to_rome": True, "roman_loss_percent": losses}
    assert run("triumph", case).outcome == {"triumph": state}
    assert run("triumph", {**case, "enemy_casualties": 9}).outcome == {"triumph": "not earned"}


def test_tv10_one_roll_for_the_consul_holds_for_both_proconsuls():
    """TV-10, 4.61 (L312): the Consul's successful Senate Permission Operation is granted to him and to both
    Proconsuls in his force. His Campaign Rating and roll are the test's own."""
    case = {**CLAUDIUS, "chart": [], "leaders_in_force": ["Proconsul of Sicily I", "Proconsul of Sicily II"]}
    outcome = run("senate_permission", case, 4).outcome
    assert outcome == {
        "adjusted": 4,
        "granted": True,
        "applies_also_to": ["Proconsul of Sicily I", "Proconsul of Sicily II"],
    }
