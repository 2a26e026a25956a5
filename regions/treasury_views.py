"""The treasury's pages (VII. REVENUES, VIII. EXPENDITURE): every province's money at a glance, a
province's books, a character's purse, Rome's treasuries, and the quarterly statement on paper.

Each change is a small POST view, as on the forces pages: check whose money it is (the access_*
of treasury_selectors: money leaves only an account the user keeps, and may go to any), read the
form, call the service, report, and go back to the page the form was on. A refusal, by the form
or by the service, changes nothing and answers 400 with the page the form was on, as it stands:
the refusal in a message, and the form as typed in the panel it was sent from, each problem
beside its field.
"""

from dataclasses import dataclass
from functools import partial
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.transaction import atomic
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from umpire.calendar import tax_turn_of
from umpire.permissions import Perm
from umpire.refusals import refused_in
from umpire.rules.ad69.legions import UNPAID_TROOPS
from umpire.selectors import access_event, can, get_turn
from umpire.views.refusals import refusal_text, valid

from .forms import Panel, as_typed, typed_for_panel
from .models import Account, TaxStatement
from .printing import tax_statement_pdf
from .services.books import (
    OPENING,
    do_open_books,
    imperial_treasury,
    outside,
    pay_chest_of,
    purse_of,
    senate_treasury,
    treasury_of,
)
from .services.engine import current_turn
from .services.ledger import do_intercept, do_reverse, do_transfer, talents
from .services.spending import do_buy, do_pay_corn_dole
from .services.taxes import do_confirm_statement, do_pay_bills, do_run_tax_turn, do_set_revenue_disruption
from .treasury_forms import (
    CornDoleForm,
    DepositForm,
    DisruptionForm,
    InterceptForm,
    PayBillsForm,
    ReverseForm,
    SpendingForm,
    TransferForm,
    disruption_panel,
    pay_bills_panel,
    payee_choices,
    spending_panels,
    transfer_panel,
    treasury_url,
)
from .treasury_selectors import (
    ROME_KINDS,
    access_account,
    access_control_books,
    access_province_books,
    access_purse_holder,
    access_rome,
    access_spending_place,
    access_statement,
    access_transaction,
    get_money_scope,
    get_payers,
    get_province_books,
    get_purse_books,
    get_rome_books,
    get_tax_turns_ahead,
    get_treasury_index,
    get_unpaid_bills,
)
from .views import pdf_response, record_links

LIVE_ON = "ledger.changed statement.changed spending.changed troops.unpaid clock.changed"
Kind = Account.Kind


@dataclass(frozen=True)
class Refused:
    """An order refused, drawn on the page it was sent from (`page`, its address): the form as typed
    (None for a button) goes back in the panel that posts to `sent_to`."""

    form: object
    sent_to: str
    page: str


def typed_in(panels, refused):
    if refused is None:
        return panels
    return [as_typed(panel, refused.sent_to, refused.form) for panel in panels]


def drawn(request, template, context, refused):
    """The page, at 400 when it shows a refusal."""
    return render(request, template, context, status=200 if refused is None else 400)


def money_context(request, event, refused=None):
    turn = get_turn(event)
    scope = get_money_scope(request.user, event)
    return {
        # where the page's forms come back to: not the address a refused form posted to
        "here": request.get_full_path() if refused is None else refused.page,
        "event": event,
        "turn": turn,
        "game_month": event.game_month(turn),
        "live_on": LIVE_ON,
        "scope": scope,
        "keeps_accounts": can(request.user, event, Perm.KEEP_ACCOUNTS),
        "unpaid_warning": UNPAID_TROOPS,
    }


def with_intercepts(context, event):
    """The pages that list transactions give Control the form to intercept one. Built only there: its payees
    are every purse, treasury and pay chest of the event, four queries and a list of every character that the
    treasury's index, opened all day, never shows (issue 34)."""
    everything = context["scope"].everything
    context["intercept_form"] = InterceptForm(event=event, payees=payee_choices(event)) if everything else None
    return context


# ---- the pages -------------------------------------------------------------------------------


# Each page takes `refused`: drawn again after an order sent from it was refused (see refused_page).


@login_required
def treasury(request, slug, refused=None):
    """Every province's treasury and this tax turn's statement, the umpire's tables first; Rome's
    treasuries; the troops left unpaid."""
    event = access_event(request.user, slug, Perm.VIEW_MONEY)
    context = money_context(request, event, refused)
    purse_url = record_links("regions:treasury-purse", event)
    context["index"] = get_treasury_index(event, request.user, context["turn"], context["scope"], purse_url)
    return drawn(request, "regions/treasury/index.html", context, refused)


