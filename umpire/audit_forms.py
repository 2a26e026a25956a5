"""The audit log's filters: by table, character, type of change and game month, each optional.

A value not on offer (an old bookmark, a hand-typed address) is a form error naming the filter,
never a 500; the log is then shown without that filter.
"""

from django import forms

from umpire.audit_selectors import get_families, get_logged_turns
from umpire.models import Character, Region


class AuditFilterForm(forms.Form):
    table = forms.ModelChoiceField(
        queryset=Region.objects.none(),
        required=False,
        empty_label="Every table",
        error_messages={"invalid_choice": "There is no such table in this event."},
    )
    character = forms.ModelChoiceField(
        queryset=Character.objects.none(),
        required=False,
        empty_label="Everyone",
        error_messages={"invalid_choice": "There is no such character in this event."},
    )
    type = forms.ChoiceField(
        label="Type of change",
        required=False,
        error_messages={"invalid_choice": "Nothing of the type “%(value)s” is in the log."},
    )
    turn = forms.TypedChoiceField(
        label="Game month",
        required=False,
        coerce=int,
        empty_value=None,
        error_messages={"invalid_choice": "Nothing was logged in a turn “%(value)s”."},
    )

    def __init__(self, data=None, *, event):
        super().__init__(data)
        self.fields["table"].queryset = Region.objects.filter(event=event)
        self.fields["character"].queryset = Character.objects.filter(event=event)
        self.fields["type"].choices = [("", "Every type"), *get_families(event)]
        self.fields["turn"].choices = [("", "Every month"), *get_logged_turns(event)]

    def filters(self):
        """The filters that are valid, as get_audit_log's keywords: a bad one is left out."""
        self.is_valid()
        data = self.cleaned_data
        return {
            "table": data.get("table"),
            "character": data.get("character"),
            "family": data.get("type") or None,
            "turn": data.get("turn"),
        }
