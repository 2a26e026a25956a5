"""What a restore must give back, read independently of the export's own walk of the models."""

import io
import json

from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db.models import Sum

from regions.models import Account, Posting
from regions.services.ledger import get_balances
from umpire.models import GroupSequence

# not the event's: made by migrate, a browser's session, the channel layer's message counters (a client
# that sees its numbers start again asks for a snapshot), and the role groups, counted through the accounts
NOT_COUNTED = {
    ContentType,
    Permission,
    Group,
    GroupSequence,
    apps.get_model("umpire", "BrowserSession"),
    apps.get_model("admin", "LogEntry"),
}


def count_every_table():
    """{model label: rows}, for every table of the project, many-to-many tables too."""
    return {
        model._meta.label: model._base_manager.count()
        for model in apps.get_models(include_auto_created=True)
        if model not in NOT_COUNTED
    }


# renewed by a restore, not given back: restoring the tables renews the event's setting mark, as every change to
# them does, so no process takes what it kept of the setting before for the restored one (umpire.event_setting)
RENEWED = {"umpire.event": {"setting_mark"}}


def every_row():
    """{(model label, id): its fields as dumped}, for every model counted; set-up rows named by natural key,
    since their ids change when the database is emptied. Without the fields a restore renews (RENEWED)."""
    rows = {}
    for model in apps.get_models():
        if model not in NOT_COUNTED:
            stream = io.StringIO()
            call_command("dumpdata", model._meta.label, natural_foreign=True, stdout=stream)
            rows.update({(row["model"], row["pk"]): kept_fields(row) for row in json.loads(stream.getvalue())})
    return rows


def kept_fields(row):
    renewed = RENEWED.get(row["model"], set())
    return {name: value for name, value in row["fields"].items() if name not in renewed}


def unbalanced_transactions():
    """Transactions whose postings do not sum to zero: the ledger's first law."""
    totals = Posting.objects.values("transaction").annotate(total=Sum("amount"))
    return list(totals.exclude(total=0))


def balances(event):
    return {account.pk: talents for account, talents in get_balances(Account.objects.filter(event=event)).items()}
