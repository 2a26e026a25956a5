"""The players' side of the fights: the published battles, opened like the projector, with its
display code and no login (players have none)."""

from django.shortcuts import render

from umpire.code_tries import limits_code_tries
from umpire.selectors import access_display

from .report_selectors import get_battle_reports

# A battle is told here when published, and again when a published battle is confirmed (its
# losses and the fallen's fates appear then); drafts are never sent to the display's groups.
LIVE_ON = "battle.published battle.changed"


@limits_code_tries
def reports(request, slug):
    """The event's battle reports, newest first; a wrong or revoked code is a 404, as on the projector."""
    code = request.GET.get("code", "")
    event = access_display(slug, code)
    context = {"event": event, "code": code, "reports": get_battle_reports(event), "live_on": LIVE_ON}
    return render(request, "warfare/reports.html", context)
