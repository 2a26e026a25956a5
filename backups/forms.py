from django import forms

from .models import SnapshotSchedule


class SnapshotScheduleForm(forms.ModelForm):
    class Meta:
        model = SnapshotSchedule
        fields = ["every_turns"]
        labels = {"every_turns": "A snapshot every N turns"}
