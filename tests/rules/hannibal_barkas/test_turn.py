"""The turn: sequence of play (III), drawing cards (3.1), initiative (3.3), actions (3.4), consuls (3.2)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.turn import SEQUENCE_OF_PLAY, SETUP_CHECKLIST
from umpire.rules.registry import run_procedure


def steps(result):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in ("step", "modifier")]


def test_sequence_of_play_is_six_stages_with_consuls_in_ii_and_economy_in_iii_and_vi():
    assert [s["stage"] for s in SEQUENCE_OF_PLAY] == ["I", "II", "III", "IV", "V", "VI"]
    keys = {s["stage"]: [p["key"] for p in s["phases"]] for s in SEQUENCE_OF_PLAY}
    assert keys["I"] == ["drawing_cards", "initiative", "actions", "resolving_sieges", "stage_token"]
    assert keys["II"][:2] == ["drawing_cards", "roman_consuls"]
    assert "economy" in keys["III"] and "economy" in keys["VI"] and "economy" not in keys["IV"]
    assert all(
        p["rule"] and p["steps"] and all(s["rule"] for s in p["steps"])
        for stage in SEQUENCE_OF_PLAY
        for p in stage["phases"]
    )
    assert len(SETUP_CHECKLIST) == 10 and SETUP_CHECKLIST[2]["rule"] == "II; VII"


def test_example_1_card_draw():
    """3.1 Example 1: Rome with no ally draws 2; Carthage with Massilia and Macedonia draws 4."""
    data = {
        "hands": [
            {"player": "A", "nation": "rome"},
            {"player": "B", "nation": "carthage", "allies": ["massilia", "macedonia"]},
        ]
    }
    result = run_procedure("hannibal_barkas.draw_cards", data, EnteredDice([]))
    a, b = result.outcome["players"]
    assert a["drawn"] == {"rome": 2} and a["total"] == 2
    assert b["drawn"] == {"carthage": 2, "massilia": 1, "macedonia": 1} and b["total"] == 4
    assert steps(result)[1] == ("step", "B draws 4: 2 from carthage, 1 from massilia, 1 from macedonia", 4)


def test_hand_limit_9_cards_discards_2():
    data = {"hands": [{"player": "A", "nation": "rome", "cards_in_hand": 7}]}
    result = run_procedure("hannibal_barkas.draw_cards", data, EnteredDice([]))
    assert result.outcome["players"][0] == {"player": "A", "drawn": {"rome": 2}, "total": 2, "hand": 7, "discard": 2}


def test_the_syracuse_player_draws_only_from_syracuse():
    data = {"hands": [{"player": "S", "nation": "syracuse", "allies": ["massilia"]}]}
    result = run_procedure("hannibal_barkas.draw_cards", data, EnteredDice([]))
    assert result.outcome["players"][0]["drawn"] == {"syracuse": 2}


def test_an_empty_deck_is_rebuilt_from_its_discards():
    data = {"hands": [{"player": "A", "nation": "rome"}], "decks": [{"nation": "rome", "cards_left": 1, "discards": 5}]}
    result = run_procedure("hannibal_barkas.draw_cards", data, EnteredDice([]))
    assert result.outcome["decks"]["rome"] == {"cards_left": 4, "discards": 0}


def test_rome_cannot_be_carthages_ally():
    with pytest.raises(RulesError) as refusal:
        run_procedure(
            "hannibal_barkas.draw_cards",
            {"hands": [{"player": "B", "nation": "carthage", "allies": ["rome"]}]},
            EnteredDice([]),
        )
    assert refusal.value.field == "hands.0.allies.0"


EXAMPLE_2 = {
    "players": [
        {"player": "A", "initiative": 3},
        {"player": "B", "initiative": 2},
        {"player": "C", "initiative": 1},
        {"player": "D", "initiative": 1},
    ]
}


def test_example_2_initiative_order():
    """3.3 Example 2: A 3 IP, B 2, C and D 1 each; D rolls higher: A, B, D, C."""
    result = run_procedure("hannibal_barkas.initiative_order", EXAMPLE_2, EnteredDice([4, 9]))
    assert result.outcome["order"] == ["A", "B", "D", "C"]
    assert result.outcome["tokens"] == {"A": 1, "B": 2, "D": 3, "C": 4}
    assert [(d.purpose, d.value) for d in result.dice] == [("C's initiative tie", 4), ("D's initiative tie", 9)]


def test_equal_tie_rolls_roll_again():
    result = run_procedure("hannibal_barkas.initiative_order", EXAMPLE_2, EnteredDice([5, 5, 8, 2]))
    assert result.outcome["order"] == ["A", "B", "C", "D"] and len(result.dice) == 4


ROUND = {
    "players": [
        {"player": "A", "nation": "rome", "initiative": 3, "talents": 20},
        {"player": "B", "nation": "rome", "initiative": 2, "talents": 20},
        {"player": "D", "nation": "carthage", "initiative": 1, "talents": 20},
        {"player": "C", "nation": "carthage", "initiative": 1, "talents": 20},
    ],
    "actions": [
        {"player": "A", "kind": "activate", "regions": [{"name": "Roma"}], "destinations": ["Etruria"]},
        {"player": "B", "kind": "political", "state": "Massilia"},
        {"player": "C", "kind": "card_for_initiative", "card_initiative": 2},
        {"player": "D", "kind": "pass"},
    ],
}


def test_example_2b_action_round():
    """3.4 "Example 2": A moves (-1 IP), B acts politically (-2 IP, -10 T), C plays a card for 2 IP, D passes.

    The narration has C act before D, but the order fixed in Example 2 is A, B, D, C, and 3.3 says it holds for
    the whole stage. The engine acts in the initiative order whatever order the actions are listed in, so D's
    pass comes before C's card. The next round is A (2 IP), B (0 IP), C (3 IP), not re-sorted by IP.
    """
    result = run_procedure("hannibal_barkas.action_round", ROUND, EnteredDice([]))
    assert result.outcome["acted"] == ["A", "B", "D", "C"]
    assert result.outcome["next_round"] == ["A", "B", "C"]
    players = result.outcome["players"]
    assert (players["A"]["initiative"], players["B"]["initiative"], players["C"]["initiative"]) == (2, 0, 3)
    assert players["B"]["talents"] == 10 and players["D"]["passed"]
    assert ("modifier", "political action: Talents", -10) in steps(result)


def test_a_player_who_has_passed_cannot_act():
    data = {"players": [dict(ROUND["players"][2], passed=True)], "actions": [{"player": "D", "kind": "pass"}]}
    with pytest.raises(RulesError) as refusal:
        run_procedure("hannibal_barkas.action_round", data, EnteredDice([]))
    assert refusal.value.field == "actions.0.player"


def test_political_action_needs_2_ip_and_10_talents():
    data = {
        "player": {"player": "B", "nation": "rome", "initiative": 1, "talents": 30},
        "action": {"player": "B", "kind": "political", "state": "Numidia"},
    }
    with pytest.raises(RulesError, match="holds 1 IP: the action costs 2"):
        run_procedure("hannibal_barkas.take_action", data, EnteredDice([]))


def test_activating_a_region_and_doing_nothing_costs_1_ip():
    data = {
        "player": {"player": "A", "nation": "rome", "initiative": 1, "talents": 0},
        "action": {"player": "A", "kind": "activate", "regions": [{"name": "Capua"}]},
    }
    result = run_procedure("hannibal_barkas.take_action", data, EnteredDice([]))
    assert result.outcome["initiative"] == 0


def test_a_card_played_for_initiative_needs_its_printed_value():
    data = {
        "player": {"player": "A", "nation": "rome", "initiative": 1, "talents": 0},
        "action": {"player": "A", "kind": "card_for_initiative", "card": "Storm"},
    }
    with pytest.raises(RulesError) as refusal:
        run_procedure("hannibal_barkas.take_action", data, EnteredDice([]))
    assert refusal.value.field == "action.card_initiative"


POOL = [{"name": "Consul III"}, {"name": "Consul IV"}, {"name": "Consul V"}]
SITTING = [{"name": "Consul I", "location": "Capua"}, {"name": "Consul II", "location": "Ariminum"}]


def test_yearly_draw_puts_last_years_consuls_back_in_the_pool():
    data = {"pool": POOL, "sitting": SITTING}
    result = run_procedure("hannibal_barkas.consul_draw", data, EnteredDice([4, 1]))
    assert result.outcome == {
        "drawn": ["Consul I", "Consul III"],
        "placed": {"Consul I": "Capua", "Consul III": "Ariminum"},
        "leaving": ["Consul II"],
    }
    assert any("Reading used: last year's consuls" in line.text for line in result.working)


def test_other_reading_keeps_last_years_consuls_out_of_the_draw():
    data = {"pool": POOL, "sitting": SITTING, "options": {"sitting_eligible": False}}
    with pytest.raises(RulesError, match="is a d3: 4"):
        run_procedure("hannibal_barkas.consul_draw", data, EnteredDice([4, 1]))


def test_a_dead_named_consul_leaves_the_game_and_his_successor_goes_to_rome():
    data = {
        "pool": POOL,
        "sitting": [{"name": "Scipio Africanus", "named": True, "location": "Capua"}],
        "occasion": "replace_dead",
        "dead": "Scipio Africanus",
    }
    result = run_procedure("hannibal_barkas.consul_draw", data, EnteredDice([3]))
    assert result.outcome["drawn"] == ["Consul V"] and result.outcome["placed"] == {"Consul V": "Rome"}
    assert result.dice[0].sides == 3
