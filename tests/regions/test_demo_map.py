"""The demo map (fixtures/ad69_demo_map.geojson): the Roman roads of AD 68 drawn from general knowledge, the
handbook's maps being missing from our copy. It loads through the map import, flagged demo, before the demo
forces, which stand at their historical bases on it; Control adopts it whole, as the demo forces."""

import json
from collections import defaultdict

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from regions.models import Fleet, Force, MapPoint, MapRoute, Province
from regions.readiness import demo_map, map_not_ready
from regions.services.demo import DEMO_MAP, do_adopt_demo_map, do_load_demo_map
from tests.demo_data import load_demo_forces
from umpire.models import AuditEntry, Event, Route
from umpire.readiness import Missing
from umpire.services.event_templates import do_create_event_from_template
from umpire.services.undo import do_undo

FORCES_FIXTURE = DEMO_MAP.parent / "ad69_demo_forces.json"
# Joined to the rest of their table by sea alone: the islands, and Mauretania Tingitana, which no Roman road
# joined to Caesarensis (it was reached from Baetica across the straits).
APART_BY_SEA = {
    "Britannia",
    "Corsica",
    "Sardinia",
    "Sicilia",
    "Cyprus",
    "Mauretania Tingitana",
}
CRETE = {"Gortyn", "Cnossus"}  # the island half of Creta & Cyrenaica
# The Alpes table's areas are the passes between Gaul, Italia and the Danube: each is reached by land through
# its neighbours' tables, not along its own table's roads.
PASSES_TABLE = "Alpes"
BASE_UNKNOWN = {"Legio XIV Gemina", "Legio VI Ferrata", "Dacian raiders"}


@pytest.fixture(scope="module")
def demo_world(django_db_setup, django_db_blocker):
    """The demo map and forces, loaded once for the module in a transaction each test's own nests in, and
    rolled back after the last: the import is the console's own, and takes seconds."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_demo_forces(through_the_importer=True)
        yield
        transaction.set_rollback(True)


@pytest.fixture
def demo(demo_world, ad69):
    return ad69


@pytest.fixture
def mapless(db):
    """An AD69 event of its own with no map: the module's demo map is the ad69 event's."""
    return Event.objects.create(
        slug="ad69-mapless",
        name="AD69 without a map",
        ruleset=Event.Ruleset.AD69,
        start_year=68,
        start_month=6,
        turn_minutes=20,
        number_of_turns=12,
    )


def the_file():
    return json.loads(DEMO_MAP.read_text(encoding="utf-8"))["features"]


def forces_fixture():
    return [row["fields"] for row in json.loads(FORCES_FIXTURE.read_text(encoding="utf-8"))]


def points(event):
    return MapPoint.objects.filter(event=event).select_related("province__region")


def routes(event):
    return MapRoute.objects.filter(event=event).select_related("one__province__region", "other__province__region")


def components(names, joined):
    """The groups of `names` joined to each other along `joined` ({name: names}), staying within `names`."""
    left, groups = set(names), []
    while left:
        group, frontier = set(), [left.pop()]
        while frontier:
            name = frontier.pop()
            group.add(name)
            frontier += [n for n in joined[name] if n in left]
            left -= set(joined[name])
        groups.append(group)
    return groups


def land_routes(event):
    joined = defaultdict(set)
    for one, other in routes(event).values_list("one__name", "other__name"):
        joined[one].add(other)
        joined[other].add(one)
    return joined


def on_the_mainland(point):
    return point.province.name not in APART_BY_SEA and point.name not in CRETE


# ---- the file ------------------------------------------------------------------------------------------------


def test_every_route_in_the_file_is_drawn_between_its_own_ends():
    """The file is written from typed tables: each route's line runs from its "from" to its "to" point."""
    features = the_file()
    placed = {
        f["properties"]["name"]: f["geometry"]["coordinates"] for f in features if f["geometry"]["type"] == "Point"
    }
    lines = [f for f in features if f["properties"]["feature"] == "route"]
    assert len(placed) == len(features) - len(lines)  # no name twice
    for line in lines:
        ends = [placed[line["properties"]["from"]], placed[line["properties"]["to"]]]
        assert line["geometry"] == {"type": "LineString", "coordinates": ends}, line["properties"]


def test_the_file_is_about_the_size_of_an_empire_map():
    features = the_file()
    points_in_file = sum(1 for f in features if f["properties"]["feature"] == "map_point")
    assert 150 <= points_in_file <= 200 and 180 <= len(features) - points_in_file <= 250


# ---- loaded --------------------------------------------------------------------------------------------------


