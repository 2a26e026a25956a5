"""Control's posting times: every link between tables with the turns a letter takes along it, set
one link at a time or all at once from a default by land and by sea (the links with none, or every
link); whole numbers of at least 1, a winter time only by sea and never quicker than summer; each
change audited under the event and undone (the default whole); refused input names its field and
changes nothing; Control's alone, heard live, in a fixed number of queries."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mail.models import PostingTime
from mail.services.post import posting
from mail.services.posting_times import do_set_default_posting_times, do_set_posting_time
from tests.umpire.channels_helpers import listen
from umpire.events import control_group
from umpire.models import AuditEntry, Region, Route
from umpire.services.undo import do_undo

PAGE = "/events/ad69/post/posting-times/"
DEFAULT = "/events/ad69/post/posting-times/default/"
LINKS, SEA_LINKS = 14, 4  # the AD69 world's routes between tables, and those by sea


def route(event, one, other):
    return Route.objects.select_related("one", "other").get(event=event, one__name=one, other__name=other)


@pytest.fixture
def by_land(ad69):
    return route(ad69, "Italia/Rome", "Illyria")


@pytest.fixture
def by_sea(ad69):
    return route(ad69, "Gaul", "Italia/Rome")


def set_row(route):
    return f"/events/ad69/post/posting-times/{route.pk}/"


def times(event):
    return {time.route_id: (time.turns, time.winter_turns) for time in PostingTime.objects.filter(route__event=event)}


def written():
    """What a refusal must leave as it was: the posting times and the audit log."""
    return list(PostingTime.objects.values_list("route_id", "turns", "winter_turns")), AuditEntry.objects.count()


def squeezed(text):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).replace("&#x27;", "'")


def row_html(page, route):
    """One link's own form on the page."""
    start = page.index(f'id="route-{route.pk}"')
    return page[start : page.index("</form>", start)]


def row_of(page, route):
    return squeezed(row_html(page, route))


def defaults(event, actor, *, overwrite=False, by_land=2, by_sea=1, by_sea_in_winter=3):
    return do_set_default_posting_times(
        event, by_land=by_land, by_sea=by_sea, by_sea_in_winter=by_sea_in_winter, overwrite=overwrite, actor=actor
    )


# ---- one link ---------------------------------------------------------------------------------


def test_a_links_posting_time_is_audited_under_its_event_and_undone(ad69, control, by_sea):
    time = do_set_posting_time(by_sea, turns=1, winter_turns=3, actor=control)

    entry = AuditEntry.objects.get(action="mail.postingtime.create")
    assert (entry.event, entry.actor, entry.after["turns"], entry.after["winter_turns"]) == (ad69, control, 1, 3)
    do_undo(entry, actor=control, reason="set on the wrong link")
    assert not PostingTime.objects.filter(pk=time.pk).exists()


def test_a_changed_posting_time_is_undone_back_to_the_one_before(ad69, control, by_sea):
    do_set_posting_time(by_sea, turns=1, winter_turns=None, actor=control)
    do_set_posting_time(by_sea, turns=2, winter_turns=4, actor=control)

    do_undo(AuditEntry.objects.get(action="mail.postingtime.update"), actor=control, reason="winter was mild")
    assert times(ad69) == {by_sea.pk: (1, None)}


def test_the_same_posting_time_again_writes_nothing(control, by_land):
    do_set_posting_time(by_land, turns=2, winter_turns=None, actor=control)
    before = written()
    do_set_posting_time(by_land, turns=2, winter_turns=None, actor=control)
    assert written() == before


@pytest.mark.parametrize(
    ("link", "turns", "winter_turns", "field", "words"),
    [
        ("by_land", 0, None, "turns", "at least 1 turn"),
        ("by_land", -2, None, "turns", "greater than or equal to 0"),
        ("by_land", 2, 3, "winter_turns", "is by land: winter at sea does not slow it"),
        ("by_sea", 3, 2, "winter_turns", "2 turn(s) in winter is quicker than 3 in summer"),
        ("by_sea", "two", None, "turns", "must be an integer"),
    ],
)
def test_a_bad_posting_time_is_refused_by_its_field_and_changes_nothing(
    request, control, link, turns, winter_turns, field, words
):
    chosen = request.getfixturevalue(link)
    do_set_posting_time(chosen, turns=1, winter_turns=None, actor=control)
    before = written()
    with pytest.raises(ValidationError) as refusal:
        do_set_posting_time(chosen, turns=turns, winter_turns=winter_turns, actor=control)
    assert words in " ".join(refusal.value.message_dict[field])
    assert written() == before


def test_transit_reads_the_times_control_sets(ad69, control, by_land):
    do_set_posting_time(by_land, turns=2, winter_turns=None, actor=control)
    rome, illyria = (Region.objects.get(event=ad69, name=name) for name in ("Italia/Rome", "Illyria"))
    assert posting(ad69, rome, illyria, 1).turns == 2


