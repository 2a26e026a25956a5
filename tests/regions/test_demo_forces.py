"""The demo order of battle (fixtures/ad69_demo_forces.json): it loads on the world, loads
again without change, and keeps the AD69 rules: IX. LIMITATIONS, praetorians in Rome only."""

from io import StringIO

import pytest
from django.core.management import call_command

from regions.models import Fleet, Force, ForceTroops, MapPoint, MapRoute
from regions.services.engine import as_rules_force
from tests.demo_data import load_demo_forces
from umpire.models import Event
from umpire.rules.ad69.legions import check_limits
from umpire.rules.working import Working

ARMY_COMMANDERS = {
    "Germania Inferior": "Aulius Vitellius",
    "Germania Superior": "Verginius Rufus",
    "Judea": "Flavius Vespasianus",
    "Syria": "Licinius Mucianus",
}


@pytest.fixture
def demo(ad69):
    load_demo_forces()
    return ad69


def order_of_battle():
    """Every force, troop row and fleet, as stored, ids included."""
    return (
        list(Force.objects.order_by("pk").values()),
        list(ForceTroops.objects.order_by("pk").values()),
        list(Fleet.objects.order_by("pk").values()),
    )


def legions():
    return Force.objects.filter(kind=Force.Kind.LEGION).select_related("province", "legate").prefetch_related("troops")


def test_demo_forces_load_on_the_world(demo):
    assert legions().count() == 31
    assert Fleet.objects.filter(event=demo).count() == 8
    assert Force.objects.exclude(event=demo).count() == 0
    assert set(Force.objects.get(name="Legio V Alaudae").troops.values_list("type", "count")) == {
        ("legionary", 4),
        ("auxiliary", 5),
    }


def test_loading_the_demo_forces_again_changes_nothing(demo):
    before = order_of_battle()
    call_command("loaddata", "ad69_demo_forces", verbosity=0)
    assert order_of_battle() == before


def test_every_legion_is_within_the_limits_by_the_rules_engine(demo):
    for legion in legions():
        check_limits(as_rules_force(legion), Working(), {}, "troops")  # raises RulesError naming the legion


def test_every_legion_starts_under_strength(demo):
    """IX. LIMITATIONS: "Most legions are under-strength to some degree when the game starts"."""
    assert all(as_rules_force(legion).units < 20 for legion in legions())


def test_every_legion_has_its_aquila_and_no_other_force_has_one(demo):
    assert not legions().filter(aquila=False).exists()
    assert not Force.objects.exclude(kind=Force.Kind.LEGION).filter(aquila=True).exists()


def test_praetorians_serve_only_in_the_city_of_rome(demo):
    praetorian_forces = Force.objects.filter(troops__type="praetorian", troops__count__gt=0).distinct()
    assert set(praetorian_forces.values_list("name", "province__name")) == {
        ("Praetorian Cohorts", "City of Rome"),
        ("Urban Cohorts", "City of Rome"),
    }
    assert set(Force.objects.filter(province__name="City of Rome").values_list("name", flat=True)) == {
        "Praetorian Cohorts",
        "Urban Cohorts",
    }


def test_every_force_and_fleet_is_marked_demo(demo):
    assert Force.objects.count() and not Force.objects.filter(is_demo=False).exists()
    assert Fleet.objects.count() and not Fleet.objects.filter(is_demo=False).exists()


def test_legates_are_only_the_army_commanding_governors(demo):
    for legion in legions():
        expected = ARMY_COMMANDERS.get(legion.province.name)
        assert (legion.legate.name if legion.legate else None) == expected, legion.name
        if legion.legate:
            assert legion.province.military_governor and legion.province.governor == legion.legate


def test_every_fleet_has_sea_areas_one_a_line(demo):
    for fleet in Fleet.objects.all():
        areas = fleet.sea_areas.splitlines()
        assert areas and all(area.strip() == area and area for area in areas), fleet.name


def test_every_demo_record_passes_its_models_validation(demo):
    for record in [*Force.objects.all(), *Fleet.objects.all()]:
        record.full_clean()


def test_seed_demo_on_an_empty_database_loads_the_demo_forces(empty_database):
    call_command("seed_demo", stdout=StringIO())
    event = Event.objects.get(slug="ad69")
    assert Force.objects.filter(event=event, kind=Force.Kind.LEGION, is_demo=True).count() == 31
    assert Fleet.objects.filter(event=event, is_demo=True).count() == 8
    # the demo map first, the forces at their bases on it
    assert MapPoint.objects.filter(event=event, is_demo=True).count() > 150
    assert MapRoute.objects.filter(event=event, is_demo=True).count() > 200
    assert Force.objects.get(event=event, name="Legio V Alaudae").map_point.name == "Vetera"
    assert Fleet.objects.get(event=event, name="Classis Misenensis").station.name == "Misenum"


def test_seed_demo_again_keeps_controls_changes_to_the_forces(db):
    call_command("seed_demo", stdout=StringIO())
    Force.objects.filter(name="Legio XXI Rapax").delete()
    MapRoute.objects.filter(one__name="Vindonissa").delete()
    before = order_of_battle(), list(MapPoint.objects.order_by("pk").values()), list(MapRoute.objects.values())
    call_command("seed_demo", stdout=StringIO())
    assert (
        order_of_battle(),
        list(MapPoint.objects.order_by("pk").values()),
        list(MapRoute.objects.values()),
    ) == before
