"""Issue 30: a form on the letter page (return, rule, settle) refused by the form or by the post answers 400 with
the letter page again: what was typed kept, each problem beside its field, the form marked as the step the umpire
is on, and nothing changed."""

import re

from mail.services.letters import do_pick_up_letters
from tests.mail.test_letters import everything, post_to_primus
from tests.mail.test_post_pages import at_illyria, letter_page, squeezed


def sent(client, user, letter, step, data):
    client.force_login(user)
    return client.post(f"{letter_page(letter)}{step}/", data)


def form_of(response, step):
    """The HTML of the letter page's form posting to `step`."""
    html = response.content.decode()
    return re.search(rf'<form method="post" action="[^"]*/{step}/".*?</form>', html, re.S).group(0)


def beside(form, field_id):
    """The problems listed right before the field `field_id`, between its label and itself."""
    label_end = form.index(f'<label for="{field_id}">')
    field_start = form.rindex("<", 0, form.index(f'id="{field_id}"'))
    return squeezed_html(form[label_end:field_start])


def squeezed_html(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def current_step(response):
    """The element marked as the step the umpire is on: its opening tag."""
    return re.search(r"<[^>]*data-current-step[^>]*>", response.content.decode()).group(0)


def test_a_return_refused_keeps_the_reason_typed_beside_its_field(client, hall):
    letter = at_illyria(hall)
    before = everything()
    typed = "Primus will not read it. " * 13  # past the 300 characters a reason holds
    response = sent(client, hall.illyria_umpire, letter, "return", {"reason": typed})
    assert response.status_code == 400 and everything() == before
    form = form_of(response, "return")
    assert f'value="{typed}"' in form
    assert "Ensure this value has at most 300 characters" in beside(form, "return-reason")
    assert 'id="at-this-table"' in current_step(response)


def test_a_return_without_a_reason_is_refused_beside_it(client, hall):
    letter = at_illyria(hall)
    before = everything()
    response = sent(client, hall.illyria_umpire, letter, "return", {"reason": " "})
    assert response.status_code == 400 and everything() == before
    assert "This field is required." in beside(form_of(response, "return"), "return-reason")
    assert "autofocus" in form_of(response, "return")


def test_a_ruling_refused_keeps_the_reason_typed_and_names_the_ruling(client, hall):
    letter = at_illyria(hall)
    before = everything()
    response = sent(client, hall.illyria_umpire, letter, "rule", {"ruling": "drowned", "reason": "the courier drowned"})
    assert response.status_code == 400 and everything() == before
    form = form_of(response, "rule")
    assert 'value="the courier drowned"' in form
    assert "Select a valid choice. drowned is not one of the available choices." in beside(form, "ruling-ruling")
    assert beside(form, "ruling-reason") == "Why"
    assert 'id="ruling"' in current_step(response)


def test_a_ruling_without_a_reason_keeps_the_ruling_chosen(client, hall):
    letter = at_illyria(hall)
    response = sent(client, hall.control, letter, "rule", {"ruling": "intercepted", "reason": ""})
    assert response.status_code == 400
    form = form_of(response, "rule")
    assert '<option value="intercepted" selected>' in form
    assert "This field is required." in beside(form, "ruling-reason")


def test_a_ruling_the_page_no_longer_offers_is_refused_in_words(client, hall):
    """Picked up by a courier meanwhile: the letter is in no tray of Illyria's, so its page offers Illyria's
    umpire no ruling form to put the refusal beside; the refusal is told at the top, and nothing changes."""
    carried = post_to_primus(hall)
    do_pick_up_letters([carried], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    before = everything()
    response = sent(client, hall.illyria_umpire, carried, "rule", {"ruling": "lost", "reason": "spies"})
    assert response.status_code == 400 and everything() == before
    assert "Ruling: Only Control, or the umpire of the table it is at, rules on a letter." in squeezed(response)
    assert "An umpire's ruling" not in squeezed(response)


def test_a_settling_refused_keeps_the_reason_typed_beside_the_tray_named(client, hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    before = everything()
    response = sent(client, hall.control, letter, "settle", {"table": "²", "reason": "found on the floor"})
    assert response.status_code == 400 and everything() == before
    form = form_of(response, "settle")
    assert 'value="found on the floor"' in form
    assert "Select a valid choice." in beside(form, "settle-table")
    assert 'id="settle"' in current_step(response)


def test_a_settling_without_a_reason_keeps_the_tray_chosen(client, hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    response = sent(client, hall.control, letter, "settle", {"table": hall.rome.pk, "reason": ""})
    assert response.status_code == 400
    form = form_of(response, "settle")
    assert f'<option value="{hall.rome.pk}" selected>' in form
    assert "This field is required." in beside(form, "settle-reason")


def test_a_fresh_letter_page_marks_no_step(client, hall):
    letter = at_illyria(hall)
    client.force_login(hall.illyria_umpire)
    assert "data-current-step" not in client.get(letter_page(letter)).content.decode()


def test_the_post_pages_keep_their_place_but_print_slips_in_a_tab_of_their_own(client, hall):
    client.force_login(hall.rome_umpire)
    html = client.get(f"/events/ad69/post/tables/{hall.rome.pk}/").content.decode()
    assert re.search(r'<main id="main"\s+hx-boost="true"', html)
    stationery = re.search(r'<form [^>]*stationery\.pdf"[^>]*>', html).group(0)
    assert 'target="_blank"' in stationery and 'hx-boost="false"' in stationery
