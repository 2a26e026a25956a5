"""A cheap fingerprint of every table's rows, to tell "nothing was written" from "something was", and which
tables a change touched. The audit log is read apart: a change must add to it, a refusal must not."""

import contextlib
import hashlib
import re

from django.apps import apps
from django.db import connection

from umpire.models import AuditEntry

# Rows a request touches whatever it asks: the session (umpire.sessions), and the sign-in time of the user the test
# logs in.
NOT_JUDGED = {"umpire.BrowserSession", "umpire.AuditEntry"}
NOT_JUDGED_COLUMNS = {"last_login"}


WRITE = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


def fingerprint(labels=None):
    """Each judged table's rows (of `labels` alone, if given), as one digest per table."""
    return {
        model._meta.label: digest(model)
        for model in apps.get_models(include_auto_created=True)
        if model._meta.label not in NOT_JUDGED and (labels is None or model._meta.label in labels)
    }


@contextlib.contextmanager
def tables_written():
    """While open, the labels of the models whose tables a statement wrote to: only those need digesting after,
    though a write rolled back by its savepoint leaves the table as it was, which the digest then shows."""
    models = {model._meta.db_table: model._meta.label for model in apps.get_models(include_auto_created=True)}
    written = set()

    def noted(execute, sql, params, many, context):
        if match := WRITE.match(sql):
            written.add(models.get(match.group(1), match.group(1)))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(noted):
        yield written


def digest(model):
    columns = [f.attname for f in model._meta.concrete_fields if f.attname not in NOT_JUDGED_COLUMNS]
    rows = model._base_manager.order_by("pk").values_list(*columns)
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()


def changed_tables(before, after):
    """The tables whose rows differ: `after` may hold only the tables written to."""
    return sorted(label for label in after if before.get(label) != after[label])


def last_audit_pk():
    return AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def audit_since(pk):
    return list(AuditEntry.objects.filter(pk__gt=pk).values_list("action", flat=True))
