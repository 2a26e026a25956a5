"""The gods' page forms: they read what the umpire typed; the services decide whether it may be done."""

from __future__ import annotations

from django import forms

from regions.models import Province, Spending, Venue
from regions.models.limits import MOST_REASON_CHARS, MOST_TALENTS
from umpire.models import Character

from .models.gods import SPENT_ON_GODS, Devotion, God, Oath


def living(event):
    return Character.objects.filter(event=event, died_turn__isnull=True).order_by("name")


def recorded(characters):
    """A field of the living among `characters`, those whose devotions and oaths the umpire records."""
    return characters.filter(died_turn__isnull=True).order_by("name")


NOT_AT_YOUR_TABLES = {"invalid_choice": "Choose someone at your tables: record only what you saw there."}


class CharacterFilterForm(forms.Form):
    character: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Only for", queryset=None, required=False, empty_label="everyone"
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = Character.objects.filter(event=event).order_by("name")


class DevotionForm(forms.Form):
    """XI. Making Offerings."""

    character: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Who", queryset=None, error_messages=NOT_AT_YOUR_TABLES
    )
    god: forms.ModelChoiceField[God] = forms.ModelChoiceField(label="To which god", queryset=None)
    kind = forms.ChoiceField(label="What kind", choices=Devotion.Kind.choices)
    what = forms.CharField(label="What was given", max_length=200)
    talents = forms.IntegerField(
        label="Talents",
        min_value=0,
        max_value=MOST_TALENTS,
        required=False,
        help_text="Empty if it cost none, or to take the spending's.",
    )
    province: forms.ModelChoiceField[Province] = forms.ModelChoiceField(
        label="Where", queryset=None, required=False, help_text="Empty: the temple's or the spending's province."
    )
    temple: forms.ModelChoiceField[Venue] = forms.ModelChoiceField(
        label="At the temple of", queryset=None, required=False
    )
    spending: forms.ModelChoiceField[Spending] = forms.ModelChoiceField(
        label="Paid through the treasury",
        queryset=None,
        required=False,
        help_text="The temple or religious ceremony it was bought as.",
    )
    turn = forms.IntegerField(label="Turn")  # here for its place in the form: the event bounds it (turn_field)
    note = forms.CharField(
        label="Note", max_length=MOST_REASON_CHARS, widget=forms.Textarea(attrs={"rows": 2}), required=False
    )

    def __init__(self, *args, event, characters, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = recorded(characters)
        self.fields["turn"] = turn_field(event)
        self.fields["god"].queryset = God.objects.filter(event=event)
        self.fields["province"].queryset = Province.objects.filter(event=event).order_by("name")
        self.fields["temple"].queryset = temples(event)
        self.fields["spending"].queryset = (
            Spending.objects.filter(event=event, item__in=SPENT_ON_GODS)
            .select_related("province")
            .order_by("-ordered_turn", "-pk")
        )


def turn_field(event):
    """A turn of the game: 0, its eve, to its last."""
    return forms.IntegerField(
        label="Turn", min_value=0, max_value=event.number_of_turns, required=False, help_text="Empty: this turn."
    )


def temples(event):
    return Venue.objects.filter(event=event, kind=Venue.Kind.TEMPLE).order_by("name")


class OathForm(forms.Form):
    """XI. Swearing, with its three degrees."""

    character: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Who swore", queryset=None, error_messages=NOT_AT_YOUR_TABLES
    )
    degree = forms.TypedChoiceField(label="Degree", choices=Oath.Degree.choices, coerce=int)
    god: forms.ModelChoiceField[God] = forms.ModelChoiceField(
        label="By which god", queryset=None, required=False, help_text="None for an oath on his honour."
    )
    temple: forms.ModelChoiceField[Venue] = forms.ModelChoiceField(
        label="In the temple of",
        queryset=None,
        required=False,
        help_text="Only for the third degree: the god's own temple.",
    )
    sworn = forms.CharField(
        label="What he swore", max_length=MOST_REASON_CHARS, widget=forms.Textarea(attrs={"rows": 2})
    )
    to_character: forms.ModelChoiceField[Character] = forms.ModelChoiceField(label="To", queryset=None, required=False)
    to_whom = forms.CharField(
        label="Or to, in words", max_length=120, required=False, help_text="The mob, a legion, the Senate."
    )
    turn = forms.IntegerField(label="Turn")  # here for its place in the form: the event bounds it (turn_field)

    def __init__(self, *args, event, characters, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = recorded(characters)
        self.fields["turn"] = turn_field(event)
        self.fields["to_character"].queryset = living(event)
        self.fields["god"].queryset = God.objects.filter(event=event)
        self.fields["temple"].queryset = temples(event)


class RulingForm(forms.Form):
    outcome = forms.ChoiceField(label="The oath was", choices=[("kept", "Kept"), ("broken", "Broken")])
    reason = forms.CharField(label="Why", max_length=500)
