"""13.32 Fleet Composition: combining and splitting Fleets (L763-765), with 13.31's restriction (L762) and the Crew
Rating rule of 13.15 (L735). The text gives no worked example: every vector is constructed, not from the text."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import run


def test_combining_takes_the_lower_crew_rating():
    """13.32 (L764): "If the Crew Rating of the Fleet contributing squadrons is lower than the receiving Fleet, that
    Fleet's Crew Rating is set to the lower value." Constructed, not from the text."""
    case = {"receiving": {"squadrons": 6, "crew": 3}, "contributing": {"squadrons": 4, "crew": 1}}
    assert run("combine_fleets", case).outcome == {"squadrons": 10, "crew": 1}
    better = {"receiving": {"squadrons": 6, "crew": 1}, "contributing": {"squadrons": 4, "crew": 3}}
    assert run("combine_fleets", better).outcome == {"squadrons": 10, "crew": 1}


def test_a_split_fleet_keeps_the_giver_s_crew_rating():
    """13.32 (L765): "The Crew Rating is the same as the Fleet giving up the squadrons." Constructed."""
    case = {"fleet": {"squadrons": 9, "crew": 2}, "squadrons": 4}
    assert run("split_fleet", case).outcome == {"left": 5, "new_fleet": 4, "crew": 2}


def test_an_admiral_s_fleet_changes_only_with_its_admiral_and_only_once():
    """13.32 (L763, L766): Fleets "which do not have an assigned Admiral"; the Admiral may take in one Fleet or
    create one Fleet, "not both". Constructed, not from the text."""
    admirals = {"squadrons": 8, "crew": 2, "admiral": True}
    with pytest.raises(RulesError) as refusal:
        run("combine_fleets", {"receiving": admirals, "contributing": {"squadrons": 2, "crew": 2}})
    assert refusal.value.field == "place.acting_admiral"
    own = {"acting_admiral": True}
    assert run(
        "combine_fleets", {"receiving": admirals, "contributing": {"squadrons": 2, "crew": 0}, "place": own}
    ).outcome == {"squadrons": 10, "crew": 0}
    with pytest.raises(RulesError) as refusal:
        run("split_fleet", {"fleet": admirals, "squadrons": 3, "place": {**own, "admirals_fleet_changed": True}})
    assert refusal.value.field == "place.admirals_fleet_changed"


def test_with_an_enemy_fleet_present_all_must_be_on_one_side_of_the_city():
    """13.32 (L763) applies 13.31 (L762): inside the city/In Port, or outside and not In Port. Constructed."""
    place = {"enemy_fleet_in_hex": True, "same_side_of_the_city": False}
    with pytest.raises(RulesError) as refusal:
        run("split_fleet", {"fleet": {"squadrons": 5, "crew": 1}, "squadrons": 2, "place": place})
    assert refusal.value.field == "place.same_side_of_the_city"


def test_a_split_leaves_some_squadrons():
    with pytest.raises(RulesError) as refusal:
        run("split_fleet", {"fleet": {"squadrons": 5, "crew": 1}, "squadrons": 5})
    assert refusal.value.field == "squadrons"


def test_a_fleet_enters_port_within_the_harbor_capacity():
    """13.45 (L783): "The number of squadrons that can be placed In Port is limited to the port's harbor capacity";
    13.81 (L852): the capacity is the Port Harbor Capacity Chart's. The capacity is the test's own. Constructed."""
    case = {"port": "Drepanum", "squadrons_entering": 4, "squadrons_in_port": 3}
    with pytest.raises(RulesError) as refusal:
        run("port_entry", case)
    assert "Port Harbor Capacity Chart" in refusal.value.message and "'Drepanum'" in refusal.value.message
    assert run("port_entry", {**case, "harbor_capacity": 7}).outcome == {"room": 4, "may_enter": True}
    assert run("port_entry", {**case, "harbor_capacity": 6}).outcome == {"room": 3, "may_enter": False}


def test_a_scattered_fleet_may_not_enter_port():
    """13.45 (L783): "An un-Scattered Fleet may enter port". Constructed, not from the text."""
    with pytest.raises(RulesError) as refusal:
        run("port_entry", {"port": "Ostia", "squadrons_entering": 2, "harbor_capacity": 9, "scattered": True})
    assert refusal.value.field == "scattered"
