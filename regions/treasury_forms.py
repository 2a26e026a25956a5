"""The treasury's forms: every input is checked here first, then by the service (the ledger will
not overdraw, the engine prices the catalogue). Below the forms, the panels that offer them."""

from functools import partial

from django import forms
from django.urls import reverse

from umpire.forms import RecordsChoiceField
from umpire.models import Character

from .forms import Panel, number
from .models import Account, Force, Province, Venue
from .models.limits import MOST_TALENTS
from .services.books import IMPERIAL_TREASURY, SENATE_TREASURY
from .services.ledger import talents
from .services.spending import venues_free
from .treasury_selectors import get_catalogue, get_unpaid_bills

# A payee is named by what the account belongs to, so money can be sent to a purse or a pay chest
# that is not opened yet: the view opens it (regions.services.books) when the money arrives.
HOLDERS = {"province": Province, "character": Character, "force": Force, "account": Account}
ROME = {"imperial": IMPERIAL_TREASURY, "senate": SENATE_TREASURY}


def payee_choices(event):
    """Every account of the event that money may be paid into, grouped as an umpire looks for it."""
    purses = Character.objects.filter(event=event).select_related("location").order_by("name")
    return [
        ("Rome", list(ROME.items())),
        (
            "Provinces' treasuries",
            [
                (f"province:{p.pk}", f"Treasury of {p.name}")
                for p in Province.objects.filter(event=event).order_by("name")
            ],
        ),
        ("Purses", [(f"character:{c.pk}", f"Purse of {c.name} ({c.location or 'travelling'})") for c in purses]),
        (
            "Legions' pay chests",
            [
                (f"force:{f.pk}", f"Pay chest of {f.name}")
                for f in Force.objects.filter(event=event, kind=Force.Kind.LEGION).order_by("name")
            ],
        ),
        (
            "Outside the game",
            [(f"account:{a.pk}", a.name) for a in Account.objects.filter(event=event, kind=Account.Kind.EXTERNAL)],
        ),
    ]


class PayeeField(forms.ChoiceField):
    """Cleans to (what it is, the record it belongs to): ("province", <Province>), ("imperial", None)."""

    def __init__(self, *args, event, choices, **kwargs):
        super().__init__(*args, choices=choices, **kwargs)
        self.event = event

    def clean(self, value):
        value = super().clean(value)
        if value in ROME:
            return value, None
        kind, _, pk = value.partition(":")
        record = HOLDERS[kind].objects.filter(event=self.event, pk=pk).first()
        if record is None:
            raise forms.ValidationError("That account is no longer in the game.")
        return kind, record


class AccountChoiceField(forms.ModelChoiceField):
    """An account to pay from, with what it holds, so the umpire sees at once what it can pay."""

    def label_from_instance(self, account):
        return f"{account.name} ({talents(account.balance)})"


class BillChoiceField(RecordsChoiceField):
    def label_from_instance(self, bill):
        return f"{bill.what}: {talents(bill.talents)} (tax turn {bill.statement.turn})"


class VenueChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, venue):
        return f"{venue.name} ({venue.get_kind_display().lower()})"


class CharacterChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, character):
        return f"{character.name} ({character.location or 'travelling'})"


def paid_from_field(payers, label="Paid from"):
    field = AccountChoiceField(label=label, queryset=payers, empty_label=None)
    first = payers.first()
    field.initial = first.pk if first else None
    return field


