"""The personal briefings, printed by Control alone: each carries the secret notes and objectives
Control wrote for one player, so only those who may write them (EDIT_WORLD) may print them.
Anyone else gets the same 404 as "no such event" (umpire.selectors.access_event)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from regions.views import pdf_response
from umpire.models import Character
from umpire.permissions import Perm
from umpire.printing.briefing import briefing_pdf as draw_briefing
from umpire.printing.styles import PAGE_SIZES, missing_glyphs, page_size_named
from umpire.public_address import is_loopback, public_address
from umpire.selectors import access_event

from .briefings import get_briefing
from .runs import do_record_briefings_printed, site_for_briefings

PRINTS_BRIEFINGS = Perm.EDIT_WORLD


@login_required
@require_GET
def briefings(request, slug):
    event = access_event(request.user, slug, PRINTS_BRIEFINGS)
    characters = (
        Character.objects.filter(event=event)
        .select_related("location", "travelling_to", "printed_briefing")
        .order_by("name")
    )
    address = public_address(event)
    return render(
        request,
        "printshop/briefings.html",
        {
            "event": event,
            "characters": characters,
            "sizes": list(PAGE_SIZES),
            "unprintable": unprintable_names(characters),
            "address": address,
            "loopback": is_loopback(address),
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
    try:
        site = site_for_briefings(event, Character.objects.filter(pk=character.pk))
    except ValidationError as refusal:
        messages.error(request, f"{character}'s briefing is not printed: {' '.join(refusal.messages)}")
        return redirect(reverse("printshop:briefings", args=[slug]) + f"#character-{character.pk}")
    printed_at = timezone.now()
    pdf = draw_briefing(get_briefing(character, site=site), event_name=event.name, page_size=size)
    do_record_briefings_printed([character], printed_at=printed_at)
    return pdf_response(pdf, f"{slug}-briefing-{character.pk}.pdf")
