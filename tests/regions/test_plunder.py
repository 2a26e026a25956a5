"""Tribute, loot (VII. REVENUES, OTHER INCOME, Loot) and bribery (VIII. EXPENDITURE, Bribery) through the
services: the engine's dice saved to the log, the talents through the ledger, each refusal naming its
field and writing nothing."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Bribe, Force, ForceTroops, MapPoint, Province, Transaction
from regions.services.books import BRIBED_TROOPS, OPENING, PLUNDER, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer, get_balance
from regions.services.plunder import do_demand_tribute, do_loot, do_offer_bribe, get_bribery_standing
from tests.regions.forces_builders import legion
from tests.umpire.channels_helpers import listen
from umpire.models import AuditEntry, Character, GameClock, ProcedureRun
from umpire.services.undo import do_undo

LEG, AUX, PRAET = "legionary", "auxiliary", "praetorian"


def character(event, name):
    """A character of the handbook's examples (test set-up)."""
    return Character.objects.create(event=event, name=name, role="senator", social_class="senator")


def fund(account, talents, actor):
    do_transfer(source=outside(account.event, OPENING), target=account, talents=talents, why="test funds", actor=actor)
    return account


def counts():
    return (
        Transaction.objects.count(),
        ProcedureRun.objects.count(),
        Bribe.objects.count(),
        AuditEntry.objects.count(),
    )


def refused(field, match, service, *args, **kwargs):
    before = counts()
    with pytest.raises(ValidationError, match=match) as refusal:
        service(*args, **kwargs)
    assert list(refusal.value.message_dict) == [field]
    assert counts() == before
    return refusal.value


@pytest.fixture
def caecina(ad69):
    return character(ad69, "Alienus Caecina")


def map_point(event, name):
    """A map point of Italia (test set-up)."""
    italia = Province.objects.get(event=event, name="Italia")
    return MapPoint.objects.get_or_create(event=event, name=name, defaults={"province": italia})[0]


@pytest.fixture
def legio_xxi(ad69, caecina):
    """A legion at Cremona under its army commander."""
    force = legion(ad69, "Legio XXI Rapax", "Italia", [(LEG, 5, False), (AUX, 5, False)])
    Force.objects.filter(pk=force.pk).update(map_point=map_point(ad69, "Cremona"), army_commander=caecina)
    force.refresh_from_db()
    return force


# ---- tribute and loot ------------------------------------------------------------------------


def test_a_demand_on_4_pays_the_army_commander_the_d6_of_tribute(ad69, control, legio_xxi, caecina):
    run, payment = do_demand_tribute(legio_xxi, town="Cremona", actor=control, dice=[4, 5])
    assert get_balance(purse_of(caecina)) == 5 and get_balance(outside(ad69, PLUNDER)) == -5
    assert sorted(payment.postings.values_list("account__name", "amount")) == [
        ("Purse of Alienus Caecina", 5),
        (PLUNDER, -5),
    ]
    assert payment.why == "Tribute from Cremona taken by Legio XXI Rapax, for Alienus Caecina"
    assert (run.procedure, run.case, run.rolled_by_console, run.seed, run.region, run.run_by) == (
        "ad69.demand_tribute",
        {"town": "Cremona", "province": "Italia", "loot_if_refused": False, "legions_present": 1},
        False,
        None,
        legio_xxi.province.region,
        control,
    )
    assert [d["value"] for d in run.dice] == [4, 5]
    assert run.outcome == {"score": 4, "paid": True, "looted": False, "talents": 5, "rebellion_test": False}
    audit = AuditEntry.objects.get(action="plunder.demanded")
    assert (audit.target_id, audit.after["procedure_run"], audit.after["to"]) == (
        str(legio_xxi.pk),
        run.pk,
        "Alienus Caecina",
    )


def test_a_plunder_undone_takes_the_loot_back_from_the_commanders_purse(ad69, control, legio_xxi, caecina):
    do_demand_tribute(legio_xxi, town="Cremona", actor=control, dice=[4, 5])
    demanded = AuditEntry.objects.get(action="plunder.demanded")
    assert list(demanded.parts.values_list("action", flat=True)) == ["ledger.posted"]
    do_undo(demanded, actor=control, reason="Cremona had already paid Otho")
    assert get_balance(purse_of(caecina)) == 0 and get_balance(outside(ad69, PLUNDER)) == 0


