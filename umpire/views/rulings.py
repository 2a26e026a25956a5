"""The rulings log: every umpire reads and searches it, and records a ruling (Perm.RECORD_RULINGS).

Searching is `?q=`, every word found in the question, the ruling or the section. The page refreshes
live when anyone records a ruling.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.forms import RulingForm
from umpire.permissions import Perm
from umpire.ruling_selectors import get_rulings
from umpire.selectors import access_event, can, is_record_id
from umpire.services.rulings import do_record_ruling
from umpire.views.refusals import refusal_text, valid

LIVE_ON = "ruling.recorded"
FIELD_LABELS = {
    "question": "The question asked",
    "ruling": "The ruling",
    "section": "Handbook section",
    "supersedes": "Replaces ruling",
}


@login_required
def rulings(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    query = request.GET.get("q", "").strip()
    supersedes = request.GET.get("supersedes", "")
    form = RulingForm(event=event, initial={"supersedes": supersedes if is_record_id(supersedes) else None})
    return render(
        request,
        "umpire/rulings.html",
        {
            "event": event,
            "query": query,
            "rulings": get_rulings(event, query),
            "form": form,
            "may_record": can(request.user, event, Perm.RECORD_RULINGS),
            "live_on": LIVE_ON,
        },
    )


@login_required
@require_POST
def record_ruling(request, slug):
    event = access_event(request.user, slug, Perm.RECORD_RULINGS)
    try:
        ruling = do_record_ruling(event, actor=request.user, **valid(RulingForm(request.POST, event=event)))
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    else:
        messages.success(request, f"Ruling {ruling.pk} recorded: every umpire sees it now.")
    return redirect("rulings:index", slug=slug)
