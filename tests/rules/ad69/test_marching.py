"""The map as a graph for marching (IX. LAND MOVEMENT): shortest legal paths and the points within reach."""

from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.marching import MapGraph, Stop, Way

STOPS = [
    Stop(1, "Colonia Agrippina", "Germania Inferior", "Northern"),
    Stop(2, "Bonna", "Germania Inferior", "Northern"),
    Stop(3, "Mogontiacum", "Germania Superior", "Northern"),
    Stop(4, "Augusta Treverorum", "Belgica", "Gaul"),
    Stop(5, "Londinium", "Britannia", "Northern"),
]
WAYS = [
    Way(1, 2, "road"),
    Way(2, 3, "river", designated=True),
    Way(3, 4, "road", designated=True),
    Way(1, 4, "road"),  # drawn, but not a designated crossing
]
RHINE = MapGraph(STOPS, WAYS)


def test_the_shortest_legal_path_goes_round_a_crossing_that_is_not_designated():
    assert RHINE.shortest_path(1, 4) == [1, 2, 3, 4]
    assert RHINE.shortest_path(1, 4, legal=False) == [1, 4]
    assert not RHINE.is_legal(1, 4) and RHINE.is_legal(1, 2) and RHINE.is_legal(2, 3)


def test_an_island_has_no_path():
    assert RHINE.shortest_path(1, 5) is None and RHINE.shortest_path(1, 5, legal=False) is None


def test_reachable_points_stay_within_the_allowance_by_legal_ways():
    assert RHINE.reachable(1, 2) == {2: 1, 3: 2}
    assert RHINE.reachable(1, 3) == {2: 1, 3: 2, 4: 3}
    assert RHINE.reachable(5, 6) == {}


def test_an_areas_designated_routes_in_words():
    assert RHINE.designated_from("Germania Inferior") == ["Bonna – Mogontiacum (river valley)"]
    assert RHINE.designated_from("Germania Superior") == [
        "Bonna – Mogontiacum (river valley)",
        "Mogontiacum – Augusta Treverorum (road)",
    ]
    assert RHINE.designated_from("Britannia") == []


@given(st.integers(0, 30), st.integers(0, 8))
def test_on_a_line_of_points_reach_is_the_allowance(length, allowance):
    line = MapGraph(
        [Stop(n, str(n), "Area", "Table") for n in range(length + 1)], [Way(n, n + 1, "road") for n in range(length)]
    )
    assert line.reachable(0, allowance) == {n: n for n in range(1, min(length, allowance) + 1)}
