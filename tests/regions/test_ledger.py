"""The ledger (DESIGN principle 4): postings sum to zero, balances are derived, nothing
overdraws, and a mistake is undone by a reversing transaction, by hand or from the audit log."""

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.db.transaction import atomic, set_rollback
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regions.models import Account, Posting, Province, Transaction
from regions.services.ledger import do_intercept, do_post, do_reverse, do_transfer, get_balance, get_balances
from tests.umpire.channels_helpers import listen
from umpire.models import AuditEntry, Character, Event, Region, Role
from umpire.services.undo import do_undo

Kind = Account.Kind


def open_account(event, name, kind, **links):
    """An account placed directly (test set-up, not a game action)."""
    account = Account(event=event, name=name, kind=kind, **links)
    account.full_clean()
    account.save()
    return account


@pytest.fixture
def outside(ad69):
    return open_account(ad69, "The world outside", Kind.EXTERNAL)


@pytest.fixture
def achaea(ad69):
    province = Province.objects.get(event=ad69, name="Achaea")
    return open_account(ad69, "Treasury of Achaea", Kind.PROVINCE_TREASURY, province=province)


@pytest.fixture
def purse(ad69):
    vespasian = Character.objects.get(event=ad69, name="Flavius Vespasianus")
    return open_account(ad69, "Purse of Vespasian", Kind.CHARACTER_PURSE, character=vespasian)


@pytest.fixture
def jupiter(ad69):
    return open_account(ad69, "Temple of Jupiter", Kind.IMPERIAL_TREASURY)


def counts():
    return Transaction.objects.count(), Posting.objects.count(), AuditEntry.objects.count()


def unbalanced_transactions():
    return list(Transaction.objects.annotate(total=Sum("postings__amount")).exclude(total=0))


def test_a_transfer_moves_money_and_both_balances_are_right(ad69, control, outside, achaea, purse):
    do_transfer(source=outside, target=achaea, talents=10, why="Achaea's quarterly revenue", actor=control)
    entry = do_transfer(source=achaea, target=purse, talents=7, why="to Vespasian", actor=control, shipment=True)
    assert get_balances([outside, achaea, purse]) == {outside: -10, achaea: 3, purse: 7}
    assert (get_balance(achaea), get_balance(purse)) == (3, 7)
    assert entry.shipment and entry.entered_by == control and entry.game_turn == 1
    assert sorted(entry.postings.values_list("account__name", "amount")) == [
        ("Purse of Vespasian", 7),
        ("Treasury of Achaea", -7),
    ]
    audit = AuditEntry.objects.get(action="ledger.transfer", target_id=str(entry.pk))
    assert (audit.before, audit.after, audit.reason) == (
        {"Treasury of Achaea": 10, "Purse of Vespasian": 0},
        {"Treasury of Achaea": 3, "Purse of Vespasian": 7},
        "to Vespasian",
    )
    assert unbalanced_transactions() == []


def test_do_post_splits_one_payment_among_several_accounts(ad69, control, outside, achaea, jupiter):
    do_post(ad69, postings=[(outside, -30), (achaea, 10), (jupiter, 20)], why="revenues", actor=control)
    assert get_balances([outside, achaea, jupiter]) == {outside: -30, achaea: 10, jupiter: 20}
    assert unbalanced_transactions() == []


def test_postings_that_do_not_sum_to_zero_are_refused(ad69, control, outside, achaea):
    before = counts()
    with pytest.raises(ValidationError, match=r"sum to \+1 talents, not zero") as refusal:
        do_post(ad69, postings=[(outside, -10), (achaea, 11)], why="a slip of the stylus", actor=control)
    assert "postings" in refusal.value.message_dict
    assert counts() == before


def test_an_overdraft_is_refused_naming_the_account_and_nothing_is_written(ad69, control, outside, achaea, purse):
    do_transfer(source=outside, target=achaea, talents=7, why="revenue", actor=control)
    before = counts()
    with pytest.raises(ValidationError) as refusal:
        do_transfer(source=achaea, target=purse, talents=10, why="too much", actor=control)
    assert refusal.value.message_dict == {"source": ["Treasury of Achaea holds 7 talents; it cannot pay 10."]}
    assert counts() == before
    assert get_balances([achaea, purse]) == {achaea: 7, purse: 0}


