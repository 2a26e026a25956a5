"""The maps to look at: a table's, the Empire's and the projector's, drawn by the server as SVG and checked
against the data (every point and route of the table drawn once, every force with its side and strength),
with the same facts as a list, and the projector's map off until Control switches it on."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from maps.selectors import table_map_data
from maps.services import do_show_projector_map
from regions.models import Fleet, Force, MapPoint, Province
from tests.map_builders import RHINE_POINTS, RHINE_ROUTES, build_rhine_map
from tests.maps.map_pages import drawing, links, markers, points, routes, said, standing
from umpire.menu import Group, get_menu
from umpire.models import AuditEntry, Character, Region, Role
from umpire.services.access_codes import do_reissue_display_code
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

pytestmark = pytest.mark.django_db

GAUL_POINTS = sorted(
    name for name, (province, *_) in RHINE_POINTS.items() if province in ("Belgica", "Gallia Lugdunensis")
)


@pytest.fixture
def rhine(ad69):
    return build_rhine_map(ad69)


def table(event, name):
    return Region.objects.get(event=event, name=name)


def table_map(client, user, event, name):
    client.force_login(user)
    return client.get(reverse("maps:table-map", args=(event.slug, table(event, name).pk)))


def test_a_tables_map_draws_each_of_its_points_and_routes_once_and_each_crossing_to_its_far_end(
    client, ad69, rhine, gaul_umpire
):
    root = drawing(table_map(client, gaul_umpire, ad69, "Gaul"))
    touching = [(one, other) for one, other, *_ in RHINE_ROUTES if {one, other} & set(GAUL_POINTS)]
    far_ends = {name for pair in touching for name in pair} - set(GAUL_POINTS)
    assert far_ends == {"Colonia Agrippina", "Mogontiacum"}
    assert points(root) == sorted([*GAUL_POINTS, *far_ends])
    assert routes(root) == sorted(f"{one}|{other}" for one, other in touching)
    crossing = next(el for el in root.iter() if el.get("data-route") == "Mogontiacum|Augusta Treverorum")
    assert {"designated", "crossing"} <= set(crossing.get("class").split())
    far = next(el for el in root.iter() if el.get("data-point") == "Mogontiacum")
    assert far.get("data-table") == "Northern"


def test_every_force_at_the_table_is_drawn_with_its_side_and_strength_and_listed(client, ad69, rhine, gaul_umpire):
    galba = Character.objects.filter(event=ad69).order_by("pk").first()
    sworn = standing(ad69, "Legion I Italica", rhine["Lugdunum"])
    sworn.sworn_to = galba
    sworn.save(update_fields=["sworn_to"])
    standing(ad69, "Legion XXII", rhine["Augusta Treverorum"], troops=[("legionary", 1, False)])
    response = table_map(client, gaul_umpire, ad69, "Gaul")
    drawn = markers(drawing(response), "force")
    assert set(drawn) == {"Legion I Italica", "Legion XXII"}
    assert drawn["Legion I Italica"].get("data-place") == "Lugdunum"
    assert said(drawn["Legion I Italica"]) == f"Legion I Italica, {galba.name}, 15 units"
    assert said(drawn["Legion XXII"]) == "Legion XXII, Unsworn, 1 unit"
    facts = response.content.decode().split('id="map-facts"')[1]
    assert "Legion I Italica" in facts and f"{galba.name} · 15 units" in facts


def test_fleets_sieges_and_battles_stand_at_their_points_or_are_listed_apart(client, ad69, rhine, gaul_umpire):
    gaul = table(ad69, "Gaul")
    xxii = standing(ad69, "Legion XXII", rhine["Durocortorum"])
    iv = standing(ad69, "Legion IV", rhine["Durocortorum"])
    do_begin_siege(besiegers=[xxii], map_point=rhine["Augusta Treverorum"], actor=gaul_umpire)
    do_begin_siege(
        besiegers=[iv],
        place="Bibracte",
        place_type="fortified_town",
        province=Province.objects.get(event=ad69, name="Belgica"),
        actor=gaul_umpire,
    )
    Force.objects.filter(pk=iv.pk).update(map_point=None)
    do_open_battle(gaul, side_a_forces=[xxii], side_b_forces=[iv], title="Battle of the Axona", actor=gaul_umpire)
    Fleet.objects.create(
        event=ad69, name="Classis Germanica", base=rhine["Lugdunum"].province, station=rhine["Lugdunum"]
    )
    response = table_map(client, gaul_umpire, ad69, "Gaul")
    root = drawing(response)
    assert markers(root, "siege")["Siege of Augusta Treverorum"].get("data-place") == "Augusta Treverorum"
    assert markers(root, "battle")["Battle of the Axona"].get("data-place") == "Durocortorum"  # its first force's
    assert markers(root, "fleet")["Classis Germanica"].get("data-place") == "Lugdunum"
    assert "Siege of Bibracte" not in markers(root)
    apart = response.content.decode().split("Not at a point on the map")[1]
    assert "Siege of Bibracte" in apart and "Legion IV" in apart


def test_a_point_not_yet_placed_is_listed_and_not_drawn(client, ad69, rhine, gaul_umpire):
    MapPoint.objects.create(
        event=ad69, name="Bibracte", province=Province.objects.get(event=ad69, name="Gallia Lugdunensis")
    )
    response = table_map(client, gaul_umpire, ad69, "Gaul")
    assert "Bibracte" not in points(drawing(response))
    assert table_map_data(table(ad69, "Gaul")).unplaced == ("Bibracte",)
    assert "Map points not yet placed" in response.content.decode()


def test_the_table_map_reads_the_same_number_of_queries_however_many_forces_stand(client, ad69, rhine, gaul_umpire):
    gaul = Region.objects.select_related("event").get(event=ad69, name="Gaul")
    standing(ad69, "Legion I", rhine["Lugdunum"])
    with CaptureQueriesContext(connection) as one:
        table_map_data(gaul)
    for n in range(2, 6):
        standing(ad69, f"Legion {n}", rhine["Durocortorum"])
    with CaptureQueriesContext(connection) as five:
        table_map_data(gaul)
    assert len(five) == len(one)


def test_the_empire_map_draws_every_point_and_route_and_the_links_between_tables(client, ad69, rhine, control):
    client.force_login(control)
    root = drawing(client.get(reverse("maps:empire-map", args=(ad69.slug,))))
    assert points(root) == sorted(RHINE_POINTS)
    assert routes(root) == sorted(f"{one}|{other}" for one, other, *_ in RHINE_ROUTES)
    assert links(root)["Northern|Gaul"] == 0


def test_the_empire_map_shows_a_point_of_several_forces_as_one_marker_with_its_count(client, ad69, rhine, control):
    standing(ad69, "Legion V", rhine["Vetera"])
    standing(ad69, "Legion XV", rhine["Vetera"])
    client.force_login(control)
    drawn = markers(drawing(client.get(reverse("maps:empire-map", args=(ad69.slug,)))), "force")
    assert list(drawn) == ["2 forces"]
    assert said(drawn["2 forces"]) == "2 forces, Unsworn, 30 units"


# ---- the projector's map ------------------------------------------------------------------------------------


@pytest.fixture
def display_code(ad69):
    return do_reissue_display_code(ad69, actor=None).code


def projector_map(client, event, code):
    client.logout()
    return client.get(reverse("maps:projector-map", args=(event.slug,)), {"code": code})


def test_the_projectors_map_is_a_404_until_control_switches_it_on(client, ad69, rhine, control, display_code):
    assert projector_map(client, ad69, display_code).status_code == 404
    do_show_projector_map(ad69, shown=True, actor=control)
    assert projector_map(client, ad69, display_code).status_code == 200
    assert projector_map(client, ad69, "wrong").status_code == 404
    do_show_projector_map(ad69, shown=False, actor=control)
    assert projector_map(client, ad69, display_code).status_code == 404


def test_the_projectors_map_shows_geography_alone(client, ad69, rhine, control, display_code):
    standing(ad69, "Legion V", rhine["Vetera"])
    do_show_projector_map(ad69, shown=True, actor=control)
    response = projector_map(client, ad69, display_code)
    root = drawing(response)
    assert points(root) == sorted(RHINE_POINTS)
    assert not markers(root)
    assert set(links(root).values()) == {0}
    assert "Legion V" not in response.content.decode()


def test_switching_the_projectors_map_is_audited_told_to_the_hall_and_refused_twice(ad69, control, monkeypatch):
    sent = []
    monkeypatch.setattr("maps.services.publish_on_commit", lambda groups, payload: sent.append((groups, payload)))
    do_show_projector_map(ad69, shown=True, actor=control)
    entry = AuditEntry.objects.filter(event=ad69).latest("pk")
    assert (entry.action, entry.before, entry.after) == (
        "event.projector_map",
        {"projector_map": False},
        {"projector_map": True},
    )
    assert sent[0][0] == [f"event-{ad69.pk}"] and sent[0][1].shown is True
    with pytest.raises(ValidationError, match="already on"):
        do_show_projector_map(ad69, shown=True, actor=control)


def test_control_switches_it_from_the_clock_desk_and_the_projector_links_to_it(client, ad69, control, display_code):
    client.force_login(control)
    desk = client.get(reverse("umpire:clock", args=(ad69.slug,))).content.decode()
    assert "Let the projector show the map" in desk
    answer = client.post(reverse("maps:projector-map-switch", args=(ad69.slug,)), {"shown": "on"})
    assert answer.status_code == 302
    ad69.refresh_from_db()
    assert ad69.projector_map
    client.logout()
    screen = client.get(reverse("display:projector", args=(ad69.slug,)), {"code": display_code}).content.decode()
    assert reverse("maps:projector-map", args=(ad69.slug,)) in screen


# ---- finding the maps ---------------------------------------------------------------------------------------


def test_a_region_umpires_map_sits_beside_his_tables_console(ad69, gaul_umpire, control, make_umpire):
    menu = get_menu(gaul_umpire, ad69)
    assert [entry.label for entry in menu[:2]] == ["Gaul", "Map"]
    assert menu[1].url == reverse("maps:table-map", args=(ad69.slug, table(ad69, "Gaul").pk))
    tables = next(entry for entry in get_menu(control, ad69) if isinstance(entry, Group) and entry.label == "Tables")
    assert "Map" in [entry.label for entry in tables.links]
    senate = make_umpire(ad69, Role.SENATE, username="senate")
    more = next(entry for entry in get_menu(senate, ad69) if isinstance(entry, Group) and entry.label == "More")
    assert reverse("maps:empire-map", args=(ad69.slug,)) in [entry.url for entry in more.links]


def test_the_tables_console_links_to_its_map(client, ad69, gaul_umpire):
    client.force_login(gaul_umpire)
    gaul = table(ad69, "Gaul")
    page = client.get(reverse("table:console", args=(ad69.slug, gaul.pk))).content.decode()
    assert reverse("maps:table-map", args=(ad69.slug, gaul.pk)) in page
