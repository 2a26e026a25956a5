"""A letter's paper: the cover of a posted letter, and a table's sheets of blank slips.

Both are the post's (KEEP_POST): a letter's cover for whoever keeps its origin, its tray or its
destination, or Control; a table's stationery for whoever keeps that table's post, or Control.
Anything else is the same 404 as "no such" (mail.selectors' access_letter and access_tray).
"""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponseBadRequest
from django.views.decorators.http import require_GET, require_POST

from regions.views import pdf_response
from umpire.printing.styles import page_size_named
from umpire.views.refusals import refusal_text

from .printing import letter_cover, stationery
from .selectors import access_letter, access_tray
from .services.stationery import do_print_stationery

FIELD_LABELS = {"slips": "Slips", "size": "Paper size"}


@login_required
@require_GET
def letter_cover_pdf(request, slug, pk):
    _, _, letter = access_letter(request.user, slug, pk)
    try:
        pdf = letter_cover(letter, page_size=request.GET.get("size", "A4"))
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(pdf, f"{slug}-letter-{letter.code}-cover.pdf")


@login_required
@require_POST
def stationery_pdf(request, slug, table_id):
    """Reserve the codes and print them: the paper size is checked first, so a refusal reserves nothing."""
    _, _, table = access_tray(request.user, slug, table_id)
    try:
        slips, size = parse_stationery(request.POST)
        codes = do_print_stationery(table, slips=slips, actor=request.user)
    except ValidationError as refusal:
        return HttpResponseBadRequest(refusal_text(refusal, FIELD_LABELS), content_type="text/plain; charset=utf-8")
    return pdf_response(stationery(table, codes, page_size=size), f"{slug}-{table.pk}-stationery.pdf")


def parse_stationery(data):
    """The number of slips and the paper size, or a refusal naming the field."""
    text, size = data.get("slips", "").strip(), data.get("size", "A4")
    if not (text.isascii() and text.isdigit()):
        raise ValidationError({"slips": f"Give the number of slips to print, as 8, not {text!r}."})
    try:
        page_size_named(size)
    except ValueError as refusal:
        raise ValidationError({"size": str(refusal)}) from refusal
    return int(text), size