# ---- every link from a default ----------------------------------------------------------------


def test_the_default_times_every_link_without_one_by_land_or_by_sea_and_keeps_those_set(ad69, control, by_sea):
    do_set_posting_time(by_sea, turns=2, winter_turns=None, actor=control)

    changed = defaults(ad69, control)

    assert len(changed) == LINKS - 1
    kinds = dict(Route.objects.filter(event=ad69).values_list("pk", "kind"))
    expected = {pk: ((1, 3) if kind == "sea" else (2, None)) for pk, kind in kinds.items()}
    assert times(ad69) == {**expected, by_sea.pk: (2, None)}
    [entry] = AuditEntry.objects.filter(action="post.default_posting_times")
    assert entry.after == {"by_land": 2, "by_sea": 1, "by_sea_in_winter": 3, "overwrite": False, "links": LINKS - 1}
    assert entry.parts.count() == LINKS - 1 and entry.event == ad69


def test_overwriting_sets_every_link_that_differs(ad69, control, by_sea, by_land):
    do_set_posting_time(by_sea, turns=5, winter_turns=None, actor=control)
    do_set_posting_time(by_land, turns=2, winter_turns=None, actor=control)  # already the default

    changed = defaults(ad69, control, overwrite=True, by_sea_in_winter=None)

    assert len(changed) == LINKS - 1 and by_land.pk not in {time.route_id for time in changed}
    assert times(ad69)[by_sea.pk] == (1, None)


def test_the_default_is_undone_whole_and_never_a_link_alone(ad69, control, by_sea):
    do_set_posting_time(by_sea, turns=5, winter_turns=6, actor=control)
    defaults(ad69, control, overwrite=True)
    entry = AuditEntry.objects.get(action="post.default_posting_times")

    with pytest.raises(ValidationError, match="undo that action whole instead"):
        do_undo(entry.parts.first(), actor=control, reason="one link only")
    do_undo(entry, actor=control, reason="the sea is slower this year")

    assert times(ad69) == {by_sea.pk: (5, 6)}


def test_a_link_changed_since_must_be_undone_before_the_default(ad69, control, by_land):
    defaults(ad69, control)
    do_set_posting_time(by_land, turns=4, winter_turns=None, actor=control)
    with pytest.raises(ValidationError, match="Undo those first"):
        do_undo(AuditEntry.objects.get(action="post.default_posting_times"), actor=control, reason="too quick")
    assert times(ad69)[by_land.pk] == (4, None)


@pytest.mark.parametrize(
    ("given", "field", "words"),
    [
        ({"by_land": 0}, "by_land", "0 is not a whole number of turns of at least 1"),
        ({"by_sea": "1"}, "by_sea", "'1' is not a whole number"),
        ({"by_sea": 3, "by_sea_in_winter": 2}, "by_sea_in_winter", "2 turn(s) in winter is quicker than 3"),
    ],
)
def test_a_bad_default_is_refused_by_its_field_and_changes_nothing(ad69, control, given, field, words):
    before = written()
    with pytest.raises(ValidationError) as refusal:
        defaults(ad69, control, overwrite=True, **given)
    assert words in " ".join(refusal.value.message_dict[field])
    assert written() == before


def test_a_default_with_nothing_to_change_writes_nothing(ad69, control):
    defaults(ad69, control)
    before = written()
    assert defaults(ad69, control) == [] and defaults(ad69, control, overwrite=True) == []
    assert written() == before


