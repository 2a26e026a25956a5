"""Reads of the money (VII. REVENUES, VIII. EXPENDITURE): whose accounts an umpire keeps, and what
the treasury pages show of them. Nothing here opens an account: an account not opened yet holds
nothing, and is opened by the service that first pays into it."""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import Case, Count, FilteredRelation, Prefetch, Q, Sum, When
from django.db.models.functions import Coalesce
from django.http import Http404

from umpire.calendar import is_tax_turn, tax_turn_of
from umpire.models import Character, Region
from umpire.permissions import Perm
from umpire.selectors import access_event, get_regions

from .models import Account, Bill, Province, RevenueDisruption, TaxStatement, Transaction
from .money_scope import ROME_KINDS, MoneyScope, get_money_scope
from .selectors import get_my_tables
from .services.engine import run_rules
from .services.ledger import talents
from .services.spending import Item, get_corn_dole
from .services.taxes import check_recipient, revenue_recipient, unpaid, unpaid_troops
from .statement_selectors import BillsOwed, get_bills_owed, reversal_of

Kind = Account.Kind


def _access(user, slug, perm, noun, fetch, covers):
    """The record `fetch` finds in the event, or 404: the same for "no such thing", "not your
    event" and "not your money", so a refusal leaks nothing."""
    try:
        event = access_event(user, slug, perm)
    except Http404:
        raise Http404(f"No such {noun}.") from None
    record = fetch(event)
    if record is None or not covers(get_money_scope(user, event), record):
        raise Http404(f"No such {noun}.")
    return record


def provinces_of(event):
    return Province.objects.filter(event=event).select_related(
        "event", "region", "governor__location", "procurator__location", "controlled_from"
    )


def access_province_books(user, slug, pk, perm=Perm.VIEW_MONEY):
    return _access(
        user,
        slug,
        perm,
        "province",
        lambda event: provinces_of(event).filter(pk=pk).first(),
        MoneyScope.covers_province,
    )


def access_spending_place(user, slug, pk):
    """A province the user may buy bread and circuses in."""
    return _access(
        user,
        slug,
        Perm.KEEP_ACCOUNTS,
        "province",
        lambda event: provinces_of(event).filter(pk=pk).first(),
        MoneyScope.may_spend_in,
    )


def access_statement(user, slug, pk):
    """A tax statement the user may confirm: Control, or the Region umpire of its province's table."""
    return _access(
        user,
        slug,
        Perm.KEEP_ACCOUNTS,
        "statement",
        lambda event: (
            TaxStatement.objects.filter(event=event, pk=pk).select_related("event", "province__region").first()
        ),
        lambda scope, statement: scope.covers_province(statement.province),
    )


def access_purse_holder(user, slug, pk, perm=Perm.VIEW_MONEY):
    return _access(
        user,
        slug,
        perm,
        "purse",
        lambda event: event.characters.filter(pk=pk).select_related("event", "location").first(),
        MoneyScope.covers_character,
    )


def accounts_of(event):
    return Account.objects.filter(event=event).select_related("event", "province", "character", "force__province")


def access_account(user, slug, pk, perm=Perm.KEEP_ACCOUNTS):
    """An account the user may take money out of."""
    return _access(
        user, slug, perm, "account", lambda event: accounts_of(event).filter(pk=pk).first(), MoneyScope.covers
    )


def access_rome(user, slug, perm=Perm.VIEW_MONEY):
    """The event, to the keepers of Rome's treasuries: Control and the Senate umpire."""
    return _access(user, slug, perm, "page", lambda event: event, lambda scope, _: scope.covers_rome())


def access_control_books(user, slug):
    """The event, to Control only: opening the books, deposits from outside, drawing up statements."""
    return _access(user, slug, Perm.KEEP_ACCOUNTS, "page", lambda event: event, lambda scope, _: scope.everything)


def access_transaction(user, slug, pk):
    """A transaction to reverse: Control only, since a reversal may take money from anyone's account."""
    return _access(
        user,
        slug,
        Perm.KEEP_ACCOUNTS,
        "transaction",
        lambda event: Transaction.objects.filter(event=event, pk=pk).first(),
        lambda scope, _: scope.everything,
    )


