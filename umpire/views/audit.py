"""The audit log, Control's alone (Perm.VIEW_AUDIT): every change, newest first, filtered by table,
character, type of change and game month (`?table=&character=&type=&turn=`), and the same entries
as a CSV to take away.
"""

import csv
import json
from itertools import chain

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import StreamingHttpResponse
from django.shortcuts import render

from umpire.audit_forms import AuditFilterForm
from umpire.audit_selectors import get_audit_log, get_changes, get_past_state_url, in_pages
from umpire.permissions import Perm
from umpire.selectors import access_event

PER_PAGE = 100
CSV_COLUMNS = [
    "id",
    "at",
    "game turn",
    "game date",
    "actor",
    "action",
    "target type",
    "target id",
    "target label",
    "tables",
    "characters",
    "reason",
    "undone",
    "before",
    "after",
]


@login_required
def audit_log(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_AUDIT)
    form = AuditFilterForm(request.GET, event=event)
    page = Paginator(get_audit_log(event, **form.filters()), PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "umpire/audit_log.html",
        {"event": event, "form": form, "page": page, "rows": log_rows(page), "filters": filters_query(request)},
    )


def log_rows(page):
    changes = get_changes(page)
    return [
        {"entry": entry, "changes": changes[entry.pk], "past_state_url": get_past_state_url(entry)} for entry in page
    ]


def filters_query(request):
    """The filters as a query string, without the page: for the CSV link and the page links."""
    query = request.GET.copy()
    query.pop("page", None)
    return query.urlencode()


@login_required
def audit_csv(request, slug):
    """Every matching entry, however many, read from the database 500 at a time and written a row at a time.
    (Under ASGI Django gathers a synchronous stream whole before sending it.)"""
    event = access_event(request.user, slug, Perm.VIEW_AUDIT)
    entries = get_audit_log(event, **AuditFilterForm(request.GET, event=event).filters())
    writer = csv.writer(Echo())
    rows = chain([CSV_COLUMNS], map(csv_row, in_pages(entries)))
    response = StreamingHttpResponse(map(writer.writerow, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-audit.csv"'
    return response


def csv_row(entry):
    return [
        entry.pk,
        entry.at.isoformat(),
        "" if entry.game_turn is None else entry.game_turn,
        entry.game_date,
        entry.actor_name,
        entry.action,
        entry.target_type,
        entry.target_id,
        entry.target_label,
        "; ".join(table.name for table in entry.tables.all()),
        "; ".join(character.name for character in entry.characters.all()),
        entry.reason,
        "yes" if entry.undone else "no",
        as_json(entry.before),
        as_json(entry.after),
    ]


def as_json(value):
    return "" if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


class Echo:
    """The csv writer's file: each row it writes is handed straight back, to stream."""

    def write(self, value):
        return value
