"""The sequence of play: Hannibal Barkas' set-up, six stages a year, the consul draw in stage II and
the economy in III and VI (§III, §3.2, §IX); the checklist; the table console's panel."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from boardgames.console_panels import gather_sequence
from boardgames.models import ChecklistTick, SequencePosition
from boardgames.selectors import get_sequence_state
from boardgames.services.sequence import do_advance_sequence, do_tick_checklist_item
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.events import umpires_group
from umpire.models import AuditEntry, Region
from umpire.table_console import get_panels


def phases_of_year(event, actor):
    """The (stage, phase) of every step through one year from stage I."""
    seen = []
    while True:
        position = do_advance_sequence(event, actor=actor)
        if position.round == 2:
            return seen, position
        seen.append((position.stage, position.phase))


def test_the_game_starts_in_set_up_and_leaves_it_at_the_scenario_s_stage(hb, hb_control):
    state = get_sequence_state(hb)
    assert state.in_setup and state.phase.title == "Game set-up" and len(state.checklist) == 10
    position = do_advance_sequence(hb, start_stage=3, actor=hb_control)  # Scenario I starts at stage III
    assert (position.round, position.stage, position.phase) == (1, 3, "drawing_cards")


def test_a_year_has_six_stages_with_consuls_in_ii_and_economy_in_iii_and_vi(hb, hb_control):
    do_advance_sequence(hb, actor=hb_control)
    seen, position = phases_of_year(hb, hb_control)
    assert [stage for stage, phase in seen if phase == "roman_consuls"] == [2]
    assert [stage for stage, phase in seen if phase == "economy"] == [3, 6]
    assert seen[-1] == (6, "stage_token")
    assert (position.round, position.stage, position.phase) == (2, 1, "drawing_cards")
    assert AuditEntry.objects.filter(action="sequence.advanced", event=hb).count() == len(seen) + 2


def test_ticking_the_checklist_and_who_hears_it(hb, hb_umpire, django_capture_on_commit_callbacks):
    with listen([umpires_group(hb.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_tick_checklist_item(hb, item=0, actor=hb_umpire)
            do_tick_checklist_item(hb, item=0, actor=hb_umpire)  # twice is once
        assert [m["event"]["action"] for m in heard()[umpires_group(hb.pk)]] == ["ticked"]
    state = get_sequence_state(hb)
    assert [line.done for line in state.checklist[:2]] == [True, False] and len(state.to_do) == 9
    do_tick_checklist_item(hb, item=0, done=False, actor=hb_umpire)
    assert not ChecklistTick.objects.exists()
    with pytest.raises(ValidationError, match="Game set-up has items 1 to 10"):
        do_tick_checklist_item(hb, item=10, actor=hb_umpire)


def test_a_tick_belongs_to_its_phase_and_round(hb, hb_control):
    do_advance_sequence(hb, actor=hb_control)
    do_tick_checklist_item(hb, item=0, actor=hb_control)
    do_advance_sequence(hb, actor=hb_control)
    assert not any(line.done for line in get_sequence_state(hb).checklist)


def test_the_console_shows_the_stage_s_checklist_for_hannibal_barkas(hb, italy, hb_control, hb_umpire):
    do_advance_sequence(hb, actor=hb_control)  # year 1, stage I: drawing cards
    do_tick_checklist_item(hb, item=0, actor=hb_umpire)
    view = gather_sequence(italy, hb_umpire, timezone.now())
    assert view.rows[0].text == "Year 1, stage I: Drawing cards"
    assert [row.note.rsplit(", ", 1)[1] for row in view.rows[1:]] == ["done", "to do", "to do", "to do"]
    assert view.needs_action == 3 and view.link == reverse("boardgames:sequence", args=["hb"])


def test_the_console_page_shows_the_panel(client, hb, italy, hb_umpire):
    client.force_login(hb_umpire)
    page = client.get(reverse("table:console", args=["hb", italy.pk]))
    assert page.status_code == 200 and "Choose the scenario" in page.content.decode()


def test_an_ad69_console_and_hall_have_no_sequence_panel(client, ad69, control):
    """AD69's rules have no sequence of play: its consoles and hall have no panel and no column for one."""
    table = Region.objects.filter(event=ad69, kind=Region.Kind.MAP_TABLE).first()
    client.force_login(control)
    console = client.get(reverse("table:console", args=["ad69", table.pk])).content.decode()
    hall = client.get(reverse("umpire:hall", args=["ad69"])).content.decode()
    assert "Players here and on the way" in console and "Players here and on the way" in hall
    assert "Sequence of play" not in console and "Sequence of play" not in hall
    assert "boardgames.sequence" not in [panel.name for panel in get_panels(ad69)]


def test_a_board_game_s_hall_has_the_sequence_column(client, hb, hb_control):
    client.force_login(hb_control)
    assert "Sequence of play" in client.get(reverse("umpire:hall", args=["hb"])).content.decode()


def test_an_ad69_table_s_console_shows_no_sequence(ad69, control):
    table = Region.objects.filter(event=ad69, kind=Region.Kind.MAP_TABLE).first()
    view = gather_sequence(table, control, timezone.now())
    assert (view.rows, view.needs_action, view.overdue) == ((), 0, 0)
    with pytest.raises(ValidationError, match="has no sequence of play"):
        do_advance_sequence(ad69, actor=control)


def test_a_table_umpire_ticks_but_only_the_clock_s_keeper_moves_the_game_on(client, hb, hb_umpire, outsider):
    client.force_login(hb_umpire)
    client.post(reverse("boardgames:sequence-tick", args=["hb"]), {"item": "1", "done": "on"})
    assert get_sequence_state(hb).checklist[1].done
    assert client.post(reverse("boardgames:sequence-advance", args=["hb"])).status_code == 404
    assert get_sequence_state(hb).in_setup
    client.force_login(outsider)
    assert client.get(reverse("boardgames:sequence", args=["hb"])).status_code == 404
    assert client.post(reverse("boardgames:sequence-tick", args=["hb"]), {"item": "2", "done": "on"}).status_code == 404


def test_the_sequence_page_shows_the_phase_and_moves_the_game_on(client, hb, hb_control, ad69, control):
    client.force_login(hb_control)
    page = client.get(reverse("boardgames:sequence", args=["hb"])).content.decode()
    assert "Game set-up" in page and "On to Drawing cards" in page
    client.post(reverse("boardgames:sequence-advance", args=["hb"]), {"start_stage": "6"})
    state = get_sequence_state(hb)
    assert (state.round, state.stage_name, state.phase.key) == (1, "VI", "drawing_cards")
    assert client.get(reverse("boardgames:data-tables", args=["hb"])).status_code == 200
    client.force_login(control)
    assert "has no sequence of play" in client.get(reverse("boardgames:sequence", args=["ad69"])).content.decode()


def test_each_turn_of_the_clock_begins_the_next_stage(hb, hb_control):
    """A turn of the game clock is a stage: its end moves the game to the next stage's first phase;
    the clock's start (the eve) moves nothing, and a game still in set-up waits for the umpire."""
    clockwork.do_start_clock(hb, actor=hb_control)
    clockwork.do_skip_turn(hb, actor=hb_control)
    assert get_sequence_state(hb).in_setup
    do_advance_sequence(hb, start_stage=5, actor=hb_control)  # the scenario starts at stage V
    do_advance_sequence(hb, actor=hb_control)  # the umpire moves on a phase by hand
    clockwork.do_skip_turn(hb, actor=hb_control)
    position = SequencePosition.objects.get(event=hb)
    assert (position.round, position.stage, position.phase) == (1, 6, "drawing_cards")
    clockwork.do_skip_turn(hb, actor=hb_control)
    position.refresh_from_db()
    assert (position.round, position.stage, position.phase) == (2, 1, "drawing_cards")
    entry = AuditEntry.objects.filter(action="sequence.next_stage").last()
    assert (entry.actor_name, entry.reason) == ("system", "the clock's turn ended")


def test_an_ad69_clock_moves_no_sequence(ad69, control):
    clockwork.do_start_clock(ad69, actor=control)
    clockwork.do_skip_turn(ad69, actor=control)
    assert not SequencePosition.objects.filter(event=ad69).exists()
