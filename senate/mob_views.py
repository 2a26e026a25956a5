"""The mob's page (/events/<slug>/senate/mob/): Rome's mood and its history, what moves it, the
senators' support and credibility. Umpires who see the world read it; the Senate umpires and
Control (RUN_SENATE) change it."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from regions.services.engine import current_turn
from umpire.models import Character, SocialClass
from umpire.permissions import Perm
from umpire.selectors import access_event, can
from umpire.views.refusals import refusal_text, valid

from . import mob_forms as forms
from .mob_selectors import (
    CREDIBILITY_RULE,
    get_credibility,
    get_effects,
    get_history,
    get_mood_chart,
    get_provincial_moods,
    get_rome_mood,
    get_senators,
    get_support_changes,
)
from .services.mob import do_change_support, do_move_mood, do_open_mood, do_set_mob_effect

LIVE_ON = "mob.mood_moved mob.effect_set mob.support_changed spending.changed clock.changed"
FIELD_LABELS = {
    "change": "Change",
    "reason": "Why",
    "cause": "Spending",
    "senator": "Senator",
    "points_per_multiple": "Points a multiple",
    "place": "Whose mob",
    "province": "Province",
}


@login_required
def mob(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    turn = current_turn(event)
    mood = get_rome_mood(event)
    entries = get_history(mood)
    return render(
        request,
        "senate/mob.html",
        {
            "event": event,
            "turn": turn,
            "mood": mood,
            "entries": entries,
            "chart": get_mood_chart(event, entries, turn),
            "effects": get_effects(event),
            "senators": get_senators(event),
            "changes": get_support_changes(event),
            "credibility": get_credibility(event, turn),
            "credibility_rule": CREDIBILITY_RULE,
            "can_run": can(request.user, event, Perm.RUN_SENATE),
            "live_on": LIVE_ON,
            "provincial_moods": get_provincial_moods(event),
            "open_form": forms.OpenMoodForm(event=event, auto_id="open_%s"),
            "move_form": forms.MoveMoodForm(event=event, auto_id="move_%s"),
            "effect_form": forms.MobEffectForm(auto_id="effect_%s"),
        },
    )


def mob_step(handler):
    """A POST by whoever runs the Senate: back to the page with a message."""

    @login_required
    @require_POST
    @wraps(handler)
    def view(request, slug, **kwargs):
        event = access_event(request.user, slug, Perm.RUN_SENATE)
        try:
            messages.success(request, handler(request, event, **kwargs))
        except ValidationError as refusal:
            messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return redirect("senate:mob", slug=slug)

    return view


@mob_step
def move_mood(request, event):
    data = valid(forms.MoveMoodForm(request.POST, event=event))
    entry = do_move_mood(event, actor=request.user, **data)
    return f"The mob of {data['place'] or 'Rome'} moves {entry.change:+d}: {entry.reason}"


@mob_step
def open_mood(request, event):
    province = valid(forms.OpenMoodForm(request.POST, event=event))["province"]
    do_open_mood(event, province=province, actor=request.user)
    return f"The umpires now follow the mob of {province}."


@mob_step
def set_effect(request, event):
    data = valid(forms.MobEffectForm(request.POST))
    do_set_mob_effect(event, actor=request.user, **data)
    points = data["points_per_multiple"]
    return f"Set: {points:+d} a multiple." if points is not None else "Cleared: the umpire judges each time."


@mob_step
def change_support(request, event, pk):
    senator = get_object_or_404(Character, event=event, social_class=SocialClass.SENATOR, pk=pk)
    data = valid(forms.SupportForm(request.POST))
    record = do_change_support(senator, actor=request.user, **data)
    return f"{senator}'s support {record.change:+d}, now {record.after}."
