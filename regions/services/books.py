"""The event's accounts (VIII. GENERAL): each province's central treasury, each character's purse,
each legion's pay chest, the Imperial Treasury in the Temple of Jupiter, the Senate's treasury,
and the world outside the books that taxes come from and wages go to.

An account is found by its kind and what it belongs to, and opened the first time it is needed.
Opening the books for an event (on the eve of the game, or by Control) opens them all at once
and puts each character's wealth, as his briefing gives it, in his purse.
"""

from collections.abc import Mapping

from django.db import IntegrityError
from django.db.models import Model, QuerySet
from django.db.transaction import atomic

from umpire.models import Character, Event
from umpire.services.audit import Actor, record_audit

from ..models import Account, Force, Posting, Province
from .ledger import post

Kind = Account.Kind

IMPERIAL_TREASURY = "Imperial Treasury (Temple of Jupiter)"
SENATE_TREASURY = "Treasury of the Senate"
# The world outside the books: where money comes from and goes to, one account for each reason,
# so the Control page can say how much came in as taxes and went out as wages.
TAXPAYERS = "Provincial taxpayers"
OPENING = "Deposits from outside the game"
FORTUNES = "Personal fortunes, from the briefings"
PLUNDER = "Towns looted and tribute demanded"
PUBLIC_WORKS = "Roads, government and public works"
SOLDIERS = "Soldiers' pay and recruits"
BRIBED_TROOPS = "Bribes taken by the troops"
THE_PEOPLE = "The people: shows, dinners, hand-outs and the corn dole"


def treasury_of(province: Province) -> Account:
    return opened(province.event, f"Treasury of {province.name}", Kind.PROVINCE_TREASURY, province=province)


def purse_of(character: Character) -> Account:
    return opened(character.event, f"Purse of {character.name}", Kind.CHARACTER_PURSE, character=character)


def pay_chest_of(force: Force) -> Account:
    return opened(force.event, f"Pay chest of {force.name}", Kind.LEGION_PAY_CHEST, force=force)


def imperial_treasury(event: Event) -> Account:
    return opened(event, IMPERIAL_TREASURY, Kind.IMPERIAL_TREASURY)


def senate_treasury(event: Event) -> Account:
    return opened(event, SENATE_TREASURY, Kind.SENATE_TREASURY)


def outside(event: Event, name: str) -> Account:
    return opened(event, name, Kind.EXTERNAL)


def opened(event: Event, name: str, kind: str, **belongs_to: Model) -> Account:
    """The account, opened now if it is not yet: by what it belongs to, so a renamed province
    keeps its treasury."""
    found_by: Mapping[str, object] = belongs_to or {"name": name}
    found = Account.objects.filter(event=event, kind=kind, **found_by).first()
    if found:
        return found
    try:
        with atomic():
            return Account.objects.create(event=event, name=name, kind=kind, **belongs_to)
    except IntegrityError:  # opened meanwhile by another request
        return Account.objects.get(event=event, kind=kind, **found_by)


def do_open_books(event: Event, *, actor: Actor) -> None:
    """Open every account the event needs, and put each character's wealth in his purse, once:
    opening them again opens only what is missing and pays no fortune twice."""
    with atomic():
        for name in (TAXPAYERS, OPENING, FORTUNES, PLUNDER, PUBLIC_WORKS, SOLDIERS, BRIBED_TROOPS, THE_PEOPLE):
            outside(event, name)
        imperial_treasury(event)
        senate_treasury(event)
        for province in Province.objects.filter(event=event).select_related("event"):
            treasury_of(province)
        for legion in Force.objects.filter(event=event, kind=Force.Kind.LEGION).select_related("event"):
            pay_chest_of(legion)
        fortunes = put_fortunes_in_purses(event, actor)
        record_audit(
            event=event,
            actor=actor,
            action="books.opened",
            target=event,
            after={"accounts": Account.objects.filter(event=event).count(), "fortunes": fortunes},
        )


def fortunes_not_in_purses(event: Event) -> QuerySet[Character]:
    """The characters with a fortune (II. CHARACTERISTICS, WEALTH) not yet paid into their purse from the
    fortunes' account: before the books open, every one of them. Reads only: it opens no account."""
    paid = Posting.objects.filter(
        account__event=event,
        account__kind=Kind.CHARACTER_PURSE,
        transaction__postings__account__kind=Kind.EXTERNAL,
        transaction__postings__account__name=FORTUNES,
    ).values("account__character")
    return event.characters.filter(wealth__gt=0).exclude(pk__in=paid)


def put_fortunes_in_purses(event: Event, actor: Actor) -> int:
    """II. CHARACTERISTICS, WEALTH: the talents of each character's personal fortune, in his purse,
    paid from the fortunes' own account, so a purse that has had its fortune is known."""
    source = outside(event, FORTUNES)
    fortunes = 0
    for character in fortunes_not_in_purses(event).select_related("event"):
        purse, wealth = purse_of(character), character.wealth
        assert wealth is not None  # filtered on wealth > 0
        post(
            event,
            [(source, -wealth), (purse, wealth)],
            why=f"{character.name}'s personal fortune, from his briefing",
            actor=actor,
        )
        fortunes += 1
    return fortunes
