"""Control's map editor (Perm.EDIT_WORLD; anyone else finds no page): the event's map points by table and
province and its routes, each added, edited and removed here; a map file imported whole; the map exported as
GeoJSON or as the two CSV sheets.

Thin, as every view: a form is read, the map service (regions.services.map) writes, and a refusal, by the form
or the service, comes back in place with status 400, the form as typed and each problem beside its field.
The page keeps its place (hx-boost) and is reloaded live when the map changes (map.changed).
"""

from itertools import groupby

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from regions.map_io import (
    GEOJSON,
    POINTS_CSV,
    ROUTES_CSV,
    decoded,
    format_of,
    write_geojson,
    write_points_csv,
    write_routes_csv,
)
from regions.models import Fleet, Force, MapPoint, MapRoute
from regions.services.map import (
    IMPORTED,
    do_import_map,
    do_remove_map_point,
    do_remove_map_route,
    do_save_map_point,
    do_save_map_route,
    map_rows,
    routes_of,
    summary,
)
from umpire.models import AuditEntry
from umpire.permissions import Perm
from umpire.refusals import refused_in
from umpire.selectors import access_event, is_record_id
from umpire.views.refusals import refusal_text

from .edit_forms import DETECT, ImportForm, PointForm, RemovePointForm, RouteForm

EDITS_MAP = Perm.EDIT_WORLD
LIVE_ON = "map.changed force.changed fleet.changed audit.undone"
FIELD_LABELS = {"file": "The map file", "one": "From", "other": "To"}
DOWNLOADS = {
    GEOJSON: ("map.geojson", "application/geo+json; charset=utf-8"),
    POINTS_CSV: ("points.csv", "text/csv; charset=utf-8"),
    ROUTES_CSV: ("routes.csv", "text/csv; charset=utf-8"),
}


def access_map(user, slug):
    return access_event(user, slug, EDITS_MAP)


def event_points(event):
    return MapPoint.objects.filter(event=event).select_related("province__region").order_by("name")


# ---- the page ------------------------------------------------------------------------------------------------


@login_required
@require_GET
def map_editor(request, slug):
    event = access_map(request.user, slug)
    return editor_page(request, event)


def editor_page(request, event, *, point_form=None, route_form=None, import_form=None, status=200):
    points = event_points(event).prefetch_related(
        Prefetch("forces", queryset=Force.objects.order_by("name")),
        Prefetch("fleets", queryset=Fleet.objects.order_by("name")),
    )
    routes = MapRoute.objects.filter(event=event).select_related("one__province__region", "other__province__region")
    context = {
        "event": event,
        "tables": by_table(points),
        "routes": list(routes),
        "point_form": point_form or PointForm(event, prefix="point"),
        "route_form": route_form or RouteForm(event, event_points(event), prefix="route"),
        "import_form": import_form or ImportForm(prefix="import"),
        "imported": imported_entry(request, event),
        "live_on": LIVE_ON,
    }
    return render(request, "maps/edit.html", context, status=status)


def by_table(points):
    """The points grouped by table, then by province, in the order a table's umpire reads his map."""
    ordered = sorted(
        points, key=lambda p: (p.province.region.position, p.province.region.name, p.province.name, p.name)
    )
    return [
        {
            "table": table,
            "provinces": [
                {"province": province, "points": list(of_province)}
                for province, of_province in groupby(in_table, key=lambda p: p.province)
            ],
        }
        for table, in_table in ((t, list(g)) for t, g in groupby(ordered, key=lambda p: p.province.region))
    ]


def imported_entry(request, event):
    """The import just made, named on the page with its counts and the link to undo it."""
    pk = request.GET.get("imported", "")
    if not is_record_id(pk):
        return None
    return AuditEntry.objects.filter(event=event, pk=pk, action=IMPORTED).first()


# ---- points --------------------------------------------------------------------------------------------------


@login_required
@require_POST
def add_point(request, slug):
    event = access_map(request.user, slug)
    form = PointForm(event, request.POST, prefix="point")
    if not saved_point(request, form):
        return editor_page(request, event, point_form=form, status=400)
    messages.success(request, f"{form.instance} added to the map in {form.instance.province}.")
    return redirect("maps:edit", slug=event.slug)


@login_required
@require_http_methods(["GET", "POST"])
def edit_point(request, slug, pk):
    event = access_map(request.user, slug)
    point = get_object_or_404(event_points(event), pk=pk)
    if request.method == "GET":
        return point_page(request, event, point, PointForm(event, instance=point))
    form = PointForm(event, request.POST, instance=point)
    if not saved_point(request, form):
        return point_page(request, event, refetched(point), form, status=400)
    messages.success(request, f"{form.instance} saved.")
    return redirect("maps:edit-point", slug=event.slug, pk=point.pk)


def saved_point(request, form):
    """Whether the typed point was saved; a refusal is put beside its field."""
    return saved(request, form, lambda: do_save_map_point(form.point(), actor=request.user))


