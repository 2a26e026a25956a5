"""The Acta Diurna prints what Rome's umpire chooses to publish (issue 31): an appointment, the mob's mood and
a sign of the gods, each from its own page in words he may edit, besides the Senate's results, the edicts and
the throne. Each is printed once and told to the whole event; a refusal names the problem and changes nothing."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from senate.acta_selectors import get_news_of_appointments
from senate.models.acta import ActaItem
from senate.models.offices import Appointer, Office
from senate.services.acta import do_publish_appointment, do_publish_mood, do_publish_sign
from senate.services.mob import do_move_mood
from senate.services.offices import do_appoint
from senate.services.sessions import do_count_motion, do_issue_edict, do_publish_record
from senate.sessions_selectors import get_acta
from tests.senate.in_place import beside, refused_form
from tests.senate.test_offices import VOTE, appoint_procurator, equestrian
from tests.senate.test_sessions import galba_reigns, motion_voted, senate_umpire, session  # noqa: F401 (fixtures)
from tests.umpire.channels_helpers import listen
from umpire.events import control_group, event_group, table_group
from umpire.models import AuditEntry, Region, Role
from umpire.services.undo import do_undo


def refused(field, words, service, *args, **kwargs):
    """The service refuses with `words` beside `field`, and the gazette and the audit log are as they were."""
    items, entries = ActaItem.objects.count(), AuditEntry.objects.count()
    with pytest.raises(ValidationError) as refusal:
        service(*args, **kwargs)
    assert words in " ".join(refusal.value.message_dict[field])
    assert (ActaItem.objects.count(), AuditEntry.objects.count()) == (items, entries)


def urban_commander(event, umpire, name="Publius Nummularius"):
    return do_appoint(
        event,
        office=Office.URBAN_COMMANDER,
        character=equestrian(event, name),
        by=Appointer.SENATE,
        authority=VOTE,
        actor=umpire,
    )


def pdf_text(client, event):
    response = client.get(reverse("senate:acta-pdf", args=[event.slug]))
    assert response["Content-Type"] == "application/pdf"
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.content)).pages)


# ---- the services ------------------------------------------------------------------------------


def test_an_appointment_is_published_in_the_umpires_words_and_told_to_the_hall(
    ad69, senate_umpire, django_capture_on_commit_callbacks
):
    appointment = urban_commander(ad69, senate_umpire)
    senate_room = Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)
    groups = [control_group(ad69.pk), table_group(senate_room.pk), event_group(ad69.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            item = do_publish_appointment(
                appointment,
                headline=" Nummularius commands the Urban Cohorts ",
                details="The Senate's choice.",
                actor=senate_umpire,
            )
        messages = heard()
    assert set(messages) == set(groups)
    news = messages[event_group(ad69.pk)][0]["event"]
    assert (news["type"], news["kind"], news["headline"]) == (
        "senate.published",
        "appointment",
        "Nummularius commands the Urban Cohorts",
    )
    [entry] = get_acta(ad69)
    assert (entry.kind, entry.headline, entry.details, entry.turn) == (
        "Appointment",
        "Nummularius commands the Urban Cohorts",
        "The Senate's choice.",
        1,
    )
    audit = AuditEntry.objects.get(action="senate.appointment_published")
    assert (audit.actor, audit.target_id, audit.after["appointment_id"]) == (
        senate_umpire,
        str(item.pk),
        appointment.pk,
    )


def test_an_appointment_is_published_once(ad69, senate_umpire):
    appointment = urban_commander(ad69, senate_umpire)
    do_publish_appointment(appointment, headline="Nummularius commands", actor=senate_umpire)
    refused(
        "__all__",
        "already in the Acta Diurna",
        do_publish_appointment,
        appointment,
        headline="Again",
        actor=senate_umpire,
    )


def test_an_appointment_superseded_is_not_printed_as_news(ad69, senate_umpire):
    first = urban_commander(ad69, senate_umpire)
    urban_commander(ad69, senate_umpire, name="Gaius Secundus")
    refused(
        "__all__",
        "Publius Nummularius is no longer Commander of the Urban Cohorts: Gaius Secundus was appointed in turn 1",
        do_publish_appointment,
        first,
        headline="Nummularius commands",
        actor=senate_umpire,
    )


def test_an_empty_headline_is_refused(ad69, senate_umpire):
    appointment = urban_commander(ad69, senate_umpire)
    refused("headline", "Give the headline", do_publish_appointment, appointment, headline="  ", actor=senate_umpire)
    refused("headline", "Give the headline", do_publish_sign, ad69, headline="", actor=senate_umpire)


def test_the_mobs_mood_is_published_as_it_stands_and_not_again_until_it_moves(ad69, senate_umpire):
    do_move_mood(ad69, change=3, reason="the games of Ceres", actor=senate_umpire)
    reading = do_move_mood(ad69, change=-1, reason="bread is dear", actor=senate_umpire)
    item = do_publish_mood(reading, headline="The mob of Rome is content", actor=senate_umpire)
    assert (item.kind, item.mood_entry_id) == (ActaItem.Kind.MOOD, reading.pk)
    assert AuditEntry.objects.filter(action="senate.mood_published", target_id=str(item.pk)).exists()
    refused("__all__", "has not moved since", do_publish_mood, reading, headline="Still content", actor=senate_umpire)
    do_move_mood(ad69, change=2, reason="a donative", actor=senate_umpire)
    refused(
        "__all__",
        "has moved since (turn 1: +2, a donative)",
        do_publish_mood,
        reading,
        headline="Stale",
        actor=senate_umpire,
    )


def test_a_sign_of_the_gods_is_published_once_a_turn(ad69, senate_umpire):
    do_publish_sign(ad69, headline="An eagle on the Capitol", details="Jupiter is watching.", actor=senate_umpire)
    refused(
        "headline",
        "already in the Acta Diurna for turn 1",
        do_publish_sign,
        ad69,
        headline="an eagle on the capitol",
        actor=senate_umpire,
    )
    [entry] = get_acta(ad69)
    assert (entry.kind, entry.headline, entry.details) == (
        "The gods",
        "An eagle on the Capitol",
        "Jupiter is watching.",
    )


def test_undoing_a_publication_takes_it_out_of_the_gazette(ad69, senate_umpire, control):
    appointment = urban_commander(ad69, senate_umpire)
    do_publish_appointment(appointment, headline="Nummularius commands", actor=senate_umpire)
    with pytest.raises(ValidationError, match="item of the Acta Diurna: 1"):
        do_undo(AuditEntry.objects.get(action="senate.appointed"), actor=control, reason="no vote was taken")
    do_undo(AuditEntry.objects.get(action="senate.appointment_published"), actor=control, reason="too soon")
    assert get_acta(ad69) == []
    do_publish_appointment(appointment, headline="Nummularius commands, at last", actor=senate_umpire)
    assert [entry.headline for entry in get_acta(ad69)] == ["Nummularius commands, at last"]


def test_the_acta_reads_its_items_in_one_query_however_many(ad69, senate_umpire, django_assert_max_num_queries):
    do_publish_sign(ad69, headline="Thunder", actor=senate_umpire)
    with django_assert_max_num_queries(5) as first:
        get_acta(ad69)
    for headline in ("Lightning", "A two-headed calf"):
        do_publish_sign(ad69, headline=headline, actor=senate_umpire)
    do_publish_appointment(urban_commander(ad69, senate_umpire), headline="Nummularius", actor=senate_umpire)
    with django_assert_max_num_queries(len(first.captured_queries)):
        assert len(get_acta(ad69)) == 4


# ---- the printed gazette -----------------------------------------------------------------------


def test_the_pdf_carries_an_appointment_an_edict_the_mood_and_a_sign_once_published_and_not_before(
    ad69, senate_umpire, session, client
):
    appointment = urban_commander(ad69, senate_umpire)
    galba = galba_reigns(ad69, senate_umpire)
    edict = do_issue_edict(ad69, emperor=galba.character, text="No donative", actor=senate_umpire)
    ratify = do_count_motion(
        motion_voted(session, senate_umpire, kind="ratify", text="Ratify it", edict=edict), actor=senate_umpire
    )
    reading = do_move_mood(ad69, change=-4, reason="no donative", actor=senate_umpire)
    client.force_login(senate_umpire)
    before = pdf_text(client, ad69)
    assert "Nothing has been published yet." in before
    assert not [words for words in ("Nummularius", "No donative", "The mob of Rome", "eagle") if words in before]

    do_publish_appointment(appointment, headline="Publius Nummularius commands the Urban Cohorts", actor=senate_umpire)
    do_publish_record(edict, actor=senate_umpire)
    do_publish_record(ratify, actor=senate_umpire)
    do_publish_mood(
        reading, headline="The mob of Rome grumbles: -4", details="What moved it: no donative.", actor=senate_umpire
    )
    do_publish_sign(ad69, headline="An eagle on the Capitol", actor=senate_umpire)
    after = pdf_text(client, ad69)
    assert "Appointment · Turn 1, September 68 Publius Nummularius commands the Urban Cohorts" in after
    assert "Edict of Sercius Sulpicius Galba: No donative Ratified by the Senate: it has the force of law." in after
    assert "The mob · Turn 1, September 68 The mob of Rome grumbles: -4 What moved it: no donative." in after
    assert "The gods · Turn 1, September 68 An eagle on the Capitol" in after
    assert after.index("An eagle") < after.index("The mob of Rome grumbles") < after.index("Nummularius")


# ---- the pages ---------------------------------------------------------------------------------


def test_the_offices_page_offers_an_appointment_in_words_it_prefills(ad69, senate_umpire, client):
    appointment = appoint_procurator(ad69, equestrian(ad69), actor=senate_umpire)
    client.force_login(senate_umpire)
    page = client.get(reverse("senate:offices", args=[ad69.slug])).content.decode()
    action = reverse("senate:office-publish", args=[ad69.slug, appointment.pk])
    assert action in page and "Publius Nummularius is appointed Procurator of Achaea" in page
    answer = client.post(action, {"headline": "Nummularius counts Achaea's money", "details": ""})
    assert answer.status_code == 302
    assert [entry.headline for entry in get_acta(ad69)] == ["Nummularius counts Achaea's money"]
    assert action not in client.get(reverse("senate:offices", args=[ad69.slug])).content.decode()


def test_a_refused_publication_comes_back_as_typed_and_changes_nothing(ad69, senate_umpire, client):
    reading = do_move_mood(ad69, change=2, reason="the games of Ceres", actor=senate_umpire)
    client.force_login(senate_umpire)
    action = reverse("senate:mob-publish", args=[ad69.slug, reading.pk])
    assert action in client.get(reverse("senate:mob", args=[ad69.slug])).content.decode()
    form = refused_form(client.post(action, {"headline": " ", "details": "Typed details"}), action)
    beside(form, "headline", "This field is required.")
    assert "Typed details" in form and not ActaItem.objects.exists()


def test_a_sign_refused_by_the_service_is_said_beside_its_headline(ad69, senate_umpire, client):
    do_publish_sign(ad69, headline="Thunder on the left", actor=senate_umpire)
    client.force_login(senate_umpire)
    action = reverse("senate:gods-sign", args=[ad69.slug])
    form = refused_form(client.post(action, {"headline": "Thunder on the left", "details": "Again"}), action)
    beside(form, "headline", "That sign is already in the Acta Diurna for turn 1.")
    assert ActaItem.objects.count() == 1


def test_a_region_umpire_cannot_publish_in_the_acta(ad69, senate_umpire, make_umpire, client):
    appointment = urban_commander(ad69, senate_umpire)
    reading = do_move_mood(ad69, change=2, reason="the games of Ceres", actor=senate_umpire)
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    for action in (
        reverse("senate:office-publish", args=[ad69.slug, appointment.pk]),
        reverse("senate:mob-publish", args=[ad69.slug, reading.pk]),
        reverse("senate:gods-sign", args=[ad69.slug]),
    ):
        assert client.post(action, {"headline": "Forged news"}).status_code == 404, action
    gods = client.get(reverse("senate:gods", args=[ad69.slug])).content.decode()
    assert reverse("senate:gods-sign", args=[ad69.slug]) not in gods
    assert not ActaItem.objects.exists()


def test_the_appointments_to_publish_are_read_in_one_query_however_many(ad69, senate_umpire, django_assert_num_queries):
    urban_commander(ad69, senate_umpire)
    with django_assert_num_queries(1):
        assert len(get_news_of_appointments(ad69)) == 1
    appoint_procurator(ad69, equestrian(ad69, "Gaius Secundus"), actor=senate_umpire)
    urban_commander(ad69, senate_umpire, name="Marcus Tertius")  # supersedes the first: one seat, one news
    with django_assert_num_queries(1):
        news = get_news_of_appointments(ad69)
    assert [(appointment.character.name, words.headline) for appointment, words in news] == [
        ("Marcus Tertius", "Marcus Tertius is appointed Commander of the Urban Cohorts"),
        ("Gaius Secundus", "Gaius Secundus is appointed Procurator of Achaea"),
    ]
