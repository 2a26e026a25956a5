"""The tray's "post a letter" form offers every living character, province, legion and table by its name, read as
(id, name) rows with no record built (mail.forms.NamesIterator, issue 34); what is sent back is still looked up
whole, and an id that is not among the choices is refused beside its field."""

import pytest
from django.db.models.signals import post_init

from mail.forms import CarrierForm, PostLetterForm
from mail.models import Letter
from mail.selectors import get_couriers_at
from regions.models import Force, Province
from tests.regions.forces_builders import legion
from umpire.models import Character, Region

CHOICES = {
    "sender": lambda hall: Character.objects.filter(location=hall.rome, died_turn__isnull=True).order_by("name"),
    "addressee": lambda hall: Character.objects.filter(event=hall.event, died_turn__isnull=True).order_by("name"),
    "office_province": lambda hall: Province.objects.filter(event=hall.event).order_by("name"),
    "office_legion": lambda hall: Force.objects.filter(event=hall.event, kind=Force.Kind.LEGION).order_by("name"),
    "destination": lambda hall: Region.objects.filter(event=hall.event).order_by("position", "name"),
}


def records_built_while(draw):
    """How many characters, provinces, forces and tables were built while `draw()` ran."""
    built = []

    def count(sender, instance, **kwargs):
        built.append(instance)

    models = (Character, Province, Force, Region)
    for model in models:
        post_init.connect(count, sender=model)
    try:
        draw()
    finally:
        for model in models:
            post_init.disconnect(count, sender=model)
    return len(built)


def test_the_blank_post_form_draws_its_choices_building_no_record(hall):
    form = PostLetterForm(table=hall.rome)
    assert records_built_while(lambda: [str(form[name]) for name in CHOICES]) == 0


def test_the_carrier_form_draws_its_couriers_building_no_record(hall):
    form = CarrierForm(letters=Letter.objects.none(), couriers=get_couriers_at(hall.rome))
    assert records_built_while(lambda: str(form["courier"])) == 0


@pytest.mark.parametrize("name", list(CHOICES))
def test_each_choice_is_labelled_with_its_records_name(hall, name):
    for number in ("XIII Gemina", "VII Galbiana"):
        legion(hall.event, f"Legio {number}", "Pannonia", [("legionary", 5, False)])
    form = PostLetterForm(table=hall.rome)
    records = list(CHOICES[name](hall))
    assert records
    assert list(form.fields[name].choices) == [("", "---------"), *((r.pk, str(r)) for r in records)]


def posting(hall, **changes):
    return {"sender": hall.scribonius.pk, "addressee": hall.primus.pk, "destination": hall.illyria.pk, **changes}


def test_a_letter_sent_back_gets_its_records_whole_for_the_service(hall):
    form = PostLetterForm(posting(hall), table=hall.rome)
    assert form.is_valid(), form.errors
    for name in ("sender", "addressee", "destination"):
        assert form.cleaned_data[name].get_deferred_fields() == set()
    assert form.cleaned_data["sender"] == hall.scribonius


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("sender", "primus"),  # a player at another table
        ("addressee", "0"),
        ("destination", "123456789012345678901234567890"),  # no record could have it
        ("office_province", "not a number"),
    ],
)
def test_a_letter_with_an_id_not_among_the_choices_is_refused_beside_its_field(client, hall, field, value):
    value = str(hall.primus.pk) if value == "primus" else value
    client.force_login(hall.rome_umpire)
    address = f"/events/{hall.event.slug}/post/tables/{hall.rome.pk}/post-letter/"
    response = client.post(address, posting(hall, **{field: value}))
    assert response.status_code == 400
    assert response.context["post_form"].errors == {
        field: ["Select a valid choice. That choice is not one of the available choices."]
    }
    assert "Select a valid choice" in response.content.decode()
    assert not Letter.objects.exists()
