"""Follow-ups between tables: sent by any umpire about a record, heard only by the receiving table
and Control, acknowledged once by the right umpire."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Province
from tests.regions.forces_builders import legion
from tests.umpire.channels_helpers import listen
from umpire.events import control_group, display_group, event_group, table_group, umpires_group
from umpire.models import AuditEntry, Character, Event, FollowUp, Region, Role
from umpire.services.followups import do_acknowledge_follow_up, do_send_follow_up
from warfare.services.battles import do_open_battle

LEG = "legionary"


def table(event, name):
    return Region.objects.get(event=event, name=name)


def inbox(event, name):
    return f"/events/ad69/tables/{table(event, name).pk}/follow-ups/"


def nothing_changed():
    return list(FollowUp.objects.values()), AuditEntry.objects.count()


@pytest.fixture
def legion_xv(ad69):
    """Legion XV in Gallia Lugdunensis, at the Gaul table."""
    return legion(ad69, "Legion XV Primigenia", "Gallia Lugdunensis", [(LEG, 5, False)])


@pytest.fixture
def northern_umpire(ad69, make_umpire):
    """The Northern table keeps Germania Superior."""
    return make_umpire(ad69, Role.REGION, "Northern")


def tell_the_north(ad69, gaul_umpire, legion_xv, **overrides):
    sending = {
        "text": "Legion XV lost half its strength in Gaul, tell Germania Superior.",
        "to_table": table(ad69, "Northern"),
        "from_table": table(ad69, "Gaul"),
        "about": legion_xv,
        "actor": gaul_umpire,
        **overrides,
    }
    return do_send_follow_up(ad69, **sending)


def test_a_follow_up_round_trip_from_gaul_to_the_northern_table(
    client, ad69, gaul_umpire, northern_umpire, illyria_umpire, legion_xv, django_capture_on_commit_callbacks
):
    northern, illyria = table(ad69, "Northern"), table(ad69, "Illyria")
    groups = [
        table_group(northern.pk),
        control_group(ad69.pk),
        event_group(ad69.pk),
        display_group(ad69.pk),
        umpires_group(ad69.pk),
        table_group(illyria.pk),
    ]
    with listen(groups) as heard, django_capture_on_commit_callbacks(execute=True):
        follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    sent = heard()
    assert sorted(sent) == sorted([table_group(northern.pk), control_group(ad69.pk)])
    message = sent[table_group(northern.pk)][0]["event"]
    assert message["type"] == "followup.changed" and message["action"] == "sent"
    assert message["about_label"] == "Legion XV Primigenia" and message["to_table_id"] == northern.pk

    client.force_login(northern_umpire)
    page = client.get(inbox(ad69, "Northern")).content.decode()
    assert "Legion XV lost half its strength in Gaul" in page
    assert f'href="/events/ad69/forces/{legion_xv.pk}/"' in page

    with pytest.raises(ValidationError, match="Only Northern's umpire or Control may acknowledge"):
        do_acknowledge_follow_up(follow_up, actor=illyria_umpire)
    assert FollowUp.objects.get().is_open

    with listen(groups) as heard, django_capture_on_commit_callbacks(execute=True):
        client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/")
    assert sorted(heard()) == sorted([table_group(northern.pk), control_group(ad69.pk)])
    acknowledged = FollowUp.objects.get()
    assert acknowledged.acknowledged_by == northern_umpire and not acknowledged.is_open

    page = client.get(inbox(ad69, "Northern")).content.decode()
    open_section = page.split('id="open"')[1].split("</section>")[0]
    assert "Nothing waiting." in open_section and "Legion XV" not in open_section
    assert list(
        AuditEntry.objects.filter(target_type="umpire.followup").order_by("pk").values_list("action", "actor_name")
    ) == [("follow_up.sent", gaul_umpire.username), ("follow_up.acknowledged", northern_umpire.username)]


def test_a_follow_up_to_control_is_heard_by_control_alone_and_acknowledged_by_control(
    ad69, control, gaul_umpire, northern_umpire, legion_xv, django_capture_on_commit_callbacks
):
    groups = [control_group(ad69.pk), table_group(table(ad69, "Northern").pk), event_group(ad69.pk)]
    with listen(groups) as heard, django_capture_on_commit_callbacks(execute=True):
        follow_up = tell_the_north(ad69, gaul_umpire, legion_xv, to_table=None, to_control=True)
    assert list(heard()) == [control_group(ad69.pk)]
    with pytest.raises(ValidationError, match="Only Control may acknowledge this follow-up"):
        do_acknowledge_follow_up(follow_up, actor=northern_umpire)
    assert do_acknowledge_follow_up(follow_up, actor=control).acknowledged_by == control


def test_acknowledging_twice_is_refused_with_who_and_when(ad69, gaul_umpire, northern_umpire, control, legion_xv):
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    do_acknowledge_follow_up(follow_up, actor=northern_umpire)
    before = nothing_changed()
    with pytest.raises(ValidationError, match=r"already acknowledged by region-northern at \d\d:\d\d"):
        do_acknowledge_follow_up(follow_up, actor=control)
    assert nothing_changed() == before


def test_acknowledging_twice_over_http_is_a_message_not_an_error(client, ad69, gaul_umpire, northern_umpire, legion_xv):
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    client.force_login(northern_umpire)
    client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/")
    page = client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/", follow=True)
    assert page.status_code == 200 and "already acknowledged by region-northern" in page.content.decode()


def test_the_wrong_table_gets_a_404_for_the_inbox_and_the_acknowledge_button(
    client, ad69, gaul_umpire, illyria_umpire, legion_xv
):
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    client.force_login(illyria_umpire)
    assert client.get(inbox(ad69, "Northern")).status_code == 404
    assert client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/").status_code == 404
    assert client.get("/control/ad69/follow-ups/").status_code == 404
    assert FollowUp.objects.get().is_open


def test_the_sender_sees_his_follow_up_waiting_but_cannot_acknowledge_it(client, ad69, gaul_umpire, legion_xv):
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    client.force_login(gaul_umpire)
    sent = client.get(inbox(ad69, "Gaul")).content.decode().split('id="sent"')[1].split("</section>")[0]
    assert "Legion XV lost half its strength" in sent and "Acknowledge" not in sent
    page = client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/", follow=True).content.decode()
    assert "Only Northern&#x27;s umpire or Control may acknowledge this follow-up." in page
    assert FollowUp.objects.get().is_open


def test_the_senate_umpire_receives_what_is_sent_to_the_senate_room(ad69, gaul_umpire, make_umpire, legion_xv):
    senate_umpire = make_umpire(ad69, Role.SENATE)
    room = Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv, to_table=room)
    assert do_acknowledge_follow_up(follow_up, actor=senate_umpire).acknowledged_by == senate_umpire


def test_control_sees_every_open_follow_up_in_the_hall_with_its_age(
    client, ad69, control, gaul_umpire, northern_umpire, legion_xv
):
    tell_the_north(ad69, gaul_umpire, legion_xv)
    done = tell_the_north(ad69, gaul_umpire, legion_xv, text="Germania Superior's treasury is empty.")
    do_acknowledge_follow_up(done, actor=northern_umpire)
    client.force_login(control)
    hall = client.get("/control/ad69/follow-ups/").content.decode().split('id="hall"')[1].split("</section>")[0]
    assert "Legion XV lost half its strength" in hall and "treasury is empty" not in hall
    assert "minutes ago" in hall and "turn 1" in hall


@pytest.mark.parametrize(
    "overrides, field, words",
    [
        ({"text": "   "}, "text", "This field cannot be blank."),
        ({"text": "x" * 501}, "text", "at most 500 characters"),
        ({"to_control": True}, "to_table", "not both, and not neither"),
        ({"to_table": None}, "to_table", "not both, and not neither"),
        ({"to_table": "Gaul"}, "to_table", "send it to another table"),
        ({"from_table": "Illyria"}, "from_table", "You do not keep Illyria"),
    ],
)
def test_bad_follow_ups_are_refused_naming_the_problem_and_nothing_is_saved(
    ad69, gaul_umpire, legion_xv, overrides, field, words
):
    overrides = {
        key: table(ad69, value) if key.endswith("table") and value else value for key, value in overrides.items()
    }
    before = nothing_changed()
    with pytest.raises(ValidationError) as refusal:
        tell_the_north(ad69, gaul_umpire, legion_xv, **overrides)
    assert words in " ".join(refusal.value.message_dict[field])
    assert nothing_changed() == before


def test_a_table_of_another_event_is_refused(ad69, control, legion_xv):
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=10)
    elsewhere = Region.objects.create(event=other, name="Gaul")
    with pytest.raises(ValidationError) as refusal:
        tell_the_north(ad69, control, legion_xv, to_table=elsewhere, from_table=None)
    assert refusal.value.message_dict["to_table"] == ["Gaul is a table of another event."]
    assert not FollowUp.objects.exists()


def test_a_record_of_another_event_is_refused(ad69, control):
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=10)
    elsewhere = Region.objects.create(event=other, name="Gaul")
    with pytest.raises(ValidationError, match="names no record of AD69"):
        do_send_follow_up(ad69, text="See this.", to_control=True, about=elsewhere, actor=control)
    assert not FollowUp.objects.exists()


@pytest.mark.parametrize("about", ["regions.force:99999", "regions.nothing:1", "nonsense", "umpire.event:1x"])
def test_the_send_form_refuses_an_about_that_names_no_record(client, ad69, gaul_umpire, about):
    client.force_login(gaul_umpire)
    page = client.post(
        "/events/ad69/follow-ups/send/",
        {"to": table(ad69, "Northern").pk, "text": "Look at this.", "about": about},
        follow=True,
    ).content.decode()
    refusal = f"About: &quot;{about}&quot; names no record of {ad69.name}."
    assert refusal in page
    assert refusal in client.get("/events/ad69/follow-ups/send/", {"about": about}).content.decode()
    assert not FollowUp.objects.exists()


def test_the_send_form_opened_from_a_legion_sends_about_it_and_goes_back_to_it(client, ad69, gaul_umpire, legion_xv):
    client.force_login(gaul_umpire)
    legion_page = client.get(f"/events/ad69/forces/{legion_xv.pk}/").content.decode()
    assert f"/events/ad69/follow-ups/send/?about=regions.force:{legion_xv.pk}" in legion_page
    form = client.get(f"/events/ad69/follow-ups/send/?about=regions.force:{legion_xv.pk}").content.decode()
    assert "About: <strong>" in form and "Legion XV Primigenia" in form
    response = client.post(
        "/events/ad69/follow-ups/send/",
        {
            "to": table(ad69, "Northern").pk,
            "from_table": table(ad69, "Gaul").pk,
            "text": "Half its strength lost.",
            "about": f"regions.force:{legion_xv.pk}",
        },
    )
    assert response.status_code == 302 and response["Location"] == f"/events/ad69/forces/{legion_xv.pk}/"
    sent = FollowUp.objects.get()
    assert (sent.about, sent.to_table.name, sent.from_table.name, sent.turn) == (legion_xv, "Northern", "Gaul", 1)


def test_the_send_form_refuses_sending_to_nobody(client, ad69, gaul_umpire):
    client.force_login(gaul_umpire)
    page = client.post("/events/ad69/follow-ups/send/", {"to": "", "text": "Hello"}).content.decode()
    assert "To: This field is required." in page and not FollowUp.objects.exists()


def test_a_stranger_cannot_send_or_read(client, ad69, django_user_model, legion_xv):
    stranger = django_user_model.objects.create_user(username="stranger", password="ad69-test-pass")
    with pytest.raises(ValidationError, match="Only the event's umpires send follow-ups"):
        do_send_follow_up(ad69, text="Hello", to_control=True, actor=stranger)
    client.force_login(stranger)
    assert client.get("/events/ad69/follow-ups/send/").status_code == 404
    assert client.get("/events/ad69/follow-ups/").status_code == 404


def test_every_umpire_role_may_send(ad69, make_umpire, legion_xv):
    for role in (Role.CONTROL, Role.SENATE, Role.NON_ROMAN_WORLD):
        sender = make_umpire(ad69, role)
        do_send_follow_up(ad69, text=f"From {role}", to_control=True, actor=sender)
    assert FollowUp.objects.count() == 3


def test_my_follow_ups_opens_the_inbox_one_keeps(client, ad69, control, gaul_umpire, make_umpire):
    client.force_login(gaul_umpire)
    assert client.get("/events/ad69/follow-ups/")["Location"] == inbox(ad69, "Gaul")
    client.force_login(control)
    assert client.get("/events/ad69/follow-ups/")["Location"] == "/control/ad69/follow-ups/"
    client.force_login(make_umpire(ad69, Role.NON_ROMAN_WORLD))
    assert client.get("/events/ad69/follow-ups/")["Location"] == "/events/ad69/follow-ups/send/"


def test_the_hall_list_costs_the_same_queries_however_many_are_open(client, ad69, control, gaul_umpire, legion_xv):
    client.force_login(control)
    tell_the_north(ad69, gaul_umpire, legion_xv)
    client.get("/control/ad69/follow-ups/")  # the first page reads the event's setting, kept for the pages after it
    with CaptureQueriesContext(connection) as one:
        client.get("/control/ad69/follow-ups/")
    for n in range(5):
        tell_the_north(ad69, gaul_umpire, legion_xv, text=f"More news {n}", to_table=table(ad69, "Spain"))
    with CaptureQueriesContext(connection) as six:
        client.get("/control/ad69/follow-ups/")
    assert len(six) == len(one)


def test_the_battle_and_province_pages_carry_a_follow_up_link_that_names_them(client, ad69, gaul_umpire, legion_xv):
    rebels = legion(ad69, "Legion I Italica", "Gallia Lugdunensis", [(LEG, 5, False)])
    battle = do_open_battle(table(ad69, "Gaul"), side_a_forces=[legion_xv], side_b_forces=[rebels], actor=gaul_umpire)
    belgica = Province.objects.get(event=ad69, name="Belgica")
    client.force_login(gaul_umpire)
    for record_page, about, label in (
        (f"/events/ad69/battles/{battle.pk}/", f"warfare.battle:{battle.pk}", battle.title),
        (f"/events/ad69/treasury/provinces/{belgica.pk}/", f"regions.province:{belgica.pk}", "Belgica"),
    ):
        assert f"/events/ad69/follow-ups/send/?about={about}" in client.get(record_page).content.decode()
        response = client.post(
            "/events/ad69/follow-ups/send/", {"to": "control", "text": f"See {label}.", "about": about}
        )
        assert response["Location"] == record_page
        assert FollowUp.objects.get(text=f"See {label}.").about_label == label


def test_a_record_without_a_page_links_to_the_admin_for_control_only(client, ad69, control, northern_umpire):
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    do_send_follow_up(ad69, text="Blasio is wounded.", to_table=table(ad69, "Northern"), about=blasio, actor=control)
    admin_link = f'href="/admin/umpire/character/{blasio.pk}/change/"'
    client.force_login(control)
    assert admin_link in client.get(inbox(ad69, "Northern")).content.decode()
    client.force_login(northern_umpire)
    page = client.get(inbox(ad69, "Northern")).content.decode()
    assert "About: Cornelius Blasio" in page and admin_link not in page


def test_an_umpire_cannot_name_a_record_he_may_not_see(client, ad69, gaul_umpire, illyria_umpire, legion_xv):
    """A draft battle is seen only by its table and Control: the form must not reveal even its title."""
    rebels = legion(ad69, "Legion I Italica", "Gallia Lugdunensis", [(LEG, 5, False)])
    draft = do_open_battle(table(ad69, "Gaul"), side_a_forces=[legion_xv], side_b_forces=[rebels], actor=gaul_umpire)
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    for record in (draft, blasio):
        with pytest.raises(ValidationError, match="names no record of"):
            do_send_follow_up(ad69, text="Tell me more.", to_control=True, about=record, actor=illyria_umpire)
    client.force_login(illyria_umpire)
    page = client.get("/events/ad69/follow-ups/send/", {"about": f"warfare.battle:{draft.pk}"}).content.decode()
    assert "names no record of" in page and draft.title not in page
    assert not FollowUp.objects.exists()


@pytest.mark.parametrize("back", ["0", "inbox", "https://elsewhere.example/"])
def test_a_next_that_is_no_path_of_this_site_goes_back_to_the_inbox(
    client, ad69, gaul_umpire, northern_umpire, legion_xv, back
):
    """Found by the form fuzz: a bare word was taken for a view's name, and the redirect failed with a 500."""
    follow_up = tell_the_north(ad69, gaul_umpire, legion_xv)
    client.force_login(northern_umpire)
    response = client.post(f"/events/ad69/follow-ups/{follow_up.pk}/acknowledge/", {"next": back})
    assert response.status_code == 302 and response.url == f"/events/ad69/tables/{follow_up.to_table_id}/follow-ups/"
    assert not FollowUp.objects.get().is_open