@pytest.mark.parametrize("talents", [0, -5, 2.5, True, 1_000_001, 2**31, 10**20])
def test_a_transfer_of_no_whole_positive_talents_is_refused(ad69, control, outside, achaea, talents):
    before = counts()
    with pytest.raises(ValidationError) as refusal:
        do_transfer(source=outside, target=achaea, talents=talents, why="nothing", actor=control)
    assert list(refusal.value.message_dict) == ["talents"]
    assert counts() == before


def test_a_posting_past_the_most_the_books_hold_is_refused(ad69, control, outside, achaea):
    """A deposit of 10^20 talents was an OverflowError: now a refusal by name, and nothing written."""
    before = counts()
    with pytest.raises(ValidationError) as refusal:
        do_post(ad69, postings=[(outside, -(10**20)), (achaea, 10**20)], why="a slip", actor=control)
    assert "up to 1,000,000" in refusal.value.message_dict["postings"][0]
    assert counts() == before


# ---- whose money ---------------------------------------------------------------------------------


def test_money_leaves_only_an_account_the_umpire_keeps(ad69, make_umpire, control, outside, achaea, purse, jupiter):
    """Achaea's treasury is kept at the Illyria table, Vespasian's purse at the Eastern Med one where he
    is, Rome's treasuries by the Senate umpire: each pays from his own alone, and into any account."""
    for account in (achaea, purse, jupiter):
        do_transfer(source=outside, target=account, talents=10, why="funds", actor=control)
    illyria, east, gaul, senate = (
        make_umpire(ad69, Role.REGION, "Illyria"),
        make_umpire(ad69, Role.REGION, "Eastern Med"),
        make_umpire(ad69, Role.REGION, "Gaul"),
        make_umpire(ad69, Role.SENATE, username="senate"),
    )
    before = counts()
    for actor, source in (
        (gaul, achaea),
        (gaul, purse),
        (east, achaea),
        (illyria, purse),
        (senate, achaea),
        (east, jupiter),
    ):
        with pytest.raises(ValidationError) as refusal:
            do_transfer(source=source, target=outside, talents=1, why="not his", actor=actor)
        assert refusal.value.message_dict == {
            "source": [f"{source.name} is not an account you keep: money leaves only an account at your tables."]
        }
    assert counts() == before
    do_transfer(source=achaea, target=purse, talents=1, why="pay", actor=illyria)
    do_transfer(source=purse, target=jupiter, talents=2, why="a gift", actor=east)
    do_transfer(source=jupiter, target=achaea, talents=3, why="a grant", actor=senate)
    assert get_balances([achaea, purse, jupiter]) == {achaea: 12, purse: 9, jupiter: 9}


def test_a_transfer_without_a_reason_is_refused(ad69, control, outside, achaea):
    with pytest.raises(ValidationError) as refusal:
        do_transfer(source=outside, target=achaea, talents=5, why="  ", actor=control)
    assert list(refusal.value.message_dict) == ["why"]


def test_an_account_of_another_event_is_refused(ad69, control, outside, achaea):
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    stranger = open_account(other, "Treasury elsewhere", Kind.SENATE_TREASURY)
    before = counts()
    with pytest.raises(ValidationError, match="belongs to another event") as refusal:
        do_transfer(source=outside, target=stranger, talents=5, why="astray", actor=control)
    assert list(refusal.value.message_dict) == ["target"]
    with pytest.raises(ValidationError, match="Treasury elsewhere belongs to another event"):
        do_post(ad69, postings=[(outside, -5), (stranger, 5)], why="astray", actor=control)
    assert counts() == before


def test_a_reversal_restores_the_balances_as_a_new_transaction(ad69, control, outside, achaea, purse):
    do_transfer(source=outside, target=achaea, talents=10, why="revenue", actor=control)
    mistake = do_transfer(source=achaea, target=purse, talents=4, why="to the wrong purse", actor=control)
    reversal = do_reverse(mistake, why="wrong purse", actor=control)
    assert get_balances([outside, achaea, purse]) == {outside: -10, achaea: 10, purse: 0}
    assert reversal.pk != mistake.pk and reversal.reverses == mistake
    assert sorted(reversal.postings.values_list("account__name", "amount")) == [
        ("Purse of Vespasian", -4),
        ("Treasury of Achaea", 4),
    ]
    mistake.refresh_from_db()
    assert (mistake.why, mistake.reverses, sorted(mistake.postings.values_list("amount", flat=True))) == (
        "to the wrong purse",
        None,
        [-4, 4],
    )
    assert AuditEntry.objects.filter(action="ledger.reversed", target_id=str(reversal.pk)).count() == 1
    assert unbalanced_transactions() == []


