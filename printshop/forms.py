"""The print shop's one form: which batch to print, on which paper."""

from django import forms

from umpire.printing.styles import PAGE_SIZES

from .models import PrintRun


class PrintRunForm(forms.Form):
    kind = forms.ChoiceField(label="Print", choices=PrintRun.Kind.choices)
    size = forms.ChoiceField(label="Paper", choices=[(size, size) for size in PAGE_SIZES], initial="A4")
