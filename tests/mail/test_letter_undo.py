"""Undoing a letter's step from the audit log: the letter put back as it stood, the step taken out of its
history; a later step, or the post's own round of arrivals, must be put right first; a posting is undone by
taking the letter out of the post."""

import pytest
from django.core.exceptions import ValidationError

from mail.models import Letter, LetterStep
from mail.services.letters import do_deliver_letter, do_leave_letters, do_pick_up_letters, do_rule_letter
from mail.services.transit import release_due_letters
from tests.mail.test_letters import post_to_primus
from umpire.models import AuditEntry
from umpire.services.undo import do_undo


def entry(action):
    return AuditEntry.objects.filter(action=action).order_by("pk").last()


def steps(letter):
    return list(LetterStep.objects.filter(letter=letter).order_by("pk").values_list("what", flat=True))


def test_a_delivery_is_undone_and_the_letter_waits_in_its_tray_again(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    do_deliver_letter(letter, actor=hall.illyria_umpire)
    do_undo(entry("letter.delivered"), actor=hall.control, reason="handed to the wrong legate")
    letter.refresh_from_db()
    assert (letter.state, letter.at_table, letter.delivered_to) == (Letter.State.ARRIVED, hall.illyria, None)
    assert steps(letter) == ["posted", "picked_up", "arrived"]


def test_an_earlier_step_waits_for_the_later_ones_to_be_undone(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_rule_letter(letter, ruling="intercepted", reason="Vitellius' riders", actor=hall.control)
    picked_up = entry("letter.picked_up")
    with pytest.raises(ValidationError, match=r"Later changes depend on #\d+: #\d+ letter.intercepted"):
        do_undo(picked_up, actor=hall.control, reason="never picked up")
    do_undo(entry("letter.intercepted"), actor=hall.control, reason="the riders missed him")
    do_undo(picked_up, actor=hall.control, reason="never picked up")
    letter.refresh_from_db()
    assert (letter.state, letter.at_table, letter.courier) == (Letter.State.IN_TRAY, hall.rome, None)
    assert steps(letter) == ["posted"]


def test_a_posting_is_undone_by_taking_the_letter_out_of_the_post(hall):
    letter = post_to_primus(hall)
    do_undo(entry("letter.posted"), actor=hall.control, reason="posted twice")
    assert not Letter.objects.filter(pk=letter.pk).exists() and not LetterStep.objects.exists()


def test_a_letter_moved_by_the_posts_own_round_is_not_put_back_behind_its_back(simulated):
    hall = simulated
    letter = post_to_primus(hall)
    release_due_letters(hall.event, letter.due_turn - 1)
    with pytest.raises(ValidationError, match="has changed since #\\d+ .*undo refused"):
        do_undo(entry("letter.posted"), actor=hall.control, reason="posted twice")
    assert Letter.objects.get(pk=letter.pk).state == Letter.State.ARRIVED
