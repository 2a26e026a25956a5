"""Batch printing: Control starts a run, watches its progress bar fill live, and downloads the
merged PDF or the ZIP of one file each. Briefings are secret, so runs are Control's alone
(EDIT_WORLD, as for one briefing); anyone else gets the same 404 as "no such event"."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from umpire.selectors import access_event

from .briefing_views import PRINTS_BRIEFINGS
from .forms import PrintRunForm
from .models import PrintRun
from .runs import do_request_print_run

PRINTS_BATCHES = PRINTS_BRIEFINGS
LIVE_ON = "print.progress"
RUNS_SHOWN = 20


@login_required
def print_runs(request, slug):
    event = access_event(request.user, slug, PRINTS_BATCHES)
    form = PrintRunForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            try:
                run = do_request_print_run(
                    event, kind=form.cleaned_data["kind"], page_size=form.cleaned_data["size"], actor=request.user
                )
            except ValidationError as refusal:  # player links that no phone could open: nothing queued
                form.add_error(None, refusal)
            else:
                messages.success(request, f"{run.get_kind_display()} on {run.page_size}: {run.total} documents queued.")
                return redirect("printshop:runs", slug=slug)
    runs = PrintRun.objects.filter(event=event).select_related("requested_by")
    context = {"event": event, "form": form, "runs": runs[:RUNS_SHOWN], "live_on": LIVE_ON}
    return render(request, "printshop/runs.html", context, status=400 if form.errors else 200)


def finished_run(request, slug, run_id, output, filename):
    """A done run's output streamed from its file, to whoever may print batches. A run whose file is gone (a
    database restored on another machine) is not found either: it prints again from the data."""
    event = access_event(request.user, slug, PRINTS_BATCHES)
    run = PrintRun.objects.filter(event=event, pk=run_id, state=PrintRun.State.DONE).only("pk", output).first()
    if run is None or not getattr(run, output):
        raise Http404("No such printed run.")
    try:
        opened = getattr(run, output).open("rb")
    except FileNotFoundError:
        raise Http404("This run's files are gone: print it again.") from None
    return FileResponse(opened, filename=filename, as_attachment=output == "bundle")


@login_required
@require_GET
def run_pdf(request, slug, run_id):
    return finished_run(request, slug, run_id, "merged_pdf", f"{slug}-print-run-{run_id}.pdf")


@login_required
@require_GET
def run_zip(request, slug, run_id):
    return finished_run(request, slug, run_id, "bundle", f"{slug}-print-run-{run_id}.zip")
