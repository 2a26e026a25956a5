"""Control's backups page (/control/<slug>/backups/): the snapshots written so far, each to download, and
how often the console writes one. A backup holds every secret of the event (codes, the umpires' password
hashes), so only those who may edit the world (EDIT_WORLD: Control) see the page; anyone else gets the same
404 as for no such event."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from umpire.permissions import Perm
from umpire.selectors import access_event

from .forms import SnapshotScheduleForm
from .models import SnapshotSchedule
from .services.snapshots import do_set_snapshot_schedule, get_snapshots, snapshot_folder

KEEPS_BACKUPS = Perm.EDIT_WORLD


@login_required
@require_GET
def snapshots(request, slug):
    event = access_event(request.user, slug, KEEPS_BACKUPS)
    return _page(request, event, SnapshotScheduleForm(instance=_schedule(event)))


@login_required
@require_POST
def set_schedule(request, slug):
    event = access_event(request.user, slug, KEEPS_BACKUPS)
    form = SnapshotScheduleForm(request.POST, instance=_schedule(event))
    if not form.is_valid():
        return _page(request, event, form, status=400)
    do_set_snapshot_schedule(event, every_turns=form.cleaned_data["every_turns"], actor=request.user)
    messages.success(request, _said(form.cleaned_data["every_turns"]))
    return redirect("backups:snapshots", slug=slug)


@login_required
@require_GET
def download(request, slug, name):
    """Only a file the page lists: the name is looked up, never joined to a path as typed."""
    event = access_event(request.user, slug, KEEPS_BACKUPS)
    if name not in {snap.name for snap in get_snapshots(event)}:
        raise Http404("No such snapshot.")
    return FileResponse(
        (snapshot_folder() / name).open("rb"), as_attachment=True, filename=name, content_type="application/json"
    )


def _schedule(event):
    return SnapshotSchedule.objects.filter(event=event).first() or SnapshotSchedule(event=event)


def _said(every):
    return f"A snapshot will be written every {every} turns." if every else "No more snapshots will be written."


def _page(request, event, form, status=200):
    return render(
        request,
        "backups/snapshots.html",
        {"event": event, "form": form, "folder": snapshot_folder(), "snapshots": get_snapshots(event)},
        status=status,
    )
