"""The event's accounts: opened on the eve of the game, each character's fortune in his purse, once."""

from regions.models import Account, Force, Province, Transaction
from regions.services.books import FORTUNES, OPENING, do_open_books, outside, purse_of
from regions.services.ledger import do_transfer, get_balance
from tests.demo_data import load_demo_forces
from umpire import clockwork
from umpire.models import AuditEntry, Character

Kind = Account.Kind


def kinds(event):
    return {kind: Account.objects.filter(event=event, kind=kind).count() for kind in Kind.values}


def test_opening_the_books_opens_every_account_the_game_needs(ad69):
    load_demo_forces()
    do_open_books(ad69, actor=None)
    legions = Force.objects.filter(event=ad69, kind=Force.Kind.LEGION).count()
    assert kinds(ad69) == {
        "province": Province.objects.filter(event=ad69).count(),
        "pay_chest": legions,
        "imperial": 1,
        "senate": 1,
        "external": 8,
        "purse": 0,
    }
    assert AuditEntry.objects.filter(action="books.opened").count() == 1


def test_each_fortune_goes_into_its_purse_once(ad69, control):
    vespasian = Character.objects.get(event=ad69, name="Flavius Vespasianus")
    Character.objects.filter(pk=vespasian.pk).update(wealth=120)
    do_transfer(source=outside(ad69, OPENING), target=purse_of(vespasian), talents=5, why="a gift", actor=control)
    do_open_books(ad69, actor=control)
    do_open_books(ad69, actor=control)
    assert get_balance(purse_of(vespasian)) == 125
    assert get_balance(outside(ad69, FORTUNES)) == -120
    assert Transaction.objects.filter(why__contains="personal fortune").count() == 1


def test_the_clock_opens_the_books_on_the_eve_of_the_game_and_not_again(ad69):
    otho = Character.objects.get(event=ad69, name="Marcus Otho")
    Character.objects.filter(pk=otho.pk).update(wealth=300)
    clockwork.do_start_clock(ad69, actor=None)
    assert get_balance(purse_of(otho)) == 300
    clockwork.do_skip_turn(ad69, actor=None)
    assert AuditEntry.objects.filter(action="books.opened").count() == 1
