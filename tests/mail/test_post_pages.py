"""The post pages over HTTP: a table's tray with what to hand out and whether its recipient is
here, the couriers' hand-overs and the hand-out through the desk's POSTs, who may do what, the
code finder's clear refusals, Control's whole post and settings, and fixed query counts."""

import re
from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from mail.models import Letter, PostOffice
from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from umpire.models import AuditEntry, Character


def squeezed(response):
    text = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", text).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


def page(client, user, address):
    client.force_login(user)
    response = client.get(address)
    assert response.status_code == 200, address
    return squeezed(response)


def tray(hall, table):
    return f"/events/{hall.event.slug}/post/tables/{table.pk}/"


def letter_page(letter):
    return f"/events/{letter.event.slug}/post/letters/{letter.pk}/"


def post(client, user, address, data=None):
    client.force_login(user)
    return squeezed(client.post(address, data or {}, follow=True))


def at_illyria(hall, contents=""):
    """A letter from Rome to Primus, carried to Illyria and waiting there to be handed out."""
    letter = do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        contents=contents,
        actor=hall.rome_umpire,
    )
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    return Letter.objects.get(pk=letter.pk)


def test_a_letter_posted_carried_and_handed_out_through_the_pages(client, hall):
    text = post(
        client,
        hall.rome_umpire,
        f"{tray(hall, hall.rome)}post-letter/",
        {"sender": hall.scribonius.pk, "addressee": hall.primus.pk, "destination": hall.illyria.pk},
    )
    letter = Letter.objects.get()
    assert f"Posted: {letter.shown_code} to Antonius Primus at the Illyria table" in text
    assert letter.shown_code in page(client, hall.rome_umpire, tray(hall, hall.rome))

    text = post(
        client,
        hall.rome_umpire,
        f"{tray(hall, hall.rome)}pick-up/",
        {"letters": [letter.pk], "courier": hall.fuscus.pk},
    )
    assert "1 letter(s) handed to Cornelius Fuscus." in text
    Character.objects.filter(pk=hall.fuscus.pk).update(location=hall.illyria)
    assert "Cornelius Fuscus carries:" in page(client, hall.illyria_umpire, tray(hall, hall.illyria))
    text = post(
        client,
        hall.illyria_umpire,
        f"{tray(hall, hall.illyria)}leave/",
        {"courier": hall.fuscus.pk, f"courier-{hall.fuscus.pk}-letters": [letter.pk]},
    )
    assert "Cornelius Fuscus left 1 letter(s) at the Illyria table." in text
    assert "To hand out now (1)" in text and "here" in text

    text = post(client, hall.illyria_umpire, f"{letter_page(letter)}deliver/")
    assert f"{letter.shown_code} handed to Antonius Primus." in text
    assert Letter.objects.get().state == "delivered"


def test_the_tray_says_when_the_recipient_is_not_here(client, hall):
    at_illyria(hall)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    text = page(client, hall.illyria_umpire, tray(hall, hall.illyria))
    assert "not here: at the Gaul table" in text and "Forward it" in text


def test_nobody_but_the_tables_umpire_hands_a_letter_out(client, hall):
    letter = at_illyria(hall)
    client.force_login(hall.gaul_umpire)
    assert client.post(f"{letter_page(letter)}deliver/").status_code == 404
    before = AuditEntry.objects.count()
    text = post(client, hall.control, f"{letter_page(letter)}deliver/")
    assert "Only the Illyria table's umpire hands out its letters" in text
    assert (Letter.objects.get().state, AuditEntry.objects.count()) == ("arrived", before)


def test_typed_contents_are_for_control_not_the_tables(client, hall):
    letter = at_illyria(hall, contents="Burn this after reading.")
    assert "Burn this after reading." not in page(client, hall.illyria_umpire, letter_page(letter))
    assert "only the addressee and Control read them" in page(client, hall.illyria_umpire, letter_page(letter))
    assert "Burn this after reading." in page(client, hall.control, letter_page(letter))


