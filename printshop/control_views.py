"""Control's pack, printed by Control alone: it names every player's offices and commands and every
umpire's seat, so only those who may edit the world (EDIT_WORLD) may print it. Anyone else gets the
same 404 as "no such event" (umpire.selectors.access_event). Printing it changes nothing."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.views.decorators.http import require_GET

from regions.views import pdf_response
from umpire.permissions import Perm
from umpire.printing.styles import page_size_named
from umpire.selectors import access_event

from .control_pack import control_pack as build_control_pack

PRINTS_CONTROL_PACK = Perm.EDIT_WORLD


@login_required
@require_GET
def control_pack(request, slug):
    event = access_event(request.user, slug, PRINTS_CONTROL_PACK)
    size = request.GET.get("size", "A4")
    try:
        page_size_named(size)
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(build_control_pack(event, page_size=size), f"{slug}-control-pack.pdf")
