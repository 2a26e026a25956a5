"""The map's files: GeoJSON and the two CSV sheets read and written (regions.map_io), and imported whole or
not at all (regions.services.map.do_import_map)."""

import json

import pytest
from django.core.exceptions import ValidationError

from regions.map_io import (
    GEOJSON,
    POINTS_CSV,
    ROUTES_CSV,
    format_of,
    read_map,
    write_geojson,
    write_points_csv,
    write_routes_csv,
)
from regions.models import MapPoint, MapRoute
from regions.services.map import do_import_map, map_rows
from tests.map_builders import RHINE_POINTS, RHINE_ROUTES, build_rhine_map
from umpire.models import AuditEntry
from umpire.services.undo import do_undo

pytestmark = pytest.mark.django_db


def geojson(*features):
    return json.dumps({"type": "FeatureCollection", "features": list(features)})


def point(name, province, kind="town", fortification="", at=(6.0, 50.0)):
    geometry = None if at is None else {"type": "Point", "coordinates": list(at)}
    properties = {"feature": "map_point", "name": name, "province": province, "kind": kind}
    return {"type": "Feature", "geometry": geometry, "properties": {**properties, "fortification": fortification}}


def route(one, other, kind="road", designated=False):
    properties = {"feature": "route", "from": one, "to": other, "kind": kind, "designated": designated}
    return {"type": "Feature", "geometry": {"type": "LineString", "coordinates": []}, "properties": properties}


def the_map(event):
    points = sorted(
        (p.name, p.province.name, p.kind, p.fortification, p.longitude, p.latitude, p.is_demo)
        for p in MapPoint.objects.filter(event=event).select_related("province")
    )
    routes = sorted(
        (r.one.name, r.other.name, r.kind, r.designated, r.is_demo)
        for r in MapRoute.objects.filter(event=event).select_related("one", "other")
    )
    return points, routes


def exported(event):
    points, routes = map_rows(event)
    return write_geojson(points, routes), write_points_csv(points), write_routes_csv(routes)


# ---- reading -------------------------------------------------------------------------------------------------


def test_the_demo_maps_geojson_shape_is_read_point_and_route():
    text = geojson(
        route("Vetera", "Novaesium", "river", False),  # routes before points: the order is not the reader's concern
        point("Vetera", "Germania Inferior", "fortress", "legionary_fort", (6.45, 51.66)),
        point("Gelduba", "Germania Inferior", "way_station", at=None),
    )
    found = read_map(text, GEOJSON)
    assert [(p.name, p.kind, p.fortification, p.longitude, p.latitude) for p in found.points] == [
        ("Vetera", "fortress", "legionary_fort", 6.45, 51.66),
        ("Gelduba", "way_station", "", None, None),
    ]
    assert [(r.one, r.other, r.kind, r.designated) for r in found.routes] == [("Vetera", "Novaesium", "river", False)]


def test_a_file_that_cannot_be_read_is_refused_naming_each_row_and_field():
    text = "from,to,kind,designated\nVetera,Novaesium,river,perhaps\n\n,Bonna,road,no\n"
    with pytest.raises(ValidationError) as refused:
        read_map(text, ROUTES_CSV)
    assert refused.value.message_dict["file"] == [
        "routes.csv, row 2, designated: “perhaps” is neither yes nor no.",
        "routes.csv, row 4, from: it is required.",
    ]


def test_a_bad_coordinate_is_named_by_its_feature():
    bad = point("Vetera", "Germania Inferior")
    bad["geometry"]["coordinates"] = ["east", 51.0]
    with pytest.raises(ValidationError) as refused:
        read_map(geojson(point("Bonna", "Germania Inferior"), bad), GEOJSON)
    assert refused.value.message_dict["file"] == ["feature 2, longitude: “east” is not a number."]


def test_designated_reads_yes_no_true_false_and_one_zero():
    rows = "from,to,kind,designated\nA,B,road,yes\nA,C,road,True\nA,D,road,1\nA,E,road,no\nA,F,road,false\nA,G,road,0\n"
    assert [r.designated for r in read_map(rows, ROUTES_CSV).routes] == [True, True, True, False, False, False]


def test_the_format_is_told_by_the_files_name_and_header():
    assert format_of("rhine.geojson", "{}") == GEOJSON
    assert format_of("Points.CSV", "name,province,kind,fortification,longitude,latitude\n") == POINTS_CSV
    assert format_of("links.csv", "from,to,kind,designated\n") == ROUTES_CSV
    assert format_of("map.txt", "") is None


