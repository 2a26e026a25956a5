"""A table's roster: the players there, those on their way to it, and checking them out and in.

VI. COMMUNICATIONS: players move from table to table only along the links; the table they leave
checks them out and the table they reach checks them in (umpire.services.presence).
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.models import Character, Region
from umpire.permissions import Perm
from umpire.selectors import (
    access_event,
    can_move_player,
    can_move_players_at,
    can_place_players,
    get_regions,
    get_table,
    get_table_roster,
)
from umpire.services.presence import do_check_in, do_check_out
from umpire.views.refusals import refusal_text, valid

# A check-in or -out anywhere changes who is here or on the way; a correction in the admin too.
LIVE_ON = "character.moved world.changed"
FIELD_LABELS = {"character": "Player", "to_table": "Going to"}


class CheckOutForm(forms.Form):
    character = forms.ModelChoiceField(queryset=Character.objects.none(), label="Player")
    to_table = forms.ModelChoiceField(queryset=Region.objects.none(), label="Going to")

    def __init__(self, table, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = Character.objects.filter(event_id=table.event_id)
        self.fields["to_table"].queryset = Region.objects.filter(event_id=table.event_id)


class CheckInForm(forms.Form):
    character = forms.ModelChoiceField(queryset=Character.objects.none(), label="Player")

    def __init__(self, table, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["character"].queryset = Character.objects.filter(event_id=table.event_id)


def access_table(user, slug, pk):
    """A table of an event the user may see, or 404 (the same for "no such table" and "not yours"): found among the
    event's regions, which the page reads anyway."""
    table = get_table(access_event(user, slug, Perm.VIEW_WORLD), pk)
    if table is None:
        raise Http404("No such table.")
    return table


@login_required
def table_players(request, slug, pk):
    """The table's roster, with the check-out and check-in forms for those who run it."""
    table = access_table(request.user, slug, pk)
    event = table.event
    may_place = can_place_players(request.user, event)
    context = {
        "event": event,
        "table": table,
        "tables": get_regions(event),
        "may_move": can_move_players_at(request.user, table),
        "may_place": may_place,
        "live_on": LIVE_ON,
        **get_table_roster(table, with_not_placed=may_place),
    }
    return render(request, "umpire/table_players.html", context)


def roster_step(handler):
    """A POST at a table's roster: back to the roster with what happened, or why not."""

    @login_required
    @require_POST
    def view(request, slug, pk):
        table = access_table(request.user, slug, pk)
        try:
            messages.success(request, handler(request, table))
        except ValidationError as refusal:
            messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return redirect("table:players", slug=slug, pk=table.pk)

    return view


@roster_step
def check_out(request, table):
    data = valid(CheckOutForm(table, request.POST))
    character = check_may_move(request.user, data["character"], table)
    do_check_out(character, to_table=data["to_table"], from_table=table, actor=request.user)
    return f"{character} has checked out of {table}, travelling to {data['to_table']}."


@roster_step
def check_in(request, table):
    character = check_may_move(request.user, valid(CheckInForm(table, request.POST))["character"], table)
    do_check_in(character, at_table=table, actor=request.user)
    return f"{character} has checked in at {table}."


def check_may_move(user, character, table):
    if not can_move_player(user, character, table):
        raise ValidationError(
            f"You may not check {character} in or out at {table}: Control moves players "
            "anywhere, a Region umpire at his own table, and only Control places a newcomer."
        )
    return character
