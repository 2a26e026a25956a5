"""What a quarterly statement's province owes in bills (VIII. PROVINCIAL GOVERNMENT & TAXATION;
VIII. RAISING TROOPS): this quarter's bills, the arrears still unpaid from earlier quarters, what
was paid of them and what is still owed. The treasury's page and the printed statement both read
these figures from here, so the two cannot disagree.

As they stood at the tax turn: the arrears are the earlier quarters' bills unpaid when the tax turn
began, and each bill is paid or unpaid as at the end of the quarter (or now, while the quarter
runs), read from the game turns of the payments and reversals in the ledger. A statement printed
a year later still says what was owed that quarter, and a bill paid since then says when. One
thing the ledger cannot tell: a bill keeps only its latest payment (Bill.paid_by), so a bill paid,
its payment reversed, then paid again reads as unpaid until the second payment.
"""

from dataclasses import dataclass
from itertools import groupby

from umpire.calendar import MONTHS_PER_QUARTER

from .models import Bill
from .services.ledger import talents


@dataclass(frozen=True)
class BillAsAt:
    """One bill, paid or not as at the statement's cut-off, with the words that say so."""

    bill: Bill
    paid: bool
    status: str  # "paid by transaction #12 on turn 4", "unpaid"


@dataclass(frozen=True)
class BillGroup:
    """The bills of one quarter: this one's, or the arrears of an earlier one."""

    heading: str  # "This quarter's bills", "Arrears from September 68"
    talents: int
    bills: list[BillAsAt]

    @property
    def words(self) -> str:
        return f"{self.heading}: {talents(self.talents)}"


@dataclass(frozen=True)
class OwedLine:
    label: str  # "Owed in all", "Still owed at the end of turn 6 (February 69)"
    talents: int


@dataclass(frozen=True)
class BillsOwed:
    """A statement's bills and arrears, and the sums that add them up as at its cut-off."""

    groups: list[BillGroup]
    totals: list[OwedLine]

    @property
    def has_bills(self) -> bool:
        return any(group.bills for group in self.groups)


def reversal_of(transaction):
    """The transaction that reversed this one, or None (a reverse one-to-one raises when absent)."""
    return getattr(transaction, "reversed_by", None)


def is_paid_by_end_of(bill: Bill, turn: int) -> bool:
    """Paid by a transaction entered by the end of `turn` and not reversed by then."""
    payment = bill.paid_by
    if payment is None or payment.game_turn > turn:
        return False
    undone = reversal_of(payment)
    return undone is None or undone.game_turn > turn


def bill_as_at(bill: Bill, until: int) -> BillAsAt:
    """The bill as it stood at the end of turn `until`, and what became of it since."""
    payment = bill.paid_by
    if payment is None:
        return BillAsAt(bill, False, "unpaid")
    undone = reversal_of(payment)
    if payment.game_turn > until:
        later = "" if undone else f"; paid since, by transaction #{payment.pk} on turn {payment.game_turn}"
        return BillAsAt(bill, False, f"unpaid at the end of turn {until}{later}")
    if undone is not None and undone.game_turn <= until:
        return BillAsAt(bill, False, f"unpaid: its payment #{payment.pk} was reversed by #{undone.pk}")
    paid = f"paid by transaction #{payment.pk} on turn {payment.game_turn}"
    if undone is not None:
        return BillAsAt(bill, True, f"{paid}; reversed since, by #{undone.pk} on turn {undone.game_turn}")
    return BillAsAt(bill, True, paid)


def arrears_of(earlier: list[Bill], turn: int, until: int, event) -> list[BillGroup]:
    """The bills of earlier statements still unpaid when tax turn `turn` began, by quarter, oldest first."""
    owed = sorted((b for b in earlier if not is_paid_by_end_of(b, turn - 1)), key=lambda b: (b.statement.turn, b.pk))
    return [
        group_of(f"Arrears from {event.game_month(quarter)}", list(bills), until)
        for quarter, bills in groupby(owed, key=lambda b: b.statement.turn)
    ]


def group_of(heading: str, bills: list[Bill], until: int) -> BillGroup:
    return BillGroup(heading, sum(b.talents for b in bills), [bill_as_at(b, until) for b in bills])


def cut_off(statement, now: int) -> tuple[int, str, str]:
    """The last turn the statement counts (its quarter's end once that has passed, else now), and
    the words of what was paid and what is still owed then."""
    last = statement.turn + MONTHS_PER_QUARTER - 1
    if now > last:
        at = f"the end of turn {last} ({statement.event.game_month(last)})"
        return last, f"Paid by {at}", f"Still owed at {at}"
    at = f"turn {now} ({statement.event.game_month(now)})"
    return now, f"Paid so far, on {at}", f"Still owed now, on {at}"


def totals_of(groups: list[BillGroup], paid_label: str, owed_label: str) -> list[OwedLine]:
    """This quarter's bills and the arrears make what is owed; less what was paid, what is still owed."""
    this_quarter, arrears = groups[0].talents, sum(group.talents for group in groups[1:])
    paid = sum(line.bill.talents for group in groups for line in group.bills if line.paid)
    return [
        OwedLine("This quarter's bills", this_quarter),
        OwedLine("Arrears from earlier quarters", arrears),
        OwedLine("Owed in all", this_quarter + arrears),
        OwedLine(paid_label, paid),
        OwedLine(owed_label, this_quarter + arrears - paid),
    ]


def get_bills_owed(statement, province_bills: list[Bill], now: int) -> BillsOwed:
    """`statement`'s bills and arrears as at its cut-off, from `province_bills` (its province's
    bills of any tax turn, each with its statement, payment and reversal loaded): no query."""
    until, paid_label, owed_label = cut_off(statement, now)
    own = [b for b in province_bills if b.statement_id == statement.pk]
    earlier = [b for b in province_bills if b.statement.turn < statement.turn]
    groups = [
        group_of("This quarter's bills", own, until),
        *arrears_of(earlier, statement.turn, until, statement.event),
    ]
    return BillsOwed(groups, totals_of(groups, paid_label, owed_label))


def province_bills_until(statement):
    """The bills of `statement`'s province up to its tax turn, with what `get_bills_owed` reads."""
    return list(
        Bill.objects.filter(statement__province=statement.province_id, statement__turn__lte=statement.turn)
        .select_related("statement", "paid_by__reversed_by")
        .order_by("pk")
    )
