"""The offices page (XI. THE ORGANISATION IN AD69; SOCIAL CLASS): the career ladders, who holds
which office, the appointments made; and, for the Senate umpire and Control, the forms to appoint
and to bring an Equestrian into the Senate. Each POST reads its form, calls the service and goes
back to the page with a message; a refusal names the field and changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from regions.services.engine import current_turn
from umpire.permissions import Perm
from umpire.selectors import access_event, can
from umpire.views.refusals import refusal_text, valid

from .offices_forms import AppointForm, EnterSenateForm
from .offices_selectors import get_appointments, get_ladders, get_legates, get_province_offices, get_rome_offices
from .services.offices import do_appoint, do_enter_senate

LIVE_ON = "offices.filled offices.senate_entered world.changed clock.changed"
LABELS = {
    "office": "Office",
    "character": "Character",
    "province": "Province",
    "force": "Legion",
    "by": "Appointed by",
    "authority": "By the vote or edict",
    "rank": "Rank",
    "reason": "Reason",
}


@login_required
def offices(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    runs_senate = can(request.user, event, Perm.RUN_SENATE)
    turn = current_turn(event)
    return render(
        request,
        "senate/offices.html",
        {
            "event": event,
            "turn": turn,
            "game_month": event.game_month(turn),
            "live_on": LIVE_ON,
            "ladders": get_ladders(event),
            "provinces": get_province_offices(event),
            "legions": get_legates(event),
            "rome_offices": get_rome_offices(event),
            "appointments": get_appointments(event),
            "appoint_form": AppointForm(event=event, auto_id="appoint_%s") if runs_senate else None,
            "enter_form": EnterSenateForm(event=event, auto_id="enter_%s") if runs_senate else None,
        },
    )


@login_required
@require_POST
def appoint(request, slug):
    event = access_event(request.user, slug, Perm.RUN_SENATE)
    try:
        data = valid(AppointForm(request.POST, event=event))
        appointment = do_appoint(event, actor=request.user, **data)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, LABELS))
    else:
        messages.success(request, f"{appointment.character} is appointed {appointment.post}.")
    return redirect("senate:offices", slug=event.slug)


@login_required
@require_POST
def enter_senate(request, slug):
    event = access_event(request.user, slug, Perm.RUN_SENATE)
    try:
        data = valid(EnterSenateForm(request.POST, event=event))
        character = do_enter_senate(data.pop("character"), actor=request.user, **data)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, LABELS))
    else:
        messages.success(request, f"{character} enters the Senate as {character.career_rank}.")
    return redirect("senate:offices", slug=event.slug)
