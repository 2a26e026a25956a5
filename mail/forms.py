"""The post pages' forms: they read what the umpire typed; the services decide whether it may be done."""

from __future__ import annotations

from functools import cached_property

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import ModelChoiceIterator

from regions.models import Force, Province
from umpire.forms import RecordsChoiceField
from umpire.models import Character, Region
from umpire.selectors import get_regions, get_table

from .models import PostOffice
from .models.letter import Office
from .printing import LETTER_LINES, MOST_LETTER_CHARACTERS, check_fits_a_page


class NamesIterator(ModelChoiceIterator):
    """A named record's choices as (id, name) rows, labelled by the name as the record's str is (the field's
    label_from_instance is not asked): the "post a letter" form offers every living character and every legion,
    and building each record to print its name was a third of the tray's reload (issue 34)."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        yield from self.queryset.values_list("pk", "name")


class NamedRecordField(forms.ModelChoiceField):
    """A choice of a character, province, legion or table, offered by its name (each one's str); the id sent
    back is still looked up whole in the queryset, for the service, or refused as not among the choices."""

    iterator = NamesIterator


class TableField(NamedRecordField):
    """A table of the event, offered from and found among the regions the page reads anyway
    (umpire.selectors.get_regions): the table a posted letter names costs no query of its own. One that is not
    the event's is refused as not among the choices, as any record field refuses it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, queryset=Region.objects.none(), **kwargs)
        self.event = None

    def offer_tables_of(self, event):
        self.event = event
        offer(self, lambda: [(region.pk, region.name) for region in get_regions(event)])

    def to_python(self, value):
        if value in self.empty_values:
            return None
        table = get_table(self.event, value)
        if table is None:
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice", params={"value": value})
        return table


class PostLetterForm(forms.Form):
    """VI. COMMUNICATIONS: "the intended recipient ... clearly identified by name and destination
    and the letter dated"."""

    sender: forms.ModelChoiceField[Character] = NamedRecordField(
        label="From", queryset=None, help_text="A player at this table."
    )
    addressee: forms.ModelChoiceField[Character] = NamedRecordField(
        label="To", queryset=None, required=False, help_text="A character; or an office."
    )
    office = forms.ChoiceField(label="Or to the office of", choices=[("", "—"), *Office.choices], required=False)
    office_province: forms.ModelChoiceField[Province] = NamedRecordField(
        label="Province of the office", queryset=None, required=False
    )
    office_legion: forms.ModelChoiceField[Force] = NamedRecordField(
        label="Legion of the Legate", queryset=None, required=False
    )
    destination: forms.ModelChoiceField[Region] = TableField(label="At the table of")
    written_turn = forms.IntegerField(
        label="Dated (turn)", min_value=1, required=False, help_text="The turn written on it; empty: this turn."
    )
    code = forms.CharField(
        label="Slip's code",
        max_length=12,
        required=False,
        help_text="The code printed on the slip it is written on; empty: a new one.",
    )
    contents = forms.CharField(
        label="Contents",
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=MOST_LETTER_CHARACTERS,
        validators=[check_fits_a_page],
        help_text=f"Only if the sender wants it typed: only the addressee and Control read it. "
        f"A page of paper: {LETTER_LINES} lines at most.",
    )

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        event_id = table.event_id
        living = Character.objects.filter(event_id=event_id, died_turn__isnull=True).order_by("name")
        # Each queryset checks what is sent back; the choices drawn are read as the form is drawn, and only then.
        self.fields["sender"].queryset = living.filter(location=table)
        self.fields["addressee"].queryset = living
        self.fields["office_province"].queryset = Province.objects.filter(event_id=event_id).order_by("name")
        self.fields["office_legion"].queryset = Force.objects.filter(
            event_id=event_id, kind=Force.Kind.LEGION
        ).order_by("name")
        the_living = LivingCharacters(living, table)
        offer(self.fields["sender"], the_living.at_table)
        offer(self.fields["addressee"], the_living.everyone)
        self.fields["destination"].offer_tables_of(table.event)


class LivingCharacters:
    """The living characters as (id, name) choices, read once for the two lists that offer them: the players at
    the table, who may send, are some of everyone, who may receive (issue 34: the tray's form read them twice)."""

    def __init__(self, living, table):
        self.living, self.table_id = living, table.pk

    @cached_property
    def rows(self):
        return list(self.living.values_list("pk", "name", "location_id"))

    def everyone(self):
        return [(pk, name) for pk, name, _ in self.rows]

    def at_table(self):
        return [(pk, name) for pk, name, where in self.rows if where == self.table_id]


def offer(field, read):
    """`field` offers the (id, name) choices `read()` gives, after its empty choice, read when the form is drawn."""

    def choices():
        empty = [] if field.empty_label is None else [("", field.empty_label)]
        return [*empty, *read()]

    field.choices = choices


class CarrierForm(forms.Form):
    """A hand-over: the letters ticked, to or from a player at the table or a runner."""

    letters = RecordsChoiceField(label="Letters", queryset=None, widget=forms.CheckboxSelectMultiple)
    courier: forms.ModelChoiceField[Character] = NamedRecordField(
        label="Courier", queryset=None, required=False, help_text="A player at this table setting out."
    )
    runner = forms.CharField(label="Or a runner", max_length=60, required=False)

    def __init__(self, *args, letters, couriers, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["letters"].queryset = letters
        self.fields["courier"].queryset = couriers


class LeaveForm(forms.Form):
    letters = RecordsChoiceField(label="Letters", queryset=None, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, letters, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["letters"].queryset = letters


class RunnersLettersForm(LeaveForm):
    """The letters runners have brought to this table, each named with its runner."""

    def __init__(self, *args, letters, **kwargs):
        super().__init__(*args, letters=letters, **kwargs)
        self.fields["letters"].label_from_instance = lambda letter: f"{letter}, brought by {letter.runner}"


class LetterPageForm(forms.Form):
    """One of the letter page's forms: each names its fields' ids after itself, as several ask "Why"."""

    id_prefix = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, auto_id=f"{self.id_prefix}-%s", **kwargs)


class SettleForm(LetterPageForm):
    """Control takes a letter from its carrier's hand into a table's tray: its destination's, or back into
    its sender's."""

    id_prefix = "settle"
    table: forms.ModelChoiceField[Region] = forms.ModelChoiceField(label="Into the tray of", queryset=None)
    reason = forms.CharField(label="Why", max_length=300)

    def __init__(self, *args, letter, **kwargs):
        super().__init__(*args, initial={"table": letter.destination_id}, **kwargs)
        self.fields["table"].queryset = Region.objects.filter(event_id=letter.event_id).order_by("position", "name")
        self.fields["table"].label_from_instance = lambda table: tray_label(table, letter)


def tray_label(table, letter):
    if table.pk == letter.destination_id:
        return f"{table}: its destination, to hand out"
    if table.pk == letter.origin_id:
        return f"{table}: back in its sender's tray"
    return str(table)


class ReasonForm(LetterPageForm):
    """Returned to its sender, and why."""

    id_prefix = "return"
    reason = forms.CharField(label="Return it to its sender: why", max_length=300)


class RulingForm(LetterPageForm):
    id_prefix = "ruling"
    ruling = forms.ChoiceField(label="Ruling", choices=[("lost", "Lost on the road"), ("intercepted", "Intercepted")])
    reason = forms.CharField(label="Why", max_length=300)


class FindForm(forms.Form):
    code = forms.CharField(label="Tracking code", max_length=20, required=False)


class PostOfficeForm(forms.ModelForm):
    class Meta:
        model = PostOffice
        fields = ["carriage", "players_may_track", "stuck_after_minutes"]
        widgets = {"carriage": forms.RadioSelect}


def focus_first_error(form):
    """A form sent back opens at its first bad field, not at the top of a long page."""
    named = [name for name in form.errors if name in form.fields]
    if named:
        form.fields[named[0]].widget.attrs["autofocus"] = True
