"""Bread and circuses through the services (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION): each purchase
costed by the engine, paid through the ledger, recorded, audited and announced; each refusal names
its field and writes nothing."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Province, Spending, Transaction, Venue
from regions.services.books import OPENING, PUBLIC_WORKS, THE_PEOPLE, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer, get_balance
from regions.services.spending import do_buy, do_pay_corn_dole, finish_spending, get_corn_dole, venues_free
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.models import AuditEntry, Character, Event, GameClock, Region, Role
from umpire.services.undo import do_undo

Item = Spending.Item
ARENA, TEMPLE = Venue.Kind.ENTERTAINMENT_VENUE, Venue.Kind.TEMPLE


@pytest.fixture
def rome(ad69):
    return Province.objects.get(event=ad69, name="City of Rome")


@pytest.fixture
def achaea(ad69):
    return Province.objects.get(event=ad69, name="Achaea")


@pytest.fixture
def vinius(ad69):
    """A senator in Rome."""
    return Character.objects.get(event=ad69, name="Titus Vinius")


@pytest.fixture
def blasio(ad69):
    """The governor of Achaea."""
    return Character.objects.get(event=ad69, name="Cornelius Blasio")


def fund(account, talents, actor):
    """Money put in an account (test set-up, through the ledger)."""
    do_transfer(source=outside(account.event, OPENING), target=account, talents=talents, why="test funds", actor=actor)
    return account


def purse(character, talents, actor):
    return fund(purse_of(character), talents, actor)


def venue(province, name, kind):
    """A venue on the Rome map's list, as Control enters it (test set-up)."""
    return Venue.objects.create(event=province.event, name=name, kind=kind, province=province)


def set_turn(event, turn):
    GameClock.objects.filter(event=event).update(turn=turn)


def counts():
    return (Transaction.objects.count(), Spending.objects.count(), Venue.objects.count(), AuditEntry.objects.count())


def refused(field, match, buy, **kwargs):
    """The refusal names `field` and its message matches; nothing is written."""
    before = counts()
    with pytest.raises(ValidationError, match=match) as refusal:
        buy(**kwargs)
    assert list(refusal.value.message_dict) == [field]
    assert counts() == before
    return refusal.value


# ---- buying --------------------------------------------------------------------------------


def test_free_dinners_in_rome_cost_20_a_multiple_and_go_to_the_people(ad69, control, rome, vinius):
    wallet = purse(vinius, 100, control)
    spending = do_buy(
        ad69,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        multiples=3,
        description="for the Aventine",
    )
    assert (
        spending.talents,
        spending.multiples,
        spending.ordered_turn,
        spending.ready_turn,
        spending.finished_turn,
    ) == (60, 3, 1, 1, 1)
    assert (get_balance(wallet), get_balance(outside(ad69, THE_PEOPLE))) == (40, 60)
    assert sorted(spending.payment.postings.values_list("account__name", "amount")) == [
        ("Purse of Titus Vinius", -60),
        (THE_PEOPLE, 60),
    ]
    assert spending.payment.why == "Free dinners × 3 in City of Rome (for the Aventine), for Titus Vinius"
    audit = AuditEntry.objects.get(action="spending.bought")
    assert (audit.target_id, audit.actor, audit.after["talents"]) == (str(spending.pk), control, 60)


def test_cash_hand_outs_cost_the_same_in_a_province(ad69, control, achaea, blasio):
    wallet = purse(blasio, 50, control)
    spending = do_buy(ad69, item="cash_hand_outs", province=achaea, paid_from=wallet, spender=blasio, actor=control)
    assert spending.talents == 50 and get_balance(wallet) == 0


