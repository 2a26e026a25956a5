"""Trackers: bounds, a value that is the sum of its confirmed history, proposals that wait for the
umpire, who hears of a move, and who may open, move or see them."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from boardgames.models import Tracker, TrackerMove
from boardgames.services.trackers import (
    do_confirm_tracker_move,
    do_move_tracker,
    do_open_tracker,
    do_propose_tracker_move,
    do_reject_tracker_move,
)
from tests.umpire.channels_helpers import listen
from umpire.events import control_group, table_group
from umpire.models import AuditEntry, Region, Role


@pytest.fixture
def political(hb, italy, hb_control):
    """A track of seven fields, -3 to +3 (§VII), at Neutral, shown at the Italy table."""
    return do_open_tracker(
        hb,
        name="Political track: Numidia",
        minimum=-3,
        maximum=3,
        start=0,
        source="§VII",
        table=italy,
        actor=hb_control,
    )


def counts():
    return TrackerMove.objects.count(), AuditEntry.objects.count()


def test_a_move_past_a_bound_is_refused_naming_the_bound_and_changes_nothing(political, hb_control):
    do_move_tracker(political, change=2, reason="Alliance card", actor=hb_control)
    before = counts()
    with pytest.raises(ValidationError) as refused:
        do_move_tracker(political, change=2, reason="Another card", actor=hb_control)
    assert refused.value.message_dict == {
        "change": ["Political track: Numidia would stand at 4, above its maximum of 3."]
    }
    with pytest.raises(ValidationError, match="below its minimum of -3"):
        do_move_tracker(political, change=-6, reason="Too far", actor=hb_control)
    assert counts() == before and political.value == 2


def test_a_tracker_cannot_open_outside_its_own_bounds(hb, hb_control):
    with pytest.raises(ValidationError) as refused:
        do_open_tracker(hb, name="Morale", minimum=0, maximum=5, start=7, actor=hb_control)
    assert "start" in refused.value.message_dict
    assert not Tracker.objects.exists()


def test_the_value_is_the_sum_of_the_confirmed_moves(hb, hb_control):
    vp = do_open_tracker(hb, name="VP Carthage", minimum=0, start=15, actor=hb_control)
    do_move_tracker(vp, change=8, reason="Hannibal's battle", actor=hb_control)
    do_move_tracker(vp, change=-3, reason="Correction", actor=hb_control)
    do_propose_tracker_move(vp, change=5, reason="Siege result", procedure="hannibal_barkas.siege", actor=hb_control)
    moves = list(vp.moves.order_by("pk"))
    assert vp.value == 20 == sum(m.change for m in moves if m.confirmed)
    assert [m.value_after for m in moves] == [15, 23, 20, None]


def test_a_proposal_waits_until_the_umpire_confirms_it(political, hb_control, hb_umpire):
    move = do_propose_tracker_move(
        political, change=1, reason="Politics roll", procedure="hannibal_barkas.politics", actor=hb_umpire
    )
    assert move.pending and political.value == 0
    confirmed = do_confirm_tracker_move(move, actor=hb_control)
    assert confirmed.confirmed and confirmed.value_after == 1 and political.value == 1
    assert confirmed.decided_by == hb_control and confirmed.by == hb_umpire
    with pytest.raises(ValidationError, match="confirmed already"):
        do_reject_tracker_move(move, actor=hb_control)


def test_a_rejected_proposal_never_counts(political, hb_control):
    move = do_propose_tracker_move(political, change=-1, reason="Card", actor=hb_control)
    assert do_reject_tracker_move(move, actor=hb_control).state == TrackerMove.State.REJECTED
    assert political.value == 0


def test_a_proposal_is_checked_against_the_bounds_again_when_confirmed(political, hb_control):
    first = do_propose_tracker_move(political, change=3, reason="Card A", actor=hb_control)
    second = do_propose_tracker_move(political, change=2, reason="Card B", actor=hb_control)
    do_confirm_tracker_move(first, actor=hb_control)
    with pytest.raises(ValidationError, match="above its maximum of 3"):
        do_confirm_tracker_move(second, actor=hb_control)
    second.refresh_from_db()
    assert second.pending and political.value == 3


def test_a_move_is_heard_by_control_and_the_trackers_table(hb, italy, hb_control, django_capture_on_commit_callbacks):
    tracker = do_open_tracker(hb, name="Morale Italy", table=italy, actor=hb_control)
    with listen([control_group(hb.pk), table_group(italy.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_move_tracker(tracker, change=2, reason="Victory", actor=hb_control)
        messages = heard()
    for group in (control_group(hb.pk), table_group(italy.pk)):
        [message] = messages[group]
        assert message["event"]["type"] == "tracker.moved" and message["event"]["value"] == 2
    assert AuditEntry.objects.filter(action="tracker.moved", event=hb).count() == 2


# ---- the page --------------------------------------------------------------------------------------


def test_control_opens_a_tracker_and_a_table_umpire_moves_it(client, hb, italy, hb_control, hb_umpire):
    client.force_login(hb_control)
    opening = {"name": "VP Rome", "minimum": "0", "start": "0", "table": italy.pk}
    client.post(reverse("boardgames:tracker-open", args=["hb"]), opening)
    tracker = Tracker.objects.get(event=hb, name="VP Rome")
    client.force_login(hb_umpire)
    client.post(reverse("boardgames:tracker-move", args=["hb", tracker.pk]), {"change": "4", "reason": "Battle"})
    page = client.get(reverse("boardgames:trackers", args=["hb"]))
    assert page.status_code == 200 and tracker.value == 4 and b"VP Rome" in page.content


def test_a_refused_move_says_why_beside_its_field_and_keeps_what_was_typed(client, political, hb_umpire):
    client.force_login(hb_umpire)
    before = counts()
    page = client.post(
        reverse("boardgames:tracker-move", args=["hb", political.pk]), {"change": "5", "reason": "Too far"}
    )
    assert page.status_code == 400
    row = tracker_row(page.content.decode(), political)
    assert row.startswith("<tr data-current-step>")
    change = row[row.index(f'for="move-{political.pk}-change"') : row.index(f'id="move-{political.pk}-reason"')]
    assert "above its maximum of 3" in change and 'value="5"' in change and 'value="Too far"' in row
    assert counts() == before and political.value == 0


def test_a_move_taken_goes_back_to_the_trackers_with_what_it_did(client, political, hb_umpire):
    client.force_login(hb_umpire)
    answer = client.post(
        reverse("boardgames:tracker-move", args=["hb", political.pk]), {"change": "2", "reason": "Gold"}
    )
    assert answer.status_code == 302 and answer.url == reverse("boardgames:trackers", args=["hb"])
    assert "Political track: Numidia +2, now 2: Gold" in client.get(answer.url).content.decode()


def tracker_row(html, tracker):
    """The tracker's row of the trackers' table, from its opening tag."""
    at = html.index(f"/trackers/{tracker.pk}/move/")
    start = html.rindex("<tr", 0, at)
    return html[start : html.index("</tr>", at)]


# ---- whose tracker ---------------------------------------------------------------------------------


@pytest.fixture
def sicily_umpire(hb, make_umpire):
    Region.objects.create(event=hb, name="Sicily")
    return make_umpire(hb, Role.REGION, "Sicily", username="hb-sicily")


def test_another_tables_umpire_neither_moves_nor_decides_a_tables_tracker(client, political, hb_control, sicily_umpire):
    """Read by every umpire, moved only by its table's umpire or Control: a refusal changes nothing."""
    waiting = do_propose_tracker_move(political, change=1, reason="Politics roll", actor=hb_control)
    before = counts()
    for service, kwargs in (
        (do_move_tracker, {"tracker": political, "change": 1, "reason": "x"}),
        (do_propose_tracker_move, {"tracker": political, "change": 1, "reason": "x"}),
        (do_confirm_tracker_move, {"move": waiting}),
        (do_reject_tracker_move, {"move": waiting}),
    ):
        with pytest.raises(ValidationError) as refused:
            service(**kwargs, actor=sicily_umpire)
        assert refused.value.message_dict == {
            "tracker": ["Political track: Numidia is kept by the Italy table's umpire: it is not yours to move."]
        }
    client.force_login(sicily_umpire)
    page = client.get(reverse("boardgames:trackers", args=["hb"])).content.decode()
    assert "Political track: Numidia" in page and "Kept at Italy" in page
    assert f"/trackers/{political.pk}/move/" not in page and "Italy's umpire decides" in page
    for name, pk, sent in (
        ("tracker-move", political.pk, {"change": "1", "reason": "x"}),
        ("tracker-propose", political.pk, {"change": "1", "reason": "x"}),
        ("tracker-confirm", waiting.pk, {}),
        ("tracker-reject", waiting.pk, {}),
    ):
        assert client.post(reverse(f"boardgames:{name}", args=["hb", pk]), sent).status_code == 404, name
    assert counts() == before and political.value == 0


