"""Forms of the core: every input from a page or a command is checked here first."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model

from umpire.event_forms import PASSWORD_MAX_LENGTH, check_own_password
from umpire.models import Event, Region, Role, Ruling
from umpire.selectors import is_record_id


class RecordsChoiceField(forms.ModelMultipleChoiceField):
    """Django's choice of several records, with an id no record could have refused as a wrong choice before it
    is looked up: Django sends the ids as typed, and one of 30 digits overflows the database's integer."""

    def _check_values(self, value):
        if self.to_field_name is None and isinstance(value, (list, tuple)):
            for pk in value:
                if not is_record_id(pk):
                    raise forms.ValidationError(
                        self.error_messages["invalid_choice"], code="invalid_choice", params={"value": pk}
                    )
        return super()._check_values(value)


class SeatUmpireForm(forms.Form):
    """Seat an umpire (a new or existing account) in an event's team."""

    event = forms.SlugField()
    username = forms.CharField(max_length=150)
    password = forms.CharField(
        required=False, min_length=8, max_length=PASSWORD_MAX_LENGTH, strip=False, help_text="Needed for a new account."
    )
    role = forms.ChoiceField(choices=Role.choices)
    table = forms.CharField(required=False, help_text="The table of a Region umpire.")

    def clean_event(self):
        event = Event.objects.filter(slug=self.cleaned_data["event"]).first()
        if event is None:
            raise forms.ValidationError(f"There is no event {self.cleaned_data['event']!r}.")
        return event

    def clean(self):
        data = super().clean()
        event, role = data.get("event"), data.get("role")
        if event and role:
            data["region"] = self._table(event, role, data.get("table", ""))
        user = get_user_model().objects.filter(username=data.get("username")).first()
        if "password" not in self.errors:
            self._check_password(user, data.get("username", ""), data.get("password", ""))
        data["user"] = user
        return data

    def _check_password(self, user, username, password):
        """As on the Seats page: a new account's password passes the project's rules and is not the demo's; an
        account that exists keeps its own."""
        if user is not None and password:
            self.add_error("password", f"{username} has an account already: leave the password out.")
        elif user is None and not password:
            self.add_error("password", "A new account needs a password of at least 8 characters.")
        elif user is None:
            try:
                check_own_password(password, get_user_model()(username=username))
            except forms.ValidationError as refused:
                self.add_error(None, refused)

    def _table(self, event, role, name):
        if role != Role.REGION:
            if name:
                self.add_error("table", f"A {Role(role).label} umpire has no table.")
            return None
        region = Region.objects.filter(event=event, name=name).first()
        if region is None:
            tables = ", ".join(event.regions.values_list("name", flat=True))
            self.add_error("table", f"{event} has no table {name!r}; its tables are {tables}.")
        return region


class ExtendTurnForm(forms.Form):
    minutes = forms.IntegerField(min_value=-60, max_value=60, help_text="Negative shortens the turn.")

    def clean_minutes(self):
        if self.cleaned_data["minutes"] == 0:
            raise forms.ValidationError("Give a number of minutes other than 0.")
        return self.cleaned_data["minutes"]


class SetTurnForm(forms.Form):
    turn = forms.IntegerField(min_value=1)
    reason = forms.CharField(max_length=200)


class AutoAdvanceForm(forms.Form):
    auto_advance = forms.BooleanField(required=False)


class FirstTurnTimeForm(forms.Form):
    first_turn_time = forms.TimeField(
        help_text="As 11:00.", widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"})
    )


class AnnouncementForm(forms.Form):
    text = forms.CharField(max_length=500, widget=forms.Textarea(attrs={"rows": 2}))


class FollowUpForm(forms.Form):
    """A follow-up: to one table or to Control, from a table the sender keeps, about a record."""

    to = forms.ChoiceField(label="To")
    from_table = forms.ModelChoiceField(
        queryset=Region.objects.none(), required=False, label="From", empty_label="no table"
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=500, label="What they must know")
    about = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, event, sending_tables, **kwargs):
        super().__init__(*args, **kwargs)
        self.tables = Region.objects.filter(event=event)
        self.fields["to"].choices = [("", "choose…"), ("control", "Control")] + [
            (str(table.pk), table.name) for table in self.tables
        ]
        self.fields["from_table"].queryset = sending_tables

    def clean(self):
        data = super().clean()
        to = data.pop("to", None)
        data["to_control"] = to == "control"
        data["to_table"] = self.tables.get(pk=to) if to and to != "control" else None
        return data


class RulingForm(forms.Form):
    question = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=1000, label="The question asked")
    ruling = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=2000, label="The ruling")
    section = forms.CharField(
        max_length=120,
        required=False,
        label="Handbook section",
        help_text='As the handbook heads it: "X. COMBAT RESOLUTION".',
    )
    supersedes: forms.ModelChoiceField[Ruling] = forms.ModelChoiceField(
        queryset=None, required=False, label="Replaces ruling", empty_label="none: a new question"
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["supersedes"].queryset = Ruling.objects.filter(event=event)
        self.fields["supersedes"].label_from_instance = lambda ruling: f"{ruling.pk}: {ruling.question[:70]}"