def test_every_province_has_points_and_every_point_is_placed_in_the_empire(demo):
    assert set(Province.objects.filter(event=demo).values_list("name", flat=True)) == set(
        points(demo).values_list("province__name", flat=True)
    )
    assert not points(demo).filter(longitude__isnull=True).exists()
    for point in points(demo):
        assert -10 < point.longitude < 40 and 23 < point.latitude < 56, point.name


def test_every_point_and_route_loaded_is_the_files_and_demo(demo):
    features = the_file()
    assert points(demo).count() == sum(1 for f in features if f["properties"]["feature"] == "map_point")
    assert routes(demo).count() == sum(1 for f in features if f["properties"]["feature"] == "route")
    assert not points(demo).filter(is_demo=False).exists() and not routes(demo).filter(is_demo=False).exists()
    assert AuditEntry.objects.filter(event=demo, action="map.imported", after__demo=True).count() == 1


def test_every_point_and_route_passes_its_models_validation(demo):
    for record in [*points(demo), *routes(demo)]:
        record.full_clean()


def test_every_designated_crossing_between_tables_follows_a_land_link_and_every_land_link_has_one(demo):
    crossings = {
        frozenset((route.one.province.region.name, route.other.province.region.name))
        for route in routes(demo).filter(designated=True)
        if route.crosses_table
    }
    links = {
        frozenset((one, other))
        for one, other in Route.objects.filter(event=demo, kind=Route.Kind.LAND).values_list("one__name", "other__name")
        if "Senate" not in (one, other)  # the Senate's table is in Rome, and has no map
    }
    assert crossings == links


def test_a_designated_route_always_leaves_its_area(demo):
    assert all(route.crosses_area for route in routes(demo).filter(designated=True))
    assert routes(demo).filter(designated=True).count() >= 40


def test_within_each_table_its_mainland_points_are_joined_by_its_own_roads(demo):
    joined = land_routes(demo)
    by_table = defaultdict(set)
    for point in points(demo):
        if on_the_mainland(point) and point.province.region.name != PASSES_TABLE:
            by_table[point.province.region.name].add(point.name)
    for table, names in by_table.items():
        assert len(components(names, joined)) == 1, (table, components(names, joined))


def test_every_mainland_point_reaches_every_other_by_land_and_each_island_is_joined_inside(demo):
    joined = land_routes(demo)
    mainland = {point.name for point in points(demo) if on_the_mainland(point)}
    assert len(components(mainland, joined)) == 1
    for apart in APART_BY_SEA:
        names = set(points(demo).filter(province__name=apart).values_list("name", flat=True))
        assert len(components(names, joined)) == 1, apart
        assert all(joined[name] <= names for name in names), f"{apart} is joined by land to another area"
    assert len(components(CRETE, joined)) == 1 and all(joined[name] <= CRETE for name in CRETE)


def test_every_demo_force_stands_at_its_historical_base_in_its_own_province(demo):
    bases = {row["name"]: row["map_point"] for row in forces_fixture() if "map_point" in row}
    for force in Force.objects.filter(event=demo).select_related("map_point__province"):
        if force.name in BASE_UNKNOWN:
            assert force.map_point is None, force.name
            continue
        assert force.map_point is not None and [demo.slug, force.map_point.name] == bases[force.name], force.name
        assert force.map_point.province_id == force.province_id, force.name
        force.full_clean()
    assert Force.objects.filter(event=demo, kind=Force.Kind.LEGION, map_point__isnull=False).count() == 29


def test_the_legions_stand_in_fortresses_where_the_base_was_a_fortress(demo):
    at = dict(Force.objects.filter(event=demo).values_list("name", "map_point__name"))
    fortress = dict(points(demo).values_list("name", "fortification"))
    for legion in ("Legio V Alaudae", "Legio IV Macedonica", "Legio XIII Gemina", "Legio III Augusta"):
        assert fortress[at[legion]] == "legionary_fort", legion
    assert fortress["Roma"] == "major_fortified_city"  # X. THE SIEGE SYSTEM's own example
    assert fortress["Jerusalem"] == fortress["Masada"] == "huge_mountain_fortified_city"


def test_every_fleet_is_stationed_at_a_port_of_its_base_province(demo):
    fleets = Fleet.objects.filter(event=demo).select_related("station")
    assert fleets.count() == 8
    for fleet in fleets:
        assert fleet.station.kind == MapPoint.Kind.PORT and fleet.station.province_id == fleet.base_id, fleet.name
        fleet.full_clean()


def test_the_demo_map_loaded_again_is_refused_as_changing_nothing(demo):
    before = list(points(demo).values()), list(routes(demo).values())
    with pytest.raises(ValidationError, match="changes nothing"):
        do_load_demo_map(demo, actor=None)
    assert (list(points(demo).values()), list(routes(demo).values())) == before


