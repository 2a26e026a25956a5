"""Sieges and battles at the map's points (issue 33): a siege is laid to a walled map point and takes its
name, province and walls (the siege table's kind of place) from it, an open place cannot be besieged,
a place typed by hand stays possible where the map has no point; a battle is fought at the point its
forces stand at, or at another point of their province the umpire chooses."""

import re

import pytest
from django.core.exceptions import ValidationError

from regions.models import Force, MapPoint, MapRoute, Province
from tests.map_builders import build_rhine_map
from tests.regions.forces_builders import legion
from umpire import clockwork
from umpire.models import AuditEntry, Region, Role
from warfare.models import Battle, Siege
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def rhine(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return build_rhine_map(ad69)


@pytest.fixture
def northern(ad69):
    return Region.objects.get(event=ad69, name="Northern")


@pytest.fixture
def northern_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Northern")


def standing(event, name, province, point=None):
    """A legion of 5 legionaries and 5 auxiliaries, placed at `point` (test set-up, not a march)."""
    force = legion(event, name, province, [(LEG, 5, False), (AUX, 5, False)])
    Force.objects.filter(pk=force.pk).update(map_point=point)
    return Force.objects.get(pk=force.pk)


@pytest.fixture
def v_alaudae(ad69, rhine):
    return standing(ad69, "Legio V Alaudae", "Germania Inferior", rhine["Vetera"])


@pytest.fixture
def batavi(ad69, rhine):
    """Civilis's rebels, standing at Novaesium."""
    return standing(ad69, "Batavian rebels", "Germania Inferior", rhine["Novaesium"])


def written():
    return (Siege.objects.count(), Battle.objects.count(), AuditEntry.objects.count())


def refused(field, match, service, **kwargs):
    before = written()
    with pytest.raises(ValidationError) as refusal:
        service(**kwargs)
    assert match in " ".join(refusal.value.message_dict[field])
    assert written() == before


def squeezed(response):
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


# ---- sieges ---------------------------------------------------------------------------------------


def test_a_siege_of_a_walled_map_point_takes_its_name_province_and_walls(control, rhine, batavi):
    siege = do_begin_siege(besiegers=[batavi], map_point=rhine["Vetera"], actor=control)
    assert (siege.place, siege.place_type, siege.province.name, siege.region.name, siege.map_point) == (
        "Vetera",
        "legionary_fort",
        "Germania Inferior",
        "Northern",
        rhine["Vetera"],
    )
    assert siege.multiplier == 6  # X. THE SIEGE SYSTEM's table: a legionary fort, ×6
    assert list(rhine["Vetera"].sieges.all()) == [siege]


def test_an_open_place_has_no_walls_to_besiege(ad69, control, rhine):
    civilis = standing(ad69, "Treveri", "Belgica", rhine["Augusta Treverorum"])
    refused(
        "map_point",
        "Durocortorum has no walls: there is nothing to besiege.",
        do_begin_siege,
        besiegers=[civilis],
        map_point=rhine["Durocortorum"],
        actor=control,
    )


def test_a_map_point_outside_the_province_named_is_refused(control, rhine, batavi):
    inferior = Province.objects.get(event=batavi.event, name="Germania Inferior")
    refused(
        "map_point",
        "Mogontiacum is in Germania Superior, not in Germania Inferior.",
        do_begin_siege,
        besiegers=[batavi],
        map_point=rhine["Mogontiacum"],
        province=inferior,
        actor=control,
    )


def test_besiegers_of_a_map_point_stand_in_its_province(control, rhine, batavi):
    refused(
        "besiegers",
        "Batavian rebels is in Germania Inferior: only forces in Germania Superior take part in the siege of "
        "Mogontiacum.",
        do_begin_siege,
        besiegers=[batavi],
        map_point=rhine["Mogontiacum"],
        actor=control,
    )


def test_a_place_the_map_does_not_show_is_still_typed_by_hand(control, rhine, batavi):
    inferior = batavi.province
    siege = do_begin_siege(
        besiegers=[batavi], place="Gelduba", place_type="fortified_town", province=inferior, actor=control
    )
    assert (siege.place, siege.place_type, siege.map_point) == ("Gelduba", "fortified_town", None)
    refused(
        "province",
        "Name the province of the place besieged, or choose its map point.",
        do_begin_siege,
        besiegers=[batavi],
        place="Asciburgium",
        place_type="fortified_town",
        actor=control,
    )


def test_a_siege_record_holds_its_map_point_to_its_province(control, rhine, batavi):
    siege = do_begin_siege(besiegers=[batavi], map_point=rhine["Vetera"], actor=control)
    siege.map_point = rhine["Lugdunum"]
    with pytest.raises(ValidationError, match="Lugdunum is in Gallia Lugdunensis, not in the province of the fighting"):
        siege.full_clean()


def test_removing_a_besieged_point_from_the_map_keeps_the_siege_by_name(control, rhine, batavi):
    siege = do_begin_siege(besiegers=[batavi], map_point=rhine["Vetera"], actor=control)
    Force.objects.filter(map_point=rhine["Vetera"]).update(map_point=None)
    MapRoute.objects.filter(one=rhine["Vetera"]).delete()  # the test map's one route from Vetera
    rhine["Vetera"].delete()
    siege.refresh_from_db()
    assert (siege.place, siege.map_point) == ("Vetera", None)


def test_the_begin_form_offers_the_walled_points_of_the_users_tables_where_forces_stand_first(
    client, ad69, rhine, v_alaudae, batavi, northern_umpire
):
    client.force_login(northern_umpire)
    form = client.get(f"/events/{ad69.slug}/sieges/").context["begin"].form
    offered = [point.name for point in form.fields["map_point"].queryset]
    # Germania Inferior: the two points where forces stand first, then the other walled ones
    assert offered[:4] == ["Novaesium", "Vetera", "Bonna", "Colonia Agrippina"]
    assert "Durocortorum" not in offered  # open, and at Gaul's table
    assert "Augusta Treverorum" not in offered  # walled, but at Gaul's table
    labels = dict(form.fields["map_point"].choices)
    assert labels[rhine["Vetera"].pk] == "Vetera (Germania Inferior, legionary fort): Legio V Alaudae here"


def test_an_umpire_begins_a_siege_of_a_map_point_from_the_desk(client, ad69, rhine, batavi, northern_umpire):
    client.force_login(northern_umpire)
    response = client.post(
        f"/events/{ad69.slug}/sieges/begin/", {"map_point": rhine["Vetera"].pk, "besiegers": [batavi.pk]}, follow=True
    )
    assert "The siege of Vetera is begun: strength multiplier 6." in squeezed(response)
    assert Siege.objects.get().map_point == rhine["Vetera"]


def test_the_desk_asks_for_a_map_point_or_a_place_typed_whole(client, ad69, rhine, batavi, northern_umpire):
    client.force_login(northern_umpire)
    response = client.post(f"/events/{ad69.slug}/sieges/begin/", {"place": "Gelduba", "besiegers": [batavi.pk]})
    assert response.status_code == 400
    errors = response.context["begin"].form.errors
    assert set(errors) == {"place_type", "province"}
    assert "Choose the place's map point, or give its name, kind and province." in errors["province"]
    assert not Siege.objects.exists()


def test_another_tables_umpire_cannot_besiege_a_point_there(client, ad69, rhine, batavi, gaul_umpire):
    client.force_login(gaul_umpire)
    response = client.post(
        f"/events/{ad69.slug}/sieges/begin/", {"map_point": rhine["Vetera"].pk, "besiegers": [batavi.pk]}
    )
    assert response.status_code == 400
    assert "map_point" in response.context["begin"].form.errors and not Siege.objects.exists()


# ---- battles --------------------------------------------------------------------------------------


def open_at_northern(northern, a, b, umpire, **more):
    return do_open_battle(northern, side_a_forces=[a], side_b_forces=[b], actor=umpire, **more)


def test_a_battle_is_fought_at_the_point_its_forces_stand_at(control, northern, v_alaudae, batavi):
    battle = open_at_northern(northern, batavi, v_alaudae, control)
    assert (battle.map_point.name, battle.place) == ("Novaesium", "Novaesium")
    assert battle.title == "Batavian rebels v Legio V Alaudae, Novaesium"
    assert list(MapPoint.objects.get(name="Novaesium").battles.all()) == [battle]


def test_side_b_gives_the_point_when_side_a_stands_at_none(ad69, control, northern, rhine, v_alaudae):
    bructeri = standing(ad69, "Bructeri", "Germania Inferior")
    battle = open_at_northern(northern, bructeri, v_alaudae, control)
    assert battle.map_point == rhine["Vetera"]


def test_the_umpire_chooses_another_point_of_the_province_and_words_the_place(
    control, northern, rhine, v_alaudae, batavi
):
    battle = open_at_northern(
        northern, batavi, v_alaudae, control, map_point=rhine["Colonia Agrippina"], place="The Ubian shore"
    )
    assert (battle.map_point, battle.place) == (rhine["Colonia Agrippina"], "The Ubian shore")


def test_a_point_of_another_province_is_refused(control, northern, rhine, v_alaudae, batavi):
    refused(
        "map_point",
        "Mogontiacum is in Germania Superior, not in the province of the fighting.",
        open_at_northern,
        northern=northern,
        a=batavi,
        b=v_alaudae,
        umpire=control,
        map_point=rhine["Mogontiacum"],
    )


def test_forces_at_no_point_fight_at_none(ad69, control, northern, rhine):
    a = standing(ad69, "Bructeri", "Germania Inferior")
    b = standing(ad69, "Chatti", "Germania Inferior")
    battle = open_at_northern(northern, a, b, control, place="Gelduba")
    assert (battle.map_point, battle.place) == (None, "Gelduba")


def open_data(northern, a, b, **more):
    return {"table": northern.pk, "side_a_forces": [a.pk], "side_b_forces": [b.pk], "decided": "on", **more}


def test_the_open_form_offers_the_tables_points_and_shows_where_each_force_stands(
    client, ad69, rhine, northern, v_alaudae, batavi, northern_umpire
):
    client.force_login(northern_umpire)
    response = client.get(f"/events/{ad69.slug}/battles/?table={northern.pk}")
    offered = {point.name for point in response.context["open_form"].fields["map_point"].queryset}
    # the Northern table's provinces: the two Germanies and Britannia
    assert offered == {
        *("Vetera", "Novaesium", "Colonia Agrippina", "Bonna"),
        *("Mogontiacum", "Argentorate", "Vindonissa", "Londinium"),
    }
    assert "Legio V Alaudae at Vetera – CV" in squeezed(response)


def test_a_battle_opened_from_the_desk_at_a_chosen_point(
    client, ad69, rhine, northern, v_alaudae, batavi, northern_umpire
):
    client.force_login(northern_umpire)
    data = open_data(northern, batavi, v_alaudae, map_point=rhine["Bonna"].pk)
    response = client.post(f"/events/{ad69.slug}/battles/open/", data, follow=True)
    assert response.status_code == 200
    battle = Battle.objects.get()
    assert (battle.map_point, battle.place) == (rhine["Bonna"], "Bonna")


def test_a_point_of_another_province_is_refused_in_place_on_the_desk(
    client, ad69, rhine, northern, v_alaudae, batavi, northern_umpire
):
    client.force_login(northern_umpire)
    data = open_data(northern, batavi, v_alaudae, map_point=rhine["Mogontiacum"].pk)
    response = client.post(f"/events/{ad69.slug}/battles/open/", data)
    assert response.status_code == 400
    assert "Mogontiacum is in Germania Superior, not in the province of the fighting." in squeezed(response)
    assert not Battle.objects.exists()