def test_a_tracker_at_no_table_is_controls(hb, hb_control, hb_umpire):
    vp = do_open_tracker(hb, name="VP Carthage", minimum=0, start=15, actor=hb_control)
    with pytest.raises(ValidationError, match="VP Carthage is kept by Control: it is not yours to move."):
        do_move_tracker(vp, change=1, reason="Battle", actor=hb_umpire)
    assert do_move_tracker(vp, change=1, reason="Battle", actor=hb_control).value_after == 16


def test_only_control_opens_a_tracker(client, hb, hb_umpire):
    client.force_login(hb_umpire)
    response = client.post(reverse("boardgames:tracker-open", args=["hb"]), {"name": "VP Rome", "start": "0"})
    assert response.status_code == 404 and not Tracker.objects.exists()


def test_one_who_is_no_umpire_of_the_event_gets_404(client, political, outsider, ad69, control):
    for user in (outsider, control):  # control of AD69 is no umpire of this event
        client.force_login(user)
        assert client.get(reverse("boardgames:trackers", args=["hb"])).status_code == 404
        response = client.post(
            reverse("boardgames:tracker-move", args=["hb", political.pk]), {"change": "1", "reason": "x"}
        )
        assert response.status_code == 404
    assert political.value == 0


def test_the_trackers_the_ruleset_keeps_open_in_one_click_and_once(hb, hb_control, client):
    """Hannibal Barkas keeps a political track per state (§VII) and each main nation's VP (§XI)."""
    client.force_login(hb_control)
    page = client.get(reverse("boardgames:trackers", args=[hb.slug]))
    assert b"Political track: Numidia" in page.content and b"Open these 6" in page.content
    client.post(reverse("boardgames:tracker-open-standard", args=[hb.slug]))
    numidia = Tracker.objects.get(event=hb, name="Political track: Numidia")
    assert (numidia.minimum, numidia.maximum, numidia.value, numidia.source[:4]) == (-3, 3, 0, "§VII")
    assert Tracker.objects.filter(event=hb).count() == 6
    assert AuditEntry.objects.filter(action="tracker.opened").count() == 6
    again = client.post(reverse("boardgames:tracker-open-standard", args=[hb.slug]), follow=True)
    assert "open already: nothing opened" in again.content.decode()
    assert Tracker.objects.filter(event=hb).count() == 6


