"""What undoing a change to the forces and the money means (umpire.undo).

Money is never put back by editing a balance: a transaction is undone by the reversing one
the ledger posts (`do_reverse`), which refuses, with the reason, when the money has been
spent since; a purchase, a corn dole or a bribe is undone in its own turn, its payment reversed
and its record removed. A force's audited state includes its units, so it has a restorer of its own.
A force's or a fleet's order is undone whole with the bills, upgrades and detachments it made,
which are its steps (`gathering_steps`). Actions that wrote more than one record without marking
them as steps are refused, with the desk that puts them right.
"""

from django.core.exceptions import ValidationError

from umpire.models import TurnEnd
from umpire.services.records import do_delete_record
from umpire.services.undo import set_fields
from umpire.undo import register_compensation, register_refusal, register_restorer

from .models import Bribe, ForceTroops, Spending, Transaction
from .services.forces import changing, force_state, set_troops
from .services.ledger import do_reverse

LEDGER_ACTIONS = ("ledger.transfer", "ledger.posted", "ledger.intercepted", "ledger.reversed")

REFUSALS = {
    "spending": "a purchase is put right at its province's books once it is under way.",
    "tax_turn": "a tax turn's statements are put right one by one, in the books.",
    "troops": "unpaid troops are put right at the force's page.",
    "books": "the books are opened once.",
}


PAID_RECORDS = {"spending.bought": Spending, "spending.corn_dole": Spending, "bribe.offered": Bribe}


def undo_paid_record(entry, *, actor, reason):
    """A purchase, a dole or a bribe is undone in its own turn: its payment reversed and the record
    removed. Once that turn has ended the turn's end has acted on it (the mob has seen the games,
    the troops have weighed the bribes), so it is refused."""
    record = PAID_RECORDS[entry.action].objects.select_related("payment").filter(pk=entry.target_id).first()
    if record is None:
        raise ValidationError(f"{entry.target_label} is no longer there: #{entry.pk} cannot be undone.")
    turn = getattr(record, "ordered_turn", None) or record.turn
    if TurnEnd.objects.filter(event=record.event_id, turn__gte=turn).exists():
        raise ValidationError(
            f"Turn {turn}, when {entry.target_label} was paid, has ended and its end acted on it: "
            "put it right in the books instead."
        )
    payment = record.payment
    do_delete_record(record, actor=actor, reason=reason)
    do_reverse(payment, why=reason, actor=actor)


def undo_transaction(entry, *, actor, reason):
    do_reverse(Transaction.objects.get(pk=entry.target_id), why=reason, actor=actor)


def write_force(force, values, *, actor, reason):
    with changing(force, "restored", actor=actor, reason=reason) as force:
        set_fields(force, values)
        if "troops" in values:
            set_troops(force, [units(line) for line in values["troops"]])


def units(line):
    """One line of `force_state`'s units, "3 veteran legionary", as `set_troops` takes it."""
    words = line.split()
    return {"count": int(words[0]), "veteran": words[1:-1] == ["veteran"], "type": words[-1]}


def register():
    for action in LEDGER_ACTIONS:
        register_compensation(action, undo_transaction)
    for action in PAID_RECORDS:
        register_compensation(action, undo_paid_record)
    register_restorer("regions.force", read=force_state, write=write_force, parts=[ForceTroops])
    for action, why in REFUSALS.items():
        register_refusal(action, why)
