"""The personal briefings, printed by Control alone: each carries the secret notes and objectives
Control wrote for one player, so only those who may write them (EDIT_WORLD) may print them.
Anyone else gets the same 404 as "no such event" (umpire.selectors.access_event)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET

from regions.views import pdf_response
from umpire.models import Character
from umpire.permissions import Perm
from umpire.printing.briefing import briefing_pdf as draw_briefing
from umpire.printing.styles import PAGE_SIZES, missing_glyphs, page_size_named
from umpire.selectors import access_event

from .briefings import get_briefing

PRINTS_BRIEFINGS = Perm.EDIT_WORLD


@login_required
@require_GET
def briefings(request, slug):
    event = access_event(request.user, slug, PRINTS_BRIEFINGS)
    characters = Character.objects.filter(event=event).select_related("location", "travelling_to").order_by("name")
    return render(
        request,
        "printshop/briefings.html",
        {
            "event": event,
            "characters": characters,
            "sizes": list(PAGE_SIZES),
            "unprintable": unprintable_names(characters),
        },
    )


def unprintable_names(characters):
    """(name, the letters of it the embedded font lacks) for each name that would print with boxes."""
    return [(character.name, missing) for character in characters if (missing := missing_glyphs(character.name))]


@login_required
@require_GET
def briefing_pdf(request, slug, character_id):
    event = access_event(request.user, slug, PRINTS_BRIEFINGS)
    character = (
        Character.objects.filter(event=event, pk=character_id)
        .select_related("event", "career_rank", "location", "travelling_to")
        .first()
    )
    if character is None:
        raise Http404("No such character.")
    size = request.GET.get("size", "A4")
    try:
        page_size_named(size)
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    sheet = get_briefing(character, site=request.build_absolute_uri("/").rstrip("/"))
    return pdf_response(
        draw_briefing(sheet, event_name=event.name, page_size=size), f"{slug}-briefing-{character.pk}.pdf"
    )