def test_an_event_made_with_the_demo_forces_gets_its_own_demo_map_first_as_a_step_of_its_making(db, control):
    event = do_create_event_from_template(name="AD69 two", slug="two", ruleset="ad69", demo_forces=True, actor=control)
    in_file = sum(1 for f in the_file() if f["properties"]["feature"] == "map_point")
    assert MapPoint.objects.filter(event=event, is_demo=True).count() == in_file
    assert Force.objects.get(event=event, name="Legio V Alaudae").map_point.event == event
    assert not Force.objects.filter(event=event, map_point__isnull=False).exclude(map_point__event=event).exists()
    imported = AuditEntry.objects.get(event=event, action="map.imported")
    assert imported.actor == control and imported.part_of.action == "event.created"


# ---- adopted -------------------------------------------------------------------------------------------------


def demo_counts(event):
    return points(event).filter(is_demo=True).count(), routes(event).filter(is_demo=True).count()


def test_adopting_clears_every_flag_in_one_action_undone_whole(demo, control):
    before = demo_counts(demo)
    entry = do_adopt_demo_map(demo, actor=control)
    assert demo_counts(demo) == (0, 0)
    assert entry.after == {"points": before[0], "routes": before[1]}
    assert entry.parts.count() == sum(before)
    do_undo(entry, actor=control, reason="adopted too early")
    assert demo_counts(demo) == before


def test_nothing_to_adopt_is_refused_and_writes_nothing(mapless, control):
    entries = AuditEntry.objects.count()
    with pytest.raises(ValidationError, match="nothing to adopt"):
        do_adopt_demo_map(mapless, actor=control)
    assert AuditEntry.objects.count() == entries


def test_control_adopts_it_from_the_forces_page_beside_the_demo_forces(client, demo, control):
    client.force_login(control)
    page = client.get(reverse("regions:forces", args=[demo.slug])).content.decode()
    assert 'id="demo-map"' in page and "Adopt the demo map as the event" in page
    done = client.post(reverse("regions:map-adopt-demo", args=[demo.slug]), follow=True).content.decode()
    assert "The demo map is the event's own now" in done.replace("&#x27;", "'")
    assert demo_counts(demo) == (0, 0) and 'id="demo-map"' not in done


def test_a_region_umpire_is_offered_nothing_and_refused(client, demo, illyria_umpire):
    client.force_login(illyria_umpire)
    assert b"Adopt the demo map" not in client.get(reverse("regions:forces", args=[demo.slug])).content
    assert client.post(reverse("regions:map-adopt-demo", args=[demo.slug])).status_code == 404
    assert demo_counts(demo)[0] > 0


# ---- ready for game day --------------------------------------------------------------------------------------


def test_readiness_lists_the_demo_map_until_it_is_adopted(demo, control):
    count_points, count_routes = demo_counts(demo)
    assert demo_map(demo) == [
        Missing(
            "Demo data",
            f"The map's {count_points} points and {count_routes} routes are demo data, not the handbook's maps: "
            "adopt them as the event's own, or import your own map over them.",
            f"{reverse('regions:forces', args=[demo.slug])}#demo-map",
        )
    ]
    do_adopt_demo_map(demo, actor=control)
    assert demo_map(demo) == []


def test_readiness_lists_each_point_not_yet_placed(demo):
    vetera = MapPoint.objects.get(event=demo, name="Vetera")
    MapPoint.objects.filter(pk=vetera.pk).update(longitude=None, latitude=None)
    assert map_not_ready(demo) == [
        Missing(
            "Map",
            "Vetera (Germania Inferior) is not placed on the map yet: give its longitude and latitude.",
            reverse("maps:edit-point", args=[demo.slug, vetera.pk]),
        )
    ]


def test_readiness_flags_an_event_with_no_map_at_all(mapless):
    assert map_not_ready(mapless) == [
        Missing(
            "Map",
            "The event has no map: no force can march and no table's map shows anything. Import the map, "
            "or add its points and routes.",
            reverse("maps:edit", args=[mapless.slug]),
        )
    ]


def test_the_demo_map_placed_and_adopted_is_not_listed_at_all(demo, control):
    do_adopt_demo_map(demo, actor=control)
    assert map_not_ready(demo) == [] and demo_map(demo) == []


def test_a_board_game_event_is_asked_nothing_of_the_map(db):
    session = Event.objects.create(
        slug="cannae",
        name="Cannae",
        ruleset=Event.Ruleset.HANNIBAL_BARKAS,
        start_year=218,
        start_month=3,
        turn_minutes=20,
        number_of_turns=12,
    )
    assert map_not_ready(session) == [] and demo_map(session) == []
