"""Undoing a siege's steps from the audit log: the forces' changes the step made put back with it, the siege
as it stood, the month's work it added taken out; refused while a later step of the same siege stands."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Force
from tests.regions.forces_builders import composition
from tests.warfare.test_sieges import (  # noqa: F401 (fixtures)
    cremona,
    fresh,
    garrison,
    next_turn,
    primus,
    started,
    statuses,
    table,
    xlv,
    xlvi,
)
from umpire.models import AuditEntry, Character
from umpire.services.undo import do_undo
from warfare.models import Siege, SiegeMonth
from warfare.services.sieges import do_assault, do_build_siege_engines, do_reduce_defences


def entry(action):
    return AuditEntry.objects.filter(action=action).order_by("pk").last()


def test_a_siege_laid_by_mistake_is_undone_and_its_besiegers_stand_again(control, cremona, xlv, xlvi, garrison):
    begun = entry("siege.begun")
    assert sorted(begun.parts.values_list("action", flat=True)) == ["force.besiege", "force.besiege"]
    do_undo(begun, actor=control, reason="the wrong town")
    assert not Siege.objects.filter(pk=cremona.pk).exists()
    assert statuses(xlv, xlvi, garrison) == ["standing", "standing", "standing"]


def test_a_months_work_is_undone_and_the_month_is_free_again(ad69, control, cremona, xlv, xlvi):
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    do_build_siege_engines(cremona, legion=xlvi, actor=control)
    next_turn(ad69, control)
    do_reduce_defences(cremona, actor=control)
    do_undo(entry("siege.defences_reduced"), actor=control, reason="the engines were not enough")
    assert fresh(cremona).multiplier == 5
    assert list(SiegeMonth.objects.values_list("action", flat=True)) == ["build_engines", "build_engines"]
    assert do_reduce_defences(cremona, actor=control).multiplier == 4  # the month's work may be done again


def test_an_earlier_month_waits_for_the_later_one(ad69, control, cremona, xlv, xlvi):
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    built = entry("siege.engines_built")
    do_build_siege_engines(cremona, legion=xlvi, actor=control)
    with pytest.raises(ValidationError, match=rf"Later changes depend on #{built.pk}: #\d+ siege.engines_built"):
        do_undo(built, actor=control, reason="XLV did nothing")


def test_an_assault_that_took_the_place_is_undone_with_its_losses(ad69, control, cremona, xlv, xlvi, garrison):
    next_turn(ad69, control)
    Character.objects.filter(name="Caecilius Simplex").update(location=cremona.region)
    do_assault(cremona, commander_joins=True, dice=[12, 1], actor=control)
    assert fresh(cremona).state == "fallen" and composition(garrison) == []
    do_undo(entry("siege.place_fell"), actor=control, reason="the dice were misread")
    assert fresh(cremona).state == "active" and not SiegeMonth.objects.exists()
    assert composition(garrison) != [] and statuses(xlv, xlvi) == ["besieging", "besieging"]
    assert Force.objects.get(pk=xlv.pk).fought_turn is None
