"""The ledger (DESIGN principle 4): the only code that moves talents.

Every movement is one transaction whose postings sum to zero. The accounts it touches are
locked (in primary-key order, so two transfers never wait on each other crosswise) before
their balances are read, so concurrent transfers cannot overdraw an account. A refusal
writes nothing. A mistake is undone by `do_reverse`: a reversal is final, and a transaction
is reversed at most once (to redo a reversed transaction, post it again).
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

from django.core.exceptions import ValidationError
from django.db.models import QuerySet, Sum
from django.db.transaction import atomic

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Event
from umpire.selectors import senate_rooms
from umpire.services.audit import Actor, record_audit

from ..events import LedgerChanged
from ..models import Account, Posting, Transaction
from ..models.limits import MOST_TALENTS
from ..money_scope import get_money_scope
from .engine import current_turn

# a transaction's postings: (account, signed talents), summing to zero
Postings: TypeAlias = Sequence[tuple[Account, int]]


def get_balances(accounts: Iterable[Account]) -> dict[Account, int]:
    """Each account's balance in talents, summed from its postings in one query."""
    accounts = list(accounts)
    totals = dict(
        Posting.objects.filter(account__in=accounts)
        .values("account")
        .annotate(total=Sum("amount"))
        .values_list("account", "total")
    )
    return {account: totals.get(account.pk, 0) for account in accounts}


def get_balance(account: Account) -> int:
    return Posting.objects.filter(account=account).aggregate(total=Sum("amount"))["total"] or 0


def do_transfer(
    *, source: Account, target: Account, talents: int, why: str, actor: Actor, shipment: bool = False
) -> Transaction:
    """Move whole, positive `talents` from `source` to `target` of the same event."""
    if not is_whole(talents) or not 0 < talents <= MOST_TALENTS:
        raise ValidationError(
            {"talents": f"A transfer moves a whole number of talents from 1 to {MOST_TALENTS:,}, not {talents}."}
        )
    if target.event_id != source.event_id:
        raise ValidationError({"target": f"{target} belongs to another event."})
    if target.pk == source.pk:
        raise ValidationError({"target": f"{source} cannot pay itself."})
    with atomic():
        return post(
            source.event,
            [(source, -talents), (target, talents)],
            why=why,
            actor=actor,
            shipment=shipment,
            action="transfer",
            field="source",
        )


def do_post(event: Event, *, postings: Postings, why: str, actor: Actor, shipment: bool = False) -> Transaction:
    """Post one transaction of (account, signed talents) pairs, which must sum to zero."""
    with atomic():
        return post(event, postings, why=why, actor=actor, shipment=shipment)


def do_reverse(transaction: Transaction, *, why: str, actor: Actor) -> Transaction:
    """Undo `transaction` with a new one of the opposite postings; the original is untouched."""
    with atomic():
        original = Transaction.objects.select_for_update().get(pk=transaction.pk)
        check_may_reverse(original)
        postings = [(p.account, -p.amount) for p in original.postings.select_related("account")]
        return post(original.event, postings, why=why, actor=actor, reverses=original, action="reversed")


def do_intercept(shipment: Transaction, *, seized_by: Account, why: str, actor: Actor) -> Transaction:
    """VIII. GENERAL: funds sent to pay or supply an army "may be intercepted if not adequately
    protected". What the shipment brought is taken from where it arrived to `seized_by`."""
    with atomic():
        original = Transaction.objects.select_for_update().get(pk=shipment.pk)
        check_may_intercept(original, seized_by)
        arrived = [(p.account, p.amount) for p in original.postings.select_related("account") if p.amount > 0]
        postings = [(account, -amount) for account, amount in arrived]
        postings.append((seized_by, sum(amount for _, amount in arrived)))
        return post(
            original.event, postings, why=why, actor=actor, seizes=original, action="intercepted", field="seized_by"
        )


def check_may_intercept(original: Transaction, seized_by: Account) -> None:
    if not original.shipment:
        raise ValidationError({"transaction": f"#{original.pk} was not sent as a shipment: it cannot be intercepted."})
    if Transaction.objects.filter(seizes=original).exists():
        raise ValidationError({"transaction": f"#{original.pk} was already intercepted."})
    if Transaction.objects.filter(reverses=original).exists():
        raise ValidationError({"transaction": f"#{original.pk} was reversed: there is nothing on the road to take."})
    if seized_by.event_id != original.event_id:
        raise ValidationError({"seized_by": f"{seized_by} belongs to another event."})


def check_may_reverse(original: Transaction) -> None:
    if original.reverses_id:
        raise ValidationError(
            {
                "transaction": f"#{original.pk} is itself the reversal of #{original.reverses_id}: "
                "a reversal is final; post the original again instead."
            }
        )
    already = Transaction.objects.filter(reverses=original).values_list("pk", flat=True).first()
    if already:
        raise ValidationError({"transaction": f"#{original.pk} was already reversed by #{already}."})
    seized = Transaction.objects.filter(seizes=original).values_list("pk", flat=True).first()
    if seized:
        raise ValidationError({"transaction": f"#{original.pk} was intercepted by #{seized}: reverse that first."})


