"""The rules desk: pick a procedure, fill in its form, enter or roll the dice, see the working,
save it to the event's log and print it."""

import json
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.api.rules import api_error, optional_dice, parse_json_body, parse_seed
from umpire.models import ProcedureRun
from umpire.permissions import Perm
from umpire.printing.procedure_record import ProcedureSheet, procedure_record_pdf
from umpire.printing.ruleset_reference import (
    RulesetReference,
    SheetPhase,
    SheetStage,
    SheetTable,
    ruleset_reference_pdf,
)
from umpire.readings_forms import ReadingsForm
from umpire.rules.errors import RulesError
from umpire.rules.read_aloud import spoken
from umpire.rules.reference import get_sequence, get_tables, table_rows
from umpire.rules.registry import RULESETS, get_procedures
from umpire.rules.working import Result
from umpire.selectors import access_event, can
from umpire.services.readings import (
    OPTIONS,
    access_readings_procedure,
    do_set_readings,
    get_event_readings,
    get_options_type,
    get_procedures_with_readings,
    get_readings_sheet,
)
from umpire.services.rules import do_record_procedure_run, prepare_case, run_with_dice

from .rules_desk import rules_procedure, table_named  # noqa: F401 (the desk's page, addressed here)


@login_required
def rules_index(request, slug):
    event = access_event(request.user, slug, Perm.USE_RULES)
    rulesets = sorted(RULESETS, key=lambda name: name != event.ruleset)
    groups = [(name, RULESETS[name], get_procedures(name)) for name in rulesets]
    context = {
        "event": event,
        "groups": [(name, title, procs) for name, title, procs in groups if procs],
        "recent": ProcedureRun.objects.filter(event=event).select_related("run_by", "region")[:15],
    }
    return render(request, "umpire/rules_index.html", context)


@login_required
@require_POST
def rules_run(request, slug, key):
    """Run a procedure for the desk (the JSON API's answer) from the case prepared for the event: an option
    left out takes the event's reading, a cell left out the apps' (`filled` says which)."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    try:
        case, filled = prepare_case(event, key, parse_json_body(request))
        result, seed = run_with_dice(
            key, case, dice=optional_dice(request.GET.get("dice")), seed=parse_seed(request.GET.get("seed"))
        )
    except RulesError as refusal:
        return api_error(400, refusal.field, refusal.message)
    return JsonResponse({**result.as_dict(), "seed": seed, "filled": filled})


@login_required
def rules_readings(request, slug):
    """How the event reads each point its rules leave open: every umpire reads them; Control changes them."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    return render_readings(request, event)


@login_required
@require_POST
def rules_readings_set(request, slug):
    """Control sets the readings of one procedure (named in the form); a bad one is a form error."""
    event = access_event(request.user, slug, Perm.SET_READINGS)
    key = request.POST.get("procedure", "")
    try:
        proc, kind = access_readings_procedure(key)
    except RulesError as refusal:
        messages.error(request, refusal.message)
        return render_readings(request, event, status=400)
    form = ReadingsForm(kind, {}, request.POST, prefix=key)
    if form.is_valid():
        try:
            do_set_readings(event, procedure=key, options=form.options(), actor=request.user)
        except RulesError as refusal:
            name = refusal.field.removeprefix(f"{OPTIONS}.")
            form.add_error(name if name in form.fields else None, f"{refusal.field}: {refusal.message}")
        else:
            messages.success(request, f"The event's readings of {proc.title} are saved.")
            return redirect("umpire:rules-readings", slug=slug)
    return render_readings(request, event, bound={key: form}, status=400)


def render_readings(request, event, *, bound=None, status=200):
    """The readings page; a form sent back with its errors is shown even for a procedure the page does not list
    (of another ruleset, with no readings held yet), so its errors are never lost."""
    changes = can(request.user, event, Perm.SET_READINGS)
    listed = get_procedures_with_readings(event)
    listed += [access_readings_procedure(key)[0] for key in (bound or {}) if key not in {p.key for p in listed}]
    procedures = [readings_item(event, proc, changes, (bound or {}).get(proc.key)) for proc in listed]
    context = {"event": event, "procedures": procedures, "changes": changes}
    return render(request, "umpire/rules_readings.html", context, status=status)


