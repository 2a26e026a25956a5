"""The mob's page (/events/<slug>/senate/mob/): Rome's mood and its history, what moves it, the
senators' support and credibility. Umpires who see the world read it; the Senate umpires and
Control (RUN_SENATE) change it and put its mood in the Acta Diurna; a form they send refused comes
back as typed, status 400, each problem beside its field."""

from collections.abc import Callable

from django import forms as django_forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render

from umpire.models import Character, SocialClass
from umpire.permissions import Perm
from umpire.selectors import access_event, can, get_turn

from . import mob_forms as forms
from .acta_forms import acta_form, acta_step
from .acta_selectors import get_news_of_mood
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
from .models.mob import MoodEntry
from .services.acta import do_publish_mood
from .services.mob import do_change_support, do_move_mood, do_open_mood, do_set_mob_effect
from .steps import PageForms, checked, page_steps

LIVE_ON = "mob.mood_moved mob.effect_set mob.support_changed senate.published spending.changed clock.changed"
FIELD_LABELS = {
    "change": "Change",
    "reason": "Why",
    "cause": "Spending",
    "senator": "Senator",
    "points_per_multiple": "Points a multiple",
    "place": "Whose mob",
    "province": "Province",
    "headline": "Headline",
    "details": "Details",
}


@login_required
def mob(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    return mob_page(request, event)


def mob_page(request, event, *, refused=None, status=200):
    """The mob's page; `refused` is a form sent back as typed, beside its problems."""
    can_run = can(request.user, event, Perm.RUN_SENATE)
    page = PageForms(refused)
    turn = get_turn(event)
    mood = get_rome_mood(event)
    entries = get_history(mood)
    senators = get_senators(event)
    news = get_news_of_mood(mood, entries) if can_run else None
    context = {
        "event": event,
        "turn": turn,
        "mood": mood,
        "entries": entries,
        "chart": get_mood_chart(event, entries, turn),
        "effects": get_effects(event),
        "senators": [(senator, can_run and offered(page, event, "support{pk}", pk=senator.pk)) for senator in senators],
        "changes": get_support_changes(event),
        "credibility": get_credibility(event, turn),
        "credibility_rule": CREDIBILITY_RULE,
        "can_run": can_run,
        "live_on": LIVE_ON,
        "provincial_moods": get_provincial_moods(event),
        "open_step": offered(page, event, "open"),
        "move_step": offered(page, event, "move"),
        "effect_step": offered(page, event, "effect"),
        "mood_news": news,
        "mood_step": acta_step(page, f"publish{news.reading.pk}", news.news) if news and not news.told else None,
    }
    page.tell_unplaced(request)
    return render(request, "senate/mob.html", context, status=status)


# Each form of the page by its name there: one maker for the page and the POST, so a form sent back keeps
# the ids its labels point to.
MOB_FORMS: dict[str, Callable[..., django_forms.BaseForm]] = {
    "open": lambda data, event: forms.OpenMoodForm(data, event=event, auto_id="open_%s"),
    "move": lambda data, event: forms.MoveMoodForm(data, event=event, auto_id="move_%s"),
    "effect": lambda data, event: forms.MobEffectForm(data, auto_id="effect_%s"),
    # a row for each senator: each has ids of its own
    "support{pk}": lambda data, event, pk: forms.support_form(data, pk),
    # the mood as it stood after one line of its history: the reading the umpire saw
    "publish{pk}": lambda data, event, pk: acta_form(data, f"publish{pk}"),
}


def offered(page, event, name, **ids):
    return page.step(name.format(**ids), lambda data: MOB_FORMS[name](data, event, **ids))


mob_step = page_steps(
    access=lambda user, slug: access_event(user, slug, Perm.RUN_SENATE),
    make=lambda request, event, name, **ids: MOB_FORMS[name](request.POST, event, **ids),
    page=mob_page,
    done=lambda request, event: redirect("senate:mob", slug=event.slug),
    labels=FIELD_LABELS,
)


@mob_step("move")
def move_mood(request, event, form):
    data = checked(form)
    entry = do_move_mood(event, actor=request.user, **data)
    return f"The mob of {data['place'] or 'Rome'} moves {entry.change:+d}: {entry.reason}"


@mob_step("open")
def open_mood(request, event, form):
    province = checked(form)["province"]
    do_open_mood(event, province=province, actor=request.user)
    return f"The umpires now follow the mob of {province}."


@mob_step("effect")
def set_effect(request, event, form):
    data = checked(form)
    do_set_mob_effect(event, actor=request.user, **data)
    points = data["points_per_multiple"]
    return f"Set: {points:+d} a multiple." if points is not None else "Cleared: the umpire judges each time."


@mob_step("support{pk}")
def change_support(request, event, form, pk):
    senator = get_object_or_404(Character, event=event, social_class=SocialClass.SENATOR, pk=pk)
    record = do_change_support(senator, actor=request.user, **checked(form))
    return f"{senator}'s support {record.change:+d}, now {record.after}."


@mob_step("publish{pk}")
def publish_mood(request, event, form, pk):
    reading = get_object_or_404(MoodEntry, mood__event=event, pk=pk)
    item = do_publish_mood(reading, actor=request.user, **checked(form))
    return f"In the Acta Diurna: {item.headline}."
