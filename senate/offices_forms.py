"""The offices page's forms: an appointment, and an Equestrian's entry into the Senate."""

from django import forms

from regions.models import Force, Province
from umpire.models import CareerRank, Character
from umpire.models.character import SocialClass

from .models.offices import Appointer, Office


class AppointForm(forms.Form):
    office = forms.ChoiceField(label="Office", choices=Office.choices)
    character = forms.ModelChoiceField(label="Appoint", queryset=Character.objects.none())
    province = forms.ModelChoiceField(
        label="Province", queryset=Province.objects.none(), required=False, help_text="For a governor or procurator."
    )
    force = forms.ModelChoiceField(
        label="Legion", queryset=Force.objects.none(), required=False, help_text="For a legionary legate."
    )
    by = forms.ChoiceField(label="Appointed by", choices=Appointer.choices)
    authority = forms.CharField(
        label="By the vote or edict",
        max_length=200,
        help_text="e.g. the Senate's motion of this session, or the Emperor's edict.",
    )
    reason = forms.CharField(label="Reason", max_length=300, required=False)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = Character.objects.filter(event=event, died_turn__isnull=True)
        self.fields["province"].queryset = Province.objects.filter(event=event).exclude(
            province_type=Province.Type.NONE
        )
        self.fields["force"].queryset = Force.objects.filter(event=event, kind=Force.Kind.LEGION)


class EnterSenateForm(forms.Form):
    character = forms.ModelChoiceField(label="Equestrian", queryset=Character.objects.none())
    by_imperial_decree = forms.BooleanField(label="By Imperial decree", required=False)
    rank = forms.ModelChoiceField(
        label="Rank given by the decree",
        required=False,
        queryset=CareerRank.objects.filter(social_class=SocialClass.SENATOR),
        help_text="Only with an Imperial decree; otherwise he starts at the bottom.",
    )
    reason = forms.CharField(label="Reason", max_length=300, required=False)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = Character.objects.filter(
            event=event, died_turn__isnull=True, social_class=SocialClass.EQUESTRIAN
        )
