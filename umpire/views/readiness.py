"""Ready for game day: everything still missing before the doors open, under its heading, each with
a link to the page that puts it right (umpire.readiness gathers what every app's checks find).
Control's alone (EDIT_WORLD), since it lists the cast's secrets' state; anyone else gets the 404 of
"no such event". It reloads its main section when the world changes (live.js, data-refresh)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.views.decorators.http import require_GET

from umpire.permissions import Perm
from umpire.readiness import get_missing
from umpire.selectors import access_event

# what changes the list: the cast, the forces, the codes, the briefings printed, an undo
LIVE_ON = "world.changed force.changed fleet.changed character.moved mailboxes.issued print.progress audit.undone"


@login_required
@require_GET
def readiness(request, slug):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    missing = get_missing(event)
    return render(request, "umpire/readiness.html", {"event": event, "missing": missing, "live_on": LIVE_ON})
