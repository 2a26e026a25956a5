"""The board-game pages: trackers (/events/<slug>/trackers/), data tables (/events/<slug>/data/) and
the sequence of play (/events/<slug>/sequence/).

Umpires who run the rules (USE_RULES) read them all, move trackers and decide proposals, and tick
the checklist; Control (EDIT_WORLD) opens trackers, links them to rules procedures (feeds), and edits
and imports the data; advancing the
sequence is the clock's (RUN_CLOCK). Anyone else gets the same 404 as for no such event."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.permissions import Perm
from umpire.selectors import access_event, can
from umpire.views.refusals import refusal_text, valid

from . import forms
from .selectors import (
    access_data_table,
    access_tracker,
    access_tracker_feed,
    access_tracker_move,
    get_csv,
    get_data_tables,
    get_grid,
    get_history,
    get_proposals,
    get_sequence_state,
    get_standard_unopened,
    get_tracker_scope,
    get_trackers_with_courses,
)
from .services.sequence import do_advance_sequence, do_tick_checklist_item
from .services.tables import do_import_data_table, do_prepare_data_tables, do_save_data_rows
from .services.trackers import (
    do_add_tracker_feed,
    do_confirm_tracker_move,
    do_move_tracker,
    do_open_standard_trackers,
    do_open_tracker,
    do_propose_tracker_move,
    do_reject_tracker_move,
    do_remove_tracker_feed,
)

FIELD_LABELS = {
    "name": "Name",
    "minimum": "Minimum",
    "maximum": "Maximum",
    "start": "Starts at",
    "table": "Shown at",
    "change": "Move by",
    "reason": "Why",
    "move": "Proposal",
    "csv": "CSV file",
    "cells": "Data",
    "remove": "Remove",
    "item": "Checklist item",
    "procedure": "Rules procedure",
    "outcome_path": "Place in the outcome",
    "mode": "Mode",
    "tracker": "Tracker",
    "start_stage": "Start at stage",
    "ruleset": "Ruleset",
}


def step(perm, back):
    """A POST needing `perm`: the handler's message, or the refusal in words, then back to `back`."""

    def wrap(handler):
        @login_required
        @require_POST
        @wraps(handler)
        def view(request, slug, **kwargs):
            event = access_event(request.user, slug, perm)
            try:
                messages.success(request, handler(request, event, **kwargs))
            except ValidationError as refusal:
                messages.error(request, refusal_text(refusal, FIELD_LABELS))
            return redirect(back, slug=slug, **{k: v for k, v in kwargs.items() if k == "key"})

        return view

    return wrap


# ---- trackers ------------------------------------------------------------------------------------


@login_required
def trackers(request, slug):
    event = access_event(request.user, slug, Perm.USE_RULES)
    trackers, scope = get_trackers_with_courses(event), get_tracker_scope(request.user, event)
    return render(
        request,
        "boardgames/trackers.html",
        {
            "event": event,
            "trackers": trackers,
            "kept": {tracker.pk for tracker in trackers if scope.covers(tracker)},
            "proposals": get_proposals(event),
            "history": get_history(event),
            "may_open": can(request.user, event, Perm.EDIT_WORLD),
            "open_form": forms.OpenTrackerForm(event=event),
            "feed_form": forms.TrackerFeedForm(event=event),
            "standard_unopened": get_standard_unopened(event),
            "live_on": "tracker.moved",
        },
    )


@step(Perm.EDIT_WORLD, "boardgames:trackers")
def open_tracker(request, event):
    tracker = do_open_tracker(event, actor=request.user, **valid(forms.OpenTrackerForm(request.POST, event=event)))
    return f"{tracker} opened at {tracker.value} ({tracker.bounds})."


@step(Perm.EDIT_WORLD, "boardgames:trackers")
def open_standard_trackers(request, event):
    opened = do_open_standard_trackers(event, actor=request.user)
    if not opened:
        raise ValidationError(f"Every tracker {event.get_ruleset_display()} keeps is open already: nothing opened.")
    return f"Opened {', '.join(str(tracker) for tracker in opened)}."


@step(Perm.USE_RULES, "boardgames:trackers")
def move_tracker(request, event, pk):
    tracker = access_tracker(request.user, event.slug, pk)
    move = do_move_tracker(tracker, actor=request.user, **valid(forms.MoveTrackerForm(request.POST)))
    return f"{tracker} {move.change:+d}, now {move.value_after}: {move.reason}"


@step(Perm.USE_RULES, "boardgames:trackers")
def propose_move(request, event, pk):
    tracker = access_tracker(request.user, event.slug, pk)
    move = do_propose_tracker_move(tracker, actor=request.user, **valid(forms.ProposeTrackerForm(request.POST)))
    return f"Proposed: {tracker} {move.change:+d}. It counts once an umpire confirms it."


@step(Perm.USE_RULES, "boardgames:trackers")
def confirm_move(request, event, pk):
    move = do_confirm_tracker_move(access_tracker_move(request.user, event.slug, pk), actor=request.user)
    return f"Confirmed: {move.tracker} {move.change:+d}, now {move.value_after}."


