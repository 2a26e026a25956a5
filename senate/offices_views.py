"""The offices page (XI. THE ORGANISATION IN AD69; SOCIAL CLASS): the career ladders, who holds
which office, the appointments made; and, for the Senate umpire and Control, the forms to appoint
and to bring an Equestrian into the Senate. Each POST reads its form, calls the service and goes
back to the page with a message; an appointment not yet told to the hall is offered to the Acta Diurna,
in words the umpire may edit. A refusal is the page again, status 400, with the form as typed and each
problem beside its field, and changes nothing."""

from collections.abc import Callable

from django import forms
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render

from regions.services.engine import current_turn
from umpire.permissions import Perm
from umpire.selectors import access_event, can

from .acta_forms import acta_form, acta_step
from .acta_selectors import get_news_of_appointments
from .models.offices import Appointment
from .offices_forms import AppointForm, EnterSenateForm
from .offices_selectors import get_appointments, get_ladders, get_legates, get_province_offices, get_rome_offices
from .services.acta import do_publish_appointment
from .services.offices import do_appoint, do_enter_senate
from .steps import PageForms, checked, page_steps

LIVE_ON = "offices.filled offices.senate_entered senate.published world.changed clock.changed"
LABELS = {
    "office": "Office",
    "character": "Character",
    "province": "Province",
    "force": "Legion",
    "by": "Appointed by",
    "authority": "By the vote or edict",
    "rank": "Rank",
    "reason": "Reason",
    "headline": "Headline",
    "details": "Details",
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
        "news": news_steps(page, event) if runs_senate else [],
    }
    page.tell_unplaced(request)
    return render(request, "senate/offices.html", context, status=status)


def news_steps(page, event):
    """Each appointment the hall may still be told of, with its form for the Acta Diurna."""
    return [
        (appointment, acta_step(page, f"publish{appointment.pk}", news))
        for appointment, news in get_news_of_appointments(event)
    ]


# One maker for the page and the POST, so a form sent back keeps the ids its labels point to.
OFFICE_FORMS: dict[str, Callable[..., forms.BaseForm]] = {
    "appoint": lambda data, event: AppointForm(data, event=event, auto_id="appoint_%s"),
    "enter": lambda data, event: EnterSenateForm(data, event=event, auto_id="enter_%s"),
    "publish{pk}": lambda data, event, pk: acta_form(data, f"publish{pk}"),
}


office_step = page_steps(
    access=lambda user, slug: access_event(user, slug, Perm.RUN_SENATE),
    make=lambda request, event, name, **ids: OFFICE_FORMS[name](request.POST, event, **ids),
    page=offices_page,
    done=lambda request, event: redirect("senate:offices", slug=event.slug),
    labels=LABELS,
)


@office_step("appoint")
def appoint(request, event, form):
    appointment = do_appoint(event, actor=request.user, **checked(form))
    return f"{appointment.character} is appointed {appointment.post}."


@office_step("enter")
def enter_senate(request, event, form):
    data = checked(form)
    character = do_enter_senate(data.pop("character"), actor=request.user, **data)
    return f"{character} enters the Senate as {character.career_rank}."


@office_step("publish{pk}")
def publish(request, event, form, pk):
    appointment = get_object_or_404(Appointment, event=event, pk=pk)
    item = do_publish_appointment(appointment, actor=request.user, **checked(form))
    return f"In the Acta Diurna: {item.headline}."
