"""Activation (4.2), land movement, crossing the Alps (4.3), sea movement and transport (4.4)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.movement import FLEET_MP  # importing it registers the procedures
from umpire.rules.registry import run_procedure


def test_example_4_multi_region_activation_costs_2_ip():
    """4.2 Example 4: armies A, B and C end in one field; C has an active leader, so only A and B cost 1 IP."""
    data = {
        "regions": [{"name": "A"}, {"name": "B"}, {"name": "C", "active_leader": True}],
        "destinations": ["Capua"],
        "initiative": 3,
    }
    result = run_procedure("hannibal_barkas.activate_armies", data, EnteredDice([]))
    assert result.outcome["initiative_cost"] == 2 and result.outcome["initiative_left"] == 1
    assert [(line.text, line.value) for line in result.working if line.kind == "modifier"] == [
        ("A: 1 IP to activate", 1),
        ("B: 1 IP to activate", 1),
        ("C: an active leader ('A') activates it for free", 0),
    ]


def test_several_regions_must_end_in_one_field():
    data = {"regions": [{"name": "A"}, {"name": "B"}], "destinations": ["Capua", "Roma"]}
    with pytest.raises(RulesError) as refusal:
        run_procedure("hannibal_barkas.activate_armies", data, EnteredDice([]))
    assert refusal.value.field == "input.destinations"


def test_several_to_several_is_allowed_with_a_fleet_landing():
    data = {"regions": [{"name": "A"}, {"name": "B"}], "destinations": ["Capua", "Roma"], "fleet_landing": True}
    assert run_procedure("hannibal_barkas.activate_armies", data, EnteredDice([])).outcome["initiative_cost"] == 2


def test_one_region_may_move_to_several():
    data = {"regions": [{"name": "A"}], "destinations": ["Capua", "Roma"]}
    assert run_procedure("hannibal_barkas.activate_armies", data, EnteredDice([])).outcome["initiative_cost"] == 1


def test_a_stack_moves_as_its_slowest_unit():
    data = {"army": {"heavy_infantry": 2, "cavalry": 1}, "fields": 3}
    with pytest.raises(RulesError, match="heavy infantry has 2 MP and the move needs 3"):
        run_procedure("hannibal_barkas.land_move", data, EnteredDice([]))


def test_cavalry_with_a_leader_moves_4_and_a_siege_costs_1():
    data = {"army": {"cavalry": 2}, "leaders": 1, "fields": 3, "sieges_declared": 1}
    result = run_procedure("hannibal_barkas.land_move", data, EnteredDice([]))
    assert result.outcome["mp_left"] == {"cavalry": 0, "leader": 0} and result.outcome["mp_used"] == 4


def test_a_leader_cannot_move_alone():
    with pytest.raises(RulesError) as refusal:
        run_procedure("hannibal_barkas.land_move", {"army": {}, "leaders": 1, "fields": 1}, EnteredDice([]))
    assert refusal.value.field == "army"


def test_alps_each_unit_rolls_and_dies_on_8_or_more():
    """4.3: 1d10 per unit, 8+ perishes; the army's movement ends."""
    data = {"army": {"light_infantry": 2, "heavy_infantry": 2, "elephants": 1}, "leaders": ["Hannibal"]}
    result = run_procedure("hannibal_barkas.cross_alps", data, EnteredDice([8, 7, 10, 1, 9]))
    assert result.outcome == {
        "lost": {"light_infantry": 1, "heavy_infantry": 1, "elephants": 1},
        "survivors": {
            "light_infantry": 1,
            "heavy_infantry": 1,
            "cavalry": 0,
            "elephants": 0,
            "gallic_infantry": 0,
            "gallic_cavalry": 0,
            "ships": 0,
        },
        "leaders_lost": [],
        "movement_ends": True,
    }
    assert [d.purpose for d in result.dice][:2] == [
        "light infantry 1 crossing the Alps",
        "light infantry 2 crossing the Alps",
    ]


def test_alps_wipe_out_loses_the_leaders_too():
    result = run_procedure(
        "hannibal_barkas.cross_alps", {"army": {"cavalry": 1}, "leaders": ["Magon"]}, EnteredDice([8])
    )
    assert result.outcome["leaders_lost"] == ["Magon"]


EXAMPLE_5 = {
    "fleet": "Carthaginian fleet",
    "ships": 1,
    "activated": {"name": "Carthago"},
    "steps": [
        {"kind": "leave_port", "place": "Carthago"},
        {"kind": "sail", "place": "sea 1"},
        {"kind": "sail", "place": "sea 2"},
        {"kind": "load", "place": "Sicily", "units": 1},
        {"kind": "sail", "place": "sea 4"},
        {"kind": "sail", "place": "sea 5"},
        {"kind": "unload", "place": "Capua", "units": 1},
        {"kind": "sail", "place": "sea 7"},
        {"kind": "sail", "place": "sea 8", "open_sea": True},
    ],
}


