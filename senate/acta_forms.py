"""The form every page of Rome's business offers to put something in the Acta Diurna: its headline and
details, prefilled from what is published and the umpire's to edit."""

from django import forms

from regions.models.limits import MOST_REASON_CHARS

from .models.acta import HEADLINE_CHARS


class ActaForm(forms.Form):
    headline = forms.CharField(label="Headline", max_length=HEADLINE_CHARS)
    details = forms.CharField(
        label="Details",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=MOST_REASON_CHARS,
        required=False,
        help_text="Printed under the headline; leave empty for none.",
    )


def acta_form(data, name, news=None):
    """The form called `name` on its page (its own ids), prefilled with `news` when it is fresh."""
    return ActaForm(data, initial=news.initial if news else None, auto_id=f"{name}_%s")


def acta_step(page, name, news=None):
    """The page's step called `name`: fresh with `news`'s words, or as typed when it was refused (PageForms)."""
    return page.step(name, lambda data: acta_form(data, name, news))
