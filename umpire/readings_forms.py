"""The form of a procedure's readings, built from its options' description (umpire.rules.schema)."""

from django import forms

from umpire.rules import schema

from .services.readings import reading_label


class ReadingsForm(forms.Form):
    """One field per option: a choice of its readings (the rulebook's marked), or a yes/no box;
    starting from `current`, the event's readings."""

    def __init__(self, kind, current, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for entry in schema.describe(kind):
            self.fields[entry["name"]] = _field(entry, current.get(entry["name"], entry.get("default")))

    def options(self):
        """The cleaned readings, as the plain values `do_set_readings` takes."""
        return dict(self.cleaned_data)


def _field(entry, initial):
    # no help_text: the readings page shows each option's help beside its field, in its own column
    label = entry["name"].replace("_", " ").capitalize()
    if entry["type"] == "choice":
        choices = [(value, _choice_label(value, entry)) for value in entry["choices"]]
        return forms.ChoiceField(label=label, choices=choices, initial=initial)
    if entry["type"] == "boolean":
        return forms.BooleanField(label=label, required=False, initial=initial)
    if entry["type"] == "integer":
        return forms.IntegerField(label=label, min_value=entry.get("min"), max_value=entry.get("max"), initial=initial)
    return forms.CharField(label=label, initial=initial)


def _choice_label(value, entry):
    return reading_label(value) + (" (the rulebook's)" if value == entry.get("default") else "")
