"""The maps on paper: a table's map and the Empire's as PDF, for whoever may open the same map on the
screen, showing what that page shows him (maps.selectors decides both). A GET: printing a map reserves
nothing."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest
from django.views.decorators.http import require_GET

from regions.views import pdf_response
from umpire.printing.map_page import map_page_pdf
from umpire.printing.styles import page_size_named

from .selectors import access_empire_map, access_table_map, empire_map_data, table_map_data


@login_required
@require_GET
def table_map_pdf(request, slug, pk):
    table = access_table_map(request.user, slug, pk)
    return printed(request, table_map_data(table, user=request.user), table.event, f"{slug}-map-table-{table.pk}.pdf")


@login_required
@require_GET
def empire_map_pdf(request, slug):
    event = access_empire_map(request.user, slug)
    return printed(request, empire_map_data(event, user=request.user), event, f"{slug}-map.pdf")


def printed(request, data, event, filename):
    """The map on the paper the request names ("?size=Letter"), A4 by default."""
    size = request.GET.get("size", "A4")
    try:
        page_size_named(size)
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(map_page_pdf(data, event_name=event.name, page_size=size), filename)
