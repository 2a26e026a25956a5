"""Forces through the services: each change checked by the AD69 engine, audited, announced."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import CostOwed, Force, Province, Upgrade
from regions.services.forces import do_detach, do_march, do_merge, do_order_upgrade, do_raise_levies
from tests.regions.forces_builders import build_danube_map, composition, legion
from umpire import clockwork
from umpire.models import AuditEntry, Character

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"


@pytest.fixture
def danube(ad69):
    return build_danube_map(ad69)


@pytest.fixture
def xlv(ad69, danube):
    """The UPGRADING EXAMPLE's XLV Legion: 1 Aquila, 3 legionaries, 2 auxilia, 10 levies; at Carnuntum."""
    troops = [(LEG, 3, False), (AUX, 2, False), (LEV, 10, False)]
    return legion(ad69, "Legion XLV", "Pannonia", troops, at="Carnuntum")


def owed(force):
    return list(CostOwed.objects.filter(force=force).values_list("talents", flat=True))


def state_of_everything():
    return (
        sorted(Force.objects.values_list("name", "province__name", "moved_turn", "points_moved", "status")),
        sorted((f, composition(Force.objects.get(name=f))) for f in Force.objects.values_list("name", flat=True)),
        AuditEntry.objects.count(),
        CostOwed.objects.count(),
        Upgrade.objects.count(),
    )


def test_upgrading_example_played_over_two_turns(ad69, control, xlv):
    """IX. UPGRADING EXAMPLE: turn 1 orders 10 levies → 5 auxilia and 2 auxilia → 2 legionaries
    (20 + 12 = 32 talents); at the month's end the legion is 5 + 5 + 0. Turn 2 raises 10 levies
    for 20 talents: 5 + 5 + 10, the handbook's final table."""
    clockwork.do_start_clock(ad69, actor=None)
    do_order_upgrade(
        xlv,
        orders=[{"kind": "levies_to_auxiliaries", "count": 5}, {"kind": "auxiliaries_to_legionaries", "count": 2}],
        actor=control,
    )
    xlv.refresh_from_db()
    assert xlv.status == "upgrading" and owed(xlv) == [32]
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 10, False)]  # not until the month ends

    clockwork.do_skip_turn(ad69, actor=control)
    xlv.refresh_from_db()
    assert xlv.status == "standing"
    assert composition(xlv) == [(AUX, 5, False), (LEG, 5, False)]

    do_raise_levies(xlv, count=10, actor=control)
    assert composition(xlv) == [(AUX, 5, False), (LEG, 5, False), (LEV, 10, False)]
    assert owed(xlv) == [32, 20]
    assert AuditEntry.objects.filter(action="force.finish_upgrade", actor=None).count() == 1


def test_a_sixth_legionary_vexillation_is_refused_and_nothing_changes(ad69, control):
    full = legion(ad69, "Legion XV", "Pannonia", [(LEG, 5, False), (AUX, 1, False)])
    before = state_of_everything()
    with pytest.raises(ValidationError, match="no. 6 is refused"):
        do_order_upgrade(full, orders=[{"kind": "auxiliaries_to_legionaries", "count": 1}], actor=control)
    assert state_of_everything() == before


def test_an_eleventh_levy_is_refused(ad69, control, xlv):
    before = state_of_everything()
    with pytest.raises(ValidationError, match="11 raw levy vexillations"):
        do_raise_levies(xlv, count=1, actor=control)
    assert state_of_everything() == before


def test_a_legion_that_marched_cannot_upgrade_and_an_upgrading_one_cannot_march(ad69, control, xlv, danube):
    vespasian = Character.objects.get(event=ad69, name="Flavius Vespasianus")
    xlv.legate = vespasian
    xlv.save()
    Character.objects.filter(pk=vespasian.pk).update(location=xlv.province.region)
    do_order_upgrade(xlv, orders=[{"kind": "levies_to_auxiliaries", "count": 1}], actor=control)
    before = state_of_everything()
    with pytest.raises(ValidationError, match="is upgrading: it must stand still"):
        do_march(xlv, to_point=danube["Lauriacum"], actor=control)
    assert state_of_everything() == before


@pytest.fixture
def led(ad69, xlv):
    legate = Character.objects.get(event=ad69, name="Tampius Flavianus")  # governor of Pannonia, at its table
    xlv.legate = legate
    xlv.save()
    return xlv


