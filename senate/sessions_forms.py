"""The Senate room's forms: they read what the umpire typed; the services decide whether it may be done."""

from __future__ import annotations

from django import forms

from umpire.models import Character

from .models.sessions import Edict, Motion, Vote


def characters_of(event):
    return Character.objects.filter(event=event, died_turn__isnull=True).order_by("name")


class MotionForm(forms.Form):
    kind = forms.ChoiceField(label="Motion", choices=Motion.Kind.choices)
    text = forms.CharField(
        label="Text",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        help_text="Who is appointed to what, who is declared an enemy, whose triumph, or the motion in full.",
    )
    proposer: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Proposed by", queryset=None, required=False
    )
    edict: forms.ModelChoiceField[Edict] = forms.ModelChoiceField(
        label="Edict to ratify", queryset=None, required=False, help_text="Only for a motion to ratify an edict."
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["proposer"].queryset = characters_of(event)
        self.fields["edict"].queryset = Edict.objects.filter(event=event, ratified_by__isnull=True)


class VoteForm(forms.Form):
    # Any character of the game, so that the service, not the form, says why a man may not vote.
    senator: forms.ModelChoiceField[Character] = forms.ModelChoiceField(label="Senator", queryset=None)
    choice = forms.ChoiceField(label="Vote", choices=Vote.Choice.choices)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["senator"].queryset = Character.objects.filter(event=event)


class CountForm(forms.Form):
    tie_result = forms.ChoiceField(
        label="If tied, the ruling",
        choices=[("", "—"), *Motion.Result.choices],
        required=False,
        help_text="The handbook gives no rule for a tie: you decide.",
    )
    tie_ruling = forms.CharField(label="Why", max_length=500, required=False)


class PublishForm(forms.Form):
    to_projector = forms.BooleanField(label="Also on the projector (Control only)", required=False)


class EdictForm(forms.Form):
    emperor: forms.ModelChoiceField[Character] = forms.ModelChoiceField(label="Issued by the Emperor", queryset=None)
    text = forms.CharField(label="Edict", widget=forms.Textarea(attrs={"rows": 2}), max_length=2000)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["emperor"].queryset = characters_of(event)


class ClaimForm(forms.Form):
    character: forms.ModelChoiceField[Character] = forms.ModelChoiceField(label="Character", queryset=None)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = characters_of(event)
