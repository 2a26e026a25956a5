"""Undoing a force's or a fleet's order from the audit log: the order is undone whole, with the bills,
upgrades, detachments and marines it made, which the log keeps as its steps; refused while a later change
stands on any of them, or once its bill is paid."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Account, Bill, CostOwed, Fleet, Force, MapPoint, MapRoute, Province, Upgrade
from regions.services.fleets import do_embark, do_open_sea_crossing, do_strip_marines
from regions.services.forces import do_detach, do_march, do_merge, do_order_upgrade, do_raise_levies
from regions.services.ledger import do_transfer
from regions.services.taxes import do_pay_bills
from tests.regions.forces_builders import composition, legion
from umpire import clockwork
from umpire.models import AuditEntry
from umpire.services.undo import do_undo

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"


@pytest.fixture
def october(ad69):
    """October 68: September's statements are drawn up, so a raising cost is billed at once."""
    clockwork.do_start_clock(ad69, actor=None)
    clockwork.do_skip_turn(ad69, actor=None)
    return ad69


@pytest.fixture
def xlv(ad69):
    return legion(ad69, "Legion XLV", "Achaea", [(LEG, 3, False), (AUX, 2, False), (LEV, 4, False)])


def achaea_to_macedonia(event):
    """Corinth and Thessalonica, a designated road between them (test set-up)."""
    corinth, thessalonica = (
        MapPoint.objects.create(event=event, name=name, province=Province.objects.get(event=event, name=province))
        for name, province in (("Corinthus", "Achaea"), ("Thessalonica", "Macedonia"))
    )
    MapRoute.objects.create(event=event, one=corinth, other=thessalonica, designated=True)
    return corinth, thessalonica


def entry(action):
    return AuditEntry.objects.filter(action=action).order_by("pk").last()


def test_raising_levies_is_undone_with_its_unpaid_bill(october, control, xlv):
    do_raise_levies(xlv, count=2, actor=control)
    raised = entry("force.raise_levies")
    assert sorted(raised.parts.values_list("action", flat=True)) == ["bill.added", "cost.owed"]
    do_undo(raised, actor=control, reason="the levies were raised in Macedonia")
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 4, False)]
    assert not Bill.objects.filter(kind=Bill.Kind.RAISING).exists() and not CostOwed.objects.exists()


def test_raising_levies_whose_bill_is_paid_is_refused_and_changes_nothing(october, control, xlv):
    do_raise_levies(xlv, count=2, actor=control)
    bill = Bill.objects.get(kind=Bill.Kind.RAISING)
    treasury = Account.objects.get(province__name="Achaea", kind=Account.Kind.PROVINCE_TREASURY)
    outside = Account.objects.create(event=october, name="The world outside", kind=Account.Kind.EXTERNAL)
    do_transfer(source=outside, target=treasury, talents=10, why="revenue", actor=control)
    do_pay_bills([bill], source=treasury, actor=control)
    written = AuditEntry.objects.count()
    with pytest.raises(ValidationError, match=r"has changed since #\d+ \(paid_by_id\)"):
        do_undo(entry("force.raise_levies"), actor=control, reason="too late")
    assert AuditEntry.objects.count() == written
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 6, False)]


def test_an_upgrade_ordered_is_undone_with_its_upgrade_and_bill(october, control, xlv):
    do_order_upgrade(xlv, orders=[{"kind": "levies_to_auxiliaries", "count": 2}], actor=control)
    assert Upgrade.objects.filter(force=xlv).exists()
    do_undo(entry("force.order_upgrade"), actor=control, reason="ordered for the wrong legion")
    xlv.refresh_from_db()
    assert xlv.status == Force.Status.STANDING
    assert not Upgrade.objects.exists() and not Bill.objects.filter(kind=Bill.Kind.RAISING).exists()


def test_a_detachment_is_undone_by_taking_it_back_into_its_legion(ad69, control, xlv):
    detachment = do_detach(
        xlv, name="Vexillatio Achaica", actor=control, troops=[{"type": LEG, "veteran": False, "count": 2}]
    )
    do_undo(entry("force.detach"), actor=control, reason="sent by mistake")
    assert not Force.objects.filter(pk=detachment.pk).exists()
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 4, False)]


def test_a_detachment_that_marched_since_must_have_its_march_undone_first(ad69, control, xlv):
    clockwork.do_start_clock(ad69, actor=None)
    corinth, thessalonica = achaea_to_macedonia(ad69)
    Force.objects.filter(pk=xlv.pk).update(map_point=corinth)
    detachment = do_detach(
        Force.objects.get(pk=xlv.pk),
        name="Vexillatio Achaica",
        actor=control,
        troops=[{"type": AUX, "veteran": False, "count": 1}],
    )
    do_march(detachment, to_point=thessalonica, actor=control)  # by its Region umpire's order: Control's
    with pytest.raises(ValidationError, match=r"Later changes depend on #\d+: #\d+ force.march of Vexillatio"):
        do_undo(entry("force.detach"), actor=control, reason="sent by mistake")
    do_undo(entry("force.march"), actor=control, reason="it never left")
    do_undo(entry("force.detach"), actor=control, reason="sent by mistake")
    assert [force.name for force in Force.objects.filter(event=ad69)] == ["Legion XLV"]


def test_a_merge_is_undone_by_bringing_the_detachment_back_with_its_units(ad69, control, xlv):
    detachment = do_detach(
        xlv, name="Vexillatio Achaica", actor=control, troops=[{"type": LEG, "veteran": False, "count": 2}]
    )
    kept = detachment.pk
    do_merge(detachment, into=xlv, actor=control)
    do_undo(entry("force.merge"), actor=control, reason="they had not met")
    restored = Force.objects.get(pk=kept)
    assert (restored.name, restored.detached_from_id) == ("Vexillatio Achaica", xlv.pk)
    assert composition(restored) == [(LEG, 2, False)]
    assert composition(xlv) == [(AUX, 2, False), (LEG, 1, False), (LEV, 4, False)]


@pytest.fixture
def misenum(ad69):
    return Fleet.objects.create(
        event=ad69, name="Classis Misenensis", base=Province.objects.get(event=ad69, name="Italia")
    )


def test_stripped_marines_are_undone_with_the_force_they_formed(ad69, control, misenum):
    marines = do_strip_marines(misenum, name="Marines of Misenum", actor=control)
    do_undo(entry("fleet.strip_marines"), actor=control, reason="the fleet kept them")
    misenum.refresh_from_db()
    assert misenum.state == Fleet.State.READY and not Force.objects.filter(pk=marines.pk).exists()


def test_a_sea_crossing_is_undone_with_the_losses_aboard(ad69, control, misenum):
    aboard = legion(ad69, "Legion I Adiutrix", "Italia", [(LEG, 5, False), (AUX, 4, False)])
    do_embark(aboard, fleet=misenum, actor=control)
    do_open_sea_crossing(misenum, dice=[1, 3], actor=control)
    crossing = entry("fleet.open_sea_crossing")
    assert list(crossing.parts.values_list("action", flat=True)) == ["force.lost_at_sea"]
    do_undo(crossing, actor=control, reason="the dice were Ostia's")
    misenum.refresh_from_db()
    assert (misenum.capacity, misenum.state) == (14, Fleet.State.READY)
    assert composition(aboard) == [(AUX, 4, False), (LEG, 5, False)]
