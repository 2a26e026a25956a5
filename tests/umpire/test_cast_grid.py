"""The cast page: every character's sheet in one grid, edited row by row through the services with the
audit, and the players who play them; the event's public address, on Control's page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.umpire.channels_helpers import listen
from umpire.events import control_group
from umpire.models import AuditEntry, Briefing, CareerRank, Character, Event, Player, Region
from umpire.services.sheets import SHEET_SAVED, do_save_sheet
from umpire.services.undo import do_undo

ROW = {"HTTP_X_CAST_ROW": "1"}


@pytest.fixture
def vinius(ad69):
    return Character.objects.get(event=ad69, name="Titus Vinius")


def grid(slug="ad69"):
    return reverse("prepare:cast", args=[slug])


def sheet_url(character):
    return reverse("prepare:sheet", args=[character.event.slug, character.pk])


def row_of(character, **changes):
    """His row as the grid posts it: what he is now, with `changes`."""
    briefing = Briefing.objects.filter(character=character).first()
    row = {
        "name": character.name,
        "role": character.role,
        "social_class": character.social_class,
        "career_rank": character.career_rank_id or "",
        "location": character.location_id or "",
        "wealth": character.wealth if character.wealth is not None else "",
        "personal_income": briefing.personal_income if briefing and briefing.personal_income is not None else "",
        "support": character.support if character.support is not None else "",
        "military_skill": character.military_skill if character.military_skill is not None else "",
        "notes": briefing.notes if briefing else "",
        "objectives": briefing.objectives if briefing else "",
    }
    return {**row, **changes}


def world_now(event):
    """Every character, briefing and player of the event, and the length of the log: unchanged by a refusal."""
    return (
        list(Character.objects.filter(event=event).order_by("pk").values()),
        list(Briefing.objects.order_by("pk").values()),
        list(Player.objects.filter(event=event).order_by("pk").values()),
        AuditEntry.objects.count(),
    )


# ---- the page ------------------------------------------------------------------------------------------------


def test_control_sees_every_characters_sheet_with_his_briefing_link(client, ad69, control, vinius):
    client.force_login(control)
    page = client.get(grid()).content.decode()
    assert page.count('class="sheet-row') == Character.objects.filter(event=ad69).count()
    assert reverse("printshop:briefing", args=["ad69", vinius.pk]) in page
    assert reverse("cast:import", args=["ad69"]) in page
    assert 'class="grid-box"' in page  # the wide grid scrolls in its own box, never the page


def test_a_region_umpire_gets_404(client, ad69, illyria_umpire, vinius):
    client.force_login(illyria_umpire)
    assert client.get(grid()).status_code == 404
    before = world_now(ad69)
    assert client.post(sheet_url(vinius), row_of(vinius, wealth=9)).status_code == 404
    assert world_now(ad69) == before


def test_the_grid_shows_one_table_only(client, ad69, control):
    client.force_login(control)
    illyria = Region.objects.get(event=ad69, name="Illyria")
    page = client.get(grid(), {"table": illyria.pk}).content.decode()
    at_illyria = Character.objects.filter(event=ad69, location=illyria)
    assert page.count('class="sheet-row') == at_illyria.count() > 0
    assert all(f'id="character-{c.pk}"' in page for c in at_illyria)


def test_the_grid_sorts_by_any_column_either_way(client, ad69, control):
    client.force_login(control)
    Character.objects.filter(event=ad69, name="Titus Vinius").update(wealth=900)
    Character.objects.filter(event=ad69, name="Cornelius Blasio").update(wealth=5)
    richest_first = client.get(grid(), {"sort": "-wealth"}).content.decode()
    poorest_first = client.get(grid(), {"sort": "wealth"}).content.decode()
    assert richest_first.index("Titus Vinius") < richest_first.index("Cornelius Blasio")
    assert poorest_first.index("Cornelius Blasio") < poorest_first.index("Titus Vinius")


def test_an_unknown_filter_or_sort_shows_the_whole_grid_by_name(client, ad69, control):
    client.force_login(control)
    response = client.get(grid(), {"table": "²", "sort": "drop table"})
    assert response.status_code == 200
    assert response.content.decode().count('class="sheet-row') == Character.objects.filter(event=ad69).count()


def test_the_grid_reads_in_the_same_number_of_queries_however_large_the_cast(client, ad69, control):
    client.force_login(control)
    illyria = Region.objects.get(event=ad69, name="Illyria")

    def queries():
        with CaptureQueriesContext(connection) as read:
            assert client.get(grid(), {"sort": "players"}).status_code == 200
        return len(read)

    client.get(grid(), {"sort": "players"})  # the first page reads the event's setting, kept for the pages after it
    before = queries()
    for n in range(12):
        extra = Character.objects.create(
            event=ad69, name=f"Extra {n}", role="legate", social_class="senator", location=illyria
        )
        Briefing.objects.create(character=extra, notes="a walk-on part")
        Player.objects.create(event=ad69, name=f"Walk-on {n}", character=extra)
    assert queries() == before


# ---- saving a sheet ------------------------------------------------------------------------------------------


def test_a_row_saved_sets_his_sheet_and_briefing_as_one_audited_action(client, ad69, control, vinius):
    client.force_login(control)
    gaul = Region.objects.get(event=ad69, name="Gaul")
    changes = {"wealth": 40, "personal_income": 6, "support": 3, "military_skill": 2, "location": gaul.pk}
    query = f"?table={gaul.pk}&sort=-wealth"
    response = client.post(sheet_url(vinius) + query, row_of(vinius, notes="Owes Otho", **changes))
    assert response.status_code == 302
    assert response.url == f"{grid()}?table={gaul.pk}&sort=-wealth#character-{vinius.pk}"
    vinius.refresh_from_db()
    assert (vinius.wealth, vinius.support, vinius.military_skill, vinius.location) == (40, 3, 2, gaul)
    assert (vinius.briefing.personal_income, vinius.briefing.notes) == (6, "Owes Otho")
    entry = AuditEntry.objects.get(action=SHEET_SAVED, target_id=str(vinius.pk))
    assert sorted(step.action for step in entry.parts.all()) == ["umpire.briefing.create", "umpire.character.update"]
    assert list(entry.characters.all()) == [vinius]
    assert "Titus Vinius&#x27;s sheet is saved." in client.get(response.url).content.decode()


def test_the_undo_page_undoes_a_sheet_whole(client, ad69, control, vinius):
    do_save_sheet(vinius, wealth=40, notes="Owes Otho", actor=control)
    entry = AuditEntry.objects.get(action=SHEET_SAVED)
    client.force_login(control)
    response = client.post(reverse("umpire:undo", args=["ad69", entry.pk]), {"reason": "wrong man"}, follow=True)
    assert "is undone by" in response.content.decode()
    vinius.refresh_from_db()
    assert vinius.wealth is None
    assert not Briefing.objects.filter(character=vinius).exists()


def test_a_step_of_the_sheet_is_not_undone_alone(ad69, control, vinius):
    do_save_sheet(vinius, wealth=40, notes="Owes Otho", actor=control)
    step = AuditEntry.objects.get(action="umpire.character.update", target_id=str(vinius.pk))
    with pytest.raises(Exception, match="undo that action whole"):
        do_undo(step, actor=control, reason="half of it")


def test_a_sheet_saved_as_it_was_writes_nothing(ad69, control, vinius):
    before = world_now(ad69)
    do_save_sheet(vinius, name=vinius.name, wealth=vinius.wealth, notes="", actor=control)
    assert world_now(ad69) == before


def test_setting_his_figures_makes_them_his_own_and_not_demo(ad69, control, vinius):
    Character.objects.filter(pk=vinius.pk).update(is_demo=True, wealth=10)
    do_save_sheet(vinius, notes="A letter from Galba", actor=control)
    vinius.refresh_from_db()
    assert vinius.is_demo  # his notes are not his figures
    do_save_sheet(vinius, military_skill=1, actor=control)
    vinius.refresh_from_db()
    assert not vinius.is_demo


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"military_skill": -1}, "Military skill: Ensure this value is greater than or equal to 0."),
        ({"wealth": "lots"}, "Wealth: Enter a whole number."),
        ({"personal_income": -5}, "Personal income: Ensure this value is greater than or equal to 0."),
        ({"location": 999999}, "Table: Select a valid choice."),
        ({"name": "Cornelius Blasio"}, "Name: Another character is already called Cornelius Blasio."),
        ({"name": ""}, "Name: This field is required."),
        ({"career_rank": "Consul"}, "Career rank: Select a valid choice."),
    ],
)
def test_bad_input_names_the_problem_and_changes_nothing(client, ad69, control, vinius, changes, words):
    client.force_login(control)
    before = world_now(ad69)
    page = client.post(sheet_url(vinius), row_of(vinius, **{"wealth": 12, **changes}), follow=True).content.decode()
    assert words in page.replace("&#x27;", "'")
    assert world_now(ad69) == before


def test_a_rank_of_the_other_ladder_is_refused_by_name(ad69, control, vinius):
    equestrian_rank = CareerRank.objects.filter(social_class="equestrian").first()
    before = world_now(ad69)
    with pytest.raises(Exception, match="Equestrian"):
        do_save_sheet(vinius, career_rank=equestrian_rank, actor=control)
    assert world_now(ad69) == before


def test_a_table_of_another_event_is_refused(ad69, control, vinius):
    other = Event.objects.create(slug="other", name="Other", start_year=68, start_month=9, number_of_turns=5)
    elsewhere = Region.objects.create(event=other, name="Elsewhere")
    before = world_now(ad69)
    with pytest.raises(Exception, match="belongs to another event"):
        do_save_sheet(vinius, location=elsewhere, actor=control)
    assert world_now(ad69) == before


def test_the_service_refuses_a_field_the_sheet_has_not(ad69, control, vinius):
    with pytest.raises(Exception, match="no such field"):
        do_save_sheet(vinius, died_turn=3, actor=control)


def test_a_row_saved_by_the_script_comes_back_as_the_row(client, ad69, control, vinius):
    client.force_login(control)
    saved = client.post(sheet_url(vinius), row_of(vinius, support=7), **ROW)
    assert saved.status_code == 200
    html = saved.content.decode().strip()
    assert html.startswith("<tr") and f'id="character-{vinius.pk}"' in html
    assert "sheet is saved" in html and 'value="7"' in html
    refused = client.post(sheet_url(vinius), row_of(vinius, military_skill=-3), **ROW)
    assert refused.status_code == 400
    assert "Military skill: Ensure this value is greater than or equal to 0." in refused.content.decode()
    assert 'class="figure has-error"' in refused.content.decode()


def test_a_row_fetched_again_shows_him_as_he_is_now(client, ad69, control, vinius):
    client.force_login(control)
    do_save_sheet(vinius, wealth=77, actor=control)
    row = client.get(sheet_url(vinius), **ROW).content.decode()
    assert 'value="77"' in row


def test_control_hears_the_sheet_change_on_his_other_screens(ad69, control, vinius, django_capture_on_commit_callbacks):
    with listen([control_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_save_sheet(vinius, wealth=12, notes="Owes Otho", actor=control)
        messages = heard()[control_group(ad69.pk)]
    changed = {
        (m["event"]["model"], m["event"]["record_id"]) for m in messages if m["event"]["type"] == "world.changed"
    }
    assert ("umpire.character", str(vinius.pk)) in changed
    assert ("umpire.briefing", str(vinius.briefing.pk)) in changed


# ---- the players ---------------------------------------------------------------------------------------------


def test_control_adds_a_player_edits_him_and_removes_him(client, ad69, control, vinius):
    client.force_login(control)
    add = reverse("prepare:player-add", args=["ad69"])
    page = client.post(
        add,
        {"name": " Gaius Lucius ", "contact": "gaius@example.org", "team": "Galba's", "character": vinius.pk},
        follow=True,
    ).content.decode()
    player = Player.objects.get(event=ad69, name="Gaius Lucius")
    assert (player.character, player.team) == (vinius, "Galba's")
    assert "Gaius Lucius is saved, playing Titus Vinius." in page.replace("&#x27;", "'")
    assert 'id="character-' in page and "Gaius Lucius" in page

    edit = reverse("prepare:player", args=["ad69", player.pk])
    row = client.post(edit, {"name": "Gaius Lucius", "contact": "", "team": "", "character": ""}, **ROW)
    assert row.status_code == 200 and "not cast yet" in row.content.decode()
    player.refresh_from_db()
    assert player.character is None

    client.post(reverse("prepare:player-remove", args=["ad69", player.pk]))
    assert not Player.objects.filter(pk=player.pk).exists()
    assert [e.action for e in AuditEntry.objects.filter(target_type="umpire.player").order_by("pk")] == [
        "umpire.player.create",
        "umpire.player.update",
        "umpire.player.delete",
    ]


@pytest.mark.parametrize(
    "form, words",
    [
        ({"name": "", "character": ""}, "Name: This field is required."),
        ({"name": "Marcus", "character": "999999"}, "Character: Select a valid choice."),
        ({"name": "Appius", "character": ""}, "Name: A player called Appius is already in the cast."),
    ],
)
def test_a_bad_player_names_the_problem_and_changes_nothing(client, ad69, control, form, words):
    Player.objects.create(event=ad69, name="Appius")
    client.force_login(control)
    before = world_now(ad69)
    page = client.post(reverse("prepare:player-add", args=["ad69"]), form, follow=True).content.decode()
    assert words in page
    assert world_now(ad69) == before


def test_a_character_of_another_event_is_not_offered(client, ad69, control):
    other = Event.objects.create(slug="other", name="Other", start_year=68, start_month=9, number_of_turns=5)
    stranger = Character.objects.create(event=other, name="Stranger", role="legate", social_class="senator")
    client.force_login(control)
    before = world_now(ad69)
    client.post(reverse("prepare:player-add", args=["ad69"]), {"name": "Marcus", "character": stranger.pk})
    assert world_now(ad69) == before


def test_the_players_show_on_their_characters_rows(client, ad69, control, vinius):
    Player.objects.create(event=ad69, name="Gaius Lucius", team="Galba's", character=vinius)
    client.force_login(control)
    row = client.get(sheet_url(vinius), **ROW).content.decode()
    assert "Gaius Lucius" in row and "(Galba&#x27;s)" in row


# ---- the public address --------------------------------------------------------------------------------------


def address_url():
    return reverse("prepare:address", args=["ad69"])


def test_control_sees_the_address_links_open_and_that_loopback_opens_nothing(client, ad69, control):
    client.force_login(control)
    page = client.get(address_url()).content.decode()
    assert "http://127.0.0.1:8000" in page and 'id="loopback"' in page


def test_control_sets_the_public_address_audited(client, ad69, control):
    client.force_login(control)
    page = client.post(address_url(), {"address": " http://192.168.1.10:8000/ "}, follow=True).content.decode()
    ad69.refresh_from_db()
    assert ad69.public_address == "http://192.168.1.10:8000"
    assert "Player links and QR codes now open http://192.168.1.10:8000." in page
    assert 'id="reachable"' in page
    assert AuditEntry.objects.filter(action="umpire.event.update", target_id=str(ad69.pk)).exists()


@pytest.mark.parametrize(
    "address, words",
    [
        ("192.168.1.10:8000", "must start with http:// or https://"),
        ("ftp://192.168.1.10", "must start with http:// or https://"),
        ("http://", "names no host"),
        ("http://192.168.1.10:8000/post/?code=x", "leave out any path, query or password"),
        ("http://192.168.1.10:port", "port that is not a number"),
        ("http://bad host:8000", "Enter a valid URL."),
    ],
)
def test_a_bad_public_address_is_refused_and_changes_nothing(client, ad69, control, address, words):
    client.force_login(control)
    before = AuditEntry.objects.count()
    page = client.post(address_url(), {"address": address}, follow=True).content.decode()
    assert "Public address: " in page and words in page
    ad69.refresh_from_db()
    assert ad69.public_address == "" and AuditEntry.objects.count() == before


def test_a_region_umpire_may_not_see_or_set_the_address(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    assert client.get(address_url()).status_code == 404
    assert client.post(address_url(), {"address": "http://10.0.0.1"}).status_code == 404
    ad69.refresh_from_db()
    assert ad69.public_address == ""
