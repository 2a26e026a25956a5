"""Undoing a battle from the audit log. Its confirmation: every force's losses and veterans and every
commander's fate are put back, as steps of the one undo, and the battle is open to be confirmed
again; refused while a later change to one of its forces stands. A step of the fight before it: the
battle put back as it stood, a round fought taken out, once the later steps are undone."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Force
from regions.services.forces import do_correct_troops
from tests.regions.forces_builders import composition
from tests.warfare.test_battle_rulings import rule
from tests.warfare.test_battles import AUX, LEG, confirmed_example_1, fight_example_1, fresh
from umpire.models import AuditEntry, Character
from umpire.services.undo import do_undo
from warfare.models import Battle
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses


def confirmation(battle):
    return AuditEntry.objects.get(action="battle.confirmed", target_id=str(battle.pk))


def test_undoing_a_confirmation_gives_back_the_units_and_unlocks_the_battle(ad69, control, umpire, example_1):
    confirmed_example_1(example_1, umpire)
    assert composition(example_1.xlvi) == [(AUX, 2, False), (LEG, 3, False)]
    confirmed = confirmation(example_1.battle)
    assert sorted(confirmed.parts.values_list("action", flat=True)) == ["force.battle", "force.battle"]

    undo = do_undo(confirmed, actor=control, reason="losses placed on the wrong legion")

    assert composition(example_1.xlv) == [(AUX, 5, False), (LEG, 5, False)]  # no longer veterans
    assert composition(example_1.xlvi) == [(AUX, 5, False), (LEG, 5, False)]
    battle = fresh(example_1.battle)
    assert (battle.state, battle.is_locked, battle.confirmed_by) == ("losses_proposed", False, None)
    assert set(battle.forces.values_list("force__fought_turn", flat=True)) == {None}
    restored = AuditEntry.objects.filter(part_of=undo).order_by("pk")
    assert list(restored.values_list("action", flat=True)) == [
        "force.restored",
        "force.restored",
        "warfare.battle.update",
    ]
    assert set(restored.values_list("compensates", flat=True)) == {confirmed.pk}

    # the umpire puts it right and confirms again: the losses land once more
    do_place_losses(
        battle,
        side="b",
        actor=umpire,
        placed=[{"force": example_1.xlvi, "type": LEG, "count": 3}, {"force": example_1.xlvi, "type": AUX, "count": 2}],
    )
    do_confirm_battle(battle, actor=umpire)
    assert composition(example_1.xlvi) == [(AUX, 3, False), (LEG, 2, False)]


def test_a_commanders_death_is_undone_with_the_battle(ad69, control, umpire, proposed, example_1_forces):
    """Bigius fell in person and the umpire ruled him killed: the undo brings him back and gives
    him his legion and army again."""
    rule(fresh(proposed), "fate_a", "killed", umpire, reason="taken and put to the sword")
    do_place_losses(
        fresh(proposed),
        side="b",
        actor=umpire,
        placed=[{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}],
    )
    xlv, bigius = example_1_forces["xlv"], example_1_forces["bigius"]
    Force.objects.filter(pk=xlv.pk).update(legate=bigius, army_commander=bigius)
    do_confirm_battle(fresh(proposed), actor=umpire)
    assert Character.objects.get(pk=bigius.pk).died_turn is not None

    do_undo(confirmation(proposed), actor=control, reason="the wound die was misread")

    assert Character.objects.get(pk=bigius.pk).died_turn is None
    xlv.refresh_from_db()
    assert (xlv.legate, xlv.army_commander) == (bigius, bigius)


def test_a_later_change_to_a_force_stops_the_undo_until_it_is_undone_first(ad69, control, umpire, example_1):
    confirmed_example_1(example_1, umpire)
    correction = do_correct_troops(
        example_1.xlvi, troops=[{"type": LEG, "count": 4, "veteran": False}], actor=control, reason="a miscount"
    )
    corrected = AuditEntry.objects.filter(action="force.corrected").get()
    written = AuditEntry.objects.count()

    with pytest.raises(ValidationError, match=rf"Later changes depend on #\d+: #{corrected.pk} force.corrected"):
        do_undo(confirmation(example_1.battle), actor=control, reason="wrong legion")
    assert AuditEntry.objects.count() == written
    assert composition(correction) == [(LEG, 4, False)]

    do_undo(corrected, actor=control, reason="the miscount was right after all")
    assert composition(example_1.xlvi) == [(AUX, 2, False), (LEG, 3, False)]
    do_undo(confirmation(example_1.battle), actor=control, reason="wrong legion")
    assert composition(example_1.xlvi) == [(AUX, 5, False), (LEG, 5, False)]


def test_a_step_of_the_confirmation_is_not_undone_alone(ad69, control, umpire, example_1):
    confirmed_example_1(example_1, umpire)
    step = AuditEntry.objects.filter(action="force.battle").first()
    with pytest.raises(ValidationError, match=r"one step of #\d+ \(battle.confirmed\): undo that action whole"):
        do_undo(step, actor=control, reason="only this legion")


def test_a_round_fought_is_undone_and_the_battle_stands_as_before_it(ad69, control, umpire, example_1):
    before = fresh(example_1.battle)
    fight_example_1(example_1, umpire)
    fought = AuditEntry.objects.get(action="battle.round_fought")
    assert list(fought.parts.values_list("action", flat=True)) == ["battle.state"]
    do_undo(fought, actor=control, reason="the dice were the other table's")
    battle = fresh(example_1.battle)
    assert (battle.state, battle.rounds_fought, battle.rounds.count()) == (before.state, 0, 0)
    fight_example_1(example_1, umpire)  # and it is fought again
    assert fresh(example_1.battle).rounds.count() == 1


def test_an_earlier_step_waits_for_the_later_ones(ad69, control, umpire, example_1):
    fight_example_1(example_1, umpire)
    do_propose_losses(example_1.battle, dice=[], actor=umpire)
    fought = AuditEntry.objects.get(action="battle.round_fought")
    proposed = AuditEntry.objects.get(action="battle.losses_proposed")
    with pytest.raises(
        ValidationError,
        match=rf"Later changes depend on #{fought.pk}: #{proposed.pk} "
        r"battle.losses_proposed",
    ):
        do_undo(fought, actor=control, reason="wrong dice")
    do_undo(proposed, actor=control, reason="too soon")
    do_undo(fought, actor=control, reason="wrong dice")
    assert fresh(example_1.battle).rounds.count() == 0


def test_an_opening_is_undone_by_taking_the_battle_off_the_desk(ad69, control, example_1):
    opened = AuditEntry.objects.get(action="battle.opened")
    do_undo(opened, actor=control, reason="opened by mistake")
    assert not Battle.objects.filter(pk=example_1.battle.pk).exists()
    assert composition(example_1.xlv) == [(AUX, 5, False), (LEG, 5, False)]