def test_a_transaction_is_reversed_once_and_a_reversal_is_final(ad69, control, outside, achaea):
    entry = do_transfer(source=outside, target=achaea, talents=10, why="revenue", actor=control)
    reversal = do_reverse(entry, why="wrong province", actor=control)
    before = counts()
    with pytest.raises(ValidationError, match=f"already reversed by #{reversal.pk}"):
        do_reverse(entry, why="again", actor=control)
    with pytest.raises(ValidationError, match="a reversal is final"):
        do_reverse(reversal, why="undo the undo", actor=control)
    assert counts() == before


def test_a_reversal_that_would_overdraw_is_refused(ad69, control, outside, achaea, purse):
    do_transfer(source=outside, target=achaea, talents=10, why="revenue", actor=control)
    paid = do_transfer(source=achaea, target=purse, talents=10, why="to Vespasian", actor=control)
    do_transfer(source=purse, target=outside, talents=8, why="bread for the legion", actor=control)
    before = counts()
    with pytest.raises(ValidationError, match="Purse of Vespasian holds 2 talents; it cannot pay 10."):
        do_reverse(paid, why="should not have been paid", actor=control)
    assert counts() == before


def test_balances_are_read_in_one_query(ad69, control, outside, achaea, purse, jupiter, django_assert_num_queries):
    for target in (achaea, purse, jupiter):
        do_transfer(source=outside, target=target, talents=3, why="seed", actor=control)
    accounts = [outside, achaea, purse, jupiter]
    with django_assert_num_queries(1):
        assert get_balances(accounts) == {outside: -9, achaea: 3, purse: 3, jupiter: 3}


def test_control_hears_of_each_transaction(ad69, control, outside, achaea, django_capture_on_commit_callbacks):
    with listen([f"control-{ad69.pk}", f"event-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            entry = do_transfer(source=outside, target=achaea, talents=10, why="revenue", actor=control)
        messages = heard()
    assert list(messages) == [f"control-{ad69.pk}"]
    event = messages[f"control-{ad69.pk}"][0]["event"]
    assert (event["type"], event["action"], event["transaction_id"]) == ("ledger.changed", "transfer", entry.pk)
    assert {b["name"]: b["talents"] for b in event["balances"]} == {"The world outside": -10, "Treasury of Achaea": 10}


def test_only_an_external_account_may_overdraw(ad69, outside, achaea):
    assert (outside.allows_overdraft, achaea.allows_overdraft) == (True, False)
    with pytest.raises(ValidationError) as refusal:
        open_account(ad69, "Pay chest", Kind.LEGION_PAY_CHEST)
    assert list(refusal.value.message_dict) == ["force"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(1, 40)), max_size=20))
def test_any_transfers_keep_the_books_balanced_and_no_treasury_negative(
    ad69, control, outside, achaea, purse, jupiter, moves
):
    accounts = [outside, achaea, purse, jupiter]
    with atomic():
        for source, target, talents in moves:
            try:
                do_transfer(source=accounts[source], target=accounts[target], talents=talents, why="x", actor=control)
            except ValidationError:
                pass
        balances = get_balances(accounts)
        assert sum(balances.values()) == 0
        assert all(balance >= 0 for account, balance in balances.items() if not account.allows_overdraft)
        assert unbalanced_transactions() == []
        set_rollback(True)


def test_an_intercepted_shipment_goes_to_whoever_took_it(ad69, control, outside, achaea, purse):
    """VIII. GENERAL: funds sent to an army "may be intercepted if not adequately protected"."""
    do_transfer(source=outside, target=achaea, talents=20, why="revenue", actor=control)
    shipment = do_transfer(
        source=achaea, target=purse, talents=12, why="pay for the army", actor=control, shipment=True
    )
    bandit = open_account(ad69, "Purse of a bandit", Kind.EXTERNAL)
    seizure = do_intercept(shipment, seized_by=bandit, why="ambushed in the pass", actor=control)
    assert seizure.seizes == shipment
    assert get_balances([achaea, purse, bandit]) == {achaea: 8, purse: 0, bandit: 12}
    with pytest.raises(ValidationError, match="already intercepted"):
        do_intercept(shipment, seized_by=bandit, why="again", actor=control)
    with pytest.raises(ValidationError, match=f"was intercepted by #{seizure.pk}: reverse that first"):
        do_reverse(shipment, why="never sent", actor=control)


