"""The map's migration (regions 0007): a force's map point was free text; each name becomes a point of the
force's province, not yet placed, so nothing typed before the map existed is lost, and going back writes
the names again.

The step runs on the models as they stood mid-migration (the text beside the new link), so the test gives
the forces table its old text column back inside the test's own transaction, rolled back with it."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from regions.models import Force, MapPoint
from tests.regions.forces_builders import legion

migration = importlib.import_module("regions.migrations.0007_map")


@pytest.fixture
def mid_migration(ad69):
    """The apps as the migration's RunPython sees them, and the old text column in the database."""
    loader = MigrationLoader(connection)
    state = loader.project_state(("regions", "0007_map"), at_end=False)
    step = next(i for i, op in enumerate(migration.Migration.operations) if op.__class__.__name__ == "RunPython")
    for operation in migration.Migration.operations[:step]:
        operation.state_forwards("regions", state)
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE regions_force ADD COLUMN map_point_name varchar(60) NOT NULL DEFAULT ''")
    return state.apps


def typed(apps, force, name):
    apps.get_model("regions", "Force").objects.filter(pk=force.pk).update(map_point_name=name)


def test_a_typed_name_becomes_an_unplaced_point_of_the_forces_province(ad69, mid_migration):
    alaudae = legion(ad69, "Legio V Alaudae", "Germania Inferior", [])
    primigenia = legion(ad69, "Legio XV Primigenia", "Germania Inferior", [])
    without = legion(ad69, "Legio XVI Gallica", "Germania Inferior", [])
    typed(mid_migration, alaudae, "Vetera")
    typed(mid_migration, primigenia, "Vetera")
    migration.points_from_names(mid_migration, None)
    vetera = MapPoint.objects.get(event=ad69, name="Vetera")
    assert vetera.province.name == "Germania Inferior" and not vetera.is_placed and not vetera.is_demo
    assert set(Force.objects.filter(map_point=vetera).values_list("name", flat=True)) == {
        "Legio V Alaudae",
        "Legio XV Primigenia",
    }
    assert Force.objects.get(pk=without.pk).map_point is None
    assert MapPoint.objects.filter(event=ad69).count() == 1


def test_the_same_name_in_another_province_becomes_a_point_of_its_own(ad69, mid_migration):
    """A point is in one province; a name typed in two is two points, the second named by its province."""
    rhine = legion(ad69, "Legio I Germanica", "Germania Inferior", [])
    danube = legion(ad69, "Legio XIII Gemina", "Pannonia", [])
    typed(mid_migration, rhine, "Castra")
    typed(mid_migration, danube, "Castra")
    migration.points_from_names(mid_migration, None)
    assert Force.objects.get(pk=rhine.pk).map_point.name == "Castra"
    second = Force.objects.get(pk=danube.pk).map_point
    assert second.name == "Castra (Pannonia)" and second.province.name == "Pannonia"


def test_going_back_writes_each_forces_point_as_its_name_again(ad69, mid_migration):
    force = legion(ad69, "Legio XXI Rapax", "Germania Superior", [])
    point = MapPoint.objects.create(event=ad69, name="Vindonissa", province=force.province)
    Force.objects.filter(pk=force.pk).update(map_point=point)
    migration.names_from_points(mid_migration, None)
    old = mid_migration.get_model("regions", "Force").objects.get(pk=force.pk)
    assert old.map_point_name == "Vindonissa"
