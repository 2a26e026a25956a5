"""Redis gone in a running game (issue 16, item 2): pages keep working from the database.

The channel layer and Celery's broker point at a loopback port where Redis has stopped (nothing
listens) or hung (stopped with SIGSTOP: the port takes connections and never answers). Changes
commit for real (transaction=True), so what runs after the commit runs as it would in the hall.
"""

import socket
import threading
from datetime import timedelta

import pytest
from django.urls import reverse

from umpire import clockwork
from umpire.broker import queue_task
from umpire.events import event_group
from umpire.models import Announcement, AuditEntry, GameClock, GroupSequence, TurnEnd

pytestmark = [  # slow: each waits out a stopped or hung Redis's timeouts
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("channel_layer_down", "broker_down"),
]
ANSWER_SECONDS = 30  # not a speed target: a page held by a hung Redis never answers at all


@pytest.fixture(params=["stopped", "hung"])
def redis_down(request):
    with socket.socket() as port:
        port.bind(("127.0.0.1", 0))
        if request.param == "hung":
            port.listen(64)  # the kernel completes the handshakes; nothing ever reads or replies
        yield f"redis://127.0.0.1:{port.getsockname()[1]}/0"


def answered(post, *args, **kwargs):
    """`post(*args, **kwargs)`'s response, failing the test if it is still waiting after ANSWER_SECONDS."""
    responses = []
    waiting = threading.Thread(target=lambda: responses.append(post(*args, **kwargs)), daemon=True)
    waiting.start()
    waiting.join(ANSWER_SECONDS)
    assert responses, f"no answer in {ANSWER_SECONDS} s"
    return responses[0]


def test_control_runs_the_clock_and_announces_while_redis_is_down(client, ad69, control, caplog):
    client.force_login(control)
    started = answered(client.post, "/control/ad69/clock/start/", follow=True)
    assert started.status_code == 200 and "The clock is running." in started.content.decode()
    assert answered(client.post, "/control/ad69/clock/pause/", follow=True).status_code == 200
    drafted = answered(client.post, "/control/ad69/announcements/", {"text": "The Rhine bridge is down"}, follow=True)
    assert drafted.status_code == 200
    announcement = Announcement.objects.get(event=ad69)
    published = answered(client.post, f"/control/ad69/announcements/{announcement.pk}/publish/", follow=True)
    assert published.status_code == 200

    assert GameClock.objects.get(event=ad69).state == GameClock.State.PAUSED
    assert Announcement.objects.get(pk=announcement.pk).published_at is not None
    assert set(AuditEntry.objects.values_list("action", flat=True)) >= {"clock.start", "clock.pause"}
    assert "live update clock.changed not sent" in caplog.text


def test_a_print_run_that_cannot_be_queued_is_printed_here(caplog):
    from printshop.tasks import print_run_task

    printed_here = []
    answered(queue_task, print_run_task, (1,), otherwise=lambda: printed_here.append(1))
    assert printed_here == [1] and "not queued, the broker is unreachable" in caplog.text


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