def test_only_a_shipment_can_be_intercepted_and_nothing_is_written(ad69, control, outside, achaea, purse):
    plain = do_transfer(source=outside, target=achaea, talents=20, why="revenue", actor=control)
    before = counts()
    with pytest.raises(ValidationError, match="was not sent as a shipment"):
        do_intercept(plain, seized_by=purse, why="ambush", actor=control)
    assert counts() == before


def test_a_shipment_already_spent_cannot_be_intercepted(ad69, control, outside, achaea, purse, jupiter):
    do_transfer(source=outside, target=achaea, talents=20, why="revenue", actor=control)
    shipment = do_transfer(source=achaea, target=purse, talents=12, why="pay", actor=control, shipment=True)
    do_transfer(source=purse, target=jupiter, talents=10, why="spent", actor=control)
    before = counts()
    with pytest.raises(ValidationError, match="Purse of Vespasian holds 2 talents; it cannot pay 12"):
        do_intercept(shipment, seized_by=outside, why="too late", actor=control)
    assert counts() == before


def test_the_tables_where_the_money_is_hear_of_it(
    ad69, control, outside, achaea, jupiter, django_capture_on_commit_callbacks
):
    illyria = achaea.province.region
    senate_room = Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)
    groups = [f"table-{illyria.pk}", f"table-{senate_room.pk}"]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_transfer(source=outside, target=achaea, talents=10, why="revenue", actor=control)
            do_transfer(source=achaea, target=jupiter, talents=9, why="due to Rome", actor=control, shipment=True)
        messages = heard()
    assert [m["event"]["why"] for m in messages[f"table-{illyria.pk}"]] == ["revenue", "due to Rome"]
    assert [m["event"]["why"] for m in messages[f"table-{senate_room.pk}"]] == ["due to Rome"]


# ---- undone from the audit log -------------------------------------------------------------------


def entry_of(transaction):
    return AuditEntry.objects.get(target_type="regions.transaction", target_id=str(transaction.pk))


def written():
    return Transaction.objects.count(), AuditEntry.objects.count()


def test_undoing_a_transfer_posts_its_reversal_and_a_second_undo_changes_nothing(ad69, control, outside, achaea, purse):
    do_transfer(source=outside, target=achaea, talents=10, why="Achaea's revenue", actor=control)
    sent = do_transfer(source=achaea, target=purse, talents=7, why="to Vespasian", actor=control)

    undo = do_undo(entry_of(sent), actor=control, reason="paid to the wrong purse")

    assert get_balances([achaea, purse]) == {achaea: 10, purse: 0}
    reversal = Transaction.objects.get(reverses=sent)
    assert (undo.action, undo.compensates_id, undo.reason) == (
        "audit.undo",
        entry_of(sent).pk,
        "paid to the wrong purse",
    )
    assert entry_of(reversal).compensates_id == entry_of(sent).pk
    assert entry_of(reversal).part_of_id == undo.pk
    assert sorted(sent.postings.values_list("amount", flat=True)) == [-7, 7]  # the original stands

    before = written()
    assert do_undo(entry_of(sent), actor=control, reason="clicked twice") == undo
    assert written() == before


def test_a_transfer_whose_money_was_spent_since_is_not_undone_and_nothing_is_written(
    ad69, control, outside, achaea, purse
):
    do_transfer(source=outside, target=achaea, talents=10, why="Achaea's revenue", actor=control)
    sent = do_transfer(source=achaea, target=purse, talents=7, why="to Vespasian", actor=control)
    do_transfer(source=purse, target=outside, talents=5, why="Vespasian buys grain", actor=control)

    before = written()
    with pytest.raises(ValidationError, match="Purse of Vespasian holds 2 talents; it cannot pay 7"):
        do_undo(entry_of(sent), actor=control, reason="paid to the wrong purse")
    assert written() == before
    assert get_balances([achaea, purse]) == {achaea: 3, purse: 2}


def test_an_undo_needs_a_reason_and_is_itself_final(ad69, control, outside, achaea):
    sent = do_transfer(source=outside, target=achaea, talents=10, why="Achaea's revenue", actor=control)
    with pytest.raises(ValidationError, match="Say why"):
        do_undo(entry_of(sent), actor=control, reason="  ")
    undo = do_undo(entry_of(sent), actor=control, reason="wrong province")
    with pytest.raises(ValidationError, match="an undo is final"):
        do_undo(undo, actor=control, reason="redo it")
    with pytest.raises(ValidationError, match="an undo is final"):
        do_undo(undo.parts.get(), actor=control, reason="redo it")