def test_a_provincial_circus_show_costs_half_and_is_held_that_month(ad69, control, achaea, blasio):
    stadium = venue(achaea, "Stadium of Corinth", ARENA)
    treasury = fund(treasury_of(achaea), 12, control)
    show = do_buy(
        ad69,
        item=Item.CIRCUS_SHOW,
        province=achaea,
        paid_from=treasury,
        spender=blasio,
        actor=control,
        venue=stadium,
        description="chariot races",
    )
    assert (show.talents, show.venue, show.ready_turn, show.finished_turn) == (5, stadium, 1, None)
    assert (get_balance(treasury), get_balance(outside(ad69, THE_PEOPLE))) == (7, 5)
    finish_spending(ad69, 1)
    show.refresh_from_db()
    assert show.finished_turn == 1 and show.built is None


def test_public_works_go_to_the_works_and_finish_when_their_months_are_done(ad69, control, rome, vinius):
    wallet = purse(vinius, 30, control)
    works = do_buy(
        ad69,
        item=Item.PUBLIC_WORKS,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        months=2,
        description="repaving the Clivus Capitolinus",
    )
    assert (works.talents, works.ready_turn, works.finished_turn) == (20, 2, None)
    assert get_balance(outside(ad69, PUBLIC_WORKS)) == 20
    finish_spending(ad69, 1)
    works.refresh_from_db()
    assert works.finished_turn is None
    finish_spending(ad69, 2)
    works.refresh_from_db()
    assert (works.finished_turn, works.built) == (2, None)
    assert AuditEntry.objects.filter(action="spending.finished", target_id=str(works.pk), actor=None).count() == 1


