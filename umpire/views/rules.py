"""The rules desk: pick a procedure, fill in its form, enter or roll the dice, see the working,
save it to the event's log and print it."""
import json

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.api.rules import api_error, parse_json_body
from umpire.models import ProcedureRun, Region
from umpire.permissions import Perm
from umpire.printing.procedure_record import ProcedureSheet, procedure_record_pdf
from umpire.rules.errors import RulesError
from umpire.rules.registry import RULESETS, get_procedure, get_procedures
from umpire.selectors import access_event
from umpire.services.rules import do_record_procedure_run


@login_required
def rules_index(request, slug):
    event = access_event(request.user, slug, Perm.USE_RULES)
    rulesets = sorted(RULESETS, key=lambda name: name != event.ruleset)
    groups = [(RULESETS[name], get_procedures(name)) for name in rulesets]
    context = {"event": event, "groups": [(title, procs) for title, procs in groups if procs],
               "recent": ProcedureRun.objects.filter(event=event).select_related("run_by", "region")[:15]}
    return render(request, "umpire/rules_index.html", context)


@login_required
def rules_procedure(request, slug, key):
    event = access_event(request.user, slug, Perm.USE_RULES)
    try:
        proc = get_procedure(key)
    except RulesError:
        return render(request, "umpire/rules_unknown.html", {"event": event, "key": key}, status=404)
    tables = Region.objects.filter(event=event)
    my_table = request.user.seats.filter(event=event, region__isnull=False).values_list("region", flat=True).first()
    context = {"event": event, "proc": proc, "description": proc.describe(), "tables": tables, "my_table": my_table,
               "run_url": reverse("api:rules-procedure", args=key.split(".", 1)),
               "save_url": reverse("umpire:rules-save", args=[slug, key])}
    return render(request, "umpire/rules_procedure.html", context)


@login_required
@require_POST
def rules_save(request, slug, key):
    """Save a run: the server runs it again from the case and the dice before keeping it."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    try:
        body = parse_json_body(request)
        if not isinstance(body, dict) or not isinstance(body.get("dice"), list):
            raise RulesError("dice", "the dice of the run are needed to save it")
        region = Region.objects.filter(event=event, pk=body.get("table")).first() if body.get("table") else None
        record = do_record_procedure_run(
            event, key=key, case=body.get("case"), dice=body["dice"], rolled_by_console=bool(body.get("rolled_by_console")),
            seed=body.get("seed") if isinstance(body.get("seed"), int) else None, region=region,
            note=str(body.get("note", ""))[:2000], actor=request.user,
        )
    except RulesError as refusal:
        return api_error(400, refusal.field, refusal.message)
    return JsonResponse({"id": record.pk, "pdf": reverse("umpire:rules-record-pdf", args=[slug, record.pk])})


@login_required
def rules_record_pdf(request, slug, pk):
    event = access_event(request.user, slug, Perm.USE_RULES)
    record = get_object_or_404(ProcedureRun.objects.select_related("run_by", "region"), event=event, pk=pk)
    sheet = ProcedureSheet(
        event_name=event.name, title=record.title, source=record.source, procedure=record.procedure,
        ran_at=f"{record.at:%d %b %Y %H:%M}", game_turn=record.game_turn or 0,
        table=record.region.name if record.region else "", run_by=record.run_by.get_username() if record.run_by else "",
        case=json.dumps(record.case, indent=1), outcome=tuple((k, json.dumps(v) if not isinstance(v, str) else v) for k, v in record.outcome.items()),
        working=tuple((line["kind"], line["text"], "" if line["value"] is None else str(line["value"]), line["rule"]) for line in record.working),
        dice=tuple(f"d{d['sides']}={d['value']} ({d['purpose']})" for d in record.dice), note=record.note,
        rolled_by_console=record.rolled_by_console, seed=record.seed,
    )
    response = HttpResponse(procedure_record_pdf(sheet), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{record.procedure}-{record.pk}.pdf"'
    return response
