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
    """One senator's row of a motion's vote sheet. No choice leaves his vote as it stands."""

    # Any character of the game, so that the service, not the form, says why a man may not vote.
    senator: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Senator", queryset=None, widget=forms.HiddenInput
    )
    choice = forms.ChoiceField(
        label="Vote",
        choices=Vote.Choice.choices,
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": "%(value)s is not a vote: Aye, Nay or Abstain."},
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["senator"].queryset = Character.objects.filter(event=event)
        # the senator the row is for, kept apart so that a refusal beside him does not lose his name
        self.voter = None if self.is_bound else self.initial["senator"]

    def clean_senator(self):
        self.voter = self.cleaned_data["senator"]
        return self.voter


class BaseVoteSheet(forms.BaseFormSet):
    """A motion's votes, a row for each senator present, recorded in one go."""

    def __init__(self, *args, motion, **kwargs):
        super().__init__(*args, **kwargs)
        self.motion = motion
        self.refusals: list[str] = []  # what the service said of the motion as a whole

    def chosen(self):
        """The rows with a vote chosen, in order: the service's refusals name them by this order."""
        return [form for form in self.forms if form.cleaned_data.get("choice")]

    def refuse(self, refusal):
        """The service's refusal shown beside the rows it names (votes.<n>.<field>), the rest above them."""
        chosen = self.chosen()
        by_path = refusal.message_dict if hasattr(refusal, "error_dict") else {"__all__": refusal.messages}
        for path, problems in by_path.items():
            _, row, field = (path.split(".") + ["", ""])[:3]
            if row.isdigit() and int(row) < len(chosen):
                chosen[int(row)].add_error(field, problems)
            else:
                self.refusals.extend(problems)


VoteSheet = forms.formset_factory(VoteForm, formset=BaseVoteSheet, extra=0)


def vote_sheet(event, motion, *, data=None, present=()):
    """The vote sheet of a motion: bound to what was sent, or with a row for each senator present and
    the vote he has cast. Its prefix names the motion, so that two sheets on a page never share an id."""
    cast = {vote.senator_id: vote.choice for vote in motion.votes.all()}
    initial = [{"senator": senator, "choice": cast.get(senator.pk, "")} for senator in present]
    return VoteSheet(data, motion=motion, initial=initial, prefix=f"motion{motion.pk}", form_kwargs={"event": event})


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