def readings_item(event, proc, changes, form):
    """One procedure on the readings page: its options, and Control's form with each option's field."""
    options = get_readings_sheet(event, proc)
    if changes:
        kind = get_options_type(proc)
        form = form or ReadingsForm(kind, get_event_readings(event, proc.key, kind), prefix=proc.key)
        for option in options:
            option["field"] = form[option["name"]]
    refused = form is not None and form.is_bound
    return {"proc": proc, "options": options, "form": form if changes else None, "refused": refused}


@login_required
@require_POST
def rules_save(request, slug, key):
    """Save a run: the server runs it again from the case and the dice before keeping it."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    try:
        body = parse_json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("dice"), list):
            raise RulesError("dice", "the dice of the run are needed to save it")
        record = do_record_procedure_run(
            event,
            key=key,
            case=body.get("case"),
            dice=body["dice"],
            rolled_by_console=bool(body.get("rolled_by_console")),
            seed=body.get("seed"),
            region=table_named(event, body.get("table")),
            note=body.get("note") or "",
            actor=request.user,
        )
    except RulesError as refusal:
        return api_error(400, refusal.field, refusal.message)
    return JsonResponse(
        {
            "id": record.pk,
            "pdf": reverse("umpire:rules-record-pdf", args=[slug, record.pk]),
            "notes": record.filled_notes + record.follower_notes,
        }
    )


@login_required
def rules_record_pdf(request, slug, pk):
    event = access_event(request.user, slug, Perm.USE_RULES)
    record = get_object_or_404(ProcedureRun.objects.select_related("run_by", "region"), event=event, pk=pk)
    sheet = ProcedureSheet(
        event_name=event.name,
        title=record.title,
        source=record.source,
        procedure=record.procedure,
        ran_at=f"{record.at:%d %b %Y %H:%M}",
        game_turn=record.game_turn or 0,
        table=record.region.name if record.region else "",
        run_by=record.run_by.get_username() if record.run_by else "",
        case=json.dumps(record.case, indent=1),
        spoken=spoken(Result.from_dict(saved_result(record))),
        dice=tuple(f"d{d['sides']}={d['value']} ({d['purpose']})" for d in record.dice),
        note=record.note,
        rolled_by_console=record.rolled_by_console,
        seed=record.seed,
    )
    response = HttpResponse(procedure_record_pdf(sheet), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{record.procedure}-{record.pk}.pdf"'
    return response


def saved_result(record):
    """The saved run's result as the procedure returned it, to read aloud as it was run."""
    return {"procedure": record.procedure, "outcome": record.outcome, "working": record.working, "dice": record.dice}


@login_required
def rules_reference_pdf(request, slug, ruleset):
    """A ruleset's reference sheet: its tables and its sequence of play, as its modules declare them."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    if not get_procedures(ruleset):
        raise Http404("No such ruleset.")
    pdf = ruleset_reference_pdf(reference_sheet(ruleset), event_name=event.name)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{ruleset}-reference.pdf"'
    return response


def reference_sheet(ruleset):
    tables = tuple(SheetTable(table.name, table.source, *table_rows(table)) for table in get_tables(ruleset))
    setup, stages = get_sequence(ruleset) or ((), ())
    return RulesetReference(
        ruleset=RULESETS[ruleset],
        tables=tables,
        setup=tuple((item["text"], item["rule"]) for item in setup),
        stages=tuple(
            SheetStage(
                stage_title(str(stage["stage"])),
                tuple(
                    SheetPhase(
                        phase["title"], phase["rule"], tuple((step["text"], step["rule"]) for step in phase["steps"])
                    )
                    for phase in stage["phases"]
                ),
            )
            for stage in stages
        ),
    )


def stage_title(name):
    """ "Stage VI" for a numbered stage; a named one ("Winter", "January") by its name alone."""
    return f"Stage {name}" if re.fullmatch(r"[IVXLC]+|\d+", name) else name
