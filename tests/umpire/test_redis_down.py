"""Redis stopped in a running game (issue 16, item 2): pages keep working from the database.

The channel layer and Celery's broker point at a loopback port nobody answers at, as a live
event's do once Redis has stopped. Changes commit for real (transaction=True), so what runs
after the commit, the live update and the turn's wake-up task, runs as it would in the hall.
"""
from datetime import timedelta

import pytest
from django.urls import reverse

from umpire import clockwork
from umpire.events import event_group
from umpire.models import Announcement, AuditEntry, GameClock, GroupSequence, TurnEnd

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("channel_layer_down", "broker_down")]


def test_control_runs_the_clock_and_announces_while_redis_is_down(client, ad69, control, caplog):
    client.force_login(control)
    started = client.post("/control/ad69/clock/start/", follow=True)
    assert started.status_code == 200 and "The clock is running." in started.content.decode()
    assert client.post("/control/ad69/clock/pause/", follow=True).status_code == 200
    drafted = client.post("/control/ad69/announcements/", {"text": "The Rhine bridge is down"}, follow=True)
    assert drafted.status_code == 200
    announcement = Announcement.objects.get(event=ad69)
    published = client.post(f"/control/ad69/announcements/{announcement.pk}/publish/", follow=True)
    assert published.status_code == 200

    assert GameClock.objects.get(event=ad69).state == GameClock.State.PAUSED
    assert Announcement.objects.get(pk=announcement.pk).published_at is not None
    assert set(AuditEntry.objects.values_list("action", flat=True)) >= {"clock.start", "clock.pause"}
    assert "live update clock.changed not sent" in caplog.text
    assert "task umpire.tasks.advance_clock_task" in caplog.text and "not queued" in caplog.text


def test_the_pages_answer_from_the_database(client, ad69, control):
    clockwork.do_start_clock(ad69, actor=control)
    client.force_login(control)
    for name in ("umpire:home", "umpire:clock", "umpire:hall", "audit:log"):
        page = reverse(name, kwargs={} if name == "umpire:home" else {"slug": "ad69"})
        assert client.get(page, follow=True).status_code == 200, page


def test_the_turn_that_fell_due_in_the_outage_is_advanced_once(ad69, control):
    """Beat's ticks resume when Redis returns; the first advances the turn, the rest find nothing due."""
    clockwork.do_start_clock(ad69, actor=control)
    turn_ended = GameClock.objects.get(event=ad69).ends_at
    after_the_turn = turn_ended + timedelta(seconds=5)
    counted_before = GroupSequence.objects.get(group=event_group(ad69.pk)).last

    clockwork.advance_due(now=after_the_turn)
    clockwork.advance_due(now=after_the_turn + timedelta(seconds=2))

    clock = GameClock.objects.get(event=ad69)
    ended = TurnEnd.objects.filter(event=ad69, turn__gte=1).values_list("turn", flat=True)
    assert clock.turn == 2 and list(ended) == [1]
    # the advance's message was numbered though not sent: a screen reconnecting sees the gap
    assert GroupSequence.objects.get(group=event_group(ad69.pk)).last > counted_before
    assert clock.ends_at == turn_ended + clock.turn_length  # turn 2 began when turn 1 ended, not when beat woke
