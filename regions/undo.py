"""What undoing a change to the forces and the money means (umpire.undo).

Money is never put back by editing a balance: a transaction is undone by the reversing one
the ledger posts (`do_reverse`), which refuses, with the reason, when the money has been
spent since. A force's audited state includes its units, so it has a restorer of its own.
Actions that wrote more than one record without marking them as steps are refused, with
the desk that puts them right.
"""
from umpire.services.undo import set_fields
from umpire.undo import register_compensation, register_refusal, register_restorer

from .models import Transaction
from .services.forces import changing, force_state, set_troops
from .services.ledger import do_reverse

LEDGER_ACTIONS = ("ledger.transfer", "ledger.posted", "ledger.intercepted", "ledger.reversed")

REFUSALS = {
    "force.raise_levies": "the levies' bill is a record of its own: correct the units at the force's page "
                          "and the bill in the books.",
    "force.order_upgrade": "the upgrade and its bill are records of their own: correct them at the force's page.",
    "force.detach": "the detachment is a force of its own now: merge it back.",
    "force.merge": "the merged detachment is gone: detach it again.",
    "force.merged_away": "the merged detachment is gone: detach it again.",
    "force.marines_formed": "the marines are a force of their own: correct the fleet and the force by hand.",
    "force.book_charter": "the charter's cost is in the books: reverse it there and correct the force.",
    "force.besiege": "a siege is put right at the siege desk.",
    "force.siege_ended": "a siege is put right at the siege desk.",
    "force.siege_losses": "a siege is put right at the siege desk.",
    "force.siege_assault": "a siege is put right at the siege desk.",
    "fleet": "a fleet's building and sailing move money and forces: correct them at the fleet's page.",
    "spending": "spending moved money: reverse its transaction in the books.",
    "plunder": "plunder moved money: reverse its transaction in the books.",
    "bribe": "a bribe moved money: reverse its transaction in the books.",
    "tax_statement": "a confirmed statement paid out its revenue: reverse those payments in the books.",
    "tax_turn": "a tax turn's statements are put right one by one, in the books.",
    "troops": "unpaid troops are put right at the force's page.",
    "books": "the books are opened once.",
}


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
    register_restorer("regions.force", read=force_state, write=write_force)
    for action, why in REFUSALS.items():
        register_refusal(action, why)
