"""The rulings log: recorded by any umpire, heard at once by every umpire and never by the projector,
searched by its words, and replaced (never edited) by a later ruling."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.umpire.channels_helpers import listen
from tests.umpire.test_consumers import APP
from umpire.consumers import groups_of
from umpire.events import control_group, display_group, event_group, umpires_group
from umpire.models import AuditEntry, Event, Role, Ruling
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.rulings import do_record_ruling

FLANK = {
    "question": "May cavalry charge a flank across a river?",
    "ruling": "No: a river crossing ends the charge; fight it as a frontal attack.",
    "section": "X. COMBAT RESOLUTION",
}


def everything():
    return list(Ruling.objects.values()), AuditEntry.objects.count()


def test_a_ruling_reaches_every_umpire_and_not_the_projector(
    ad69, illyria_umpire, control, django_capture_on_commit_callbacks
):
    groups = [umpires_group(ad69.pk), event_group(ad69.pk), display_group(ad69.pk), control_group(ad69.pk)]
    with listen(groups) as heard, django_capture_on_commit_callbacks(execute=True):
        ruling = do_record_ruling(ad69, actor=illyria_umpire, **FLANK)
    messages = heard()
    assert list(messages) == [umpires_group(ad69.pk)]
    event = messages[umpires_group(ad69.pk)][0]["event"]
    assert event == {"type": "ruling.recorded", "ruling_id": ruling.pk, "supersedes_id": None, **FLANK}
    entry = AuditEntry.objects.get(action="ruling.recorded")
    assert (entry.actor, entry.target_id, entry.game_turn) == (illyria_umpire, str(ruling.pk), 1)


def test_every_umpire_hears_the_umpires_group_and_the_projector_does_not(ad69, make_umpire):
    for role, table in ((Role.CONTROL, None), (Role.REGION, "Gaul"), (Role.SENATE, None), (Role.NON_ROMAN_WORLD, None)):
        assert umpires_group(ad69.pk) in groups_of(make_umpire(ad69, role, table), ad69)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_display_consumer_does_not_join_the_umpires_group(ad69, make_umpire):
    access = await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    display = WebsocketCommunicator(APP, f"/ws/display/ad69/?code={access.code}")
    connected, _ = await display.connect()
    snapshot = await display.receive_json_from()
    assert connected and umpires_group(ad69.pk) not in snapshot["seq"]
    assert sorted(snapshot["seq"]) == sorted([event_group(ad69.pk), display_group(ad69.pk)])
    control = await database_sync_to_async(make_umpire)(ad69, Role.CONTROL)
    await database_sync_to_async(do_record_ruling)(ad69, actor=control, **FLANK)
    assert await display.receive_nothing(timeout=0.2)
    await display.disconnect()


def test_search_finds_a_ruling_by_a_word_of_it_and_not_otherwise(client, ad69, illyria_umpire, control):
    do_record_ruling(ad69, actor=illyria_umpire, **FLANK)
    do_record_ruling(
        ad69,
        actor=control,
        question="Do levies pay upkeep in winter?",
        ruling="Yes, at half rate.",
        section="VII. REVENUES",
    )
    client.force_login(illyria_umpire)

    def found(query):
        page = client.get("/events/ad69/rulings/", {"q": query}).content.decode()
        listed = page.split('id="rulings"')[1].split("</section>")[0]
        return [question for question in ("cavalry charge a flank", "levies pay upkeep") if question in listed]

    assert found("FRONTAL") == ["cavalry charge a flank"]
    assert found("revenues") == ["levies pay upkeep"]
    assert found("river frontal") == ["cavalry charge a flank"]
    assert found("river winter") == []
    assert found("elephants") == []
    assert found("") == ["cavalry charge a flank", "levies pay upkeep"]


def test_rulings_are_listed_newest_first(client, ad69, control):
    do_record_ruling(ad69, actor=control, question="First question?", ruling="First answer.")
    do_record_ruling(ad69, actor=control, question="Second question?", ruling="Second answer.")
    client.force_login(control)
    page = client.get("/events/ad69/rulings/").content.decode()
    assert page.index("Second question?") < page.index("First question?")


def test_a_later_ruling_supersedes_an_earlier_one(client, ad69, illyria_umpire, control):
    first = do_record_ruling(ad69, actor=illyria_umpire, **FLANK)
    second = do_record_ruling(
        ad69,
        actor=control,
        question=FLANK["question"],
        supersedes=first,
        ruling="Yes, but at half strength.",
        section=FLANK["section"],
    )
    first.refresh_from_db()
    assert first.superseded_by == second and first.ruling == FLANK["ruling"]
    client.force_login(illyria_umpire)
    page = client.get("/events/ad69/rulings/").content.decode()
    earlier = page.split(f'id="ruling-{first.pk}"')[1].split("</li>")[0]
    assert f'superseded</span> by <a href="#ruling-{second.pk}">ruling {second.pk}</a>' in earlier


def test_a_ruling_already_superseded_cannot_be_superseded_again(ad69, control):
    first = do_record_ruling(ad69, actor=control, **FLANK)
    second = do_record_ruling(ad69, actor=control, question="Again?", ruling="Yes.", supersedes=first)
    before = everything()
    with pytest.raises(ValidationError) as refusal:
        do_record_ruling(ad69, actor=control, question="Again?", ruling="No.", supersedes=first)
    assert refusal.value.message_dict["supersedes"] == [
        f"Ruling {first.pk} is already superseded by ruling {second.pk}: supersede that one."
    ]
    assert everything() == before


def test_a_ruling_of_another_event_cannot_be_superseded(ad69, control):
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=10)
    elsewhere = Ruling.objects.create(event=other, question="?", ruling="!")
    with pytest.raises(ValidationError, match="belongs to another event"):
        do_record_ruling(ad69, actor=control, question="Q?", ruling="R.", supersedes=elsewhere)
    assert Ruling.objects.filter(event=ad69).count() == 0


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("question", "  ", "This field cannot be blank."),
        ("ruling", "", "This field cannot be blank."),
        ("ruling", "x" * 2001, "at most 2000 characters"),
        ("section", "x" * 121, "at most 120 characters"),
    ],
)
def test_a_bad_ruling_is_refused_naming_the_field_and_nothing_is_saved(ad69, control, field, value, words):
    before = everything()
    with pytest.raises(ValidationError) as refusal:
        do_record_ruling(ad69, actor=control, **{**FLANK, field: value})
    assert words in " ".join(refusal.value.message_dict[field])
    assert everything() == before


def test_the_form_refuses_an_empty_ruling_with_a_message(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    page = client.post("/events/ad69/rulings/record/", {"question": "Q?", "ruling": ""}, follow=True)
    assert "The ruling: This field is required." in page.content.decode()
    assert not Ruling.objects.exists()


def test_any_umpire_records_a_ruling_through_the_page(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.NON_ROMAN_WORLD))
    page = client.post("/events/ad69/rulings/record/", FLANK, follow=True).content.decode()
    ruling = Ruling.objects.get()
    assert f"Ruling {ruling.pk} recorded: every umpire sees it now." in page
    assert ruling.question == FLANK["question"] and ruling.recorded_by.username == "nrw-x"


def test_a_stranger_cannot_read_or_record(client, ad69, django_user_model):
    stranger = django_user_model.objects.create_user(username="stranger", password="ad69-test-pass")
    with pytest.raises(ValidationError, match="Only the event's umpires record rulings"):
        do_record_ruling(ad69, actor=stranger, **FLANK)
    client.force_login(stranger)
    assert client.get("/events/ad69/rulings/").status_code == 404
    assert client.post("/events/ad69/rulings/record/", FLANK).status_code == 404
    assert not Ruling.objects.exists()


def test_the_rulings_page_costs_the_same_queries_however_many_rulings(client, ad69, control):
    client.force_login(control)
    first = do_record_ruling(ad69, actor=control, **FLANK)
    client.get("/events/ad69/rulings/")  # the first page reads the event's setting, kept for the pages after it
    with CaptureQueriesContext(connection) as one:
        client.get("/events/ad69/rulings/")
    for n in range(5):
        first = do_record_ruling(ad69, actor=control, question=f"Q{n}?", ruling=f"R{n}.", supersedes=first)
    with CaptureQueriesContext(connection) as six:
        client.get("/events/ad69/rulings/")
    assert len(six) == len(one)
