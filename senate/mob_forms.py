"""The mob page's forms: the umpire's word on the mood, the effects he sets, a senator's support."""

from django import forms

from regions.models import Province

from .models.mob import MOST_MOOD_POINTS, Cause

REASON_HELP = "Why: the players hear it from the Senate umpire."


class MoveMoodForm(forms.Form):
    place = forms.ModelChoiceField(
        label="Whose mob",
        queryset=Province.objects.none(),
        required=False,
        empty_label="the City of Rome",
        help_text="Rome, or a province whose mood is followed.",
    )
    change = forms.IntegerField(
        label="Move the mood by",
        min_value=-MOST_MOOD_POINTS,
        max_value=MOST_MOOD_POINTS,
        help_text="Points up (+) or down (−).",
    )
    reason = forms.CharField(label="Why", max_length=300, help_text=REASON_HELP)

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["place"].queryset = Province.objects.filter(event=event, moods__isnull=False).order_by("name")


class OpenMoodForm(forms.Form):
    """A provincial city's mob, followed when the umpires want one."""

    province = forms.ModelChoiceField(label="Province", queryset=Province.objects.none())

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["province"].queryset = Province.objects.filter(
            event=event, is_rome=False, moods__isnull=True
        ).order_by("name")


class MobEffectForm(forms.Form):
    cause = forms.ChoiceField(label="Spending", choices=[c for c in Cause.choices if c[0] != Cause.RULING])
    points_per_multiple = forms.IntegerField(
        label="Points a multiple",
        min_value=-MOST_MOOD_POINTS,
        max_value=MOST_MOOD_POINTS,
        required=False,
        help_text="How far each multiple of the minimum moves the mob; empty: the umpire judges each time.",
    )


class SupportForm(forms.Form):
    change = forms.IntegerField(
        label="Change support by",
        min_value=-MOST_MOOD_POINTS,
        max_value=MOST_MOOD_POINTS,
        help_text="Points up (+) or down (−).",
    )
    reason = forms.CharField(label="Why", max_length=300, help_text=REASON_HELP)


def support_form(data, pk):
    """A senator's row of the support table: the column's head and the row's senator name its fields."""
    form = SupportForm(data, auto_id=f"support{pk}_%s")
    form.fields["change"].widget.attrs["aria-labelledby"] = f"support-change senator{pk}"
    form.fields["reason"].widget.attrs.update({"aria-label": "Why", "placeholder": "Why"})
    return form
