"""Every form of the project refuses a POST without its CSRF token, even from a role allowed to send it:
each row of the permission matrix (every URL of the project; a page that takes only GET is asked too,
in case it ever takes a POST), sent by a role the row lets through, with Django's CSRF check on."""

from urllib.parse import urlencode

import pytest
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.crypto import get_random_string

from tests import test_permission_matrix as matrix
from umpire.models import AuditEntry

pytestmark = pytest.mark.slow  # every form posted twice

POST_ROWS = [row for row in matrix.ROWS if row.method == matrix.POST]
CSRF_REFUSAL = "CSRF verification failed"
URLENCODED = "application/x-www-form-urlencoded"


def sender(row):
    """A role the row lets through: an umpire if it lets one through, else the player or the projector."""
    allowed = row.allowed.split()
    return next((role for role in allowed if role in matrix.UMPIRES.split()), allowed[0])


def posted(world, row, *, token):
    """What the row's POST answered, and whether the audit log grew; rolled back after."""
    client, role = Client(enforce_csrf_checks=True), sender(row)
    if role in matrix.UMPIRES.split():
        client.force_login(getattr(world, role))
    form, headers = row.form(world), {}
    if token:  # as a page sends it: the cookie, and the form's field or (from a script) the header
        client.cookies["csrftoken"] = token
        form["csrfmiddlewaretoken"], headers["X-CSRFToken"] = token, token
    with transaction.atomic():
        entries = AuditEntry.objects.count()
        # urlencoded, as a browser sends a form without files: a JSON view then still reads its body
        response = client.post(
            row.address(world, world.codes.get(role)), urlencode(form), content_type=URLENCODED, headers=headers
        )
        changed = AuditEntry.objects.count() != entries
        transaction.set_rollback(True)
    return response, changed


def refused_by_csrf(response):
    """Refused by Django's CSRF check, by its own words, not by the view (whose answer may be a PDF)."""
    return response.status_code == 403 and CSRF_REFUSAL.encode() in response.content


def test_a_post_without_its_csrf_token_is_refused_and_changes_nothing(world):
    wrong = []
    for row in matrix.ROWS:
        response, changed = posted(world, row, token=None)
        if not refused_by_csrf(response) or changed:
            wrong.append(f"{row.name} ({row.records}): {response.status_code}{', the audit grew' if changed else ''}")
    assert not wrong, "POSTs let through without a CSRF token:\n" + "\n".join(wrong)


def test_the_same_post_with_its_csrf_token_passes_the_check(world):
    """The refusal above is the CSRF check's, not the row's permission: with the token, no form is refused so."""
    token = get_random_string(32)
    refused = [row.name for row in POST_ROWS if refused_by_csrf(posted(world, row, token=token)[0])]
    assert not refused


def views(resolver=None):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from views(pattern)
        elif isinstance(pattern, URLPattern):
            yield pattern


def test_no_view_of_the_project_is_exempt_from_the_csrf_check():
    exempt = [str(p.pattern) for p in views() if getattr(p.callback, "csrf_exempt", False)]
    assert not exempt, f"views exempt from CSRF: {exempt}"
