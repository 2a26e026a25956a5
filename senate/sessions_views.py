"""The Senate room's console (sessions, motions, votes, edicts, the throne) and the Acta Diurna.

Each change is a small POST step: fetch what the user may act on (else 404), read the form, call
the service, report, and go back to the console. A refusal, by the form or the service, is a
message naming the field, and changes nothing.
"""

from functools import wraps

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
from umpire.views.refusals import refusal_text, valid

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
    get_living,
    get_motion_sheets,
    get_published_throne,
    get_senators_present,
    votes_so_far,
)

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


def senate_room(request, event, *, refused_votes=None, status=200):
    """The Senate room's console; `refused_votes` is a motion's vote sheet sent back as typed, beside
    its problems."""
    runs = can(request.user, event, Perm.RUN_SENATE)
    session = get_current_session(event)
    senators = get_senators_present(event)
    sheets = get_motion_sheets(session, senators)
    emperor = next((claim for claim in get_claims(event) if claim.is_standing and claim.is_emperor), None)
    context = {
        "event": event,
        "runs": runs,
        "session": session,
        "senators": senators,
        "sheets": [
            (sheet, runs and vote_sheet_of(event, sheet, senators, refused_votes), count_form_of(sheet.motion))
            for sheet in sheets
        ],
        # a refused sheet is the step the umpire is on, whatever the Senate has moved on to meanwhile
        "current_motion": refused_votes.motion if refused_votes is not None else get_current_motion(sheets),
        "edicts": get_edicts(event),
        "claims": get_claims(event),
        "emperor": emperor,
        "controls_projector": can(request.user, event, Perm.ANNOUNCE),
        "parts": other_parts(event.slug),
        "live_on": LIVE_ON,
    }
    if runs:
        context.update(console_forms(event))
    return render(request, "senate/home.html", context, status=status)


def vote_sheet_of(event, sheet, senators, refused_votes):
    """The vote sheet refused, as typed (even if the motion was counted meanwhile: it says so), or a fresh
    one with the votes cast while the motion is tabled."""
    if refused_votes is not None and refused_votes.motion == sheet.motion:
        return refused_votes
    if sheet.motion.state != Motion.State.TABLED:
        return None
    return forms.vote_sheet(event, sheet.motion, present=senators)


def count_form_of(motion):
    """Each motion's count form has ids of its own: two motions may be tabled at once."""
    return forms.CountForm(auto_id=f"count{motion.pk}_%s")


def console_forms(event):
    return {
        "motion_form": forms.MotionForm(event=event, auto_id="motion_%s"),
        "edict_form": forms.EdictForm(event=event, auto_id="edict_%s"),
        "claim_form": forms.ClaimForm(event=event, auto_id="claim_%s"),
        "proclaim_form": forms.ClaimForm(event=event, auto_id="proclaim_%s"),
        "living": get_living(event),
    }


def other_parts(slug):
    """The other parts of Rome's pages, by URL name once they exist, by path until then."""
    links = []
    for name, part, title in OTHER_PARTS:
        try:
            links.append((reverse(name, kwargs={"slug": slug}), title))
        except NoReverseMatch:
            links.append((f"/events/{slug}/senate/{part}/", title))
    return links


def senate_step(view):
    """A POST step on the console: run it as the Senate umpire, report, go back."""

    @wraps(view)
    @login_required
    @require_POST
    def step(request, slug, **ids):
        event = access_event(request.user, slug, Perm.RUN_SENATE)
        try:
            messages.success(request, view(request, event, **ids))
        except ValidationError as refusal:
            messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return redirect("senate:home", slug=slug)

    return step


@senate_step
def open_session(request, event):
    session = do_open_session(event, actor=request.user)
    return f"The Senate is in session (turn {session.opened_turn})."


@senate_step
def close_session(request, event, pk):
    do_close_session(get_object_or_404(Session, pk=pk, event=event), actor=request.user)
    return "The session is closed."


@senate_step
def table_motion(request, event, pk):
    session = get_object_or_404(Session, pk=pk, event=event)
    motion = do_table_motion(session, **valid(forms.MotionForm(request.POST, event=event)), actor=request.user)
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


@senate_step
def count(request, event, pk):
    motion = get_object_or_404(Motion, pk=pk, session__event=event)
    motion = do_count_motion(motion, **valid(forms.CountForm(request.POST)), actor=request.user)
    return f"{motion.get_result_display()}: {motion.tally}."


PUBLISHABLE = {"motion": (Motion, "session__event"), "edict": (Edict, "event"), "emperor": (Claimant, "event")}


@senate_step
def publish(request, event, kind, pk):
    if kind not in PUBLISHABLE:
        raise ValidationError({"__all__": "There is no such record to publish."})
    model, event_field = PUBLISHABLE[kind]
    record = get_object_or_404(model, pk=pk, **{event_field: event})
    to_projector = valid(forms.PublishForm(request.POST))["to_projector"]
    record = do_publish_record(record, to_projector=to_projector, actor=request.user)
    return f"Published in the Acta Diurna{' and on the projector' if record.on_projector else ''}."


@senate_step
def issue_edict(request, event):
    edict = do_issue_edict(event, **valid(forms.EdictForm(request.POST, event=event)), actor=request.user)
    return f"Issued: {edict}."


@senate_step
def proclaim(request, event):
    claim = do_proclaim_emperor(event, **valid(forms.ClaimForm(request.POST, event=event)), actor=request.user)
    return f"{claim.character} is proclaimed Emperor. Publish it to tell the hall."


@senate_step
def add_claimant(request, event):
    claim = do_add_claimant(event, **valid(forms.ClaimForm(request.POST, event=event)), actor=request.user)
    return f"{claim.character} claims the throne. Publish it to tell the hall."


@senate_step
def end_claim(request, event, pk):
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