def get_payers(event, scope, first=None):
    """The accounts the user may pay from, each with its balance; `first` (the page's own account)
    leads, so it is the form's default."""
    keepable = [a.pk for a in accounts_of(event).exclude(kind=Kind.EXTERNAL) if scope.covers(a)]
    leading = Case(When(pk=getattr(first, "pk", None), then=0), default=1)
    return (
        Account.objects.filter(pk__in=keepable)
        .annotate(balance=Coalesce(Sum("postings__amount"), 0))
        .order_by(leading, "kind", "name")
    )


# ---- words ----------------------------------------------------------------------------------


def balance_in_words(balance):
    """A statement's balance as the procurator says it: "9 talents due to Rome"."""
    if balance > 0:
        return f"{talents(balance)} due to Rome"
    if balance < 0:
        return f"{talents(-balance)} owed by Rome"
    return "nothing due either way"


# ---- the treasury index ---------------------------------------------------------------------


@dataclass(frozen=True)
class ProvinceShown:
    """A province as its row on the index shows it; its table says whose it is (MoneyScope.covers_province)."""

    pk: int
    name: str
    region_id: int


@dataclass(frozen=True)
class StatementShown:
    """This tax turn's statement of a province, as its row on the index shows it."""

    balance: int
    confirmed_at: object


@dataclass(frozen=True)
class ProvinceRow:
    province: ProvinceShown
    treasury: int
    statement: StatementShown | None  # None: not drawn up yet
    words: str
    unpaid_bills: int
    yours: bool


@dataclass
class TableBooks:
    table: Region
    mine: bool
    provinces: list = field(default_factory=list)


@dataclass(frozen=True)
class UnpaidTroops:
    bill: Bill
    table: Region


ROLE_NAMES = dict(Character.Role.choices)


@dataclass(frozen=True)
class PurseHolder:
    """A character as his purse's row shows him, read without building his model: Control's lists the hall."""

    pk: int
    name: str
    role: str
    location: Region | None  # None: travelling

    def get_role_display(self):
        return ROLE_NAMES.get(self.role, self.role)  # as the model says it


@dataclass(frozen=True)
class PurseRow:
    character: PurseHolder
    balance: int
    url: str  # his purse's page


@dataclass(frozen=True)
class TreasuryIndex:
    tax_turn: int
    tax_month: object
    tables: list
    imperial: int | None  # None: the books are not open
    senate: int | None
    unpaid_troops: list
    undrawn: int  # provinces without a statement for this tax turn
    purses: list  # the purses the user keeps


def get_balances_by_holder(event):
    """The treasuries' balances by province id, and Rome's by kind, in one query."""
    accounts = (
        Account.objects.filter(event_id=event.pk, kind__in=(Kind.PROVINCE_TREASURY, *ROME_KINDS))
        .order_by()  # the model's order, by event first, joined the event to the sum for nothing
        .annotate(balance=Coalesce(Sum("postings__amount"), 0))
        .values_list("kind", "province", "balance")
    )
    provinces, rome = {}, {}
    for kind, province, balance in accounts:
        if kind == Kind.PROVINCE_TREASURY:
            provinces[province] = balance
        else:
            rome[kind] = balance
    return provinces, rome


def get_unpaid_bill_counts(event):
    # unordered: a bill's order, by its statement's, joined the event and the province to the count for nothing
    bills = unpaid(Bill.objects.filter(statement__event_id=event.pk)).order_by()
    return dict(bills.values("statement__province").annotate(n=Count("pk")).values_list("statement__province", "n"))


def get_purses_kept(event, scope, purse_url):
    """The characters whose purses the user keeps, with what each holds, in two queries. Narrowed in the
    database: a table's umpire keeps a few of the hall's 300 purses, and summing and reading the others was
    most of his treasury page (issue 34). Each row reads only the columns it shows, and builds no model:
    Control's lists the hall. Where each is comes from the event's tables, read once a request.
    `purse_url(pk)`: the link to a purse's page."""
    kept = scope.characters_kept(event.characters.all())
    held = get_purse_balances(event, scope, kept)
    tables = {table.pk: table for table in get_regions(event)}
    characters = kept.values_list("pk", "name", "role", "location").order_by("name")
    return [
        PurseRow(PurseHolder(pk, name, role, tables.get(location)), held.get(pk, 0), purse_url(pk))
        for pk, name, role, location in characters
    ]