def test_march_points_and_the_forced_march_on_alternate_moves(ad69, control, led, danube):
    noricum = Province.objects.get(event=ad69, name="Noricum")
    clockwork.do_start_clock(ad69, actor=None)
    do_march(led, to_point=danube["Sirmium"], actor=control)  # 4 map points down the Savus
    with pytest.raises(ValidationError, match="would move 7 map points this turn .* at most 6 a turn"):
        do_march(led, to_point=danube["Naissus"], actor=control)
    do_march(led, to_point=danube["Viminacium"], actor=control)  # 2 more: 6
    clockwork.do_skip_turn(ad69, actor=control)
    do_march(led, to_point=danube["Lauriacum"], forced_march=True, actor=control)  # 7: back up and over
    led.refresh_from_db()
    assert led.force_marched_in(2) and led.province == noricum and led.points_moved == 7
    assert led.legate.location.name == "Alpes"  # he went to the Alpes table with his legion
    clockwork.do_skip_turn(ad69, actor=control)
    clockwork.do_skip_turn(ad69, actor=control)  # it stood still a turn: its last move is still the forced one
    before = state_of_everything()
    with pytest.raises(ValidationError, match="force-marched on its last move"):
        do_march(led, to_point=danube["Siscia"], forced_march=True, actor=control)
    assert state_of_everything() == before


def test_a_legion_with_its_aquila_needs_a_player_to_move(ad69, control, xlv, danube):
    with pytest.raises(ValidationError, match="must have a player with it to move"):
        do_march(xlv, to_point=danube["Savaria"], actor=control)


def test_detach_and_merge_keep_every_unit(ad69, control, xlv):
    detachment = do_detach(
        xlv, name="Vexillatio Pannonica", actor=control, troops=[{"type": LEV, "veteran": False, "count": 4}]
    )
    assert detachment.kind == "detachment" and not detachment.aquila and detachment.detached_from == xlv
    xlv.refresh_from_db()
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 6, False)]
    assert composition(detachment) == [(LEV, 4, False)]
    do_merge(detachment, into=xlv, actor=control)
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 10, False)]
    assert not Force.objects.filter(name="Vexillatio Pannonica").exists()


def test_detaching_more_than_there_is_is_refused_by_name(ad69, control, xlv):
    before = state_of_everything()
    with pytest.raises(ValidationError) as refusal:
        do_detach(xlv, name="Too many", actor=control, troops=[{"type": LEG, "veteran": False, "count": 4}])
    assert (
        refusal.value.message_dict["troops"] == ["Legion XV has 3 legionary to send, not 4."]
        or "has 3 legionary to send, not 4" in refusal.value.message_dict["troops"][0]
    )
    assert state_of_everything() == before


def test_a_legion_with_a_pay_chest_cannot_merge_away_and_nothing_changes(ad69, control, xlv):
    """Found by the form fuzz: the pay chest still names the legion, and the merge was a server error."""
    from regions.services.books import do_open_books

    xlvi = legion(ad69, "Legion XLVI", "Pannonia", [(LEG, 1, False)])
    do_open_books(ad69, actor=None)
    before = state_of_everything()
    with pytest.raises(ValidationError) as refusal:
        do_merge(xlvi, into=xlv, actor=control)
    assert refusal.value.message_dict == {
        "into": ["Legion XLVI cannot merge away while these still refer to it: Pay chest of Legion XLVI."]
    }
    assert state_of_everything() == before


@pytest.mark.parametrize(
    "troops, refused",
    [
        ([{"type": "hoplite", "veteran": False, "count": 1}], {"troops.0.type"}),
        ([{"type": LEG, "veteran": None, "count": 1}], {"troops.0.veteran"}),
        (
            [{"type": LEG, "veteran": False, "count": -2}, {"type": AUX, "veteran": False, "count": "many"}],
            {"troops.0.count", "troops.1.count"},
        ),
        ([{"type": LEG, "veteran": False, "count": 1}, {"type": LEG, "veteran": False, "count": 2}], {"troops.1.type"}),
    ],
)
def test_a_correction_with_a_bad_unit_is_refused_by_its_row_and_nothing_changes(ad69, control, xlv, troops, refused):
    """Found by the service fuzz: a correction stored any unit, or failed on the database's constraint."""
    from regions.services.forces import do_correct_troops

    before = state_of_everything()
    with pytest.raises(ValidationError) as refusal:
        do_correct_troops(xlv, troops=troops, actor=control, reason="a miscount")
    assert set(refusal.value.message_dict) == refused
    assert state_of_everything() == before
