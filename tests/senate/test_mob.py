"""The mob of Rome and political credibility (VIII. CONSPICUOUS CONSUMPTION: Bread; Circuses and the
Mob; note 6): the history, the umpire's figures, senators' support, and who falls behind on public
works. Effects are the umpire's data: the handbook gives none."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from regions.models import Province, Spending
from regions.services.books import OPENING, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer
from regions.services.spending import do_buy, do_pay_corn_dole, finish_spending
from senate.hooks import mob_corn_dole, mob_spending
from senate.mob_selectors import get_credibility, get_mood_chart
from senate.models.mob import Cause, MobEffect, Mood, MoodEntry, SupportChange
from senate.services.mob import do_change_support, do_move_mood, do_set_mob_effect
from tests.senate.in_place import beside, refused_form
from tests.umpire.channels_helpers import listen
from umpire.models import AuditEntry, Character, GameClock, Region, Role

Item = Spending.Item


@pytest.fixture
def rome(ad69):
    return Province.objects.get(event=ad69, name="City of Rome")


@pytest.fixture
def vinius(ad69):
    """A senator in Rome, at the Senate room."""
    return Character.objects.get(event=ad69, name="Titus Vinius")


@pytest.fixture
def senate_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.SENATE, username="senate")


def fund(account, talents, actor):
    do_transfer(source=outside(account.event, OPENING), target=account, talents=talents, why="test funds", actor=actor)
    return account


def set_turn(event, turn):
    GameClock.objects.filter(event=event).update(turn=turn)


def rome_entries(event):
    return list(MoodEntry.objects.filter(mood__event=event, mood__place=None).order_by("pk"))


def counts():
    return (
        MoodEntry.objects.count(),
        MobEffect.objects.count(),
        SupportChange.objects.count(),
        AuditEntry.objects.count(),
    )


def buy_dinners(event, rome, senator, multiples, actor):
    return do_buy(
        event,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=fund(purse_of(senator), 500, actor),
        spender=senator,
        actor=actor,
        multiples=multiples,
    )


# ---- the corn dole ---------------------------------------------------------------------------


def test_an_unpaid_corn_dole_shows_in_the_mobs_history(ad69, control):
    mob_corn_dole(ad69, 2)  # mid-quarter: nothing yet
    assert rome_entries(ad69) == []
    mob_corn_dole(ad69, 3)  # November: the quarter from September ends unpaid
    mob_corn_dole(ad69, 3)  # a retried hook adds nothing
    [entry] = rome_entries(ad69)
    assert (entry.turn, entry.cause, entry.change, entry.effect_set) == (3, Cause.CORN_DOLE_UNPAID, 0, False)
    assert "was not paid" in entry.reason and "no effect set: the umpire judges" in entry.reason


def test_an_unpaid_dole_moves_the_mood_by_the_umpires_figure(ad69, control):
    do_set_mob_effect(ad69, cause=Cause.CORN_DOLE_UNPAID, points_per_multiple=-5, actor=control)
    mob_corn_dole(ad69, 3)
    assert Mood.objects.get(event=ad69, place=None).value == -5


def test_a_paid_dole_is_not_unpaid_and_goes_into_the_history_as_paid(ad69, control, rome):
    set_turn(ad69, 2)
    dole = do_pay_corn_dole(ad69, province=rome, paid_from=fund(treasury_of(rome), 100, control), actor=control)
    mob_spending(ad69, 2)
    mob_corn_dole(ad69, 3)
    [entry] = rome_entries(ad69)
    assert (entry.cause, entry.spending, entry.turn) == (Cause.CORN_DOLE_PAID, dole, 2)


# ---- spending ---------------------------------------------------------------------------------


def test_spending_with_a_set_effect_moves_the_mood_in_proportion_to_its_multiples(ad69, control, rome, vinius):
    do_set_mob_effect(ad69, cause=Cause.FREE_DINNERS, points_per_multiple=2, actor=control)
    set_turn(ad69, 1)
    once = buy_dinners(ad69, rome, vinius, 1, control)
    thrice = buy_dinners(ad69, rome, vinius, 3, control)
    mob_spending(ad69, 1)
    mob_spending(ad69, 1)  # each spending once only
    assert [(e.spending, e.change) for e in rome_entries(ad69)] == [(once, 2), (thrice, 6)]
    assert Mood.objects.get(event=ad69, place=None).value == 8


def test_spending_without_a_set_effect_is_listed_but_moves_nothing(ad69, control, rome, vinius):
    set_turn(ad69, 1)
    dinners = buy_dinners(ad69, rome, vinius, 2, control)
    mob_spending(ad69, 1)
    [entry] = rome_entries(ad69)
    assert (entry.spending, entry.change, entry.effect_set) == (dinners, 0, False)
    assert "no effect set: the umpire judges" in entry.reason


def test_a_build_enters_the_history_the_turn_it_is_finished(ad69, control, rome, vinius):
    do_set_mob_effect(ad69, cause=Cause.PUBLIC_WORKS, points_per_multiple=1, actor=control)
    set_turn(ad69, 1)
    works = do_buy(
        ad69,
        item=Item.PUBLIC_WORKS,
        province=rome,
        paid_from=fund(purse_of(vinius), 50, control),
        spender=vinius,
        actor=control,
    )
    mob_spending(ad69, 0)
    assert rome_entries(ad69) == []
    finish_spending(ad69, works.ready_turn)
    mob_spending(ad69, works.ready_turn)
    assert [(e.spending, e.turn) for e in rome_entries(ad69)] == [(works, works.ready_turn)]


def test_spending_in_a_province_without_a_mood_is_not_recorded(ad69, control, vinius):
    achaea = Province.objects.get(event=ad69, name="Achaea")
    set_turn(ad69, 1)
    do_buy(
        ad69,
        item=Item.FREE_DINNERS,
        province=achaea,
        paid_from=fund(purse_of(vinius), 100, control),
        spender=vinius,
        actor=control,
    )
    mob_spending(ad69, 1)
    assert MoodEntry.objects.count() == 0


# ---- the umpire's word -------------------------------------------------------------------------


def test_the_umpire_moves_the_mood_with_a_reason_audited_and_told_to_the_senate_room(
    ad69, senate_umpire, django_capture_on_commit_callbacks
):
    room = Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)
    groups = [f"control-{ad69.pk}", f"table-{room.pk}", f"event-{ad69.pk}"]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            entry = do_move_mood(ad69, change=-3, reason="Riot at the Circus Maximus", actor=senate_umpire)
        got = heard()
    assert (entry.cause, entry.change, entry.by) == (Cause.RULING, -3, senate_umpire)
    assert AuditEntry.objects.filter(action="mob.mood_moved", target_id=str(entry.pk)).exists()
    assert [m["event"]["type"] for m in got.get(f"table-{room.pk}", [])] == ["mob.mood_moved"]
    assert [m["event"]["type"] for m in got.get(f"control-{ad69.pk}", [])] == ["mob.mood_moved"]
    assert not got.get(f"event-{ad69.pk}")


def test_a_ruling_needs_a_change_and_a_reason(ad69, senate_umpire):
    before = counts()
    with pytest.raises(ValidationError) as refusal:
        do_move_mood(ad69, change=0, reason="nothing", actor=senate_umpire)
    assert list(refusal.value.message_dict) == ["change"]
    with pytest.raises(ValidationError) as refusal:
        do_move_mood(ad69, change=2, reason="  ", actor=senate_umpire)
    assert list(refusal.value.message_dict) == ["reason"]
    assert counts() == before


def test_the_chart_draws_the_running_mood_turn_by_turn(ad69, senate_umpire):
    set_turn(ad69, 2)
    do_move_mood(ad69, change=4, reason="games", actor=senate_umpire)
    chart = get_mood_chart(ad69, rome_entries(ad69), 3)
    assert chart.final == 4 and len(chart.points.split()) == 4  # the eve and turns 1 to 3


# ---- support ------------------------------------------------------------------------------------


def test_a_support_change_is_audited_and_updates_the_senators_support(ad69, senate_umpire, vinius):
    Character.objects.filter(pk=vinius.pk).update(support=3)
    set_turn(ad69, 4)
    record = do_change_support(vinius, change=-2, reason="Booed at the games", actor=senate_umpire)
    vinius.refresh_from_db()
    assert (vinius.support, record.before, record.after, record.turn) == (1, 3, 1, 4)
    audit = AuditEntry.objects.get(action="mob.support_changed", target_id=str(vinius.pk))
    assert (audit.before["support"], audit.after["support"], audit.reason) == (3, 1, "Booed at the games")


def test_support_not_yet_entered_is_refused_and_nothing_changes(ad69, senate_umpire, vinius):
    before = counts()
    with pytest.raises(ValidationError) as refusal:
        do_change_support(vinius, change=1, reason="cheered", actor=senate_umpire)
    assert list(refusal.value.message_dict) == ["senator"]
    assert counts() == before


# ---- political credibility ----------------------------------------------------------------------


def status_of(event, senator, turn):
    return next(row for row in get_credibility(event, turn) if row.senator == senator)


def test_a_senator_who_funds_no_public_work_for_six_months_is_flagged(ad69, control, rome, vinius):
    set_turn(ad69, 1)
    do_buy(
        ad69,
        item=Item.PUBLIC_WORKS,
        province=rome,
        paid_from=fund(purse_of(vinius), 50, control),
        spender=vinius,
        actor=control,
    )
    assert status_of(ad69, vinius, 6).status == "kept"
    assert status_of(ad69, vinius, 7).status == "due"  # March: his last month to keep it
    flagged = status_of(ad69, vinius, 8)  # October to March passed without a work
    assert flagged.behind and flagged.last_works_turn == 1 and flagged.months_since == 7


def test_a_senator_who_never_funds_a_work_is_flagged_after_the_first_six_months(ad69, vinius):
    assert not status_of(ad69, vinius, 6).behind
    assert status_of(ad69, vinius, 7).behind


def test_credibility_lists_only_living_senators_in_rome(ad69, vinius):
    assert vinius in [row.senator for row in get_credibility(ad69, 1)]
    away = Region.objects.get(event=ad69, name="Gaul")
    Character.objects.filter(pk=vinius.pk).update(location=away)
    assert vinius not in [row.senator for row in get_credibility(ad69, 1)]


# ---- the page -------------------------------------------------------------------------------------


def test_the_page_shows_the_mood_history_and_who_is_behind(client, ad69, senate_umpire, vinius):
    do_move_mood(ad69, change=2, reason="Chariot races", actor=senate_umpire)
    set_turn(ad69, 7)
    client.force_login(senate_umpire)
    page = client.get(reverse("senate:mob", args=[ad69.slug])).content.decode()
    assert "Chariot races" in page and "<polyline" in page
    assert "Falling behind" in page and "Titus Vinius" in page


def test_the_senate_umpire_sets_an_effect_and_moves_the_mood_over_http(client, ad69, senate_umpire):
    client.force_login(senate_umpire)
    client.post(reverse("senate:mob-effect", args=[ad69.slug]), {"cause": "cash_hand_outs", "points_per_multiple": 3})
    assert MobEffect.objects.get(event=ad69, cause="cash_hand_outs").points_per_multiple == 3
    client.post(reverse("senate:mob-move", args=[ad69.slug]), {"change": "-1", "reason": "Bread riots"})
    assert Mood.objects.get(event=ad69, place=None).value == -1


def test_a_region_umpire_reads_the_page_but_gets_404_on_every_post(client, ad69, illyria_umpire, vinius):
    Character.objects.filter(pk=vinius.pk).update(support=3)
    client.force_login(illyria_umpire)
    assert client.get(reverse("senate:mob", args=[ad69.slug])).status_code == 200
    before = counts()
    posts = [
        ("senate:mob-move", [ad69.slug], {"change": 2, "reason": "x"}),
        ("senate:mob-effect", [ad69.slug], {"cause": "free_dinners", "points_per_multiple": 1}),
        ("senate:mob-support", [ad69.slug, vinius.pk], {"change": 1, "reason": "x"}),
    ]
    for name, args, data in posts:
        assert client.post(reverse(name, args=args), data).status_code == 404
    assert counts() == before


def test_a_refused_support_change_comes_back_in_its_senators_row_as_typed(client, ad69, senate_umpire, vinius):
    client.force_login(senate_umpire)
    before = counts()
    action = reverse("senate:mob-support", args=[ad69.slug, vinius.pk])
    form = refused_form(client.post(action, {"change": 1, "reason": "cheered"}), action)
    assert "Senator: Titus Vinius's support is not set yet" in form
    assert 'value="cheered"' in form and f'id="support{vinius.pk}_change"' in form
    assert f'aria-labelledby="support-change senator{vinius.pk}"' in form
    assert counts() == before


def test_a_refused_move_of_the_mood_keeps_what_was_typed_beside_each_field(client, ad69, senate_umpire):
    client.force_login(senate_umpire)
    before = counts()
    action = reverse("senate:mob-move", args=[ad69.slug])
    form = refused_form(client.post(action, {"change": "", "reason": "Bread riots"}), action)
    beside(form, "change", "This field is required.")
    assert 'value="Bread riots"' in form
    form = refused_form(client.post(action, {"change": "0", "reason": "Bread riots"}), action)
    beside(form, "change", "Move the mood by a whole number of points, up or down, not 0.")
    assert counts() == before


def test_a_refused_effect_and_a_refused_province_stay_on_the_page(client, ad69, senate_umpire, rome):
    client.force_login(senate_umpire)
    before = counts()
    action = reverse("senate:mob-effect", args=[ad69.slug])
    beside(refused_form(client.post(action, {"cause": "bribes"}), action), "cause", "Select a valid choice.")
    action = reverse("senate:mob-open", args=[ad69.slug])
    beside(refused_form(client.post(action, {"province": rome.pk}), action), "province", "Select a valid choice.")
    assert counts() == before


def test_an_effect_is_cleared_so_the_umpire_judges_again(ad69, control):
    do_set_mob_effect(ad69, cause=Cause.CIRCUS_SHOW, points_per_multiple=4, actor=control)
    do_set_mob_effect(ad69, cause=Cause.CIRCUS_SHOW, points_per_multiple=None, actor=control)
    assert not MobEffect.objects.filter(event=ad69).exists()
    assert AuditEntry.objects.filter(action="mob.effect_set").count() == 2


def test_the_page_makes_the_same_number_of_queries_however_long_the_history(client, ad69, senate_umpire, vinius):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    Character.objects.filter(event=ad69, social_class="senator").update(support=5)
    client.force_login(senate_umpire)
    url = reverse("senate:mob", args=[ad69.slug])

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    do_move_mood(ad69, change=1, reason="one", actor=senate_umpire)
    do_change_support(vinius, change=1, reason="one", actor=senate_umpire)
    client.get(url)  # the first page reads the event's setting, kept for the pages after it
    few = queries()
    for n in range(5):
        do_move_mood(ad69, change=1, reason=f"more {n}", actor=senate_umpire)
        do_change_support(vinius, change=1, reason=f"more {n}", actor=senate_umpire)
    assert queries() == few


def test_a_provincial_citys_mood_once_opened_hears_its_spending(ad69, control, vinius):
    from senate.services.mob import do_open_mood

    achaea = Province.objects.get(event=ad69, name="Achaea")
    mood = do_open_mood(ad69, province=achaea, actor=control)
    set_turn(ad69, 1)
    dinners = do_buy(
        ad69,
        item=Item.FREE_DINNERS,
        province=achaea,
        paid_from=fund(purse_of(vinius), 100, control),
        spender=vinius,
        actor=control,
    )
    mob_spending(ad69, 1)
    assert [e.spending for e in mood.entries.all()] == [dinners]
    with pytest.raises(ValidationError):
        do_open_mood(ad69, province=achaea, actor=control)


def test_a_provincial_citys_mob_is_followed_and_moved_from_the_page(client, ad69, control):
    """ "(and for provincial cities, if umpires want one)": opened, then moved by the umpire's word."""
    from regions.models import Province

    syria = Province.objects.get(event=ad69, name="Syria")
    client.force_login(control)
    client.post("/events/ad69/senate/mob/open/", {"province": syria.pk})
    response = client.post(
        "/events/ad69/senate/mob/move/",
        {"place": syria.pk, "change": -3, "reason": "the dole ships were late"},
        follow=True,
    )
    text = response.content.decode()
    assert "The mob of Syria moves -3: the dole ships were late" in text
    assert "<strong>Syria</strong>: -3" in text
    again = client.post("/events/ad69/senate/mob/open/", {"province": syria.pk}, follow=True).content.decode()
    assert "Select a valid choice" in again
