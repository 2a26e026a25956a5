"""The forms of Control's event pages: a new event from its ruleset's template, seating an umpire, and giving a
seated umpire a new password."""

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError

from umpire.event_templates import get_event_templates
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import Event, Region, Role


class NewEventForm(forms.Form):
    name = forms.CharField(label="Name", max_length=120)
    slug = forms.SlugField(label="Slug (its addresses: letters, digits and hyphens)", max_length=50)
    ruleset = forms.ChoiceField(label="Ruleset")
    demo_forces = forms.BooleanField(label="With the demo forces and fleets", required=False)
    demo_cast = forms.BooleanField(label="With the demo cast", required=False)
    start_year = forms.IntegerField(
        label="Year of the first turn, as the rulebook writes it (a year BC negative: -218 for 218 BC)", required=False
    )
    start_month = forms.IntegerField(label="Month of the first turn (1 to 12)", required=False)
    number_of_turns = forms.IntegerField(label="Number of turns", required=False)
    turn_minutes = forms.IntegerField(label="Real minutes in a turn", required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].choices = [
            (template.ruleset, Event.Ruleset(template.ruleset).label) for template in get_event_templates()
        ]


# Longer than any phrase a person types, short enough that the hasher is never handed a page of text.
PASSWORD_MAX_LENGTH = 128


class SeatForm(forms.Form):
    username = forms.CharField(label="Umpire's login", max_length=150)
    role = forms.ChoiceField(label="Role")
    region = forms.ModelChoiceField(label="Table (a Region seat)", queryset=Region.objects.none(), required=False)
    password = forms.CharField(
        label="Password (a new account only; leave it empty and the console makes one)",
        required=False,
        max_length=PASSWORD_MAX_LENGTH,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = roles_of(event)
        self.fields["region"].queryset = Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE)

    def clean(self):
        """An umpire who has an account keeps his password; a new account gets the one given, if the project's
        rules accept it and it is not the published demo password, or else one the console makes."""
        data = super().clean()
        user = get_user_model().objects.filter(username=data.get("username", "")).first()
        password = data.get("password", "")
        if user is not None and password:
            raise ValidationError({"password": f"{user.username} has an account already: leave the password empty."})
        if user is None and "username" in data and password:
            check_own_password(password, get_user_model()(username=data["username"]))
        data["user"] = user
        return data


class NewPasswordForm(forms.Form):
    """A seated umpire's new password: the one Control types, checked as at seating, or else one the console
    makes."""

    password = forms.CharField(
        label="New password (leave it empty and the console makes one)",
        required=False,
        max_length=PASSWORD_MAX_LENGTH,
        # no browser fills in Control's own saved password here, in every row of the team
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean(self):
        data = super().clean()
        if data.get("password"):
            check_own_password(data["password"], self.user)
        return data


def check_own_password(password, user):
    """The password an umpire is given, at seating or later: the project's rules, and never the demo's, which is
    published."""
    if password == DEMO_PASSWORD:
        raise ValidationError({"password": "That is the demo's published password: give him one of his own."})
    try:
        password_validation.validate_password(password, user)
    except ValidationError as weak:
        raise ValidationError({"password": weak.messages}) from weak


def roles_of(event):
    """The Senate and the Non-Roman World are AD69's: a board game is umpired by Control and at the tables."""
    if event.is_megagame:
        return Role.choices
    return [(Role.CONTROL.value, Role.CONTROL.label), (Role.REGION.value, Role.REGION.label)]