@login_required
def province_books(request, slug, pk, refused=None):
    """One province's books: its statement to confirm, its bills to pay, its treasury's transactions,
    and the orders that move its money."""
    province = access_province_books(request.user, slug, pk)
    context = with_intercepts(money_context(request, province.event, refused), province.event)
    books = get_province_books(province, context["turn"])
    officials = (province.governor, province.procurator)
    context.update(
        {
            "province": province,
            "books": books,
            "kept": {c.pk for c in officials if c and context["scope"].covers_character(c)},
        }
    )
    if context["keeps_accounts"]:
        payers = get_payers(province.event, context["scope"], first=books.treasury)
        context.update(
            {
                "pay_bills": typed_in([pay_bills_panel(province, payers)], refused)[0],
                "panels": typed_in(
                    province_panels(province, books, payers, context["turn"], context["scope"]), refused
                ),
            }
        )
    return drawn(request, "regions/treasury/province.html", context, refused)


def province_panels(province, books, payers, turn, scope):
    tax_turns = get_tax_turns_ahead(province.event, turn)
    panels = [
        transfer_panel(books.treasury, payee_choices(province.event)),
        disruption_panel(province, tax_turns, turn),
        *spending_panels(province, turn, payers, scope),
    ]
    return [panel for panel in panels if panel]


@login_required
def purse(request, slug, pk, refused=None):
    """One character's purse: what he holds, what came and went, and sending money from it."""
    character = access_purse_holder(request.user, slug, pk)
    context = with_intercepts(money_context(request, character.event, refused), character.event)
    books = get_purse_books(character)
    context.update({"character": character, "books": books})
    if context["keeps_accounts"]:
        panels = [panel for panel in [transfer_panel(books.purse, payee_choices(character.event))] if panel]
        context["panels"] = typed_in(panels, refused)
    return drawn(request, "regions/treasury/purse.html", context, refused)


@login_required
def rome(request, slug, refused=None):
    """The Imperial Treasury and the Senate's: their money, what the provinces owe Rome and Rome
    owes them this quarter, and Rome's corn dole."""
    event = access_rome(request.user, slug)
    context = with_intercepts(money_context(request, event, refused), event)
    books = get_rome_books(event, context["turn"])
    context["books"] = books
    if context["keeps_accounts"]:
        payers = get_payers(event, context["scope"], first=books.imperial)
        rome_city, scope = books.rome, context["scope"]
        context["rome_panels"] = typed_in(
            spending_panels(rome_city, context["turn"], payers, scope) if rome_city else [], refused
        )
        context["panels"] = typed_in(rome_panels(event, books, context["scope"]), refused)
    return drawn(request, "regions/treasury/rome.html", context, refused)


def rome_panels(event, books, scope):
    """Sending money out of Rome's treasuries and, for Control, money from outside the game."""
    payees = payee_choices(event)
    panels = [transfer_panel(books.imperial, payees), transfer_panel(books.senate, payees)]
    if scope.everything:
        panels.append(
            Panel(
                "Deposit from outside the game",
                treasury_url("deposit", event.slug),
                DepositForm(event=event, payees=payees),
                "Deposit it",
                note='The Imperial Treasury is "very large" (VII. REVENUES); the handbook gives no '
                "figure, so Control enters it.",
            )
        )
    return [panel for panel in panels if panel]


@login_required
def statement_pdf(request, slug, pk, turn):
    """The quarterly statement on paper, for the procurator and for an audit from Rome."""
    province = access_province_books(request.user, slug, pk)
    statement = TaxStatement.objects.filter(province=province, turn=turn).first()
    if statement is None:
        raise Http404("No such statement.")
    try:
        pdf = tax_statement_pdf(statement, page_size=request.GET.get("size", "A4"))
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(pdf, f"{slug}-{province.pk}-statement-{turn}.pdf")


# ---- where a change goes back to ------------------------------------------------------------


def province_page(province):
    return treasury_url("province", province.event.slug, province.pk)


def rome_page(event):
    return treasury_url("rome", event.slug)


def index_page(event):
    return reverse("regions:treasury", args=[event.slug])


def account_page(account):
    """The page an account is shown on: its province's, its holder's, Rome's, else the index."""
    if account.kind == Kind.PROVINCE_TREASURY:
        return province_page(account.province)
    if account.kind == Kind.CHARACTER_PURSE:
        return treasury_url("purse", account.event.slug, account.character_id)
    if account.kind in ROME_KINDS:
        return rome_page(account.event)
    return index_page(account.event)


