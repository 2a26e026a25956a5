"""4.44 A Visit from Pluto and 4.5 Elections: the examples of 4.51-4.58."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, run

GRACCHUS = {"leader": "S. Gracchus", "mortality": 7}
LEADER_LOSS = [{"row": "MR 7", "casualty_from": 7}, {"row": "DR 6", "result": "Leader Wounded"}]


def test_tv05_both_consuls_get_the_leaderless_consular_armies():
    """TV-05, 4.51 (L238): three CAs without a leader and a single Legion: each Consul must be given a CA, neither
    the single Legion."""
    outcome = run("consul_imperium", {"leaderless_cas": 3, "leaderless_legions": 1}).outcome
    assert outcome == {"consuls": ["a Consular Army without a leader"] * 2, "cas_left": 1, "legions_left": 1}


def test_tv09_election_galba_gets_the_two_legions_trained_in_rome_and_centumalus_ca_vi():
    """TV-09, 4.58 (L298-300): leaderless CA VI and Legions XIX, XX and XVIII: one Consul takes CA VI, the other the
    two Legions combined (CA VII); the single Legion is left for a Praetor, and no Proconsul is needed.
    The Consuls take them in the order 4.51 gives; the example gives Galba the combined pair by choice."""
    outcome = run("consul_imperium", {"leaderless_cas": 1, "leaderless_legions": 3}).outcome
    assert outcome == {
        "consuls": ["a Consular Army without a leader", "a CA of two Legions without leaders, combined"],
        "cas_left": 0,
        "legions_left": 1,
    }


def test_a_lone_legion_makes_a_consul_a_one_legion_army_and_the_other_waits_in_rome():
    """4.51; TV-14's variant (5.14 L373). Constructed, not from the text."""
    outcome = run("consul_imperium", {"leaderless_cas": 0, "leaderless_legions": 1}).outcome
    assert outcome["consuls"] == ["a CA of the single Legion without a leader", "no Imperium: placed in Rome"]


@pytest.mark.parametrize(
    "case, lams",
    [
        ({"office": "praetor", "initiative": 2}, 1),  # TV-07, 4.54 (L256): V. Philo, Initiative 2, one LAM
        ({"office": "dictator", "initiative": 3}, 2),
        ({"office": "magister_equitum", "initiative": 1}, 1),
        ({"office": "praetor_urbanus", "initiative": 3}, 0),
        ({"office": "consul", "initiative": 3}, 3),
        ({"office": "praetor", "initiative": 3, "notable_admiral": True}, 3),
    ],
)
def test_tv07_lams_by_office(case, lams):
    """TV-07 (4.54 L256) and 4.55, 4.56, 13.22."""
    assert run("lams", case).outcome == {"lams": lams}


def test_tv08_livius_may_be_master_of_horse_to_quinctius():
    """TV-08, 4.56 (L266): Quinctius Crispinus (#438) stays in Rome and selects Livius Salinator (#440)."""
    result = run("magister_equitum", {"dictator_id": 438, "magister_id": 440})
    assert result.outcome == {"eligible": True, "difference": 2}
    assert run("magister_equitum", {"dictator_id": 438, "magister_id": 444}).outcome["eligible"] is False
    with pytest.raises(RulesError):
        run("magister_equitum", {"dictator_id": 438, "magister_id": 440, "dictator_takes_field": True})


def test_tv09_governors_sicily_covered_by_marcellus_sardinia_required():
    """TV-09, 4.58 (L293): Marcellus' Theater covers Sicily (a governor may still be elected, as Aurunculus is);
    Sardinia must have one."""
    sicily = run("governor", {"island": "Sicily", "within_consul_or_proconsul_theater": True, "praetors_in_play": 3})
    sardinia = run("governor", {"island": "Sardinia", "praetors_in_play": 3})
    assert (sicily.outcome["governor"], sardinia.outcome["governor"]) == ("may", "must")
    assert run("governor", {"island": "Sardinia", "praetors_in_play": 6}).outcome["may_elect"] is False


def test_tv09_pluto_refuses_while_the_leader_loss_chart_is_empty():
    """4.44: the Leader Loss Chart is AW 8.61's: with no cell for Mortality 7 the procedure stops naming it."""
    with pytest.raises(RulesError) as refusal:
        run("visit_from_pluto", GRACCHUS, 6)
    assert refusal.value.field == "leader_loss"
    assert "Leader Loss Chart" in refusal.value.message and "AW 8.61" in refusal.value.message


def test_tv09_pluto_wounds_gracchus_once_the_chart_is_filled():
    """TV-09, 4.58 (L295): Gracchus, MR 7, rolls 6, +1 for Pluto: a casualty; the second roll, 6: Wounded. The test
    fills the chart's cells the example implies (a casualty from 7 for MR 7; DR 6 Wounded)."""
    result = run("visit_from_pluto", {**GRACCHUS, "leader_loss": LEADER_LOSS}, 6, 6)
    assert result.outcome == {"casualty": True, "result": "Leader Wounded"}
    assert ("A Visit from Pluto", 1) in lines(result, "modifier")


def test_pluto_spares_a_leader_below_the_casualty_row():
    assert run("visit_from_pluto", {**GRACCHUS, "leader_loss": LEADER_LOSS}, 5).outcome == {
        "casualty": False,
        "result": "no effect",
    }
