"""Control's map editor: the map service's changes one record at a time (regions.services.map), and the page
that gives them (maps.edit_views): Control's alone, refused forms in place with 400, exports downloaded."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from regions.models import Fleet, MapPoint, MapRoute, Province
from regions.services.map import (
    do_remove_map_point,
    do_remove_map_route,
    do_save_map_point,
    do_save_map_route,
)
from tests.map_builders import RHINE_POINTS, RHINE_ROUTES, build_rhine_map
from tests.regions.forces_builders import legion
from tests.umpire.channels_helpers import listen
from umpire.events import control_group, display_group, event_group, table_group, umpires_group
from umpire.models import AuditEntry
from umpire.services.undo import do_undo

pytestmark = pytest.mark.django_db


def germania_inferior(event):
    return Province.objects.get(event=event, name="Germania Inferior")


def standing_at(event, point):
    xv = legion(event, "Legio XV Primigenia", point.province.name, [("legionary", 5, False)])
    xv.map_point = point
    xv.save()
    return xv


# ---- the services --------------------------------------------------------------------------------------------


def test_saving_a_point_is_audited_and_heard_by_the_umpires_and_the_hall(
    ad69, control, django_capture_on_commit_callbacks
):
    northern = germania_inferior(ad69).region_id
    groups = [umpires_group(ad69.pk), event_group(ad69.pk), control_group(ad69.pk), table_group(northern)]
    with listen([*groups, display_group(ad69.pk)]) as heard, django_capture_on_commit_callbacks(execute=True):
        point = MapPoint(event=ad69, name="Gelduba", province=germania_inferior(ad69), kind="way_station")
        do_save_map_point(point, actor=control)
    entry = AuditEntry.objects.get(action="map_point.saved", target_id=str(point.pk))
    assert entry.before is None and entry.after["name"] == "Gelduba"
    messages = heard()
    assert set(messages) == {umpires_group(ad69.pk), event_group(ad69.pk)}
    assert messages[event_group(ad69.pk)][0]["event"] == {
        "type": "map.changed",
        "action": "saved",
        "what": "map_point",
        "record_id": point.pk,
        "label": "Gelduba",
    }


def test_a_point_half_placed_is_refused_and_nothing_written(ad69, control):
    entries = AuditEntry.objects.count()
    point = MapPoint(event=ad69, name="Gelduba", province=germania_inferior(ad69), longitude=6.6)
    with pytest.raises(ValidationError) as refused:
        do_save_map_point(point, actor=control)
    assert "latitude" in refused.value.message_dict
    assert not MapPoint.objects.filter(name="Gelduba").exists() and AuditEntry.objects.count() == entries


def test_a_point_a_force_stands_at_is_not_removed_and_the_force_is_named(ad69, control):
    points = build_rhine_map(ad69)
    standing_at(ad69, points["Vetera"])
    MapRoute.objects.filter(event=ad69).delete()
    with pytest.raises(
        ValidationError, match="Legio XV Primigenia stands at Vetera: move it before the point is removed"
    ):
        do_remove_map_point(points["Vetera"], actor=control)
    assert MapPoint.objects.filter(pk=points["Vetera"].pk).exists()


def test_a_port_a_fleet_is_stationed_at_is_not_removed(ad69, control):
    points = build_rhine_map(ad69)
    Fleet.objects.create(
        event=ad69, name="Classis Britannica", base=points["Londinium"].province, station=points["Londinium"]
    )
    with pytest.raises(ValidationError, match="Classis Britannica stands at Londinium"):
        do_remove_map_point(points["Londinium"], actor=control)


def test_a_point_a_force_stands_at_keeps_its_province(ad69, control):
    points = build_rhine_map(ad69)
    standing_at(ad69, points["Vetera"])
    vetera = MapPoint.objects.get(pk=points["Vetera"].pk)
    vetera.province = Province.objects.get(event=ad69, name="Belgica")
    with pytest.raises(ValidationError) as refused:
        do_save_map_point(vetera, actor=control)
    assert "Legio XV Primigenia stands at Vetera" in refused.value.message_dict["province"][0]


def test_a_point_joined_by_routes_is_removed_only_with_them_and_one_undo_brings_all_back(ad69, control):
    points = build_rhine_map(ad69)
    with pytest.raises(ValidationError, match="remove its routes first"):
        do_remove_map_point(points["Novaesium"], actor=control)
    do_remove_map_point(points["Novaesium"], with_routes=True, actor=control)
    assert not MapPoint.objects.filter(name="Novaesium").exists()
    assert MapRoute.objects.filter(event=ad69).count() == len(RHINE_ROUTES) - 2
    entry = AuditEntry.objects.get(action="map_point.removed")
    assert list(entry.parts.values_list("action", flat=True)) == ["map_route.removed"] * 2
    do_undo(entry, actor=control, reason="the wrong point")
    assert MapPoint.objects.get(pk=points["Novaesium"].pk).name == "Novaesium"
    assert MapRoute.objects.filter(event=ad69).count() == len(RHINE_ROUTES)


def test_moving_a_point_must_keep_its_designated_crossings_between_two_areas(ad69, control):
    points = build_rhine_map(ad69)
    bonna = MapPoint.objects.get(pk=points["Bonna"].pk)
    bonna.province = Province.objects.get(event=ad69, name="Germania Superior")  # Bonna–Mogontiacum is designated
    with pytest.raises(ValidationError) as refused:
        do_save_map_point(bonna, actor=control)
    assert "only a route between two areas is designated" in refused.value.message_dict["province"][0]
    assert MapPoint.objects.get(pk=bonna.pk).province.name == "Germania Inferior"


def test_a_route_is_saved_and_removed_audited_and_undone(ad69, control):
    points = build_rhine_map(ad69)
    route = MapRoute(event=ad69, one=points["Bonna"], other=points["Augusta Treverorum"], kind="road")
    do_save_map_route(route, actor=control)
    assert AuditEntry.objects.filter(action="map_route.saved", target_id=str(route.pk)).exists()
    do_remove_map_route(route, actor=control)
    removed = AuditEntry.objects.get(action="map_route.removed")
    do_undo(removed, actor=control, reason="it was right")
    assert MapRoute.objects.filter(one=points["Bonna"], other=points["Augusta Treverorum"]).exists()


def test_map_edits_are_filed_under_the_tables_they_concern(ad69, control):
    """The audit log's table filter finds a point at its province's table, and a crossing at both ends' tables."""
    points = build_rhine_map(ad69)
    points["Bonna"].kind = "town"
    do_save_map_point(points["Bonna"], actor=control, reason="its fort is outside the town")
    crossing = MapRoute.objects.get(one=points["Mogontiacum"], other=points["Augusta Treverorum"])
    crossing.kind = "river"
    do_save_map_route(crossing, actor=control, reason="the Moselle valley")
    bonna = AuditEntry.objects.get(action="map_point.saved", target_id=str(points["Bonna"].pk))
    route = AuditEntry.objects.get(action="map_route.saved", target_id=str(crossing.pk))
    assert {t.name for t in bonna.tables.all()} == {"Northern"}
    assert {t.name for t in route.tables.all()} == {"Northern", "Gaul"}