def test_a_csv_with_a_missing_or_unknown_column_is_refused_at_its_header():
    with pytest.raises(ValidationError) as refused:
        read_map("name,province,sort,longitude,latitude\nVetera,Germania Inferior,fortress,6,51\n", POINTS_CSV)
    (problem,) = refused.value.message_dict["file"]
    assert problem.startswith(
        "points.csv, row 1: no column “kind”; no column “fortification”; an unknown column “sort”."
    )


# ---- importing -----------------------------------------------------------------------------------------------


def test_an_import_adds_points_and_routes_as_one_audited_action(ad69, control):
    text = geojson(
        point("Vetera", "Germania Inferior", "fortress", "legionary_fort", (6.45, 51.66)),
        point("Novaesium", "Germania Inferior", "fortress", "legionary_fort", (6.70, 51.20)),
        point("Gelduba", "Germania Inferior", "way_station", at=None),
        route("Vetera", "Gelduba", "river"),
        route("Gelduba", "Novaesium", "river"),
    )
    entry = do_import_map(ad69, text, format=GEOJSON, actor=control)
    assert entry.action == "map.imported"
    assert entry.after["points"] == {"new": 3, "changed": 0, "unchanged": 0}
    assert sorted(entry.parts.values_list("action", flat=True)) == ["map_point.saved"] * 3 + ["map_route.saved"] * 2
    assert not MapPoint.objects.get(event=ad69, name="Gelduba").is_placed


def test_one_bad_row_refuses_the_whole_file_and_names_it(ad69, control):
    text = geojson(
        point("Vetera", "Germania Inferior", "fortress", "legionary_fort"),
        point("Castra Nova", "Germania Magna", "fortress"),
        point("Bonna", "Germania Inferior", "castle"),
        route("Vetera", "Bonna"),
        route("Vetera", "Ubii"),
    )
    entries = AuditEntry.objects.count()
    with pytest.raises(ValidationError) as refused:
        do_import_map(ad69, text, format=GEOJSON, actor=control)
    problems = refused.value.message_dict["file"]
    assert "feature 2, province: no province “Germania Magna” in the event." in problems
    assert any(p.startswith("feature 3, kind: unknown “castle”") for p in problems)
    assert "feature 5, to: no map point “Ubii” in the event or in the file." in problems
    assert problems[-1] == "Nothing was imported: fix the 3 problems and upload the file again."
    assert not MapPoint.objects.filter(event=ad69).exists()
    assert AuditEntry.objects.count() == entries


def test_a_designated_crossing_within_one_area_is_refused_by_its_row(ad69, control):
    text = geojson(
        point("Vetera", "Germania Inferior"),
        point("Novaesium", "Germania Inferior"),
        route("Vetera", "Novaesium", "road", True),
    )
    with pytest.raises(ValidationError) as refused:
        do_import_map(ad69, text, format=GEOJSON, actor=control)
    assert refused.value.message_dict["file"][0].startswith(
        "feature 3, designated: Vetera and Novaesium are both in Germania Inferior"
    )


def test_a_point_or_route_twice_in_one_file_is_refused(ad69, control):
    rows = "from,to,kind,designated\nVetera,Novaesium,road,no\nNovaesium,Vetera,river,no\n"
    build_rhine_map(ad69)
    with pytest.raises(ValidationError) as refused:
        do_import_map(ad69, rows, format=ROUTES_CSV, actor=control)
    assert refused.value.message_dict["file"][0] == "routes.csv, row 2 and routes.csv, row 3: the same route twice."


def test_a_second_import_updates_in_place_and_never_removes(ad69, control):
    points = build_rhine_map(ad69)
    rows = (
        "name,province,kind,fortification,longitude,latitude\n"
        "Vetera,Germania Inferior,fortress,legionary_fort,6.5,51.7\n"  # moved a little on the drawing
        "Novaesium,Germania Inferior,fortress,legionary_fort,6.7,51.2\n"  # as it is
        "Gelduba,Germania Inferior,way_station,,,\n"
    )
    entry = do_import_map(ad69, rows, format=POINTS_CSV, actor=control)
    assert entry.after["points"] == {"new": 1, "changed": 1, "unchanged": 1}
    vetera = MapPoint.objects.get(pk=points["Vetera"].pk)
    assert (vetera.longitude, vetera.latitude) == (6.5, 51.7)
    assert MapPoint.objects.filter(event=ad69).count() == len(RHINE_POINTS) + 1
    routes = "from,to,kind,designated\nNovaesium,Vetera,road,no\n"  # stored Vetera–Novaesium, a river valley
    do_import_map(ad69, routes, format=ROUTES_CSV, actor=control)
    assert MapRoute.objects.get(one=points["Vetera"], other=points["Novaesium"]).kind == "road"
    assert MapRoute.objects.filter(event=ad69).count() == len(RHINE_ROUTES)


