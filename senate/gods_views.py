"""The gods' page (XI. GODS OF ROME): the pantheon with each god's devotions, and the oaths sworn,
kept and broken, with the forms to record them and to rule.

Every seated umpire reads it (Perm.VIEW_WORLD) and records what he saw at his table; only Control
and the Senate umpires (Perm.RUN_SENATE) rule an oath kept or broken, and publish a sign of the gods in the
Acta Diurna. A refusal, by the form or
the service, is the page again, status 400, with the form as typed and each problem beside its field;
it changes nothing.
"""

from collections.abc import Callable
from urllib.parse import urlencode

from django import forms as django_forms
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from umpire.selectors import is_record_id

from . import gods_forms as forms
from .acta_forms import acta_form, acta_step
from .gods_selectors import (
    access_gods,
    can_rule_oaths,
    get_characters_recorded_by,
    get_oaths_by_state,
    get_pantheon,
)
from .models.gods import Oath
from .services.acta import do_publish_sign
from .services.gods import do_record_devotion, do_rule_oath, do_swear_oath, ensure_pantheon
from .steps import PageForms, checked, page_steps

LIVE_ON = "gods.devotion_recorded gods.oath_changed senate.published clock.changed"
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
    "headline": "Headline",
    "details": "Details",
}


@login_required
def gods(request, slug):
    event = access_gods(request.user, slug)
    ensure_pantheon(event, actor=request.user)
    return gods_page(request, event)


def gods_page(request, event, *, refused=None, status=200):
    """The gods' page, with its filter; `refused` is a form sent back as typed, beside its problems."""
    page = PageForms(refused)
    filter_form = forms.CharacterFilterForm(request.GET or None, event=event)
    character = filter_form.cleaned_data["character"] if filter_form.is_valid() else None
    rules = can_rule_oaths(request.user, event)
    oaths = {
        state: [
            (oath, rules and oath.state == Oath.State.SWORN and offered(page, request, event, "rule{pk}", pk=oath.pk))
            for oath in rows
        ]
        for state, rows in get_oaths_by_state(event, character).items()
    }
    context = {
        "event": event,
        "filter_form": filter_form,
        "character": character,
        "query": back_query(request.GET),
        "pantheon": get_pantheon(event, character),
        "oaths": oaths,
        "rules": rules,
        "devotion_step": offered(page, request, event, "devotion"),
        "oath_step": offered(page, request, event, "oath"),
        "sign_step": acta_step(page, "sign") if rules else None,
        "live_on": LIVE_ON,
    }
    page.tell_unplaced(request)
    return render(request, "senate/gods.html", context, status=status)


def recorded_by(request, event):
    return get_characters_recorded_by(request.user, event)


# Each form of the page by its name there: one maker for the page and the POST, so a form sent back keeps
# the ids its labels point to. Devotions and oaths are of the characters the umpire records.
GODS_FORMS: dict[str, Callable[..., django_forms.BaseForm]] = {
    "devotion": lambda data, request, event: forms.DevotionForm(
        data, event=event, characters=recorded_by(request, event), auto_id="devotion_%s"
    ),
    "oath": lambda data, request, event: forms.OathForm(
        data, event=event, characters=recorded_by(request, event), auto_id="oath_%s"
    ),
    # a form for each oath sworn: each has ids of its own
    "rule{pk}": lambda data, request, event, pk: forms.RulingForm(data, auto_id=f"rule{pk}_%s"),
    "sign": lambda data, request, event: acta_form(data, "sign"),
}


def offered(page, request, event, name, **ids):
    return page.step(name.format(**ids), lambda data: GODS_FORMS[name](data, request, event, **ids))


def back_query(params):
    """The page's filter, kept across a form's round trip."""
    character = params.get("character", "")
    return urlencode({"character": character}) if is_record_id(character) else ""


def back_to_the_gods(request, event):
    """The page again with the filter it was sent under."""
    query = back_query(request.GET)
    return redirect(reverse("senate:gods", args=[event.slug]) + (f"?{query}" if query else ""))


gods_step = page_steps(
    access=access_gods,
    make=lambda request, event, name, **ids: GODS_FORMS[name](request.POST, request, event, **ids),
    page=gods_page,
    done=back_to_the_gods,
    labels=FIELD_LABELS,
)


@gods_step("devotion")
def record_devotion(request, event, form):
    devotion = do_record_devotion(event, actor=request.user, **checked(form))
    return f"Recorded: {devotion}."


@gods_step("oath")
def swear_oath(request, event, form):
    oath = do_swear_oath(event, actor=request.user, **checked(form))
    return f"Recorded: {oath}."


@gods_step("rule{pk}")
def rule_oath(request, event, form, pk):
    if not can_rule_oaths(request.user, event):
        raise Http404("No such oath.")
    oath = get_object_or_404(Oath, event=event, pk=pk)
    data = checked(form)
    oath = do_rule_oath(oath, kept=data["outcome"] == "kept", reason=data["reason"], actor=request.user)
    return f"{oath.character}'s oath is ruled {oath.get_state_display().lower()}: {oath.ruling_reason}"


@gods_step("sign")
def publish_sign(request, event, form):
    if not can_rule_oaths(request.user, event):
        raise Http404("No such page.")
    item = do_publish_sign(event, actor=request.user, **checked(form))
    return f"In the Acta Diurna: {item.headline}."
