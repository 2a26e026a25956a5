"""The table packs: the list of tables, and each table's pack. Control prints any table's pack; a
Region umpire his own tables' (umpire.selectors.get_tables_kept); anyone else gets the same 404 as
"no such event". A pack reserves its slips' codes, so it is built on a POST."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_POST

from regions.views import pdf_response
from umpire.models import Region
from umpire.permissions import Perm
from umpire.printing.styles import PAGE_SIZES, page_size_named
from umpire.selectors import access_event, can, get_tables_kept

from .table_packs import table_pack as build_table_pack

PRINTS_PACKS = Perm.VIEW_WORLD


def tables_for(user, event):
    """The map tables whose packs this user may print: all of them for Control."""
    tables = Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).order_by("position", "name")
    if can(user, event, Perm.EDIT_WORLD):
        return tables
    return tables.filter(pk__in=get_tables_kept(user, event))


@login_required
@require_GET
def table_packs(request, slug):
    event = access_event(request.user, slug, PRINTS_PACKS)
    tables = tables_for(request.user, event)
    if not tables.exists():
        raise Http404("No such event.")
    return render(request, "printshop/table_packs.html", {"event": event, "tables": tables, "sizes": list(PAGE_SIZES)})


@login_required
@require_POST
def table_pack(request, slug, region_id):
    event = access_event(request.user, slug, PRINTS_PACKS)
    region = tables_for(request.user, event).select_related("event").filter(pk=region_id).first()
    if region is None:
        raise Http404("No such table.")
    size = request.POST.get("size", request.GET.get("size", "A4"))
    try:
        page_size_named(size)
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(
        build_table_pack(region, page_size=size, actor=request.user), f"{slug}-table-pack-{region.pk}.pdf"
    )
