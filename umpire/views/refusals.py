"""A refusal in words, for the message an umpire sees after a form: every page says it the same way.

A service refuses with a ValidationError keyed by its fields, or by an engine's field path such as
"orders.1.count"; each app gives the words for its fields, and the path's row is counted from 1.
"""

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError


def refusal_text(refusal, labels):
    """A ValidationError as one message, each part led by the words for the field it is about."""
    if not hasattr(refusal, "error_dict"):
        return " ".join(refusal.messages)
    return " ".join(labelled(field_label(name, labels), errors) for name, errors in refusal.message_dict.items())


def field_label(path, labels):
    """ "orders.1.count" as "Upgrade orders, row 2": the whole path's words if it has its own."""
    if path in labels:
        return labels[path]
    root, *rest = path.split(".")
    label = labels.get(root, root)
    row = next((part for part in rest if part.isdigit()), None)
    return f"{label}, row {int(row) + 1}" if row is not None else label


def labelled(label, errors):
    return " ".join(errors) if label == NON_FIELD_ERRORS else f"{label}: {' '.join(errors)}"


def valid(form):
    """The form's data, or a refusal naming each bad field by its label."""
    if not form.is_valid():
        raise ValidationError(
            [
                labelled(name if name == NON_FIELD_ERRORS else form[name].label, errors)
                for name, errors in form.errors.items()
            ]
        )
    return form.cleaned_data