class TransferForm(forms.Form):
    """Money out of this account, to any account (VIII. GENERAL)."""

    talents = number("Talents", min_value=1, max_value=MOST_TALENTS)
    why = forms.CharField(label="Why", max_length=200, help_text="As the ledger will say it: pay, supply, a gift.")
    shipment = forms.BooleanField(
        label="Shipment: may be intercepted",
        required=False,
        help_text="Funds sent to pay or supply an army, if not adequately protected (VIII. GENERAL).",
    )

    def __init__(self, *args, event, payees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields = {"to": PayeeField(label="To", event=event, choices=[("", "– choose –"), *payees]), **self.fields}


class DepositForm(forms.Form):
    """Control's money from outside the game: the Imperial Treasury is "very large" (VII. REVENUES)
    but the handbook gives no figure, so Control enters it."""

    talents = number("Talents", min_value=1, max_value=MOST_TALENTS)
    why = forms.CharField(
        label="Why", max_length=200, initial="The Imperial Treasury in the Temple of Jupiter at the start of the game"
    )

    def __init__(self, *args, event, payees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields = {"to": PayeeField(label="Into", event=event, choices=payees, initial="imperial"), **self.fields}


class PayBillsForm(forms.Form):
    """Pay the chosen bills together, or none: an account that cannot cover them all pays none."""

    def __init__(self, *args, bills, payers, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bills"] = BillChoiceField(
            label="Bills to pay", queryset=bills, widget=forms.CheckboxSelectMultiple
        )
        self.fields["paid_from"] = paid_from_field(payers, "Pay from")


class DisruptionForm(forms.Form):
    """VII. PROVINCIAL REVENUE: "Prolonged fighting ... or severe political disruption ... may
    serve to reduce the total revenue involved"."""

    reduction_talents = number(
        "Talents a quarter off the income", max_value=MOST_TALENTS, help_text="0 lifts the disruption."
    )
    reason = forms.CharField(label="Why", max_length=200, help_text="Prolonged fighting, rebellion, looting.")

    def __init__(self, *args, event, tax_turns, initial_turn, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(t, f"Turn {t}, {event.game_month(t)}") for t in tax_turns]
        self.fields = {
            "turn_from": forms.TypedChoiceField(
                label="From tax turn", coerce=int, choices=choices, initial=initial_turn
            ),
            **self.fields,
        }


def catalogue_choices(province):
    """Each item with its price and time where it is bought, by the engine."""

    def when(months):
        return "at once" if months == 0 else f"{months} month{'s' if months > 1 else ''}"

    return [
        (item.item, f"{item.label}: {talents(item.talents)}, {when(item.months)}") for item in get_catalogue(province)
    ]


def characters(event, scope):
    """Who spends: a man at the umpire's tables (`scope`, his MoneyScope), or no one."""
    return CharacterChoiceField(
        label="Spent by",
        required=False,
        empty_label="– no one: the province –",
        queryset=scope.characters_kept(Character.objects.filter(event=event).select_related("location")),
        error_messages={"invalid_choice": "Choose one at your tables, or no one."},
    )


class SpendingForm(forms.Form):
    """VIII. CONSPICUOUS CONSUMPTION: one item of the catalogue, bought here."""

    multiples = number(
        "Multiples",
        min_value=1,
        max_value=100,
        initial=1,
        help_text="Free dinners and cash hand-outs only: each multiple of the least noticed sum.",
    )
    months = number(
        "Months",
        max_value=24,
        initial=0,
        help_text="Public works only: the months they take; 0 for the catalogue's time.",
    )
    description = forms.CharField(
        label="Description", max_length=200, required=False, help_text="The god honoured, the works, the show."
    )
    permission = forms.CharField(
        label="Permission",
        max_length=200,
        required=False,
        help_text="An entertainment venue needs the Senate's leave in Rome, the governor's elsewhere: who gave it.",
    )

    def __init__(self, *args, province, turn, payers, scope, **kwargs):
        super().__init__(*args, **kwargs)
        event = province.event
        free = venues_free(event, province, turn, Venue.Kind.ENTERTAINMENT_VENUE) | venues_free(
            event, province, turn, Venue.Kind.TEMPLE
        )
        self.fields = {
            "item": forms.ChoiceField(label="What", choices=catalogue_choices(province)),
            **self.fields,
            "venue": VenueChoiceField(
                label="Venue",
                queryset=free,
                required=False,
                empty_label="– none –",
                help_text="Free this month: a show needs an entertainment venue, a ceremony a temple.",
            ),
            "spender": characters(event, scope),
            "paid_from": paid_from_field(payers),
        }


class CornDoleForm(forms.Form):
    """VIII. Bread: Rome's dole costs 20 talents a quarter; elsewhere Control sets the price."""

    def __init__(self, *args, province, payers, scope, **kwargs):
        super().__init__(*args, **kwargs)
        if not province.is_rome:
            self.fields["talents"] = number(
                "Talents",
                min_value=1,
                max_value=MOST_TALENTS,
                help_text="The handbook gives no price outside Rome: Control's figure.",
            )
        self.fields["spender"] = characters(province.event, scope)
        self.fields["paid_from"] = paid_from_field(payers)


class ReverseForm(forms.Form):
    why = forms.CharField(label="Why it is reversed", max_length=200)


class InterceptForm(forms.Form):
    """VIII. GENERAL: funds sent to an army "may be intercepted if not adequately protected"."""

    why = forms.CharField(label="Where, and by whom", max_length=200)

    def __init__(self, *args, event, payees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields = {"to": PayeeField(label="Taken by", event=event, choices=payees), **self.fields}


# ---- the orders a page offers -----------------------------------------------------------------


def treasury_url(name, *args):
    return reverse(f"regions:treasury-{name}", args=args)


def province_url(province, name):
    return treasury_url(name, province.event.slug, province.pk)


def transfer_panel(account, payees, note=""):
    """Sending money out of `account`; none if the account is not opened (it holds nothing)."""
    if account is None:
        return None
    return Panel(
        f"Send money from {account.name}",
        treasury_url("transfer", account.event.slug, account.pk),
        TransferForm(event=account.event, payees=payees),
        "Send the money",
        note=note,
    )


def no_payer(payers):
    """Why nothing can be paid from this page: before the books open, no account holds money."""
    return "" if payers.exists() else "there is no account of yours to pay from: the books are not open"


def pay_bills_panel(province, payers):
    bills = get_unpaid_bills(province)
    url = province_url(province, "pay-bills")
    if not bills.exists() or no_payer(payers):
        return Panel("Pay bills", url, why_not=no_payer(payers) or "every bill is paid")
    return Panel(
        "Pay bills",
        url,
        PayBillsForm(bills=bills, payers=payers),
        "Pay the chosen bills",
        note="One payment for all the bills chosen; an account that cannot cover them all pays none.",
    )


def spending_panels(province, turn, payers, scope):
    """Buying from the catalogue and paying a corn dole in `province`."""
    url, why_not = partial(province_url, province), no_payer(payers)
    where = "Rome" if province.is_rome else province.name
    dole = (
        "20 talents, once a quarter: failing it in Rome is very likely to bring unrest."
        if province.is_rome
        else "A corn dole in a provincial city, at the price Control sets."
    )
    return [
        Panel(
            f"Bread and circuses in {where}",
            url("spend"),
            SpendingForm(province=province, turn=turn, payers=payers, scope=scope),
            "Buy it",
            note="Costs and times by the engine; provincial entertainments cost half.",
            why_not=why_not,
        ),
        Panel(
            f"Corn dole in {where}",
            url("corn-dole"),
            CornDoleForm(province=province, payers=payers, scope=scope),
            "Pay the corn dole",
            note=dole,
            why_not=why_not,
        ),
    ]


def disruption_panel(province, tax_turns, turn):
    ahead = [t for t in tax_turns if t > turn]
    return Panel(
        "Revenue disrupted",
        province_url(province, "disruption"),
        DisruptionForm(event=province.event, tax_turns=tax_turns, initial_turn=ahead[0] if ahead else tax_turns[0]),
        "Set the disruption",
        note="A statement already drawn up is not changed.",
    )
