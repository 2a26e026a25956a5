"""Victory Points (11.2) and victory (XI, 10.3, 10.4)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.victory import THRESHOLDS  # importing it registers the procedures
from umpire.rules.registry import run_procedure


def award(events, players=({"player": "Hannibal", "vp": 0}, {"player": "Scipio", "vp": 10})):
    return run_procedure("hannibal_barkas.award_vp", {"players": list(players), "events": events}, EnteredDice([]))


@pytest.mark.parametrize("eliminated, vp", [(4, 0), (6, 1), (14, 2)])
def test_battle_vp_one_per_full_5_units(eliminated, vp):
    """11.2.3 mini-vector: 4 / 6 / 14 enemy units eliminated give 0 / 1 / 2 VP."""
    result = award([{"player": "Hannibal", "source": "battle_won", "units_eliminated": eliminated}])
    assert result.outcome["vp"]["Hannibal"] == vp


def test_siga_hannibal_an_alliance_and_a_retaken_city():
    """Siga's card gives 8 VP (1.3.2); Hannibal's card 8 (1.3.3); an alliance +2; a retaken city gives back."""
    result = award(
        [
            {"player": "Hannibal", "source": "city_captured", "name": "Siga", "card_vp": 8},
            {"player": "Scipio", "source": "leader_killed", "name": "Hannibal", "card_vp": 8},
            {"player": "Hannibal", "source": "alliance_gained", "name": "Massilia"},
            {"player": "Hannibal", "source": "city_retaken", "name": "Siga", "card_vp": 8},
            {"player": "Scipio", "source": "devastation", "tokens": 5},
        ]
    )
    assert result.outcome["vp"] == {"Hannibal": 2, "Scipio": 20}


def test_a_dictator_killed_gives_2_more():
    result = award([{"player": "Hannibal", "source": "dictator_killed", "name": "Consul I", "card_vp": 1}])
    assert result.outcome["vp"]["Hannibal"] == 3


def test_a_city_without_its_vp_stops_with_a_named_error():
    with pytest.raises(RulesError, match="the VP on the city card of Capua are not in the rulebook") as refusal:
        award([{"player": "Hannibal", "source": "city_captured", "name": "Capua"}])
    assert refusal.value.field == "events.0.card_vp"


PLAYERS = [
    {"player": "Scipio", "nation": "rome", "vp": 14},
    {"player": "Consul I", "nation": "rome", "vp": 17},
    {"player": "Hannibal", "nation": "carthage", "vp": 25},
]


def check(**data):
    return run_procedure("hannibal_barkas.check_victory", {"players": PLAYERS, **data}, EnteredDice([])).outcome


def test_small_war_side_reaches_30_together_and_its_best_player_wins():
    """10.3: the side's players together reach 30; the one who gained more wins."""
    assert check() == {
        "over": True,
        "side": "rome",
        "player": "Consul I",
        "how": "vp",
        "side_vp": {"rome": 31, "carthage": 25},
    }


def test_big_war_needs_50():
    assert check(variant="big_war")["over"] is False and THRESHOLDS.rows["big_war"]["side"] == 50


def test_capturing_the_enemy_capital_wins_at_once():
    assert check(variant="campaign", capitals_taken=["Roma by carthage"])["side"] == "carthage"


def test_syracuse_needs_both_capitals():
    players = PLAYERS + [{"player": "Ajostros", "nation": "syracuse", "vp": 3}]
    data = {"players": players, "variant": "campaign", "capitals_taken": ["Roma by syracuse"]}
    assert run_procedure("hannibal_barkas.check_victory", data, EnteredDice([])).outcome["over"] is False
    data["capitals_taken"] = ["Roma by syracuse", "Carthago by syracuse"]
    assert run_procedure("hannibal_barkas.check_victory", data, EnteredDice([])).outcome["side"] == "syracuse"


def test_scenario_i_rome_wins_when_carthage_has_under_5_units_in_italy():
    players = [{"player": "R", "nation": "rome", "vp": 0}, {"player": "H", "nation": "carthage", "vp": 0}]
    data = {"players": players, "variant": "scenario_i", "carthaginian_units_in_italy": 4}
    assert run_procedure("hannibal_barkas.check_victory", data, EnteredDice([])).outcome["side"] == "rome"
    data["carthaginian_units_in_italy"] = 5
    assert run_procedure("hannibal_barkas.check_victory", data, EnteredDice([])).outcome["over"] is False
