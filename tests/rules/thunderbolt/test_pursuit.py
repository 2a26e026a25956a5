"""4.61-4.62 leaving a Theater/province and Hot Pursuit (L307-315), Censure's trigger (4.67, L322), and 4.24 a
Proconsul's Treachery (L200). The text gives no worked example of these: the vectors are constructed."""

import pytest

from .helpers import lines, run


@pytest.mark.parametrize(
    "case, outcome",
    [
        (
            {"office": "consul", "how": "force_movement", "stops_at_enemy": True},
            {"permission_needed": False, "hot_pursuit": True, "censure": True},
        ),
        (
            {"office": "praetor", "how": "interception", "successful": True},
            {"permission_needed": False, "hot_pursuit": True, "censure": True},
        ),
        (
            {"office": "allied_leader", "how": "coordination", "successful": True},
            {"permission_needed": False, "hot_pursuit": True, "censure": False},
        ),
        (
            {"office": "proconsul", "how": "force_movement"},
            {"permission_needed": True, "hot_pursuit": False, "censure": False},
        ),
        (
            {"office": "consul", "how": "interception"},
            {"permission_needed": True, "hot_pursuit": False, "censure": False},
        ),
    ],
)
def test_hot_pursuit_needs_no_senate_but_brings_censure(case, outcome):
    """4.62 (L315): a Force Movement that Stops with or next to an enemy force outside a city, or a successful
    Interception/Coordination; 4.67 (L322): "A Consul/Proconsul/Praetor that engages in Hot Pursuit (4.62) is
    subject to Censure". Constructed, not from the text."""
    assert run("leaving_theater", case).outcome == outcome


@pytest.mark.parametrize(
    "case",
    [
        {"office": "dictator", "how": "force_movement"},
        {"office": "consul", "how": "force_movement", "in_dictators_force": True, "stops_at_enemy": True},
        {"office": "consul", "how": "leader_movement"},
        {"office": "proconsul", "how": "force_movement", "imperium": False},
        {"office": "praetor", "how": "force_movement", "augury_event": True},
        {"office": "consul", "how": "force_movement", "permission_to_leave": True, "stops_at_enemy": True},
    ],
)
def test_the_4_61_exceptions_need_no_senate_and_bring_no_censure(case):
    """4.61 (L307-311): a Dictator/ME and his force, an Augury event, no Imperium, Leader Movement; 4.61 (L313):
    Permission to Leave lasts the Game Turn. Constructed, not from the text."""
    result = run("leaving_theater", case)
    assert result.outcome == {"permission_needed": False, "hot_pursuit": False, "censure": False}
    assert lines(result, "step")[0][0].startswith("No permission needed")


@pytest.mark.parametrize(
    "case, may",
    [
        ({"office": "proconsul", "guile_points": 1}, True),
        ({"office": "proconsul", "guile_points": 0}, False),
        ({"office": "consul", "guile_points": 2}, None),
    ],
)
def test_a_proconsul_may_use_treachery_with_a_guile_point(case, may):
    """4.24 (L200): "Proconsuls may use Treachery if they have a Guile Point to spend"; for the other offices AW
    9.62 decides, which is not printed. Constructed, not from the text."""
    assert run("proconsul_treachery", case).outcome == {"may": may}
