"""A player's mailbox, opened with his code and no login: where his own letters are, in three
words, if Control lets players track them (a ruling on a letter stays secret); the typed letters
handed to him, whose contents only he (and Control) may read; only Control issues the codes, and
a reissued code replaces the old."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mail.mailbox_selectors import get_mailbox
from mail.models import Letter, Mailbox, PostOffice
from mail.services.letters import (
    do_deliver_letter,
    do_forward_letter,
    do_leave_letters,
    do_pick_up_letters,
    do_post_letter,
    do_return_letter,
    do_rule_letter,
)
from mail.services.mailboxes import do_issue_mailbox
from umpire.models import AuditEntry, Character, Event

ORDERS = "Hold the Alpine passes until the Moesian legions come up."


@pytest.fixture
def tracking(hall):
    PostOffice.objects.update_or_create(event=hall.event, defaults={"players_may_track": True})
    return hall


def mailbox_page(client, code, slug="ad69"):
    return client.get(f"/post/{slug}/mailbox/", {"code": code})


def read(client, character):
    response = mailbox_page(client, Mailbox.objects.get(character=character).code)
    assert response.status_code == 200
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).replace("&#x27;", "'")


def sent(character):
    return [(letter.code, letter.status) for letter in get_mailbox(Mailbox.objects.get(character=character)).sent]


def post(hall, sender=None, **more):
    return do_post_letter(
        hall.rome,
        sender=sender or hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        actor=hall.rome_umpire,
        **more,
    )


def carry_to_illyria(hall, letter):
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)


def deliver_at_illyria(hall, letter):
    carry_to_illyria(hall, letter)
    return do_deliver_letter(letter, actor=hall.illyria_umpire)


def issue_both(hall):
    for character in (hall.scribonius, hall.primus):
        do_issue_mailbox(character, actor=hall.control)


# ---- the letters he sent ----------------------------------------------------------------------


def test_with_tracking_off_the_page_opens_but_lists_no_sent_letter(client, hall):
    issue_both(hall)
    letter = post(hall)
    text = read(client, hall.scribonius)
    assert "Letters of Quintus Scribonius" in text
    assert "The post does not tell where letters are in this game" in text
    assert letter.shown_code not in text and sent(hall.scribonius) == []


def test_with_tracking_on_he_sees_his_own_letters_in_three_words(client, tracking):
    hall = tracking
    issue_both(hall)
    waiting, carried, arrived, delivered = (post(hall) for _ in range(4))
    do_pick_up_letters([carried], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    carry_to_illyria(hall, arrived)
    deliver_at_illyria(hall, delivered)
    someone_elses = post(hall, sender=hall.fuscus)

    assert sent(hall.scribonius) == [
        (delivered.shown_code, "delivered"),
        (arrived.shown_code, "in transit"),
        (carried.shown_code, "in transit"),
        (waiting.shown_code, "posted"),
    ]
    text = read(client, hall.scribonius)
    assert f"{waiting.shown_code} Antonius Primus Illyria posted" in text
    assert f"{delivered.shown_code} Antonius Primus Illyria delivered" in text
    assert someone_elses.shown_code not in text


def test_a_letter_ruled_intercepted_or_lost_shows_as_in_transit_to_its_sender(client, tracking):
    hall = tracking
    issue_both(hall)
    intercepted, lost = post(hall), post(hall)
    do_pick_up_letters([intercepted], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_rule_letter(
        intercepted, ruling="intercepted", reason="Otho's frumentarii stopped the courier.", actor=hall.control
    )
    do_rule_letter(lost, ruling="lost", reason="The tray was knocked over.", actor=hall.control)

    assert sent(hall.scribonius) == [(lost.shown_code, "in transit"), (intercepted.shown_code, "in transit")]
    text = read(client, hall.scribonius).lower()
    assert not [word for word in ("intercepted", "lost", "frumentarii", "knocked") if word in text]


def test_a_forwarded_letter_shows_the_destination_he_wrote_not_where_his_correspondent_went(client, tracking):
    hall = tracking
    issue_both(hall)
    letter = post(hall)
    carry_to_illyria(hall, letter)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    do_forward_letter(letter, actor=hall.illyria_umpire)

    text = read(client, hall.scribonius)
    assert f"{letter.shown_code} Antonius Primus Illyria in transit" in text and "Gaul" not in text


# ---- the typed letters handed to him ----------------------------------------------------------


def test_typed_contents_reach_the_addressee_only_once_delivered_and_never_its_writer(client, tracking):
    hall = tracking
    issue_both(hall)
    letter = post(hall, contents=ORDERS)
    carry_to_illyria(hall, letter)
    assert ORDERS not in read(client, hall.primus)

    do_deliver_letter(letter, actor=hall.illyria_umpire)
    assert "From Quintus Scribonius , written September 68 " + ORDERS in read(client, hall.primus)
    assert ORDERS not in read(client, hall.scribonius)


def test_a_typed_letter_returned_to_its_writer_does_not_show_him_its_contents(client, tracking):
    hall = tracking
    issue_both(hall)
    letter = post(hall, contents=ORDERS)
    carry_to_illyria(hall, letter)
    do_return_letter(letter, reason="Primus has marched away.", actor=hall.illyria_umpire)
    do_pick_up_letters([letter], table=hall.illyria, runner="a runner", actor=hall.illyria_umpire)
    do_leave_letters([letter], table=hall.rome, actor=hall.rome_umpire)
    do_deliver_letter(letter, actor=hall.rome_umpire)

    assert Letter.objects.get(pk=letter.pk).delivered_to == hall.scribonius
    text = read(client, hall.scribonius)
    assert f"{letter.shown_code} Antonius Primus Illyria delivered" in text and ORDERS not in text


def test_the_mailbox_reads_in_a_fixed_number_of_queries(client, tracking):
    hall = tracking
    issue_both(hall)

    def queries():
        for character in (hall.scribonius, hall.primus):
            read(client, character)  # warm: the session and the like
            with CaptureQueriesContext(connection) as counted:
                read(client, character)
            yield len(counted)

    deliver_at_illyria(hall, post(hall, contents=ORDERS))
    before = list(queries())
    for _ in range(3):
        deliver_at_illyria(hall, post(hall, contents=ORDERS))
        deliver_at_illyria(hall, post(hall, sender=hall.fuscus, contents=ORDERS))
        post(hall)
    letter = post(hall)
    carry_to_illyria(hall, letter)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    do_forward_letter(letter, actor=hall.illyria_umpire)
    assert list(queries()) == before


def test_a_tracking_phone_reads_its_sent_letters_and_where_they_were_sent_on_from_in_one_query(client, tracking):
    """The event with its clock, his mailbox, the letters he sent each with the first table that sent it on, the
    letters handed to him: four round trips, the page the hall opens most (issue 34)."""
    hall = tracking
    issue_both(hall)
    letter = post(hall)
    carry_to_illyria(hall, letter)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    do_forward_letter(letter, actor=hall.illyria_umpire)
    post(hall)
    code = Mailbox.objects.get(character=hall.scribonius).code
    mailbox_page(client, code)
    with CaptureQueriesContext(connection) as looked:
        assert mailbox_page(client, code).status_code == 200
    assert len(looked) == 4
    assert f"{letter.shown_code} Antonius Primus Illyria in transit" in read(client, hall.scribonius)


def test_a_phone_looking_again_reads_the_event_once_and_the_post_offices_setting_not_at_all(client, tracking):
    """Every player's phone opens his mailbox all day: its event is the page's (read with its clock, for the
    middleware and the code alike), and whether players may track their letters is kept with the event's
    setting (umpire.event_setting) until Control changes it."""
    hall = tracking
    issue_both(hall)
    letter = post(hall)
    code = Mailbox.objects.get(character=hall.scribonius).code
    mailbox_page(client, code)
    with CaptureQueriesContext(connection) as again:
        assert mailbox_page(client, code).status_code == 200
    tables = [re.findall(r'FROM "(\w+)"', query["sql"])[0] for query in again.captured_queries]
    assert tables.count("umpire_event") == 1 and "mail_postoffice" not in tables
    (mailbox,) = [query["sql"] for query in again.captured_queries if 'FROM "mail_mailbox"' in query["sql"]]
    assert '"umpire_event"' not in mailbox
    assert letter.shown_code in read(client, hall.scribonius)  # he may track the letter he sent

    PostOffice.objects.filter(event=hall.event).get().save()  # the office's save renews the event's setting mark
    PostOffice.objects.filter(event=hall.event).update(players_may_track=False)
    assert letter.shown_code not in read(client, hall.scribonius)


# ---- the codes ---------------------------------------------------------------------------------


def test_a_wrong_a_reissued_or_another_events_code_opens_nothing(client, hall):
    old = do_issue_mailbox(hall.scribonius, actor=hall.control).code
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    stranger = Character.objects.create(event=other, name="Quintus Scribonius", role="senator", social_class="senator")
    assert mailbox_page(client, old).status_code == 200
    assert client.get("/post/ad69/mailbox/").status_code == 404
    assert mailbox_page(client, "guess").status_code == 404
    assert mailbox_page(client, old, slug="other").status_code == 404
    assert mailbox_page(client, do_issue_mailbox(stranger, actor=None).code).status_code == 404

    new = do_issue_mailbox(hall.scribonius, actor=hall.control).code
    assert new != old and Mailbox.objects.filter(character=hall.scribonius).count() == 1
    assert mailbox_page(client, old).status_code == 404
    assert mailbox_page(client, new).status_code == 200


def test_issuing_a_code_is_audited_without_the_code(hall):
    mailbox = do_issue_mailbox(hall.scribonius, actor=hall.control)
    entry = AuditEntry.objects.get(action="mailbox.issued")
    assert (entry.actor, entry.target_label, entry.reason) == (hall.control, "Quintus Scribonius's mailbox", "")
    assert mailbox.code not in str(entry.after)
    do_issue_mailbox(hall.scribonius, actor=hall.control)
    assert AuditEntry.objects.filter(action="mailbox.issued").latest("pk").reason == (
        "reissued: the old code opens nothing"
    )


def test_control_issues_and_reissues_a_players_code_from_the_list(client, hall):
    client.force_login(hall.control)
    assert "none issued" in client.get("/events/ad69/post/mailboxes/").content.decode()

    issue = f"/events/ad69/post/mailboxes/{hall.scribonius.pk}/issue/"
    assert client.post(issue).url == "/events/ad69/post/mailboxes/"
    old = Mailbox.objects.get(character=hall.scribonius).code
    assert f"/post/ad69/mailbox/?code={old}" in client.get("/events/ad69/post/mailboxes/").content.decode()

    client.post(issue)
    assert mailbox_page(client, old).status_code == 404
    assert mailbox_page(client, Mailbox.objects.get(character=hall.scribonius).code).status_code == 200


def test_only_control_issues_mailbox_codes(client, hall):
    issue = f"/events/ad69/post/mailboxes/{hall.scribonius.pk}/issue/"
    assert client.post(issue).status_code == 302 and "/login/" in client.post(issue).url
    client.force_login(hall.rome_umpire)
    assert client.get("/events/ad69/post/mailboxes/").status_code == 404
    assert client.post(issue).status_code == 404
    assert not Mailbox.objects.exists() and not AuditEntry.objects.filter(action="mailbox.issued").exists()