def back(request, default):
    """The page the form was on (it says so in `back`), if it is one of this site's; else `default`."""
    page = request.POST.get("back", "")
    if page.startswith("/") and url_has_allowed_host_and_scheme(page, allowed_hosts={request.get_host()}):
        return page
    return default


# ---- the changes -----------------------------------------------------------------------------

# The words a refusal's field is shown with: the forms' labels, and the services' fields.
FIELD_LABELS = {
    "to": "To",
    "target": "To",
    "source": "From",
    "paid_from": "Paid from",
    "talents": "Talents",
    "why": "Why",
    "shipment": "Shipment",
    "postings": "Postings",
    "bills": "Bills",
    "statement": "Statement",
    "turn_from": "From tax turn",
    "reduction_talents": "Talents off the income",
    "reason": "Why",
    "item": "What",
    "multiples": "Multiples",
    "months": "Months",
    "permission": "Permission",
    "venue": "Venue",
    "province": "Province",
    "spender": "Spent by",
    "description": "Description",
    "transaction": "Transaction",
}


# A service's field by the name the forms give it.
SAME_AS = {"source": "paid_from", "target": "to"}

# The pages an order is sent from, by their URL's name: each may be drawn again with a refusal.
PAGES = {"treasury", "treasury-province", "treasury-purse", "treasury-rome"}


