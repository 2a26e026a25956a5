"""The gods' page (XI. GODS OF ROME): the pantheon with each god's devotions, and the oaths sworn,
kept and broken, with the forms to record them and to rule.

Every seated umpire reads it (Perm.VIEW_WORLD) and records what he saw at his table; only Control
and the Senate umpires (Perm.RUN_SENATE) rule an oath kept or broken. A refusal, by the form or
the service, is a message naming the field, and changes nothing.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.selectors import is_record_id
from umpire.views.refusals import refusal_text, valid

from . import gods_forms as forms
from .gods_selectors import (
    access_gods,
    can_rule_oaths,
    get_characters_recorded_by,
    get_oaths_by_state,
    get_pantheon,
)
from .models.gods import Oath
from .services.gods import do_record_devotion, do_rule_oath, do_swear_oath, ensure_pantheon

LIVE_ON = "gods.devotion_recorded gods.oath_changed clock.changed"
FIELD_LABELS = {
    "character": "Who",
    "god": "God",
    "kind": "What kind",
    "what": "What was given",
    "talents": "Talents",
    "province": "Where",
    "temple": "Temple",
    "spending": "Paid through the treasury",
    "turn": "Turn",
    "note": "Note",
    "degree": "Degree",
    "sworn": "What he swore",
    "to_character": "To",
    "to_whom": "To whom",
    "state": "Oath",
    "reason": "Why",
    "ruling_reason": "Why",
    "outcome": "Ruling",
}


@login_required
def gods(request, slug):
    event = access_gods(request.user, slug)
    ensure_pantheon(event, actor=request.user)
    filter_form = forms.CharacterFilterForm(request.GET or None, event=event)
    character = filter_form.cleaned_data["character"] if filter_form.is_valid() else None
    return render(
        request,
        "senate/gods.html",
        {
            "event": event,
            "filter_form": filter_form,
            "character": character,
            "query": back_query(request.GET),
            "pantheon": get_pantheon(event, character),
            "oaths": get_oaths_by_state(event, character),
            "rules": can_rule_oaths(request.user, event),
            "devotion_form": forms.DevotionForm(
                event=event, characters=recorded_by(request, event), auto_id="devotion_%s"
            ),
            "oath_form": forms.OathForm(event=event, characters=recorded_by(request, event), auto_id="oath_%s"),
            "live_on": LIVE_ON,
        },
    )


def recorded_by(request, event):
    return get_characters_recorded_by(request.user, event)


def back_query(params):
    """The page's filter, kept across a form's round trip."""
    character = params.get("character", "")
    return urlencode({"character": character}) if is_record_id(character) else ""


def gods_step(handler):
    """A POST on the gods' page: back to it, with the same filter, and a message."""

    @login_required
    @require_POST
    def view(request, slug, **kwargs):
        event = access_gods(request.user, slug)
        try:
            messages.success(request, handler(request, event, **kwargs))
        except ValidationError as refusal:
            messages.error(request, refusal_text(refusal, FIELD_LABELS))
        query = back_query(request.GET)
        return redirect(reverse("senate:gods", args=[slug]) + (f"?{query}" if query else ""))

    return view


@gods_step
def record_devotion(request, event):
    data = valid(forms.DevotionForm(request.POST, event=event, characters=recorded_by(request, event)))
    devotion = do_record_devotion(event, actor=request.user, **data)
    return f"Recorded: {devotion}."


@gods_step
def swear_oath(request, event):
    data = valid(forms.OathForm(request.POST, event=event, characters=recorded_by(request, event)))
    oath = do_swear_oath(event, actor=request.user, **data)
    return f"Recorded: {oath}."


@gods_step
def rule_oath(request, event, pk):
    if not can_rule_oaths(request.user, event):
        raise Http404("No such oath.")
    oath = get_object_or_404(Oath, event=event, pk=pk)
    data = valid(forms.RulingForm(request.POST))
    oath = do_rule_oath(oath, kept=data["outcome"] == "kept", reason=data["reason"], actor=request.user)
    return f"{oath.character}'s oath is ruled {oath.get_state_display().lower()}: {oath.ruling_reason}"
