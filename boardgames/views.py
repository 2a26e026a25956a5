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
from umpire.refusals import refused_in
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


def step(perm, back, page, typed_form=None):
    """A POST needing `perm`. Taken: the handler's message, then back to `back` (POST-redirect-GET).
    Refused, by its form or by the service: `page` again, status 400 and nothing changed, the form as
    typed with each problem beside its field, marked as the current step; a step with no form says why
    in a message. `typed_form(request, event, **kwargs)` gives {its place on the page: the form bound
    to the POST}; the handler gets the form, fetches what it acts on (a 404 comes before any 400), then
    takes its data through `valid`, which leaves a bad field's errors beside it."""

    def wrap(handler):
        @login_required
        @require_POST
        @wraps(handler)
        def view(request, slug, **kwargs):
            event = access_event(request.user, slug, perm)
            typed = typed_form(request, event, **kwargs) if typed_form else {}
            try:
                message = handler(request, event, *typed.values(), **kwargs)
            except ValidationError as refusal:
                return refused(request, page, event, typed, refusal, kwargs)
            messages.success(request, message)
            return redirect(back, slug=slug, **{k: v for k, v in kwargs.items() if k == "key"})

        return view

    return wrap


def refused(request, page, event, typed, refusal, kwargs):
    """The page as it stands (the service changed nothing), with the refusal where it belongs."""
    for form in typed.values():
        if form.is_valid():  # the form was content: the refusal is the service's
            refused_in(form, refusal, FIELD_LABELS)
    if not typed:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    return page(request, event, typed=typed, status=400, **kwargs)


# ---- trackers ------------------------------------------------------------------------------------


@login_required
def trackers(request, slug):
    return trackers_page(request, access_event(request.user, slug, Perm.USE_RULES))


def trackers_page(request, event, *, typed=None, status=200, **kwargs):
    """The trackers, with a refused form as `typed` ({its place: the form}) where it was sent from."""
    typed = typed or {}
    trackers, scope = get_trackers_with_courses(event), get_tracker_scope(request.user, event)
    kept = {tracker.pk for tracker in trackers if scope.covers(tracker)}
    for tracker in trackers:
        if tracker.pk in kept:
            tracker_forms(tracker, typed)
    return render(
        request,
        "boardgames/trackers.html",
        {
            "event": event,
            "trackers": trackers,
            "kept": kept,
            "proposals": get_proposals(event),
            "history": get_history(event),
            "may_open": can(request.user, event, Perm.EDIT_WORLD),
            "open_form": typed.get("open") or forms.OpenTrackerForm(event=event),
            "feed_form": typed.get("feed") or forms.TrackerFeedForm(event=event),
            "refused": next(iter(typed), None),
            "standard_unopened": get_standard_unopened(event),
            "live_on": "tracker.moved",
        },
        status=status,
    )


def tracker_forms(tracker, typed):
    """A kept tracker's move and proposal forms, either of them as typed if it was the one refused."""
    move, propose = f"move-{tracker.pk}", f"propose-{tracker.pk}"
    tracker.move_form = typed.get(move) or forms.move_form(tracker.pk)
    tracker.propose_form = typed.get(propose) or forms.propose_form(tracker.pk)
    tracker.refused = move in typed or propose in typed


def typed_open(request, event):
    return {"open": forms.OpenTrackerForm(request.POST, event=event)}


def typed_move(request, event, pk):
    return {f"move-{pk}": forms.move_form(pk, request.POST)}


def typed_proposal(request, event, pk):
    return {f"propose-{pk}": forms.propose_form(pk, request.POST)}


def typed_feed(request, event):
    return {"feed": forms.TrackerFeedForm(request.POST, event=event)}


@step(Perm.EDIT_WORLD, "boardgames:trackers", trackers_page, typed_open)
def open_tracker(request, event, form):
    tracker = do_open_tracker(event, actor=request.user, **valid(form))
    standing = "not set: its first move sets it" if tracker.value is None else f"at {tracker.value}"
    return f"{tracker} opened {standing} ({tracker.bounds})."


@step(Perm.EDIT_WORLD, "boardgames:trackers", trackers_page)
def open_standard_trackers(request, event):
    opened = do_open_standard_trackers(event, actor=request.user)
    if not opened:
        raise ValidationError(f"Every tracker {event.get_ruleset_display()} keeps is open already: nothing opened.")
    return f"Opened {', '.join(str(tracker) for tracker in opened)}."


@step(Perm.USE_RULES, "boardgames:trackers", trackers_page, typed_move)
def move_tracker(request, event, form, pk):
    tracker = access_tracker(request.user, event.slug, pk)
    move = do_move_tracker(tracker, actor=request.user, **valid(form))
    return f"{tracker} {move.change:+d}, now {move.value_after}: {move.reason}"


@step(Perm.USE_RULES, "boardgames:trackers", trackers_page, typed_proposal)
def propose_move(request, event, form, pk):
    tracker = access_tracker(request.user, event.slug, pk)
    move = do_propose_tracker_move(tracker, actor=request.user, **valid(form))
    return f"Proposed: {tracker} {move.change:+d}. It counts once an umpire confirms it."


@step(Perm.USE_RULES, "boardgames:trackers", trackers_page)
def confirm_move(request, event, pk):
    move = do_confirm_tracker_move(access_tracker_move(request.user, event.slug, pk), actor=request.user)
    return f"Confirmed: {move.tracker} {move.change:+d}, now {move.value_after}."