def money_order(access, page, typed_form=lambda request, target: None):
    """A POST that moves money or settles the books. `access` fetches what it acts on, or 404s;
    `typed_form(request, target)` gives its form bound to the POST (None for a button). The handler
    gets the form's data once valid, calls the service and returns the message. All in one
    transaction, so a refusal leaves no trace, not even an account opened for it."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, **kwargs):
            target = access(request.user, slug, **kwargs)
            typed = typed_for_panel(typed_form(request, target), request.path)
            try:
                with atomic():
                    done = handler(request, target, {} if typed is None else valid(typed))
            except ValidationError as refusal:
                if typed is not None and typed.is_valid():  # the form was content: the refusal is the service's
                    refused_in(typed, refusal, FIELD_LABELS, SAME_AS)
                messages.error(request, refusal_text(refusal, FIELD_LABELS))
                return refused_page(request, Refused(typed, request.path, sent_from(request, page(target))))
            messages.success(request, done)
            return redirect(back(request, page(target)))

        return view

    return wrap


def sent_from(request, default):
    """The treasury page the form was on (it says so in `back`); else `default`, a treasury page."""
    page = back(request, default)
    return page if money_page(page) else default


def money_page(address):
    try:
        match = resolve(urlsplit(address).path)
    except Resolver404:
        return None
    return match if match.namespace == "regions" and match.url_name in PAGES else None


def refused_page(request, refused):
    """The page the refused form was on, as it stands (nothing changed), at status 400."""
    match = money_page(refused.page)
    return match.func(request, *match.args, **match.kwargs, refused=refused)


keeping_province = partial(access_province_books, perm=Perm.KEEP_ACCOUNTS)


def payers_for(request, event):
    return get_payers(event, get_money_scope(request.user, event))


def payee_account(event, payee):
    """The account of what the form named, opened now if it never held money before."""
    kind, record = payee
    opens = {
        "imperial": lambda: imperial_treasury(event),
        "senate": lambda: senate_treasury(event),
        "province": lambda: treasury_of(record),
        "character": lambda: purse_of(record),
        "force": lambda: pay_chest_of(record),
        "account": lambda: record,
    }
    return opens[kind]()


@money_order(access_statement, lambda statement: province_page(statement.province))
def confirm_statement(request, statement, data):
    statement = do_confirm_statement(statement, actor=request.user)
    handed = (
        f"{talents(statement.income)} handed to {statement.handed_to}"
        if statement.revenue_id
        else "there was no revenue to hand out"
    )
    return f"{statement.province}'s statement for tax turn {statement.turn} is confirmed: {handed}."


def bills_form(request, province):
    return PayBillsForm(request.POST, bills=get_unpaid_bills(province), payers=payers_for(request, province.event))


@money_order(keeping_province, province_page, bills_form)
def pay_bills(request, province, data):
    payment = do_pay_bills(data["bills"], source=data["paid_from"], actor=request.user)
    paid, source = sum(bill.talents for bill in data["bills"]), data["paid_from"].name
    return f"{len(data['bills'])} bill(s) paid from {source}: {talents(paid)}, transaction #{payment.pk}."


def transfer_form(request, account):
    return TransferForm(request.POST, event=account.event, payees=payee_choices(account.event))


@money_order(access_account, account_page, transfer_form)
def transfer(request, account, data):
    event = account.event
    target = payee_account(event, data["to"])
    entry = do_transfer(
        source=account,
        target=target,
        talents=data["talents"],
        why=data["why"],
        actor=request.user,
        shipment=data["shipment"],
    )
    shipped = ", a shipment that may be intercepted" if entry.shipment else ""
    return f"{talents(data['talents'])} sent from {account.name} to {target.name}{shipped}: transaction #{entry.pk}."


def disruption_form(request, province):
    event = province.event
    tax_turns = get_tax_turns_ahead(event, get_turn(event))
    return DisruptionForm(request.POST, event=event, tax_turns=tax_turns, initial_turn=None)


@money_order(keeping_province, province_page, disruption_form)
def set_disruption(request, province, data):
    event = province.event
    do_set_revenue_disruption(
        province,
        turn_from=data["turn_from"],
        reduction_talents=data["reduction_talents"],
        reason=data["reason"],
        actor=request.user,
    )
    when = f"from turn {data['turn_from']} ({event.game_month(data['turn_from'])})"
    if not data["reduction_talents"]:
        return f"{province}'s revenue is no longer disrupted {when}."
    return f"{province}'s revenue is cut by {talents(data['reduction_talents'])} a quarter {when}."


def spending_form(request, province):
    event = province.event
    return SpendingForm(
        request.POST,
        province=province,
        turn=get_turn(event),
        payers=payers_for(request, event),
        scope=get_money_scope(request.user, event),
    )


@money_order(access_spending_place, province_page, spending_form)
def spend(request, province, data):
    event = province.event
    spending = do_buy(
        event,
        item=data["item"],
        province=province,
        paid_from=data["paid_from"],
        spender=data["spender"],
        actor=request.user,
        multiples=data["multiples"],
        months=data["months"],
        description=data["description"],
        permission=data["permission"],
        venue=data["venue"],
    )
    ready = (
        ""
        if spending.finished_turn
        else f"; ready at the end of turn {spending.ready_turn} ({event.game_month(spending.ready_turn)})"
    )
    return f"{spending}, paid from {spending.paid_from.name}{ready}."


def corn_dole_form(request, province):
    event = province.event
    scope = get_money_scope(request.user, event)
    return CornDoleForm(request.POST, province=province, payers=payers_for(request, event), scope=scope)


@money_order(access_spending_place, province_page, corn_dole_form)
def pay_corn_dole(request, province, data):
    event = province.event
    spending = do_pay_corn_dole(
        event,
        province=province,
        paid_from=data["paid_from"],
        actor=request.user,
        spender=data["spender"],
        talents=data.get("talents"),
    )
    return f"The corn dole in {province} is paid: {talents(spending.talents)} from {spending.paid_from.name}."


@money_order(
    access_control_books, rome_page, lambda r, event: DepositForm(r.POST, event=event, payees=payee_choices(event))
)
def deposit(request, event, data):
    target = payee_account(event, data["to"])
    entry = do_transfer(
        source=outside(event, OPENING), target=target, talents=data["talents"], why=data["why"], actor=request.user
    )
    return f"{talents(data['talents'])} deposited in {target.name} from outside the game: transaction #{entry.pk}."


@money_order(access_control_books, rome_page)
def open_books(request, event, data):
    do_open_books(event, actor=request.user)
    return "The books are open: every treasury, purse and pay chest, each character's fortune in his purse."


@money_order(access_control_books, index_page)
def draw_up_statements(request, event, data):
    turn = tax_turn_of(current_turn(event))
    drawn = do_run_tax_turn(event, turn, actor=request.user)
    return f"{len(drawn)} statement(s) drawn up for tax turn {turn} ({event.game_month(turn)})."


@money_order(access_transaction, lambda transaction: index_page(transaction.event), lambda r, _: ReverseForm(r.POST))
def reverse_transaction(request, transaction, data):
    why = data["why"]
    reversal = do_reverse(transaction, why=f"Reversal of #{transaction.pk}: {why}", actor=request.user)
    return f"Transaction #{transaction.pk} is reversed by #{reversal.pk}."


def intercept_form(request, transaction):
    return InterceptForm(request.POST, event=transaction.event, payees=payee_choices(transaction.event))


@money_order(access_transaction, lambda transaction: index_page(transaction.event), intercept_form)
def intercept_shipment(request, transaction, data):
    event = transaction.event
    taker = payee_account(event, data["to"])
    seizure = do_intercept(
        transaction, seized_by=taker, why=f"Interception of #{transaction.pk}: {data['why']}", actor=request.user
    )
    return f"Shipment #{transaction.pk} was intercepted: #{seizure.pk} takes its talents to {taker.name}."
