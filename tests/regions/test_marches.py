"""Marches by the rules (IX. LAND MOVEMENT) on the Rhine map: a path along the map's routes, judged by the AD69
engine through regions.services.forces.do_march; the order form offering only the points a force can reach."""

import pytest
from django.core.exceptions import ValidationError

from regions.forms import MarchForm
from regions.models import Force, MapPoint, MapRoute, Province
from regions.selectors import forces_of
from regions.services.forces import do_detach, do_march, do_place_force
from tests.map_builders import build_rhine_map
from tests.regions.forces_builders import legion
from umpire import clockwork
from umpire.models import AuditEntry, Character, Region, Role

LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def rhine(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return build_rhine_map(ad69)


@pytest.fixture
def vitellius(ad69):
    """Germania Inferior's army commander, at the Northern table (test set-up)."""
    character = Character.objects.get(event=ad69, name="Aulius Vitellius")
    Character.objects.filter(pk=character.pk).update(location=Region.objects.get(event=ad69, name="Northern"))
    return character


def legion_at(event, point, legate=None, name="Legio I Germanica"):
    force = legion(event, name, point.province.name, [(LEG, 4, False), (AUX, 2, False)], at=point.name)
    if legate:
        Force.objects.filter(pk=force.pk).update(legate=legate)
    return Force.objects.get(pk=force.pk)


@pytest.fixture
def first(ad69, rhine, vitellius):
    """Legio I Germanica at Bonna, its legate with it."""
    return legion_at(ad69, rhine["Bonna"], vitellius)


def state(force):
    force = Force.objects.get(pk=force.pk)
    where = [(c.name, c.location_id) for c in Character.objects.filter(legions_commanded=force)]
    return (
        force.province_id,
        force.map_point_id,
        force.moved_turn,
        force.points_moved,
        force.forced_march_turn,
        force.move_before_forced,
        where,
        AuditEntry.objects.count(),
    )


def refused(match, force, **order):
    """The march refused in the engine's words, and nothing changed: the force, its legate, the audit log."""
    before = state(force)
    with pytest.raises(ValidationError, match=match) as refusal:
        do_march(Force.objects.get(pk=force.pk), **order)
    assert state(force) == before
    return refusal.value


def marched(force, actor, to, **order):
    do_march(Force.objects.get(pk=force.pk), to_point=to, actor=actor, **order)
    return Force.objects.get(pk=force.pk)


def next_turn(event, control):
    clockwork.do_skip_turn(event, actor=control)


def test_a_legal_march_within_an_area(ad69, control, rhine, first):
    force = marched(first, control, rhine["Vetera"])
    assert (force.province.name, force.map_point, force.points_moved) == ("Germania Inferior", rhine["Vetera"], 3)
    entry = AuditEntry.objects.filter(action="force.march", target_id=str(first.pk)).get()
    assert (entry.before["map_point_id"], entry.after["map_point_id"]) == (rhine["Bonna"].pk, rhine["Vetera"].pk)


def test_one_point_too_far_plain_and_forced(ad69, control, rhine, vitellius):
    at_vetera = legion_at(ad69, rhine["Vetera"], vitellius)
    refused(
        r"Legio I Germanica would move 7 map points this turn \(7 from Vetera to Augusta Vindelicorum\): a march is "
        r"at most 6 a turn",
        at_vetera,
        to_point=rhine["Augusta Vindelicorum"],
        actor=control,
    )
    assert marched(at_vetera, control, rhine["Augusta Vindelicorum"], forced_march=True).points_moved == 7

    northern = Region.objects.get(event=ad69, name="Northern")
    legate = Character.objects.create(
        event=ad69, name="Fabius Valens", role="senator", social_class="senator", location=northern
    )
    at_colonia = legion_at(ad69, rhine["Colonia Agrippina"], legate, name="Legio XVI Gallica")
    marched(at_colonia, control, rhine["Vetera"])
    refused(
        r"would move 9 map points this turn \(7 from Vetera to Augusta Vindelicorum, after the 2 moved already\): a "
        r"forced march is at most 8 a turn",
        at_colonia,
        to_point=rhine["Augusta Vindelicorum"],
        forced_march=True,
        actor=control,
    )


def test_forced_twice_is_refused_and_again_after_a_plain_move_allowed(ad69, control, rhine, first):
    marched(first, control, rhine["Argentorate"], forced_march=True)
    next_turn(ad69, control)
    refused(
        "Legio I Germanica force-marched on its last move: units may only force march on alternate moves",
        first,
        to_point=rhine["Vindonissa"],
        forced_march=True,
        actor=control,
    )
    force = marched(first, control, rhine["Vindonissa"])  # a plain move: allowed
    assert (force.move_before_forced, force.forced_march_turn) == (True, 1)
    next_turn(ad69, control)
    force = marched(force, control, rhine["Argentorate"], forced_march=True)  # forced again after the plain move
    assert (force.forced_march_turn, force.move_before_forced) == (3, False)


def test_a_march_going_on_in_the_same_turn_may_force_after_a_plain_start(ad69, control, rhine, first):
    """The turn's move is one move: begun plain, it may go on as a forced one, within the forced allowance."""
    marched(first, control, rhine["Mogontiacum"])
    force = marched(first, control, rhine["Vindonissa"], forced_march=True)
    assert (force.points_moved, force.forced_march_turn, force.move_before_forced) == (3, 1, False)


def test_a_crossing_that_is_not_designated_is_refused_naming_the_designated_ones(ad69, control, rhine, vitellius):
    at_colonia = legion_at(ad69, rhine["Colonia Agrippina"], vitellius)
    treveri = rhine["Augusta Treverorum"]
    refusal = refused(
        "Colonia Agrippina to Augusta Treverorum leaves Germania Inferior for Belgica by a road that is not a "
        "designated route: players may only enter or leave an area along the designated routes; Germania "
        r"Inferior's designated routes are Bonna – Mogontiacum \(river valley\)",
        at_colonia,
        to_point=treveri,
        path=[rhine["Colonia Agrippina"], treveri],
        actor=control,
    )
    assert list(refusal.message_dict) == ["legs.0.designated"]
    # ordered without a path, it goes the legal way round: by Bonna and Mogontiacum
    force = marched(at_colonia, control, treveri)
    assert (force.map_point, force.points_moved) == (treveri, 3)


def test_a_point_reached_only_off_the_designated_routes_is_refused(ad69, control, rhine, first):
    tungri = MapPoint.objects.create(
        event=ad69, name="Atuatuca", province=Province.objects.get(event=ad69, name="Belgica")
    )
    MapRoute.objects.create(event=ad69, one=rhine["Novaesium"], other=tungri)
    refused(
        "Novaesium to Atuatuca leaves Germania Inferior for Belgica by a road that is not a designated route",
        first,
        to_point=tungri,
        actor=control,
    )


def test_a_march_across_two_tables_takes_the_legate_to_the_table_it_ends_at(ad69, control, rhine, first, vitellius):
    force = marched(first, control, rhine["Augusta Treverorum"])
    gaul = Region.objects.get(event=ad69, name="Gaul")
    assert (force.province.name, force.province.region, force.points_moved) == ("Belgica", gaul, 2)
    assert Character.objects.get(pk=vitellius.pk).location == gaul


def test_no_route_at_all_is_refused(ad69, control, rhine, first):
    refused("No route joins Bonna and Londinium", first, to_point=rhine["Londinium"], actor=control)


def test_the_issues_march_from_germania_inferior_to_mauretania_tingitana_is_refused(ad69, control, rhine, first):
    tingis = MapPoint.objects.create(
        event=ad69, name="Tingis", province=Province.objects.get(event=ad69, name="Mauretania Tingitana")
    )
    refused("No route joins Bonna and Tingis", first, to_point=tingis, actor=control)


def test_a_legion_with_no_player_does_not_move(ad69, control, rhine):
    alone = legion_at(ad69, rhine["Bonna"])
    refused("must have a player with it to move", alone, to_point=rhine["Colonia Agrippina"], actor=control)


def test_a_force_not_yet_on_the_map_is_placed_by_control_first(ad69, control, rhine, vitellius):
    unplaced = legion(ad69, "Legio XV Primigenia", "Germania Inferior", [(LEG, 4, False)])
    Force.objects.filter(pk=unplaced.pk).update(legate=vitellius)
    refused(
        "stands at no map point in Germania Inferior: Control places it on the map first",
        unplaced,
        to_point=rhine["Vetera"],
        actor=control,
    )
    placed = do_place_force(unplaced, map_point=rhine["Novaesium"], actor=control, reason="its base at the start")
    assert placed.map_point == rhine["Novaesium"] and placed.moved_turn is None
    assert AuditEntry.objects.filter(action="force.placed", reason="its base at the start").exists()


def test_a_detachment_without_a_player_moves_by_its_region_umpires_order_only(
    ad69, control, rhine, first, make_umpire, gaul_umpire
):
    detachment = do_detach(
        first, name="Vexillatio Bonnensis", troops=[{"type": AUX, "veteran": False, "count": 1}], actor=control
    )
    refused(
        "the Region umpire of its table determines a detached unit's actions in the absence of its player",
        detachment,
        to_point=rhine["Colonia Agrippina"],
        actor=gaul_umpire,
    )
    northern_umpire = make_umpire(ad69, Role.REGION, "Northern")
    assert marched(detachment, northern_umpire, rhine["Colonia Agrippina"]).map_point == rhine["Colonia Agrippina"]


def test_the_order_form_offers_exactly_the_points_it_can_reach(ad69, control, rhine, first):
    Force.objects.filter(pk=first.pk).update(moved_turn=1, points_moved=3)  # 3 left of a march, 5 of a forced one
    form = MarchForm(force=forces_of(ad69).get(pk=first.pk))
    choices = form.fields["to_point"].choices
    names = {pk: point.name for point in rhine.values() for pk in [point.pk]}
    plain = [label for pk, label in choices if isinstance(label, str) and pk]
    [(group, forced)] = [(pk, labels) for pk, labels in choices if isinstance(labels, list)]
    assert plain == [
        "Colonia Agrippina — 1 point (Northern)",
        "Mogontiacum — 1 point (Northern)",
        "Argentorate — 2 points (Northern)",
        "Augusta Treverorum — 2 points (Gaul)",
        "Novaesium — 2 points (Northern)",
        "Durocortorum — 3 points (Gaul)",
        "Vetera — 3 points (Northern)",
        "Vindonissa — 3 points (Northern)",
    ]
    assert group == "Only by a forced march"
    assert sorted(names[pk] for pk, _ in forced) == ["Augusta Vindelicorum", "Lugdunum"]
    assert [label for _, label in forced][0] == "Augusta Vindelicorum — 4 points (Alpes), by forced march only"

    Force.objects.filter(pk=first.pk).update(move_before_forced=True)  # its last move was forced: no forcing now
    form = MarchForm(force=forces_of(ad69).get(pk=first.pk))
    assert not [labels for _, labels in form.fields["to_point"].choices if isinstance(labels, list)]


def test_control_places_a_force_on_the_map_from_its_page_and_a_table_umpire_may_not(
    client, ad69, control, rhine, make_umpire, vitellius
):
    unplaced = legion(ad69, "Legio XV Primigenia", "Germania Inferior", [(LEG, 4, False)])
    Force.objects.filter(pk=unplaced.pk).update(legate=vitellius)
    url = f"/events/ad69/forces/{unplaced.pk}/"
    northern_umpire = make_umpire(ad69, Role.REGION, "Northern")
    client.force_login(northern_umpire)
    page = client.get(url).content.decode()
    assert "Place on the map" not in page
    assert "Not now: it stands at no map point: Control places it on the map first." in page
    assert client.post(url + "place/", {"map_point": rhine["Vetera"].pk, "reason": "x"}).status_code == 404
    client.force_login(control)
    assert "Place on the map" in client.get(url).content.decode()
    response = client.post(url + "place/", {"map_point": rhine["Vetera"].pk, "reason": "its base at the start"})
    assert response.status_code == 302
    assert Force.objects.get(pk=unplaced.pk).map_point == rhine["Vetera"]
