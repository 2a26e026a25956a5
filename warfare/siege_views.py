"""The siege desk's pages (X. THE SIEGE SYSTEM): every siege of the event by table, one siege's
state and this month's work, and its sheet and record on paper.

Each change is a small POST view, as on the forces and treasury pages: fetch the siege only if the
user runs it (access_* of siege_selectors: 404 otherwise), read the form, call the service, report
and go back to the siege's page. A refusal, by the form or by the engine through the service,
changes nothing (the service runs in one transaction) and answers 400 with the page as it stands:
the refusal in a message naming the field, the form as typed in the panel it was sent from.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from regions.forms import Panel, as_typed, typed_for_panel
from regions.services.engine import current_turn
from regions.views import pdf_response
from umpire.permissions import Perm
from umpire.refusals import refused_in
from umpire.selectors import access_event
from umpire.views.refusals import refusal_text, valid

from .selectors import get_fight_scope
from .services.sieges import (
    do_assault,
    do_begin_siege,
    do_build_siege_engines,
    do_lift_siege,
    do_place_siege_losses,
    do_reduce_defences,
)
from .siege_forms import (
    AssaultForm,
    BeginSiegeForm,
    BuildEnginesForm,
    LiftSiegeForm,
    PlaceLossesForm,
    loss_panels,
    siege_panels,
)
from .siege_printing import siege_record, siege_sheet
from .siege_selectors import (
    access_assault_to_place,
    access_siege,
    access_siege_desk,
    access_siege_to_run,
    get_forces_at_tables,
    get_points_to_besiege,
    get_provinces_to_besiege,
    get_siege_card,
    get_siege_index,
)

LIVE_ON = "siege.changed force.changed clock.changed"


def siege_context(event):
    turn = current_turn(event)
    return {"event": event, "turn": turn, "game_month": event.game_month(turn), "live_on": LIVE_ON}


def begin_form(event, scope, data=None):
    return BeginSiegeForm(
        data,
        points=get_points_to_besiege(event, scope),
        provinces=get_provinces_to_besiege(event, scope),
        forces=get_forces_at_tables(event, scope),
    )


@login_required
def sieges(request, slug):
    """Every siege by table, the user's tables first, active before past; beginning one."""
    return sieges_index(request, access_event(request.user, slug, Perm.VIEW_FORCES))


def sieges_index(request, event, typed=None, status=200):
    scope = get_fight_scope(request.user, event)
    context = siege_context(event)
    context["tables"] = get_siege_index(event, request.user)
    if scope.runs_any:
        context["begin"] = Panel(
            "Begin a siege",
            reverse("warfare:siege-begin", args=[event.slug]),
            typed or begin_form(event, scope),
            "Begin the siege",
            note="X. THE SIEGE SYSTEM: the besiegers stand besieging until it falls or is lifted.",
        )
    return render(request, "warfare/sieges.html", context, status=status)


@login_required
def siege(request, slug, pk):
    """One siege at a glance, and to its table's umpire and Control this month's work."""
    return siege_desk(request, access_siege(request.user, slug, pk))


def siege_desk(request, siege, typed=None, status=200):
    """The siege's page; a refused order's form as it was `typed`, in the panel it was sent from."""
    card = get_siege_card(siege, get_fight_scope(request.user, siege.event))
    context = {**siege_context(siege.event), "siege": siege, "card": card}
    if card.may_run:
        active = siege.state == siege.State.ACTIVE
        context["panels"] = [as_typed(p, request.path, typed) for p in (siege_panels(siege, card) if active else [])]
        context["loss_panels"] = [as_typed(p, request.path, typed) for p in loss_panels(siege, card)]
    return render(request, "warfare/siege.html", context, status=status)


# ---- printing --------------------------------------------------------------------------------------


def printed(build, suffix):
    @login_required
    def view(request, slug, pk):
        siege = access_siege(request.user, slug, pk)
        try:
            pdf = build(siege, page_size=request.GET.get("size", "A4"))
        except ValueError as refusal:
            return HttpResponseBadRequest(str(refusal))
        return pdf_response(pdf, f"{slug}-siege-{siege.pk}-{suffix}.pdf")

    return view


siege_sheet_pdf = printed(siege_sheet, "sheet")
siege_record_pdf = printed(siege_record, "record")


# ---- the changes -----------------------------------------------------------------------------------

