"""One way to show a service's refusal in the form it refused (umpire.refusals.refused_in), for every page
that answers a refused form in place: each part beside the field it names, the rest at the form's head."""

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from umpire.refusals import refused_in

LABELS = {"claim": "Claim", "orders": "Orders"}


class LetterForm(forms.Form):
    reason = forms.CharField(label="Why")


def typed():
    form = LetterForm({"reason": "lost"})
    assert form.is_valid()
    return form


def test_a_refusal_naming_a_field_of_the_form_is_shown_beside_it():
    form = typed()
    refused_in(form, ValidationError({"reason": "Say why: it stays on the record."}), LABELS)
    assert form.errors == {"reason": ["Say why: it stays on the record."]}


def test_a_refusal_of_a_field_the_form_lacks_is_at_its_head_in_the_pages_words():
    form = typed()
    refused_in(form, ValidationError({"claim": "You do not hold it.", "orders.1.count": "Too many."}), LABELS)
    assert form.errors == {NON_FIELD_ERRORS: ["Claim: You do not hold it.", "Orders, row 2: Too many."]}


def test_without_the_pages_words_a_refusal_at_the_head_is_its_words_alone():
    form = typed()
    refused_in(form, ValidationError({"letter": "It is in another tray."}))
    assert form.errors == {NON_FIELD_ERRORS: ["It is in another tray."]}


def test_a_refusal_of_the_whole_form_is_at_its_head_unlabelled():
    form = typed()
    refused_in(form, ValidationError("The battle is locked."), LABELS)
    refused_in(form, ValidationError({NON_FIELD_ERRORS: "Already published."}), LABELS)
    assert form.errors == {NON_FIELD_ERRORS: ["The battle is locked.", "Already published."]}