def test_a_temple_finishes_at_the_end_of_its_third_month_and_then_holds_a_ceremony(ad69, control, rome, vinius):
    wallet = purse(vinius, 100, control)
    temple = do_buy(
        ad69,
        item=Item.TEMPLE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        description="Temple of Mars Ultor",
    )
    assert (temple.talents, temple.ready_turn, get_balance(outside(ad69, PUBLIC_WORKS))) == (50, 3, 50)
    refused(
        "venue",
        "needs a temple",
        do_buy,
        event=ad69,
        item=Item.RELIGIOUS_CEREMONY,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    finish_spending(ad69, 2)
    assert Venue.objects.count() == 0
    finish_spending(ad69, 3)
    temple.refresh_from_db()
    built = temple.built
    assert (temple.finished_turn, built.name, built.kind, built.province) == (3, "Temple of Mars Ultor", TEMPLE, rome)
    finish_spending(ad69, 4)  # nothing twice
    assert Venue.objects.count() == 1

    set_turn(ad69, 4)
    ceremony = do_buy(
        ad69, item=Item.RELIGIOUS_CEREMONY, province=rome, paid_from=wallet, spender=vinius, actor=control, venue=built
    )
    assert (ceremony.talents, ceremony.venue, ceremony.ordered_turn) == (10, built, 4)
    assert get_balance(wallet) == 40


def test_a_finished_venue_without_a_name_is_named_after_its_builder(ad69, control, achaea, blasio):
    wallet = purse(blasio, 100, control)
    for _ in range(2):
        do_buy(ad69, item=Item.ENTERTAINMENT_VENUE, province=achaea, paid_from=wallet, spender=blasio, actor=control)
    assert get_balance(wallet) == 0  # 50 each: a provincial entertainment
    finish_spending(ad69, 3)
    assert sorted(Venue.objects.values_list("name", "kind")) == [
        ("Entertainment venue built by Cornelius Blasio in Achaea", ARENA),
        ("Entertainment venue built by Cornelius Blasio in Achaea (2)", ARENA),
    ]


def test_a_circus_show_at_a_new_venue_waits_for_it_to_be_finished(ad69, control, achaea, blasio):
    wallet = purse(blasio, 60, control)
    do_buy(
        ad69,
        item=Item.ENTERTAINMENT_VENUE,
        province=achaea,
        paid_from=wallet,
        spender=blasio,
        actor=control,
        description="Amphitheatre of Patrae",
    )
    assert list(venues_free(ad69, achaea, 1, ARENA)) == []
    finish_spending(ad69, 3)
    set_turn(ad69, 4)
    (amphitheatre,) = venues_free(ad69, achaea, 4, ARENA)
    show = do_buy(
        ad69,
        item=Item.CIRCUS_SHOW,
        province=achaea,
        paid_from=wallet,
        spender=blasio,
        actor=control,
        venue=amphitheatre,
    )
    assert (show.venue.name, show.talents, get_balance(wallet)) == ("Amphitheatre of Patrae", 5, 5)


def test_control_and_the_provinces_table_hear_of_a_purchase(
    ad69, control, achaea, blasio, django_capture_on_commit_callbacks
):
    wallet = purse(blasio, 20, control)
    groups = [f"control-{ad69.pk}", f"table-{achaea.region_id}", f"event-{ad69.pk}"]
    other_table = Region.objects.filter(event=ad69).exclude(pk=achaea.region_id).first()
    with listen(groups + [f"table-{other_table.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            spending = do_buy(
                ad69, item=Item.FREE_DINNERS, province=achaea, paid_from=wallet, spender=blasio, actor=control
            )
        messages = heard()
    assert sorted(messages) == sorted(groups[:2])
    (to_table,) = [m for m in messages[f"table-{achaea.region_id}"] if m["event"]["type"] == "spending.changed"]
    assert to_table["event"] == {
        "type": "spending.changed",
        "action": "bought",
        "spending_id": spending.pk,
        "item": "free_dinners",
        "province": "Achaea",
        "talents": 20,
    }
    assert "spending.changed" in [m["event"]["type"] for m in messages[f"control-{ad69.pk}"]]


# ---- refusals --------------------------------------------------------------------------------


def test_an_entertainment_venue_in_rome_needs_the_senates_permission(ad69, control, rome, vinius):
    wallet = purse(vinius, 200, control)
    error = refused(
        "permission",
        "needs the Senate's permission",
        do_buy,
        event=ad69,
        item=Item.ENTERTAINMENT_VENUE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    assert error.message_dict["permission"] == [
        "An entertainment venue in City of Rome needs the Senate's permission (note 1): say who gave it and when."
    ]
    built = do_buy(
        ad69,
        item=Item.ENTERTAINMENT_VENUE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        permission="Senate, decree of the Kalends of October (turn 1)",
    )
    assert (built.talents, built.ready_turn, built.permission) == (
        100,
        3,
        "Senate, decree of the Kalends of October (turn 1)",
    )


def test_in_a_province_the_governors_permission_is_needed_unless_he_builds_it(ad69, control, achaea, vinius, blasio):
    wallet = purse(vinius, 50, control)
    refused(
        "permission",
        "needs the permission of its governor, Cornelius Blasio",
        do_buy,
        event=ad69,
        item=Item.ENTERTAINMENT_VENUE,
        province=achaea,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    own = do_buy(
        ad69,
        item=Item.ENTERTAINMENT_VENUE,
        province=achaea,
        paid_from=purse(blasio, 50, control),
        spender=blasio,
        actor=control,
    )
    assert own.talents == 50 and own.permission == ""


def test_a_show_without_a_venue_is_refused(ad69, control, rome, vinius):
    wallet = purse(vinius, 50, control)
    refused(
        "venue",
        "A circus show needs an entertainment venue available in that month",
        do_buy,
        event=ad69,
        item=Item.CIRCUS_SHOW,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )


def test_a_venue_of_the_wrong_kind_is_refused(ad69, control, rome, vinius):
    wallet = purse(vinius, 50, control)
    jupiter = venue(rome, "Temple of Jupiter Optimus Maximus", TEMPLE)
    circus = venue(rome, "Circus Maximus", ARENA)
    refused(
        "venue",
        "is a temple: a circus show needs an entertainment venue",
        do_buy,
        event=ad69,
        item=Item.CIRCUS_SHOW,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        venue=jupiter,
    )
    refused(
        "venue",
        "is an entertainment venue: a religious ceremony needs a temple",
        do_buy,
        event=ad69,
        item=Item.RELIGIOUS_CEREMONY,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        venue=circus,
    )
    refused(
        "venue",
        "No venue is chosen for free dinners",
        do_buy,
        event=ad69,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        venue=circus,
    )


def test_a_venue_in_another_province_is_refused(ad69, control, rome, achaea, vinius):
    circus = venue(rome, "Circus Maximus", ARENA)
    refused(
        "venue",
        "Circus Maximus is in City of Rome, not in Achaea",
        do_buy,
        event=ad69,
        item=Item.CIRCUS_SHOW,
        province=achaea,
        paid_from=purse(vinius, 50, control),
        spender=vinius,
        actor=control,
        venue=circus,
    )


def test_records_of_another_event_are_refused(ad69, control, rome, vinius):
    wallet = purse(vinius, 50, control)
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    table = Region.objects.create(event=other, name="Elsewhere", position=1)
    province = Province.objects.create(
        event=other, name="Elsewhere", region=table, income_per_quarter=0, road_cost=0, province_type=Province.Type.NONE
    )
    stranger = Character.objects.create(event=other, name="Nemo", role="senator", social_class="senator")
    refused(
        "spender",
        "Nemo belongs to another event",
        do_buy,
        event=ad69,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=wallet,
        spender=stranger,
        actor=control,
    )
    refused(
        "province",
        "Elsewhere belongs to another event",
        do_buy,
        event=ad69,
        item=Item.FREE_DINNERS,
        province=province,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    refused(
        "venue",
        "Arena elsewhere belongs to another event",
        do_buy,
        event=ad69,
        item=Item.CIRCUS_SHOW,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        venue=venue(province, "Arena elsewhere", ARENA),
    )


def test_a_venue_holds_one_show_a_month(ad69, control, rome, vinius):
    wallet = purse(vinius, 50, control)
    circus = venue(rome, "Circus Maximus", ARENA)
    flaminius = venue(rome, "Circus Flaminius", ARENA)
    assert list(venues_free(ad69, rome, 1, ARENA)) == [flaminius, circus]
    do_buy(ad69, item=Item.CIRCUS_SHOW, province=rome, paid_from=wallet, spender=vinius, actor=control, venue=circus)
    assert list(venues_free(ad69, rome, 1, ARENA)) == [flaminius]
    refused(
        "venue",
        "Circus Maximus is not available this month: it is taken by the circus show ordered by Titus Vinius",
        do_buy,
        event=ad69,
        item=Item.CIRCUS_SHOW,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        venue=circus,
    )
    set_turn(ad69, 2)
    assert list(venues_free(ad69, rome, 2, ARENA)) == [flaminius, circus]
    do_buy(ad69, item=Item.CIRCUS_SHOW, province=rome, paid_from=wallet, spender=vinius, actor=control, venue=circus)
    assert get_balance(wallet) == 30


def test_the_free_venues_are_read_in_one_query(ad69, control, rome, django_assert_num_queries):
    for name in ("Circus Maximus", "Circus Flaminius", "Circus Vaticanus"):
        venue(rome, name, ARENA)
    with django_assert_num_queries(1):
        assert len(list(venues_free(ad69, rome, 1, ARENA))) == 3


def test_a_purse_that_cannot_pay_is_refused_in_the_ledgers_words(ad69, control, rome, vinius):
    wallet = purse(vinius, 15, control)
    error = refused(
        "paid_from",
        "Purse of Titus Vinius holds 15 talents; it cannot pay 20.",
        do_buy,
        event=ad69,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    assert error.message_dict == {"paid_from": ["Purse of Titus Vinius holds 15 talents; it cannot pay 20."]}
    assert get_balance(wallet) == 15


def test_money_from_outside_the_books_is_refused(ad69, control, rome, vinius):
    refused(
        "paid_from",
        "is outside the books",
        do_buy,
        event=ad69,
        item=Item.FREE_DINNERS,
        province=rome,
        paid_from=outside(ad69, OPENING),
        spender=vinius,
        actor=control,
    )


def test_the_engines_refusals_name_their_field(ad69, control, rome, vinius):
    wallet = purse(vinius, 200, control)
    refused(
        "multiples",
        "is bought once, not in multiples",
        do_buy,
        event=ad69,
        item=Item.TEMPLE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        multiples=2,
    )
    refused(
        "months",
        "only public works take longer",
        do_buy,
        event=ad69,
        item=Item.TEMPLE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
        months=5,
    )
    refused(
        "item",
        "is not in the catalogue",
        do_buy,
        event=ad69,
        item="orgy",
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )
    refused(
        "item",
        "pay it as the corn dole",
        do_buy,
        event=ad69,
        item=Item.CORN_DOLE,
        province=rome,
        paid_from=wallet,
        spender=vinius,
        actor=control,
    )


# ---- the corn dole ------------------------------------------------------------------------


def test_the_corn_dole_in_rome_costs_20_and_is_paid_once_a_quarter(ad69, control, rome):
    jupiter = fund(treasury_of(rome), 100, control)
    set_turn(ad69, 2)
    dole = do_pay_corn_dole(ad69, province=rome, paid_from=jupiter, actor=control)
    assert (dole.item, dole.talents, dole.ordered_turn, dole.finished_turn) == ("corn_dole", 20, 2, 2)
    assert (get_balance(jupiter), get_balance(outside(ad69, THE_PEOPLE))) == (80, 20)
    assert get_corn_dole(ad69, 1) == dole and get_corn_dole(ad69, 3) == dole
    assert AuditEntry.objects.filter(action="spending.corn_dole", target_id=str(dole.pk)).count() == 1

    set_turn(ad69, 3)
    refused(
        "province",
        r"Rome's corn dole for the quarter from September 68 was already paid on turn 2",
        do_pay_corn_dole,
        event=ad69,
        province=rome,
        paid_from=jupiter,
        actor=control,
    )
    set_turn(ad69, 4)
    assert get_corn_dole(ad69, 4) is None
    again = do_pay_corn_dole(ad69, province=rome, paid_from=jupiter, actor=control)
    assert get_corn_dole(ad69, 4) == again and get_balance(jupiter) == 60


def test_the_price_of_romes_corn_dole_is_not_entered(ad69, control, rome):
    refused(
        "talents",
        "costs 20 talents a quarter",
        do_pay_corn_dole,
        event=ad69,
        province=rome,
        paid_from=fund(treasury_of(rome), 100, control),
        actor=control,
        talents=15,
    )


def test_a_provincial_corn_dole_costs_what_control_enters(ad69, control, achaea, blasio):
    treasury = fund(treasury_of(achaea), 10, control)
    refused(
        "talents",
        "gives no price for a corn dole in Achaea",
        do_pay_corn_dole,
        event=ad69,
        province=achaea,
        paid_from=treasury,
        actor=control,
    )
    dole = do_pay_corn_dole(ad69, province=achaea, paid_from=treasury, actor=control, spender=blasio, talents=4)
    assert (dole.talents, dole.spender, get_balance(treasury)) == (4, blasio, 6)
    do_pay_corn_dole(ad69, province=achaea, paid_from=treasury, actor=control, talents=4)  # no quarterly limit
    assert get_balance(treasury) == 2 and get_corn_dole(ad69, 1) is None


def test_a_corn_dole_rome_cannot_afford_is_refused(ad69, control, rome):
    refused(
        "paid_from",
        "holds 19 talents; it cannot pay 20",
        do_pay_corn_dole,
        event=ad69,
        province=rome,
        paid_from=fund(treasury_of(rome), 19, control),
        actor=control,
    )


def test_the_clock_finishes_a_temple_as_its_third_month_ends(ad69, control, rome, vinius):
    clockwork.do_start_clock(ad69, actor=None)
    temple = do_buy(
        ad69,
        item=Item.TEMPLE,
        province=rome,
        paid_from=purse(vinius, 50, control),
        spender=vinius,
        actor=control,
        description="Temple of Concordia",
    )
    for turn in (1, 2):
        clockwork.do_skip_turn(ad69, actor=None)
        temple.refresh_from_db()
        assert temple.finished_turn is None, f"finished after turn {turn}"
    clockwork.do_skip_turn(ad69, actor=None)
    temple.refresh_from_db()
    assert temple.finished_turn == 3 and temple.built.name == "Temple of Concordia"


# ---- undone from the audit log --------------------------------------------------------------


def test_a_purchase_is_undone_in_its_own_turn_its_money_back_and_its_record_gone(ad69, control, rome, vinius):
    wallet = purse(vinius, 100, control)
    spending = do_buy(ad69, item=Item.FREE_DINNERS, province=rome, paid_from=wallet, spender=vinius, actor=control)
    bought = AuditEntry.objects.get(action="spending.bought")
    undo = do_undo(bought, actor=control, reason="Vinius never paid for them")
    assert get_balance(wallet) == 100 and not Spending.objects.filter(pk=spending.pk).exists()
    assert Transaction.objects.filter(reverses=spending.payment_id).exists()
    assert sorted(AuditEntry.objects.filter(part_of=undo).values_list("action", flat=True)) == [
        "ledger.reversed",
        "regions.spending.delete",
    ]


def test_a_purchase_whose_turn_has_ended_is_not_undone(ad69, control, rome, vinius):
    wallet = purse(vinius, 100, control)
    do_buy(ad69, item=Item.FREE_DINNERS, province=rome, paid_from=wallet, spender=vinius, actor=control)
    clockwork.do_start_clock(ad69, actor=control)
    clockwork.do_skip_turn(ad69, actor=control)
    written = counts()
    with pytest.raises(ValidationError, match="Turn 1, when Free dinners .* was paid, has ended"):
        do_undo(AuditEntry.objects.get(action="spending.bought"), actor=control, reason="too late")
    assert counts() == written and get_balance(wallet) < 100


# ---- whose spending ---------------------------------------------------------------------------


def test_a_region_umpire_spends_his_treasury_in_the_name_of_one_at_his_tables_only(ad69, make_umpire, achaea, blasio):
    """Achaea is at the Illyria table, where Blasio is: its umpire buys there in Blasio's name, but not in
    the name of a man at another table, nor from another table's treasury."""
    illyria = make_umpire(ad69, Role.REGION, "Illyria")
    treasury = fund(treasury_of(achaea), 100, None)
    vitellius = Character.objects.get(event=ad69, name="Aulius Vitellius")  # at the Northern table
    buy = {"event": ad69, "item": Item.FREE_DINNERS, "province": achaea, "paid_from": treasury, "actor": illyria}
    refused(
        "spender",
        "Aulius Vitellius is not at your tables: name one who is, or no one.",
        do_buy,
        **buy,
        spender=vitellius,
    )
    corn_dole = {"event": ad69, "province": achaea, "paid_from": treasury, "talents": 5, "actor": illyria}
    refused("spender", "Aulius Vitellius is not at your tables", do_pay_corn_dole, **corn_dole, spender=vitellius)
    elsewhere = fund(treasury_of(Province.objects.get(event=ad69, name="Belgica")), 100, None)
    refused(
        "paid_from",
        "Treasury of Belgica is not an account you keep",
        do_buy,
        **{**buy, "paid_from": elsewhere},
        spender=blasio,
    )
    assert do_buy(**buy, spender=blasio).spender == blasio