def post(
    event: Event,
    postings: Postings,
    *,
    why: str,
    actor: Actor,
    shipment: bool = False,
    reverses: Transaction | None = None,
    seizes: Transaction | None = None,
    action: str = "posted",
    field: str = "postings",
) -> Transaction:
    """Check, lock, check the balances, then write the transaction, its audit and its event.
    Runs inside the caller's atomic block."""
    net = check_postings(event, postings, why)
    before = get_balances(lock(net))
    check_kept(event, before, net, actor, field)
    check_no_overdraft(before, net, field)
    entry = Transaction.objects.create(
        event=event,
        game_turn=current_turn(event),
        why=why,
        shipment=shipment,
        reverses=reverses,
        seizes=seizes,
        entered_by=actor if is_user(actor) else None,
    )
    Posting.objects.bulk_create(
        Posting(transaction=entry, account=account, amount=amount) for account, amount in postings
    )
    after = {account: balance + net[account.pk] for account, balance in before.items()}
    announce(entry, action, before, after, actor=actor)
    return entry


def check_postings(event: Event, postings: Postings, why: str) -> Counter[int]:
    """The net talents per account id, once the postings are known to make a transaction."""
    if not why or not why.strip():
        raise ValidationError({"why": "Say why the money moves."})
    if len(postings) < 2:
        raise ValidationError({"postings": "A transaction moves money between at least two accounts."})
    for account, amount in postings:
        if account.event_id != event.pk:
            raise ValidationError({"postings": f"{account} belongs to another event."})
        if not is_whole(amount) or amount == 0 or abs(amount) > MOST_TALENTS:
            raise ValidationError(
                {"postings": f"{account}: {amount} is not a whole, non-zero number of talents up to {MOST_TALENTS:,}."}
            )
    total = sum(amount for _, amount in postings)
    if total:
        raise ValidationError({"postings": f"The postings sum to {total:+d} talents, not zero."})
    net: Counter[int] = Counter()
    for account, amount in postings:
        net[account.pk] += amount
    return net


def lock(net: Mapping[int, int]) -> QuerySet[Account]:
    """The accounts, locked for the rest of the transaction, always in the same order."""
    return (
        Account.objects.select_for_update(of=("self",))
        .filter(pk__in=net)
        .order_by("pk")
        .select_related("province", "character", "force__province")
    )


def check_kept(event: Event, accounts: Iterable[Account], net: Mapping[int, int], actor: Actor, field: str) -> None:
    """Money leaves only an account the umpire keeps (VIII. GENERAL), whatever a form offered: an
    order posted with another table's ids moves nothing. The console's own postings (no umpire) and
    money from outside the books answer to the service that makes them."""
    if not is_user(actor):
        return
    paying = [a for a in accounts if net[a.pk] < 0 and a.kind != Account.Kind.EXTERNAL]
    if not paying:
        return
    scope = get_money_scope(actor, event)
    for account in paying:
        if not scope.covers(account):
            raise ValidationError(
                {field: f"{account} is not an account you keep: money leaves only an account at your tables."}
            )


def check_no_overdraft(balances: Mapping[Account, int], net: Mapping[int, int], field: str) -> None:
    for account, balance in balances.items():
        if not account.allows_overdraft and balance + net[account.pk] < 0:
            raise ValidationError({field: f"{account} holds {talents(balance)}; it cannot pay {-net[account.pk]}."})


def announce(
    entry: Transaction, action: str, before: Mapping[Account, int], after: Mapping[Account, int], *, actor: Actor
) -> None:
    """Audit the transaction with the touched balances, and tell Control and the tables where the
    accounts are once it commits."""
    record_audit(
        event=entry.event,
        actor=actor,
        action=f"ledger.{action}",
        target=entry,
        reason=entry.why,
        before=by_name(before),
        after=by_name(after),
    )
    balances = [{"account_id": a.pk, "name": a.name, "talents": t} for a, t in after.items()]
    groups = [control_group(entry.event_id)] + [table_group(table) for table in tables_of(entry.event, after)]
    publish_on_commit(
        groups,
        LedgerChanged(
            action=action, transaction_id=entry.pk, why=entry.why, shipment=entry.shipment, balances=balances
        ),
    )


def tables_of(event: Event, accounts: Iterable[Account]) -> list[int]:
    """Where the accounts are kept: a treasury at its province's table, a purse where its owner
    is, a pay chest with its legion, Rome's treasuries in the Senate room."""
    tables: set[int] = set()
    for account in accounts:
        if account.province is not None:
            tables.add(account.province.region_id)
        elif account.character is not None and account.character.location_id:
            tables.add(account.character.location_id)
        elif account.force is not None:
            tables.add(account.force.province.region_id)
        elif account.kind in (Account.Kind.IMPERIAL_TREASURY, Account.Kind.SENATE_TREASURY):
            tables.update(senate_rooms(event))
    return sorted(tables)


def by_name(balances: Mapping[Account, int]) -> dict[str, int]:
    return {account.name: balance for account, balance in balances.items()}


def talents(n: int) -> str:
    return f"{n} talent" if n == 1 else f"{n} talents"


def is_whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def is_user(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated
