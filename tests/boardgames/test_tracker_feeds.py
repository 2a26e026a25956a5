"""Trackers fed by rules procedures: saving a run of the procedure at the desk proposes a move read
from its outcome, once per run and feed, and tells the umpire of any feed it could not read; the
umpire confirms it within the tracker's bounds. Control adds and removes feeds. Runs are recorded
for real, through the rules desk's service, which runs the procedure again from its case and dice."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from boardgames.models import TrackerFeed, TrackerMove
from boardgames.selectors import get_trackers
from boardgames.services.trackers import (
    do_add_tracker_feed,
    do_confirm_tracker_move,
    do_open_tracker,
    do_remove_tracker_feed,
    propose_from_run,
)
from umpire.models import AuditEntry
from umpire.services.rules import do_record_procedure_run

BATTLE_VP = "hannibal_barkas.battle_vp"
POLITICAL_MOVE = "hannibal_barkas.political_move"


def battle_vp_run(event, actor, *contingents, split="side_total"):
    """A saved run of 5.11's battle VP: one (player, units eliminated) per contingent; it rolls no dice."""
    case = {
        "contingents": [{"player": player, "eliminated": eliminated} for player, eliminated in contingents],
        "options": {"allied_split": split},
    }
    return do_record_procedure_run(event, key=BATTLE_VP, case=case, dice=[], rolled_by_console=False, actor=actor)


def saved(run):
    """What saving the run at the desk proposed (the trackers follow every saved run), and the
    notes it gave the umpire who saved it."""
    return list(TrackerMove.objects.filter(from_run=run).order_by("pk")), run.follower_notes


def political_move_run(event, actor, *, position, side="rome"):
    """A saved run of VII's political action on Numidia, from `position`, toward `side`."""
    case = {"state": "numidia", "position": position, "side": side, "ip": 5, "talents": 20}
    return do_record_procedure_run(event, key=POLITICAL_MOVE, case=case, dice=[], rolled_by_console=False, actor=actor)


@pytest.fixture
def vp_carthage(hb, italy, hb_control):
    """Shown at the Italy table, whose umpire decides its proposals."""
    return do_open_tracker(
        hb, name="VP Carthage", minimum=0, maximum=20, start=15, source="§XI", table=italy, actor=hb_control
    )


@pytest.fixture
def vp_feed(vp_carthage, hb_control):
    return do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="vp", actor=hb_control)


@pytest.fixture
def numidia(hb, italy, hb_control):
    """The political track of seven fields, -3 to +3 (§VII), one field toward Rome, at the Italy table."""
    return do_open_tracker(
        hb,
        name="Political track: Numidia",
        minimum=-3,
        maximum=3,
        start=1,
        source="§VII",
        table=italy,
        actor=hb_control,
    )


# ---- proposals from a run ------------------------------------------------------------------------


def test_a_battle_vp_run_proposes_its_vp_to_the_fed_tracker(vp_feed, vp_carthage, hb, hb_umpire):
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17))
    assert run.outcome["vp"] == 3
    proposals, notes = saved(run)
    [move] = proposals
    assert notes == [] and move.pending and move.change == 3 and vp_carthage.value == 15
    assert (move.from_run, move.from_feed, move.proposed_by_procedure) == (run, vp_feed, BATTLE_VP)
    assert move.reason == f"from rules run #{run.pk}: Battle victory points" and move.by == hb_umpire


def test_a_second_call_for_the_same_run_proposes_nothing_more(vp_feed, hb, hb_umpire):
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17))
    assert propose_from_run(run, actor=hb_umpire) == ([], [])
    assert TrackerMove.objects.filter(from_run=run).count() == 1
    [later] = saved(battle_vp_run(hb, hb_umpire, ("Hannibal", 10)))[0]
    assert later.change == 2  # another run of the same procedure is proposed in its turn


def test_a_run_of_another_procedure_or_with_no_vp_proposes_nothing(vp_feed, hb, hb_umpire):
    assert saved(political_move_run(hb, hb_umpire, position=0)) == ([], [])
    assert saved(battle_vp_run(hb, hb_umpire, ("Hannibal", 4))) == ([], [])
    assert not TrackerMove.objects.filter(state=TrackerMove.State.PROPOSED).exists()


def test_set_mode_proposes_the_difference_to_the_political_track(numidia, hb, hb_control, hb_umpire):
    do_add_tracker_feed(
        numidia, procedure=POLITICAL_MOVE, outcome_path="position", mode=TrackerFeed.Mode.SET, actor=hb_control
    )
    run = political_move_run(hb, hb_umpire, position=1)
    assert run.outcome["position"] == 2
    [move], notes = saved(run)
    assert notes == [] and move.change == 1 and move.reason.endswith("Political track: move a state, set to 2")
    assert do_confirm_tracker_move(move, actor=hb_umpire).value_after == 2 == numidia.value


def test_a_path_into_a_list_or_a_mapping_reads_one_contingents_vp(vp_carthage, hb, hb_control, hb_umpire):
    do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="by_player.Hannibal", actor=hb_control)
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17), ("Philip", 6), split="own_kills")
    [move], notes = saved(run)
    assert move.change == 3 and notes == []


def test_a_bad_path_gives_a_note_and_no_proposal(vp_carthage, hb, hb_control, hb_umpire):
    do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="sides.0.vp", actor=hb_control)
    do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="by_player.Hannibal", actor=hb_control)
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17))  # the side's total: by_player is null
    proposals, notes = saved(run)
    assert proposals == [] and not TrackerMove.objects.filter(from_run=run).exists()
    assert notes == [
        f"VP Carthage was not moved by Battle victory points (rules run #{run.pk}): its outcome has no 'sides'.",
        f"VP Carthage was not moved by Battle victory points (rules run #{run.pk}): its outcome has no "
        "'by_player.Hannibal'.",
    ]


def test_a_figure_that_is_not_a_whole_number_gives_a_note(numidia, hb, hb_control, hb_umpire):
    do_add_tracker_feed(numidia, procedure=POLITICAL_MOVE, outcome_path="field", mode="set", actor=hb_control)
    run = political_move_run(hb, hb_umpire, position=1)
    assert saved(run) == (
        [],
        [
            f"Political track: Numidia was not moved by Political track: move a state (rules run #{run.pk}): "
            "its 'field' is \"2 fields toward Rome\", not a whole number."
        ],
    )


def test_a_move_past_a_bound_is_not_proposed_and_says_which_bound(vp_feed, hb, hb_umpire):
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 30))  # 6 VP: 21, past the maximum of 20
    assert saved(run) == (
        [],
        [
            f"VP Carthage was not moved by Battle victory points (rules run #{run.pk}): "
            "VP Carthage would stand at 21, above its maximum of 20."
        ],
    )


def test_a_proposal_is_refused_on_confirm_when_the_bound_is_reached_since(vp_feed, vp_carthage, hb, hb_umpire):
    [first], _ = saved(battle_vp_run(hb, hb_umpire, ("Hannibal", 20)))
    [second], _ = saved(battle_vp_run(hb, hb_umpire, ("Hannibal", 15)))
    assert do_confirm_tracker_move(first, actor=hb_umpire).value_after == 19 == vp_carthage.value
    with pytest.raises(ValidationError) as refused:
        do_confirm_tracker_move(second, actor=hb_umpire)
    assert refused.value.message_dict == {"change": ["VP Carthage would stand at 22, above its maximum of 20."]}
    second.refresh_from_db()
    assert second.pending and vp_carthage.value == 19


def test_feeds_and_proposals_are_audited(vp_feed, hb, hb_control, hb_umpire):
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17))
    [move], _ = saved(run)
    added = AuditEntry.objects.get(event=hb, action="tracker.feed_added")
    assert added.actor == hb_control and added.after["procedure"] == BATTLE_VP
    proposed = AuditEntry.objects.get(event=hb, action="tracker.move_proposed")
    assert proposed.actor == hb_umpire and proposed.after["from_run_id"] == run.pk
    do_remove_tracker_feed(vp_feed, actor=hb_control)
    removed = AuditEntry.objects.get(event=hb, action="tracker.feed_removed")
    assert removed.before["outcome_path"] == "vp" and removed.actor == hb_control
    move.refresh_from_db()
    assert move.from_feed is None and move.from_run == run  # the history stays


# ---- adding a feed -------------------------------------------------------------------------------


def test_a_feed_needs_a_procedure_of_the_events_ruleset(vp_carthage, hb_control):
    for key in ("ad69.battle", "hannibal_barkas.no_such_thing", ""):
        with pytest.raises(ValidationError) as refused:
            do_add_tracker_feed(vp_carthage, procedure=key, outcome_path="vp", actor=hb_control)
        assert refused.value.message_dict == {"procedure": [f"Hannibal Barkas has no rules procedure {key!r}."]}
    assert not TrackerFeed.objects.exists()


@pytest.mark.parametrize("path", ["", "vp.", ".vp", "sides..vp", "sides[0].vp", "v p", "vp\nx"])
def test_a_feed_needs_a_path_of_dotted_words_and_numbers(vp_carthage, hb_control, path):
    with pytest.raises(ValidationError) as refused:
        do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path=path, actor=hb_control)
    assert "outcome_path" in refused.value.message_dict
    assert not TrackerFeed.objects.exists()


# ---- the page ------------------------------------------------------------------------------------


def test_control_adds_and_removes_a_feed_on_the_page(client, vp_carthage, hb_control):
    client.force_login(hb_control)
    page = client.post(
        reverse("boardgames:tracker-feed-add", args=["hb"]),
        {"tracker": vp_carthage.pk, "procedure": BATTLE_VP, "outcome_path": "vp", "mode": "add"},
        follow=True,
    )
    feed = TrackerFeed.objects.get(tracker=vp_carthage)
    assert "VP Carthage is fed by hannibal_barkas.battle_vp" in page.content.decode()
    client.post(reverse("boardgames:tracker-feed-remove", args=["hb", feed.pk]))
    assert not TrackerFeed.objects.exists()


def test_a_bad_feed_is_refused_in_place_each_problem_beside_its_field(client, vp_carthage, hb_control):
    client.force_login(hb_control)
    answer = client.post(
        reverse("boardgames:tracker-feed-add", args=["hb"]),
        {"tracker": vp_carthage.pk, "procedure": "ad69.battle", "outcome_path": "sides..vp", "mode": "add"},
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    feeds = page[page.index('<section class="panel" id="feeds" data-current-step>') :]
    procedure = feeds[feeds.index('for="id_procedure"') : feeds.index('for="id_outcome_path"')]
    assert "Select a valid choice. ad69.battle is not one of the available choices." in procedure
    path = feeds[feeds.index('for="id_outcome_path"') : feeds.index('for="id_mode"')]
    assert "Give words and row numbers joined by dots" in path and 'value="sides..vp"' in path
    assert not TrackerFeed.objects.exists() and not AuditEntry.objects.filter(action="tracker.feed_added").exists()


def test_a_feed_the_service_refuses_is_said_at_the_head_of_its_form(client, vp_feed, vp_carthage, hb_control):
    """The form is content, but the tracker has that feed already: the refusal names no field of the form."""
    client.force_login(hb_control)
    answer = client.post(
        reverse("boardgames:tracker-feed-add", args=["hb"]),
        {
            "tracker": vp_carthage.pk,
            "procedure": vp_feed.procedure,
            "outcome_path": vp_feed.outcome_path,
            "mode": "set",
        },
    )
    assert answer.status_code == 400
    page = answer.content.decode()
    feeds = page[page.index('<section class="panel" id="feeds" data-current-step>') :]
    head = feeds[: feeds.index('for="id_tracker"')]
    assert 'class="errorlist nonfield"' in head and "already exists" in head
    assert 'value="set" selected' in feeds
    assert list(TrackerFeed.objects.all()) == [vp_feed]


def test_only_control_adds_or_removes_a_feed(client, vp_carthage, vp_feed, hb_umpire):
    client.force_login(hb_umpire)
    response = client.post(
        reverse("boardgames:tracker-feed-add", args=["hb"]),
        {"tracker": vp_carthage.pk, "procedure": BATTLE_VP, "outcome_path": "eliminated", "mode": "add"},
    )
    assert response.status_code == 404
    assert client.post(reverse("boardgames:tracker-feed-remove", args=["hb", vp_feed.pk])).status_code == 404
    assert list(TrackerFeed.objects.all()) == [vp_feed]


def test_the_page_shows_each_trackers_feeds_and_the_run_a_proposal_came_from(client, vp_feed, hb, hb_umpire):
    run = battle_vp_run(hb, hb_umpire, ("Hannibal", 17))
    client.force_login(hb_umpire)
    page = client.get(reverse("boardgames:trackers", args=["hb"])).content.decode()
    pdf = reverse("umpire:rules-record-pdf", args=["hb", run.pk])
    assert "Add the figure: hannibal_barkas.battle_vp" in page and f'href="{pdf}"' in page
    assert f"rules run #{run.pk}: Battle victory points" in page
    assert "Feed a tracker" not in page  # the form is Control's


def test_the_trackers_are_read_in_the_same_queries_however_many_feeds_and_runs(
    hb, hb_control, hb_umpire, vp_feed, django_assert_max_num_queries
):
    battle_vp_run(hb, hb_umpire, ("Hannibal", 17))
    with django_assert_max_num_queries(4) as first:
        get_trackers(hb)
    for n in range(3):
        tracker = do_open_tracker(hb, name=f"VP player {n}", actor=hb_control)
        do_add_tracker_feed(tracker, procedure=BATTLE_VP, outcome_path="eliminated", actor=hb_control)
    battle_vp_run(hb, hb_umpire, ("Hannibal", 9))
    with django_assert_max_num_queries(len(first.captured_queries)):
        trackers = get_trackers(hb)
        assert sum(len(t.waiting) for t in trackers) == 5 and sum(len(t.feeds.all()) for t in trackers) == 4
        assert {m.from_run.title for t in trackers for m in t.waiting} == {"Battle victory points"}


def test_saving_at_the_desk_proposes_and_tells_the_umpire_what_it_could_not_read(
    client, vp_carthage, hb, hb_control, hb_umpire
):
    do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="vp", actor=hb_control)
    do_add_tracker_feed(vp_carthage, procedure=BATTLE_VP, outcome_path="sides.0.vp", actor=hb_control)
    client.force_login(hb_umpire)
    body = {
        "case": {"contingents": [{"player": "Hannibal", "eliminated": 12}]},
        "dice": [],
        "rolled_by_console": False,
        "table": None,
        "note": "",
    }
    reply = client.post(f"/events/hb/rules/{BATTLE_VP}/save", body, content_type="application/json").json()
    [move] = TrackerMove.objects.filter(from_run=reply["id"])
    assert move.pending and move.change == 2
    assert reply["notes"] == [
        f"VP Carthage was not moved by Battle victory points (rules run #{reply['id']}): its outcome has no 'sides'."
    ]