def test_example_5_fleet_transport():
    """4.4 Example 5: 1 IP for the fleet at Carthago, 2 fields, load in Sicily for 1 IP, 2 fields, land at Capua.

    The text lists 6 movement points but says the ship "ends its move on the open sea, using all of its 8";
    moves 7 and 8 are only in the illustration, so the test sails two more fields, the last one open sea.
    """
    result = run_procedure("hannibal_barkas.sea_move", EXAMPLE_5, EnteredDice([]))
    assert result.outcome == {
        "mp_used": 8,
        "initiative_cost": 2,
        "aboard": 0,
        "unloaded": [{"place": "Capua", "units": 1}],
        "in_port": False,
        "sailed_open_sea": True,
    }
    assert any("Units unloaded are activated" in line.text for line in result.working)


def test_a_ninth_sea_move_is_refused():
    data = dict(EXAMPLE_5, steps=EXAMPLE_5["steps"] + [{"kind": "sail", "place": "sea 9"}])
    with pytest.raises(RulesError) as refusal:
        run_procedure("hannibal_barkas.sea_move", data, EnteredDice([]))
    assert refusal.value.field == "steps.9" and FLEET_MP == 8


def test_a_ship_carries_two_land_units():
    data = {
        "fleet": "f",
        "ships": 1,
        "activated": {"name": "Carthago"},
        "steps": [{"kind": "load", "place": "Carthago", "units": 3, "already_activated": True}],
    }
    with pytest.raises(RulesError, match="1 ships carry 2 land units"):
        run_procedure("hannibal_barkas.sea_move", data, EnteredDice([]))


def test_loading_in_the_fleets_own_activated_port_costs_no_more_ip():
    data = {
        "fleet": "f",
        "ships": 2,
        "activated": {"name": "Carthago"},
        "steps": [
            {"kind": "load", "place": "Carthago", "units": 4, "already_activated": True},
            {"kind": "leave_port"},
            {"kind": "sail", "place": "sea 1"},
        ],
    }
    result = run_procedure("hannibal_barkas.sea_move", data, EnteredDice([]))
    assert (result.outcome["initiative_cost"], result.outcome["mp_used"], result.outcome["aboard"]) == (1, 2, 4)
    assert result.outcome["sailed_open_sea"] is None


def meet(data):
    return run_procedure("hannibal_barkas.meet_enemy", data, EnteredDice([]))


def test_an_army_meeting_the_enemy_fights_at_once_as_attacker():
    """4.2 (L361): "a battle is immediately fought"; 5.1 (L401): the one entering is the attacker. Constructed."""
    result = meet({"entering": [{"heavy_infantry": 3}], "enemy": {"cavalry": 2}, "movement_points_left": 1})
    assert result.outcome["battle"] == "hannibal_barkas.battle" and result.outcome["attacker"]["heavy_infantry"] == 3
    assert result.outcome["fought"] is False and result.outcome["may_move_on"] is False


def test_two_armies_from_different_fields_fight_one_battle_combined():
    """4.2 (L363): "one battle is fought with the armies combined". Constructed."""
    result = meet(
        {"entering": [{"heavy_infantry": 3}, {"cavalry": 2}], "enemy": {"light_infantry": 4}, "movement_points_left": 0}
    )
    assert result.outcome["attacker"]["heavy_infantry"] == 3 and result.outcome["attacker"]["cavalry"] == 2


def test_the_winner_moves_on_with_the_mp_it_has_left():
    """4.2 (L361): "After winning the battle the army may move on, if it still has movement points"."""
    won = meet(
        {"entering": [{"cavalry": 2}], "enemy": {"light_infantry": 1}, "movement_points_left": 2, "battle_won": True}
    )
    assert (won.outcome["may_move_on"], won.outcome["movement_points_left"]) == (True, 2)
    spent = meet(
        {"entering": [{"cavalry": 2}], "enemy": {"light_infantry": 1}, "movement_points_left": 0, "battle_won": True}
    )
    assert spent.outcome["may_move_on"] is False
    lost = meet(
        {"entering": [{"cavalry": 2}], "enemy": {"light_infantry": 1}, "movement_points_left": 2, "battle_won": False}
    )
    assert (lost.outcome["may_move_on"], lost.outcome["movement_points_left"]) == (False, 0)


def test_a_fleet_meeting_a_fleet_fights_a_naval_battle_and_may_sail_on():
    """4.4 (L391): "If the player won, he may move on ... until all 8 movement points are used up"."""
    result = meet(
        {
            "mover": "fleet",
            "entering": [{"ships": 3}],
            "enemy": {"ships": 2},
            "movement_points_left": 5,
            "battle_won": True,
        }
    )
    assert result.outcome["battle"] == "hannibal_barkas.naval_battle" and result.outcome["movement_points_left"] == 5


def test_ships_do_not_fight_a_meeting_on_land():
    with pytest.raises(RulesError) as refusal:
        meet({"entering": [{"heavy_infantry": 1}], "enemy": {"ships": 1}, "movement_points_left": 1})
    assert refusal.value.field == "enemy.ships"
