"""The rules desk's page for one procedure: its case form (umpire.rules_forms), sent back to list the dice the
case asks for, to run it, or to save the run shown. The page keeps its place (keep_place): a refusal comes back
400 with everything typed and each error beside its field, and the step the umpire is on is marked."""

import json
from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse

from umpire.api.rules import parse_seed
from umpire.models import ProcedureRun, Region
from umpire.permissions import Perm
from umpire.rules.dice import parse_dice_list
from umpire.rules.errors import RulesError
from umpire.rules.json_input import read_case as read_json_case
from umpire.rules.read_aloud import spoken
from umpire.rules.registry import get_procedure
from umpire.rules_dice_rows import asked_dice, dice_error_at, dice_rows, is_whole, typed_dice
from umpire.rules_forms import Source, build_case_form, first_error, input_kinds, place_errors, read_case
from umpire.rules_records import FillRefused, fill_from_records, get_offers, with_the_clock
from umpire.selectors import access_event, is_record_id
from umpire.services.readings import OPTIONS, get_event_readings, get_options_type, get_readings_departures
from umpire.services.rules import do_record_procedure_run, prepare_case, run_entered, run_with_dice


@login_required
def rules_procedure(request, slug, key):
    """The desk's form for one procedure. Sent back, it lists the dice the case asks for, runs the case (a
    refusal comes back 400 with everything typed, each error beside its field), or saves the run shown."""
    event = access_event(request.user, slug, Perm.USE_RULES)
    try:
        proc = get_procedure(key)
    except RulesError:
        return render(request, "umpire/rules_unknown.html", {"event": event, "key": key}, status=404)
    if request.method != "POST":
        saved = saved_run(event, proc, request.GET.get("saved"))
        source = Source(case=saved.case if saved else None)
        return render_desk(request, event, proc, {"form": desk_form(event, proc, source), "saved": saved})
    if request.POST.get("step") == "save":
        return save_run(request, event, proc)
    if request.POST.get("step") == "fill":
        return fill_in(request, event, proc)
    return work_it_out(request, event, proc)


def desk_form(event, proc, source, *, add="", remove="", offers=None):
    return build_case_form(
        described_with_readings(event, proc)["input"],
        source,
        add=add,
        remove=remove,
        kinds=input_kinds(proc.input_type),
        offers=get_offers(event, proc) if offers is None else offers,
    )


def fill_in(request, event, proc):
    """The groups picked from the event's records filled in, for the umpire to check and change before he
    runs the case; a record that cannot be used is refused beside its group, and nothing is filled."""
    offers = get_offers(event, proc)
    build = partial(desk_form, event, proc, offers=offers)
    try:
        source, notes = fill_from_records(event, proc, request.POST, build)
    except FillRefused as refusal:
        return refused(request, event, proc, {"form": build(Source(posted=request.POST))}, refusal.errors)
    form = build(source)
    current = next((path for path in source.filled), "form")
    return render_desk(request, event, proc, {"form": form, "from_records": notes, "current": current})


def saved_run(event, proc, pk):
    """The run of this procedure just saved from the desk, named in the address after a save."""
    runs = ProcedureRun.objects.filter(event=event, procedure=proc.key)
    return runs.filter(pk=int(pk)).first() if is_record_id(pk) else None


def render_desk(request, event, proc, desk, *, status=200):
    context = {
        "event": event,
        "proc": proc,
        "description": described_with_readings(event, proc),
        "tables": Region.objects.filter(event=event),
        "my_table": request.user.seats.filter(event=event, region__isnull=False)
        .values_list("region", flat=True)
        .first(),
        "departures": get_readings_departures(event, proc),
        "current": "saved" if desk.get("saved") else "",
        **desk,
    }
    return render(request, "umpire/rules_procedure.html", context, status=status)


def work_it_out(request, event, proc):
    """A list grown or shrunk comes back as it is; else the case is read, its dice listed, and it is run."""
    add, remove = request.POST.get("add", ""), request.POST.get("remove", "")
    form = desk_form(event, proc, Source(posted=request.POST), add=add, remove=remove)
    at_table = request.POST.get("dice_mode") == "table" or request.POST.get("step") == "dice"
    desk = {"form": form, "at_table": at_table, "current": "form"}
    if add or remove:
        return render_desk(request, event, proc, {**desk, "current": add or remove.rpartition(".")[0]})
    case, errors = read_case(form)
    if errors:
        return refused(request, event, proc, desk, errors)
    try:
        case, filled = prepare_case(event, proc.key, case)
    except RulesError as refusal:
        return refused(request, event, proc, desk, {refusal.field: refusal.message})
    if at_table:
        return run_with_table_dice(request, event, proc, {**desk, "filled": filled}, case)
    return run_case(request, event, proc, {**desk, "filled": filled}, case, dice=None)


