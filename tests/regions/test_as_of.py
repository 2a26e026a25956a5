"""Control's look back: a province, a force or an account as it stood at the start of a past turn,
read back from the audit (an account from its ledger)."""

import pytest

from regions.models import Account, Province
from regions.services.forces import do_correct_troops
from regions.services.ledger import do_transfer
from tests.regions.forces_builders import legion
from tests.regions.test_ledger import open_account
from umpire.models import AuditEntry, Event, GameClock, Role
from umpire.services.records import do_save_record
from umpire.services.seats import do_assign_seat


def turn_to(event, turn):
    GameClock.objects.filter(event=event).update(turn=turn)


def as_of(client, kind, pk, turn=None):
    response = client.get(f"/control/ad69/as-of/{kind}/{pk}/" + ("" if turn is None else f"?turn={turn}"))
    assert response.status_code == 200
    return response


def shown(client, kind, pk, turn):
    """The page's fields, as {words: value}."""
    return dict(as_of(client, kind, pk, turn).context["past"].rows)


@pytest.fixture
def belgica(ad69):
    return Province.objects.get(event=ad69, name="Belgica")


@pytest.fixture
def income_cut_in_turn_3(ad69, control, belgica):
    """Belgica yields 70 a quarter until turn 3, when Control cuts it to 35; the game is now in turn 4."""
    turn_to(ad69, 3)
    belgica.income_per_quarter = 35
    do_save_record(belgica, actor=control, reason="the Batavian revolt")
    turn_to(ad69, 4)
    return belgica


def test_a_province_shows_its_old_income_before_the_turn_it_changed_and_the_new_after(
    client, control, income_cut_in_turn_3
):
    client.force_login(control)
    pk = income_cut_in_turn_3.pk
    assert shown(client, "province", pk, 2)["Income per quarter"] == 70
    assert shown(client, "province", pk, 3)["Income per quarter"] == 70
    assert shown(client, "province", pk, 4)["Income per quarter"] == 35


def test_a_province_shows_its_table_and_governor_by_name(client, control, income_cut_in_turn_3):
    client.force_login(control)
    fields = shown(client, "province", income_cut_in_turn_3.pk, 2)
    assert (fields["Region"], fields["Governor"], fields["Province type"]) == ("Gaul", "Valerius Asiaticus", "Imperial")


def test_no_turn_asked_is_the_start_of_the_current_one(client, control, income_cut_in_turn_3):
    client.force_login(control)
    response = as_of(client, "province", income_cut_in_turn_3.pk)
    assert response.context["turn"] == 4
    assert dict(response.context["past"].rows)["Income per quarter"] == 35


def test_a_change_made_before_the_clock_counts_as_before_turn_1(client, ad69, control, belgica):
    belgica.income_per_quarter = 50
    do_save_record(belgica, actor=control)
    AuditEntry.objects.filter(action="regions.province.update").update(game_turn=None)
    client.force_login(control)
    assert shown(client, "province", belgica.pk, 1)["Income per quarter"] == 50


def test_a_force_shows_its_troops_before_and_after_a_correction(client, ad69, control):
    force = legion(ad69, "Legio I Germanica", "Belgica", [("legionary", 4, False)])
    turn_to(ad69, 2)
    do_correct_troops(
        force, troops=[{"type": "legionary", "count": 3, "veteran": True}], actor=control, reason="a miscount"
    )
    turn_to(ad69, 3)
    client.force_login(control)
    assert shown(client, "force", force.pk, 1)["Troops"] == "4 legionary"
    assert shown(client, "force", force.pk, 2)["Troops"] == "4 legionary"
    assert shown(client, "force", force.pk, 3)["Troops"] == "3 veteran legionary"
    assert shown(client, "force", force.pk, 3)["Province"] == "Belgica"


def test_an_account_shows_its_balance_before_and_after_a_transfer(client, ad69, control, belgica):
    outside = open_account(ad69, "The world outside", Account.Kind.EXTERNAL)
    treasury = open_account(ad69, "Treasury of Belgica", Account.Kind.PROVINCE_TREASURY, province=belgica)
    do_transfer(source=outside, target=treasury, talents=30, why="September's taxes", actor=control)
    turn_to(ad69, 2)
    do_transfer(source=treasury, target=outside, talents=12, why="the roads", actor=control)
    turn_to(ad69, 3)
    client.force_login(control)
    balances = [as_of(client, "account", treasury.pk, turn).context["past"].balance for turn in (1, 2, 3)]
    assert balances == [0, 30, 18]
    page = as_of(client, "account", treasury.pk, 3).content.decode()
    assert "the roads" in page and "September&#x27;s taxes" in page


@pytest.mark.parametrize("turn", ["0", "5", "abc"])
def test_a_turn_the_game_has_not_reached_is_a_clear_message(client, control, income_cut_in_turn_3, turn):
    client.force_login(control)
    response = as_of(client, "province", income_cut_in_turn_3.pk, turn)
    assert response.context["past"] is None
    assert "to look back to: pick one from 1 to the current turn, 4." in response.content.decode()


def test_only_control_may_look_back_and_only_at_its_own_events_records(client, ad69, illyria_umpire, control, belgica):
    client.force_login(illyria_umpire)
    assert client.get(f"/control/ad69/as-of/province/{belgica.pk}/").status_code == 404
    client.force_login(control)
    assert client.get(f"/control/ad69/as-of/fleet/{belgica.pk}/").status_code == 404
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    do_assign_seat(event=other, user=control, role=Role.CONTROL, region=None, actor=None)
    assert client.get(f"/control/{other.slug}/as-of/province/{belgica.pk}/").status_code == 404


def test_the_log_and_the_books_link_to_the_province_as_it_stood(client, control, income_cut_in_turn_3):
    client.force_login(control)
    url = f"/control/ad69/as-of/province/{income_cut_in_turn_3.pk}/"
    assert f'href="{url}?turn=3"' in client.get("/control/ad69/audit/").content.decode()
    assert f'href="{url}"' in client.get(f"/events/ad69/treasury/provinces/{income_cut_in_turn_3.pk}/").content.decode()