def test_a_plunder_whose_loot_is_spent_is_not_undone(ad69, control, legio_xxi, caecina):
    do_demand_tribute(legio_xxi, town="Cremona", actor=control, dice=[4, 5])
    do_transfer(source=purse_of(caecina), target=outside(ad69, BRIBED_TROOPS), talents=4, why="spent", actor=control)
    before = counts()
    with pytest.raises(ValidationError, match="cannot pay 5"):
        do_undo(AuditEntry.objects.get(action="plunder.demanded"), actor=control, reason="too late")
    assert counts() == before and get_balance(purse_of(caecina)) == 1


def test_each_legion_present_under_the_same_commander_adds_1(ad69, control, legio_xxi, caecina):
    for name in ("Legio V Alaudae", "Legio I Italica"):
        other = legion(ad69, name, "Italia", [(LEG, 5, False)])
        Force.objects.filter(pk=other.pk).update(map_point=map_point(ad69, "Cremona"), army_commander=caecina)
    elsewhere = legion(ad69, "Legio XXII Primigenia", "Italia", [(LEG, 5, False)])
    Force.objects.filter(pk=elsewhere.pk).update(map_point=map_point(ad69, "Placentia"), army_commander=caecina)
    run, payment = do_demand_tribute(legio_xxi, town="Cremona", actor=control, dice=[2, 6])
    assert (run.case["legions_present"], run.outcome["score"], run.outcome["talents"]) == (3, 4, 6)
    assert get_balance(purse_of(caecina)) == 6


def test_the_umpire_may_say_how_many_legions_are_present(ad69, control, legio_xxi, caecina):
    run, _ = do_demand_tribute(legio_xxi, town="Cremona", actor=control, legions_present=2, dice=[3, 1])
    assert (run.case["legions_present"], run.outcome["score"], get_balance(purse_of(caecina))) == (2, 4, 1)


def test_a_refused_demand_pays_nothing_but_is_in_the_log(ad69, control, legio_xxi, caecina):
    transactions = Transaction.objects.count()
    run, payment = do_demand_tribute(legio_xxi, town="Cremona", actor=control, dice=[3])
    assert payment is None and Transaction.objects.count() == transactions
    assert run.outcome == {"score": 3, "paid": False, "looted": False, "talents": 0, "rebellion_test": False}
    assert AuditEntry.objects.filter(action="plunder.demanded", target_id=str(legio_xxi.pk)).count() == 1


