"""The board-game pages' forms: trackers, a data table's rows, a CSV import, the sequence of play."""

from django import forms

from umpire.models import Region
from umpire.rules.registry import get_procedures

from .cells import clean_value
from .models import Tracker, TrackerFeed
from .models.trackers import MOST_ON_A_TRACK, OUTCOME_PATH

REASON_HELP = "Why: what happened in the game."


def on_a_track(label, **kwargs):
    """A figure a track can hold: a move, a bound or a start, within a million either way."""
    return forms.IntegerField(label=label, min_value=-MOST_ON_A_TRACK, max_value=MOST_ON_A_TRACK, **kwargs)


class OpenTrackerForm(forms.Form):
    name = forms.CharField(label="Name", max_length=80, help_text='"VP Carthage", "Political track: Numidia".')
    minimum = on_a_track("Minimum", required=False, help_text="Empty: no lower bound.")
    maximum = on_a_track("Maximum", required=False, help_text="Empty: no upper bound.")
    start = on_a_track("Starts at", initial=0)
    table = forms.ModelChoiceField(
        label="Shown at",
        queryset=Region.objects.none(),
        required=False,
        empty_label="no table",
        help_text="The table whose umpires hear of its moves.",
    )
    source = forms.CharField(label="Rule", max_length=200, required=False, help_text="Where the rulebook has it.")

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = Region.objects.filter(event=event).order_by("position", "name")


class MoveTrackerForm(forms.Form):
    change = on_a_track("Move by", help_text="Up (+) or down (−).")
    reason = forms.CharField(
        label="Why", max_length=300, help_text=REASON_HELP, widget=forms.TextInput(attrs={"placeholder": "Why"})
    )


class ProposeTrackerForm(MoveTrackerForm):
    procedure = forms.CharField(
        label="Rules procedure",
        max_length=80,
        required=False,
        help_text='The procedure whose result calls for it: "hannibal_barkas.siege".',
        widget=forms.TextInput(attrs={"placeholder": "Procedure"}),
    )


def move_form(tracker_pk, data=None):
    """A tracker's move form; the page shows one a tracker, so its fields' ids carry the tracker's."""
    return MoveTrackerForm(data, auto_id=f"move-{tracker_pk}-%s")


def propose_form(tracker_pk, data=None):
    return ProposeTrackerForm(data, auto_id=f"propose-{tracker_pk}-%s")


class TrackerFeedForm(forms.Form):
    """Control's link from a rules procedure of the event's ruleset to one of its trackers."""

    tracker = forms.ModelChoiceField(label="Tracker", queryset=Tracker.objects.none())
    procedure = forms.ChoiceField(label="Rules procedure", help_text="Each saved run of it proposes a move.")
    outcome_path = forms.RegexField(
        label="Place in the outcome",
        max_length=120,
        regex=OUTCOME_PATH,
        error_messages={"invalid": 'Give words and row numbers joined by dots: "vp", "sides.0.vp".'},
        help_text='Where the figure is in the run\'s outcome: "vp", "sides.0.vp", "position".',
    )
    mode = forms.ChoiceField(
        label="Mode",
        choices=TrackerFeed.Mode.choices,
        initial=TrackerFeed.Mode.ADD,
        help_text="Add the figure, or set the tracker to it (the difference is proposed).",
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tracker"].queryset = Tracker.objects.filter(event=event).order_by("name")
        self.fields["procedure"].choices = [(p.key, f"{p.title} ({p.key})") for p in get_procedures(event.ruleset)]


class DataRowForm(forms.Form):
    """One row of a data table: its name and one field a column, checked as the column's kind."""

    key = forms.CharField(max_length=80, required=False)
    remove = forms.BooleanField(required=False)

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        self.fields["key"].label = table.row_title
        for column in table.columns:
            self.fields[f"c_{column['key']}"] = forms.CharField(label=column["title"], max_length=300, required=False)

    def clean(self):
        data = super().clean()
        for column in self.table.columns:
            try:
                clean_value(column, data.get(f"c_{column['key']}"))
            except forms.ValidationError as error:
                self.add_error(f"c_{column['key']}", error)
        return data

    def values(self):
        return {column["key"]: self.cleaned_data.get(f"c_{column['key']}") for column in self.table.columns}


DataRowFormSet = forms.formset_factory(DataRowForm, extra=3)


def initial_rows(grid):
    return [
        {"key": row.key, **{f"c_{cell.column}": cell.value for cell in row.cells if cell is not None}} for row in grid
    ]


class ImportForm(forms.Form):
    # named as the import service names the file, so its refusals land beside this field
    csv = forms.FileField(label="CSV file", help_text="First line: the row's title and the column titles.")


class AdvanceForm(forms.Form):
    start_stage = forms.IntegerField(
        label="Start at stage",
        min_value=1,
        initial=1,
        required=False,
        help_text="Leaving the set-up: the scenario's starting stage, counted from 1.",
    )


class TickForm(forms.Form):
    item = forms.IntegerField(label="Checklist item", min_value=0)
    done = forms.BooleanField(label="Done", required=False)