def run_with_table_dice(request, event, proc, desk, case):
    """One row per die the case asks for, with its purpose; run once every die asked for is typed."""
    typed, errors = typed_dice(request.POST)
    whole = [int(text) for text in typed if is_whole(text)]
    rows = dice_rows(asked_dice(proc.key, case, whole), typed, errors)
    desk = {**desk, "dice": rows, "current": "dice"}
    if request.POST.get("step") == "dice":
        return render_desk(request, event, proc, desk)
    missing = [row for row in rows if row.value == "" and not row.error]
    for row in missing[:1]:
        row.error = f"is needed: a d{row.sides} for {row.purpose}" + (
            f", and {len(missing) - 1} more after it" if len(missing) > 1 else ""
        )
    if errors or missing:
        return render_desk(request, event, proc, desk, status=400)
    return run_case(request, event, proc, desk, case, dice=whole)


def run_case(request, event, proc, desk, case, *, dice):
    try:
        result, seed = run_with_dice(proc.key, case, dice=dice)
    except RulesError as refusal:
        return refused(request, event, proc, desk, {refusal.field: refusal.message})
    return render_desk(request, event, proc, {**desk, **shown_result(result, seed, desk["form"]), "current": "result"})


def shown_result(result, seed, form):
    """The result as the umpire reads it out (umpire.rules.read_aloud): the verdict, then the working; and
    what the save form sends back: the case run and its dice."""
    case, _ = read_case(form)
    return {
        "said": spoken(result),
        "run": {
            "case": json.dumps(case),
            "dice": ",".join(str(roll.value) for roll in result.dice),
            "seed": "" if seed is None else seed,
            "rolled_by_console": "yes" if seed is not None else "",
        },
    }


def refused(request, event, proc, desk, errors):
    """The form back with each error beside its field: a die's beside its row, the rest at the top if no
    field holds them."""
    rows = {row.name: row for row in desk.get("dice", [])}
    for path, message in list(errors.items()):
        number = dice_error_at(RulesError(path, message))
        if number is not None and f"die.{number}" in rows:
            rows[f"die.{number}"].error = message
            del errors[path]
    problems = place_errors(desk["form"], errors)
    current = "problems" if problems else first_error(desk["form"]) or desk.get("current", "form")
    return render_desk(request, event, proc, {**desk, "problems": problems, "current": current}, status=400)


def save_run(request, event, proc):
    """Save the run shown: the server runs it again from its case and dice before keeping it, then the desk
    opens again with the saved run to print."""
    posted = request.POST
    try:
        case = read_json_case(posted.get("case", ""), field="case")
        dice = parse_dice_list(posted.get("dice", ""))
        record = do_record_procedure_run(
            event,
            key=proc.key,
            case=case,
            dice=dice,
            rolled_by_console=posted.get("rolled_by_console") == "yes",
            seed=parse_seed(posted.get("seed") or None),
            region=table_named(event, posted.get("table")),
            note=posted.get("note", ""),
            actor=request.user,
        )
    except RulesError as refusal:
        return save_refused(request, event, proc, refusal)
    notes = " ".join(record.filled_notes + record.follower_notes)
    messages.success(request, f"Saved to the event's log as run {record.pk}: {record.title}. {notes}".strip())
    return redirect(f"{reverse('umpire:rules-procedure', args=[event.slug, proc.key])}?saved={record.pk}")


def save_refused(request, event, proc, refusal):
    """The run comes back as it was shown, with the save form's error beside its field."""
    posted = request.POST
    case = read_json_case(posted.get("case", ""), field="case") if refusal.field != "case" else None
    form = desk_form(event, proc, Source(case=case))
    desk = {"form": form, "current": "result", "note": posted.get("note", ""), "table": posted.get("table", "")}
    desk["save_error"] = {"field": refusal.field, "message": refusal.message}
    try:
        prepared, filled = prepare_case(event, proc.key, case)
        result = run_entered(proc.key, prepared, parse_dice_list(posted.get("dice", "")))
    except RulesError as again:
        return refused(request, event, proc, desk, {again.field: again.message})
    seed = posted.get("seed") if posted.get("rolled_by_console") == "yes" else None
    desk.update(shown_result(result, seed, form), filled=filled)
    return render_desk(request, event, proc, desk, status=400)


def described_with_readings(event, proc):
    """The procedure's description with its options' defaults replaced by the event's readings,
    so the desk's form starts from them."""
    description = proc.describe()
    with_the_clock(event, proc, description["input"])
    kind = get_options_type(proc)
    readings = get_event_readings(event, proc.key, kind) if kind else {}
    for entry in description["input"]:
        if entry["name"] == OPTIONS and readings:
            entry["default"] = {**entry.get("default", {}), **readings}
            for option in entry["fields"]:
                option["default"] = readings.get(option["name"], option.get("default"))
    return description


def table_named(event, table):
    """The table a saved run is filed under, by its id (a number, or its digits); none if it names none."""
    if table in (None, ""):
        return None
    found = (
        Region.objects.filter(event=event, pk=int(table)).first()
        if not isinstance(table, bool) and is_record_id(table)
        else None
    )
    if found is None:
        raise RulesError("table", f"{str(table)[:40]!r} is not a table of this event")
    return found
