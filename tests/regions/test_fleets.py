"""Fleets through the services: loading, the open sea, charters, repairs and marines."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import CostOwed, Fleet, Force, MapPoint, Province
from regions.services.fleets import (
    do_book_charter,
    do_build_bridge,
    do_embark,
    do_land,
    do_open_sea_crossing,
    do_repair_fleet,
    do_strip_marines,
)
from tests.regions.forces_builders import build_danube_map, composition, legion
from umpire import clockwork
from umpire.models import AuditEntry

LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def misenum(ad69):
    return Fleet.objects.create(
        event=ad69, name="Classis Misenensis", base=Province.objects.get(event=ad69, name="Italia")
    )


@pytest.fixture
def first_adiutrix(ad69):
    """5 legionaries, 4 auxiliaries and the Aquila: 9 + 4 = 13 vexillation equivalents at sea."""
    return legion(ad69, "Legion I Adiutrix", "Italia", [(LEG, 5, False), (AUX, 4, False)])


def test_embarking_counts_the_aquila_as_four(ad69, control, misenum, first_adiutrix):
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    extra = legion(ad69, "Cohors urbana", "Italia", [(AUX, 2, False)], aquila=False)
    with pytest.raises(ValidationError, match="15"):
        do_embark(extra, fleet=misenum, actor=control)
    extra.refresh_from_db()
    assert extra.embarked_on is None
    first_adiutrix.refresh_from_db()
    assert first_adiutrix.embarked_on == misenum and first_adiutrix.status == "at_sea"


def test_a_fleet_boards_only_at_its_own_table(ad69, control, misenum):
    far = legion(ad69, "Legion III Augusta", "Africa", [(LEG, 4, False)])
    with pytest.raises(ValidationError, match="works from Italia/Rome"):
        do_embark(far, fleet=misenum, actor=control)


def test_serious_losses_at_sea_halve_the_fleet_and_the_troops(ad69, control, misenum, first_adiutrix):
    """IX. SEA MOVEMENT: September is winter at sea for Italia (Oct-Mar)? No: Oct-Mar, so the
    September crossing fails only on a 1. Die 1, then Worse Things 3: serious losses."""
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    result = do_open_sea_crossing(misenum, dice=[1, 3], actor=control)
    assert result.outcome["result"] == "serious_losses"
    misenum.refresh_from_db()
    first_adiutrix.refresh_from_db()
    assert (misenum.capacity, misenum.state) == (7, "serious_damage")
    assert sum(count for _, count, _ in composition(first_adiutrix)) == 9 - 4
    assert AuditEntry.objects.filter(action="fleet.open_sea_crossing").exists()
    assert AuditEntry.objects.filter(action="force.lost_at_sea").exists()


def test_a_lost_fleet_takes_its_troops_down_and_carries_no_more(ad69, control, misenum, first_adiutrix):
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    do_open_sea_crossing(misenum, dice=[1, 1], actor=control)
    misenum.refresh_from_db()
    first_adiutrix.refresh_from_db()
    assert misenum.state == "lost" and composition(first_adiutrix) == [] and not first_adiutrix.aquila
    with pytest.raises(ValidationError, match="lost with all hands"):
        do_open_sea_crossing(misenum, dice=[6], actor=control)


def test_neptunes_offering_is_owed_and_helps_the_worse_things_roll(ad69, control, misenum, first_adiutrix):
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    result = do_open_sea_crossing(misenum, dice=[1, 5], offering_to_neptune=True, actor=control)
    assert result.outcome["result"] == "lucky"
    assert list(CostOwed.objects.filter(fleet=misenum).values_list("talents", flat=True)) == [10]


def test_a_charter_is_priced_by_the_engine_and_owed(ad69, control, first_adiutrix):
    """Booked in September to sail in October: winter at sea for Italia/Rome, so x4.
    13 vexillation equivalents x 2 coastal areas x 1 = 26, x4 = 104."""
    result = do_book_charter(first_adiutrix, coastal_sea_areas=2, actor=control)
    assert result.outcome["cost"] == 104
    assert list(CostOwed.objects.filter(force=first_adiutrix).values_list("talents", flat=True)) == [104]
    with pytest.raises(ValidationError, match="at most 8"):
        do_book_charter(first_adiutrix, coastal_sea_areas=5, open_sea_areas=4, actor=control)


def test_repairs_take_their_months_and_finish_at_turn_end(ad69, control, misenum):
    clockwork.do_start_clock(ad69, actor=None)
    Fleet.objects.filter(pk=misenum.pk).update(state=Fleet.State.SERIOUS_DAMAGE, capacity=7)
    do_repair_fleet(misenum, repair="serious_storm_damage", actor=control)
    with pytest.raises(ValidationError, match="under repair until the end of turn 2"):
        do_open_sea_crossing(misenum, dice=[6], actor=control)
    clockwork.do_skip_turn(ad69, actor=None)
    misenum.refresh_from_db()
    assert misenum.state == "serious_damage"
    clockwork.do_skip_turn(ad69, actor=None)
    misenum.refresh_from_db()
    assert (misenum.state, misenum.capacity) == ("ready", 14)
    assert list(CostOwed.objects.filter(fleet=misenum).values_list("talents", flat=True)) == [40]


def test_repairing_what_is_not_broken_is_refused(ad69, control, misenum):
    with pytest.raises(ValidationError, match="is ready, not light storm damage"):
        do_repair_fleet(misenum, repair="light_storm_damage", actor=control)
    assert not CostOwed.objects.exists()


def test_stripped_marines_form_six_auxiliary_vexillations_at_the_base(ad69, control, misenum):
    """IX. FLEETS: 6 auxiliary vexillations, more than a legion's 5 places: a force of their own."""
    marines = do_strip_marines(misenum, name="Marines of Misenum", actor=control)
    misenum.refresh_from_db()
    assert misenum.state == "marines_stripped"
    assert (marines.kind, marines.province.name, composition(marines)) == ("detachment", "Italia", [(AUX, 6, False)])
    with pytest.raises(ValidationError, match="no marines to strip"):
        do_strip_marines(misenum, name="Again", actor=control)


