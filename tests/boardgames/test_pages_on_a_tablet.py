"""The board-game pages on game day: their styles from one static sheet, their forms kept in place
(keep_place), a refused edit of a data table answered 400 in view with what was typed, and every cell's
field named for a screen reader."""

import re

import pytest
from django.urls import reverse

from boardgames.services.tables import do_prepare_data_tables

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
