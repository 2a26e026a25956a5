"""Undoing Rome from the audit log: the Senate's acts put back with what they made (an appointment's
record, a count's ratification, the reigns a proclamation ended), a vote only before its count, and a move
of the mob answered by the opposite move, never taken out of its history."""

import pytest
from django.core.exceptions import ValidationError

from senate.models.mob import MoodEntry
from senate.models.offices import Appointment
from senate.models.sessions import Claimant, Edict, Motion, Vote
from senate.services.mob import do_move_mood, do_open_mood, rome_mood
from senate.services.sessions import (
    do_count_motion,
    do_issue_edict,
    do_proclaim_emperor,
    do_record_votes,
    do_table_motion,
)
from tests.senate.test_offices import appoint_procurator, equestrian, province, running  # noqa: F401 (fixture)
from tests.senate.test_sessions import motion_voted, person, senate_umpire, session  # noqa: F401 (fixtures)
from umpire.models import AuditEntry
from umpire.services.undo import do_undo


def entry(action):
    return AuditEntry.objects.filter(action=action).order_by("pk").last()


def test_a_move_of_the_mob_is_answered_by_the_opposite_move(ad69, control):
    do_move_mood(ad69, change=3, reason="the games of Nero's birthday", actor=control)
    do_undo(entry("mob.mood_moved"), actor=control, reason="there were no games")
    mood = rome_mood(ad69)
    assert mood.value == 0
    assert [(line.change, line.cause) for line in MoodEntry.objects.order_by("pk")] == [(3, "ruling"), (-3, "ruling")]
    assert "takes back +3" in MoodEntry.objects.order_by("pk").last().reason


def test_an_appointment_is_undone_with_its_line_in_the_record(running, control):
    achaea = province(running, "Achaea")
    held_before = achaea.procurator_id
    appoint_procurator(running, equestrian(running), actor=control)
    assert Appointment.objects.count() == 1
    do_undo(entry("senate.appointed"), actor=control, reason="the Senate never voted it")
    achaea.refresh_from_db()
    assert achaea.procurator_id == held_before and not Appointment.objects.exists()


def test_a_vote_is_undone_before_the_count_and_refused_after_it(ad69, control, senate_umpire, session):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Bread for the people", actor=senate_umpire)
    do_record_votes(motion, votes=[(person(ad69, "Titus Vinius"), Vote.Choice.AYE)], actor=senate_umpire)
    do_undo(entry("senate.vote"), actor=control, reason="he was not in the room")
    assert not Vote.objects.exists()
    do_record_votes(motion, votes=[(person(ad69, "Titus Vinius"), Vote.Choice.AYE)], actor=senate_umpire)
    do_count_motion(motion, actor=senate_umpire)
    with pytest.raises(ValidationError, match="was counted since #\\d+: undo the count first"):
        do_undo(entry("senate.vote"), actor=control, reason="too late")


def test_a_count_that_ratified_an_edict_is_undone_with_the_ratification(ad69, control, senate_umpire, session):
    do_proclaim_emperor(ad69, character=person(ad69, "Sercius Sulpicius Galba"), actor=senate_umpire)
    edict = do_issue_edict(ad69, emperor=person(ad69, "Sercius Sulpicius Galba"), text="Bread", actor=senate_umpire)
    motion = motion_voted(session, senate_umpire, kind=Motion.Kind.RATIFY, text="Bread", edict=edict)
    do_count_motion(motion, actor=senate_umpire)
    assert Edict.objects.get(pk=edict.pk).ratified_by_id == motion.pk
    do_undo(entry("senate.motion_counted"), actor=control, reason="miscounted")
    motion.refresh_from_db()
    assert (motion.state, Edict.objects.get(pk=edict.pk).ratified_by_id) == (Motion.State.TABLED, None)


def test_a_proclamation_is_undone_with_the_reign_it_ended(ad69, control, senate_umpire):
    galba = do_proclaim_emperor(ad69, character=person(ad69, "Sercius Sulpicius Galba"), actor=senate_umpire)
    otho = do_proclaim_emperor(ad69, character=person(ad69, "Marcus Otho"), actor=senate_umpire)
    do_undo(entry("senate.proclaimed"), actor=control, reason="the praetorians never hailed him")
    assert not Claimant.objects.filter(pk=otho.pk).exists()
    assert Claimant.objects.get(pk=galba.pk).ended_turn is None


def test_the_mood_is_not_removed_while_its_history_stands(ad69, control):
    do_open_mood(ad69, province=province(ad69, "Achaea"), actor=control)
    opened = entry("mob.mood_opened")
    do_move_mood(ad69, change=2, reason="bread", place=province(ad69, "Achaea"), actor=control)
    hanging = r"Records hang on The mob of Achaea since #\d+ \(mood entry: 1\), which removing it would delete"
    with pytest.raises(ValidationError, match=hanging):
        do_undo(opened, actor=control, reason="no mob there")
    assert MoodEntry.objects.count() == 1