@step(Perm.USE_RULES, "boardgames:trackers", trackers_page)
def reject_move(request, event, pk):
    move = do_reject_tracker_move(access_tracker_move(request.user, event.slug, pk), actor=request.user)
    return f"Rejected: {move.tracker} {move.change:+d}; it stays at {move.tracker.value}."


@step(Perm.EDIT_WORLD, "boardgames:trackers", trackers_page, typed_feed)
def add_feed(request, event, form):
    feed = do_add_tracker_feed(actor=request.user, **valid(form))
    return f"{feed.tracker} is fed by {feed.procedure}: each saved run proposes a move."


@step(Perm.EDIT_WORLD, "boardgames:trackers", trackers_page)
def remove_feed(request, event, pk):
    feed = access_tracker_feed(request.user, event.slug, pk)
    do_remove_tracker_feed(feed, actor=request.user)
    return f"{feed.tracker} is no longer fed by {feed.procedure}."


# ---- data tables ---------------------------------------------------------------------------------


@login_required
def data_tables(request, slug):
    return data_tables_page(request, access_event(request.user, slug, Perm.USE_RULES))


def data_tables_page(request, event, *, typed=None, status=200):
    return render(
        request,
        "boardgames/data_tables.html",
        {
            "event": event,
            "tables": get_data_tables(event),
            "may_edit": can(request.user, event, Perm.EDIT_WORLD),
            "live_on": "datatable.changed",
        },
        status=status,
    )


@step(Perm.EDIT_WORLD, "boardgames:data-tables", data_tables_page)
def prepare_tables(request, event):
    made = do_prepare_data_tables(event, actor=request.user)
    return f"Made: {', '.join(t.title for t in made)}." if made else "Every table of this ruleset is here already."


@login_required
def data_table(request, slug, key):
    table = access_data_table(request.user, slug, key)
    if request.method == "POST" and can(request.user, table.event, Perm.EDIT_WORLD):
        formset = forms.DataRowFormSet(request.POST, form_kwargs={"table": table})
        if formset.is_valid() and save_rows(request, table, formset):
            return redirect("boardgames:data-table", slug=slug, key=key)
        # a refused edit comes back 400 with what was typed and each error beside its cell, in view
        return data_table_page(request, table, typed={"rows": formset}, status=400)
    return data_table_page(request, table)


def data_table_page(request, table, *, typed=None, status=200):
    """One table; a refused edit or import as `typed` ({"rows" or "import": the form}), in view."""
    typed = typed or {}
    grid = get_grid(table)
    return render(
        request,
        "boardgames/data_table.html",
        {
            "event": table.event,
            "table": table,
            "grid": grid,
            "formset": typed.get("rows")
            or forms.DataRowFormSet(form_kwargs={"table": table}, initial=forms.initial_rows(grid)),
            "may_edit": can(request.user, table.event, Perm.EDIT_WORLD),
            "import_form": typed.get("import") or forms.ImportForm(),
            "live_on": "datatable.changed",
            "refused": next(iter(typed), None),
        },
        status=status,
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


def table_page(request, event, *, typed=None, status=200, key):
    return data_table_page(request, access_data_table(request.user, event.slug, key), typed=typed, status=status)


def typed_import(request, event, key):
    return {"import": forms.ImportForm(request.POST, request.FILES)}


@step(Perm.EDIT_WORLD, "boardgames:data-table", table_page, typed_import)
def import_table(request, event, form, key):
    table = access_data_table(request.user, event.slug, key, Perm.EDIT_WORLD)
    upload = valid(form)["csv"]
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
    return sequence_page(request, access_event(request.user, slug, Perm.USE_RULES))


def sequence_page(request, event, *, typed=None, status=200):
    """Where the game stands; the move on refused comes back as `typed`, its problems beside its field."""
    state, advance_form = get_sequence_state(event), (typed or {}).get("advance") or forms.AdvanceForm()
    if state is None and advance_form.errors:  # a game with no sequence shows no form to hold them
        messages.error(request, refusal_text(ValidationError(advance_form.errors), FIELD_LABELS))
    return render(
        request,
        "boardgames/sequence.html",
        {
            "event": event,
            "state": state,
            "may_advance": can(request.user, event, Perm.RUN_CLOCK),
            "advance_form": advance_form,
            "live_on": "sequence.moved",
        },
        status=status,
    )


def typed_advance(request, event):
    return {"advance": forms.AdvanceForm(request.POST)}


@step(Perm.RUN_CLOCK, "boardgames:sequence", sequence_page, typed_advance)
def advance(request, event, form):
    start_stage = valid(form).get("start_stage") or 1
    position = do_advance_sequence(event, start_stage=start_stage, actor=request.user)
    state = get_sequence_state(event)
    return f"Round {position.round}, stage {state.stage_name or '–'}: {state.phase.title}."


@step(Perm.USE_RULES, "boardgames:sequence", sequence_page)
def tick(request, event):
    # each item's button is its own form of hidden fields: a refusal is said in a message, not beside a field
    data = valid(forms.TickForm(request.POST))
    do_tick_checklist_item(event, item=data["item"], done=data["done"], actor=request.user)
    return f"Item {data['item'] + 1} {'done' if data['done'] else 'to do again'}."
