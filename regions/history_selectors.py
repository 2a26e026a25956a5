"""Control's look back (Perm.VIEW_AUDIT): a province, a force or an account as it stood at the start
of a past turn.

A province and a force are read back from the audit (umpire.audit_selectors.get_state_at_turn_start),
a force with its units, as its service audits them. An account is read from the ledger itself,
whose every transaction carries the turn it was entered in: its balance at the start of turn T is
the sum of its postings entered before T.
"""

from dataclasses import dataclass, field

from django.db.models import Sum
from django.http import Http404
from django.urls import reverse

from umpire.audit_selectors import describe_state, get_state_at_turn_start, register_past_state
from umpire.services.audit import snapshot

from .models import Account, Force, Posting, Province
from .services.forces import force_state

KINDS = {"province": Province, "force": Force, "account": Account}


@dataclass(frozen=True)
class PastState:
    """What the page shows: the record's fields in words (None if it did not exist yet) and, for an
    account, its balance and the postings that make it up, newest first."""

    rows: list | None
    balance: int | None = None
    postings: list = field(default_factory=list)


def access_past_record(event, kind, pk):
    """The event's province, force or account of that kind and id, or 404."""
    model = KINDS.get(kind)
    record = model.objects.filter(event=event, pk=pk).first() if model else None
    if record is None:
        raise Http404("No such record.")
    return record


def get_past_state(record, turn):
    """The record as it stood at the start of `turn`."""
    if isinstance(record, Account):
        return get_account_as_of(record, turn)
    state = get_state_at_turn_start(record, turn, current=force_state if isinstance(record, Force) else snapshot)
    return PastState(rows=None if state is None else describe_state(type(record), state))


def get_account_as_of(account, turn):
    before_turn = Posting.objects.filter(account=account, transaction__game_turn__lt=turn)
    return PastState(
        rows=describe_state(Account, snapshot(account)),
        balance=before_turn.aggregate(total=Sum("amount"))["total"] or 0,
        postings=list(before_turn.select_related("transaction").order_by("-transaction_id", "-pk")),
    )


def past_state_url(kind):
    return lambda event, pk: reverse("regions:as-of", args=[event.slug, kind, pk])


def register():
    """Link the audit log's entries on provinces, forces and accounts to this page."""
    for kind, model in KINDS.items():
        register_past_state(model._meta.label_lower, past_state_url(kind))
