"""The print shop's front page: what this umpire may print, each with its own page. Control sees
every document; a Region umpire his tables' packs; anyone else the turn schedule alone."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from umpire.permissions import Perm
from umpire.selectors import access_event, can

from .briefing_views import PRINTS_BRIEFINGS
from .pack_views import PRINTS_PACKS, tables_for


@login_required
@require_GET
def home(request, slug):
    event = access_event(request.user, slug, PRINTS_PACKS)
    context = {
        "event": event,
        "prints_briefings": can(request.user, event, PRINTS_BRIEFINGS),
        "prints_packs": tables_for(request.user, event).exists(),
        "sees_clock": can(request.user, event, Perm.VIEW_CLOCK),
    }
    return render(request, "printshop/home.html", context)
