"""Undo, Control's alone (Perm.UNDO_ACTIONS): a page that shows what an audited action changed
and whether it can be undone now, and the button that undoes it with a compensating action."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render

from umpire.models import AuditEntry
from umpire.permissions import Perm
from umpire.selectors import access_event
from umpire.services.undo import do_undo, undo_of, why_not
from umpire.views.refusals import refusal_text, valid

FIELD_LABELS = {"reason": "Why"}


class UndoForm(forms.Form):
    reason = forms.CharField(label="Why", max_length=500, widget=forms.TextInput(attrs={"size": 60}))


@login_required
def undo_entry(request, slug, pk):
    event = access_event(request.user, slug, Perm.UNDO_ACTIONS)
    entry = AuditEntry.objects.filter(event=event, pk=pk).select_related("part_of").first()
    if entry is None:
        raise Http404("No such entry in the log.")
    if request.method == "POST":
        return undo_and_return(request, event, entry)
    return render(
        request,
        "umpire/audit_undo.html",
        {
            "event": event,
            "entry": entry,
            "steps": entry.parts.order_by("pk"),
            "undone_by": undo_of(entry),
            "refused": why_not(entry),
            "form": UndoForm(),
        },
    )


def undo_and_return(request, event, entry):
    try:
        undone = do_undo(entry, actor=request.user, **valid(UndoForm(request.POST)))
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return redirect("umpire:undo", slug=event.slug, pk=entry.pk)
    messages.success(request, f"#{entry.pk} {entry.action} of {entry.target_label} is undone by #{undone.pk}.")
    return redirect("umpire:undo", slug=event.slug, pk=entry.pk)