def get_purse_balances(event, scope, kept):
    """What the purses of the characters `kept` hold, by character. Control keeps every purse: narrowing his
    to the event's characters was a semi-join that PostgreSQL, without statistics on a new hall's tables, ran
    as a loop over every pair, the slowest query of his index."""
    purses = Account.objects.filter(event_id=event.pk, kind=Kind.CHARACTER_PURSE).order_by()
    if not scope.everything:
        purses = purses.filter(character__in=kept.values("pk"))
    return dict(purses.annotate(balance=Coalesce(Sum("postings__amount"), 0)).values_list("character", "balance"))


def get_provinces_shown(event, tax_turn):
    """The event's provinces by name, each with its statement for `tax_turn` if it is drawn up (one a turn):
    one query, and no model built. The index reloads with every transfer at the umpire's tables (issue 34)."""
    this_turn = FilteredRelation("tax_statements", condition=Q(tax_statements__turn=tax_turn))
    rows = (
        Province.objects.filter(event_id=event.pk)
        .annotate(this_turn=this_turn)
        .values_list("pk", "name", "region", "this_turn", "this_turn__balance", "this_turn__confirmed_at")
        .order_by("name")
    )
    return [
        (ProvinceShown(pk, name, region), None if statement is None else StatementShown(balance, confirmed_at))
        for pk, name, region, statement, balance, confirmed_at in rows
    ]


# What a row of the troops unpaid shows, and the table where the force or fleet is (place_of): each bill read whole
# with its statement, province, force and fleet, a hundred columns, took the index 5 ms a request, these 3 (issue 34).
UNPAID_TROOPS_SHOWN = (
    "what",
    "talents",
    "statement__turn",
    "statement__province__name",
    "statement__province__region",  # unpaid_troops reads the statement's table too
    "force__province__region",
    "fleet__base__region",
)


def get_treasury_index(event, user, turn, scope, purse_url):
    """Every table's provinces with their money, the user's tables first; Rome's treasuries; the
    troops left unpaid; the purses he keeps (`purse_url(pk)` links each). A fixed number of queries
    however many provinces there are, and the clock read once: `turn` is its turn."""
    mine, tax_turn = get_my_tables(user, event), tax_turn_of(turn)
    balances, rome = get_balances_by_holder(event)
    unpaid_counts = get_unpaid_bill_counts(event)
    tables = {t.pk: TableBooks(t, t.pk in mine) for t in get_regions(event)}
    for province, statement in get_provinces_shown(event, tax_turn):
        tables[province.region_id].provinces.append(
            ProvinceRow(
                province,
                balances.get(province.pk, 0),
                statement,
                balance_in_words(statement.balance) if statement else "",
                unpaid_counts.get(province.pk, 0),
                scope.covers_province(province),
            )
        )
    shown = sorted((t for t in tables.values() if t.provinces), key=lambda t: (not t.mine, t.table.position))
    troops = unpaid_troops(event, as_of=turn).only(*UNPAID_TROOPS_SHOWN)  # `turn`: the clock is not read again
    return TreasuryIndex(
        tax_turn=tax_turn,
        tax_month=event.game_month(tax_turn),
        tables=shown,
        imperial=rome.get(Kind.IMPERIAL_TREASURY),
        senate=rome.get(Kind.SENATE_TREASURY),
        unpaid_troops=[UnpaidTroops(bill, tables[place_of(bill).region_id].table) for bill in troops],
        undrawn=sum(1 for t in shown for row in t.provinces if row.statement is None),
        purses=get_purses_kept(event, scope, purse_url),
    )


@dataclass(frozen=True)
class StatementToConfirm:
    """A statement waiting at a table's console, as its row shows it."""

    province_pk: int
    province_name: str
    balance: int


def get_statements_to_confirm(table, turn, scope):
    """This tax turn's statements of the table's provinces that `scope` covers, not yet confirmed: the
    table console's taxes to hand out. One query, however long the ledger has grown, and none when the
    table is not the user's: `scope` covers all of a table's provinces or none of them."""
    if not scope.covers_table(table.pk):
        return []
    # The table's provinces are its event's, and so are their statements: no need to ask for the event too.
    rows = (
        TaxStatement.objects.filter(turn=tax_turn_of(turn), province__region=table.pk, confirmed_at__isnull=True)
        .values_list("province_id", "province__name", "balance")
        .order_by("province__name")
    )
    return [StatementToConfirm(*row) for row in rows]


