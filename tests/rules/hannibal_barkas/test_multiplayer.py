"""X. Multiplayer Game (10.1-10.4): seats, spheres of influence, and who may do what to whom. The rulebook gives no
worked example; each vector is constructed, not from the text, and cites the line it checks."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import multiplayer
from umpire.rules.registry import run_procedure

FIVE = [
    {"name": "Fabius", "nation": "rome", "sphere": "southern"},
    {"name": "Scipio", "nation": "rome", "sphere": "northern"},
    {"name": "Hanno", "nation": "carthage", "sphere": "africa"},
    {"name": "Hannibal", "nation": "carthage", "sphere": "hispania_italy"},
    {"name": "Hiero", "nation": "syracuse"},
]


def run(data):
    assert multiplayer.multiplayer_check
    return run_procedure("hannibal_barkas.multiplayer_check", data, EnteredDice([]))


def allowed(*questions, players=FIVE, ally="rome"):
    result = run({"players": players, "syracuse_ally": ally, "questions": list(questions)})
    return [a["allowed"] for a in result.outcome["answers"]]


def test_five_players_two_a_main_nation_and_syracuse_and_vp_shown_to_allies_only():
    """10.2 (L784): "As above, with the 5th player controlling Syracuse"; 10.3 (L788): VP only to one's ally."""
    result = run({"players": FIVE})
    assert result.outcome["vp_shown_to"] == {
        "Fabius": ["Scipio"],
        "Scipio": ["Fabius"],
        "Hanno": ["Hannibal"],
        "Hannibal": ["Hanno"],
        "Hiero": [],
    }
    assert "cards or gold" in " ".join(line.text for line in result.working if line.kind == "note")


def test_the_seats_follow_10_2():
    """10.2 (L778-783): 2 players Rome and Carthage; 4 players two each. Three Romans of four is refused."""
    run({"players": [{"name": "A", "nation": "rome"}, {"name": "B", "nation": "carthage"}]})
    with pytest.raises(RulesError, match="with 4 players, rome has 2"):
        run(
            {
                "players": [
                    {"name": n, "nation": "rome", "sphere": s}
                    for n, s in (("A", "southern"), ("B", "northern"), ("C", "southern"))
                ]
                + [FIVE[2]]
            }
        )


def test_two_players_of_a_nation_take_its_two_spheres_one_each():
    """10.1 (L756-764): Rome's spheres are Southern and Northern; Carthage's Africa and Hispania with Italy."""
    with pytest.raises(RulesError, match="one each"):
        run({"players": [{**FIVE[0]}, {**FIVE[1], "sphere": "southern"}, FIVE[2], FIVE[3]]})
    with pytest.raises(RulesError) as refusal:
        run({"players": [{**FIVE[0], "sphere": "africa"}, FIVE[1], FIVE[2], FIVE[3]]})
    assert refusal.value.field == "players.0.sphere"
    with pytest.raises(RulesError) as refusal:
        run({"players": [{"name": "A", "nation": "rome", "sphere": "southern"}, {"name": "B", "nation": "carthage"}]})
    assert refusal.value.field == "players.0.sphere"


def test_who_may_attack_whom():
    """10.1 (L756): players of one nation are one side; 10.4 (L794, L796): Syracuse cannot attack its ally (and
    vice versa), nor a neutral state."""
    assert allowed(
        {"act": "attack", "by": "Fabius", "to": "Scipio"},
        {"act": "attack", "by": "Hiero", "to": "Fabius"},
        {"act": "attack", "by": "Scipio", "to": "Hiero"},
        {"act": "attack", "by": "Hiero", "to": "Hannibal"},
        {"act": "attack_neutral", "by": "Hiero"},
        {"act": "attack_neutral", "by": "Hannibal"},
    ) == [False, False, False, True, False, True]
    assert allowed({"act": "attack", "by": "Hiero", "to": "Fabius"}, ally="carthage") == [True]


def test_syracuse_s_ally_must_be_named_to_judge_an_attack():
    with pytest.raises(RulesError) as refusal:
        run({"players": FIVE, "questions": [{"act": "attack", "by": "Hiero", "to": "Hanno"}]})
    assert refusal.value.field == "syracuse_ally"


def test_armies_without_leaders_are_common_to_a_side_those_with_leaders_are_their_owner_s():
    """10.1 (L768): "Armies without leaders are treated as common and may be activated and paid for by both
    players of the same side"; L770: only one's own armies with leaders are handed over."""
    assert allowed(
        {"act": "activate", "by": "Scipio", "army_owner": "Fabius"},
        {"act": "activate", "by": "Scipio", "army_owner": "Fabius", "army_has_leader": True},
        {"act": "activate", "by": "Hanno", "army_owner": "Fabius"},
        {"act": "hand_over_army", "by": "Fabius", "to": "Scipio", "army_has_leader": True},
        {"act": "hand_over_army", "by": "Fabius", "to": "Scipio"},
        {"act": "hand_over_army", "by": "Fabius", "to": "Hanno", "army_has_leader": True},
    ) == [True, False, False, True, False, False]


def test_captured_cities_may_be_handed_over_basic_sphere_cities_may_not():
    """10.1 (L770): "One can hand over ... captured cities. Cities from the basic sphere of influence cannot be
    handed over"."""
    assert allowed(
        {
            "act": "hand_over_city",
            "by": "Hannibal",
            "to": "Hanno",
            "city_sphere": "southern",
            "captured_by": "Hannibal",
        },
        {
            "act": "hand_over_city",
            "by": "Hannibal",
            "to": "Hanno",
            "city_sphere": "hispania_italy",
            "captured_by": "Hannibal",
        },
        {
            "act": "hand_over_city",
            "by": "Hannibal",
            "to": "Fabius",
            "city_sphere": "southern",
            "captured_by": "Hannibal",
        },
    ) == [True, False, False]


def test_city_cards_and_income_only_from_one_s_own_sphere():
    """10.1 (L766): "Players receive city cards, and the income that goes with them, only from their own sphere";
    L770: the sphere is extended by armies with leaders and by cities his armies captured."""
    assert allowed(
        {"act": "city_card", "by": "Fabius", "city_sphere": "southern"},
        {"act": "city_card", "by": "Fabius", "city_sphere": "northern"},
        {"act": "city_card", "by": "Fabius", "city_sphere": "africa", "captured_by": "Fabius"},
        {"act": "city_card", "by": "Fabius", "city_sphere": "northern", "leader_army_there": True},
    ) == [True, False, True, True]


def test_a_question_naming_no_player_is_refused_by_field():
    with pytest.raises(RulesError) as refusal:
        run({"players": FIVE, "questions": [{"act": "attack", "by": "Fabius", "to": "Nobody"}]})
    assert refusal.value.field == "questions.0.to"