def test_marines_over_a_legions_auxiliary_limit_cannot_merge(ad69, control, misenum):
    from regions.services.forces import do_merge

    host = legion(ad69, "Legion I Adiutrix", "Italia", [(AUX, 1, False)])
    marines = do_strip_marines(misenum, name="Marines of Misenum", actor=control)
    with pytest.raises(ValidationError, match="7 auxiliary vexillations"):
        do_merge(marines, into=host, actor=control)
    assert composition(host) == [(AUX, 1, False)] and composition(marines) == [(AUX, 6, False)]


def test_a_bridge_of_boats_takes_the_month_and_carries_no_one(ad69, control, misenum, first_adiutrix):
    do_build_bridge(misenum, waterway="the Straits of Messina", actor=control)
    with pytest.raises(ValidationError, match="bridge of boats"):
        do_embark(first_adiutrix, fleet=misenum, actor=control)


def test_landing_puts_the_force_ashore(ad69, control, misenum, first_adiutrix):
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    sicilia = Province.objects.get(event=ad69, name="Sicilia")
    do_land(first_adiutrix, province=sicilia, actor=control)
    first_adiutrix.refresh_from_db()
    assert (first_adiutrix.province, first_adiutrix.embarked_on, first_adiutrix.status) == (sicilia, None, "standing")


def test_landing_at_a_map_point_stands_the_force_there_and_off_the_map_otherwise(
    ad69, control, misenum, first_adiutrix
):
    """A force that stood at a point leaves it when it sails: it stands where it lands, or at no point."""
    italia, sicilia = (Province.objects.get(event=ad69, name=name) for name in ("Italia", "Sicilia"))
    misenum_port = MapPoint.objects.create(event=ad69, name="Misenum", province=italia, kind="port")
    syracusae = MapPoint.objects.create(event=ad69, name="Syracusae", province=sicilia, kind="port")
    Force.objects.filter(pk=first_adiutrix.pk).update(map_point=misenum_port)
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    with pytest.raises(ValidationError, match="Syracusae is in Sicilia, not Italia"):
        do_land(first_adiutrix, province=italia, at_point=syracusae, actor=control)
    do_land(first_adiutrix, province=sicilia, at_point=syracusae, actor=control)
    first_adiutrix.refresh_from_db()
    assert (first_adiutrix.province, first_adiutrix.map_point) == (sicilia, syracusae)
    do_embark(first_adiutrix, fleet=misenum, actor=control)
    do_land(first_adiutrix, province=italia, actor=control)
    first_adiutrix.refresh_from_db()
    assert (first_adiutrix.province, first_adiutrix.map_point) == (italia, None)


def test_a_march_to_another_table_is_heard_at_both(ad69, control, django_capture_on_commit_callbacks):
    from regions.services.forces import do_march
    from tests.umpire.channels_helpers import listen
    from umpire.models import Character

    danube = build_danube_map(ad69)
    force = legion(
        ad69, "Legion XIII Gemina", "Pannonia", [(LEG, 4, False)], legate="Tampius Flavianus", at="Carnuntum"
    )
    illyria, alpes = (ad69.regions.get(name=n).pk for n in ("Illyria", "Alpes"))
    with listen([f"table-{illyria}", f"table-{alpes}", f"table-{ad69.regions.get(name='Gaul').pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_march(force, to_point=danube["Lauriacum"], actor=control)
        groups = {
            group for group, messages in heard().items() if any(m["event"]["type"] == "force.changed" for m in messages)
        }
    assert groups == {f"table-{illyria}", f"table-{alpes}"}
    assert Character.objects.get(name="Tampius Flavianus").location_id == alpes