def place_of(bill):
    """Where the unpaid troops are now: the force's province, or the fleet's base."""
    return bill.force.province if bill.force_id else bill.fleet.base


# ---- an account's transactions --------------------------------------------------------------


@dataclass(frozen=True)
class AccountLine:
    """One transaction as one account sees it: talents in (positive) or out (negative)."""

    transaction: Transaction
    amount: int
    month: object
    reversed_by: Transaction | None
    seized_by: Transaction | None = None

    @property
    def entered_by(self):
        return self.transaction.entered_by.get_username() if self.transaction.entered_by else "the console"

    @property
    def paid_in(self):
        return self.amount if self.amount > 0 else None

    @property
    def paid_out(self):
        return -self.amount if self.amount < 0 else None


def get_account_lines(account, *, turns=None, newest_first=True):
    """The account's transactions, each with what it put in or took out; `turns`, a range of game
    turns, keeps only those entered then."""
    if account is None:
        return []
    transactions = (
        Transaction.objects.filter(postings__account=account)
        .annotate(amount=Sum("postings__amount"))
        .select_related("entered_by", "reverses", "reversed_by", "seized_by")
        .order_by("-pk" if newest_first else "pk")
    )
    if turns is not None:
        transactions = transactions.filter(game_turn__gte=turns.start, game_turn__lt=turns.stop)
    event = account.event
    return [
        AccountLine(t, t.amount, event.game_month(t.game_turn), reversal_of(t), getattr(t, "seized_by", None))
        for t in transactions
    ]


def get_balance_before(account, turn):
    """What the account held before game turn `turn` began: the brought-forward of a quarter."""
    if account is None:
        return 0
    return account.postings.filter(transaction__game_turn__lt=turn).aggregate(total=Sum("amount"))["total"] or 0


def get_open_account(event, kind, **belongs_to):
    return accounts_of(event).filter(kind=kind, **belongs_to).first()


def get_balance_of(account):
    if account is None:
        return 0
    return account.postings.aggregate(total=Sum("amount"))["total"] or 0


# ---- a province's books ---------------------------------------------------------------------


@dataclass(frozen=True)
class StatementCard:
    statement: TaxStatement
    month: object
    words: str
    owed: BillsOwed  # its bills and arrears, as the printed statement has them
    hand_out: str  # the confirming button's words
    why_not: str  # why it cannot be confirmed now, or ""


def statement_card(statement, recipient, owed):
    """A statement with its bills and arrears and, while it is not confirmed, what confirming does."""
    why_not = ""
    if not statement.confirmed_at:
        try:
            check_recipient(statement)
        except ValidationError as refusal:
            why_not = " ".join(refusal.messages)
    income = statement.income
    hand_out = (
        f"Hand out {talents(income)} to {recipient or 'the procurator'} and confirm"
        if income > 0
        else "Confirm: there is no revenue to hand out"
    )
    return StatementCard(
        statement,
        statement.event.game_month(statement.turn),
        balance_in_words(statement.balance),
        owed,
        hand_out,
        why_not,
    )


def statements_of(province):
    bills = Bill.objects.select_related("paid_by__reversed_by", "force", "fleet").order_by("pk")
    return (
        province.tax_statements.select_related(
            "event",
            "province__region",
            # who would receive the revenue of each statement not yet confirmed (check_recipient)
            "province__governor__location",
            "province__procurator__location",
            "province__controlled_from",
            "confirmed_by",
            "revenue",
        )
        .prefetch_related(Prefetch("bills", queryset=bills))
        .order_by("-turn")
    )


@dataclass(frozen=True)
class ProvinceBooks:
    province: Province
    recipient: object  # a taxes.Recipient, or None
    treasury: Account | None
    balance: int
    current: StatementCard | None
    earlier: list
    lines: list
    disruptions: list
    tax_turn: int


