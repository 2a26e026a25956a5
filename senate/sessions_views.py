"""The Senate room's console (sessions, motions, votes, edicts, the throne) and the Acta Diurna.

Each change is a small POST step: fetch what the user may act on (else 404), read the form, call
the service, report, and go back to the console. A refusal, by the form or the service, is the
console again, status 400, with the form as typed and each problem beside its field; nothing changed.
"""

from collections.abc import Callable

from django import forms as django_forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_POST

from regions.views import pdf_response
from umpire.code_tries import limits_code_tries
from umpire.permissions import Perm
from umpire.selectors import access_display, access_event, can

from . import sessions_forms as forms
from .models.sessions import Claimant, Edict, Motion, Session
from .printing import acta_pdf
from .services.sessions import (
    do_add_claimant,
    do_close_session,
    do_count_motion,
    do_end_claim,
    do_issue_edict,
    do_open_session,
    do_proclaim_emperor,
    do_publish_record,
    do_record_votes,
    do_table_motion,
)
from .sessions_selectors import (
    get_acta,
    get_claims,
    get_current_motion,
    get_current_session,
    get_edicts,
    get_motion_sheets,
    get_published_throne,
    get_senators_present,
    votes_so_far,
)
from .steps import PageForms, checked, page_steps

LIVE_ON = "senate.session senate.edict senate.emperor senate.published announcements.changed character.moved"
# The hall hears only what is published: the gazette re-fetches itself on these alone.
PUBLIC_LIVE_ON = "senate.published announcements.changed"
FIELD_LABELS = {
    "session": "Session",
    "motion": "Motion",
    "kind": "Motion",
    "text": "Text",
    "proposer": "Proposed by",
    "edict": "Edict",
    "senator": "Senator",
    "choice": "Vote",
    "tie_result": "Tie",
    "tie_ruling": "Why",
    "to_projector": "Projector",
    "emperor": "Emperor",
    "character": "Character",
    "claim": "Claim",
}
OTHER_PARTS = (
    ("senate:offices", "offices", "Offices and careers"),
    ("senate:mob", "mob", "The mob"),
    ("senate:gods", "gods", "The gods"),
)


# ---- the console ------------------------------------------------------------------------------


