"""A service's refusal shown in the form it refused, on every page that answers a refused form in place
(400, the form as typed): the desk, the sieges, the battles index, the letter page and the tray.

A service refuses with a ValidationError keyed by the fields it was given; a key the form has no field
for (the whole form's, a claim, an engine's field path) goes at the form's head. The pages that answer
with a message instead say the refusal with umpire.views.refusals.refusal_text.
"""

from django.core.exceptions import NON_FIELD_ERRORS

from umpire.views.refusals import field_label, labelled


def refused_in(form, refusal, labels=None, same_as=None):
    """`refusal` put into the bound `form`: each part beside the field it names, the rest at the form's head.
    An engine's path ("dice.0") goes beside its root's field, led by its words; `same_as` gives the form's name
    for a service's field where the two differ (the ledger's "source" is the form's "paid_from"); with `labels`
    (the page's words for the services' fields), what goes at the head is led by its words."""
    by_field = refusal.message_dict if hasattr(refusal, "error_dict") else {NON_FIELD_ERRORS: refusal.messages}
    for name, problems in by_field.items():
        root = (same_as or {}).get(name.split(".")[0], name.split(".")[0])
        if root in form.fields:
            form.add_error(root, labelled(field_label(name, labels or {}), problems) if "." in name else problems)
        else:
            form.add_error(None, labelled(field_label(name, labels), problems) if labels else problems)


def said(form):
    """A refused form's problems in one message, each led by its field's label: for a form the page no longer
    shows (its record moved on meanwhile), whose problems have nowhere else to be seen."""
    return " ".join(
        labelled(form[name].label if name in form.fields else NON_FIELD_ERRORS, problems)
        for name, problems in form.errors.items()
    )
