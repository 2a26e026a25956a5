"""The board-game pages on game day: their styles from one static sheet, their forms kept in place
(keep_place), a refused form (a data table's edit or import, a tracker's, the sequence's) answered 400 on
its page with what was typed, each problem beside its field and nothing written, and every field named
for a screen reader."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from boardgames.models import Tracker, TrackerMove
from boardgames.selectors import get_sequence_state
from boardgames.services.tables import do_prepare_data_tables
from boardgames.services.trackers import do_confirm_tracker_move, do_open_tracker, do_propose_tracker_move
from umpire.models import AuditEntry

PAGES = ("boardgames:sequence", "boardgames:trackers", "boardgames:data-tables")


@pytest.fixture
def gallic_tribes(client, hb, hb_control):
    do_prepare_data_tables(hb, actor=hb_control)
    client.force_login(hb_control)
    return reverse("boardgames:data-table", args=["hb", "gallic_tribes"])


@pytest.mark.parametrize("name", PAGES)
def test_a_board_game_page_keeps_its_place_and_holds_no_style(client, hb, hb_control, name):
    client.force_login(hb_control)
    html = client.get(reverse(name, args=["hb"])).content.decode()
    assert 'hx-boost="true"' in html and "/static/boardgames/boardgames.css" in html
    assert "<style" not in html


def test_a_refused_data_table_edit_comes_back_400_in_view_with_what_was_typed(client, gallic_tribes):
    form = client.get(gallic_tribes).context["formset"]
    data = {"form-TOTAL_FORMS": str(form.total_form_count()), "form-INITIAL_FORMS": str(form.initial_form_count())}
    for index, row in enumerate(form.initial_forms):
        data[f"form-{index}-key"] = row.initial["key"]
    data["form-0-c_infantry"] = "many"
    page = client.post(gallic_tribes, data)
    assert page.status_code == 400
    html = page.content.decode()
    assert '<section class="panel" id="fill-in" data-current-step>' in html
    assert 'value="many"' in html


def test_every_field_of_the_fill_in_grid_has_a_label(client, gallic_tribes):
    html = client.get(gallic_tribes).content.decode()
    fill_in = html[html.index('id="fill-in"') :]
    fields = [
        re.search(r'id="([^"]+)"', tag).group(1)
        for tag in re.findall(r"<(?:input|select)[^>]*>", fill_in)
        if 'type="hidden"' not in tag
    ]
    assert fields and all(f'for="{field}"' in fill_in for field in fields)


def labelled_fields(html):
    """Each field's id, and whether a label names it: every field but the hidden ones."""
    ids = [
        re.search(r'id="([^"]+)"', tag).group(1)
        for tag in re.findall(r"<(?:input|select|textarea)[^>]*>", html)
        if 'type="hidden"' not in tag
    ]
    return ids, all(f'for="{field}"' in html for field in ids)


def section(html, marker):
    """The page from the section `marker` opens to the section after it."""
    start = html.index(marker)
    end = html.find("<section", start + 1)
    return html[start : end if end > 0 else len(html)]


@pytest.fixture
def vp_rome(hb, italy, hb_control):
    return do_open_tracker(hb, name="VP Rome", minimum=0, maximum=20, start=5, table=italy, actor=hb_control)


# ---- trackers ------------------------------------------------------------------------------------


def test_every_field_of_the_trackers_page_has_its_own_id_and_a_label(client, vp_rome, hb_control):
    do_open_tracker(vp_rome.event, name="VP Carthage", start=15, actor=hb_control)
    client.force_login(hb_control)
    ids, labelled = labelled_fields(client.get(reverse("boardgames:trackers", args=["hb"])).content.decode())
    assert len(ids) == len(set(ids)) and labelled
    assert {f"move-{vp_rome.pk}-change", f"propose-{vp_rome.pk}-procedure", "id_name", "id_outcome_path"} <= set(ids)


def test_a_tracker_refused_at_opening_comes_back_typed_with_the_bound_beside_its_field(client, hb, hb_control):
    client.force_login(hb_control)
    sent = {"name": "VP Rome", "minimum": "0", "maximum": "10", "start": "12"}
    answer = client.post(reverse("boardgames:tracker-open", args=["hb"]), sent)
    assert answer.status_code == 400
    opening = section(answer.content.decode(), '<section class="panel" id="open-tracker" data-current-step>')
    start = opening[opening.index('for="id_start"') : opening.index('for="id_table"')]
    assert "above its maximum of 10" in start and 'value="12"' in start and 'value="VP Rome"' in opening
    assert not Tracker.objects.exists() and not AuditEntry.objects.filter(action="tracker.opened").exists()


def test_a_proposal_of_no_move_comes_back_in_its_trackers_row(client, vp_rome, hb_umpire):
    client.force_login(hb_umpire)
    sent = {"change": "0", "reason": "Nothing", "procedure": "hannibal_barkas.siege"}
    answer = client.post(reverse("boardgames:tracker-propose", args=["hb", vp_rome.pk]), sent)
    assert answer.status_code == 400
    html = answer.content.decode()
    row = html[html.index("<tr data-current-step>") : html.index("</tr>", html.index("<tr data-current-step>"))]
    change = row[row.index(f'for="propose-{vp_rome.pk}-change"') : row.index(f'for="propose-{vp_rome.pk}-reason"')]
    assert "not 0" in change and 'value="0"' in change and 'value="hannibal_barkas.siege"' in row
    assert f'id="move-{vp_rome.pk}-change"' in row and "not 0" not in row.split(f"/trackers/{vp_rome.pk}/propose/")[0]
    assert vp_rome.moves.count() == 1


