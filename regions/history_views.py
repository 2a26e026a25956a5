"""A province, a force or an account as it stood at the start of a past turn: Control's alone
(Perm.VIEW_AUDIT), with a turn picker (`?turn=`, the current turn if none is given)."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from umpire.permissions import Perm
from umpire.selectors import access_event, get_turn

from .history_selectors import access_past_record, get_past_state


class TurnForm(forms.Form):
    """A turn from the first to the current one: the start of any turn the game has reached."""

    turn = forms.TypedChoiceField(label="At the start of", coerce=int)

    def __init__(self, data, *, event, now):
        super().__init__(data)
        field = self.fields["turn"]
        field.choices = [(turn, f"Turn {turn}: {event.game_month(turn)}") for turn in range(1, now + 1)]
        field.error_messages["invalid_choice"] = (
            f"There is no turn “%(value)s” to look back to: pick one from 1 to the current turn, {now}."
            if now >= 1
            else "The game has not reached its first turn yet: there is nothing to look back to."
        )


@login_required
def as_of(request, slug, kind, pk):
    event = access_event(request.user, slug, Perm.VIEW_AUDIT)
    record = access_past_record(event, kind, pk)
    now = get_turn(event)
    form = TurnForm(request.GET if "turn" in request.GET else {"turn": now}, event=event, now=now)
    turn = form.cleaned_data["turn"] if form.is_valid() else None
    return render(
        request,
        "regions/as_of.html",
        {
            "event": event,
            "record": record,
            "form": form,
            "turn": turn,
            "now_url": record.get_absolute_url() if hasattr(record, "get_absolute_url") else None,
            "month": event.game_month(turn) if turn else None,
            "past": get_past_state(record, turn) if turn else None,
        },
    )