@step(Perm.USE_RULES, "boardgames:trackers")
def reject_move(request, event, pk):
    move = do_reject_tracker_move(access_tracker_move(request.user, event.slug, pk), actor=request.user)
    return f"Rejected: {move.tracker} {move.change:+d}; it stays at {move.tracker.value}."


@step(Perm.EDIT_WORLD, "boardgames:trackers")
def add_feed(request, event):
    feed = do_add_tracker_feed(actor=request.user, **valid(forms.TrackerFeedForm(request.POST, event=event)))
    return f"{feed.tracker} is fed by {feed.procedure}: each saved run proposes a move."


@step(Perm.EDIT_WORLD, "boardgames:trackers")
def remove_feed(request, event, pk):
    feed = access_tracker_feed(request.user, event.slug, pk)
    do_remove_tracker_feed(feed, actor=request.user)
    return f"{feed.tracker} is no longer fed by {feed.procedure}."


# ---- data tables ---------------------------------------------------------------------------------


@login_required
def data_tables(request, slug):
    event = access_event(request.user, slug, Perm.USE_RULES)
    return render(
        request,
        "boardgames/data_tables.html",
        {
            "event": event,
            "tables": get_data_tables(event),
            "may_edit": can(request.user, event, Perm.EDIT_WORLD),
            "live_on": "datatable.changed",
        },
    )


@step(Perm.EDIT_WORLD, "boardgames:data-tables")
def prepare_tables(request, event):
    made = do_prepare_data_tables(event, actor=request.user)
    return f"Made: {', '.join(t.title for t in made)}." if made else "Every table of this ruleset is here already."


@login_required
def data_table(request, slug, key):
    table = access_data_table(request.user, slug, key)
    may_edit = can(request.user, table.event, Perm.EDIT_WORLD)
    formset = forms.DataRowFormSet(form_kwargs={"table": table}, initial=forms.initial_rows(get_grid(table)))
    refused = request.method == "POST" and may_edit
    if refused:
        formset = forms.DataRowFormSet(request.POST, form_kwargs={"table": table})
        if formset.is_valid() and save_rows(request, table, formset):
            return redirect("boardgames:data-table", slug=slug, key=key)
    # a refused edit comes back 400 with what was typed and each error beside its cell, in view
    return render(
        request,
        "boardgames/data_table.html",
        {
            "event": table.event,
            "table": table,
            "grid": get_grid(table),
            "formset": formset,
            "may_edit": may_edit,
            "import_form": forms.ImportForm(),
            "live_on": "datatable.changed",
            "refused": refused,
        },
        status=400 if refused else 200,
    )


def save_rows(request, table, formset):
    filled = [form for form in formset if form.cleaned_data.get("key")]
    rows = [(form.cleaned_data["key"], form.values()) for form in filled if not form.cleaned_data.get("remove")]
    remove = [form.cleaned_data["key"] for form in filled if form.cleaned_data.get("remove")]
    try:
        changed = do_save_data_rows(table, rows=rows, remove=remove, actor=request.user)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return False
    messages.success(request, f"{table}: {len(changed)} changes saved." if changed else f"{table}: nothing changed.")
    return True


@step(Perm.EDIT_WORLD, "boardgames:data-table")
def import_table(request, event, key):
    table = access_data_table(request.user, event.slug, key, Perm.EDIT_WORLD)
    upload = valid(forms.ImportForm(request.POST, request.FILES))["file"]
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValidationError({"csv": "The file is not UTF-8 text: save it as CSV (UTF-8)."}) from None
    changed = do_import_data_table(table, csv_text=text, actor=request.user)
    return f"{table}: imported, {len(changed)} changes."


@login_required
def export_table(request, slug, key):
    table = access_data_table(request.user, slug, key)
    response = HttpResponse(get_csv(table), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{table.event.slug}-{table.key}.csv"'
    return response


# ---- the sequence of play ------------------------------------------------------------------------


@login_required
def sequence(request, slug):
    event = access_event(request.user, slug, Perm.USE_RULES)
    return render(
        request,
        "boardgames/sequence.html",
        {
            "event": event,
            "state": get_sequence_state(event),
            "may_advance": can(request.user, event, Perm.RUN_CLOCK),
            "advance_form": forms.AdvanceForm(),
            "live_on": "sequence.moved",
        },
    )


@step(Perm.RUN_CLOCK, "boardgames:sequence")
def advance(request, event):
    start_stage = valid(forms.AdvanceForm(request.POST)).get("start_stage") or 1
    position = do_advance_sequence(event, start_stage=start_stage, actor=request.user)
    state = get_sequence_state(event)
    return f"Round {position.round}, stage {state.stage_name or '–'}: {state.phase.title}."


@step(Perm.USE_RULES, "boardgames:sequence")
def tick(request, event):
    data = valid(forms.TickForm(request.POST))
    do_tick_checklist_item(event, item=data["item"], done=data["done"], actor=request.user)
    return f"Item {data['item'] + 1} {'done' if data['done'] else 'to do again'}."
