"""Where each post step ends (issue 30): on a page the umpire may open that says what happened, never
a 404 for a step that worked; a refused letter keeps what was typed; the tray traces the letters
posted from it this turn."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from mail.models import Letter
from mail.services.letters import do_deliver_letter, do_forward_letter, do_pick_up_letters, do_post_letter
from umpire import clockwork
from umpire.models import AuditEntry, Character

from .test_post_pages import at_illyria, letter_page, squeezed, tray


def step(client, user, address, data=None):
    """A POST and the page it ends on, which must exist."""
    client.force_login(user)
    response = client.post(address, data or {}, follow=True)
    assert response.status_code == 200, response.redirect_chain
    return response


def ended_at(response):
    return response.redirect_chain[-1][0]


# ---- every letter step ends on a page that exists ----------------------------------------------


def test_forwarding_a_letter_out_of_sight_ends_on_the_tray_saying_so(request, client, hall):
    """Simulated transit takes it out of the Illyria tray towards Gaul: the letter is no longer
    Illyria's to see, and the step used to end on its page's 404."""
    letter = at_illyria(hall)
    request.getfixturevalue("simulated")
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    response = step(client, hall.illyria_umpire, f"{letter_page(letter)}forward/", {"back": "tray"})
    assert ended_at(response) == f"{tray(hall, hall.illyria)}#to-hand-out"
    assert f"{letter.shown_code} forwarded to the Gaul table." in squeezed(response)
    assert Letter.objects.get().state == "in_transit"


def test_returning_a_letter_from_its_page_ends_on_the_tray_it_left(request, client, hall):
    letter = at_illyria(hall)
    request.getfixturevalue("simulated")
    response = step(client, hall.illyria_umpire, f"{letter_page(letter)}return/", {"reason": "Primus will not read it"})
    assert ended_at(response) == f"{tray(hall, hall.illyria)}#to-hand-out"
    assert f"{letter.shown_code} goes back to Quintus Scribonius, at the Italia/Rome table." in squeezed(response)


def test_handing_a_letter_out_returns_to_the_tray_it_was_handed_out_from(client, hall):
    letter = at_illyria(hall)
    response = step(client, hall.illyria_umpire, f"{letter_page(letter)}deliver/", {"back": "tray"})
    assert ended_at(response) == f"{tray(hall, hall.illyria)}#to-hand-out"
    text = squeezed(response)
    assert f"{letter.shown_code} handed to Antonius Primus." in text and "Illyria: the post tray" in text


def test_a_ruling_on_a_letter_no_longer_seen_ends_on_the_tray_it_was_in(client, hall):
    """Forwarded from Illyria by hand, it waits in Illyria's tray for Gaul: once ruled lost it is in no
    tray of Illyria's, and the umpire is sent back to his tray rather than to its page's 404."""
    letter = at_illyria(hall)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    do_forward_letter(letter, actor=hall.illyria_umpire)
    data = {"ruling": "lost", "reason": "the courier drowned"}
    response = step(client, hall.illyria_umpire, f"{letter_page(letter)}rule/", data)
    assert ended_at(response) == tray(hall, hall.illyria)
    assert f"{letter.shown_code} is lost: the courier drowned." in squeezed(response)


def test_a_ruling_on_a_letter_still_seen_ends_on_its_page(client, hall):
    letter = at_illyria(hall)
    response = step(client, hall.control, f"{letter_page(letter)}rule/", {"ruling": "intercepted", "reason": "spies"})
    assert ended_at(response) == letter_page(letter)
    assert f"{letter.shown_code} is intercepted: spies." in squeezed(response)


def test_a_refused_button_in_the_tray_goes_back_to_the_tray(client, hall):
    letter = at_illyria(hall)
    Character.objects.filter(pk=hall.primus.pk).update(location=hall.gaul)
    before = AuditEntry.objects.count()
    response = step(client, hall.illyria_umpire, f"{letter_page(letter)}deliver/", {"back": "tray"})
    assert ended_at(response) == f"{tray(hall, hall.illyria)}#to-hand-out"
    assert "Antonius Primus is not at this table (at the Gaul table): forward the letter to him." in squeezed(response)
    assert (Letter.objects.get().state, AuditEntry.objects.count()) == ("arrived", before)


def test_a_refused_form_on_the_letters_page_answers_with_its_page(client, hall):
    """No redirect: the letter page again, 400, the problem beside the field (test_letter_page_refusals.py)."""
    letter = at_illyria(hall)
    client.force_login(hall.illyria_umpire)
    response = client.post(f"{letter_page(letter)}return/", {"reason": ""})
    assert response.status_code == 400
    assert f"Letter {letter.shown_code}" in squeezed(response)
    assert "Return it to its sender: why This field is required." in squeezed(response)


def test_the_trays_buttons_say_they_come_from_the_tray(client, hall):
    at_illyria(hall)
    client.force_login(hall.illyria_umpire)
    assert 'name="back" value="tray"' in client.get(tray(hall, hall.illyria)).content.decode()


# ---- a refused letter keeps what was typed ---------------------------------------------------------


def posted(client, hall, **typed):
    client.force_login(hall.rome_umpire)
    return client.post(f"{tray(hall, hall.rome)}post-letter/", typed)


def test_a_letter_the_post_refuses_comes_back_as_typed_with_the_problem_beside_its_field(client, hall):
    """To a character and an office at once: the service refuses, naming the addressee."""
    response = posted(
        client,
        hall,
        sender=hall.scribonius.pk,
        addressee=hall.primus.pk,
        office="governor",
        destination=hall.illyria.pk,
        written_turn=3,
        contents="Hold the passes of the Julian Alps.",
    )
    assert response.status_code == 400 and not Letter.objects.exists()
    html = response.content.decode()
    assert "Hold the passes of the Julian Alps.</textarea>" in html
    assert f'<option value="{hall.primus.pk}" selected>Antonius Primus</option>' in html
    assert f'<option value="{hall.illyria.pk}" selected>Illyria</option>' in html
    assert '<option value="governor" selected>the Governor</option>' in html
    assert 'value="3"' in html
    beside = html.split('<ul class="errorlist"', 1)[1].split("</select>", 1)[0]
    assert "Address the letter to a character or to an office, one of the two." in beside
    assert 'name="addressee"' in beside and "autofocus" in beside


def test_a_letter_missing_a_field_comes_back_as_typed(client, hall):
    response = posted(client, hall, sender=hall.scribonius.pk, addressee=hall.primus.pk, contents="Come quickly.")
    assert response.status_code == 400 and not Letter.objects.exists()
    html = response.content.decode()
    assert "Come quickly.</textarea>" in html and "This field is required." in html
    assert 'action="/events/ad69/post/tables/' in html and 'post-letter/#post-a-letter"' in html


def test_a_letter_posted_ends_on_the_tray_at_its_trace(client, hall):
    client.force_login(hall.rome_umpire)
    data = {"sender": hall.scribonius.pk, "addressee": hall.primus.pk, "destination": hall.illyria.pk}
    response = client.post(f"{tray(hall, hall.rome)}post-letter/", data, follow=True)
    assert ended_at(response) == f"{tray(hall, hall.rome)}#posted"
    assert f"Posted: {Letter.objects.get().shown_code} to Antonius Primus" in squeezed(response)


# ---- the tray's trace of what it posted ----------------------------------------------------------


def write(hall, table, sender, addressee, destination, umpire):
    return do_post_letter(table, sender=sender, addressee=addressee, destination=destination, actor=umpire)


def test_a_tray_lists_the_letters_posted_from_it_this_turn_and_where_each_is_now(client, hall):
    earlier = write(hall, hall.rome, hall.scribonius, hall.primus, hall.illyria, hall.rome_umpire)
    clockwork.do_set_turn(hall.event, turn=2, actor=hall.control, reason="the next turn")
    waiting = write(hall, hall.rome, hall.scribonius, hall.primus, hall.illyria, hall.rome_umpire)
    carried = write(hall, hall.rome, hall.scribonius, hall.primus, hall.illyria, hall.rome_umpire)
    do_pick_up_letters([carried], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    handed = write(hall, hall.rome, hall.scribonius, hall.fuscus, hall.rome, hall.rome_umpire)
    do_deliver_letter(handed, actor=hall.rome_umpire)
    from_illyria = write(hall, hall.illyria, hall.primus, hall.scribonius, hall.rome, hall.illyria_umpire)

    client.force_login(hall.rome_umpire)
    text = squeezed(client.get(tray(hall, hall.rome)))
    traced = text.split("Posted from this table this turn (3)", 1)[1].split("Overdue", 1)[0]
    assert (
        f"{handed.shown_code} to Cornelius Fuscus at the Italia/Rome table Delivered, to Cornelius Fuscus "
        f"{carried.shown_code} to Antonius Primus at the Illyria table Carried by a courier, with Cornelius Fuscus "
        f"{waiting.shown_code} to Antonius Primus at the Illyria table In a post tray, waiting for a courier, "
        f"in the Italia/Rome tray"
    ) in traced
    assert earlier.shown_code not in traced and from_illyria.shown_code not in traced


def test_a_tray_with_nothing_posted_this_turn_says_so(client, hall):
    client.force_login(hall.gaul_umpire)
    assert "Posted from this table this turn (0) Nothing posted here this turn." in squeezed(
        client.get(tray(hall, hall.gaul))
    )


def test_the_trace_of_letters_posted_reads_in_a_fixed_number_of_queries(client, hall):
    def count():
        client.force_login(hall.rome_umpire)
        client.get(
            tray(hall, hall.rome)
        )  # the event's setting kept (umpire.event_setting), as on every page after the first
        with CaptureQueriesContext(connection) as queries:
            assert client.get(tray(hall, hall.rome)).status_code == 200
        return len(queries)

    def three_more():
        waiting = write(hall, hall.rome, hall.scribonius, hall.primus, hall.illyria, hall.rome_umpire)
        carried = write(hall, hall.rome, hall.scribonius, hall.primus, hall.illyria, hall.rome_umpire)
        do_pick_up_letters([carried], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
        handed = write(hall, hall.rome, hall.scribonius, hall.fuscus, hall.rome, hall.rome_umpire)
        do_deliver_letter(handed, actor=hall.rome_umpire)
        return waiting

    three_more()
    few = count()
    for _ in range(3):
        three_more()
    assert count() == few