def test_a_standard_tracker_already_opened_by_hand_is_left_as_it_stands(hb, hb_control):
    from boardgames.services.trackers import do_open_standard_trackers

    vp = do_open_tracker(hb, name="VP Carthage", minimum=0, start=15, actor=hb_control)
    opened = do_open_standard_trackers(hb, actor=hb_control)
    assert "VP Carthage" not in {t.name for t in opened} and len(opened) == 5
    assert Tracker.objects.get(pk=vp.pk).value == 15


def test_only_control_opens_the_standard_trackers(hb, hb_umpire, client):
    client.force_login(hb_umpire)
    answer = client.post(reverse("boardgames:tracker-open-standard", args=[hb.slug]))
    assert answer.status_code == 404 and not Tracker.objects.exists()


def test_a_move_undone_is_answered_by_the_opposite_move_within_the_bounds(political, hb_control):
    from umpire.services.undo import do_undo

    do_move_tracker(political, change=2, reason="Alliance card", actor=hb_control)
    moved = AuditEntry.objects.filter(action="tracker.moved").order_by("pk").last()
    do_move_tracker(political, change=-3, reason="Hannibal's victory", actor=hb_control)
    do_undo(moved, actor=hb_control, reason="the card could not be played")
    assert list(political.moves.order_by("pk").values_list("change", flat=True)) == [0, 2, -3, -2]
    assert political.value == -3

    do_move_tracker(political, change=3, reason="Rome's gold", actor=hb_control)
    gold = AuditEntry.objects.filter(action="tracker.moved").order_by("pk").last()
    do_move_tracker(political, change=-3, reason="Carthage's gold", actor=hb_control)
    before = counts()
    with pytest.raises(ValidationError, match="would stand at -6, below its minimum of -3"):
        do_undo(gold, actor=hb_control, reason="no gold")
    assert counts() == before


def test_the_page_draws_each_trackers_course_from_its_confirmed_moves(client, political, hb_control):
    from boardgames.selectors import course_of

    do_move_tracker(political, change=2, reason="Alliance card", actor=hb_control)
    do_propose_tracker_move(political, change=1, reason="Waiting", actor=hb_control)  # not confirmed: not drawn
    do_move_tracker(political, change=-3, reason="Hannibal's victory", actor=hb_control)
    client.force_login(hb_control)
    page = client.get(reverse("boardgames:trackers", args=[political.event.slug])).content.decode()
    assert 'aria-label="Political track: Numidia: 0, 2, -1"' in page
    assert course_of([0, 2, -3]).points == "0.0,16.0 50.0,0.0 100.0,24.0"  # highest at the top, lowest at the bottom


def test_a_move_past_what_a_track_holds_is_refused_by_name(client, political, hb_control):
    """A move of 10^20 overflowed the column: the form, and the model for a tracker without bounds of its
    own, bound it to a million either way."""
    client.force_login(hb_control)
    page = client.post(
        reverse("boardgames:tracker-move", args=["hb", political.pk]), {"change": str(10**20), "reason": "x"}
    )
    change = tracker_row(page.content.decode(), political).split(f'id="move-{political.pk}-reason"')[0]
    assert page.status_code == 400 and "Ensure this value is less than or equal to 1000000." in change
    unbounded = do_open_tracker(political.event, name="VP Rome", table=political.table, actor=hb_control)
    with pytest.raises(ValidationError, match="less than or equal to 1000000"):
        do_propose_tracker_move(unbounded, change=10**20, reason="a feed's figure", actor=hb_control)
    assert political.value == 0 == unbounded.value and unbounded.moves.count() == 1
