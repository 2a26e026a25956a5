"""The tray's "post a letter" form offers every living character, province, legion and table by its name, read as
(id, name) rows with no record built (mail.forms.NamesIterator, issue 34), the living once for the sender and the
addressee and the tables from the page's own; what is sent back is still looked up whole (the table among the
page's regions), and an id that is not among the choices is refused beside its field."""

import pytest
from django.db import connection
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from mail.forms import CarrierForm, PostLetterForm
from mail.models import Letter
from mail.selectors import get_couriers_at
from regions.models import Force, Province
from tests.regions.forces_builders import legion
from umpire.models import Character, Event, Region
from umpire.request_roles import seats_read_once
from umpire.selectors import get_regions, get_table

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
    with seats_read_once():
        get_regions(hall.event)  # the page's tables, read for its menu and its lists
        form = PostLetterForm(table=hall.rome)
        assert records_built_while(lambda: [str(form[name]) for name in CHOICES]) == 0


def test_the_blank_post_form_reads_the_living_once_and_the_tables_not_at_all(hall):
    with seats_read_once():
        form = PostLetterForm(table=get_table(hall.event, hall.rome.pk))  # as the tray finds its table
        with CaptureQueriesContext(connection) as drawn:
            [str(form[name]) for name in CHOICES]
    read = [query["sql"] for query in drawn.captured_queries]
    assert len(read) == 3  # the living, the provinces, the legions
    assert len([sql for sql in read if f'FROM "{Character._meta.db_table}"' in sql]) == 1


def test_a_letter_sent_back_reads_no_choice_list(hall):
    """A posted letter that is valid is not drawn again: only what it names is read, and its table not even that:
    it is among the page's regions (it was a query of its own)."""
    with seats_read_once():
        form = PostLetterForm(posting(hall), table=get_table(hall.event, hall.rome.pk))  # the tray reads the regions
        with CaptureQueriesContext(connection) as checked:
            assert form.is_valid(), form.errors
    assert len(checked) == 2  # its sender, its addressee
    assert form.cleaned_data["destination"] == hall.illyria
    assert form.cleaned_data["destination"].event is hall.event  # the page's own, not read again


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


def another_events_table(hall):
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    return Region.objects.create(event=other, name="Illyria")


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
        ("destination", "other event's"),
        ("office_province", "not a number"),
    ],
)
def test_a_letter_with_an_id_not_among_the_choices_is_refused_beside_its_field(client, hall, field, value):
    if value == "primus":
        value = str(hall.primus.pk)
    elif value == "other event's":
        value = str(another_events_table(hall).pk)
    client.force_login(hall.rome_umpire)
    address = f"/events/{hall.event.slug}/post/tables/{hall.rome.pk}/post-letter/"
    response = client.post(address, posting(hall, **{field: value}))
    assert response.status_code == 400
    assert response.context["post_form"].errors == {
        field: ["Select a valid choice. That choice is not one of the available choices."]
    }
    assert "Select a valid choice" in response.content.decode()
    assert not Letter.objects.exists()