def test_a_file_that_changes_nothing_is_refused(ad69, control):
    build_rhine_map(ad69)
    _, points_csv, _ = exported(ad69)
    with pytest.raises(ValidationError, match="changes nothing"):
        do_import_map(ad69, points_csv, format=POINTS_CSV, actor=control)


def test_the_demo_map_is_flagged_demo_and_a_point_controls_file_corrects_is_his(ad69, control):
    do_import_map(
        ad69,
        geojson(point("Vetera", "Germania Inferior"), point("Bonna", "Germania Inferior")),
        format=GEOJSON,
        actor=control,
        as_demo=True,
    )
    assert set(MapPoint.objects.filter(event=ad69).values_list("is_demo", flat=True)) == {True}
    do_import_map(
        ad69,
        geojson(point("Vetera", "Germania Inferior", "fortress"), point("Bonna", "Germania Inferior")),
        format=GEOJSON,
        actor=control,
    )
    assert dict(MapPoint.objects.filter(event=ad69).values_list("name", "is_demo")) == {"Vetera": False, "Bonna": True}


def test_a_point_a_force_stands_at_keeps_its_province_on_import(ad69, control):
    from tests.regions.forces_builders import legion

    points = build_rhine_map(ad69)
    xv = legion(ad69, "Legio XV Primigenia", "Germania Inferior", [("legionary", 5, False)])
    xv.map_point = points["Vetera"]
    xv.save()
    rows = "name,province,kind,fortification,longitude,latitude\nVetera,Belgica,fortress,legionary_fort,6.45,51.66\n"
    with pytest.raises(ValidationError) as refused:
        do_import_map(ad69, rows, format=POINTS_CSV, actor=control)
    assert refused.value.message_dict["file"][0].startswith(
        "points.csv, row 2, province: forces or fleets stand at Vetera"
    )


# ---- the round trip, and undo --------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["geojson", "csv"])
def test_what_is_exported_imports_again_to_the_same_map(ad69, control, make_umpire, which):
    from umpire.models import Event

    build_rhine_map(ad69)
    MapPoint.objects.filter(event=ad69, name="Durocortorum").update(longitude=None, latitude=None)
    before = the_map(ad69)
    as_geojson, points_csv, routes_csv = exported(ad69)
    MapRoute.objects.filter(event=ad69).delete()
    MapPoint.objects.filter(event=ad69).delete()
    if which == "geojson":
        do_import_map(ad69, as_geojson, format=GEOJSON, actor=control)
    else:
        do_import_map(ad69, points_csv, format=POINTS_CSV, actor=control)
        do_import_map(ad69, routes_csv, format=ROUTES_CSV, actor=control)
    assert the_map(ad69) == before
    assert exported(Event.objects.get(pk=ad69.pk)) == (as_geojson, points_csv, routes_csv)


def test_the_geojson_export_draws_each_route_between_its_ends():
    from regions.map_io import PointRow, RouteRow

    points = [
        PointRow("", "B", "P", "town", "", 2.0, 3.0),
        PointRow("", "A", "P", "town", "", 1.0, 1.5),
        PointRow("", "C", "P", "town", "", None, None),
    ]
    routes = [RouteRow("", "A", "B", "road", False), RouteRow("", "A", "C", "river", True)]
    features = json.loads(write_geojson(points, routes))["features"]
    assert [f["properties"]["name"] for f in features[:3]] == ["A", "B", "C"]
    assert features[2]["geometry"] is None
    assert features[3]["geometry"] == {"type": "LineString", "coordinates": [[1.0, 1.5], [2.0, 3.0]]}
    assert features[4]["geometry"] is None and features[4]["properties"]["designated"] is True


def test_an_import_is_undone_whole(ad69, control):
    points = build_rhine_map(ad69)
    before = the_map(ad69)
    text = geojson(
        point("Vetera", "Germania Inferior", "city", "", (6.0, 51.0)),  # changed
        point("Gelduba", "Germania Inferior", "way_station"),  # new
        route("Gelduba", "Vetera", "river"),  # new, to a new point
        route("Novaesium", "Vetera", "road"),  # changed, named the other way round
    )
    entry = do_import_map(ad69, text, format=GEOJSON, actor=control)
    assert the_map(ad69) != before
    do_undo(entry, actor=control, reason="the wrong file")
    assert the_map(ad69) == before
    assert MapPoint.objects.get(pk=points["Vetera"].pk).kind == "fortress"
