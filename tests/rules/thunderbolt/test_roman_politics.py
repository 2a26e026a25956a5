"""4.0 Roman Political and Command System: the worked examples of 4.23-4.92 and the Extended Example (4.58)."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, modifiers, run


def test_tv03_sempronius_may_hold_consular_army_ii_and_two_theaters():
    """TV-03, 4.23 (L197): Sempronius Longus, a Consul, holds CA II (Legions III and IV) and has Sicily and Africa as
    Theaters: a Consul's Imperium is two Legions, and a Consul may be given any Theater."""
    assert run("imperium", {"office": "consul", "legions": 2}).outcome == {"allowed": 2, "fits": True}
    case = {
        "assignments": [
            {"leader": "Sempronius Longus", "office": "consul", "area": "Sicily"},
            {"leader": "Sempronius Longus", "office": "consul", "area": "Africa"},
        ]
    }
    assert run("theater_assignment", case).outcome == {"valid": True}


@pytest.mark.parametrize(
    "office, legions, fits",
    [
        ("dictator", 4, True),
        ("dictator", 5, False),
        ("magister_equitum", 2, True),
        ("proconsul", 3, False),
        ("praetor", 1, True),
        ("praetor", 2, False),
        ("praetor_urbanus", 1, True),
    ],
)
def test_imperium_by_office(office, legions, fits):
    """4.21: Dictator 4 Legions, ME/Consul/Proconsul 2, Praetor 1, Praetor Urbanus the garrison (and one Legion
    training in Rome, 4.55)."""
    assert run("imperium", {"office": office, "legions": legions}).outcome["fits"] is fits


def test_the_praetor_urbanus_holds_the_rome_garrison_and_one_legion_at_most():
    """4.21, 4.55: the Praetor Urbanus's Imperium is the Rome Garrison, not a number of Legions."""
    assert run("imperium", {"office": "praetor_urbanus", "legions": 2}).outcome == {
        "allowed": "Rome Garrison",
        "fits": False,
    }


def test_tv04_crassus_proconsul_may_have_calabria_but_not_roman_italy():
    """TV-04, 4.32 (L211): Crassus, Proconsul with CA VI, is assigned the province of Calabria in Roman Italy."""
    calabria = {"leader": "Crassus", "office": "proconsul", "area": "Calabria", "is_province_in_roman_italy": True}
    assert run("theater_assignment", {"assignments": [calabria]}).outcome == {"valid": True}
    theater = {"leader": "Crassus", "office": "proconsul", "area": "Roman Italy", "is_roman_italy": True}
    with pytest.raises(RulesError) as refusal:
        run("theater_assignment", {"assignments": [theater]})
    assert refusal.value.field == "assignments.0.area"


def test_tv09_two_proconsuls_in_campania_follow_4_31_unless_the_example_s_reading_is_chosen():
    """TV-09, 4.58 (L291) against 4.31 (L207): the example assigns Flaccus and Pulcher both to Campania and says "no
    more than two Proconsuls can be assigned to the same province"; 4.31 says one. The default follows the rule
    text (the seed's own rule); the example's reading is an option."""
    flaccus = {"leader": "Flaccus", "office": "proconsul", "area": "Campania", "is_province_in_roman_italy": True}
    pulcher = dict(flaccus, leader="Pulcher")
    with pytest.raises(RulesError):
        run("theater_assignment", {"assignments": [flaccus, pulcher]})
    case = {"assignments": [flaccus, pulcher], "options": {"proconsuls_per_province": "two"}}
    result = run("theater_assignment", case)
    assert result.outcome == {"valid": True}
    assert ("Proconsuls per Roman Italy province: at most 2", 2) in lines(result, "choice")


@pytest.mark.parametrize(
    "assignment",
    [
        {"leader": "Q. Crispinus", "office": "dictator", "area": "Roman Italy"},
        {"leader": "V. Philo", "office": "praetor", "area": "Umbria"},
    ],
)
def test_a_dictator_or_an_ordinary_praetor_is_never_assigned(assignment):
    """4.32: "A Dictator/ME is never assigned a Theater/province"; a Praetor only as governor."""
    with pytest.raises(RulesError):
        run("theater_assignment", {"assignments": [assignment]})


def test_tv09_extended_example_prorogue():
    """TV-09, 4.58 (L290-292): Asellus (Praetor Urbanus) and the governors Scaevola and Lentulus go to the pool;
    the Consuls Flaccus and Pulcher become Proconsuls; the Proconsuls and Praetors stay in office."""
    magistrates = [
        {"leader": "Flaccus", "office": "consul", "legions": 2, "prorogue_as": "proconsul"},
        {"leader": "Pulcher", "office": "consul", "legions": 2, "prorogue_as": "proconsul"},
        {"leader": "Marcellus", "office": "proconsul", "legions": 2, "prorogue_as": "proconsul"},
        {"leader": "Nero", "office": "praetor", "legions": 1, "prorogue_as": "praetor"},
        {"leader": "Scaevola", "office": "praetor", "legions": 1},
        {"leader": "Asellus", "office": "praetor_urbanus", "legions": 2},
    ]
    outcome = run("prorogue", {"magistrates": magistrates}).outcome["magistrates"]
    assert outcome == {
        "Flaccus": "proconsul",
        "Pulcher": "proconsul",
        "Marcellus": "proconsul",
        "Nero": "praetor",
        "Scaevola": "the leader pool",
        "Asellus": "the leader pool",
    }


