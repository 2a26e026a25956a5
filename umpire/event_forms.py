"""The forms of Control's event pages: a new event from its ruleset's template, and seating an umpire."""

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError

from umpire.event_templates import get_event_templates
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


class SeatForm(forms.Form):
    username = forms.CharField(label="Umpire's login", max_length=150)
    role = forms.ChoiceField(label="Role")
    region = forms.ModelChoiceField(label="Table (a Region seat)", queryset=Region.objects.none(), required=False)
    password = forms.CharField(
        label="Password (a new account only)", required=False, widget=forms.PasswordInput, strip=False
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["role"].choices = roles_of(event)
        self.fields["region"].queryset = Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE)

    def clean(self):
        """An umpire who has an account keeps his password; a new account needs one the project's rules accept."""
        data = super().clean()
        user = get_user_model().objects.filter(username=data.get("username", "")).first()
        password = data.get("password", "")
        if user is not None and password:
            raise ValidationError({"password": f"{user.username} has an account already: leave the password empty."})
        if user is None and "username" in data:
            if not password:
                raise ValidationError({"password": f"{data['username']} has no account yet: give him a password."})
            try:
                password_validation.validate_password(password, get_user_model()(username=data["username"]))
            except ValidationError as weak:
                raise ValidationError({"password": weak.messages}) from weak
        data["user"] = user
        return data


def roles_of(event):
    """The Senate and the Non-Roman World are AD69's: a board game is umpired by Control and at the tables."""
    if event.is_megagame:
        return Role.choices
    return [(Role.CONTROL.value, Role.CONTROL.label), (Role.REGION.value, Role.REGION.label)]