def test_a_route_back_the_other_way_is_refused(ad69, control):
    points = build_rhine_map(ad69)
    with pytest.raises(ValidationError, match="already joined"):
        do_save_map_route(MapRoute(event=ad69, one=points["Novaesium"], other=points["Vetera"]), actor=control)


# ---- the page ------------------------------------------------------------------------------------------------


def editor(event):
    return reverse("maps:edit", args=[event.slug])


def test_controls_page_lists_points_by_table_with_what_stands_there_and_routes(client, ad69, control):
    points = build_rhine_map(ad69)
    standing_at(ad69, points["Vetera"])
    client.force_login(control)
    page = client.get(editor(ad69)).content.decode()
    for name in RHINE_POINTS:
        assert f'id="point-{points[name].pk}"' in page
    assert page.count('<tr id="route-') == len(RHINE_ROUTES)
    assert "Legio XV Primigenia" in page
    assert "between tables: " in page and "nothing the file leaves out is removed" in page
    assert 'data-refresh="map.changed' in page


def test_the_page_is_controls_alone(client, ad69, gaul_umpire):
    client.force_login(gaul_umpire)
    assert client.get(editor(ad69)).status_code == 404


def test_a_point_is_added_from_the_page(client, ad69, control):
    client.force_login(control)
    form = {
        "point-name": "Gelduba",
        "point-province": germania_inferior(ad69).pk,
        "point-kind": "way_station",
        "point-fortification": "",
        "point-longitude": "6.6",
        "point-latitude": "51.3",
    }
    answer = client.post(reverse("maps:edit-point-add", args=[ad69.slug]), form)
    assert answer.status_code == 302
    assert MapPoint.objects.get(event=ad69, name="Gelduba").latitude == 51.3


def test_a_refused_point_comes_back_in_place_with_400_and_nothing_written(client, ad69, control):
    client.force_login(control)
    form = {
        "point-name": "Gelduba",
        "point-province": germania_inferior(ad69).pk,
        "point-kind": "town",
        "point-longitude": "6.6",
        "point-latitude": "",
    }
    answer = client.post(reverse("maps:edit-point-add", args=[ad69.slug]), form)
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Give both longitude and latitude" in page and 'value="Gelduba"' in page
    assert not MapPoint.objects.filter(name="Gelduba").exists()


def test_a_refused_removal_says_why_on_the_points_page(client, ad69, control):
    points = build_rhine_map(ad69)
    client.force_login(control)
    answer = client.post(reverse("maps:edit-point-remove", args=[ad69.slug, points["Vetera"].pk]), {})
    assert answer.status_code == 400
    assert "remove its routes first" in answer.content.decode()
    answer = client.post(
        reverse("maps:edit-point-remove", args=[ad69.slug, points["Vetera"].pk]), {"with_routes": "on"}
    )
    assert answer.status_code == 302 and not MapPoint.objects.filter(pk=points["Vetera"].pk).exists()


