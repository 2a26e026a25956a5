"""Control's posting times page: every link between tables with the turns a letter takes along it,
set one link at a time (a small form per link, its refusal shown in it) or all at once from a
default by land and by sea. A posting time is world set-up, so the page is Control's (EDIT_WORLD),
as the admin's list of posting times was; the page hears each change through `world.changed`."""

from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.models import Route
from umpire.permissions import Perm
from umpire.refusals import refused_in
from umpire.selectors import access_event

from .forms import focus_first_error
from .models import PostingTime
from .services.post import post_office_settings
from .services.posting_times import do_set_default_posting_times, do_set_posting_time

SETS_POSTING_TIMES = Perm.EDIT_WORLD
LIVE_ON = "world.changed"


class PostingTimeForm(forms.Form):
    """One link's posting time; a winter time only by sea, where winter slows the post."""

    turns = forms.IntegerField(label="Turns", min_value=1, help_text="A whole number, at least 1.")
    winter_turns = forms.IntegerField(
        label="Turns in winter at sea",
        min_value=1,
        required=False,
        help_text="While either table's sea is in winter. Empty: no slower.",
    )

    def __init__(self, *args, route, **kwargs):
        super().__init__(*args, auto_id=f"route-{route.pk}-%s", **kwargs)
        if route.kind != Route.Kind.SEA:
            del self.fields["winter_turns"]


class DefaultPostingTimesForm(forms.Form):
    by_land = forms.IntegerField(label="Turns by land", min_value=1)
    by_sea = forms.IntegerField(label="Turns by sea", min_value=1)
    by_sea_in_winter = forms.IntegerField(
        label="Turns by sea in winter",
        min_value=1,
        required=False,
        help_text="While either table's sea is in winter (IX. WEATHER). Empty: no slower.",
    )
    overwrite = forms.BooleanField(label="Replace the posting times already set", required=False)


@dataclass(frozen=True)
class LinkRow:
    route: Route
    time: PostingTime | None
    form: PostingTimeForm


def get_links(event):
    """Every link between the event's tables with its posting time, or None while it has none; one query."""
    routes = Route.objects.filter(event=event).select_related("one", "other", "posting_time")
    # a missing reverse one-to-one raises an AttributeError of its own: getattr's default is "none set"
    return [(route, getattr(route, "posting_time", None)) for route in routes]


def unbound_form(route, time):
    initial = {"turns": time.turns, "winter_turns": time.winter_turns} if time else {}
    return PostingTimeForm(route=route, initial=initial)


@login_required
def posting_times(request, slug):
    event = access_event(request.user, slug, SETS_POSTING_TIMES)
    return render_page(request, event)


def render_page(request, event, *, bound=None, defaults_form=None, status=200):
    """The page; a form sent back with its errors is shown in its place, its first bad field focused."""
    bound = bound or {}
    for form in [*bound.values(), *([defaults_form] if defaults_form else [])]:
        focus_first_error(form)
    rows = [LinkRow(route, time, bound.get(route.pk) or unbound_form(route, time)) for route, time in get_links(event)]
    office = post_office_settings(event)  # read, never made here
    timed = sum(1 for row in rows if row.time)
    context = {
        "event": event,
        "rows": rows,
        "timed": timed,
        "untimed": len(rows) - timed,
        "simulated": office.simulated,
        "defaults_form": defaults_form or DefaultPostingTimesForm(),
        "live_on": LIVE_ON,
    }
    return render(request, "mail/posting_times.html", context, status=status)


@login_required
@require_POST
def set_posting_time(request, slug, route_id):
    event = access_event(request.user, slug, SETS_POSTING_TIMES)
    route = get_object_or_404(Route.objects.select_related("one", "other"), event=event, pk=route_id)
    form = PostingTimeForm(request.POST, route=route)
    if form.is_valid():
        try:
            time = do_set_posting_time(
                route,
                turns=form.cleaned_data["turns"],
                winter_turns=form.cleaned_data.get("winter_turns"),
                actor=request.user,
            )
        except ValidationError as refusal:
            refused_in(form, refusal)
        else:
            messages.success(request, f"{route}: {described(time)}.")
            return redirect(reverse("mail:posting-times", kwargs={"slug": slug}) + f"#route-{route.pk}")
    return render_page(request, event, bound={route.pk: form}, status=400)


def described(time):
    winter = f", {time.winter_turns} in winter at sea" if time.winter_turns is not None else ""
    return f"{time.turns} turn(s){winter}"


@login_required
@require_POST
def set_default_posting_times(request, slug):
    event = access_event(request.user, slug, SETS_POSTING_TIMES)
    form = DefaultPostingTimesForm(request.POST)
    if form.is_valid():
        try:
            changed = do_set_default_posting_times(event, actor=request.user, **form.cleaned_data)
        except ValidationError as refusal:
            refused_in(form, refusal)
        else:
            messages.success(request, defaults_message(len(changed), form.cleaned_data))
            return redirect("mail:posting-times", slug=slug)
    return render_page(request, event, defaults_form=form, status=400)


def defaults_message(count, data):
    if not count and data["overwrite"]:
        return "Nothing changed: every link already has these posting times."
    if not count:
        return "Nothing changed: every link already has a posting time (choose “Set every link” to replace them)."
    winter = data["by_sea_in_winter"]
    return (
        f"{count} link(s) set: {data['by_land']} turn(s) by land, {data['by_sea']} by sea"
        f"{f', {winter} by sea in winter' if winter is not None else ''}."
    )
