"""Land movement (IX. WARFARE, LAND MOVEMENT)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.ad69.movement import (
    AreaRoutes,
    Leg,
    MoveInput,
    RouteKind,
    check_move,
)
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure

XLV = Force("Legion XLV", (Troops(TroopType.LEGIONARY, 5),), aquila=True)
DETACHMENT = Force("Vexillatio XLV", (Troops(TroopType.AUXILIARY, 2),))

# A line of map points along the Rhine, one area a table: (name, area, table)
RHINE = [
    ("Vetera", "Germania Inferior", "Northern"),
    ("Novaesium", "Germania Inferior", "Northern"),
    ("Colonia Agrippina", "Germania Inferior", "Northern"),
    ("Bonna", "Germania Inferior", "Northern"),
    ("Mogontiacum", "Germania Superior", "Northern"),
    ("Augusta Treverorum", "Belgica", "Gaul"),
    ("Durocortorum", "Belgica", "Gaul"),
    ("Lugdunum", "Gallia Lugdunensis", "Gaul"),
    ("Cabillonum", "Gallia Lugdunensis", "Gaul"),
    ("Matisco", "Gallia Lugdunensis", "Gaul"),
]


def leg(one, other, route=RouteKind.ROAD, designated=None):
    """The leg between two points of RHINE, designated wherever it crosses areas unless told otherwise."""
    (start, start_area, start_table), (end, end_area, end_table) = RHINE[one], RHINE[other]
    crosses = start_area != end_area
    return Leg(
        start, start_area, start_table, end, end_area, end_table, route, crosses if designated is None else designated
    )


def rhine(points, start=0):
    """The march from RHINE[start] over `points` map points downstream."""
    return tuple(leg(n, n + 1) for n in range(start, start + points))


def march(legs, **kwargs):
    return MoveInput(DETACHMENT, legs, ordered_by_region_umpire=True, **kwargs)


def test_a_force_moves_up_to_6_map_points():
    data = {
        "force": {"name": "Legion XLV", "aquila": True, "troops": [{"type": "legionary", "count": 5}]},
        "legs": [
            {
                "start": "Vetera",
                "start_area": "Germania Inferior",
                "start_table": "Northern",
                "end": "Novaesium",
                "end_area": "Germania Inferior",
                "end_table": "Northern",
                "route": "river",
            }
        ],
        "moved_already": 5,
        "player_present": True,
    }
    result = run_procedure("ad69.check_move", data, EnteredDice([]))
    assert result.outcome == {
        "ok": True,
        "allowance": 6,
        "map_points": 6,
        "forced_march": False,
        "battle_modifier": 0,
        "may_withdraw_from_contact": False,
        "path": ["Vetera", "Novaesium"],
        "tables_crossed": ["Northern"],
        "ends_at": {"point": "Novaesium", "area": "Germania Inferior", "table": "Northern"},
    }
    assert [line.text for line in result.working] == [
        "Vetera to Novaesium by river valley",
        "Land movement: march",
        "Legion XLV moves 6 of 6 map points",
    ]


def test_seven_map_points_without_a_forced_march_are_refused():
    assert check_move(march(rhine(6)), EnteredDice([])).outcome["map_points"] == 6
    with pytest.raises(RulesError, match="a march is at most 6 a turn") as refusal:
        check_move(march(rhine(7)), EnteredDice([]))
    assert refusal.value.field == "legs"
    assert "would move 7 map points this turn (7 from Vetera to Lugdunum)" in refusal.value.message


def test_points_moved_already_this_turn_count_against_the_allowance():
    with pytest.raises(
        RulesError,
        match=r"would move 7 map points this turn \(2 from Bonna to Augusta Treverorum, "
        r"after the 5 moved already\)",
    ):
        check_move(march(rhine(2, start=3), moved_already=5), EnteredDice([]))


def test_a_forced_march_is_8_and_marks_the_force_for_battle():
    result = check_move(MoveInput(XLV, rhine(8), forced_march=True, player_present=True), EnteredDice([]))
    assert (result.outcome["allowance"], result.outcome["battle_modifier"]) == (8, -2)
    modifier = [line for line in result.working if line.kind == "modifier"][0]
    assert (modifier.value, modifier.rule) == (-2, "X. BATTLE DIE ROLLING SYSTEM")
    with pytest.raises(RulesError, match="a forced march is at most 8"):
        check_move(march(rhine(9), forced_march=True), EnteredDice([]))


def test_a_forced_march_after_a_forced_move_is_refused_naming_it():
    case = MoveInput(XLV, rhine(8), forced_march=True, force_marched_last_move=True, player_present=True)
    with pytest.raises(
        RulesError, match="Legion XLV force-marched on its last move: units may only force march on alternate moves"
    ) as refusal:
        check_move(case, EnteredDice([]))
    assert refusal.value.field == "forced_march"
    plain = MoveInput(XLV, rhine(6), force_marched_last_move=True, player_present=True)
    assert check_move(plain, EnteredDice([])).outcome["ok"] is True


def test_a_force_with_its_aquila_needs_a_player_to_move():
    with pytest.raises(RulesError, match="must have a player with it to move") as refusal:
        check_move(MoveInput(XLV, rhine(3), ordered_by_region_umpire=True), EnteredDice([]))
    assert refusal.value.field == "player_present"


def test_a_detachment_without_a_player_moves_only_by_its_region_umpires_order():
    with pytest.raises(RulesError, match="the Region umpire of its table determines a detached unit's actions") as no:
        check_move(MoveInput(DETACHMENT, rhine(3)), EnteredDice([]))
    assert no.value.field == "ordered_by_region_umpire"
    assert check_move(MoveInput(DETACHMENT, rhine(3), ordered_by_region_umpire=True), EnteredDice([])).outcome["ok"]
    assert check_move(MoveInput(DETACHMENT, rhine(3), player_present=True), EnteredDice([])).outcome["ok"]
    assert check_move(MoveInput(DETACHMENT, rhine(3), non_roman=True), EnteredDice([])).outcome["ok"]


def test_movement_left_allows_withdrawal_from_contact():
    assert check_move(march(rhine(4)), EnteredDice([])).outcome["may_withdraw_from_contact"] is True


def test_a_leg_with_no_route_is_refused_naming_both_ends():
    legs = (leg(0, 1), leg(1, 2, RouteKind.NONE))
    with pytest.raises(RulesError, match="No route joins Novaesium and Colonia Agrippina") as refusal:
        check_move(march(legs), EnteredDice([]))
    assert refusal.value.field == "legs.1.route"


def test_a_march_goes_on_from_where_its_last_leg_ended():
    with pytest.raises(RulesError, match="The march reached Novaesium: its next leg must leave from there") as no:
        check_move(march((leg(0, 1), leg(2, 3))), EnteredDice([]))
    assert no.value.field == "legs.1.start"


def test_leaving_an_area_off_the_designated_routes_is_refused_naming_those_it_has():
    legs = (leg(3, 4, designated=False),)
    routes = (AreaRoutes("Germania Inferior", ("Bonna – Mogontiacum (river valley)",)),)
    with pytest.raises(RulesError) as refusal:
        check_move(march(legs, designated_routes=routes), EnteredDice([]))
    assert refusal.value.field == "legs.0.designated"
    assert refusal.value.message == (
        "Bonna to Mogontiacum leaves Germania Inferior for Germania Superior by a road that is not a designated "
        "route: players may only enter or leave an area along the designated routes; Germania Inferior's "
        "designated routes are Bonna – Mogontiacum (river valley) (IX. WARFARE, LAND MOVEMENT)"
    )
    with pytest.raises(RulesError, match="Germania Inferior has none"):
        check_move(march(legs, designated_routes=(AreaRoutes("Germania Inferior"),)), EnteredDice([]))
    with pytest.raises(RulesError, match=r"designated routes \(IX"):
        check_move(march(legs), EnteredDice([]))


def test_a_march_across_tables_says_where_it_ends_and_the_tables_crossed():
    result = check_move(march(rhine(4, start=3)), EnteredDice([]))
    assert result.outcome["tables_crossed"] == ["Northern", "Gaul"]
    assert result.outcome["ends_at"] == {"point": "Lugdunum", "area": "Gallia Lugdunensis", "table": "Gaul"}
    assert result.outcome["path"] == ["Bonna", "Mogontiacum", "Augusta Treverorum", "Durocortorum", "Lugdunum"]
    texts = [line.text for line in result.working]
    assert (
        "Mogontiacum to Augusta Treverorum by road, a designated route from Germania Superior (Northern table) "
        "to Belgica (Gaul table)" in texts
    )
    assert texts[-1] == "It enters Gallia Lugdunensis: its players move to the Gaul table"


@given(st.integers(1, 9), st.integers(0, 4), st.booleans(), st.booleans())
def test_an_accepted_move_is_within_its_allowance(points, already, forced, marched_before):
    case = march(rhine(points), moved_already=already, forced_march=forced, force_marched_last_move=marched_before)
    try:
        outcome = check_move(case, EnteredDice([])).outcome
    except RulesError:
        assert points + already > (8 if forced else 6) or (forced and marched_before)
        return
    assert outcome["map_points"] == points + already <= outcome["allowance"] and not (forced and marched_before)