def get_province_books(province, turn):
    """The province's treasury, this tax turn's statement and the earlier ones, its transactions."""
    recipient, tax_turn = revenue_recipient(province), tax_turn_of(turn)
    treasury = get_open_account(province.event, Kind.PROVINCE_TREASURY, province=province)
    statements = list(statements_of(province))
    bills = [bill for statement in statements for bill in statement.bills.all()]
    cards = [statement_card(s, recipient, get_bills_owed(s, bills, turn)) for s in statements]
    return ProvinceBooks(
        province=province,
        recipient=recipient,
        treasury=treasury,
        balance=get_balance_of(treasury),
        current=next((c for c in cards if c.statement.turn == tax_turn), None),
        earlier=[c for c in cards if c.statement.turn != tax_turn],
        lines=get_account_lines(treasury),
        disruptions=list(
            RevenueDisruption.objects.filter(province=province).select_related("set_by").order_by("-turn_from", "-pk")
        ),
        tax_turn=tax_turn,
    )


def get_unpaid_bills(province):
    """The province's bills still to pay, of any tax turn, for the paying form."""
    return (
        unpaid(Bill.objects.filter(statement__province=province))
        .select_related("statement")
        .order_by("statement__turn", "pk")
    )


def get_tax_turns_ahead(event, turn):
    """The tax turns a disruption may start from: this quarter's and those still to come."""
    return [t for t in range(tax_turn_of(turn), event.number_of_turns + 1) if is_tax_turn(t)]


@dataclass(frozen=True)
class CatalogueItem:
    item: str
    label: str
    talents: int
    months: int


def get_catalogue(province):
    """VIII. CONSPICUOUS CONSUMPTION's typical costs by the engine, as they are in `province`:
    provincial entertainments cost half (PROVINCIAL GOVERNMENT & TAXATION, 2)."""
    items = []
    for item in Item:
        if item == Item.CORN_DOLE:
            continue
        terms = run_rules("ad69.conspicuous_consumption", {"item": item.value, "in_rome": province.is_rome}).outcome
        items.append(CatalogueItem(item.value, item.label, terms["cost"], terms["months"]))
    return items


# ---- a purse, and Rome ----------------------------------------------------------------------


@dataclass(frozen=True)
class PurseBooks:
    purse: Account | None
    balance: int
    lines: list


def get_purse_books(character):
    purse = get_open_account(character.event, Kind.CHARACTER_PURSE, character=character)
    return PurseBooks(purse, get_balance_of(purse), get_account_lines(purse))


@dataclass(frozen=True)
class RomeBooks:
    imperial: Account | None
    senate: Account | None
    imperial_balance: int
    senate_balance: int
    imperial_lines: list
    senate_lines: list
    tax_turn: int
    tax_month: object
    due: list  # (statement, talents) of the provinces due to pay Rome this quarter
    owed: list  # and of those Rome owes
    total_due: int
    total_owed: int
    rome: Province | None  # the City of Rome, where the corn dole is eaten
    corn_dole: object  # the Spending that paid this quarter's dole, or None
    books_open: bool


def get_rome_books(event, turn):
    """Rome's two treasuries, what the provinces owe it and it owes them this quarter, and the corn dole."""
    imperial = get_open_account(event, Kind.IMPERIAL_TREASURY)
    senate = get_open_account(event, Kind.SENATE_TREASURY)
    tax_turn = tax_turn_of(turn)
    statements = list(
        TaxStatement.objects.filter(event=event, turn=tax_turn)
        .exclude(balance=0)
        .select_related("province")
        .order_by("province__name")
    )
    due = [s for s in statements if s.balance > 0]
    owed = [s for s in statements if s.balance < 0]
    return RomeBooks(
        imperial=imperial,
        senate=senate,
        imperial_balance=get_balance_of(imperial),
        senate_balance=get_balance_of(senate),
        imperial_lines=get_account_lines(imperial),
        senate_lines=get_account_lines(senate),
        tax_turn=tax_turn,
        tax_month=event.game_month(tax_turn),
        due=[(s, s.balance) for s in due],
        owed=[(s, -s.balance) for s in owed],
        total_due=sum(s.balance for s in due),
        total_owed=-sum(s.balance for s in owed),
        rome=provinces_of(event).filter(is_rome=True).first(),
        corn_dole=get_corn_dole(event, turn),
        books_open=Account.objects.filter(event=event).exists(),
    )