def test_a_move_decided_already_is_refused_in_a_message_on_the_trackers(client, vp_rome, hb_control):
    move = do_propose_tracker_move(vp_rome, change=2, reason="Battle", actor=hb_control)
    do_confirm_tracker_move(move, actor=hb_control)
    client.force_login(hb_control)
    entries = AuditEntry.objects.count()
    answer = client.post(reverse("boardgames:tracker-reject", args=["hb", move.pk]))
    assert answer.status_code == 400 and "This move was confirmed already." in answer.content.decode()
    assert TrackerMove.objects.get(pk=move.pk).state == TrackerMove.State.CONFIRMED
    assert AuditEntry.objects.count() == entries


# ---- the sequence of play ------------------------------------------------------------------------


def test_a_start_past_the_last_stage_comes_back_beside_its_field(client, hb, hb_control):
    client.force_login(hb_control)
    answer = client.post(reverse("boardgames:sequence-advance", args=["hb"]), {"start_stage": "9"})
    assert answer.status_code == 400
    now = section(answer.content.decode(), '<section class="panel" id="now" data-current-step>')
    start = now[now.index('for="id_start_stage"') :]
    assert "A stage from 1 to 6." in start and 'value="9"' in start
    assert get_sequence_state(hb).in_setup and not AuditEntry.objects.filter(action__startswith="sequence").exists()


def test_a_start_that_is_no_number_is_shown_even_once_the_game_has_left_set_up(client, hb, hb_control):
    client.force_login(hb_control)
    assert client.post(reverse("boardgames:sequence-advance", args=["hb"]), {"start_stage": "1"}).status_code == 302
    answer = client.post(reverse("boardgames:sequence-advance", args=["hb"]), {"start_stage": "first"})
    assert answer.status_code == 400 and "Enter a whole number." in answer.content.decode()
    assert 'value="first"' in answer.content.decode()


def test_a_tick_of_no_such_item_says_why_on_the_sequence(client, hb, hb_umpire):
    client.force_login(hb_umpire)
    answer = client.post(reverse("boardgames:sequence-tick", args=["hb"]), {"item": "99", "done": "on"})
    assert answer.status_code == 400
    assert "Checklist item: Game set-up has items 1 to" in answer.content.decode()
    assert not any(line.done for line in get_sequence_state(hb).checklist)


# ---- a data table's import -----------------------------------------------------------------------


def test_an_import_taken_goes_back_to_its_table_with_what_it_did(client, gallic_tribes):
    csv = SimpleUploadedFile("tribes.csv", b"Tribe,Infantry\nAedui,4\n", content_type="text/csv")
    answer = client.post(gallic_tribes.rstrip("/") + "/import/", {"csv": csv})
    assert answer.status_code == 302 and answer.url == gallic_tribes
    assert "Gallic tribes: imported" in client.get(answer.url).content.decode()


def test_a_refused_import_comes_back_400_in_view_with_the_csvs_problem_beside_it(client, gallic_tribes):
    csv = SimpleUploadedFile("tribes.csv", b"Tribe,Colour\nAedui,blue\n", content_type="text/csv")
    entries = AuditEntry.objects.count()
    answer = client.post(gallic_tribes.rstrip("/") + "/import/", {"csv": csv})
    assert answer.status_code == 400
    part = section(answer.content.decode(), '<section class="panel" id="import" data-current-step>')
    assert "Line 1 names a column &quot;Colour&quot;" in part[part.index('for="id_csv"') :]
    assert AuditEntry.objects.count() == entries


def test_a_file_that_is_not_utf8_is_refused_beside_its_field(client, gallic_tribes):
    csv = SimpleUploadedFile("tribes.csv", "Tribe\nÉduens\n".encode("latin-1"), content_type="text/csv")
    answer = client.post(gallic_tribes.rstrip("/") + "/import/", {"csv": csv})
    part = section(answer.content.decode(), '<section class="panel" id="import" data-current-step>')
    assert answer.status_code == 400
    assert "The file is not UTF-8 text" in part[part.index('for="id_csv"') :]


def test_moving_on_a_game_with_no_sequence_says_why_in_a_message(client, ad69, control):
    """Found by the form fuzz: an AD69 event's page shows no form to hold the refusal beside."""
    client.force_login(control)
    answer = client.post(reverse("boardgames:sequence-advance", args=["ad69"]), {"start_stage": "first"})
    assert answer.status_code == 400
    said = [str(message) for message in answer.context["messages"]]
    assert said == ["Start at stage: Enter a whole number."]
    answer = client.post(reverse("boardgames:sequence-advance", args=["ad69"]))
    assert [str(message) for message in answer.context["messages"]] == [
        "Ruleset: The AD69 megagame ruleset has no sequence of play here."
    ]