@pytest.mark.parametrize(
    "magistrate",
    [
        {"leader": "Asellus", "office": "praetor_urbanus", "legions": 0, "prorogue_as": "praetor"},
        {"leader": "X", "office": "consul", "legions": 0, "prorogue_as": "proconsul"},
        {"leader": "Y", "office": "consul", "legions": 2, "prorogue_as": "praetor"},
        {"leader": "Z", "office": "proconsul", "legions": 2, "prorogue_as": "praetor"},
    ],
)
def test_prorogues_4_42_does_not_allow_are_refused(magistrate):
    with pytest.raises(RulesError) as refusal:
        run("prorogue", {"magistrates": [magistrate]})
    assert refusal.value.field == "magistrates.0.prorogue_as"


def test_a_besieged_dictator_must_be_prorogued_as_proconsul_and_a_triumphant_leader_goes_to_the_box():
    """4.42: besieged outside a port or Rome, he must be prorogued; 4.41: one not prorogued who earned a Triumph goes
    to the Triumph Holding Box."""
    magistrates = [
        {"leader": "D", "office": "dictator", "legions": 4, "besieged_outside_port_or_rome": True},
        {"leader": "T", "office": "proconsul", "legions": 2, "triumph": True},
    ]
    outcome = run("prorogue", {"magistrates": magistrates}).outcome["magistrates"]
    assert outcome == {"D": "proconsul", "T": "the Triumph Holding Box"}


@pytest.mark.parametrize(
    "facts, level, dictator",
    [
        ({}, "none", "may not"),
        ({"enemy_occupies_medium_large_cities_in_roman_italy": 2}, "minor", "may"),
        ({"ca_lost_major_battle_with_30_percent": True}, "minor", "may"),
        ({"major_battles_lost_this_turn": 1, "major_battles_lost_prior_turn": 1}, "none", "may not"),
        ({"major_battles_lost_prior_turn": 2}, "major", "must"),
        ({"roma_under_siege": True}, "major", "must"),
        ({"enemy_occupies_city_within_3_hexes_of_roma": True}, "major", "must"),
    ],
)
def test_states_of_emergency(facts, level, dictator):
    """4.57; "one in each doesn't count" for the two lost Major battles. Constructed, not from the text."""
    outcome = run("state_of_emergency", facts).outcome
    assert (outcome["emergency"], outcome["dictator"]) == (level, dictator)
    assert outcome["marine_and_slave_legions"] is (level == "major")


def test_tv13_a_c_rated_consul_with_6_legions():
    """TV-13, 4.92 (L357): a C Battle Rating commands 4 Legions efficiently; attacking with 6: -2; defending, his
    opponent gets +2."""
    attack = run("command_efficiency", {"battle_rating": "C", "legions": 6, "situation": "battle_attacking"})
    assert attack.outcome == {"over": 2, "drm": -2}
    assert ("Command Efficiency Rating (Legions): C", 4) in lines(attack, "table")
    defend = run("command_efficiency", {"battle_rating": "C", "legions": 6, "situation": "battle_defending"})
    assert defend.outcome["drm"] == 2


@pytest.mark.parametrize(
    "case, drm",
    [
        ({"battle_rating": "E", "legions": 5, "situation": "siege_attrition"}, 1),
        ({"legions": 5, "situation": "siege_attrition"}, 2),
        ({"battle_rating": "A", "legions": 8, "situation": "siege_assault_attacking"}, -2),
        ({"battle_rating": "A", "legions": 8, "situation": "siege_assault_defending"}, 0),
    ],
)
def test_cer_at_a_siege(case, drm):
    """4.92: +1 a Siege Attrition DR for every 2 Legions over; none present, all over; no penalty defending an
    assault. Constructed, not from the text."""
    assert run("command_efficiency", case).outcome["drm"] == drm


def test_the_command_hierarchy():
    """4.81: a Consul may include another Consul (same or lower), a Proconsul may not include a Consul."""
    consul = run("command_hierarchy", {"commander": "consul", "others": ["consul", "proconsul", "praetor"]})
    assert consul.outcome == {"allowed": [True, True, True], "all_allowed": True, "consul_is_overall_commander": True}
    proconsul = run(
        "command_hierarchy",
        {"commander": "proconsul", "others": ["consul", "proconsul", "praetor"], "dictator_in_play": True},
    )
    assert proconsul.outcome["allowed"] == [False, False, True]
    assert modifiers(proconsul) == []


def test_tv06_manlius_vulso_proconsul_for_sicily():
    """TV-06, 4.53 (L244): a Proconsul for the CA in Sicily takes Sicily as his Theater."""
    case = {"assignments": [{"leader": "Manlius Vulso", "office": "proconsul", "area": "Sicily"}]}
    assert run("theater_assignment", case).outcome == {"valid": True}
    assert run("imperium", {"office": "proconsul", "legions": 2}).outcome["fits"] is True