def test_each_link_saved_is_heard_by_control(ad69, control, django_capture_on_commit_callbacks):
    with listen([control_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            defaults(ad69, control)
        messages = heard()[control_group(ad69.pk)]
    assert {m["event"]["type"] for m in messages} == {"world.changed"}
    assert len(messages) == LINKS and {m["event"]["model"] for m in messages} == {"mail.postingtime"}


# ---- the page ---------------------------------------------------------------------------------


def test_control_sees_every_link_with_its_time_and_a_form_in_each_row(client, ad69, control, by_sea):
    do_set_posting_time(by_sea, turns=1, winter_turns=3, actor=control)
    client.force_login(control)
    page = client.get(PAGE).content.decode()

    assert f"1 of {LINKS} links have a posting time." in squeezed(page)
    assert page.count('action="/events/ad69/post/posting-times/') == LINKS + 1  # a form each, and the default's
    assert "Now 1 turn, 3 in winter at sea." in row_of(page, by_sea)
    illyria = route(ad69, "Italia/Rome", "Illyria")
    assert "No posting time yet." in row_of(page, illyria) and "winter" not in row_of(page, illyria).lower()
    assert 'data-refresh="world.changed"' in page


def test_control_sets_one_link_from_its_row_and_comes_back_to_it(client, ad69, control, by_sea):
    client.force_login(control)
    response = client.post(set_row(by_sea), {"turns": "2", "winter_turns": "4"})
    assert response.url == f"{PAGE}#route-{by_sea.pk}"
    assert times(ad69) == {by_sea.pk: (2, 4)}
    assert "Gaul – Italia/Rome (By sea): 2 turn(s), 4 in winter at sea." in squeezed(client.get(PAGE).content.decode())


@pytest.mark.parametrize(
    ("sent", "words"),
    [
        ({"turns": "0"}, "Ensure this value is greater than or equal to 1."),
        ({"turns": ""}, "This field is required."),
        ({"turns": "3", "winter_turns": "2"}, "2 turn(s) in winter is quicker than 3 in summer"),
    ],
)
def test_a_bad_row_is_refused_in_that_row_and_changes_nothing(client, control, by_sea, sent, words):
    client.force_login(control)
    before = written()
    response = client.post(set_row(by_sea), sent)
    assert response.status_code == 400
    page = response.content.decode()
    assert words in row_of(page, by_sea) and "autofocus" in row_html(page, by_sea)  # it opens at the bad field
    assert written() == before


def test_control_sets_the_defaults_from_the_page_then_every_link_once_confirmed(client, ad69, control, by_sea):
    do_set_posting_time(by_sea, turns=5, winter_turns=None, actor=control)
    client.force_login(control)
    page = client.get(PAGE).content.decode()
    start = page.index('<details class="confirm">')  # the menu's folds come before it
    confirmation = page[start : page.index("</details>", start)]
    assert 'name="overwrite"' in confirmation and "Set the 13 links without a posting time" in squeezed(page)

    text = squeezed(
        client.post(DEFAULT, {"by_land": "2", "by_sea": "1", "by_sea_in_winter": ""}, follow=True).content.decode()
    )
    assert "13 link(s) set: 2 turn(s) by land, 1 by sea." in text and times(ad69)[by_sea.pk] == (5, None)

    text = squeezed(
        client.post(
            DEFAULT, {"by_land": "2", "by_sea": "1", "by_sea_in_winter": "2", "overwrite": "on"}, follow=True
        ).content.decode()
    )
    assert f"{SEA_LINKS} link(s) set: 2 turn(s) by land, 1 by sea, 2 by sea in winter." in text
    assert times(ad69)[by_sea.pk] == (1, 2)


def test_a_default_with_nothing_to_change_says_so(client, ad69, control):
    defaults(ad69, control)
    client.force_login(control)
    sent = {"by_land": "2", "by_sea": "1", "by_sea_in_winter": "3"}
    text = squeezed(client.post(DEFAULT, sent, follow=True).content.decode())
    assert "Nothing changed: every link already has a posting time (choose “Set every link” to replace them)." in text
    text = squeezed(client.post(DEFAULT, {**sent, "overwrite": "on"}, follow=True).content.decode())
    assert "Nothing changed: every link already has these posting times." in text


def test_bad_defaults_are_refused_on_the_page_and_change_nothing(client, control):
    client.force_login(control)
    before = written()
    response = client.post(DEFAULT, {"by_land": "2", "by_sea": "3", "by_sea_in_winter": "1", "overwrite": "on"})
    assert response.status_code == 400
    assert "1 turn(s) in winter is quicker than 3 in summer" in squeezed(response.content.decode())
    response = client.post(DEFAULT, {"by_land": "x", "by_sea": "1"})
    assert response.status_code == 400 and "Enter a whole number." in squeezed(response.content.decode())
    assert written() == before


def test_only_control_sets_posting_times(client, ad69, illyria_umpire, by_sea):
    assert "/login/" in client.get(PAGE).url
    client.force_login(illyria_umpire)
    before = written()
    assert client.get(PAGE).status_code == 404
    assert client.post(set_row(by_sea), {"turns": "1"}).status_code == 404
    assert client.post(DEFAULT, {"by_land": "1", "by_sea": "1", "overwrite": "on"}).status_code == 404
    assert written() == before


def test_a_link_of_another_event_is_not_found(client, control):
    client.force_login(control)
    assert client.post("/events/ad69/post/posting-times/999999/", {"turns": "1"}).status_code == 404


def test_the_whole_post_and_the_post_room_link_to_the_page(client, control):
    client.force_login(control)
    for address in ("/events/ad69/post/all/", "/events/ad69/post/"):
        assert f'href="{PAGE}"' in client.get(address).content.decode()


def test_the_page_reads_in_the_same_queries_however_many_links_are_timed(client, ad69, control):
    client.force_login(control)

    def queries():
        with CaptureQueriesContext(connection) as counted:
            assert client.get(PAGE).status_code == 200
        return len(counted)

    none_timed = queries()
    defaults(ad69, control)
    assert queries() == none_timed