@login_required
def home(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    return senate_room(request, event)


def senate_room(request, event, *, refused=None, refused_votes=None, status=200):
    """The Senate room's console; `refused` is a form sent back as typed, `refused_votes` a motion's vote sheet,
    each beside its problems."""
    runs = can(request.user, event, Perm.RUN_SENATE)
    page = PageForms(refused)
    session = get_current_session(event)
    senators = get_senators_present(event)
    sheets = get_motion_sheets(session, senators)
    claims = get_claims(event)
    emperor = next((claim for claim in claims if claim.is_standing and claim.is_emperor), None)
    context = {
        "event": event,
        "runs": runs,
        "session": session,
        "senators": senators,
        "sheets": [
            (
                sheet,
                runs and vote_sheet_of(event, sheet, senators, refused_votes),
                offered(page, event, "count{pk}", pk=sheet.motion.pk) if runs and is_tabled(sheet.motion) else None,
                publishing(page, event, runs, "motion", sheet.motion),
            )
            for sheet in sheets
        ],
        "current_motion": current_motion(sheets, refused, refused_votes),
        "edicts": [(edict, publishing(page, event, runs, "edict", edict)) for edict in get_edicts(event)],
        "claims": [(claim, *throne_steps(page, event, runs, claim)) for claim in claims],
        "emperor": emperor,
        "controls_projector": can(request.user, event, Perm.ANNOUNCE),
        "parts": other_parts(event.slug),
        "live_on": LIVE_ON,
    }
    if runs:
        context.update(console_forms(page, event, session))
    page.tell_unplaced(request)
    return render(request, "senate/home.html", context, status=status)


def vote_sheet_of(event, sheet, senators, refused_votes):
    """The vote sheet refused, as typed (even if the motion was counted meanwhile: it says so), or a fresh
    one with the votes cast while the motion is tabled."""
    if refused_votes is not None and refused_votes.motion == sheet.motion:
        return refused_votes
    if not is_tabled(sheet.motion):
        return None
    return forms.vote_sheet(event, sheet.motion, present=senators)


def is_tabled(motion):
    return motion.state == Motion.State.TABLED


def current_motion(sheets, refused, refused_votes):
    """The motion the umpire is on: a refused sheet's, whatever the Senate has moved on to meanwhile; none
    when another form was refused (that form is the step); else the first still to count."""
    if refused_votes is not None:
        return refused_votes.motion
    return None if refused is not None else get_current_motion(sheets)


def publishing(page, event, runs, kind, record):
    """A record's publish form, while it is the Senate umpire's to publish."""
    ready = not record.is_published and (kind != "motion" or record.state == Motion.State.VOTED)
    return offered(page, event, "publish-{kind}{pk}", kind=kind, pk=record.pk) if runs and ready else None


def throne_steps(page, event, runs, claim):
    """A claim's forms: to end it while it stands, to publish it."""
    ends = offered(page, event, "end-claim{pk}", pk=claim.pk) if runs and claim.is_standing else None
    return ends, publishing(page, event, runs, "emperor", claim)


def console_forms(page, event, session):
    sits = session is not None and session.is_open
    return {
        "open_step": None if sits else offered(page, event, "open"),
        "close_step": offered(page, event, "close{pk}", pk=session.pk) if sits else None,
        "motion_step": offered(page, event, "motion{pk}", pk=session.pk) if sits else None,
        "edict_step": offered(page, event, "edict"),
        "claim_step": offered(page, event, "claim"),
        "proclaim_step": offered(page, event, "proclaim"),
    }


# Each form of the console by its name there, its records' ids filled in: one maker for the page and the POST,
# so a form sent back has the ids its labels point to. A button is a form with no field.
CONSOLE_FORMS: dict[str, Callable[..., django_forms.BaseForm]] = {
    "open": lambda data, event: django_forms.Form(data),
    "close{pk}": lambda data, event, pk: django_forms.Form(data),
    "motion{pk}": lambda data, event, pk: forms.MotionForm(data, event=event, auto_id="motion_%s"),
    # two motions may be tabled at once: each count form has ids of its own
    "count{pk}": lambda data, event, pk: forms.CountForm(data, auto_id=f"count{pk}_%s"),
    "publish-{kind}{pk}": lambda data, event, kind, pk: forms.PublishForm(data, auto_id=f"publish-{kind}{pk}_%s"),
    "edict": lambda data, event: forms.EdictForm(data, event=event, auto_id="edict_%s"),
    "proclaim": lambda data, event: forms.ClaimForm(data, event=event, auto_id="proclaim_%s"),
    "claim": lambda data, event: forms.ClaimForm(data, event=event, auto_id="claim_%s"),
    "end-claim{pk}": lambda data, event, pk: django_forms.Form(data),
}


def offered(page, event, name, **ids):
    """The console's form called `name` for these records: fresh, or as typed when it was refused."""
    return page.step(name.format(**ids), lambda data: CONSOLE_FORMS[name](data, event, **ids))


def other_parts(slug):
    """The other parts of Rome's pages, by URL name once they exist, by path until then."""
    links = []
    for name, part, title in OTHER_PARTS:
        try:
            links.append((reverse(name, kwargs={"slug": slug}), title))
        except NoReverseMatch:
            links.append((f"/events/{slug}/senate/{part}/", title))
    return links


senate_step = page_steps(
    access=lambda user, slug: access_event(user, slug, Perm.RUN_SENATE),
    make=lambda request, event, name, **ids: CONSOLE_FORMS[name](request.POST, event, **ids),
    page=senate_room,
    done=lambda request, event: redirect("senate:home", slug=event.slug),
    labels=FIELD_LABELS,
)


@senate_step("open")
def open_session(request, event, form):
    session = do_open_session(event, actor=request.user)
    return f"The Senate is in session (turn {session.opened_turn})."


@senate_step("close{pk}")
def close_session(request, event, form, pk):
    do_close_session(get_object_or_404(Session, pk=pk, event=event), actor=request.user)
    return "The session is closed."


@senate_step("motion{pk}")
def table_motion(request, event, form, pk):
    session = get_object_or_404(Session, pk=pk, event=event)
    motion = do_table_motion(session, **checked(form), actor=request.user)
    return f"Tabled: {motion}."


@login_required
@require_POST
def vote(request, slug, pk):
    """Every senator's vote on a motion in one go. Refused: the console again, with the sheet as it was
    filled in and each problem beside its senator; nothing is recorded."""
    event = access_event(request.user, slug, Perm.RUN_SENATE)
    motion = get_object_or_404(Motion, pk=pk, session__event=event)
    sheet = forms.vote_sheet(event, motion, data=request.POST)
    if sheet.is_valid():
        chosen = [(row.cleaned_data["senator"], row.cleaned_data["choice"]) for row in sheet.chosen()]
        try:
            changed = do_record_votes(motion, votes=chosen, actor=request.user)
        except ValidationError as refusal:
            sheet.refuse(refusal)
        else:
            messages.success(
                request, f"{len(changed)} vote(s) recorded or changed on {motion}. So far: {votes_so_far(motion)}."
            )
            return redirect("senate:home", slug=slug)
    return senate_room(request, event, refused_votes=sheet, status=400)


@senate_step("count{pk}")
def count(request, event, form, pk):
    motion = get_object_or_404(Motion, pk=pk, session__event=event)
    motion = do_count_motion(motion, **checked(form), actor=request.user)
    return f"{motion.get_result_display()}: {motion.tally}."


PUBLISHABLE = {"motion": (Motion, "session__event"), "edict": (Edict, "event"), "emperor": (Claimant, "event")}


@senate_step("publish-{kind}{pk}")
def publish(request, event, form, kind, pk):
    if kind not in PUBLISHABLE:
        raise ValidationError({"__all__": "There is no such record to publish."})
    model, event_field = PUBLISHABLE[kind]
    record = get_object_or_404(model, pk=pk, **{event_field: event})
    to_projector = checked(form)["to_projector"]
    record = do_publish_record(record, to_projector=to_projector, actor=request.user)
    return f"Published in the Acta Diurna{' and on the projector' if record.on_projector else ''}."


@senate_step("edict")
def issue_edict(request, event, form):
    edict = do_issue_edict(event, **checked(form), actor=request.user)
    return f"Issued: {edict}."


@senate_step("proclaim")
def proclaim(request, event, form):
    claim = do_proclaim_emperor(event, **checked(form), actor=request.user)
    return f"{claim.character} is proclaimed Emperor. Publish it to tell the hall."


@senate_step("claim")
def add_claimant(request, event, form):
    claim = do_add_claimant(event, **checked(form), actor=request.user)
    return f"{claim.character} claims the throne. Publish it to tell the hall."


@senate_step("end-claim{pk}")
def end_claim(request, event, form, pk):
    claim = do_end_claim(get_object_or_404(Claimant, pk=pk, event=event), actor=request.user)
    return f"{claim.character}'s {'reign' if claim.is_emperor else 'claim'} has ended."


# ---- the Acta Diurna ---------------------------------------------------------------------------


@login_required
def acta(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    return render(request, "senate/acta.html", acta_context(event, live_on=LIVE_ON))


@login_required
def acta_diurna_pdf(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    page_size = "Letter" if request.GET.get("size") == "Letter" else "A4"
    return pdf_response(acta_pdf(event, page_size), f"{slug}-acta-diurna.pdf")


@limits_code_tries
def acta_display(request, slug):
    """The gazette on the projector's hall: the display code and no login; what is published only."""
    code = request.GET.get("code", "")
    event = access_display(slug, code)
    return render(request, "senate/acta_display.html", {**acta_context(event, live_on=PUBLIC_LIVE_ON), "code": code})


def acta_context(event, *, live_on):
    emperor, claimants = get_published_throne(event)
    return {"event": event, "entries": get_acta(event), "emperor": emperor, "claimants": claimants, "live_on": live_on}