FIELD_LABELS = {
    "map_point": "Place besieged",
    "place": "Place",
    "place_type": "Kind of place",
    "province": "Province",
    "besiegers": "Besiegers",
    "garrison": "Garrison",
    "multiplier": "Strength multiplier",
    "engines_required": "Sets of engines",
    "legion": "Legion",
    "siege": "Siege",
    "dice": "Dice",
    "commander_joins": "Besiegers' commander",
    "garrison_commander_joins": "Garrison's commander",
    "reason": "Why",
    "placed": "Losses",
    "side": "Side",
}


def siege_page(siege):
    return reverse("warfare:siege", args=[siege.event.slug, siege.pk])


def siege_order(access, typed_form, page):
    """A POST that works on a siege the user runs. Done: back to the siege's page with a message.
    Refused, by its form or by the engine through the service: its page again at status 400 with
    nothing changed, the refusal in a message, and the form as typed in the panel it was sent from.
    `typed_form(request, target, **more)` gives that form bound to the POST (None for an order
    with nothing to type); the handler gets it once it is valid."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, pk=None, **more):
            keys = (slug,) if pk is None else (slug, pk)
            target = access(request.user, *keys)
            typed = typed_for_panel(typed_form(request, target, **more), request.path)
            try:
                done, siege = handler(request, target, checked(typed), **more)
            except ValidationError as refusal:
                if typed is not None and typed.is_valid():  # content to the form: the service's refusal
                    refused_in(typed, refusal, FIELD_LABELS)
                messages.error(request, refusal_text(refusal, FIELD_LABELS))
                return page(request, access(request.user, *keys), typed)  # as it stands: nothing changed
            messages.success(request, done)
            return redirect(siege_page(siege))

        return view

    return wrap


def checked(form):
    if form is not None:
        valid(form)
    return form


def siege_refused(request, siege, typed):
    return siege_desk(request, siege, typed, status=400)


def index_refused(request, event, typed):
    return sieges_index(request, event, typed, status=400)


def no_form(request, target, **more):
    return None


def month_refused(request, month, typed):
    return siege_desk(request, month.siege, typed, status=400)


@siege_order(
    access_siege_desk, lambda r, event: begin_form(event, get_fight_scope(r.user, event), r.POST), index_refused
)
def begin_siege(request, event, form):
    data = form.cleaned_data
    get_fight_scope(request.user, event).check_may_open(
        form.besieged_province.region, [*data["besiegers"], *data["garrison"]]
    )
    siege = do_begin_siege(**data, actor=request.user)
    return f"The siege of {siege.place} is begun: strength multiplier {siege.multiplier}.", siege


@siege_order(access_siege_to_run, lambda r, siege: BuildEnginesForm(r.POST, siege=siege), siege_refused)
def build_engines(request, siege, form):
    legion = form.cleaned_data["legion"]
    siege = do_build_siege_engines(siege, legion=legion, actor=request.user)
    return f"{legion.name} builds a set of siege engines at {siege.place}.", siege


@siege_order(access_siege_to_run, no_form, siege_refused)
def reduce_defences(request, siege, form):
    siege = do_reduce_defences(siege, actor=request.user)
    return f"{siege.place}'s defences are reduced: strength multiplier {siege.multiplier}.", siege


RESULT_WORDS = {"place_falls": "the place falls", "bloody_repulse": "a bloody repulse", "repulse": "a repulse"}


@siege_order(access_siege_to_run, lambda r, siege: AssaultForm(r.POST), siege_refused)
def assault(request, siege, form):
    month = do_assault(siege, **form.cleaned_data, actor=request.user)
    outcome = month.outcome
    return (
        f"The assault on {siege.place}: {outcome['difference']:+d}, {RESULT_WORDS[outcome['result']]}. "
        f"The besiegers lose {outcome['attackers_lost']}, the garrison {outcome['defenders_lost']}."
    ), siege


@siege_order(access_siege_to_run, lambda r, siege: LiftSiegeForm(r.POST), siege_refused)
def lift_siege(request, siege, form):
    siege = do_lift_siege(siege, reason=form.cleaned_data["reason"], actor=request.user)
    return f"The siege of {siege.place} is lifted.", siege


def placing_form(request, month, side):
    """The owner's split as typed; none for a side whose losses do not wait."""
    return PlaceLossesForm(request.POST, month=month, side=side) if side in month.sides_waiting else None


@siege_order(access_assault_to_place, placing_form, month_refused)
def place_losses(request, month, form, side):
    if form is None:
        raise ValidationError({"side": f"No losses of the {side} in turn {month.turn} wait to be placed."})
    month = do_place_siege_losses(month, side=side, placed=form.placed(), actor=request.user)
    return f"The {side}' losses of turn {month.turn} are placed.", month.siege
