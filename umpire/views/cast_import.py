"""The cast from Control's spreadsheet (Perm.EDIT_WORLD): upload a CSV or XLSX, see every row as new,
changed, unchanged or refused, apply it as one audited action with a link to undo it; export the cast,
or a template, in the same format.

What the preview showed is kept in the session, never sent back by the browser, and the import reads it
against the world again when it is applied (`do_import_cast`)."""

import secrets

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.cast_sheets import CHARACTERS, MAX_UPLOAD_BYTES, CastSheets, read_cast
from umpire.models import AuditEntry
from umpire.permissions import Perm
from umpire.selectors import access_event, is_record_id
from umpire.services.cast import CSV, IMPORT, XLSX, cast_template, do_import_cast, export_cast, preview_cast, summary
from umpire.views.refusals import refusal_text

CONTENT_TYPES = {
    XLSX: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    CSV: "text/csv; charset=utf-8",
}
FIELD_LABELS = {"file": "The cast file"}


class CastUploadForm(forms.Form):
    file = forms.FileField(
        label="Cast spreadsheet",
        help_text="An .xlsx workbook with a Characters sheet, a Players sheet or both; or one sheet saved as .csv "
        f"(UTF-8). At most {MAX_UPLOAD_BYTES // 1024 // 1024} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size // 1024} KB; a cast file may be {MAX_UPLOAD_BYTES // 1024 // 1024} MB "
                "at most."
            )
        return upload


def session_key(event):
    return f"cast-import-{event.pk}"


@login_required
def cast_import(request, slug):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    if request.method == "POST":
        return preview_upload(request, event)
    return import_page(request, event, CastUploadForm())


def import_page(request, event, form):
    return render(
        request,
        "umpire/cast_import.html",
        {"event": event, "form": form, "imported": imported_entry(request, event)},
    )


def imported_entry(request, event):
    """The import just applied, named on the page with its counts and the link to undo it."""
    pk = request.GET.get("imported", "")
    if not is_record_id(pk):
        return None
    return AuditEntry.objects.filter(event=event, pk=pk, action=IMPORT).first()


def preview_upload(request, event):
    form = CastUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return import_page(request, event, form)
    upload = form.cleaned_data["file"]
    try:
        sheets = read_cast(upload.read(), upload.name)
    except ValidationError as refusal:
        form.add_error("file", refusal.message_dict["file"])
        return import_page(request, event, form)
    token = secrets.token_urlsafe(16)
    request.session[session_key(event)] = {"token": token, "sheets": sheets.as_data(), "filename": upload.name}
    preview = preview_cast(event, sheets)
    return render(
        request,
        "umpire/cast_preview.html",
        {"event": event, "preview": preview, "token": token, "filename": upload.name},
    )


@require_POST
@login_required
def cast_apply(request, slug):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    kept = request.session.get(session_key(event))
    if not kept or not secrets.compare_digest(str(request.POST.get("token", "")), kept["token"]):
        messages.error(
            request,
            "The cast you applied is not the last one previewed here (another upload replaced it, or the session "
            "ended): upload the file again.",
        )
        return redirect("cast:import", slug=event.slug)
    try:
        entry = do_import_cast(
            event, CastSheets.from_data(kept["sheets"]), actor=request.user, reason=f"cast from {kept['filename']}"
        )
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
        return redirect("cast:import", slug=event.slug)
    del request.session[session_key(event)]
    messages.success(request, f"Cast imported from {kept['filename']} as #{entry.pk}: {summary(entry.after['rows'])}.")
    return redirect(f"{reverse('cast:import', kwargs={'slug': event.slug})}?imported={entry.pk}")


@login_required
def cast_export(request, slug, file_format=XLSX, kind=CHARACTERS):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    return download(export_cast(event, file_format, kind), f"{event.slug}-cast", file_format, kind)


@login_required
def cast_template_file(request, slug, file_format=XLSX, kind=CHARACTERS):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    return download(cast_template(event, file_format, kind), f"{event.slug}-cast-template", file_format, kind)


def download(content, stem, file_format, kind):
    name = f"{stem}.xlsx" if file_format == XLSX else f"{stem}-{kind.lower()}.csv"
    response = HttpResponse(content, content_type=CONTENT_TYPES[file_format])
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