def saved(request, form, save):
    """Whether the form was valid and its record saved; the service's refusal is put beside its field."""
    if not form.is_valid():
        return False
    try:
        save()
    except ValidationError as refusal:
        refused_in(form, refusal, FIELD_LABELS)
        return False
    return True


@login_required
@require_POST
def remove_point(request, slug, pk):
    event = access_map(request.user, slug)
    point = get_object_or_404(event_points(event), pk=pk)
    form = RemovePointForm(request.POST)
    form.is_valid()
    try:
        do_remove_map_point(point, with_routes=form.cleaned_data.get("with_routes", False), actor=request.user)
    except ValidationError as refusal:
        refused_in(form, refusal)
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return point_page(request, event, point, PointForm(event, instance=point), remove_form=form, status=400)
    messages.success(request, f"{point} removed from the map.")
    return redirect("maps:edit", slug=event.slug)


def refetched(point):
    """The point as stored, for the page's heading and lists, when the form that changed it was refused."""
    return MapPoint.objects.select_related("province__region").get(pk=point.pk)


def point_page(request, event, point, form, *, remove_form=None, status=200):
    context = {
        "event": event,
        "point": point,
        "form": form,
        "remove_form": remove_form or RemovePointForm(),
        "routes": list(routes_of([point.pk])),
        "forces": list(Force.objects.filter(map_point=point).order_by("name")),
        "fleets": list(Fleet.objects.filter(station=point).order_by("name")),
        "live_on": LIVE_ON,
    }
    return render(request, "maps/edit_point.html", context, status=status)


# ---- routes --------------------------------------------------------------------------------------------------


@login_required
@require_POST
def add_route(request, slug):
    event = access_map(request.user, slug)
    form = RouteForm(event, event_points(event), request.POST, prefix="route")
    if not saved_route(request, form):
        return editor_page(request, event, route_form=form, status=400)
    messages.success(request, f"{form.instance} added to the map.")
    return redirect("maps:edit", slug=event.slug)


@login_required
@require_http_methods(["GET", "POST"])
def edit_route(request, slug, pk):
    event = access_map(request.user, slug)
    route = get_object_or_404(MapRoute.objects.filter(event=event).select_related("one", "other"), pk=pk)
    if request.method == "GET":
        return route_page(request, event, route, RouteForm(event, event_points(event), instance=route))
    form = RouteForm(event, event_points(event), request.POST, instance=route)
    if not saved_route(request, form):
        stored = MapRoute.objects.select_related("one", "other").get(pk=route.pk)
        return route_page(request, event, stored, form, status=400)
    messages.success(request, f"{form.instance} saved.")
    return redirect("maps:edit-route", slug=event.slug, pk=route.pk)


def saved_route(request, form):
    return saved(request, form, lambda: do_save_map_route(form.route(), actor=request.user))


@login_required
@require_POST
def remove_route(request, slug, pk):
    event = access_map(request.user, slug)
    route = get_object_or_404(MapRoute.objects.filter(event=event).select_related("one", "other"), pk=pk)
    label = str(route)
    do_remove_map_route(route, actor=request.user)
    messages.success(request, f"{label} removed from the map.")
    return redirect("maps:edit", slug=event.slug)


def route_page(request, event, route, form, *, status=200):
    context = {"event": event, "route": route, "form": form, "live_on": LIVE_ON}
    return render(request, "maps/edit_route.html", context, status=status)


# ---- files ---------------------------------------------------------------------------------------------------


@login_required
@require_POST
def import_map(request, slug):
    event = access_map(request.user, slug)
    form = ImportForm(request.POST, request.FILES, prefix="import")
    entry = imported(request, event, form) if form.is_valid() else None
    if entry is None:
        return editor_page(request, event, import_form=form, status=400)
    messages.success(request, f"Map imported as #{entry.pk}: {summary(entry.after)}.")
    return redirect(f"{reverse('maps:edit', kwargs={'slug': event.slug})}?imported={entry.pk}#imported")


def imported(request, event, form):
    """The import's audit entry, or None with the refusal beside the file field."""
    upload = form.cleaned_data["file"]
    try:
        text = decoded(upload.read())
        file_format = form.cleaned_data["format"] or format_of(upload.name, text)
        if file_format is None or file_format == DETECT:
            raise ValidationError({"format": f"{upload.name} does not say which map file it is: choose its format."})
        return do_import_map(event, text, format=file_format, actor=request.user, reason=f"map from {upload.name}")
    except ValidationError as refusal:
        refused_in(form, refusal)
        return None


@login_required
@require_GET
def export_map(request, slug, file_format):
    event = access_map(request.user, slug)
    points, routes = map_rows(event)
    writers = {
        GEOJSON: lambda: write_geojson(points, routes),
        POINTS_CSV: lambda: write_points_csv(points),
        ROUTES_CSV: lambda: write_routes_csv(routes),
    }
    name, content_type = DOWNLOADS[file_format]
    response = HttpResponse(writers[file_format](), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{name}"'
    return response