def test_the_finder_goes_to_the_letter_or_says_what_is_wrong(client, hall):
    letter = at_illyria(hall)
    client.force_login(hall.illyria_umpire)
    response = client.get("/events/ad69/post/find/", {"code": letter.code.lower()})
    assert response.url == letter_page(letter)
    text = squeezed(client.get("/events/ad69/post/find/", {"code": "KM0-4QX", "table": hall.illyria.pk}, follow=True))
    assert "tracking codes have no O or 0; read it again" in text and "Illyria: the post tray" in text
    text = squeezed(client.get("/events/ad69/post/find/", {"code": "ABC-DEF"}, follow=True))
    assert "No letter has the code ABC-DEF: read it again." in text


def test_control_sees_the_whole_post_and_what_is_stuck(client, hall):
    letter = at_illyria(hall)
    Letter.objects.filter(pk=letter.pk).update(
        state="carried", at_table=None, courier=hall.fuscus, moved_at=timezone.now() - timedelta(hours=1)
    )
    text = page(client, hall.control, "/events/ad69/post/all/")
    assert "Stuck: not moved for 40 minutes (1)" in text and letter.shown_code in text
    client.force_login(hall.illyria_umpire)
    assert client.get("/events/ad69/post/all/").status_code == 404


def test_control_changes_the_posts_settings_audited(client, hall):
    text = post(
        client,
        hall.control,
        "/events/ad69/post/settings/",
        {"carriage": "simulated", "players_may_track": "on", "stuck_after_minutes": 60},
    )
    assert "The post's settings are changed." in text
    office = PostOffice.objects.get(event=hall.event)
    assert (office.carriage, office.players_may_track, office.stuck_after_minutes) == ("simulated", True, 60)
    assert AuditEntry.objects.get(action="post.settings").after["carriage"] == "simulated"
    text = post(client, hall.control, "/events/ad69/post/settings/", {"carriage": "pigeons", "stuck_after_minutes": 60})
    assert "Select a valid choice" in text and PostOffice.objects.get().carriage == "simulated"


def test_a_tray_reads_in_a_fixed_number_of_queries(client, hall):
    def count():
        client.force_login(hall.illyria_umpire)
        client.get(
            tray(hall, hall.illyria)
        )  # the event's setting kept (umpire.event_setting), as on every page after the first
        with CaptureQueriesContext(connection) as queries:
            assert client.get(tray(hall, hall.illyria)).status_code == 200
        return len(queries)

    def one_of_each():
        """One letter to hand out, one waiting for a courier on, one carried by a courier here."""
        at_illyria(hall)
        waiting = do_post_letter(
            hall.illyria,
            sender=hall.primus,
            addressee=hall.scribonius,
            destination=hall.rome,
            actor=hall.illyria_umpire,
        )
        carried = do_post_letter(
            hall.illyria,
            sender=hall.primus,
            addressee=hall.scribonius,
            destination=hall.rome,
            actor=hall.illyria_umpire,
        )
        do_pick_up_letters([carried], table=hall.illyria, courier=hall.primus, actor=hall.illyria_umpire)
        return waiting

    one_of_each()
    few = count()
    for _ in range(4):
        one_of_each()
    assert count() == few


# ---- found by the form fuzz (tests/hardening/test_fuzz_forms.py) -------------------------------------------------


def test_a_letter_id_too_long_for_the_database_is_a_wrong_choice_not_a_server_error(client, hall):
    text = post(
        client, hall.rome_umpire, f"{tray(hall, hall.rome)}pick-up/", {"letters": ["9" * 30], "courier": hall.fuscus.pk}
    )
    assert f"Letters: Select a valid choice. {'9' * 30} is not one of the available choices." in text
    assert not AuditEntry.objects.filter(action__startswith="letter").exists()


def test_a_courier_that_is_no_id_is_not_found_rather_than_a_server_error(client, hall):
    client.force_login(hall.illyria_umpire)
    for courier in ("R" * 40, "9" * 30, "\u00b2"):
        assert client.post(f"{tray(hall, hall.illyria)}leave/", {"courier": courier}).status_code == 404


def test_refused_settings_write_nothing_not_even_the_default_settings(client, hall):
    """The page shown after reads the defaults in again; the refused POST itself writes no row."""
    PostOffice.objects.filter(event=hall.event).delete()
    client.force_login(hall.control)
    response = client.post("/events/ad69/post/settings/", {"stuck_after_minutes": "-5"})
    assert response.status_code == 302 and not PostOffice.objects.filter(event=hall.event).exists()
    assert "Carriage: This field is required." in squeezed(client.get(response.url))
