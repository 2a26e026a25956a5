"""The offices page (XI. THE ORGANISATION IN AD69; SOCIAL CLASS): the career ladders, who holds
which office, the appointments made; and, for the Senate umpire and Control, the forms to appoint
and to bring an Equestrian into the Senate. Each POST reads its form, calls the service and goes
back to the page with a message; a refusal is the page again, status 400, with the form as typed and each
problem beside its field, and changes nothing."""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from regions.services.engine import current_turn
from umpire.permissions import Perm
from umpire.selectors import access_event, can

from .offices_forms import AppointForm, EnterSenateForm
from .offices_selectors import get_appointments, get_ladders, get_legates, get_province_offices, get_rome_offices
from .services.offices import do_appoint, do_enter_senate
from .steps import PageForms, Refused, checked, taken

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
    return offices_page(request, event)


def offices_page(request, event, *, refused=None, status=200):
    """The offices page; `refused` is a form sent back as typed, beside its problems."""
    runs_senate = can(request.user, event, Perm.RUN_SENATE)
    page = PageForms(refused)
    turn = current_turn(event)
    context = {
        "event": event,
        "turn": turn,
        "game_month": event.game_month(turn),
        "live_on": LIVE_ON,
        "ladders": get_ladders(event),
        "provinces": get_province_offices(event),
        "legions": get_legates(event),
        "rome_offices": get_rome_offices(event),
        "appointments": get_appointments(event),
        "appoint_step": page.step("appoint", lambda data: OFFICE_FORMS["appoint"](data, event))
        if runs_senate
        else None,
        "enter_step": page.step("enter", lambda data: OFFICE_FORMS["enter"](data, event)) if runs_senate else None,
    }
    page.tell_unplaced(request)
    return render(request, "senate/offices.html", context, status=status)


# One maker for the page and the POST, so a form sent back keeps the ids its labels point to.
OFFICE_FORMS = {
    "appoint": lambda data, event: AppointForm(data, event=event, auto_id="appoint_%s"),
    "enter": lambda data, event: EnterSenateForm(data, event=event, auto_id="enter_%s"),
}


def office_step(name):
    """A form on the offices page. Done: its message and the page again. Refused, by the form or the service:
    the page, 400, with the form as typed and each problem beside its field; nothing changed."""

    def wrap(act):
        @wraps(act)
        @login_required
        @require_POST
        def view(request, slug):
            event = access_event(request.user, slug, Perm.RUN_SENATE)
            form = OFFICE_FORMS[name](request.POST, event)
            if taken(request, form, lambda: act(request, event, checked(form)), LABELS):
                return redirect("senate:offices", slug=event.slug)
            return offices_page(request, event, refused=Refused(name, form), status=400)

        return view

    return wrap


@office_step("appoint")
def appoint(request, event, data):
    appointment = do_appoint(event, actor=request.user, **data)
    return f"{appointment.character} is appointed {appointment.post}."


@office_step("enter")
def enter_senate(request, event, data):
    character = do_enter_senate(data.pop("character"), actor=request.user, **data)
    return f"{character} enters the Senate as {character.career_rank}."
