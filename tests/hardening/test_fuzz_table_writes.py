"""The bounds of the tables' writes, fuzzed: talents, a tracker's moves, a devotion's turn and cost, the mob's
points, a battle's dice and the battles page's table. Whatever an umpire types, the answer is a refusal by
name with nothing written, or a change within the bound with its audit entry; never a server error. The
issue's cases lead each list: a deposit of 10^20 talents (an OverflowError), 2^31 talents (accepted), ten
thousand dice (accepted), `?table=²` (a ValueError). Each example runs in a savepoint that is rolled back."""

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames.models import Tracker
from boardgames.models.trackers import MOST_ON_A_TRACK
from boardgames.services.trackers import do_open_tracker
from regions.models import Posting
from regions.models.limits import MOST_TALENTS
from senate.models.gods import Devotion
from senate.models.mob import MOST_MOOD_POINTS, MoodEntry
from senate.services.gods import ensure_pantheon
from tests.hardening.drawn import DICE, EDGES, NUMBERS, ODD_IDS, ODD_NUMBERS
from umpire.models import AuditEntry, Character, Region
from warfare.forms import RoundForm

pytestmark = pytest.mark.fuzz

FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ISSUES_NUMBERS = [str(10**20), str(2**31), str(MOST_TALENTS + 1), "²"]
TYPED = st.one_of(st.sampled_from(ISSUES_NUMBERS), NUMBERS, ODD_NUMBERS, st.sampled_from([str(e) for e in EDGES]))


def posted(client, url, form, written):
    """(status, what `written()` counted before and after), the request rolled back."""
    with transaction.atomic():
        before = written(), AuditEntry.objects.count()
        status = client.post(url, form).status_code
        after = written(), AuditEntry.objects.count()
        transaction.set_rollback(True)
    return status, before, after


def within(typed, most, least=None):
    """Whether `typed` is a whole number the form may take, read as Django's IntegerField reads it (any
    script's digits, a sign, spaces around): from `least` (-most if None) to `most`."""
    try:
        number = int(typed.strip())
    except ValueError:
        return False
    return (-most if least is None else least) <= number <= most


def check(status, before, after, accepted):
    assert status < 500
    if not accepted:
        assert after == before, "a refusal wrote"


@pytest.fixture
def signed_in(client, control):
    client.force_login(control)
    return client


@FUZZ
@given(talents=TYPED)
def test_a_deposit_of_any_talents_is_refused_by_name_or_within_the_bound(signed_in, ad69, talents):
    url = reverse("regions:treasury-deposit", args=[ad69.slug])
    form = {"to": "imperial", "talents": talents, "why": "the Temple of Jupiter"}
    status, before, after = posted(signed_in, url, form, Posting.objects.count)
    check(status, before, after, within(talents, MOST_TALENTS, least=1))


@FUZZ
@given(change=TYPED, bound=TYPED)
def test_a_tracker_takes_any_move_and_bound_without_a_server_error(signed_in, ad69, control, change, bound):
    with transaction.atomic():
        tracker = do_open_tracker(ad69, name="Dacian unrest", actor=control)
        move = reverse("boardgames:tracker-move", args=[ad69.slug, tracker.pk])
        status, before, after = posted(signed_in, move, {"change": change, "reason": "a raid"}, tracker.moves.count)
        check(status, before, after, within(change, MOST_ON_A_TRACK) and int(change) != 0)
        opening = {"name": "Sarmatian raids", "minimum": bound, "start": "0"}
        url = reverse("boardgames:tracker-open", args=[ad69.slug])
        status, before, after = posted(signed_in, url, opening, Tracker.objects.count)
        no_bound = not bound.strip()  # an empty minimum is no lower bound
        check(status, before, after, no_bound or (within(bound, MOST_ON_A_TRACK) and int(bound) <= 0))
        transaction.set_rollback(True)


@FUZZ
@given(turn=TYPED, talents=TYPED)
def test_a_devotion_takes_any_turn_and_cost_without_a_server_error(signed_in, ad69, turn, talents):
    mars = ensure_pantheon(ad69).get(name="Mars")
    who = Character.objects.filter(event=ad69).first()
    form = {
        "character": who.pk,
        "god": mars.pk,
        "kind": "sacrifice",
        "what": "a bull",
        "turn": turn,
        "talents": talents,
    }
    status, before, after = posted(
        signed_in, reverse("senate:gods-devotion", args=[ad69.slug]), form, Devotion.objects.count
    )
    check(
        status,
        before,
        after,
        within(turn, ad69.number_of_turns, least=0) and within(talents, MOST_TALENTS, least=0),
    )


@FUZZ
@given(change=TYPED)
def test_the_mob_moves_by_any_points_without_a_server_error(signed_in, ad69, change):
    form = {"change": change, "reason": "bread"}
    status, before, after = posted(
        signed_in, reverse("senate:mob-move", args=[ad69.slug]), form, MoodEntry.objects.count
    )
    check(status, before, after, within(change, MOST_MOOD_POINTS))


@FUZZ
@given(dice=st.one_of(DICE, st.sampled_from(["6 " * 10_000, "1," * 7, "²", "12 " * 7])))
def test_a_rounds_dice_are_bounded_by_the_procedure(dice):
    """A round rolls at most six dice: two for the advantage, two d12, two risk dice; more is refused by name."""
    form = RoundForm({"a_stance": "attack", "b_stance": "defend", "dice": dice})
    if form.is_valid():
        assert len(form.cleaned_data["dice"]) <= 6
    else:
        assert form.errors


@FUZZ
@given(table=st.one_of(ODD_IDS, st.sampled_from(["²", "\u0663", "1" * 25])))
def test_the_battles_page_takes_any_table_without_a_server_error(signed_in, ad69, table):
    assert signed_in.get(reverse("warfare:battles", args=[ad69.slug]), {"table": table}).status_code in (200, 404)


def test_the_issues_cases_are_refused_by_name(signed_in, ad69):
    """Not left to the draw: 10^20 and 2^31 talents, ten thousand dice, `?table=²`."""
    url = reverse("regions:treasury-deposit", args=[ad69.slug])
    for talents in (10**20, 2**31):
        page = signed_in.post(url, {"to": "imperial", "talents": talents, "why": "a slip"}, follow=True)
        assert "Talents: Ensure this value is less than or equal to 1000000." in page.content.decode()
    assert not Posting.objects.exists()
    form = RoundForm({"a_stance": "attack", "b_stance": "defend", "dice": "6 " * 10_000})
    assert not form.is_valid() and "dice" in form.errors
    assert signed_in.get(reverse("warfare:battles", args=[ad69.slug]), {"table": "²"}).status_code == 404
    assert Region.objects.filter(event=ad69).exists()