def test_a_route_designated_within_one_area_is_refused_beside_the_field(client, ad69, control):
    points = build_rhine_map(ad69)
    client.force_login(control)
    form = {
        "route-one": points["Vetera"].pk,
        "route-other": points["Bonna"].pk,
        "route-kind": "road",
        "route-designated": "on",
    }
    answer = client.post(reverse("maps:edit-route-add", args=[ad69.slug]), form)
    assert answer.status_code == 400
    assert "only a route between two areas is designated" in answer.content.decode()
    assert not MapRoute.objects.filter(one=points["Vetera"], other=points["Bonna"]).exists()


def test_a_route_is_edited_and_removed_from_its_page(client, ad69, control):
    points = build_rhine_map(ad69)
    route = MapRoute.objects.get(one=points["Vetera"], other=points["Novaesium"])
    client.force_login(control)
    address = reverse("maps:edit-route", args=[ad69.slug, route.pk])
    assert client.get(address).status_code == 200
    form = {"one": points["Vetera"].pk, "other": points["Novaesium"].pk, "kind": "road"}
    assert client.post(address, form).status_code == 302
    assert MapRoute.objects.get(pk=route.pk).kind == "road"
    assert client.post(reverse("maps:edit-route-remove", args=[ad69.slug, route.pk])).status_code == 302
    assert not MapRoute.objects.filter(pk=route.pk).exists()


def test_a_file_is_imported_from_the_page_and_named_with_its_undo(client, ad69, control):
    client.force_login(control)
    text = "name,province,kind,fortification,longitude,latitude\nVetera,Germania Inferior,fortress,legionary_fort,6.45,51.66\n"
    upload = SimpleUploadedFile("points.csv", text.encode(), content_type="text/csv")
    answer = client.post(reverse("maps:edit-import", args=[ad69.slug]), {"import-file": upload, "import-format": ""})
    assert answer.status_code == 302
    entry = AuditEntry.objects.get(action="map.imported")
    page = client.get(answer["Location"]).content.decode()
    assert reverse("umpire:undo", args=[ad69.slug, entry.pk]) in page
    assert MapPoint.objects.get(event=ad69, name="Vetera").fortification == "legionary_fort"


def test_a_refused_file_comes_back_with_its_rows_named_and_400(client, ad69, control):
    client.force_login(control)
    text = "name,province,kind,fortification,longitude,latitude\nVetera,Germania Magna,fortress,,6.45,51.66\n"
    upload = SimpleUploadedFile("points.csv", text.encode(), content_type="text/csv")
    answer = client.post(reverse("maps:edit-import", args=[ad69.slug]), {"import-file": upload, "import-format": ""})
    assert answer.status_code == 400
    assert "points.csv, row 2, province: no province “Germania Magna” in the event." in answer.content.decode()
    assert not MapPoint.objects.filter(event=ad69).exists()


def test_a_file_that_says_not_what_it_is_asks_for_its_format(client, ad69, control):
    client.force_login(control)
    upload = SimpleUploadedFile("map.txt", b"whatever", content_type="text/plain")
    answer = client.post(reverse("maps:edit-import", args=[ad69.slug]), {"import-file": upload, "import-format": ""})
    assert answer.status_code == 400 and "choose its format" in answer.content.decode()


def test_the_exports_download(client, ad69, control):
    build_rhine_map(ad69)
    client.force_login(control)
    answer = client.get(reverse("maps:export-geojson", args=[ad69.slug]))
    assert answer["Content-Disposition"] == 'attachment; filename="ad69-map.geojson"'
    features = json.loads(answer.content)["features"]
    assert len(features) == len(RHINE_POINTS) + len(RHINE_ROUTES)
    points = client.get(reverse("maps:export-points", args=[ad69.slug])).content.decode()
    assert points.splitlines()[0] == "name,province,kind,fortification,longitude,latitude"
    routes = client.get(reverse("maps:export-routes", args=[ad69.slug])).content.decode()
    assert "Bonna,Mogontiacum,river,yes" in routes.splitlines()


def test_the_page_reads_in_a_fixed_number_of_queries(client, ad69, control, django_assert_max_num_queries):
    build_rhine_map(ad69)
    client.force_login(control)
    client.get(editor(ad69))
    with django_assert_max_num_queries(20) as counted:
        client.get(editor(ad69))
    few = len(counted.captured_queries)
    province = germania_inferior(ad69)
    for n in range(10):
        statio = MapPoint.objects.create(event=ad69, name=f"Statio {n}", province=province, kind="way_station")
        MapRoute.objects.create(event=ad69, one=statio, other=MapPoint.objects.get(event=ad69, name="Vetera"))
    standing_at(ad69, statio)
    with django_assert_max_num_queries(few):
        client.get(editor(ad69))