def test_a_refused_demand_turned_to_loot_pays_1d3_and_calls_for_a_rebellion_test(
    ad69, control, legio_xxi, caecina, django_capture_on_commit_callbacks
):
    table = legio_xxi.province.region_id
    with listen([f"table-{table}", f"control-{ad69.pk}", f"event-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            run, payment = do_demand_tribute(
                legio_xxi, town="Cremona", actor=control, loot_if_refused=True, dice=[1, 3]
            )
        messages = heard()
    assert run.outcome == {"score": 1, "paid": False, "looted": True, "talents": 3, "rebellion_test": True}
    assert get_balance(purse_of(caecina)) == 3 and payment.why.startswith("Loot from Cremona")
    assert AuditEntry.objects.filter(action="plunder.looted", target_id=str(legio_xxi.pk)).count() == 1
    assert f"event-{ad69.pk}" not in messages
    for group in (f"table-{table}", f"control-{ad69.pk}"):
        tests = [m["event"] for m in messages[group] if m["event"]["type"] == "rebellion.test"]
        assert tests == [
            {
                "type": "rebellion.test",
                "province_id": legio_xxi.province_id,
                "province": "Italia",
                "town": "Cremona",
                "force": "Legio XXI Rapax",
                "procedure_run_id": run.pk,
            }
        ]


def test_looting_pays_the_legate_when_there_is_no_army_commander(ad69, control):
    vitellius = Character.objects.get(event=ad69, name="Aulius Vitellius")
    force = legion(ad69, "Legio I Germanica", "Germania Inferior", [(LEG, 4, False)], legate="Aulius Vitellius")
    run, payment = do_loot(force, town="Colonia Agrippina", actor=control, dice=[2])
    assert (run.procedure, run.outcome) == (
        "ad69.loot",
        {"talents": 2, "rebellion_test": True, "province": "Germania Inferior"},
    )
    assert get_balance(purse_of(vitellius)) == 2
    assert AuditEntry.objects.filter(action="plunder.looted").count() == 1


def test_a_detachment_is_a_legionary_force_and_may_demand(ad69, control, legio_xxi, caecina):
    detachment = Force.objects.create(
        event=ad69,
        name="Vexillatio XXI",
        kind=Force.Kind.DETACHMENT,
        province=legio_xxi.province,
        detached_from=legio_xxi,
        army_commander=caecina,
    )
    do_demand_tribute(detachment, town="Bedriacum", actor=control, dice=[6, 2])
    assert get_balance(purse_of(caecina)) == 2


def test_the_consoles_dice_are_seeded_and_saved(ad69, control, legio_xxi, caecina):
    run, payment = do_demand_tribute(legio_xxi, town="Cremona", actor=control, loot_if_refused=True)
    assert run.rolled_by_console and run.seed is not None
    assert get_balance(purse_of(caecina)) == run.outcome["talents"] > 0
    assert payment is not None


def test_only_a_legionary_force_may_demand_tribute(ad69, control, caecina):
    host = legion(ad69, "Batavian warbands", "Germania Inferior", [("barbarian_warband", 6, False)], aquila=False)
    Force.objects.filter(pk=host.pk).update(kind=Force.Kind.BARBARIAN_HOST, army_commander=caecina)
    refused(
        "force",
        "only a Legionary force may demand tribute",
        do_demand_tribute,
        host,
        town="Colonia",
        actor=control,
        dice=[6, 6],
    )


def test_a_force_without_a_commander_has_no_one_to_take_the_loot(ad69, control):
    force = legion(ad69, "Legio VII Galbiana", "Tarraconensis", [(LEG, 3, False)])
    refused(
        "force",
        "Legio VII Galbiana has no commander to receive the loot",
        do_demand_tribute,
        force,
        town="Tarraco",
        actor=control,
        dice=[6, 6],
    )
    refused("force", "has no commander", do_loot, force, town="Tarraco", actor=control, dice=[3])


def test_wrong_or_missing_or_extra_dice_are_refused(ad69, control, legio_xxi):
    refused(
        "dice.0", r"is a d6: 7 is not on it", do_demand_tribute, legio_xxi, town="Cremona", actor=control, dice=[7, 1]
    )
    refused(
        "dice.1",
        "die 2 is needed: a d6 for tribute from Cremona",
        do_demand_tribute,
        legio_xxi,
        town="Cremona",
        actor=control,
        dice=[5],
    )
    refused(
        "dice.1",
        "2 dice entered, but the procedure rolled 1: die 2 and after are not its.",
        do_demand_tribute,
        legio_xxi,
        town="Cremona",
        actor=control,
        dice=[2, 3],
    )
    refused("dice.0", r"is a d3: 4 is not on it", do_loot, legio_xxi, town="Cremona", actor=control, dice=[4])


def test_a_town_must_be_named_and_legions_counted(ad69, control, legio_xxi):
    refused("town", "Name the town", do_demand_tribute, legio_xxi, town="  ", actor=control, dice=[4, 4])
    refused(
        "legions_present",
        "must be 1 or more",
        do_demand_tribute,
        legio_xxi,
        town="Cremona",
        actor=control,
        legions_present=0,
        dice=[4, 4],
    )


# ---- bribery ---------------------------------------------------------------------------------


@pytest.fixture
def guard(ad69):
    """VIII. Bribery's Praetorian Guard, "composed of 10 vexillations"."""
    return legion(ad69, "Praetorian Guard", "City of Rome", [(PRAET, 10, False)], aquila=False)


@pytest.fixture
def duplicitius(ad69, control):
    person = character(ad69, "Duplicitius Caddus")
    fund(purse_of(person), 18, control)
    return person


@pytest.fixture
def diccius(ad69, control):
    person = character(ad69, "Diccius Dastardus")
    fund(purse_of(person), 50, control)
    return person


def test_bribery_example_diccius_prevails_over_duplicitius(ad69, control, guard, duplicitius, diccius):
    """VIII. Bribery: 18 talents on the Guard's 10 vexillations is worth 1; Diccius's 40 is worth 4."""
    first = do_offer_bribe(
        guard, briber=duplicitius, talents=18, purpose="stand aside when Galba is attacked", actor=control
    )
    do_offer_bribe(guard, briber=diccius, talents=40, purpose="proclaim Diccius Emperor", actor=control)
    standing = get_bribery_standing(guard, 1)
    assert standing.outcome == {
        "values": {"Duplicitius Caddus": 1, "Diccius Dastardus": 4},
        "winner": "Diccius Dastardus",
        "tied": False,
    }
    assert [(line.kind, line.text) for line in standing.working if line.kind != "note"] == [
        ("step", "Duplicitius Caddus: 18 talents ÷ 10 vexillations = 1.80, rounded down: 1"),
        ("step", "Diccius Dastardus: 40 talents ÷ 10 vexillations = 4.00, rounded down: 4"),
        ("choice", "Diccius Dastardus's bribe prevails, value 4"),
    ]
    assert (get_balance(purse_of(duplicitius)), get_balance(purse_of(diccius))) == (0, 10)
    assert get_balance(outside(ad69, BRIBED_TROOPS)) == 58
    assert (first.turn, first.purpose, first.payment.why) == (
        1,
        "stand aside when Galba is attacked",
        "Duplicitius Caddus bribes Praetorian Guard: stand aside when Galba is attacked",
    )
    assert AuditEntry.objects.filter(action="bribe.offered").count() == 2


def test_a_tie_buys_no_one(ad69, control, guard, duplicitius, diccius):
    do_offer_bribe(guard, briber=duplicitius, talents=18, purpose="stay in camp", actor=control)
    do_offer_bribe(guard, briber=diccius, talents=19, purpose="march on the Forum", actor=control)
    assert get_bribery_standing(guard, 1).outcome == {
        "values": {"Duplicitius Caddus": 1, "Diccius Dastardus": 1},
        "winner": None,
        "tied": True,
    }


def test_a_legion_is_bribed_as_a_whole(ad69, control, diccius):
    """ "Talents per vexillation for a legion as a whole": all its units, of every kind and status."""
    force = legion(ad69, "Legio XIII Gemina", "Pannonia", [(LEG, 3, False), (LEG, 2, True), (AUX, 5, False)])
    do_offer_bribe(force, briber=diccius, talents=25, purpose="desert Otho", actor=control)
    assert get_bribery_standing(force, 1).outcome["values"] == {"Diccius Dastardus": 2}


def test_no_bribes_no_standing(ad69, guard):
    assert get_bribery_standing(guard, 1) is None


def test_one_bribe_per_briber_a_turn(ad69, control, guard, diccius):
    do_offer_bribe(guard, briber=diccius, talents=20, purpose="cheer", actor=control)
    refused(
        "briber",
        "Diccius Dastardus has already bribed Praetorian Guard this turn, with 20 talents",
        do_offer_bribe,
        guard,
        briber=diccius,
        talents=10,
        purpose="cheer louder",
        actor=control,
    )
    GameClock.objects.filter(event=ad69).update(turn=2)
    do_offer_bribe(guard, briber=diccius, talents=10, purpose="cheer louder", actor=control)
    assert get_bribery_standing(guard, 1).outcome["values"] == {"Diccius Dastardus": 2}
    assert get_bribery_standing(guard, 2).outcome["values"] == {"Diccius Dastardus": 1}


def test_a_bribe_names_its_purpose_and_whole_talents(ad69, control, guard, diccius):
    refused(
        "purpose",
        "Say exactly what the troops are bribed to do",
        do_offer_bribe,
        guard,
        briber=diccius,
        talents=20,
        purpose=" ",
        actor=control,
    )
    for talents in (0, -5, 2.5, 1_000_001, 2**31, 10**20):
        refused(
            "talents",
            "A bribe is a whole number of talents from 1 to 1,000,000",
            do_offer_bribe,
            guard,
            briber=diccius,
            talents=talents,
            purpose="cheer",
            actor=control,
        )


def test_a_bribe_the_purse_cannot_pay_is_refused_in_the_ledgers_words(ad69, control, guard, duplicitius):
    refused(
        "paid_from",
        "Purse of Duplicitius Caddus holds 18 talents; it cannot pay 20.",
        do_offer_bribe,
        guard,
        briber=duplicitius,
        talents=20,
        purpose="cheer",
        actor=control,
    )


def test_a_bribe_may_be_paid_from_another_account(ad69, control, guard, duplicitius):
    rome = guard.province
    treasury = fund(treasury_of(rome), 30, control)
    do_offer_bribe(guard, briber=duplicitius, talents=30, purpose="guard the Senate", actor=control, paid_from=treasury)
    assert (get_balance(treasury), get_balance(purse_of(duplicitius))) == (0, 18)
    refused(
        "paid_from",
        "is outside the books",
        do_offer_bribe,
        guard,
        briber=character(ad69, "Nemo"),
        talents=5,
        purpose="cheer",
        actor=control,
        paid_from=outside(ad69, OPENING),
    )


def test_a_force_with_no_units_cannot_be_bribed(ad69, control, guard, diccius):
    ForceTroops.objects.filter(force=guard).delete()
    refused(
        "force",
        "has no vexillations to bribe",
        do_offer_bribe,
        guard,
        briber=diccius,
        talents=10,
        purpose="cheer",
        actor=control,
    )


def test_the_forces_table_hears_of_a_bribe_but_not_who_paid_or_how_much(
    ad69, control, guard, diccius, django_capture_on_commit_callbacks
):
    groups = [f"table-{guard.province.region_id}", f"control-{ad69.pk}"]
    with listen(groups + [f"event-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            bribe = do_offer_bribe(guard, briber=diccius, talents=40, purpose="proclaim Diccius", actor=control)
        messages = heard()
    assert sorted(messages) == sorted(groups)
    (to_table,) = messages[groups[0]]
    assert to_table["event"] == {
        "type": "bribe.offered",
        "bribe_id": bribe.pk,
        "force_id": guard.pk,
        "force": "Praetorian Guard",
        "turn": 1,
    }
    assert "Diccius" not in str(to_table)


def test_a_bribe_the_engine_cannot_compare_is_refused(ad69, control, guard):
    """ad69.bribery compares at most ten bribes on a unit: an eleventh is refused, not taken unweighed."""
    for i in range(10):
        do_offer_bribe(
            guard, briber=fund_briber(ad69, f"Briber {i}", control), talents=10, purpose="stand aside", actor=control
        )
    last = fund_briber(ad69, "Briber 10", control)
    refused(
        "bribes", "at most 10", do_offer_bribe, guard, briber=last, talents=10, purpose="stand aside", actor=control
    )
    assert get_balance(purse_of(last)) == 10


def fund_briber(event, name, actor):
    person = character(event, name)
    fund(purse_of(person), 10, actor)
    return person


def test_a_bribe_undone_in_its_turn_goes_back_to_the_briber_and_no_longer_competes(
    ad69, control, guard, duplicitius, diccius
):
    do_offer_bribe(guard, briber=duplicitius, talents=18, purpose="stay in camp", actor=control)
    do_offer_bribe(guard, briber=diccius, talents=40, purpose="march on the Forum", actor=control)
    offered = AuditEntry.objects.filter(action="bribe.offered").order_by("pk").last()
    do_undo(offered, actor=control, reason="Diccius's messenger never reached the camp")
    assert get_balance(purse_of(diccius)) == 50 and not Bribe.objects.filter(briber=diccius).exists()
    assert get_bribery_standing(guard, 1).outcome["winner"] == "Duplicitius Caddus"
